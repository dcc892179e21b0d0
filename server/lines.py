"""Offsets in a buffer ↔ LSP positions (line, character in the negotiated units).

LSP counts lines at `\\n`, `\\r\\n` and `\\r` only (not at U+2028 or U+0085,
which YAML counts), and characters in UTF-16 code units unless the client
and server agreed on UTF-8 or UTF-32. Python strings index code points, so a
column is converted only on lines that need it (any character outside the
BMP for UTF-16, any non-ASCII one for UTF-8). A long line (a flow-style card
file is one line) gets the units counted once per block of characters, so a
conversion costs a block, not the line: every finding of a 5 MB line would
otherwise count the line up to itself.
"""
from __future__ import annotations

import re
import weakref
from array import array
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"
_LSP_BREAK = re.compile(r"\r\n|\n|\r")
_ASTRAL = re.compile(r"[\U00010000-\U0010FFFF]")
BLOCK = 1024   # characters per counted block of a long line


def units(text: str, encoding: str = UTF16) -> int:
    """Length of `text` in the encoding's code units."""
    if encoding == UTF32 or text.isascii():
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text) + len(_ASTRAL.findall(text))


COMPARED_AT_ONCE = 1 << 16   # characters of the two texts compared by one slice


def common_ends(old: str, new: str) -> tuple[int, int]:
    """(prefix, suffix): how many characters the two texts share at the start
    and, past that, at the end. Compared a block of COMPARED_AT_ONCE
    characters at a time (`startswith` on a slice: C, not a look at every
    character in Python), the block that differs then halved. Halving the
    whole text from the start sliced off half of it first: 7 MB of a
    20,000-card buffer more at every keystroke."""
    limit = min(len(old), len(new))
    prefix = _shared(limit, lambda low, middle: new.startswith(old[low:middle], low))
    size_old, size_new = len(old), len(new)
    suffix = _shared(limit - prefix, lambda low, middle: new.endswith(
        old[size_old - middle:size_old - low], 0, size_new - low))
    return prefix, suffix


def _shared(limit: int, same) -> int:
    """The most characters, up to `limit`, for which `same(0, n)` holds, where
    `same(low, middle)` compares the characters from `low` to `middle` (from
    the start or from the end) and the ones before `low` are known equal."""
    at = 0
    while at < limit:
        step = min(COMPARED_AT_ONCE, limit - at)
        if same(at, at + step):
            at += step
            continue
        low, high = at, at + step - 1   # equal up to `low`; not up to `at + step`
        while low < high:
            middle = (low + high + 1) // 2
            if same(low, middle):
                low = middle
            else:
                high = middle - 1
        return low
    return at


@dataclass(frozen=True)
class Edit:
    """How a buffer differs from the one before it: `previous` is that
    buffer's index; lines before `first` are the same lines at the same
    numbers; lines from `after` on (in the old numbering) are the same lines,
    `delta` numbers further down."""

    _previous: "weakref.ref[LineIndex]"   # not kept alive by this: one buffer back is held by its user
    first: int
    after: int
    delta: int


    @property
    def previous(self) -> "LineIndex | None":
        """The buffer's index before the edit, while its holder keeps it (None after)."""
        return self._previous()


