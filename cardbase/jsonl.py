"""Reading a JSONL source line by line, with a bound on a line (`import`, `import --rulings`).

A source is read by lines, never whole: one card (or ruling) a line, each
line at most MAX_LINE_BYTES. A longer line is skipped without being kept
— the import reports it by its number — so memory stays bounded by the
longest line taken, whatever the file's size: a 60 MB card text on one line
took 2.8 GB when it was read, parsed, written and read back whole (issue 38).
JSON numbers that are not finite (NaN, Infinity, 1e999) are marked, never
taken as numbers: YAML would read `nan` back as text.
"""
from __future__ import annotations

import math
from typing import BinaryIO, Iterator

MAX_LINE_BYTES = 1 << 20          # 1 MiB: a card with its text, three hundred times the longest real one
MAX_LINE_SHOWN = "1 МиБ"          # the bound as messages name it
_CHUNK = 1 << 16


def numbered_lines(handle: BinaryIO, limit: int = MAX_LINE_BYTES) -> Iterator[tuple[int, bytes | None]]:
    """(1-based number, the line without its "\\n") of every line of a binary file; None for
    a line longer than `limit` bytes, whose bytes are read past in chunks and dropped."""
    number = 0
    while True:
        line = handle.readline(limit + 1)
        if not line:
            return
        number += 1
        if line.endswith(b"\n"):
            yield number, line[:-1]
            continue
        if len(line) <= limit:               # the last line, without a line break
            yield number, line
            continue
        del line
        while True:                          # too long: the rest of it is skipped, not kept
            rest = handle.readline(_CHUNK)
            if not rest or rest.endswith(b"\n"):
                break
        yield number, None


class NonFinite:
    """A JSON number that is not finite (NaN, Infinity, or too large for a float)."""

    __slots__ = ("written",)

    def __init__(self, written: str):
        self.written = written

    def __repr__(self) -> str:
        return self.written


def finite_float(text: str):
    """json's float hook: a float, or NonFinite for one too large to be finite (1e999)."""
    value = float(text)
    return value if math.isfinite(value) else NonFinite(text)


def holds_non_finite(value) -> NonFinite | None:
    """The first NonFinite in a field's value (itself, or an item of its list)."""
    if isinstance(value, NonFinite):
        return value
    if isinstance(value, list):
        return next((item for item in value if isinstance(item, NonFinite)), None)
    return None
