"""Write a file so that a crash or a full disk never leaves half of it, and
the user's file stays the user's: same links, permissions and owner.

The data goes to a temporary file beside the *real* file (a symlink is
followed: the link stays a link and its target is what gets written), is
flushed to disk and checked (`verify`), and only then takes the target's
place. Two ways to take it:

* rename (`os.replace`) — atomic on one file system: a reader sees the old
  file or the new one, never a truncated one. The temporary file first gets
  the target's permission bits, owner and group and extended attributes
  (ACLs), so the renamed file looks like the old one. Used whenever that is
  possible, which is the usual case.
* copy in place — when a rename would change what the user sees: the file
  has other hard links (a rename gives the name a new inode and the other
  names keep the old text) or its owner or group cannot be given to a new
  file (we are not root and do not own it). The verified temporary file
  stays on disk until the target holds every byte of it and is flushed; if
  the copy fails, the old bytes are written back, and if even that fails the
  error names the temporary file, which holds the complete new version.
  A crash in the middle of the copy can leave the target half-written, but
  never without a complete copy beside it; a rename could not keep the
  links at all.

Refused, with a Russian reason (`WriteRefused`): a read-only target (no
write permission bit — even for root, who could override it: the mode is
the user's "do not touch"), a folder, and a device, FIFO or socket unless the
caller streams to such a target on purpose (`stream_ok`, for `--output
/dev/stdout`; a rename would replace the device node itself).
"""
from __future__ import annotations

import errno
import os
import re
import signal
import stat
import tempfile
from pathlib import Path
from typing import Callable


class WriteProblem(OSError):
    """A write error whose `strerror` is already the Russian reason."""


class WriteRefused(WriteProblem):
    """A target the tool will not write (read-only, a folder, a device)."""


class PartialWrite(WriteProblem):
    """An in-place copy failed and the old bytes could not be put back."""


def write_atomic(path: str | os.PathLike, data: bytes | str, encoding: str = "utf-8",
                 verify: Callable[[Path], None] | None = None, stream_ok: bool = False) -> None:
    """Replace the contents of `path` with `data` (str is encoded with `encoding`);
    on failure the target is untouched.

    `verify(temp_path)` runs on the finished temporary file before it
    replaces the target; whatever it raises propagates and nothing is
    replaced. `stream_ok`: an existing device or FIFO is written to directly
    (no temporary file, no verify).
    """
    if isinstance(data, str):
        data = data.encode(encoding, errors="backslashreplace")
    if stream_ok and _stream_write(path, data):
        return
    target = Path(os.path.realpath(path))
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    refused = _refusal(target, info)
    if refused is not None:
        raise WriteRefused(*refused, str(path))
    # Ctrl-C and SIGTERM wait while the temporary file is created: one arriving between its creation
    # and its name reaching `temp` would leave it on disk (an interrupted import did, now and then)
    temp, keep_temp, held = None, False, _hold_signals()
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        held = _release_signals(held)     # a pending signal is handled here, with `temp` known
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        in_place = _dress_like(temp, target, info)
        if verify is not None:
            verify(Path(temp))
        if in_place:
            try:
                _copy_in_place(target, data, temp)
            except PartialWrite:
                keep_temp = True  # the only complete copy of the new version
                raise
        else:
            os.replace(temp, target)
            _sync_folder(target.parent)
        sweep_stale_temps(target.parent)
    finally:
        if temp is not None and not keep_temp:
            try:
                os.unlink(temp)
            except OSError:
                pass
        _release_signals(held)            # after the clean-up: a pending signal may raise here


_HELD = {getattr(signal, name) for name in ("SIGINT", "SIGTERM") if hasattr(signal, name)}


def _hold_signals():
    """Block Ctrl-C and SIGTERM (they stay pending); the mask to restore, or None where the
    platform cannot block them."""
    mask = getattr(signal, "pthread_sigmask", None)
    return mask(signal.SIG_BLOCK, _HELD) if mask is not None else None


def _release_signals(held) -> None:
    """Restore the mask `_hold_signals` returned (None: nothing to restore); returns None."""
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    return None


