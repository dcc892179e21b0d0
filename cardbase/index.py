"""The card index: what `card`, `explain --card` and a card search need, kept
beside the lint cache so that a lookup answers without reading the YAML base.

Layout of the index folder (`<cache folder>/cards-index/`; the cache folder itself carries
CACHEDIR.TAG and .gitignore, cardbase.cachedir):

    files/<key>.jsonl          one card file: line 1 its header (catalogue rows, folded texts,
                               load problems), then one JSON line per card (what the
                               producer made of it)
    bases/<name>.json          one base (the paths as given): the files it expands to, their
                               sizes and times, their keys and load problems
    bases/<name>.<column>      one catalogue column, one line per card (text columns) or JSON:
                               ids, folded names and line lengths are read by every lookup;
                               name, set, element, type, cost, classes, kinds by a search or a
                               list of cards; the folded texts by a text search only

A card file's key covers its bytes, its absolute path, the index format and
the producer's fingerprint (the code and the settings that shape what it
stores): a changed file — and only that file — is digested again (several
files in parallel processes), and the base entry is rewritten from the
per-file entries; entries the base no longer uses are removed. A lookup first
compares the size, time and inode of the base's files with the base entry (as
git's index does); only when one differs — or a file was written too close to
its recording to tell — are the files listed, read and hashed again. Every
file is written through `cardbase.cachedir.write_entry` (a name, never followed); an entry that is not a
regular file, is too large, does not parse or does not fit is ignored and
rebuilt. When the folder cannot be written the index lives in memory for the
one call.

What a card's line holds is the producer's business (duck-typed: a
`fingerprint` and `digest_file(path) -> FileDigest`; `reports.card_digest`
has the one the CLI uses); the index stores JSON-ready dicts and the
catalogue rows (`cardbase.lookup.CardEntry`).
"""
from __future__ import annotations

import bisect
import hashlib
import json
import os
import stat
import time
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any, Callable

from cardbase.lookup import ROW, CardEntry, entry_row

INDEX_DIR = "cards-index"
FORMAT = 4
MAX_ENTRY_BYTES = 1 << 30          # an entry larger than this is not trusted
RACY_SECONDS = 2.0                 # a file changed this close to its recording is always re-read
COLUMNS = ROW[3:] + ("name",)      # the columns kept in files of their own (id and folded name are in the base entry)


@dataclass
class FileDigest:
    """What a producer made of one card file: its load problems and, per card, a row and a record."""

    problems: list[dict] = field(default_factory=list)
    cards: list[tuple[CardEntry, dict]] = field(default_factory=list)


class IndexDamaged(Exception):
    """An index entry changed or broke under a running lookup; the message is Russian."""


