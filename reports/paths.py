"""Paths as CI tools want them: relative to the working directory when inside it."""
from __future__ import annotations

from pathlib import Path


def relative_to_cwd(path: str) -> Path:
    """`path` relative to the current directory, or as given when it lies elsewhere."""
    p = Path(path)
    try:
        return p.resolve().relative_to(Path.cwd().resolve())
    except (ValueError, OSError):
        return p
