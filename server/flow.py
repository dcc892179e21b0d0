"""A card file written in flow style, cut into one item per card, each card
placed on a line of its own.

`cards: [{…}, {…}]`, or a whole file that is one mapping (JSON, which YAML
reads: `{"set": …, "cards": [{…}, …]}`), often on one line of megabytes.
An edit in one card moves every card after it along that line: with the
loader's own places (line, column) each of them was a new card whose
findings and diagnostics were made again, and a 5 MB line cost 20–40 s a
keystroke. Here the items are found by their brackets (strings skipped), and
each is composed alone in a stand-in that puts it at column 2 of a line of
its own: card k's places are counted from a *virtual* line, the one its item
starts, and stay the same however the line moves around it.

`FlowLayout.marks()` gives the buffer offset where each virtual line starts
(the head's own lines, then per item: the character before its `{`, then
its own line breaks): every place of the analysis goes through it
(server.analysis.Analysis.marks), so ranges land in the buffer exactly. The
loader's messages that quote a line number (a repeated key, a repeated id)
are made at the item's real line.

Anything the cut cannot be sure of gives None, and the whole buffer is
loaded as `lint` loads it: a comment, an anchor, alias, tag or explicit key
where a node starts, a document marker, breaks other than `\\n`/`\\r\\n`, an
item that is not a mapping, text between items other than commas.
"""
from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from collections.abc import Sequence

# where a node may start: after a blank, a flow indicator or `:` (a quote inside a plain scalar is text)
_TOKEN = re.compile(
    r"""(?<![^\s\[\]{},:])"(?:[^"\\]|\\.)*\""""
    r"""|(?<![^\s\[\]{},:])'(?:[^']|'')*'"""
    r"|[\[\]{}]"
    r"|(?<![^\s\[\]{},:])[&*!?|>%@`#]",
    re.S)
_BLOCK_CARDS = re.compile(r"^cards[ \t]*:[ \t]*(?=\[)", re.M)
_FLOW_START = re.compile(r"\A(?:[ \t\r\n]|#[^\n]*\n)*\{")
_FLOW_KEY = re.compile(r"""[{,][ \t\r\n]*(?:"cards"|'cards'|cards)[ \t\r\n]*:[ \t\r\n]*(?=\[)""")
_GAP = re.compile(r"[ \t\r\n]*,[ \t\r\n]*\Z")
_BLANK = re.compile(r"[ \t\r\n]*\Z")


def _unsure(source: str) -> bool:
    from berserk_judge.server.incremental import _unsure as unsure

    return unsure(source)


class FlowItems(Sequence):
    """(0-based virtual first line, text) of each item, cut from the buffer when asked for."""

    __slots__ = ("source", "numbers", "starts", "ends")

    def __init__(self, source: str, numbers: array, starts: array, ends: array):
        self.source, self.numbers, self.starts, self.ends = source, numbers, starts, ends

    def __len__(self) -> int:
        return len(self.numbers)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[number] for number in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.numbers[index], self.source[self.starts[index]:self.ends[index]]

    def __iter__(self):
        source, starts, ends = self.source, self.starts, self.ends
        for index, number in enumerate(self.numbers):
            yield number, source[starts[index]:ends[index]]