@dataclass
class IndexedBase:
    """A base as the index sees it: the columns a lookup needs, the rest and the records on demand.

    It is the catalogue `cardbase.lookup` and `cardbase.query` search: `ids`, `folded`,
    `entry(i)`, `columns(keys)`."""

    files: list[str]                               # card files, as the caller named them
    problems: list[dict] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    folded: list[str] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)   # each card's line in its file's entry
    starts: list[int] = field(default_factory=list)    # per file: where its card lines begin
    counts: list[int] = field(default_factory=list)    # per file: how many cards it holds
    built: int = 0                                 # card files digested anew by this call
    _entry_paths: list[Path | None] = field(default_factory=list)
    _base_file: Path | None = None
    _columns: dict[str, list] = field(default_factory=dict)
    _memory: dict[tuple[int, int], dict] = field(default_factory=dict)
    _firsts: list[int] | None = None
    _offsets: dict[int, list[int]] = field(default_factory=dict)

    def ref(self, index: int) -> tuple[int, int, int]:
        """(file number, byte offset, length) of card number `index` in its file's entry."""
        if self._firsts is None:
            self._firsts = [0, *accumulate(self.counts)][:-1]
        file_no = bisect.bisect_right(self._firsts, index) - 1
        first = self._firsts[file_no]
        if file_no not in self._offsets:
            self._offsets[file_no] = list(accumulate(self.lengths[first:first + self.counts[file_no]],
                                                     initial=self.starts[file_no]))
        return file_no, self._offsets[file_no][index - first], self.lengths[index]

    def columns(self, keys, text: bool = False) -> dict[str, list]:
        """The catalogue columns `keys` (fields of `cardbase.lookup.ROW`; "text" when `text`)."""
        wanted = [k for k in (*keys, *(("text",) if text else ())) if k not in self._columns]
        for key in wanted:
            if key == "id":
                self._columns[key] = self.ids
            elif key == "folded_name":
                self._columns[key] = self.folded
            else:
                self._columns[key] = _read_column(self._base_file, key, len(self.ids))
        return self._columns

    def entry(self, index: int, fields=()) -> CardEntry:
        """The catalogue entry of card number `index`: its id, folded name and place, and the
        fields asked for (`fields="all"`: every one)."""
        keys = ROW if fields == "all" else tuple(fields)
        columns = self.columns(keys)
        values = {key: columns[key][index] for key in keys}
        values.setdefault("name", self.folded[index])
        values.update(id=self.ids[index], folded_name=self.folded[index])
        return CardEntry(**values, ref=self.ref(index))

    def record(self, entry: CardEntry) -> dict:
        """The stored record of one card (read from its line of the file's entry)."""
        file_no, offset, length = entry.ref
        record = self._memory.get((file_no, offset))
        if record is None:
            from cardbase.cachedir import open_regular

            handle = open_regular(self._entry_paths[file_no], MAX_ENTRY_BYTES)
            if handle is None:   # replaced by a link, a FIFO, a device: never opened as such
                raise IndexDamaged("запись указателя карт не обычный файл")
            try:
                with handle:
                    handle.seek(offset)
                    record = json.loads(handle.read(length))
            except (OSError, ValueError, RecursionError, TypeError) as exc:
                raise IndexDamaged(f"запись указателя карт не читается ({exc})") from None
            if not isinstance(record, dict):
                raise IndexDamaged("запись указателя карт повреждена")
        path = self.files[file_no]                 # as the caller names it now
        record.setdefault("card", {})["path"] = path
        for finding in record.get("findings", ()):
            finding["path"] = path
        return record


def file_key(producer, path: str, content: bytes) -> str:
    digest = hashlib.sha256(f"{FORMAT}\0{producer.fingerprint}\0{os.path.abspath(path)}\0".encode(
        "utf-8", "surrogatepass"))
    digest.update(content)
    return digest.hexdigest()[:40]


