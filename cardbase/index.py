"""The card index: what `card`, `explain --card` and a card search need, kept
in a cache folder so that a lookup answers without reading the YAML base.

Layout of the index folder (`cards-index/` in the cache folder the caller names; the cache
folder itself carries CACHEDIR.TAG and .gitignore, cardbase.cachedir):

    files/<key>.jsonl          one card file, zlib-compressed: line 1 its header (catalogue
                               rows, folded texts, load problems), then one JSON line per card
                               (what the producer made of it)
    bases/<name>.json          one base, named by the resolved paths it was given (the same
                               entry from any working folder): the files it expands to, their
                               keys and load problems
    bases/<name>.<column>      one catalogue column, one line per card (text columns) or JSON:
                               ids, folded names and line lengths are read by every lookup;
                               name, set, element, type, cost, classes, kinds by a search or a
                               list of cards; the folded texts by a text search only
    views/<key>/<n>.json       the views of card number n of a file entry (what a lookup shows
                               and a search does not need: `producer.digest_views`), made for
                               the cards actually shown, the first time each is shown

A card file's key covers the bytes digested (read once: the bytes hashed are the
bytes the producer reads), its resolved path, the index format and the producer's
fingerprint (the code and the settings that shape what it stores). Every lookup
reads and hashes the base's YAML files again (a few milliseconds a megabyte: an
edit that keeps a file's size, time and inode is seen too) and compares the keys
with the base entry; a changed file — and only that file — is digested again,
several files in parallel processes that write their own entries and send back
only the header. Every file is written through `cardbase.cachedir.write_entry` (a
name, never followed); an entry that is not a regular file, is too large, does not
decompress, parse or fit is rebuilt (`healed` says why). When the folder cannot be
written the index lives in memory for the one call.

What a card's line holds is the producer's business (duck-typed: a `fingerprint`,
`digest_file(path) -> FileDigest` and optionally `digest_raw(path, raw)` (digest
these bytes), `warm_up()` (before workers fork) and `valid_record(record)`;
`reports.card_digest` has the one the CLI uses); the index stores JSON-ready dicts
(or their JSON bytes) and the catalogue rows (`cardbase.lookup.CardEntry`). A
producer with `digest_views(path, raw, positions) -> {position: JSON bytes}` and
`valid_view(view)` leaves out of the build what only a shown card needs:
`IndexedBase.records` makes it for the cards shown — from the bytes this call
keyed, so the views never come from other bytes than the record — and stores it
beside the entry (a view of its own per card, written as every entry: the
record lines and the offsets other lookups read are never rewritten); a view
that is damaged, foreign or special is made again.

Every entry is checked against what it was built from: a card file's entry, the
base entry and a view carry the digest of their bytes (`sealed`), and the base
entry holds the digest of each of its columns and of each card file's entry it
was built with; an entry whose bytes do not give its digest — an id table with
one id changed, a record edited in place — is rebuilt with a warning, never
served. A name of the index taken by something else (a folder in an entry's
place, a file or a link in a folder's) is removed as a name and the entry or
folder made again, so damage heals on the next call.
"""
from __future__ import annotations

import bisect
import hashlib
import json
import os
import stat
import zlib
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any, Callable

from berserk_judge.cardbase.lookup import ROW, CardEntry, entry_row

INDEX_DIR = "cards-index"
FORMAT = 7                         # 7: entries sealed with their digest, the base entry holding its parts
MAX_ENTRY_BYTES = 1 << 30          # an entry larger than this is not trusted
COMPRESSION = 1                    # zlib level: 7x smaller records at 0.005 s a megabyte
COLUMNS = ROW[3:] + ("name",)      # the columns kept in files of their own (id and folded name are in the base entry)


