"""The lint cache: what one card file gave, kept in `.berserk-judge-cache/`.

One entry per card file (named by a hash of its path), holding its cards,
load problems and per-card findings as JSON (lint.records). An entry is used
only when its key matches, and the key covers everything the per-file result
depends on: the file's bytes, the path as given, the tool's version and its
code (size and time of every module of the packages that read and lint), the
rule set and the settings that reach the file (enabled codes, per-file
ignores, severities). A changed file therefore is read again; an entry that
does not parse or does not fit is ignored and written anew. Entries are
written to a temporary file in the cache folder and renamed into place, so a
crash or a parallel run never leaves half an entry.

Base-wide checks (duplicate ids across files, BJ502 dashes across the base)
are not cached: they run on every lint over the restored cards.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from cardbase.model import Card, Problem
from lint.finding import Finding
from lint.records import RecordError, from_record, to_record

CACHE_DIR = ".berserk-judge-cache"
FORMAT = 1  # bump when the entry layout changes
_PACKAGES = ("cardbase", "lint", "parser", "reports")
_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n"  # CACHEDIR.TAG: backup tools skip the folder


@dataclass
class FileOutcome:
    """Everything linting one card file on its own gives."""

    path: str
    cards: list[Card] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)   # per-card rules, before suppression


def code_fingerprint() -> str:
    """The tool's version and the size and time of each of its modules."""
    from importlib import metadata

    try:
        version = metadata.version("berserk-judge")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a checkout
        version = "0"
    digest = hashlib.sha256(f"{FORMAT}:{version}".encode())
    root = Path(__file__).resolve().parent.parent
    for package in _PACKAGES:
        for path in sorted((root / package).rglob("*")):
            if path.suffix in (".py", ".lark", ".json", ".yaml") and "__pycache__" not in path.parts:
                stat = path.stat()
                digest.update(f"{path.relative_to(root)}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()


def settings_fingerprint(checker, path: str) -> str:
    """What of the settings reaches one file: the rules on for it and their severities."""
    from lint.registry import all_rules

    settings = checker.settings
    on = [rule.code for rule in all_rules() if checker.active(rule.code, path)]
    severities = [settings.severity_of(rule.code, rule.severity).label for rule in all_rules()]
    return json.dumps([on, severities, sorted(rule.code for rule in all_rules())])


class LintCache:
    """Per-file lint results in a folder; never trusted when the key differs."""

    def __init__(self, folder: Path, code: str | None = None):
        self.folder = Path(folder)
        self.code = code if code is not None else code_fingerprint()
        self.hits = 0
        self.misses = 0

    def _entry(self, path: str) -> Path:
        where = f"{os.path.abspath(path)}\0{path}"
        return self.folder / (hashlib.sha256(where.encode("utf-8", "surrogatepass")).hexdigest()[:40] + ".json")

    def key(self, path: str, content: bytes, settings_print: str) -> str:
        digest = hashlib.sha256()
        for part in (self.code, path, settings_print):
            digest.update(part.encode("utf-8", "surrogatepass"))
            digest.update(b"\0")
        digest.update(content)
        return digest.hexdigest()

    def get(self, path: str, key: str) -> FileOutcome | None:
        """The stored outcome for this key, or None (absent, stale or damaged)."""
        try:
            raw = self._entry(path).read_bytes()
            data = json.loads(raw)
            if type(data) is not dict or data.get("key") != key:
                raise RecordError("другой ключ")
            outcome = from_record(FileOutcome, data.get("outcome"))
            if outcome.path != path:
                raise RecordError("другой путь")
        except (OSError, ValueError, RecordError, RecursionError):
            self.misses += 1
            return None
        self.hits += 1
        return outcome

    def put(self, key: str, outcome: FileOutcome) -> bool:
        """Store an outcome (temp file + rename); False when it cannot be stored as is."""
        try:
            record = {"key": key, "outcome": to_record(outcome)}
            text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
            self._prepare()
            handle, temp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".json")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:  # a lone surrogate: not cached
                    out.write(text)
                os.replace(temp, self._entry(outcome.path))
            except BaseException:
                _remove(temp)
                raise
        except (OSError, RecordError, ValueError):
            return False  # a cache that cannot be written only costs time
        return True

    def _prepare(self) -> None:
        if self.folder.is_dir():
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        for name, text in ((".gitignore", "# создано berserk-judge\n*\n"), ("CACHEDIR.TAG", _TAG)):
            target = self.folder / name
            if not target.exists():
                target.write_text(text, encoding="utf-8")


def clean(folder: Path) -> bool:
    """Remove a cache folder; False when there was none."""
    folder = Path(folder)
    if not folder.is_dir():
        return False
    shutil.rmtree(folder)
    return True


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
