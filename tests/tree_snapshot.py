"""A folder tree as data, to prove a command left the user's files alone.

`snapshot(root)` records, for every entry under `root` (the root included,
symlinks not followed): its kind, the bytes of a regular file, the target of
a symlink, the permission bits, the owner and group, the number of hard
links, the inode and the modification time (of files and links; a folder's
time changes with every temporary file and is not compared). `changes(before, after)` lists
every difference in words; a test asserts `changes(...) == []`, or that only
the files it expects to change did (`ignore=`), and sees exactly what else
moved when it fails.

    before = snapshot(tmp_path)
    run the command
    assert changes(before, snapshot(tmp_path)) == []

The inode and the time catch a file rewritten with the same bytes (replaced,
not left alone); pass `identity=False` when only the content, links and
permissions matter (a file the command was asked to rewrite).
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Entry:
    kind: str                  # "file", "dir", "symlink", "fifo", "other"
    data: bytes | None         # a regular file's bytes
    target: str | None         # a symlink's target, as stored
    mode: int                  # permission bits (0o7777)
    uid: int
    gid: int
    nlink: int
    inode: int
    mtime_ns: int


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "symlink"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "dir"
    if stat.S_ISFIFO(mode):
        return "fifo"
    return "other"


def entry(path: str | os.PathLike) -> Entry:
    """One path as it stands (a symlink itself, not what it points to)."""
    info = os.lstat(path)
    kind = _kind(info.st_mode)
    data = Path(path).read_bytes() if kind == "file" else None
    target = os.readlink(path) if kind == "symlink" else None
    # a folder's time moves whenever a temporary file comes and goes: not the user's data
    mtime = 0 if kind == "dir" else info.st_mtime_ns
    return Entry(kind, data, target, stat.S_IMODE(info.st_mode), info.st_uid, info.st_gid,
                 info.st_nlink, info.st_ino, mtime)


def snapshot(root: str | os.PathLike) -> dict[str, Entry]:
    """{path relative to root ('.' for the root): Entry} for the whole tree."""
    root = Path(root)
    out = {".": entry(root)}
    for folder, dirs, files in os.walk(root):
        for name in sorted(dirs + files):
            path = Path(folder) / name
            out[path.relative_to(root).as_posix()] = entry(path)
    return out


_FIELDS = ("kind", "data", "target", "mode", "uid", "gid", "nlink", "inode", "mtime_ns")


def changes(before: dict[str, Entry], after: dict[str, Entry], ignore: set[str] | frozenset = frozenset(),
            identity: bool = True) -> list[str]:
    """Every difference between two snapshots, one line each; `ignore`: paths
    expected to change; `identity=False`: inode and mtime are not compared."""
    fields = _FIELDS if identity else _FIELDS[:-2]
    out = []
    for path in sorted(set(before) | set(after)):
        if path in ignore:
            continue
        old, new = before.get(path), after.get(path)
        if old is None:
            out.append(f"{path}: появился ({new.kind})")
        elif new is None:
            out.append(f"{path}: исчез (был {old.kind})")
        else:
            for name in fields:
                was, now = getattr(old, name), getattr(new, name)
                if was != now:
                    if name == "data":
                        was, now = f"{len(was or b'')} байт", f"{len(now or b'')} байт (другие)"
                    elif name == "mode":
                        was, now = oct(was), oct(now)
                    out.append(f"{path}: {name} {was} → {now}")
    return out
