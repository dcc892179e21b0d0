"""Russian words for why a file could not be read (the OS gives English)."""
from __future__ import annotations

import errno
import os
import stat


def describe_os_error(exc: OSError) -> str:
    """A short Russian reason for an OSError met while reading a file."""
    if isinstance(exc, FileNotFoundError):
        return "файл не найден"
    if isinstance(exc, PermissionError):
        return "нет прав на чтение"
    if isinstance(exc, IsADirectoryError):
        return "это папка, а не файл"
    if exc.errno == errno.ELOOP:
        return "ссылки указывают друг на друга по кругу"
    if exc.errno == errno.ENAMETOOLONG:
        return "слишком длинное имя файла"
    return f"ошибка ввода-вывода: {exc.strerror or exc}"


def regular_file_problem(path: str) -> str | None:
    """Why `path` is not a regular file to read (a device, a FIFO, a socket), or None.

    `/dev/zero` or a named pipe given as a card file, a config or a map would
    be read forever; they are refused before opening.
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None  # the reader reports a missing or unreadable file in its own words
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    what = ("канал (FIFO)" if stat.S_ISFIFO(mode) else "сокет" if stat.S_ISSOCK(mode)
            else "устройство" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "не обычный файл")
    return f"это {what}, а не обычный файл; ожидается файл на диске"


def broken_link(path) -> str | None:
    """Why `path` is a symlink that leads to no file or folder (Russian), or None:
    a dangling link (named with where it points) or a loop of links. A folder
    to write into that is such a link is neither «a file» nor «not found»."""
    try:
        if not os.path.islink(path):
            return None
        os.stat(path)
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "это ссылка, а ссылки указывают друг на друга по кругу"
        if exc.errno not in (errno.ENOENT, errno.ENOTDIR):
            return None
    except ValueError:
        return None
    from berserk_judge.reports.escape import visible

    try:
        target = os.readlink(path)
    except OSError:
        return "это ссылка, которая никуда не ведёт"
    return f"это ссылка на {visible(target)}, а там ничего нет"