@dataclass
class FileDigest:
    """What a producer made of one card file: its load problems and, per card, a row and a
    record (a JSON-ready dict, or its UTF-8 JSON bytes)."""

    problems: list[dict] = field(default_factory=list)
    cards: list[tuple[CardEntry, Any]] = field(default_factory=list)


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
    healed: str | None = None                      # why a damaged entry was rebuilt (Russian)
    valid: Callable[[dict], bool] | None = None    # the producer's check of a stored record
    producer: Any = None                           # makes the views of the cards shown (digest_views)
    views_healed: str | None = None                # why a damaged view was made again (Russian)
    _keys: list[str | None] = field(default_factory=list)      # per file: the key of its entry
    _raws: list[bytes | None] = field(default_factory=list)    # per file: the bytes keyed by this call
    _views_folder: Path | None = None              # None: views are made for this call only
    _view_memory: dict[tuple[int, int], dict] = field(default_factory=dict)
    _entry_paths: list[Path | None] = field(default_factory=list)
    _entry_digests: list[str | None] = field(default_factory=list)   # per file: its entry's digest
    _parts: dict[str, str] = field(default_factory=dict)             # column -> the digest of its file
    _base_file: Path | None = None
    _columns: dict[str, list] = field(default_factory=dict)
    _memory: dict[tuple[int, int], Any] = field(default_factory=dict)
    _firsts: list[int] | None = None
    _offsets: dict[int, list[int]] = field(default_factory=dict)
    _blobs: dict[int, bytes] = field(default_factory=dict)

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
                self._columns[key] = _read_column(self._base_file, key, len(self.ids), self._parts.get(key))
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
            blob = self._blobs.get(file_no)
            if blob is None:
                digests = self._entry_digests
                blob = self._blobs[file_no] = _entry_bytes(self._entry_paths[file_no],
                                                           digests[file_no] if file_no < len(digests) else None)
            record = blob[offset:offset + length]
        if isinstance(record, bytes):
            try:
                record = json.loads(record)
            except (ValueError, RecursionError) as exc:
                raise IndexDamaged(f"запись указателя карт не читается ({exc})") from None
        if not isinstance(record, dict) or not isinstance(record.get("card", {}), dict) or (
                self.valid is not None and not self.valid(record)):
            raise IndexDamaged("запись указателя карт повреждена")
        path = self.files[file_no]                 # as the caller names it now
        record.setdefault("card", {})["path"] = path
        for finding in record.get("findings", ()):
            if isinstance(finding, dict):
                finding["path"] = path
        return record

    def records(self, entries) -> list[dict]:
        """The records of the cards `entries` with their views (what `card` and `explain --card`
        show): each view read from the index, or made now — for these cards only, each file
        loaded once — and stored for the next lookup."""
        records = [self.record(entry) for entry in entries]
        if getattr(self.producer, "digest_views", None) is None:
            return records
        missing: dict[int, list[tuple[int, dict]]] = {}      # file number -> [(place in the file, record)]
        for entry, record in zip(entries, records):
            file_no, offset, _ = entry.ref
            position = self._position(file_no, offset)
            view = self._stored_view(file_no, position, record)
            if view is None:
                missing.setdefault(file_no, []).append((position, record))
            else:
                _merge(record, view)
        for file_no, wanted in missing.items():
            made = self._make_views(file_no, sorted({position for position, _ in wanted}))
            for position, record in wanted:
                if made[position].get("id") != record["card"].get("id"):
                    raise IndexDamaged("запись указателя карт не та, что в файле базы")
                _merge(record, made[position])
        return records

    def _position(self, file_no: int, offset: int) -> int:
        """The place in its file of the card whose line starts at `offset` of the file's entry."""
        if file_no not in self._offsets:
            self.ref(sum(self.counts[:file_no]))
        offsets = self._offsets[file_no]
        position = bisect.bisect_left(offsets, offset)
        if position >= self.counts[file_no] or offsets[position] != offset:
            raise IndexDamaged("запись указателя карт повреждена")
        return position

    def _view_path(self, file_no: int, position: int) -> Path | None:
        key = self._keys[file_no] if file_no < len(self._keys) else None
        if self._views_folder is None or key is None or self._entry_paths[file_no] is None:
            return None
        return self._views_folder / key / f"{position}.json"

    def _stored_view(self, file_no: int, position: int, record: dict) -> dict | None:
        """The stored view of a card, when there is one and it is whole and this card's."""
        view = self._view_memory.get((file_no, position))
        if view is not None:
            return view
        path = self._view_path(file_no, position)
        if path is None:
            return None
        from berserk_judge.cardbase.cachedir import read_regular, real_folder

        if not (real_folder(path.parent.parent) and real_folder(path.parent)):
            return None                        # a link put in the index's place: not followed
        data = read_regular(path, MAX_ENTRY_BYTES)
        if data is None:
            if os.path.lexists(path):
                self.views_healed = "запись вида карты не обычный файл"
            return None
        opened = unsealed(data)
        if opened is None:
            self.views_healed = "запись вида карты повреждена (не сходится её контрольная сумма)"
            return None
        try:
            view = json.loads(opened[0])
        except (ValueError, RecursionError):
            view = None
        valid = getattr(self.producer, "valid_view", None)
        if not isinstance(view, dict) or view.get("id") != record["card"].get("id") or (
                valid is not None and not valid(view)):
            self.views_healed = "запись вида карты повреждена"
            return None
        return view

    def _make_views(self, file_no: int, positions: list[int]) -> dict[int, dict]:
        """Make the views of the cards at `positions` of file `file_no` (from the bytes whose key
        its entry has) and store them; IndexDamaged when the bytes or the places do not fit."""
        path = self.files[file_no]
        raw = self._raws[file_no] if file_no < len(self._raws) else None
        key = self._keys[file_no] if file_no < len(self._keys) else None
        if raw is None or key is None or file_key(self.producer, path, raw) != key:
            raise IndexDamaged("файл базы не тот, по которому построена запись указателя карт")
        try:
            made = self.producer.digest_views(path, raw, positions)
        except IndexError:
            raise IndexDamaged("в файле базы нет карты записи указателя карт") from None
        views = {}
        for position in positions:
            data = made[position]
            views[position] = view = json.loads(data)       # as a later lookup reads it
            self._view_memory[(file_no, position)] = view
            target = self._view_path(file_no, position)
            if target is not None:
                _store_view(target, data)
        return views


