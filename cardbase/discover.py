"""Which files are card files: what `lint` reads when no path is given, and
which files a list of paths names (`expand_paths`, shared by every command;
kept apart from the YAML loader so that listing a base imports no parser).

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
_CARDS_KEY_BYTES = re.compile(_CARDS_KEY.pattern.encode("ascii"), re.M)
# a file named on the command line is a card file with a top-level `cards:` or `set:` (a set without
# its cards is a broken card file the loader explains; a workflow or a hook's settings is none)
_CARD_OR_SET_KEY_BYTES = re.compile(rb"^(?:cards|'cards'|\"cards\"|set|'set'|\"set\")[ \t]*:", re.M)
_BOM = "\ufeff".encode("utf-8")
# a file that is one flow mapping (`{"set": …, "cards": […]}`: JSON, which YAML reads): its
# `cards` key at the mapping's own depth, with the strings before it skipped
_FLOW_START = r"\A(?:[ \t\r\n]|#[^\n]*\n)*\{"
_FLOW_TOKEN = (r"[{,][ \t\r\n]*(?:\"cards\"|'cards'|cards)[ \t\r\n]*:"
               r"|\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*'|[{}\[\]]")
_FLOW = {str: (re.compile(_FLOW_START), re.compile(_FLOW_TOKEN, re.S)),
         bytes: (re.compile(_FLOW_START.encode("ascii")), re.compile(_FLOW_TOKEN.encode("ascii"), re.S))}


@dataclass
class Discovery:
    """Card files found under a folder, and the other YAML files passed over."""

    files: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def is_card_file(path: str | os.PathLike, key=_CARDS_KEY_BYTES) -> bool:
    """A YAML file with a top-level `cards:` key (a file that cannot be read counts: the loader says why)."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
    except OSError:
        return True
    # searched as bytes: the key is ASCII, and no byte of a multi-byte UTF-8 character (nor of a
    # broken one, which decoding would replace) is ASCII, so the answer is the decoded text's; a
    # warm lint of a large base no longer decodes every file only to find one key
    while raw.startswith(_BOM):
        raw = raw[len(_BOM):]
    return key.search(raw) is not None or _flow_cards_key(raw)


def is_named_card_file(path: str | os.PathLike) -> bool:
    """Whether a file named on the command line is a card file: not YAML (the loader says what it
    is), or YAML with a top-level `cards:` or `set:` (or one flow mapping holding `cards`: JSON).
    Other YAML (a CI workflow that pre-commit passes) is skipped as discovery skips it, not
    reported as a broken card file."""
    if not str(path).lower().endswith(YAML_SUFFIXES):
        return True
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
        raw.decode("utf-8")
    except (OSError, UnicodeDecodeError):  # not text: the loader names the byte
        return True
    raw = raw.lstrip(_BOM)
    return _CARD_OR_SET_KEY_BYTES.search(raw) is not None or _flow_cards_key(raw)


def has_cards_key(text: str) -> bool:
    """Whether a YAML text has a top-level `cards:` key (an editor's buffer, a file's text)."""
    text = text.lstrip("\ufeff")
    return bool(_CARDS_KEY.search(text)) or _flow_cards_key(text)


def _flow_cards_key(text):
    """Whether a text (str or bytes) that is one flow mapping has `cards` among its own keys."""
    start, token = _FLOW[type(text)]
    opened = start.match(text)
    if opened is None:
        return False
    depth = 0
    for found in token.finditer(text, opened.end() - 1):
        first = found.group()[:1]
        if first in ("{", "[", b"{", b"["):
            depth += 1
        elif first in ("}", "]", b"}", b"]"):
            depth -= 1
            if depth <= 0:
                return False
        if len(found.group()) > 1 and first in ("{", ",", b"{", b",") and depth == 1:
            return True   # a `cards` key of the outermost mapping
    return False


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


def demo_base_path() -> Path:
    """The folder of the demo card base bundled with the package."""
    return Path(__file__).resolve().parent / "demo"


def expand_paths(paths: list[str] | None, skipped: list[str] | None = None):
    """(file, None) for each card file `load_base` loads, in its order, each
    file once however often it is named; (None, Problem) for a bad path.
    None → the demo base. Other YAML found in folders goes to `skipped`."""
    if paths is None:
        paths = [str(demo_base_path())]
    loaded: set[str] = set()
    for file_path, problem in _expand(paths, [] if skipped is None else skipped):
        if problem is not None:
            yield None, problem
            continue
        key = _identity(file_path)
        if key in loaded:  # the same file named twice (a file and its folder, or a repeated path)
            continue
        loaded.add(key)
        yield file_path, None


def _identity(path: str) -> str:
    """One key per file however it was named (relative, absolute, through a link)."""
    try:
        return str(Path(path).resolve())
    except (OSError, RuntimeError):
        return os.path.abspath(path)


def _expand(paths: list[str], skipped: list[str]):
    """(file, None) for each YAML file to load, or (None, Problem) for a bad path.

    In a folder only card files are taken (a top-level `cards:`, see
    cardbase.discover); its other YAML files are added to `skipped`.
    """
    from berserk_judge.cardbase.model import Problem
    from berserk_judge.cardbase.oserror import regular_file_problem
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files = sorted(
                (p for p in path.iterdir() if p.suffix.lower() in YAML_SUFFIXES and p.is_file()),
                key=lambda p: p.name,
            )
            found = split_card_files([str(file) for file in files])
            skipped.extend(found.skipped)
            if not found.files:
                what = "нет файлов карт (YAML с разделом cards)" if files else "нет файлов *.yaml или *.yml"
                yield None, Problem(str(path), 0, 0, f"в папке {what}; ожидается база карт",
                                  kind="unreadable")
            for file in found.files:
                yield file, None
        elif path.exists():
            reason = regular_file_problem(str(path))
            if reason is not None:
                yield None, Problem(str(path), 0, 0, reason, kind="unreadable")
                continue
            if not is_named_card_file(path):
                skipped.append(str(path))
                continue
            yield str(path), None
        else:
            yield None, Problem(str(path), 0, 0, "файл или папка не найдены; ожидается путь к базе карт YAML",
                              kind="unreadable")