def _stream_write(path, data: bytes) -> bool:
    """Write `data` in place when `path` is a stream, not a file to replace;
    True when written. The process's own standard output or error (`--output
    /dev/stdout` under `>> file` or `| less`) is written through its open
    descriptor — appending where the shell opened it; renaming over the file
    would lose what `>>` meant to keep, and a pipe has no folder to rename in.
    Another device, FIFO or socket is opened by the name given (realpath of
    /dev/stdout names a pipe that cannot be opened)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return False
    for fd in (1, 2):
        try:
            mine = os.fstat(fd)
        except OSError:
            continue
        if (mine.st_dev, mine.st_ino) == (info.st_dev, info.st_ino):
            import sys

            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except (AttributeError, OSError, ValueError):
                    pass
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            return True
    if stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode):
        return False
    with open(path, "wb") as stream:
        stream.write(data)
    return True


def refusal(path: str | os.PathLike, info: os.stat_result | None = None) -> str | None:
    """Why `write_atomic` would refuse to write `path` (Russian), or None.

    Callers that write several files ask first, so that one refused file
    stops the whole batch before anything is written.
    """
    refused = _refusal(path, info)
    return refused[1] if refused is not None else None


def _refusal(path, info: os.stat_result | None) -> tuple[int, str] | None:
    """(errno, Russian reason) of a target that is not written, or None."""
    if info is None:
        try:
            info = os.stat(path)
        except FileNotFoundError:
            return None  # a missing file is created (through a dangling link: at its target)
        except OSError as exc:
            # a link loop, a file where a folder should be, a folder that cannot be entered:
            # refused before anything of a batch is written, not half way through it
            return exc.errno or errno.EIO, describe_write_error(exc)
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        return errno.EISDIR, "это папка, а не файл"
    if not stat.S_ISREG(mode):
        from berserk_judge.cardbase.oserror import regular_file_problem

        reason = regular_file_problem(str(path)) or "это не обычный файл"
        return errno.EINVAL, f"{reason}; записывается только обычный файл"
    if not _may_write(path, info):
        return errno.EACCES, (f"файл только для чтения (права {stat.S_IMODE(mode):04o}); "
                              "если его можно менять, разрешите запись (chmod u+w)")
    return None


def _may_write(path, info: os.stat_result) -> bool:
    if os.geteuid() == 0:
        return bool(info.st_mode & 0o222)  # root could write anyway; the mode says the user does not want it
    return os.access(path, os.W_OK)


def _dress_like(temp: str, target: Path, info: os.stat_result | None) -> bool:
    """Give `temp` the target's mode, owner, group and extended attributes;
    True when the target must be overwritten in place instead (hard links, or
    an owner we cannot give)."""
    if info is None:
        os.chmod(temp, 0o666 & ~_umask())
        return False
    os.chmod(temp, stat.S_IMODE(info.st_mode))
    if info.st_nlink > 1:
        return True
    mine = os.stat(temp)
    if (mine.st_uid, mine.st_gid) != (info.st_uid, info.st_gid):
        try:
            os.chown(temp, info.st_uid, info.st_gid)
            os.chmod(temp, stat.S_IMODE(info.st_mode))  # chown clears set-id bits
        except OSError:
            return True
    _copy_xattrs(target, temp)
    return False


def _copy_xattrs(source: Path, temp: str) -> None:
    """Extended attributes (POSIX ACLs live there); best effort."""
    try:
        names = os.listxattr(source)
    except (OSError, AttributeError):
        return
    for name in names:
        try:
            os.setxattr(temp, name, os.getxattr(source, name))
        except OSError:
            pass


def _copy_in_place(target: Path, data: bytes, temp: str) -> None:
    """Overwrite the target's own inode with `data`; the old bytes come back on failure."""
    with open(target, "r+b") as stream:
        old = stream.read()
        try:
            _overwrite(stream, data)
        except OSError as exc:
            try:
                _overwrite(stream, old)
            except OSError:
                kept = _keep(temp)
                raise PartialWrite(exc.errno, f"{describe_write_error(exc)}; файл записан не полностью, "
                                   f"полная новая версия — в {kept}", str(target)) from exc
            raise


def _keep(temp: str) -> str:
    """Rename a temporary file that is the only complete new version out of
    the stale-temp pattern (`.new`, not `.tmp`), so that no sweep removes it."""
    kept = temp[: -len(".tmp")] + ".new"
    try:
        os.replace(temp, kept)
    except OSError:
        return temp
    return kept


# `.<name>.<8 characters of mkstemp>.tmp`: the temporary files write_atomic makes
_TEMP_RE = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
STALE_AFTER = 60.0          # seconds; a live writer's temporary file is younger (it is being written)
_SWEPT: set[str] = set()    # folders already swept by this process


def sweep_stale_temps(folder: str | os.PathLike, now: float | None = None) -> list[str]:
    """Remove this tool's own temporary files left in `folder` by a run that
    was killed (SIGKILL, a power cut: no handler ran): regular files of ours
    named like write_atomic's, untouched for STALE_AFTER seconds. Once per
    folder per process (a report writes thousands of files into one folder);
    best effort. Returns the names removed."""
    import time

    key = os.path.realpath(folder)
    if key in _SWEPT:
        return []
    _SWEPT.add(key)
    limit = (time.time() if now is None else now) - STALE_AFTER
    removed = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not _TEMP_RE.fullmatch(entry.name):
                    continue
                try:
                    info = entry.stat(follow_symlinks=False)
                    if stat.S_ISREG(info.st_mode) and info.st_uid == os.geteuid() and info.st_mtime < limit:
                        os.unlink(entry.path)
                        removed.append(entry.name)
                except OSError:
                    continue
    except OSError:
        pass
    return removed


def _overwrite(stream, data: bytes) -> None:
    stream.seek(0)
    stream.write(data)
    stream.truncate()
    stream.flush()
    os.fsync(stream.fileno())


def _sync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def describe_write_error(exc: OSError) -> str:
    """A short Russian reason for an OSError met while writing (the OS speaks English)."""
    if isinstance(exc, WriteProblem):
        return exc.strerror
    reasons = {
        errno.ENOSPC: "на диске нет места",
        errno.EDQUOT: "превышена дисковая квота",
        errno.EROFS: "файловая система только для чтения",
        errno.EACCES: "нет прав на запись",
        errno.EPERM: "нет прав на запись",
        errno.ENOENT: "папки нет",
        errno.ENOTDIR: "на пути стоит файл, а не папка",
        errno.EISDIR: "это папка, а не файл",
        errno.ELOOP: "ссылки указывают друг на друга по кругу",
        errno.ENAMETOOLONG: "слишком длинное имя файла",
        errno.EIO: "ошибка ввода-вывода диска",
    }
    return reasons.get(exc.errno) or f"ошибка ввода-вывода ({exc.strerror or exc})"


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Whether two paths name one file (through links, `..`, or different spellings)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def input_clash(output: str | os.PathLike, inputs) -> str | os.PathLike | None:
    """The input file that writing `output` would replace, or None.

    The one guard every command runs on every path it writes (`lint
    --output`, `report --out`, `import --out`, …): the tool never writes over
    a file it was given to read — not through a symlink, a hard link, `..`
    or another spelling either, and not when `output` is a dangling symlink
    or a path under a symlinked folder that leads to an input.
    """
    return next((path for path in inputs if same_file(path, output)), None)
