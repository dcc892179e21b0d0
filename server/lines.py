"""Offsets in a buffer ↔ LSP positions (line, character in the negotiated units).

LSP counts lines at `\\n`, `\\r\\n` and `\\r` only (not at U+2028 or U+0085,
which YAML counts), and characters in UTF-16 code units unless the client
and server agreed on UTF-8 or UTF-32. Python strings index code points, so a
column is converted only on lines that need it (any character outside the
BMP for UTF-16, any non-ASCII one for UTF-8).
"""
from __future__ import annotations

import re
from bisect import bisect_right

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"
_LSP_BREAK = re.compile(r"\r\n|\n|\r")
_ASTRAL = re.compile(r"[\U00010000-\U0010FFFF]")


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
        self.starts = [0] + [m.end() for m in _LSP_BREAK.finditer(text)]

    def line_of(self, offset: int) -> int:
        return bisect_right(self.starts, offset) - 1

    def line_text(self, line: int) -> str:
        """The line without its break."""
        if not 0 <= line < len(self.starts):
            return ""
        end = self.starts[line + 1] if line + 1 < len(self.starts) else len(self.text)
        return self.text[self.starts[line]:end].rstrip("\r\n")

    def position(self, offset: int) -> tuple[int, int]:
        """(line, character) of a code-point offset."""
        offset = min(max(offset, 0), len(self.text))
        line = self.line_of(offset)
        start = self.starts[line]
        return line, units(self.text[start:offset], self.encoding)

    def offset(self, line: int, character: int) -> int:
        """Code-point offset of a position; past the end of a line means its end."""
        if line < 0:
            return 0
        if line >= len(self.starts):
            return len(self.text)
        text = self.line_text(line)
        start = self.starts[line]
        if self.encoding == UTF32 or text.isascii():
            return start + min(character, len(text))
        count = 0
        for index, ch in enumerate(text):
            if count >= character:
                return start + index
            count += units(ch, self.encoding)
        return start + len(text)