def open_index(folder: str | os.PathLike, paths: list[str] | None, producer,
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
    name = hashlib.sha256(json.dumps([os.path.abspath(p) for p in given], ensure_ascii=False).encode(
        "utf-8", "surrogatepass")).hexdigest()[:40]
    base_file = folder / "bases" / f"{name}.json"
    manifest = _read_json(base_file)
    if not rebuild and _unchanged(manifest, given, producer):
        try:
            return _from_manifest(folder, manifest, base_file)
        except (TypeError, ValueError, KeyError):
            pass                                       # a damaged entry: built anew below
    return _build(folder, given, producer, base_file, progress, jobs, manifest)


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


def _unchanged(manifest, given: list[str], producer) -> bool:
    """The recorded listing is the listing now, and every racy file still has its recorded key."""
    if not (isinstance(manifest, dict) and manifest.get("format") == FORMAT
            and manifest.get("fingerprint") == producer.fingerprint
            and manifest.get("given") == given and isinstance(manifest.get("files"), list)):
        return False
    if manifest.get("listing") != _listing(given):
        return False
    for path, key, racy, _, _ in manifest["files"]:
        if racy:
            try:
                content = Path(path).read_bytes()
            except OSError:
                return False
            if file_key(producer, path, content) != key:
                return False
    return True


def _from_manifest(folder: Path, manifest: dict, base_file: Path) -> IndexedBase:
    from cardbase.cachedir import read_regular

    files, count = manifest["files"], manifest["cards"]
    base = IndexedBase([f[0] for f in files], problems=manifest["problems"],
                       starts=[f[3] for f in files], counts=[f[4] for f in files])
    if not (isinstance(count, int) and sum(base.counts) == count
            and all(isinstance(n, int) for n in (*base.starts, *base.counts))):
        raise ValueError("the base entry does not add up")
    try:
        base.ids = _read_column(base_file, "id", count)
        base.folded = _read_column(base_file, "folded_name", count)
        lengths = read_regular(_column_path(base_file, "lengths"), MAX_ENTRY_BYTES)   # not a FIFO, a device
        if lengths is None:
            raise ValueError("line lengths are not a regular file")
        base.lengths = list(map(int, lengths.decode("ascii").split()))
    except (IndexDamaged, OSError, UnicodeDecodeError) as exc:
        raise ValueError(str(exc)) from None
    if len(base.lengths) != count:
        raise ValueError("line lengths do not fit")
    base._entry_paths = [folder / "files" / f"{f[1]}.jsonl" for f in files]
    base._base_file = base_file
    return base


# -- building ------------------------------------------------------------------------

def _build(folder: Path, given: list[str], producer, base_file: Path, progress, jobs: int | None,
           old_manifest) -> IndexedBase:
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
            rows.append(row[:-1])
            texts.append(text)
            base.lengths.append(row[-1])
        base.starts.append(header["start"])
        base.counts.append(len(header["rows"]))
        info = _stat(path)
        recorded.append([path, key, info is None or info[1] / 1e9 >= started - RACY_SECONDS,
                         header["start"], len(header["rows"])])
    base.ids = [row[0] for row in rows]
    base.folded = [row[2] for row in rows]
    base._columns = {key: [row[n] for row in rows] for n, key in enumerate(ROW)}
    base._columns["text"] = texts
    if writable and all(path is not None for path in base._entry_paths):
        _write_manifest(base, base_file, producer, given, listing, recorded)
        _remove_unused(folder, old_manifest, keys)
    return base


def _digests(producer, paths: list[str], numbers: list[int], jobs: int | None):
    """(file number, FileDigest) of each path, in parallel processes when there are several files
    and several cores (the reader costs milliseconds a card; a 10,000-card base, tens of seconds)."""
    jobs = min(len(paths), _cores() if jobs is None else max(1, jobs))
    if jobs <= 1:
        for number, path in zip(numbers, paths):
            yield number, producer.digest_file(path)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    from cardbase.workers import die_with_parent, pool_context

    left = dict(zip(numbers, paths))
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=pool_context(), initializer=die_with_parent,
                                 initargs=(os.getpid(),)) as pool:
            futures = {pool.submit(producer.digest_file, path): number for number, path in left.items()}
            for future in as_completed(futures):
                number = futures.pop(future)   # the digest is freed once stored: memory flat in the base
                digest = future.result()
                del left[number]
                yield number, digest
                del future, digest
    except (BrokenProcessPool, OSError):
        pass                                   # a worker died (or no processes here): as lint does,
    for number, path in left.items():          # the files without a digest are digested here
        yield number, producer.digest_file(path)


def _cores() -> int:
    try:
        return max(1, min(len(os.sched_getaffinity(0)), 8))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, min(os.cpu_count() or 1, 8))


def _write_manifest(base: IndexedBase, base_file: Path, producer, given, listing, recorded) -> None:
    from cardbase.cachedir import write_entry

    try:
        for key in (*COLUMNS, "text", "id", "folded_name"):
            write_entry(_column_path(base_file, key), _column_bytes(base._columns[key]))
        write_entry(_column_path(base_file, "lengths"), " ".join(map(str, base.lengths)).encode("ascii"))
        write_entry(base_file, json.dumps({
            "format": FORMAT, "fingerprint": producer.fingerprint, "given": given, "listing": listing,
            "files": recorded, "problems": base.problems, "cards": len(base.ids)},
            ensure_ascii=False).encode("utf-8", "surrogatepass"))
    except (OSError, ValueError):
        pass                                           # a cache that cannot be written only costs time


# columns of strings without line breaks are kept one line per card: reading them is a split,
# several times faster than JSON for the ids and names every lookup reads
def _column_path(base_file: Path, key: str) -> Path:
    return base_file.with_suffix(f".{key}")


def _column_bytes(values: list) -> bytes:
    if all(type(v) is str and "\n" not in v for v in values):
        return ("L" + "\n".join(values)).encode("utf-8", "surrogatepass")
    return ("J" + json.dumps(values, ensure_ascii=False)).encode("utf-8", "surrogatepass")