class FlowLayout:
    """A flow-style card file: its head (up to the `[` of the cards), the items
    on their virtual lines, and what closes the stand-ins."""

    def __init__(self, source: str, opened: int, closed: int, starts: array, ends: array, json_like: bool):
        self.source = source
        self.head = source[:opened + 1]                 # up to and including the `[`
        self.head_lines = self.head.count("\n") + 1     # 1-based virtual line of the head's last line
        self.closing = "]}" if json_like else "]"       # what closes a stand-in's brackets
        self.tail = source[closed:]                     # from the `]` on
        self.tail_line = 0
        numbers = array("q")
        line = self.head_lines   # 0-based number of the first item's virtual line
        for start, end in zip(starts, ends):
            numbers.append(line)
            line += source.count("\n", start, end) + 1
        self.items = FlowItems(source, numbers, starts, ends)
        self._marks: array | None = None

    # -- stand-ins ------------------------------------------------------------------

    def stand_in(self, first: int, text: str) -> str:
        """The head, the item at column 2 of virtual line `first` (0-based), closed."""
        return self.head + "\n" * max(0, first + 1 - self.head_lines) + " " + text + self.closing

    def run(self, first: int, texts: list[str]) -> str:
        """Items on their virtual lines one after another (`,` and a break between), from line `first`."""
        return self.head + "\n" * max(0, first + 1 - self.head_lines) + " " + ",\n ".join(texts) + self.closing

    def around(self) -> str:
        """The file without its items: the head's and the tail's problems."""
        return self.head + self.tail

    # -- places ---------------------------------------------------------------------

    def marks(self) -> array:
        """Buffer offset (of the source, without a BOM) where each virtual line starts."""
        if self._marks is None:
            source = self.source
            out = array("q", [0])
            at = source.find("\n", 0, len(self.head))
            while at != -1:
                out.append(at + 1)
                at = source.find("\n", at + 1, len(self.head))
            for start, end in zip(self.items.starts, self.items.ends):
                out.append(start - 1)   # column 2 of the stand-in is the item's `{`
                at = source.find("\n", start, end)
                while at != -1:
                    out.append(at + 1)
                    at = source.find("\n", at + 1, end)
            self._marks = out
        return self._marks

    def real_line(self, virtual: int) -> int:
        """The buffer's 1-based line of a 1-based virtual line."""
        marks = self.marks()
        offset = marks[min(max(virtual, 1), len(marks)) - 1]
        return self.source.count("\n", 0, offset) + 1

    def flow_windows(self, analysis):
        """Each card's item for server.cardwindow: its flow mapping in the file's own brackets."""
        from berserk_judge.server.cardwindow import Windows

        if self.source is not analysis.source and self.source != analysis.source:
            return None
        return Windows(self.items.starts, self.items.ends, self.items.numbers, self.head + " ",
                       ",\n#~berserk-judge: card~\n ", self.closing, breaks=False)


def split_flow(source: str, previous: FlowLayout | None = None) -> FlowLayout | None:
    """The flow layout of a card file, None when it is not one the cut is sure
    of. With the layout of the buffer before an edit: when the edit stays
    inside one item that is still one mapping, only that item is scanned again
    (a 5 MB line was scanned whole at every keystroke: 0.4 s)."""
    if previous is not None:
        again = _after_edit(source, previous)
        if again is not None:
            return again
    if _unsure(source):
        return None
    json_like = False
    found = list(_BLOCK_CARDS.finditer(source))
    if len(found) == 1:
        opened = found[0].end()
        scan_from = opened
    elif not found and _FLOW_START.match(source):
        json_like = True
        scan_from = _FLOW_START.match(source).end() - 1
        opened = _top_key(source, scan_from)
        if opened is None:
            return None
    else:
        return None
    if _head_unsure(source, opened, json_like):
        return None
    starts, ends = array("q"), array("q")
    depth = 0
    previous = opened + 1
    closed = None
    for token in _TOKEN.finditer(source, opened):
        text = token.group()
        first = text[0]
        if first in "\"'":
            continue
        if first in "[{":
            if depth == 1:
                if first != "{":
                    return None   # an item that is not a mapping
                gap = source[previous:token.start()]
                if not (_BLANK.match(gap) if not starts else _GAP.match(gap)):
                    return None
                starts.append(token.start())
            depth += 1
        elif first in "]}":
            depth -= 1
            if depth == 1:
                if first != "}":
                    return None
                ends.append(token.end())
                previous = token.end()
            elif depth == 0:
                gap = source[previous:token.start()]
                if first != "]" or not (_BLANK.match(gap) or (starts and _GAP.match(gap))):
                    return None
                closed = token.start()
                break
        else:
            return None   # a comment, an anchor, alias, tag or explicit key: unsure
    if closed is None or not starts or len(starts) != len(ends):
        return None
    if _tail_unsure(source, closed):
        return None
    return FlowLayout(source, opened, closed, starts, ends, json_like)


