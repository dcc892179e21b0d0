"""The card index: what `card`, `explain --card` and a card search need, kept
beside the lint cache so that a lookup answers without reading the YAML base.

Layout of the index folder (`<cache folder>/cards-index/`):

    CACHEDIR.TAG, .gitignore   the folder is a cache: backup tools and git pass it over
    files/<key>.jsonl          one card file: line 1 its header (catalogue rows, folded texts,
                               load problems, where each card's line is), then one JSON line
                               per card (what the producer made of it)
    bases/<name>.json          one base (the paths as given): the files it expands to, their
                               sizes and times, their keys, and the catalogue columns a lookup
                               needs (ids, folded names, places)
    bases/<name>.rows.json     the full catalogue rows (read for a list of cards or a search)
    bases/<name>.texts.txt     the folded texts, one line per card (read for a text search)

A card file's key covers its bytes, its absolute path, the index format and
the producer's fingerprint (the code and the settings that shape what it
stores): a changed file — and only that file — is digested again, and the
base entry is rewritten from the per-file entries. A lookup first compares
the size, time and inode of the base's files with the base entry (as git's
index does); only when one differs — or was written too recently to tell — are
the files listed, read and hashed again. Every file is written through
`cardbase.atomic.write_atomic`; an entry that is not a regular file, is too
large, does not parse or does not fit is ignored and rebuilt. When the folder
cannot be written the index lives in memory for the one call.

What a card's line holds is the producer's business (`Producer`); the index
stores JSON-ready dicts and the catalogue rows (`cardbase.lookup.CardEntry`).
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from cardbase.lookup import ROW as _ROW
from cardbase.lookup import CardEntry, entry_row

INDEX_DIR = "cards-index"
FORMAT = 3
MAX_ENTRY_BYTES = 1 << 30          # an entry larger than this is not trusted
RACY_SECONDS = 2.0                 # a file changed this close to its recording is always re-read
_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
        "# Этот каталог — указатель карт berserk-judge (кэш); его можно удалить.\n")


@dataclass
class FileDigest:
    """What a producer made of one card file: its load problems and, per card, a row and a record."""

    problems: list[dict] = field(default_factory=list)
    cards: list[tuple[CardEntry, dict]] = field(default_factory=list)


class Producer:
    """Makes the records an index keeps (duck-typed; `reports.card_digest.CardDigester` is one):
    `fingerprint` changes whenever they would change, `digest_file(path)` gives a FileDigest."""

    fingerprint: str = ""

    def digest_file(self, path: str) -> FileDigest:  # pragma: no cover - an interface
        raise NotImplementedError


@dataclass
class IndexedBase:
    """A base as the index sees it: catalogue columns for a lookup, full rows and records on demand.

    It is the `cardbase.lookup.Catalogue` a lookup searches: `ids`, `folded`, `entry(i)`, `entries()`."""

    files: list[str]                               # card files, as the caller named them
    problems: list[dict] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    folded: list[str] = field(default_factory=list)
    refs: list[int] = field(default_factory=list)  # (file number, offset, length) per card, flat
    built: int = 0                                 # card files digested anew by this call
    _entry_paths: list[Path | None] = field(default_factory=list)
    _base_file: Path | None = None
    _rows: list[list] | None = None
    _texts: list[str] | None = None
    _memory: dict[tuple[int, int], dict] = field(default_factory=dict)

    def ref(self, index: int) -> tuple[int, int, int]:
        return self.refs[3 * index], self.refs[3 * index + 1], self.refs[3 * index + 2]

    def _column(self, suffix: str) -> list:
        data = _read_json(self._base_file.with_suffix(suffix)) if self._base_file is not None else None
        if not (isinstance(data, list) and len(data) == len(self.ids)):
            raise IndexDamaged(f"{self._base_file}: повреждена запись указателя карт; удалите папку указателя")
        return data

    def _lines(self, suffix: str) -> list[str]:
        if not self.ids:
            return []
        path = self._base_file.with_suffix(suffix) if self._base_file is not None else None
        try:
            if path is None or not _regular(path, MAX_ENTRY_BYTES):
                raise OSError("not a regular file")
            lines = path.read_text(encoding="utf-8").split("\n")
        except (OSError, UnicodeDecodeError):
            lines = []
        if len(lines) != len(self.ids):
            raise IndexDamaged(f"{path}: повреждена запись указателя карт; удалите папку указателя")
        return lines

    def entry(self, index: int, full: bool = False, text: bool = False) -> CardEntry:
        """The catalogue entry of card number `index`: its id, folded name and place, or (`full`)
        every catalogue field, (`text`) with its folded text too."""
        if not full and not text:
            return CardEntry(self.ids[index], self.folded[index], self.folded[index], ref=self.ref(index))
        if self._rows is None:
            self._rows = self._column(".rows.json")
        if text and self._texts is None:
            self._texts = self._lines(".texts.txt")
        row = self._rows[index]
        if not (isinstance(row, list) and len(row) == len(_ROW)):
            raise IndexDamaged("повреждена строка указателя карт; удалите папку указателя")
        return CardEntry(*row, text=self._texts[index] if text else "", ref=self.ref(index))

    def entries(self, text: bool = False) -> list[CardEntry]:
        """Every entry, in base order."""
        return [self.entry(index, True, text) for index in range(len(self.ids))]

    def rows(self, text: bool = False) -> tuple[list[list], list[str]]:
        """The catalogue rows (in `cardbase.lookup.ROW` order) and, when `text`, the folded texts:
        what a search runs over without making an entry per card."""
        if not self.ids:
            return [], []
        self.entry(0, True, text)                      # loads and checks the columns once
        if not all(isinstance(row, list) and len(row) == len(_ROW) for row in self._rows):
            raise IndexDamaged("повреждена строка указателя карт; удалите папку указателя")
        return self._rows, self._texts if text else [""] * len(self._rows)

    def record(self, entry: CardEntry) -> dict:
        """The stored record of one card (read from its line of the file's entry)."""
        file_no, offset, length = entry.ref
        record = self._memory.get((file_no, offset))
        if record is None:
            try:
                with open(self._entry_paths[file_no], "rb") as handle:
                    handle.seek(offset)
                    record = json.loads(handle.read(length))
            except (OSError, ValueError, RecursionError) as exc:
                raise IndexDamaged(f"запись указателя карт не читается ({exc})") from None
            if not isinstance(record, dict):
                raise IndexDamaged("запись указателя карт повреждена")
        path = self.files[file_no]                 # as the caller names it now
        record.setdefault("card", {})["path"] = path
        for finding in record.get("findings", ()):
            finding["path"] = path
        return record


class IndexDamaged(Exception):
    """An index entry changed or broke under a running lookup; the message is Russian."""


def file_key(producer: Producer, path: str, content: bytes) -> str:
    digest = hashlib.sha256(f"{FORMAT}\0{producer.fingerprint}\0{os.path.abspath(path)}\0".encode(
        "utf-8", "surrogatepass"))
    digest.update(content)
    return digest.hexdigest()[:40]


def open_index(folder: str | os.PathLike, paths: list[str] | None, producer: Producer,
               progress: Callable[[int], Callable[[int], None]] | None = None, rebuild: bool = False,
               jobs: int | None = None) -> IndexedBase:
    """The indexed base of `paths` (files and folders, as `cardbase.discover.expand_paths`
    takes them; None: the demo base), digested where missing or stale. `progress(n)`, when
    given, is called before n card files are looked at and returns a ticker called per file;
    `rebuild` ignores the base's entry (after IndexDamaged); `jobs` caps the processes that
    digest card files (default: the cores, at most 8)."""
    from cardbase.discover import demo_base_path

    folder = Path(folder)
    given = [str(p) for p in paths] if paths is not None else [str(demo_base_path())]
    name = hashlib.sha256(json.dumps([FORMAT, producer.fingerprint, [os.path.abspath(p) for p in given]],
                                     ensure_ascii=False).encode("utf-8", "surrogatepass")).hexdigest()[:40]
    base_file = folder / "bases" / f"{name}.json"
    manifest = None if rebuild else _read_json(base_file)
    if _unchanged(manifest, given, producer):
        try:
            return _from_manifest(folder, manifest, base_file)
        except (TypeError, ValueError, KeyError):
            pass                                       # a damaged entry: built anew below
    return _build(folder, given, producer, base_file, progress, jobs)


# -- is the recorded base still the base on disk? -------------------------------------

def _listing(given: list[str]) -> list:
    """What a base's paths hold now: per path, its stat, and for a folder its YAML files' stats."""
    from cardbase.discover import YAML_SUFFIXES

    out = []
    for path in given:
        info = _stat(path)
        if info is None or info[3] != stat.S_IFDIR:
            out.append([path, info])
            continue
        try:
            names = sorted(e.name for e in os.scandir(path) if e.name.lower().endswith(YAML_SUFFIXES))
        except OSError:
            names = []
        out.append([path, info, [[n, _stat(os.path.join(path, n))] for n in names]])
    return out


def _stat(path: str) -> list | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns, info.st_ino, stat.S_IFMT(info.st_mode)]