def _merge(record: dict, view: dict) -> None:
    record.update((key, value) for key, value in view.items() if key != "id")


def _store_view(path: Path, data: bytes) -> None:
    """Write one view, sealed, through a temporary file (`_write`) into a real folder of the index."""
    if not (_own_subfolder(path.parent.parent) and _own_subfolder(path.parent)):
        return                                  # a folder that cannot be made: kept in memory
    try:
        _write(path, sealed(data))
    except OSError:
        pass                                    # a cache that cannot be written only costs time


def _entry_bytes(path: Path | None, digest: str | None = None) -> bytes:
    """The decompressed bytes of a card file's entry (without its seal); IndexDamaged when it
    cannot be had, fails its digest, or is not the entry of digest `digest` the base entry holds."""
    blob, seal = _entry_blob(path)
    if digest is not None and seal != digest:
        raise IndexDamaged("запись указателя карт не та, с которой построена запись базы")
    return blob


def _entry_blob(path: Path | None) -> tuple[bytes, str]:
    """(the decompressed bytes of a card file's entry without its seal, its digest)."""
    from berserk_judge.cardbase.cachedir import read_regular

    data = read_regular(path, MAX_ENTRY_BYTES) if path is not None else None
    if data is None:            # replaced by a link, a FIFO, a device: never opened as such
        raise IndexDamaged("запись указателя карт не обычный файл")
    try:
        inflate = zlib.decompressobj()
        blob = inflate.decompress(data, MAX_ENTRY_BYTES)
    except zlib.error as exc:
        raise IndexDamaged(f"запись указателя карт не читается ({exc})") from None
    if inflate.unconsumed_tail or not inflate.eof:
        raise IndexDamaged("запись указателя карт не читается (обрезана)")
    opened = unsealed(blob)
    if opened is None:
        raise IndexDamaged("запись указателя карт повреждена (не сходится её контрольная сумма)")
    return opened


def file_key(producer, path: str, content: bytes) -> str:
    """The key of one card file's entry: the bytes digested, its resolved path, the format, the producer."""
    digest = hashlib.blake2b(f"{FORMAT}\0{producer.fingerprint}\0{_resolved(path)}\0".encode(
        "utf-8", "surrogatepass"), digest_size=20)
    digest.update(content)
    return digest.hexdigest()


def _resolved(path: str) -> str:
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return os.path.abspath(path)


def base_name(paths: list[str]) -> str:
    """The name of a base's entry: its resolved paths (found again from any working folder)."""
    return hashlib.sha256(json.dumps([_resolved(p) for p in paths], ensure_ascii=False).encode(
        "utf-8", "surrogatepass")).hexdigest()[:40]


