"""The tool's cache folder (`.berserk-judge-cache/`): where it is, how it is
marked, and the only way anything is ever deleted from it.

Everything that keeps data there (the lint cache, the card index) goes
through this module, so the rule is one: the folder is marked with
`CACHEDIR.TAG` (the convention Ruff, Cargo and backup tools follow) when the
tool creates it; a folder that exists without the mark and is not empty is
somebody else's — nothing is written into it, and `clean` refuses to delete it.
Kept free of heavy imports: a `card` lookup resolves the folder on every call.
"""
from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

CACHE_DIR = ".berserk-judge-cache"
CACHE_ENV = "BERSERK_JUDGE_CACHE_DIR"
TAG_NAME = "CACHEDIR.TAG"
TAG_SIGNATURE = "Signature: 8a477f597d28d172789f06886806bc55"
TAG = (f"{TAG_SIGNATURE}\n# This file is a cache directory tag created by berserk-judge.\n"
       "# For information about cache directory tags see https://bford.info/cachedir/\n")
_GITIGNORE = "# создано berserk-judge\n*\n"


class NotACache(Exception):
    """A folder that is not marked as the tool's cache (Russian message)."""


def cache_folder(root: str | os.PathLike) -> Path:
    """The folder named by BERSERK_JUDGE_CACHE_DIR, else `.berserk-judge-cache/` in `root`
    (the folder of the config file in use, or the current folder)."""
    return Path(os.environ.get(CACHE_ENV) or Path(root) / CACHE_DIR)


def open_regular(path: Path, limit: int):
    """A binary file object of a regular file of at most `limit` bytes; None for
    anything else (a link, a FIFO, a device, a larger file). Never blocks, never
    follows a link: what is opened is what was checked."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        handle = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(handle)
    except OSError:
        os.close(handle)
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
        os.close(handle)
        return None
    return os.fdopen(handle, "rb")


def read_regular(path: Path, limit: int) -> bytes | None:
    """The bytes of a regular file of at most `limit` bytes; None for anything
    else (a link, a FIFO, a device, a larger file). Never blocks, never follows."""
    handle = open_regular(path, limit)
    if handle is None:
        return None
    try:
        with handle:
            data = handle.read(limit + 1)     # a file that grew since the check is still cut off
    except OSError:
        return None
    return data if len(data) <= limit else None


def is_marked(folder: Path) -> bool:
    """A real folder (not a link) holding the tool's CACHEDIR.TAG."""
    try:
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return False
    except OSError:
        return False
    tag = read_regular(Path(folder) / TAG_NAME, 4096)
    return tag is not None and tag.startswith(TAG_SIGNATURE.encode())


def refusal(folder: Path) -> str | None:
    """Why `folder` cannot hold the tool's cache (Russian), or None when it can:
    it is absent, holds nothing but what the tool writes there (empty, or being
    claimed by another process of the tool at this moment: a .gitignore, a
    temporary file), or is marked as the tool's."""
    folder = Path(folder)
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"папка {folder} недоступна ({exc.strerror or exc})"
    if not stat.S_ISDIR(info.st_mode):
        return f"{folder} — не папка"
    if is_marked(folder):
        return None
    if not info.st_mode & 0o222:   # as root too: the mode is the user's «do not write here»
        return f"папка {folder} только для чтения (права {stat.S_IMODE(info.st_mode):04o})"
    try:
        with os.scandir(folder) as entries:
            if all(_claimable(folder, entry.name) for entry in entries):
                return None
    except OSError as exc:
        return f"папка {folder} недоступна ({exc.strerror or exc})"
    return f"папка {folder} не помечена как кэш berserk-judge (нет {TAG_NAME}), в ней чужие файлы"


