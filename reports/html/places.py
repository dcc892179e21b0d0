"""Paths as the site shows them: never absolute, so a published report does not expose a local disk.

A path inside the working folder is shown relative to it; one elsewhere is
shown from the source folder it was loaded from (`cards/s1.yaml`), or by its
file name alone. The demo base shows as «демо-база/…».
"""
from __future__ import annotations

import os
from pathlib import Path

DEMO = "демо-база"


class Places:
    def __init__(self, sources: list[str] | None):
        """`sources` are the paths the base was loaded from (None: the demo base)."""
        from berserk_judge.cardbase.load import demo_base_path

        roots = [(str(demo_base_path()), DEMO)] if sources is None else []
        for source in sources or ():
            path = Path(source)
            root = path if path.is_dir() else path.parent
            roots.append((os.path.abspath(root), self._outside(root)))
        self._roots = sorted(roots, key=lambda r: -len(r[0]))
        self._shown: dict[str, str] = {}
        self.sources = [DEMO] if sources is None else [self.path(s) for s in sources]

    @staticmethod
    def _outside(path: Path) -> str:
        try:
            return str(Path(os.path.abspath(path)).relative_to(Path.cwd()))
        except ValueError:
            return path.resolve().name or "база"

    def path(self, path: str) -> str:
        """How `path` is shown: relative to the working folder or to its source, never absolute."""
        if path not in self._shown:
            self._shown[path] = self._place(path)
        return self._shown[path]

    def _place(self, path: str) -> str:
        if not path:
            return path
        absolute = os.path.abspath(path)
        try:
            return str(Path(absolute).relative_to(Path.cwd()))
        except ValueError:
            pass
        for root, shown in self._roots:
            if absolute == root or absolute.startswith(root.rstrip(os.sep) + os.sep):
                rest = os.path.relpath(absolute, root)
                return shown if rest == "." else str(Path(shown) / rest)
        return Path(path).name