def _read_column(base_file: Path | None, key: str, count: int) -> list:
    """A column written by `_column_bytes`; IndexDamaged when it is missing or does not fit."""
    from cardbase.cachedir import read_regular

    path = _column_path(base_file, key) if base_file is not None else None
    values = None
    data = read_regular(path, MAX_ENTRY_BYTES) if path is not None else None
    if data is not None:
        try:
            raw = data.decode("utf-8", "surrogatepass")
            if raw[:1] == "L":
                values = raw[1:].split("\n") if count else []
            elif raw[:1] == "J":
                values = json.loads(raw[1:])
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            values = None
    if not (isinstance(values, list) and len(values) == count):
        raise IndexDamaged(f"{path}: повреждена запись указателя карт; удалите папку указателя")
    return values


def _remove_unused(folder: Path, old_manifest, keys: list[str | None]) -> None:
    """Delete the file entries the base used before and no longer does (an edited file, a new
    version of the tool): the index does not grow with every change."""
    try:
        old = {f[1] for f in old_manifest["files"]} if isinstance(old_manifest, dict) else set()
    except (KeyError, TypeError, IndexError):
        return
    for key in old - set(keys):
        if isinstance(key, str) and len(key) == 40 and all(c in "0123456789abcdef" for c in key):
            try:
                (folder / "files" / f"{key}.jsonl").unlink()
            except OSError:
                pass


def _problem(problem) -> dict:
    return {"path": problem.path, "line": problem.line, "column": problem.column, "message": problem.message,
            "card_id": problem.card_id, "kind": problem.kind}


def _store_entry(base: IndexedBase, file_no: int, path: str, entry_path: Path | None,
                 digest: FileDigest) -> dict:
    """Store one card file's digest; the header, with `start` (where the card lines begin) and
    `stored` (False: the records are kept in memory)."""
    lines = [json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n"
             for _, record in digest.cards]
    rows = [entry_row(entry) + [len(line)] for (entry, _), line in zip(digest.cards, lines)]
    header = {"format": FORMAT, "path": os.path.abspath(path), "problems": digest.problems,
              "rows": rows, "texts": [entry.text for entry, _ in digest.cards]}
    head = json.dumps(header, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n"
    header["start"], header["stored"] = len(head), False
    if entry_path is not None:
        from cardbase.cachedir import write_entry

        try:
            write_entry(entry_path, head + b"".join(lines))
            header["stored"] = True
        except OSError:
            pass
    if not header["stored"]:
        offset = len(head)
        for line, (_, record) in zip(lines, digest.cards):
            base._memory[(file_no, offset)] = record
            offset += len(line)
    return header


def _prepare(folder: Path) -> bool:
    """Create the index folder inside the tool's marked cache folder (cardbase.cachedir:
    so that `clean` removes it with the rest); False when it cannot be written,
    or when the cache folder is somebody else's unmarked folder."""
    from cardbase.cachedir import claim, make_subfolder

    try:
        if not claim(folder.parent):
            return False
    except OSError:
        return False
    # each level a real folder of the cache: a link put there (to a folder of the user's) is not followed
    return all(make_subfolder(level) for level in (folder, folder / "files", folder / "bases"))


# -- reading entries safely ------------------------------------------------------------

def _read_json(path: Path) -> Any:
    from cardbase.cachedir import read_regular

    data = read_regular(path, MAX_ENTRY_BYTES)   # not a link, a FIFO or a device; bounded
    if data is None:
        return None
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        return None


def _read_header(path: Path) -> dict | None:
    """The first line of a card file's entry, when it is whole and of this format."""
    from cardbase.cachedir import open_regular

    handle = open_regular(path, MAX_ENTRY_BYTES)
    if handle is None:
        return None
    try:
        with handle:
            line = handle.readline(MAX_ENTRY_BYTES)
            size = os.fstat(handle.fileno()).st_size
        header = json.loads(line)
    except (OSError, ValueError, RecursionError):
        return None
    if not (isinstance(header, dict) and header.get("format") == FORMAT and isinstance(header.get("rows"), list)
            and isinstance(header.get("problems"), list) and isinstance(header.get("texts"), list)
            and len(header["texts"]) == len(header["rows"])):
        return None
    if not all(isinstance(row, list) and len(row) == len(ROW) + 1 and isinstance(row[-1], int) and row[-1] > 0
               for row in header["rows"]):
        return None
    if len(line) + sum(row[-1] for row in header["rows"]) != size:
        return None
    header["start"], header["stored"] = len(line), True
    return header