def _after_edit(source: str, previous: FlowLayout) -> FlowLayout | None:
    """The layout of `source` from the one of the buffer before it, when they
    differ inside one item only (that item scanned again); else None."""
    from berserk_judge.server.lines import common_ends

    old = previous.source
    prefix, suffix = common_ends(old, source)
    old_end, shift = len(old) - suffix, len(source) - len(old)
    starts, ends = previous.items.starts, previous.items.ends
    number = bisect_right(starts, prefix) - 1
    if number < 0 or not (starts[number] < prefix and old_end < ends[number]):
        return None   # the edit is not inside one item (its brackets untouched)
    start, end = starts[number], ends[number] + shift
    changed = source[prefix:len(source) - suffix]
    if _unsure(changed) or "\n---" in source[max(0, prefix - 4):len(source) - suffix + 4] \
            or "\n..." in source[max(0, prefix - 4):len(source) - suffix + 4]:
        return None
    depth = 0
    for token in _TOKEN.finditer(source, start, end):
        first = token.group()[0]
        if first in "\"'":
            continue
        if first in "[{":
            depth += 1
        elif first in "]}":
            depth -= 1
            if depth == 0 and token.end() != end:
                return None   # the item closes before its end
        else:
            return None
        if depth <= 0 and token.end() != end:
            return None
    if depth != 0 or source[start] != "{" or source[end - 1] != "}":
        return None
    layout = FlowLayout.__new__(FlowLayout)
    layout.source, layout.head, layout.head_lines = source, previous.head, previous.head_lines
    layout.closing, layout.tail, layout.tail_line = previous.closing, previous.tail, 0
    new_starts = array("q", starts[:number + 1])
    new_starts.extend(map(shift.__add__, starts[number + 1:]) if shift else starts[number + 1:])
    new_ends = array("q", ends[:number])
    new_ends.append(end)
    new_ends.extend(map(shift.__add__, ends[number + 1:]) if shift else ends[number + 1:])
    breaks = changed.count("\n") - old.count("\n", prefix, old_end)
    numbers = array("q", previous.items.numbers)
    if breaks:
        for later in range(number + 1, len(numbers)):
            numbers[later] += breaks
    layout.items = FlowItems(source, numbers, new_starts, new_ends)
    layout._marks = None
    return layout


def _top_key(source: str, start: int) -> int | None:
    """The offset of the `[` of the `cards` key of the file's top mapping (from its `{`)."""
    for key in _FLOW_KEY.finditer(source, start):
        depth = 0
        for token in _TOKEN.finditer(source, start, key.start() + 1):
            first = token.group()[0]
            if token.end() > key.start() + 1 and first in "\"'":
                break   # the key's own quotes
            if first in "[{":
                depth += 1
            elif first in "]}":
                depth -= 1
        if depth == 1:
            return key.end()
    return None


def _head_unsure(source: str, opened: int, json_like: bool) -> bool:
    """Anything in the head (before the cards' `[`) the cut should not judge."""
    for token in _TOKEN.finditer(source, 0, opened):
        first = token.group()[0]
        if first in "&*!?|>%@`":
            return True
        if first == "#" and json_like:
            line_start = source.rfind("\n", 0, token.start()) + 1
            if source[line_start:token.start()].strip():
                return True   # a comment after content inside the mapping
    return False


def _tail_unsure(source: str, closed: int) -> bool:
    return any(token.group()[0] in "&*!?|>%@`" for token in _TOKEN.finditer(source, closed))


def real_places(analysis, cards) -> list:
    """Slim copies of cards placed by virtual lines, at their places in the
    buffer (the base index shows other documents where a card is)."""
    from berserk_judge.cardbase.model import Card

    lines = analysis.lines
    out = []
    for card in cards:
        at = analysis.mark(card.line, card.column)
        line = lines.line_of(at)
        position = card.field_positions.get("id")
        where = {}
        if position is not None:
            id_at = analysis.mark(*position)
            id_line = lines.line_of(id_at)
            where["id"] = (id_line + 1, id_at - lines.starts[id_line] + 1)
        out.append(Card(id=card.id, name=card.name, text=card.text, set_id=card.set_id, set_name=card.set_name,
                        path=card.path, line=line + 1, column=at - lines.starts[line] + 1, field_positions=where))
    return out


def real_columns(analysis, kept: dict) -> tuple[list, dict]:
    """The analysis's findings with the buffer's column in the one message that
    quotes a column (BJ001: «… (столбец N)»; on a virtual line N is counted from
    the card's item); a changed finding is a copy, kept by the finding between
    edits (`kept`, returned renewed) so that its diagnostic is kept too."""
    import dataclasses

    out, fresh = [], {}
    for finding in analysis.findings:
        said = f"(столбец {finding.column})"
        if finding.code == "BJ001" and said in finding.message:
            at = analysis.mark(finding.line, finding.column)
            line = analysis.lines.line_of(at)
            real = at - analysis.lines.starts[line] + 1
            if real != finding.column:
                known = kept.get(id(finding))
                if known is None or known[0] is not finding or known[1] != real:
                    known = (finding, real, dataclasses.replace(
                        finding, message=finding.message.replace(said, f"(столбец {real})")))
                fresh[id(finding)] = known
                finding = known[2]
        out.append(finding)
    return out, fresh


def virtual_item(layout: FlowLayout, virtual_line: int) -> int:
    """The item holding a 0-based virtual line."""
    return max(0, bisect_right(layout.items.numbers, virtual_line) - 1)