def open_index(folder: str | os.PathLike, paths: list[str] | None, producer,
               progress: Callable[[int], Callable[[int], None]] | None = None, rebuild: bool = False,
               jobs: int | None = None) -> IndexedBase:
    """The indexed base of `paths` (files and folders, as `cardbase.discover.expand_paths`
    takes them; None: the demo base), digested where missing or stale. `progress(n)`, when
    given, is called before n card files are digested and returns a ticker called per file;
    `rebuild` ignores every entry (after IndexDamaged: each file is digested again);
    `jobs` caps the processes that digest card files (default: the cores, at most 8)."""
    from berserk_judge.cardbase.discover import demo_base_path

    folder = Path(folder)
    given = [str(p) for p in paths] if paths is not None else [str(demo_base_path())]
    base_file = folder / "bases" / f"{base_name(given)}.json"
    manifest, damaged = _read_manifest(base_file)
    listing, contents = _snapshot(given, producer)
    healed = "повреждена запись базы (не сходится её контрольная сумма)" if damaged and not rebuild else None
    if not rebuild and _manifest_fits(manifest, producer, given):
        if manifest["listing"] == listing:
            try:
                base = _from_manifest(folder, manifest, base_file, given)
                base.valid = getattr(producer, "valid_record", None)
                base.producer = producer
                base._raws = [contents.get(_resolved(path)) for path in base.files]
                return base
            except (TypeError, ValueError, KeyError, IndexError, IndexDamaged) as exc:
                healed = f"повреждена запись базы ({exc})"
    elif isinstance(manifest, dict) and manifest.get("format") == FORMAT and \
            manifest.get("fingerprint") == getattr(producer, "fingerprint", None) and not rebuild:
        healed = "повреждена запись базы"            # ours, of this version, yet not well formed
    base = _build(folder, given, producer, base_file, progress, jobs, manifest, listing, contents, rebuild)
    base.healed = healed if healed is not None else ("указатель построен заново" if rebuild else None)
    base.valid = getattr(producer, "valid_record", None)
    base.producer = producer
    return base


# -- is the recorded base still the base on disk? -------------------------------------

def _snapshot(given: list[str], producer) -> tuple[list, dict[str, bytes]]:
    """What a base's paths hold now — per path, its kind, and for a folder its YAML files —
    each file by the key of its bytes; and the bytes read (a build digests exactly these)."""
    from berserk_judge.cardbase.discover import YAML_SUFFIXES

    contents: dict[str, bytes] = {}

    def keyed(path: str):
        real = _resolved(path)
        try:
            with open(real, "rb") as handle:
                data = handle.read()
        except (OSError, ValueError):
            return None
        contents[real] = data
        return file_key(producer, real, data)

    out = []
    for path in given:
        real = _resolved(path)
        try:
            mode = os.stat(real).st_mode
        except (OSError, ValueError):
            out.append([real, None])
            continue
        if not stat.S_ISDIR(mode):
            out.append([real, keyed(real) if stat.S_ISREG(mode) else stat.S_IFMT(mode)])
            continue
        try:
            names = sorted(e.name for e in os.scandir(real) if e.name.lower().endswith(YAML_SUFFIXES))
        except OSError:
            names = []
        out.append([real, "dir", [[n, keyed(os.path.join(real, n))] for n in names]])
    return out, contents


def _read_manifest(base_file: Path) -> tuple[Any, bool]:
    """(the base entry, or None; whether one of this format is there damaged: failing its
    digest). An entry of an earlier version, or a link, a FIFO, a folder in its place, is
    replaced without a word, as before."""
    from berserk_judge.cardbase.cachedir import read_regular

    data = read_regular(base_file, MAX_ENTRY_BYTES)   # not a link, a FIFO or a device; bounded
    if data is None:
        return None, False
    opened = unsealed(data)
    if opened is None:
        return None, _looks_sealed(data)
    try:
        return json.loads(opened[0]), False
    except (ValueError, RecursionError):
        return None, True


def _manifest_fits(manifest, producer, given: list[str]) -> bool:
    """A base entry of this format and producer for these paths, every row of the right shape."""
    if not (isinstance(manifest, dict) and manifest.get("format") == FORMAT
            and manifest.get("fingerprint") == producer.fingerprint
            and manifest.get("given") == [_resolved(p) for p in given]):
        return False
    files, problems, count = manifest.get("files"), manifest.get("problems"), manifest.get("cards")
    parts = manifest.get("parts")
    return (isinstance(files, list) and isinstance(problems, list) and isinstance(count, int)
            and isinstance(manifest.get("listing"), list)
            and isinstance(parts, dict) and set(parts) == set(_PARTS) and all(_is_key(d) for d in parts.values())
            and all(isinstance(f, list) and len(f) == 6 and isinstance(f[0], int) and 0 <= f[0] < len(given)
                    and isinstance(f[1], str) and _is_key(f[2]) and isinstance(f[3], int)
                    and isinstance(f[4], int) and f[3] > 0 and f[4] >= 0 and _is_key(f[5]) for f in files)
            and all(valid_problem(p) for p in problems))