def _unchanged(manifest, given: list[str], producer: Producer) -> bool:
    """The recorded listing is the listing now, and every racy file still has its recorded key."""
    if not (isinstance(manifest, dict) and manifest.get("format") == FORMAT
            and manifest.get("given") == given and isinstance(manifest.get("files"), list)):
        return False
    if manifest.get("listing") != _listing(given):
        return False
    for path, key, racy in manifest["files"]:
        if racy:
            try:
                content = Path(path).read_bytes()
            except OSError:
                return False
            if file_key(producer, path, content) != key:
                return False
    return True


def _from_manifest(folder: Path, manifest: dict, base_file: Path) -> IndexedBase:
    base = IndexedBase([path for path, _, _ in manifest["files"]], problems=manifest["problems"],
                       ids=manifest["ids"], folded=manifest["folded"], refs=manifest["refs"])
    if not (len(base.ids) == len(base.folded) and len(base.refs) == 3 * len(base.ids)):
        raise ValueError("columns of different lengths")
    base._entry_paths = [folder / "files" / f"{key}.jsonl" for _, key, _ in manifest["files"]]
    base._base_file = base_file
    return base


# -- building ------------------------------------------------------------------------

def _build(folder: Path, given: list[str], producer: Producer, base_file: Path, progress,
           jobs: int | None) -> IndexedBase:
    from cardbase.discover import expand_paths

    started = time.time()
    listing = _listing(given)
    items = list(expand_paths(given))
    files = [path for path, problem in items if problem is None]
    writable = _prepare(folder)
    base = IndexedBase(files, problems=[_problem(p) for _, p in items if p is not None])
    tick = progress(len(files)) if progress is not None else None
    keys: list[str | None] = []
    headers: list[dict | None] = []
    for path in files:
        try:
            key = file_key(producer, path, Path(path).read_bytes())
        except OSError:
            key = None                                  # the producer reports why it cannot be read
        keys.append(key)
        headers.append(_read_header(folder / "files" / f"{key}.jsonl") if key and writable else None)
        if headers[-1] is not None and tick is not None:
            tick(1)
    missing = [file_no for file_no, header in enumerate(headers) if header is None]
    for file_no, digest in _digests(producer, [files[n] for n in missing], missing, jobs):
        entry_path = folder / "files" / f"{keys[file_no]}.jsonl" if keys[file_no] and writable else None
        headers[file_no] = _store_entry(base, file_no, files[file_no], entry_path, digest)
        base.built += 1
        if tick is not None:
            tick(1)
    rows: list[list] = []
    texts: list[str] = []
    recorded = []
    for file_no, (path, key, header) in enumerate(zip(files, keys, headers)):
        base._entry_paths.append(folder / "files" / f"{key}.jsonl" if header["stored"] else None)
        base.problems.extend(header["problems"])
        for row, text in zip(header["rows"], header["texts"]):
            rows.append(row[:-2])
            texts.append(text)
            base.refs.extend((file_no, header["start"] + row[-2], row[-1]))
        info = _stat(path)
        recorded.append([path, key, info is None or info[1] / 1e9 >= started - RACY_SECONDS])
    base.ids = [row[0] for row in rows]
    base.folded = [row[2] for row in rows]
    base._rows, base._texts = rows, texts
    if writable and all(path is not None for path in base._entry_paths):
        _write_manifest(base, base_file, given, listing, recorded)
    return base


