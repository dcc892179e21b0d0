"""The lint cache in `.berserk-judge-cache/`: what each card file gave, and
the whole output of an unchanged base.

* A file entry holds one card file's `FileResult` (lint.engine: its final
  findings and what the join over the base needs — never its cards). It is
  used only when its key matches, and the key covers everything the result
  depends on: the bytes that were checked (read once: the same bytes are
  hashed and loaded, so an edit during a run cannot leave an entry that
  serves findings of other bytes), the path as given, the tool's version and
  code, the rule set and the settings that reach the file.
* An output entry holds what `lint` printed for a whole run (text, exit
  status), keyed by every file's hash, the settings, the options and the code:
  an unchanged base is answered by reading one entry.

Entries are MessagePack (msgspec, typed: a damaged or foreign entry fails to
decode and is ignored, then written anew), written to a temporary file and
renamed. They are read only when they are regular files no larger than
MAX_ENTRY (a link to /dev/zero or a FIFO is a miss, never a hang).

The folder is marked with `CACHEDIR.TAG` (the convention Ruff, Cargo and
backup tools follow) when the tool creates it; a folder that exists without
the mark is somebody else's: the cache is not used there, and `clean`
refuses to delete it.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from berserk_judge.cardbase.cachedir import claim, read_regular, refusal, write_entry

FORMAT = 2  # bump when the entry layout changes
MAX_ENTRY = 64 * 1024 * 1024
_PACKAGES = ("cardbase", "cli", "lint", "parser", "reports", "russian")


@dataclass
class StoredOutput:
    """What a whole `lint` run showed: enough to show it again byte for byte."""

    rendered: str          # standard output (or the --output file)
    summary: str           # the summary line (stderr when --output takes the report)
    abnormal: bool         # exit status 2
    findings: int          # exit status 1 unless --exit-zero


def code_fingerprint() -> str:
    """The tool's version and the size and time of each of its modules (the
    version from the package root, kept equal to the package's by a test: importlib.metadata
    would cost a warm run a fifth of its time)."""
    from berserk_judge import __version__

    digest = hashlib.sha256(f"{FORMAT}:{__version__}".encode())
    root = Path(__file__).resolve().parent.parent
    for package in _PACKAGES:
        for path in sorted((root / package).rglob("*")):
            if path.suffix in (".py", ".lark", ".json", ".yaml") and "__pycache__" not in path.parts:
                info = path.stat()
                digest.update(f"{path.relative_to(root)}:{info.st_size}:{info.st_mtime_ns};".encode())
    return digest.hexdigest()


def settings_fingerprint(checker, path: str) -> str:
    """What of the settings reaches one file: the rules on for it and their severities."""
    from berserk_judge.lint.registry import all_rules

    settings = checker.settings
    on = [rule.code for rule in all_rules() if checker.active(rule.code, path)]
    severities = [settings.severity_of(rule.code, rule.severity).label for rule in all_rules()]
    # BJ601 judges against the rulebook the settings name: its files are part of the key
    rulebook = None
    if "BJ601" in on and settings.rulebook:
        from berserk_judge.lint.rules.bj6_rulings import rulebook_stamp

        rulebook = [settings.rulebook, rulebook_stamp(settings.rulebook)]
    return json.dumps([on, severities, sorted(rule.code for rule in all_rules()), rulebook])


class LintCache:
    """Lint results in a folder; never trusted when the key differs."""

    def __init__(self, folder: Path, code: str | None = None):
        self.folder = Path(folder)
        self.code = code if code is not None else code_fingerprint()
        self.hits = 0
        self.misses = 0
        self._claimed = False
        self.failure: str | None = None   # why the last write failed (Russian), for one warning

    def refusal(self) -> str | None:
        """Why the folder cannot hold the cache (Russian), or None when it can:
        it is absent, empty, or marked as the tool's."""
        return refusal(self.folder)

    # -- keys ---------------------------------------------------------------------

    def key(self, path: str, content: bytes, settings_print: str) -> str:
        """The key of one file's entry: code, path, settings and the bytes checked."""
        digest = hashlib.sha256()
        for part in (self.code, path, settings_print):
            digest.update(part.encode("utf-8", "surrogatepass"))
            digest.update(b"\0")
        digest.update(content)
        return digest.hexdigest()

    def output_key(self, parts: list[str]) -> str:
        """The key of a whole run's output: code, then `parts` (settings, options, file hashes)."""
        digest = hashlib.sha256(self.code.encode())
        for part in parts:
            digest.update(b"\0")
            digest.update(part.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()

    # -- file entries ---------------------------------------------------------------

    def _entry(self, path: str) -> Path:
        where = f"{os.path.abspath(path)}\0{path}"
        return self.folder / (hashlib.sha256(where.encode("utf-8", "surrogatepass")).hexdigest()[:40] + ".msgpack")

    def get(self, path: str, key: str):
        """The stored FileResult for this key, or None (absent, stale, damaged or not a regular file)."""
        result = self._read(self._entry(path), key, _file_decoder())
        if result is None or result.path != path:
            self.misses += 1
            return None
        self.hits += 1
        return result

    def put(self, key: str, result) -> bool:
        """Store a file's result (temp file + rename); False when it cannot be stored."""
        return self._write(self._entry(result.path), key, result)

    # -- whole outputs ----------------------------------------------------------------

    def _output_entry(self, name: str) -> Path:
        return self.folder / f"output-{hashlib.sha256(name.encode('utf-8', 'surrogatepass')).hexdigest()[:32]}.msgpack"

    def get_output(self, name: str, key: str) -> StoredOutput | None:
        """The output stored under `name` (the run's targets and options) for this key."""
        return self._read(self._output_entry(name), key, _output_decoder())

    def put_output(self, name: str, key: str, output: StoredOutput) -> bool:
        return self._write(self._output_entry(name), key, output)

    # -- reading and writing ----------------------------------------------------------

    def _read(self, entry: Path, key: str, decoder):
        import msgspec

        raw = read_regular(entry, MAX_ENTRY)
        head = key.encode("ascii") + b"\n"
        if raw is None or not raw.startswith(head):
            return None
        try:
            return decoder.decode(memoryview(raw)[len(head):])
        except (msgspec.DecodeError, msgspec.ValidationError, ValueError, TypeError, RecursionError):
            return None

    def _write(self, target: Path, key: str, value) -> bool:
        import msgspec

        try:
            data = msgspec.msgpack.encode(value)
            if not self.prepare():
                return False
            write_entry(target, key.encode("ascii") + b"\n" + data)   # temp file beside it, renamed
        except OSError as exc:
            self._failed(exc)
            return False  # a cache that cannot be written only costs time
        except (ValueError, TypeError, OverflowError, UnicodeError, msgspec.EncodeError):
            return False
        return True

    def _failed(self, exc: OSError) -> None:
        from berserk_judge.cardbase.atomic import describe_write_error

        self.failure = describe_write_error(exc)

    def prepare(self) -> bool:
        """Create and mark the folder if needed; False when it is somebody else's.
        Called once before workers start, so that they find it marked; once it
        is claimed, later writes do not look at the mark again."""
        if not self._claimed:
            try:
                self._claimed = claim(self.folder)
            except OSError as exc:   # a full disk, a read-only file system: a warning, never the run's result
                self._failed(exc)
                return False
        return self._claimed


_DECODERS: dict[str, object] = {}


def _file_decoder():
    if "file" not in _DECODERS:
        import msgspec

        from berserk_judge.lint.engine import FileResult

        _DECODERS["file"] = msgspec.msgpack.Decoder(FileResult)
    return _DECODERS["file"]


def _output_decoder():
    if "output" not in _DECODERS:
        import msgspec

        _DECODERS["output"] = msgspec.msgpack.Decoder(StoredOutput)
    return _DECODERS["output"]