def valid_problem(problem) -> bool:
    """A load problem as the index stores it (what `card` reads of it)."""
    return (isinstance(problem, dict) and isinstance(problem.get("path"), str)
            and isinstance(problem.get("line"), int) and isinstance(problem.get("column"), int)
            and isinstance(problem.get("message"), str) and isinstance(problem.get("kind"), str)
            and (problem.get("card_id") is None or isinstance(problem.get("card_id"), str)))


def _is_key(key) -> bool:
    return isinstance(key, str) and len(key) == 40 and all(c in "0123456789abcdef" for c in key)


def _shown(given: list[str], number: int, rest: str) -> str:
    """A card file's path as the caller names it now: the given path, and the name in its folder."""
    return os.path.join(given[number], rest) if rest else given[number]


def _place(given: list[str], path: str) -> list:
    """(number of the given path, the rest of the name) of a card file `expand_paths` gave."""
    for number, root in enumerate(given):
        if path == root:
            return [number, ""]
    for number, root in enumerate(given):
        if path.startswith(root.rstrip(os.sep) + os.sep):
            return [number, path[len(root.rstrip(os.sep)) + 1:]]
    return [0, os.path.relpath(path, given[0])]  # pragma: no cover - expand_paths joins names to the path


def _from_manifest(folder: Path, manifest: dict, base_file: Path, given: list[str]) -> IndexedBase:
    from berserk_judge.cardbase.cachedir import read_regular

    files, count = manifest["files"], manifest["cards"]
    base = IndexedBase([_shown(given, f[0], f[1]) for f in files], problems=manifest["problems"],
                       starts=[f[3] for f in files], counts=[f[4] for f in files])
    if sum(base.counts) != count:
        raise ValueError("the base entry does not add up")
    base._parts = manifest["parts"]
    base.ids = _read_column(base_file, "id", count, base._parts["id"])
    base.folded = _read_column(base_file, "folded_name", count, base._parts["folded_name"])
    lengths = read_regular(_column_path(base_file, "lengths"), MAX_ENTRY_BYTES)   # not a FIFO, a device
    if lengths is None:
        raise ValueError("line lengths are not a regular file")
    if _digest(lengths) != base._parts["lengths"]:
        raise IndexDamaged("повреждена запись длин строк указателя карт (не сходится её контрольная сумма)")
    try:
        base.lengths = list(map(int, lengths.decode("ascii").split()))
    except UnicodeDecodeError as exc:
        raise ValueError(str(exc)) from None
    if len(base.lengths) != count or any(n <= 0 for n in base.lengths):
        raise ValueError("line lengths do not fit")
    base._entry_paths = [folder / "files" / f"{f[2]}.jsonl" for f in files]
    base._entry_digests = [f[5] for f in files]
    base._keys = [f[2] for f in files]
    base._views_folder = folder / "views"
    base._base_file = base_file
    return base


# -- building ------------------------------------------------------------------------

def _build(folder: Path, given: list[str], producer, base_file: Path, progress, jobs: int | None,
           old_manifest, listing, contents: dict[str, bytes], rebuild: bool) -> IndexedBase:
    from berserk_judge.cardbase.discover import expand_paths

    items = list(expand_paths(given))
    files = [path for path, problem in items if problem is None]
    writable = _prepare(folder)
    base = IndexedBase(files, problems=[_problem(p) for _, p in items if p is not None])
    keys: list[str | None] = []
    raws: list[bytes | None] = []
    headers: list[dict | None] = []
    for path in files:
        raw = contents.get(_resolved(path))
        if raw is None:
            try:
                raw = Path(path).read_bytes()
            except OSError:
                raw = None                              # the producer reports why it cannot be read
        key = file_key(producer, path, raw) if raw is not None else None
        keys.append(key)
        raws.append(raw)
        headers.append(_read_header(folder / "files" / f"{key}.jsonl")
                       if key and writable and not rebuild else None)
    missing = [n for n, header in enumerate(headers) if header is None]
    tick = progress(len(missing)) if progress is not None and missing else None
    tasks = [(files[n], raws[n], folder / "files" / f"{keys[n]}.jsonl" if keys[n] and writable else None)
             for n in missing]
    for file_no, header in _digests(producer, tasks, missing, jobs):
        lines = header.pop("lines", None)
        if lines is not None:                           # not stored: the records stay in memory
            offset = header["start"]
            for line in lines:
                base._memory[(file_no, offset)] = line
                offset += len(line)
        headers[file_no] = header
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
        recorded.append([*_place(given, path), key, header["start"], len(header["rows"]), header.get("digest")])
    base._entry_digests = [row[-1] for row in recorded]
    base._keys, base._raws = keys, raws
    base._views_folder = folder / "views" if writable else None
    base.ids = [row[0] for row in rows]
    base.folded = [row[2] for row in rows]
    base._columns = {key: [row[n] for row in rows] for n, key in enumerate(ROW)}
    base._columns["text"] = texts
    if writable and all(path is not None for path in base._entry_paths):
        _write_manifest(base, base_file, producer, given, listing, recorded)
        _remove_unused(folder, old_manifest, keys)
    return base