def _digests(producer: Producer, paths: list[str], numbers: list[int], jobs: int | None):
    """(file number, FileDigest) of each path, in parallel processes when there are several files
    and several cores (the reader costs milliseconds a card; a 10,000-card base, tens of seconds)."""
    jobs = min(len(paths), _cores() if jobs is None else max(1, jobs))
    if jobs <= 1:
        for number, path in zip(numbers, paths):
            yield number, producer.digest_file(path)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        futures = {pool.submit(producer.digest_file, path): number for number, path in zip(numbers, paths)}
        for future in as_completed(futures):
            yield futures[future], future.result()


def _cores() -> int:
    try:
        return max(1, min(len(os.sched_getaffinity(0)), 8))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, min(os.cpu_count() or 1, 8))


def _write_manifest(base: IndexedBase, base_file: Path, given, listing, recorded) -> None:
    from cardbase.atomic import write_atomic

    try:
        write_atomic(base_file.with_suffix(".rows.json"), json.dumps(base._rows, ensure_ascii=False))
        write_atomic(base_file.with_suffix(".texts.txt"), "\n".join(t.replace("\n", " ") for t in base._texts))
        write_atomic(base_file, json.dumps({
            "format": FORMAT, "given": given, "listing": listing, "files": recorded, "problems": base.problems,
            "ids": base.ids, "folded": base.folded, "refs": base.refs}, ensure_ascii=False))
    except (OSError, ValueError):
        pass                                           # a cache that cannot be written only costs time