class LineIndex:
    """Line starts of a buffer, for converting offsets both ways (kept as an
    int array: 240,000 lines as a list of ints are 8.6 MB, as an array 1.9 MB)."""

    edit: Edit | None = None   # set by `after`: what changed since the buffer before

    @classmethod
    def after(cls, previous: "LineIndex | None", text: str, encoding: str = UTF16,
              ends: tuple[int, int] | None = None) -> "LineIndex":
        """The index of `text`, from the index of the buffer before it: only
        the lines between the common start and end are counted again (an edit
        to a 20,000-card file costs its lines, not 240,000 of them). A buffer
        with `\r` is counted whole."""
        if previous is None or previous.encoding != encoding or "\r" in previous.text or "\r" in text:
            return cls(text, encoding)
        old = previous.text
        # `ends`: a shared start and end known already (a change applied at known offsets)
        prefix, suffix = common_ends(old, text) if ends is None else ends
        old_end = len(old) - suffix
        starts = previous.starts
        first = bisect_right(starts, prefix) - 1             # the line holding the first change
        later = bisect_right(starts, old_end)                 # the first line starting past it
        shift = len(text) - len(old)
        stop = starts[later] - 1 + shift if later < len(starts) else len(text)   # its break, in the new text
        fresh = starts[:first + 1] if isinstance(starts, array) else array("q", starts[:first + 1])
        at = text.find("\n", starts[first], stop)
        while at != -1:
            fresh.append(at + 1)
            at = text.find("\n", at + 1, stop)
        tail = starts[later:]
        fresh.extend(map(shift.__add__, tail) if shift else tail)
        index = cls.__new__(cls)
        index.text, index.encoding, index.starts, index._blocks = text, encoding, fresh, {}
        index.edit = Edit(weakref.ref(previous), first, later, len(fresh) - len(starts))
        previous.edit = None   # one buffer back only
        return index

    def __init__(self, text: str, encoding: str = UTF16):
        self.text = text
        self.encoding = encoding
        if "\r" in text:
            self.starts = array("q", [0] + [m.end() for m in _LSP_BREAK.finditer(text)])
        else:   # the same, summed in C (a regex match object per line: 10 ms for 26,000 lines)
            self.starts = array("q", accumulate(map((1).__add__, map(len, text.split("\n")[:-1])), initial=0))
        self._blocks: dict[int, list[int]] = {}   # line → units before each block of it

    def _line_end(self, line: int) -> int:
        """Offset of the line's end (before its break)."""
        if line + 1 >= len(self.starts):
            return len(self.text)
        end = self.starts[line + 1]
        if self.text.startswith("\r\n", end - 2):
            return end - 2
        return end - 1

    def _counted(self, line: int) -> list[int]:
        """Units before each BLOCK-th character of a long line (counted once)."""
        blocks = self._blocks.get(line)
        if blocks is None:   # the break counted too (an offset inside a CRLF)
            start = self.starts[line]
            end = self.starts[line + 1] if line + 1 < len(self.starts) else len(self.text)
            blocks = [0]
            for at in range(start, end, BLOCK):
                blocks.append(blocks[-1] + units(self.text[at:min(at + BLOCK, end)], self.encoding))
            self._blocks[line] = blocks
        return blocks

    def _units_to(self, line: int, offset: int) -> int:
        """Units from the line's start to `offset` (on that line)."""
        start = self.starts[line]
        if self.encoding == UTF32 or offset - start <= BLOCK:
            return units(self.text[start:offset], self.encoding)
        whole, _ = divmod(offset - start, BLOCK)
        block_start = start + whole * BLOCK
        return self._counted(line)[whole] + units(self.text[block_start:offset], self.encoding)

    def line_of(self, offset: int) -> int:
        return bisect_right(self.starts, offset) - 1

    def line_text(self, line: int) -> str:
        """The line without its break."""
        if not 0 <= line < len(self.starts):
            return ""
        return self.text[self.starts[line]:self._line_end(line)]

    def line_length(self, line: int) -> int:
        """Characters of the line without its break (no copy of it made)."""
        if not 0 <= line < len(self.starts):
            return 0
        return self._line_end(line) - self.starts[line]

    def position(self, offset: int) -> tuple[int, int]:
        """(line, character) of a code-point offset."""
        offset = min(max(offset, 0), len(self.text))
        line = self.line_of(offset)
        return line, self._units_to(line, offset)

    def offset(self, line: int, character: int) -> int:
        """Code-point offset of a position; past the end of a line means its end."""
        if line < 0:
            return 0
        if line >= len(self.starts):
            return len(self.text)
        start, end = self.starts[line], self._line_end(line)
        character = max(character, 0)
        if self.encoding == UTF32:
            return start + min(character, end - start)
        if end - start > BLOCK:   # skip to the block holding the unit
            blocks = self._counted(line)
            whole = max(0, bisect_right(blocks, character) - 1)
            whole = min(whole, len(blocks) - 2) if len(blocks) > 1 else 0
            count, start = blocks[whole], start + whole * BLOCK
        else:
            count = 0
        text = self.text[start:min(end, start + BLOCK + 1)] if end - start > BLOCK else self.text[start:end]
        if text.isascii():
            return min(start + character - count, end)
        for index, ch in enumerate(text):
            if count >= character:
                return start + index
            count += units(ch, self.encoding)
        return start + len(text)