def _digests(producer, tasks: list[tuple], numbers: list[int], jobs: int | None):
    """(file number, header) of each task (path, bytes, entry path), in parallel processes when
    there are several files and several cores; each process writes the entries it makes and
    sends back only the header (with the record lines when it could not write them)."""
    jobs = min(len(tasks), _cores() if jobs is None else max(1, jobs))
    if jobs <= 1:
        for number, task in zip(numbers, tasks):
            yield number, digest_task(producer, *task)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from concurrent.futures.process import BrokenProcessPool

    from berserk_judge.cardbase.workers import die_with_parent, pool_context, stop_pool_now

    warm = getattr(producer, "warm_up", None)
    if warm is not None:
        warm()                                 # loaded once here, shared by the forked workers
    left = dict(zip(numbers, tasks))
    order = sorted(left, key=lambda n: -len(left[n][1] or b""))   # the largest files first: even shares
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=pool_context(), initializer=die_with_parent,
                                 initargs=(os.getpid(),)) as pool:
            futures = {pool.submit(digest_task, producer, *left[number]): number for number in order}
            try:
                for future in as_completed(futures):
                    number = futures.pop(future)   # the header is freed once taken: memory flat in the base
                    header = future.result()
                    del left[number]
                    yield number, header
                    del future, header
            except (BrokenProcessPool, OSError):
                raise
            except BaseException:
                stop_pool_now(pool)            # Ctrl-C, SIGTERM, a consumer gone: not after every queued file
                raise
    except (BrokenProcessPool, OSError):
        pass                                   # a worker died (or no processes here): as lint does,
    for number, task in left.items():          # the files without a digest are digested here
        yield number, digest_task(producer, *task)


def digest_task(producer, path: str, raw: bytes | None, entry_path: Path | None) -> dict:
    """Digest one card file — exactly the bytes `raw` its key was made of — and store its entry;
    the header (with `start`, `stored`, and `lines` when not stored)."""
    digest_raw = getattr(producer, "digest_raw", None)
    if digest_raw is not None and raw is not None:
        digest = digest_raw(path, raw)
    else:
        digest = producer.digest_file(path)
        try:                                   # a producer that reads the file itself: keyed only
            same = raw is not None and Path(path).read_bytes() == raw   # if it read those bytes
        except OSError:
            same = False
        if not same:
            entry_path = None
    return _store_entry(digest, path, entry_path)


def _cores() -> int:
    try:
        return max(1, min(len(os.sched_getaffinity(0)), 8))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, min(os.cpu_count() or 1, 8))


_PARTS = (*COLUMNS, "text", "id", "folded_name", "lengths")     # the column files of a base entry


def _write_manifest(base: IndexedBase, base_file: Path, producer, given, listing, recorded) -> None:
    """Write a base's columns, then its entry — sealed, holding the digest of every column and of
    every card file's entry it was built with (`_from_manifest` checks each against it)."""
    if not all(_is_key(row[-1]) for row in recorded):
        return
    parts = {}
    try:
        for key in _PARTS:
            data = (" ".join(map(str, base.lengths)).encode("ascii") if key == "lengths"
                    else _column_bytes(base._columns[key]))
            parts[key] = _digest(data)
            _write(_column_path(base_file, key), data)
        base._parts = parts
        _write(base_file, sealed(json.dumps({
            "format": FORMAT, "fingerprint": producer.fingerprint, "given": [_resolved(p) for p in given],
            "listing": listing, "files": recorded, "problems": base.problems, "cards": len(base.ids),
            "parts": parts}, ensure_ascii=False).encode("utf-8", "surrogatepass")))
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


