"""Write a file so that a crash or a full disk never leaves half of it.

The data goes to a temporary file in the same folder, is flushed to disk,
and only then replaces the target with `os.replace` (atomic on one file
system): a reader sees the old file or the new one, never a truncated one.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable


def write_atomic(path: str | os.PathLike, data: bytes | str, encoding: str = "utf-8",
                 verify: Callable[[Path], None] | None = None) -> None:
    """Replace `path` with `data` (str is encoded with `encoding`); on failure the target is untouched.

    `verify(temp_path)` runs on the finished temporary file before it
    replaces the target; whatever it raises propagates and nothing is replaced.
    """
    target = Path(path)
    if isinstance(data, str):
        data = data.encode(encoding, errors="backslashreplace")
    folder = target.parent if str(target.parent) else Path(".")
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        try:
            os.chmod(temp, _mode_for(target))
        except OSError:
            pass
        if verify is not None:
            verify(Path(temp))
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


def _mode_for(target: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0666 minus the umask."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Whether two paths name one file (through links, `..`, or different spellings)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def input_clash(output: str | os.PathLike, inputs) -> str | os.PathLike | None:
    """The input file that writing `output` would replace, or None.

    The one guard every command runs on every path it writes (`lint
    --output`, `report --out`, `import --out`, …): the tool never writes over
    a file it was given to read.
    """
    return next((path for path in inputs if same_file(path, output)), None)
