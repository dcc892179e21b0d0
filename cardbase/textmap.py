"""Where each line of a card's text stands in its YAML file, and its comments.

ruamel.yaml gives the start and end of every node (`Node.start_mark`,
`end_mark`, 0-based) and its style (`|`, `>`, `'`, `"` or plain); the
round-trip `CommentedMap` exposes the same start as `.lc.value(key)`. It does
not give a position per line inside a scalar, so this module reads the file's
own lines next to the node:

* literal block (`text: |-`): text line i is file line header+1+i, column =
  the block's indentation + 1. Exact.
* one-line plain or quoted scalar: the node's start (+1 after an opening
  quote). Exact; in a quoted one the escapes (`''`, `\\"`, `\\u00ab`) make
  later characters stand further right, and `TextLine.escapes` says by how
  much, so `Card.locate` is exact there too.
* folded (`>`) and multi-line flow scalars: each text line is searched for in
  the file lines of the node; if not found it gets the node's start.

Comments. ruamel attaches an end-of-line comment to the key before it
(`map.ca.items[key][2]`, a CommentToken that also swallows the comment lines
after it) and a comment after a block header (`|-  # ...`) to
`map.ca.items[key][3]`; comments on the lines of a block scalar do not exist:
there a `#` is text. Rather than untangle those tokens, this module scans the
file lines, with three places a comment counts for a card's text:

1. at the end of a one-line text's file line: `text: '...'  # noqa: BJ101`;
2. after a block header: `text: |-  # noqa: BJ101` (the whole text);
3. on the comment lines directly below the text (blank lines between are
   allowed), indented at least like the `text:` key — so a comment at column 1
   above the next `- id:` is not taken. `# noqa[2]: BJ101` targets text line 2.

`TextLine.comment` holds every comment that applies to the line (several are
joined with two spaces); `Card.noqa_comments` holds each noqa comment once,
with its own position and the text line it targets (None = whole text).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from berserk_judge.cardbase.model import NoqaComment, TextLine
from berserk_judge.cardbase.noqa import parse_noqa_all

# The line breaks ruamel's reader counts (YAML 1.1 legacy included), so file
# line numbers agree with its marks.
_BREAK_RE = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")
_HEADER_COMMENT_RE = re.compile(r"^[|>][-+0-9]*\s+(#.*)$")
_EOL_COMMENT_RE = re.compile(r"^\s+(#.*)$")


def split_lines(source: str) -> list[str]:
    """File lines as ruamel counts them, without their breaks."""
    return _BREAK_RE.split(source)


@dataclass
class TextMap:
    """The located text lines of one scalar, its noqa comments, and oddities."""

    lines: list[TextLine] = field(default_factory=list)
    noqa: list[NoqaComment] = field(default_factory=list)
    # (line, column, Russian message) for noqa comments that point nowhere
    problems: list[tuple[int, int, str]] = field(default_factory=list)


def map_text(text: str, node, file_lines: list[str], key_column: int) -> TextMap:
    """Locate every line of `text` (the value of `node`) in `file_lines`.

    `key_column` is the 0-based column of the `text:` key.
    """
    parts = text.split("\n")
    style = node.style
    start_line, start_col = node.start_mark.line, node.start_mark.column
    positions: list[tuple[int, int]]  # 0-based (line, column) of each part
    comments: list[tuple[int, int, str, int | None]] = []  # line, col, text, part or None
    if style == "|":
        positions, content_indent = _literal_positions(parts, start_line, file_lines)
        header = _line(file_lines, start_line)[start_col:]
        match = _HEADER_COMMENT_RE.match(header)
        if match:
            comments.append((start_line, start_col + match.start(1), match.group(1), None))
        last_line = start_line + len(parts)
    else:
        first = (start_line, start_col + (1 if style in ("'", '"') else 0))
        if len(parts) == 1:
            positions = [first]
        else:
            positions = _searched_positions(parts, first, node.end_mark.line, file_lines)
        end_line, end_col = node.end_mark.line, node.end_mark.column
        if style == ">":
            last_line = max(start_line, end_line - 1)
        else:
            last_line = end_line
            match = _EOL_COMMENT_RE.match(_line(file_lines, end_line)[end_col:])
            if match:
                comments.append((end_line, end_col + match.start(1), match.group(1), len(parts) - 1))
    comments.extend(_comments_below(file_lines, last_line + 1, key_column))

    result = TextMap()
    attached: list[list[str]] = [[] for _ in parts]
    columns = None
    if style in ("'", '"') and node.end_mark.line == start_line:
        raw = _line(file_lines, start_line)[start_col + 1:node.end_mark.column - 1]
        columns = quoted_columns(raw, style, text) if raw != text else None
    offset = 0
    for index, part in enumerate(parts):
        line, col = positions[index]
        escapes: tuple[tuple[int, int], ...] = ()
        if columns is not None:
            line, col = start_line, start_col + 1 + columns[offset]
            escapes = _escapes(columns, offset, len(part))
        result.lines.append(TextLine(part, offset, line + 1, col + 1, escapes=escapes))
        offset += len(part) + 1
    everywhere = list(range(len(parts)))
    for line, col, comment, part_index in comments:
        noqas = parse_noqa_all(comment)
        targets: set[int] = set() if noqas else set(everywhere if part_index is None else [part_index])
        for codes, number in noqas:
            text_line = part_index
            if number is not None:
                if not 1 <= number <= len(parts):
                    result.problems.append((line + 1, col + 1,
                        f"noqa[{number}]: в тексте карты нет строки {number}; "
                        f"ожидается номер от 1 до {len(parts)}"))
                    continue
                text_line = number - 1
            targets.update(everywhere if text_line is None else [text_line])
            result.noqa.append(NoqaComment(codes, line + 1, col + 1, comment, text_line))
        for target in sorted(targets):
            if comment not in attached[target]:
                attached[target].append(comment)
    if comments:   # most texts have none: their lines stand as built, without a comment
        result.lines = [
            TextLine(tl.text, tl.offset, tl.line, tl.column, "  ".join(attached[i]) or None, tl.escapes)
            for i, tl in enumerate(result.lines)
        ]
    return result


# a double-quoted escape: how many hex digits follow its letter
_ESCAPE_LENGTHS = {"x": 2, "u": 4, "U": 8}


def quoted_columns(raw: str, style: str, text: str) -> list[int] | None:
    """For a one-line quoted scalar written `raw` (between its quotes), the
    index in `raw` of each character of `text`, and len(raw) after the last;
    None when walking the escapes does not give `text` back (a form this walk
    does not know: the line start stays exact, later columns approximate)."""
    columns: list[int] = []
    at = 0
    while at < len(raw):
        columns.append(at)
        if style == "'":
            at += 2 if raw.startswith("''", at) else 1
        elif raw[at] == "\\" and at + 1 < len(raw):
            at += 2 + _ESCAPE_LENGTHS.get(raw[at + 1], 0)
        else:
            at += 1
    if len(columns) != len(text) or at != len(raw):
        return None
    for index, column in enumerate(columns):   # the plain characters must be the text's own
        if raw[column] not in "\\'" and raw[column] != text[index]:
            return None
    columns.append(len(raw))
    return columns


def _escapes(columns: list[int], offset: int, length: int) -> tuple[tuple[int, int], ...]:
    """TextLine.escapes of the text line at `offset`: where the extra file columns change."""
    out: list[tuple[int, int]] = []
    base, extra = columns[offset], 0
    for delta in range(length + 1):
        shift = columns[offset + delta] - base - delta
        if shift != extra:
            out.append((delta, shift))
            extra = shift
    return tuple(out)


def _line(file_lines: list[str], index: int) -> str:
    return file_lines[index] if 0 <= index < len(file_lines) else ""


def _literal_positions(parts, header_line, file_lines):
    """Positions in a literal block: one file line per text line."""
    indent = None
    for index, part in enumerate(parts):
        raw = _line(file_lines, header_line + 1 + index)
        if part and raw.endswith(part) and not raw[: len(raw) - len(part)].strip(" "):
            indent = len(raw) - len(part)
            break
    if indent is None:
        indent = 0
    return [(header_line + 1 + i, indent) for i in range(len(parts))], indent


def _searched_positions(parts, first, end_line, file_lines):
    """Best-effort positions for folded and multi-line flow scalars."""
    positions = [first]
    line, col = first
    for part in parts[1:]:
        found = None
        probe = part.strip()[:30]
        if probe:
            for index in range(line, max(end_line, line) + 1):
                raw = _line(file_lines, index)
                at = raw.find(probe, col if index == line else 0)
                if at >= 0:
                    found = (index, at - (len(part) - len(part.lstrip())))
                    break
        if found is None:
            found = first
        else:
            line, col = found[0], found[1] + 1
        positions.append(found)
    return positions


def _comments_below(file_lines, from_line, key_column):
    """Comment lines right below a value, indented at least like its key."""
    found = []
    index = from_line
    while index < len(file_lines):
        raw = file_lines[index]
        stripped = raw.lstrip(" ")
        if not stripped:
            index += 1
            continue
        indent = len(raw) - len(stripped)
        if not stripped.startswith("#") or indent < key_column:
            break
        found.append((index, indent, stripped.rstrip(), None))
        index += 1
    return found
