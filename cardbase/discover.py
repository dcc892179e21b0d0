"""Which files are card files: what `lint` reads when no path is given.

A card repository also holds other YAML (`.pre-commit-config.yaml`, CI
files); reading those as card files gives false errors. A YAML file is a
card file when it has a top-level `cards:` key. Without a path, the card
files under the current folder are linted; the bundled demo base only when
there are none (the caller says so in its summary).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

YAML_SUFFIXES = (".yaml", ".yml")
# folders never searched: hidden ones (.git, .venv, .berserk-judge-cache, …) and tool-owned ones
_SKIP_DIRS = {"node_modules", "__pycache__", "venv", "env", "site-packages"}
_CARDS_KEY = re.compile(r"^(?:cards|'cards'|\"cards\")[ \t]*:", re.M)


@dataclass
class Discovery:
    """Card files found under a folder, and the other YAML files passed over."""

    files: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def is_card_file(path: str | os.PathLike) -> bool:
    """A YAML file with a top-level `cards:` key (a file that cannot be read counts: the loader says why)."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError:
        return True
    return has_cards_key(raw.decode("utf-8", errors="replace"))


def has_cards_key(text: str) -> bool:
    """Whether a YAML text has a top-level `cards:` key (an editor's buffer, a file's text)."""
    return bool(_CARDS_KEY.search(text.lstrip("\ufeff")))


def split_card_files(paths: list[str]) -> Discovery:
    """The card files among `paths` (regular YAML files), in the order given."""
    found = Discovery()
    for path in paths:
        (found.files if is_card_file(path) else found.skipped).append(path)
    return found


def searched(folder_name: str) -> bool:
    """Whether `discover` looks inside a folder of this name."""
    return not folder_name.startswith(".") and folder_name not in _SKIP_DIRS


def discover(root: str | os.PathLike = ".") -> Discovery:
    """Card files under `root`, recursively, sorted; paths relative to `root` when it is `.`."""
    candidates: list[str] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if searched(d))
        for name in sorted(files):
            if name.lower().endswith(YAML_SUFFIXES):
                path = os.path.join(folder, name)
                if Path(path).is_file():
                    candidates.append(os.path.normpath(path))
    return split_card_files(candidates)


DEMO_NOTE = "демо-база: в текущей папке нет файлов карт"


def default_targets(paths: list[str], configured: list[str] | None,
                    root: str | os.PathLike = ".") -> tuple[list[str] | None, list[str], str | None]:
    """(what to load, YAML passed over, a note for the summary) for a command's paths.

    Given paths win, then the configured base, then the card files under
    `root`; None (the demo base, with DEMO_NOTE) only when there are none.
    """
    if paths:
        return paths, [], None
    if configured:
        return configured, [], None
    found = discover(root)
    if found.files:
        return found.files, found.skipped, None
    return None, found.skipped, DEMO_NOTE
