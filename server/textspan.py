"""Exact places of a card text's characters in its YAML source.

A finding points at `Card.text[start:end]`; an editor needs the characters of
the file that hold that span. `Card.locate` (cardbase/textmap.py) is exact
for literal blocks and for the first character of a one-line scalar, but an
escape (`''`, `\\"`, `\\u00ab`) or a folded line break shifts what follows.
Here the scalar is decoded again from its first character, keeping for each
character of the value the source offset and width it came from:

* literal `|` and folded `>` blocks: content lines at the block's
  indentation; a folded break becomes the space or newline YAML makes of it;
* single-quoted (`''` is one quote), double-quoted (every YAML escape,
  escaped line breaks) and plain scalars, with flow line folding.

The decoded value is compared with `Card.text`; if it differs (a tag, an
odd indentation indicator), the places fall back to `Card.locate`, so a
range is never worse than the one the CLI prints.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from array import array

# The line breaks ruamel's marks count (YAML 1.1 legacy included): the same
# set as cardbase.textmap, so a mark's line is found here exactly.
_MARK_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")
_BREAKS = "\n\r\x85\u2028\u2029"
_BLANK = " \t"
_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
            "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85",
            "_": "\xa0", "L": "\u2028", "P": "\u2029"}
_HEX = {"x": 2, "u": 4, "U": 8}
_HEADER = re.compile(r"[|>]([+-]?)([1-9]?)([+-]?)")

Piece = tuple[str, int, int]   # (character of the value, source offset, source width)


def mark_line_starts(source: str) -> list[int]:
    """Source offset of each line as ruamel numbers them (0-based)."""
    return [0] + [m.end() for m in _MARK_BREAK.finditer(source)]


def mark_offset(starts: list[int], line: int, column: int) -> int:
    """Offset of a 1-based (line, column) mark; clamped to the source."""
    index = min(max(line - 1, 0), len(starts) - 1)
    return starts[index] + max(column - 1, 0)


class TextPlaces:
    """Where each character of a card text stands in the source: offsets
    from `origin` (the scalar's first character), so a card that only moved
    keeps its places with a new origin. Kept as machine-integer arrays, and
    the ends not at all when every character is one source character wide
    (the usual case): a server keeps the places of every card of an open
    document, and lists of Python ints cost a 20,000-card file tens of MB."""

    __slots__ = ("starts", "_ends", "exact", "origin")

    def __init__(self, starts, ends, exact: bool, origin: int = 0):
        self.starts = starts if isinstance(starts, array) else _narrow(array("i", starts))
        if ends is not None and not isinstance(ends, array):
            ends = array("i", ends)
            ends = None if ends == array("i", map((1).__add__, self.starts)) else _narrow(ends)
        self._ends = ends
        self.exact = exact
        self.origin = origin

    @property
    def ends(self):
        """Offset just after character i, from origin."""
        if self._ends is not None:
            return self._ends
        return array("i", map((1).__add__, self.starts))   # (four bytes: the last one may be 65536)

    def _end(self, index: int) -> int:
        return self._ends[index] if self._ends is not None else self.starts[index] + 1

    def last_end(self) -> int:
        """The greatest end (0 when there is no character)."""
        if not self.starts:
            return 0
        return max(self._ends) if self._ends is not None else max(self.starts) + 1

    def moved(self, origin: int) -> "TextPlaces":
        return TextPlaces(self.starts, self._ends, self.exact, origin)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Source offsets of text[start:end]; an empty span is a point."""
        if not self.starts:
            return self.origin, self.origin
        last = len(self.starts) - 1
        start = min(max(start, 0), last + 1)
        at = self.starts[start] if start <= last else self._end(last)
        if end <= start:
            return at + self.origin, at + self.origin
        return at + self.origin, self._end(min(end, last + 1) - 1) + self.origin

    def index_at(self, offset: int) -> int | None:
        """The text character at a source offset (the one before it at a
        line's indentation or at a quote); None outside the scalar."""
        offset -= self.origin
        if not self.starts or offset < self.starts[0] or offset > self._end(len(self.starts) - 1):
            return None
        return max(0, bisect_right(self.starts, offset) - 1)


def _narrow(offsets: array) -> array:
    """Two bytes an offset when they all fit (a text's scalar shorter than 64 K), else four."""
    if offsets and 0 <= min(offsets) and max(offsets) < 65536:
        return array("H", offsets)
    return offsets


def text_places(source: str, starts: list[int], card) -> TextPlaces:
    """The places of `card.text` in `source` (the file as loaded, BOM removed)."""
    text = card.text or ""
    position = card.field_positions.get("text")
    pieces = None
    if position is not None and text:
        begin = mark_offset(starts, *position)
        literal = _as_written(source, starts, card, begin)
        if literal is not None:
            return literal
        try:
            pieces = _decode(source, begin, len(text), card.column - 1)
        except (IndexError, ValueError):
            pieces = None
        if pieces is not None and "".join(p[0] for p in pieces) != text:
            pieces = None
    if pieces is not None:
        return TextPlaces([p[1] - begin for p in pieces], [p[1] + p[2] - begin for p in pieces], True, begin)
    origin = begin if position is not None else 0
    located = []
    for index in range(len(text)):
        line, column = card.locate(index)
        located.append(mark_offset(starts, line, column) - origin)
    return TextPlaces(located, None, False, origin)


def _as_written(source: str, starts: list[int], card, begin: int) -> TextPlaces | None:
    """The places of a literal block or a one-line scalar whose lines stand in
    the file exactly as in the text (no escapes): where cardbase.textmap put
    them, checked character for character. None: decode it."""
    lines = card.text_lines
    if not lines or not (source.startswith("|", begin) or len(lines) == 1):
        return None
    out: list[int] = []
    for number, line in enumerate(lines):
        at = mark_offset(starts, line.line, line.column)
        if not source.startswith(line.text, at):
            return None
        out.extend(range(at - begin, at - begin + len(line.text)))
        if number + 1 < len(lines):
            out.append(at - begin + len(line.text))   # the line break
    if len(out) != len(card.text):
        return None
    return TextPlaces(out, None, True, begin)


def _decode(source: str, begin: int, length: int, key_column: int) -> list[Piece] | None:
    first = source[begin:begin + 1]
    if first in ("|", ">"):
        return _block(source, begin, length, key_column)
    if first == "'":
        return _flow(source, begin + 1, length, "'")
    if first == '"':
        return _flow(source, begin + 1, length, '"')
    if first in ("!", "&", "*", ""):
        return None   # a tag or an anchor: leave it to Card.locate
    return _flow(source, begin, length, "")


def _line_end(source: str, at: int) -> int:
    while at < len(source) and source[at] not in _BREAKS:
        at += 1
    return at


def _after_break(source: str, at: int) -> int:
    return at + (2 if source.startswith("\r\n", at) else 1)


def _flow(source: str, at: int, length: int, quote: str) -> list[Piece]:
    """A plain or quoted scalar from its first content character."""
    out: list[Piece] = []
    n = len(source)
    while at < n and len(out) < length:
        ch = source[at]
        if quote and ch == quote:
            if quote == "'" and source.startswith("''", at):
                out.append(("'", at, 2))
                at += 2
                continue
            break
        if quote == '"' and ch == "\\":
            nxt = source[at + 1]
            if nxt in _ESCAPES:
                out.append((_ESCAPES[nxt], at, 2))
                at += 2
            elif nxt in _HEX:
                width = _HEX[nxt]
                out.append((chr(int(source[at + 2:at + 2 + width], 16)), at, 2 + width))
                at += 2 + width
            elif nxt in _BREAKS:   # an escaped line break: nothing, then empty lines as newlines
                resume, empty, _ = _fold(source, _after_break(source, at + 1))
                out.extend(("\n", at, 2) for _ in range(empty))
                at = resume
            else:
                raise ValueError(f"unknown escape \\{nxt}")
            continue
        if ch in _BLANK or ch in _BREAKS:
            run = at
            while run < n and source[run] in _BLANK:
                run += 1
            if run < n and source[run] in _BREAKS:   # trailing blanks dropped, the break folded
                resume, empty, _ = _fold(source, _after_break(source, run))
                if empty:
                    out.extend(("\n", run, 1) for _ in range(empty))
                else:
                    out.append((" ", run, 1))
                at = resume
                continue
            out.extend((source[i], i, 1) for i in range(at, run))
            at = run
            continue
        out.append((ch, at, 1))
        at += 1
    return out


def _fold(source: str, at: int) -> tuple[int, int, int]:
    """After a break: (offset of the next content, empty lines skipped, its indentation)."""
    empty = 0
    n = len(source)
    while True:
        line = at
        while at < n and source[at] in _BLANK:
            at += 1
        if at < n and source[at] in _BREAKS:
            empty += 1
            at = _after_break(source, at)
            continue
        return at, empty, at - line


def _lines_after(source: str, at: int):
    """(start, end) of each line from `at` on, lazily."""
    n = len(source)
    while at <= n:
        end = _line_end(source, at)
        yield at, end
        if end >= n:
            return
        at = _after_break(source, end)


def _block(source: str, begin: int, length: int, key_column: int) -> list[Piece] | None:
    """A literal or folded block scalar from its `|`/`>` header."""
    header = _HEADER.match(source, begin)
    if header is None:
        return None
    folded = source[begin] == ">"
    digit = header.group(2)
    at = _line_end(source, begin)
    if at >= len(source):
        return []
    indent = key_column + int(digit) if digit else None
    out: list[Piece] = []
    previous = None   # kind of the last content line: "text" or "spaced"
    pending: list[int] = []   # break offsets waiting to be folded
    for start, end in _lines_after(source, _after_break(source, at)):
        raw = source[start:end]
        if indent is None:
            if not raw.strip(" "):
                pending.append(end)
                continue
            indent = len(raw) - len(raw.lstrip(" "))
        content = raw[indent:] if len(raw) >= indent and not raw[:indent].strip(" ") else None
        if content is None and raw.strip(" "):
            break   # a line indented less than the block: the block is over
        if content is None or content == "":
            pending.append(end)   # an empty line
            continue
        kind = "spaced" if content[0] in _BLANK else "text"
        if previous is not None and folded and previous == "text" and kind == "text":
            if len(pending) == 1:
                out.append((" ", pending[0], 1))
            else:
                out.extend(("\n", b, 1) for b in pending[1:])
        else:   # literal breaks, breaks around more-indented lines, empty lines before the first line
            out.extend(("\n", b, 1) for b in pending)
        pending = [end]
        out.extend((ch, start + indent + i, 1) for i, ch in enumerate(content))
        previous = kind
        if len(out) >= length:
            break
    if len(out) < length:
        out.extend(("\n", b, 1) for b in pending)
    return out[:length]