def _problem(problem) -> dict:
    return {"path": problem.path, "line": problem.line, "column": problem.column, "message": problem.message,
            "card_id": problem.card_id, "kind": problem.kind}


def _store_entry(base: IndexedBase, file_no: int, path: str, entry_path: Path | None,
                 digest: FileDigest) -> dict:
    """Store one card file's digest (offsets of the card lines count from the line after the
    header); the header, with `start` (the header's length) and `stored` (False: kept in memory)."""
    lines: list[bytes] = []
    rows, texts = [], []
    offset = 0
    for entry, record in digest.cards:
        line = json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n"
        rows.append(entry_row(entry) + [offset, len(line)])
        texts.append(entry.text)
        lines.append(line)
        offset += len(line)
    header = {"format": FORMAT, "path": os.path.abspath(path), "problems": digest.problems,
              "rows": rows, "texts": texts}
    head = json.dumps(header, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n"
    header["start"], header["stored"] = len(head), False
    if entry_path is not None:
        from cardbase.atomic import write_atomic

        try:
            write_atomic(entry_path, head + b"".join(lines))
            header["stored"] = True
        except OSError:
            pass
    if not header["stored"]:
        for row, (_, record) in zip(rows, digest.cards):
            base._memory[(file_no, len(head) + row[-2])] = record
    return header


def _prepare(folder: Path) -> bool:
    """Create the index folder, marked as a cache; False when it cannot be written."""
    try:
        (folder / "files").mkdir(parents=True, exist_ok=True)
        (folder / "bases").mkdir(exist_ok=True)
        for name, text in (("CACHEDIR.TAG", _TAG), (".gitignore", "# создано berserk-judge\n*\n")):
            target = folder / name
            if not target.exists():
                target.write_text(text, encoding="utf-8")
        return os.access(folder / "files", os.W_OK) and os.access(folder / "bases", os.W_OK)
    except OSError:
        return False


# -- reading entries safely ------------------------------------------------------------

def _regular(path: Path, limit: int) -> bool:
    """A regular file (not a link to a device, not a FIFO) within the size bound."""
    try:
        info = os.lstat(path)
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and info.st_size <= limit


def _read_json(path: Path) -> Any:
    if not _regular(path, MAX_ENTRY_BYTES):
        return None
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None


def _read_header(path: Path) -> dict | None:
    """The first line of a card file's entry, when it is whole and of this format."""
    if not _regular(path, MAX_ENTRY_BYTES):
        return None
    try:
        with open(path, "rb") as handle:
            line = handle.readline(MAX_ENTRY_BYTES)
            size = os.fstat(handle.fileno()).st_size
        header = json.loads(line)
    except (OSError, ValueError, RecursionError):
        return None
    if not (isinstance(header, dict) and header.get("format") == FORMAT and isinstance(header.get("rows"), list)
            and isinstance(header.get("problems"), list) and isinstance(header.get("texts"), list)
            and len(header["texts"]) == len(header["rows"])):
        return None
    for row in header["rows"]:
        if not (isinstance(row, list) and len(row) == len(_ROW) + 2
                and all(isinstance(v, int) for v in row[-2:]) and len(line) + row[-2] + row[-1] <= size):
            return None
    header["start"], header["stored"] = len(line), True
    return header
