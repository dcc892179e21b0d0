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
from bisect import bisect_right
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


class LineIndex:
    """Line starts of a buffer, for converting offsets both ways."""

    def __init__(self, text: str, encoding: str = UTF16):
        self.text = text
        self.encoding = encoding
        if "\r" in text:
            self.starts = [0] + [m.end() for m in _LSP_BREAK.finditer(text)]
        else:   # the same, summed in C (a regex match object per line: 10 ms for 26,000 lines)
            self.starts = list(accumulate(map((1).__add__, map(len, text.split("\n")[:-1])), initial=0))
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
