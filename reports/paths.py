"""Paths as CI tools want them: relative to the working directory when inside it."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path


def relative_to_cwd(path: str) -> Path:
    """`path` relative to the current directory, or as given when it lies elsewhere."""
    p = Path(path)
    try:
        return p.resolve().relative_to(Path.cwd().resolve())
    except (ValueError, OSError):
        return p


def shown_path(path: str) -> str:
    """The path a report prints: an absolute one inside the working directory
    relative to it (a `cardbase` from the settings is stored absolute, and the
    text report printed `/home/…/cards/a.yaml` where `lint cards/`, SARIF and
    GitHub print `cards/a.yaml`); a relative or outside path as given. Links are
    not followed: the name the user gave stays."""
    if not path.startswith("/"):
        return path
    return _shown_absolute(path, os.getcwd())


@lru_cache(maxsize=4096)
def _shown_absolute(path: str, cwd: str) -> str:
    for folder in (cwd, os.path.realpath(cwd)):
        if path.startswith(folder.rstrip("/") + "/"):
            return path[len(folder.rstrip("/")) + 1:]
    return path
