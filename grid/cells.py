"""Chess-style cell names: «a1» is bottom-left, columns a, b, ... left to right.

Maps wider than 26 columns continue spreadsheet-style (z, aa, ab, ...), so any
map the parser accepts has a name for every cell.
"""
from __future__ import annotations

import re

from berserk_judge.grid.errors import CellError

Cell = tuple[int, int]  # (column, row), both 0-based, row 0 at the bottom

_NAME = re.compile(r"^([a-z]+)([0-9]+)$")
_MAX_LETTERS, _MAX_DIGITS = 4, 6


def column_letters(col: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa (bijective base 26)."""
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("a") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """Inverse of column_letters."""
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - ord("a") + 1)
    return n - 1


def cell_name(cell: Cell) -> str:
    col, row = cell
    return f"{column_letters(col)}{row + 1}"


def parse_cell_name(name: str) -> Cell:
    """Read «c4» (case-insensitive) into (2, 3); reject anything else."""
    shown = name if len(name) <= 20 else name[:20] + "…"
    match = _NAME.match(name.strip().lower())
    if not match or match.group(2).startswith("0"):
        raise CellError(
            f"неверное имя клетки «{shown}»: нужны буквы столбца и номер строки "
            "с 1, например c4 (a1 — левая нижняя клетка)"
        )
    if len(match.group(1)) > _MAX_LETTERS or len(match.group(2)) > _MAX_DIGITS:
        # no board is that large; and int() of thousands of digits hits Python's limit
        raise CellError(f"клетка «{shown}» вне любой карты: столбец — не больше {_MAX_LETTERS} букв, "
                        f"строка — не больше {_MAX_DIGITS} цифр")
    return column_index(match.group(1)), int(match.group(2)) - 1


def cell_sort_key(cell: Cell) -> tuple[int, int]:
    """Order cells as their names read: a1, a2, ..., b1, ..."""
    return cell