def _read_column(base_file: Path | None, key: str, count: int, digest: str | None = None) -> list:
    """A column written by `_column_bytes`; IndexDamaged when it is missing, is not the column the
    base entry was built with (its digest), or does not fit."""
    from berserk_judge.cardbase.cachedir import read_regular

    path = _column_path(base_file, key) if base_file is not None else None
    values = None
    data = read_regular(path, MAX_ENTRY_BYTES) if path is not None else None
    if data is not None and digest is not None and _digest(data) != digest:
        raise IndexDamaged(f"{path}: повреждена запись указателя карт (не сходится её контрольная сумма)")
    if data is not None:
        try:
            raw = data.decode("utf-8", "surrogatepass")
            if raw[:1] == "L":
                values = raw[1:].split("\n") if count else []
            elif raw[:1] == "J":
                values = json.loads(raw[1:])
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            values = None
    if not (isinstance(values, list) and len(values) == count and _column_fits(key, values)):
        raise IndexDamaged(f"{path}: повреждена запись указателя карт; удалите папку указателя")
    return values


def _column_fits(key: str, values: list) -> bool:
    """The values of a column are of the kind a lookup and a search take."""
    if key in ("id", "name", "folded_name", "set_id", "set_name", "text"):
        return all(isinstance(v, str) for v in values)
    if key in ("element", "type"):
        return all(v is None or isinstance(v, str) for v in values)
    if key in ("classes", "kinds"):
        return all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in values)
    return True


def _remove_unused(folder: Path, old_manifest, keys: list[str | None]) -> None:
    """Delete the file entries the base used before and no longer does (an edited file, a new
    version of the tool): the index does not grow with every change."""
    try:
        old = {f[2] for f in old_manifest["files"]} if isinstance(old_manifest, dict) else set()
    except (KeyError, TypeError, IndexError):
        return
    for key in old - set(keys):
        if _is_key(key):
            try:
                (folder / "files" / f"{key}.jsonl").unlink()
            except OSError:
                pass
            _remove_views(folder / "views" / key)


def _remove_views(views: Path) -> None:
    """Delete the views of an entry no longer used (names only: a link is removed, not followed)."""
    from berserk_judge.cardbase.cachedir import real_folder

    if not (real_folder(views.parent) and real_folder(views)):
        return
    try:
        for entry in os.scandir(views):
            if not entry.is_dir(follow_symlinks=False):
                os.unlink(entry.path)
        os.rmdir(views)
    except OSError:
        pass                                   # another lookup writing a view there: left for the next


def _problem(problem) -> dict:
    return {"path": problem.path, "line": problem.line, "column": problem.column, "message": problem.message,
            "card_id": problem.card_id, "kind": problem.kind}


def _line(record) -> bytes:
    if isinstance(record, bytes):
        return record + b"\n"
    return json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n"


def _store_entry(digest: FileDigest, path: str, entry_path: Path | None) -> dict:
    """Store one card file's digest; the header, with `start` (where the card lines begin),
    `stored` (False: the records are in `lines`, to be kept in memory)."""
    lines = [_line(record) for _, record in digest.cards]
    rows = [entry_row(entry) + [len(line)] for (entry, _), line in zip(digest.cards, lines)]
    header = {"format": FORMAT, "path": _resolved(path), "problems": digest.problems,
              "rows": rows, "texts": [entry.text for entry, _ in digest.cards]}
    head = json.dumps(header, ensure_ascii=False).encode("utf-8", "surrogatepass") + b"\n"
    header["start"], header["stored"] = len(head), False
    if entry_path is not None:
        blob = head + b"".join(lines)
        header["digest"] = _digest(blob)
        try:
            _write(entry_path, zlib.compress(header["digest"].encode("ascii") + b"\n" + blob, COMPRESSION))
            header["stored"] = True
        except OSError:
            pass
    if not header["stored"]:
        header["lines"] = lines
    return header


def _prepare(folder: Path) -> bool:
    """Create the index folder inside the tool's marked cache folder (cardbase.cachedir:
    so that `clean` removes it with the rest); False when it cannot be written,
    or when the cache folder is somebody else's unmarked folder."""
    from berserk_judge.cardbase.cachedir import claim

    try:
        if not claim(folder.parent):
            return False
    except OSError:
        return False
    # each level a real folder of the cache: a link put there (to a folder of the user's) is not followed
    return all(_own_subfolder(level) for level in (folder, folder / "files", folder / "bases"))


