"""Russian words for why a file could not be read (the OS gives English)."""
from __future__ import annotations


def describe_os_error(exc: OSError) -> str:
    """A short Russian reason for an OSError met while reading a file."""
    if isinstance(exc, FileNotFoundError):
        return "файл не найден"
    if isinstance(exc, PermissionError):
        return "нет прав на чтение"
    if isinstance(exc, IsADirectoryError):
        return "это папка, а не файл"
    return f"ошибка ввода-вывода: {exc.strerror or exc}"
