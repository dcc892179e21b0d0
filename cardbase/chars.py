"""Characters a reader cannot see: how to name them in a message.

A message that quotes a zero-width space or a byte-order mark shows «﻿»,
which looks empty; a message naming it (`U+FEFF ZERO WIDTH NO-BREAK SPACE`)
tells the user what to delete. Control characters have no Unicode name, so
the usual ones are named here.
"""
from __future__ import annotations

import unicodedata

# Unicode gives no name() to control characters; their usual aliases.
_CONTROL_NAMES = {
    0x00: "NULL", 0x07: "BELL", 0x08: "BACKSPACE", 0x09: "CHARACTER TABULATION",
    0x0A: "LINE FEED", 0x0B: "LINE TABULATION", 0x0C: "FORM FEED", 0x0D: "CARRIAGE RETURN",
    0x1B: "ESCAPE", 0x7F: "DELETE", 0x85: "NEXT LINE",
}


def is_invisible(ch: str) -> bool:
    """Control, format, separator-of-lines, surrogate, private or unassigned characters.

    Ordinary spaces and line feeds are visible layout; tabs are not flagged
    here either (typography rules judge them).
    """
    if ch in " \n\t":
        return False
    category = unicodedata.category(ch)
    return category in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def describe_char(ch: str) -> str:
    """`U+200B ZERO WIDTH SPACE`; a control character by its usual alias."""
    code = ord(ch)
    name = unicodedata.name(ch, "") or _CONTROL_NAMES.get(code, "")
    if not name:
        category = unicodedata.category(ch)
        name = {"Cc": "управляющий символ", "Cs": "одиночный суррогат", "Co": "символ частного использования",
                "Cn": "не символ Юникода"}.get(category, "без имени")
        return f"U+{code:04X} ({name})"
    return f"U+{code:04X} {name}"


def show_invisible(message: str) -> str:
    """The message with each invisible character replaced by its name in angle brackets.
    Line by line: a printable line is kept whole, only the others are read character by
    character (a card text of 10,000 lines took 7 s here, one character at a time)."""
    if message.isprintable():
        return message
    return "\n".join(line if line.isprintable() else _named(line) for line in message.split("\n"))


def _named(line: str) -> str:
    return "".join(f"<{describe_char(ch)}>" if is_invisible(ch) else ch for ch in line)
