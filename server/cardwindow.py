"""A fix rewrites its card, not the file: each card's own YAML in the buffer.

`cardbase.write.rewrite_texts` (the writer `lint --fix` uses) composes the
whole source three times: to find the text nodes, then the old and the new
source to check that only the texts changed. For one quick fix of a
20,000-card file that was minutes. A card of a block sequence is one item
(server.incremental.split), and an item under the file's head is a YAML
file of its own in which the card's text node is written exactly as in the
whole file (the writer looks only at the node's own lines, style and
places). So the writer is given that stand-in, and the edit is the part of
the item that changed: one card costs one small file, whatever the size of
the buffer.

Many cards at once (every safe fix of a file): their items are joined under
one head, CHUNK at a time, a comment line (`_GLUE`, checked not to occur in
them) between two, so one chunk is one small file and one write. A card of
a flow-style file (`cards: [{…}, …]`, server.flow) is its flow mapping in
the file's own brackets, the items of a chunk joined by `,` and the same
comment line.

Anything the windows cannot be sure of (no layout, a card not in an item,
a stand-in the writer refuses or whose result does not split back into its
items) raises `Unplaceable`: the caller rewrites the whole buffer as before.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from lsprotocol import types

CHUNK = 256   # items one stand-in holds
_GLUE = "#~berserk-judge: card~"   # a comment line between two items of one stand-in


class Unplaceable(Exception):
    """The windows cannot be sure: rewrite the whole buffer."""


@dataclass(frozen=True)
class Windows:
    """Where each card's item is in a buffer, and how a stand-in holds items."""

    starts: object         # source offset of each item, in file order (an int sequence)…
    bounds: object         # …and of each item's end (the next one's start)
    first_lines: object    # the 0-based (loader's) line of each item's first line
    head: str              # a stand-in's text before its items
    glue: str              # between two items of one stand-in
    tail: str              # after the last one
    breaks: bool = True    # each item ends with a line break (a block item at the end of the file gets one)

    def find(self, analysis, card) -> tuple[int, int] | None:
        """(start, end) source offsets of the card's item, None when it is not one item's."""
        number = bisect_right(self.first_lines, card.line - 1) - 1
        if number < 0:
            return None
        start, end = self.starts[number], self.bounds[number]
        at = analysis.mark(card.line, card.column) - analysis.bom
        return (start, end) if start <= at < end else None


def windows_of(analysis) -> Windows | None:
    """The windows of the analysis's buffer (from the layout it was loaded by, else split again)."""
    from berserk_judge.server.incremental import Layout, split

    layout = getattr(analysis, "layout", None)
    if layout is None:
        from berserk_judge.server.flow import split_flow

        layout = split(analysis.source) or split_flow(analysis.source)
    if isinstance(layout, Layout):
        items = layout.items
        if getattr(items, "source", analysis.source) is not analysis.source and items.source != analysis.source:
            return None
        starts = items.bounds[:-1]
        return Windows(starts, items.bounds[1:], items.numbers, layout.head, _GLUE + "\n", "")
    flow = getattr(layout, "flow_windows", None)
    return flow(analysis) if flow is not None else None


def card_edits(analysis, texts: dict[str, tuple[str, str]], pause=None) -> list[types.TextEdit]:
    """The edits that give cards new texts ({id: (old, new)}) as `lint --fix`
    writes them, each card rewritten in its own item; [] when nothing changes.
    Raises `Unplaceable` (rewrite the whole buffer) and the writer's
    `WriteError` (a text that cannot be written back safely). `pause` is
    called between two chunks (server.worker)."""
    from berserk_judge.cardbase.write import rewrite_texts

    texts = {card_id: pair for card_id, pair in texts.items() if pair[0] != pair[1]}
    if not texts:
        return []
    windows = windows_of(analysis)
    if windows is None:
        raise Unplaceable()
    places = []
    for card_id in texts:
        card = analysis.card(card_id)
        place = windows.find(analysis, card) if card is not None else None
        if place is None:
            raise Unplaceable()
        places.append((place, card_id))
    places.sort()
    source = analysis.source
    edits: list[types.TextEdit] = []
    for at in range(0, len(places), CHUNK):
        if pause is not None and at:
            pause()
        chunk = places[at:at + CHUNK]
        items = [source[start:end] for (start, end), _ in chunk]
        if any(_GLUE in item for item in items):
            raise Unplaceable()
        # a block item that ends the file without a break gets one, taken off again below
        pads = ["\n" if windows.breaks and not item.endswith("\n") else "" for item in items]
        glue = windows.glue
        joined = glue.join(item + pad for item, pad in zip(items, pads))
        stand_in = windows.head + joined + windows.tail
        new = rewrite_texts(stand_in, {card_id: texts[card_id] for _, card_id in chunk})
        if not (new.startswith(windows.head) and new.endswith(windows.tail)):
            raise Unplaceable()
        parts = new[len(windows.head):len(new) - len(windows.tail)].split(glue)
        if len(parts) != len(items):
            raise Unplaceable()
        for ((start, end), _), old, part, pad in zip(chunk, items, parts, pads):
            if pad:
                if not part.endswith(pad):
                    raise Unplaceable()
                part = part[:-len(pad)]
            if part != old:
                edits.append(_edit(analysis, start, old, part))
    return edits


def _edit(analysis, start: int, old: str, new: str) -> types.TextEdit:
    """The one TextEdit that turns `old` (at source offset `start`) into `new`, cut to what differs."""
    from berserk_judge.server.diagnostics import lsp_range
    from berserk_judge.server.lines import common_ends

    prefix, suffix = common_ends(old, new)
    if prefix and old[prefix - 1] == "\r" and old[prefix:prefix + 1] == "\n":
        prefix -= 1   # never between the halves of a CRLF
    if suffix and old[len(old) - suffix - 1] == "\r" and old[len(old) - suffix] == "\n":
        suffix -= 1
    begin = start + prefix + analysis.bom
    return types.TextEdit(range=lsp_range(analysis, begin, start + len(old) - suffix + analysis.bom),
                          new_text=new[prefix:len(new) - suffix])