def _own_subfolder(level: Path) -> bool:
    """A real, writable folder of the index at `level`, made if absent. A name in its place that
    is not a real folder (a link, a file, a FIFO put there) is removed as a name first — what
    it points to stays; the index folder is the tool's, `clean` deletes it whole — so the index
    heals instead of living in memory, with the same warning, on every call."""
    from berserk_judge.cardbase.cachedir import make_subfolder

    try:
        if not stat.S_ISDIR(os.lstat(level).st_mode):
            os.unlink(level)
    except FileNotFoundError:
        pass
    except OSError:
        return False
    return make_subfolder(level)


# -- reading entries safely ------------------------------------------------------------
#
# Every entry is checked against what it was built from (issue 38: an id table that kept its
# format but had one id changed showed another card, on every call): a card file's entry, the
# base entry and a view carry the digest of their bytes in a first line of their own (`_sealed`),
# and the base entry holds the digest of every column and of every card file's entry it was
# built with. An entry that fails its digest is damaged: rebuilt, with a warning, once.

_SEAL = 40                  # hex digits of a digest (blake2b, 20 bytes)


def _digest(data) -> str:
    return hashlib.blake2b(data, digest_size=_SEAL // 2).hexdigest()


def sealed(data: bytes) -> bytes:
    """`data` behind a first line holding its digest."""
    return _digest(data).encode("ascii") + b"\n" + data


def unsealed(blob: bytes) -> tuple[bytes, str] | None:
    """(the data, its digest) of a sealed entry, or None when the digest does not hold."""
    if len(blob) <= _SEAL or blob[_SEAL:_SEAL + 1] != b"\n":
        return None
    seal = blob[:_SEAL].decode("ascii", "replace")
    digest = hashlib.blake2b(memoryview(blob)[_SEAL + 1:], digest_size=_SEAL // 2).hexdigest()
    return (blob[_SEAL + 1:], seal) if digest == seal else None


def _looks_sealed(blob: bytes) -> bool:
    """Whether an entry was written sealed (a damaged one), not by an earlier version (`{…`)."""
    return len(blob) > _SEAL and blob[_SEAL:_SEAL + 1] == b"\n" and _is_key(blob[:_SEAL].decode("ascii", "replace"))


def _write(path: Path, data: bytes) -> None:
    """Write one entry of the index (cachedir.write_entry: a temporary file renamed over the
    name). A folder standing in its place — in the index, which `clean` deletes whole — is
    removed first: else the rename failed on every call and the entry was never rebuilt."""
    from berserk_judge.cardbase.cachedir import write_entry

    _clear_folder(path)
    write_entry(path, data)


def _clear_folder(path: Path) -> None:
    """Remove a real folder (not a link: a link is replaced as a name) at `path` in the index."""
    import shutil

    try:
        if stat.S_ISDIR(os.lstat(path).st_mode):
            shutil.rmtree(path)                   # links inside are removed, never followed
    except OSError:
        pass


_ROW_TYPES = (str, str, str, str, str, (str, type(None)), (str, type(None)), object, list, list, int)


def _read_header(path: Path) -> dict | None:
    """The first line of a card file's entry, when the entry is whole, of this format and well formed."""
    try:
        blob, digest = _entry_blob(path)
    except IndexDamaged:
        return None
    line, _, _ = blob.partition(b"\n")
    try:
        header = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not (isinstance(header, dict) and header.get("format") == FORMAT and isinstance(header.get("rows"), list)
            and isinstance(header.get("problems"), list) and isinstance(header.get("texts"), list)
            and len(header["texts"]) == len(header["rows"])
            and all(isinstance(t, str) for t in header["texts"])
            and all(valid_problem(p) for p in header["problems"])):
        return None
    if not all(isinstance(row, list) and len(row) == len(ROW) + 1
               and all(isinstance(v, t) for v, t in zip(row, _ROW_TYPES)) and row[-1] > 0
               and all(isinstance(x, str) for x in (*row[8], *row[9]))
               for row in header["rows"]):
        return None
    if len(line) + 1 + sum(row[-1] for row in header["rows"]) != len(blob):
        return None
    header["start"], header["stored"], header["digest"] = len(line) + 1, True, digest
    return header