def prepare_folder(folder: Path) -> Path:
    """Create the cache folder (absent or empty) and mark it: CACHEDIR.TAG and a
    .gitignore. Callers check `refusal` first; whatever keeps data in the
    folder calls this before writing, so that `clean` may delete it later."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in ((".gitignore", _GITIGNORE), (TAG_NAME, TAG)):
        target = folder / name
        if not target.exists():
            write_entry(target, text.encode("utf-8"))   # no temporary file left behind on a full disk
    return folder


def real_folder(folder: Path) -> bool:
    """A folder itself, not a link to one (nothing is written through a link in the cache)."""
    try:
        return stat.S_ISDIR(os.lstat(folder).st_mode)
    except OSError:
        return False


def make_subfolder(folder: Path) -> bool:
    """Create `folder` inside the marked cache folder if absent; False when the
    name is taken by a link, a file or anything but a real folder of its own."""
    try:
        os.mkdir(folder)
    except FileExistsError:
        pass
    except OSError:
        return False
    return real_folder(folder) and os.access(folder, os.W_OK)


def write_entry(path: Path, data: bytes) -> None:
    """Write one entry inside the cache folder: a temporary file beside it,
    renamed over it. Whatever stands at `path` — a link to a file of the user's,
    a FIFO, a device node — is replaced as a name, never followed or opened."""
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def claim(folder: Path) -> bool:
    """Make `folder` the tool's marked cache folder if it may be; False when it is somebody else's."""
    if is_marked(folder):
        return True
    if refusal(folder) is not None:
        return False
    prepare_folder(folder)
    return True


def marked_ancestor(path: str | os.PathLike) -> Path | None:
    """The tool's marked cache folder that `path` is in (or is), through links; None
    when it is in none. What a command writes there `clean` would delete, so no
    output (a report, `lint --output`, an imported base) is written inside it."""
    try:
        where = Path(os.path.realpath(path))
    except (OSError, ValueError):
        return None
    return next((folder for folder in (where, *where.parents) if is_marked(folder)), None)


# What the tool itself writes in its cache folder: lint's entries and temporary files
# (lint/cache.py) and the card index's folder (cardbase/index.py, its own names inside).
# `clean` deletes these and nothing else: a file the user put into the folder stays.
_OWN = re.compile(r"[0-9a-f]{40}\.(?:msgpack|json)|output-[0-9a-f]{32}\.msgpack|\.tmp-[^/]*")
_OWN_FOLDERS = ("cards-index",)


def _claimable(folder: Path, name: str) -> bool:
    """An entry an unmarked folder may hold and still be claimed: what the tool
    writes there itself (a second process claiming the same folder at once) —
    its own .gitignore, word for word, never a user's."""
    if name == ".gitignore":
        return read_regular(Path(folder) / name, 4096) == _GITIGNORE.encode("utf-8")
    return _OWN.fullmatch(name) is not None


def clean(folder: Path) -> list[Path] | None:
    """Delete the tool's own entries of the cache folder, then the folder when
    nothing else is left in it. Returns None when there is no folder, else what
    was kept: the entries that are not the tool's (the user's files stay, and
    so do the folder and its mark). NotACache when the path is not a folder
    marked as the tool's cache: then nothing is deleted. Links are removed as
    names, never followed."""
    folder = Path(folder)
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(info.st_mode):
        raise NotACache(f"{folder} — ссылка, а не папка кэша")
    if not stat.S_ISDIR(info.st_mode):
        raise NotACache(f"{folder} — не папка")
    if not is_marked(folder):
        raise NotACache(f"папка {folder} не помечена как кэш berserk-judge (нет {TAG_NAME})")
    kept: list[Path] = []
    _clean_entries(folder, kept)
    if not kept:
        for name in (".gitignore", TAG_NAME):
            try:
                os.unlink(folder / name)
            except FileNotFoundError:
                pass
        os.rmdir(folder)
    return kept


def _clean_entries(folder: Path, kept: list[Path]) -> None:
    """Delete the tool's entries of the folder (not the mark: the caller decides); note the rest."""
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.name in (TAG_NAME, ".gitignore"):
            continue
        if entry.name in _OWN_FOLDERS and entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path)                  # links inside are removed, not followed
        elif (entry.name in _OWN_FOLDERS and entry.is_symlink()) or (
                _OWN.fullmatch(entry.name) and not entry.is_dir(follow_symlinks=False)):
            os.unlink(entry.path)                      # a link goes as a name; what it points to stays
        else:
            kept.append(Path(entry.path))
