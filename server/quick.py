"""What a large buffer says before its check is done: its folds, its outline
and a hover, from the buffer alone.

The first check of a 20,000-card file takes the better part of a minute
(every text read, every rule run); folding, the outline and a hover waited
for it. A card file in block form is cut into one item per card by
server.incremental.split (a tenth of a second for 10 MB): an item's lines
are its fold; its `id:` and `name:` are read from their own lines (a plain
or quoted value on one line; an item that writes them otherwise is loaded
alone); the card under the cursor is its item loaded alone, at its own
line, and read. A buffer that is not in block form gets no quick view: the
request waits for the check.
"""
from __future__ import annotations

import json
import re
from bisect import bisect_right

from lsprotocol import types

from berserk_judge.server.analysis import Analysis
from berserk_judge.server.incremental import _stand_in, split
from berserk_judge.server.lines import LineIndex

_KEY = re.compile(r"^([ -]*)(id|name)[ \t]*:(?:[ \t]+|$)", re.M)
_PLAIN_START = set("[]{}&*!|>%@`'\"#,?")


def scalar(raw: str) -> tuple[str, int] | None:
    """(value, characters written) of a one-line scalar as written after a key
    (a comment after it allowed); None for anything else (a block, a flow
    collection, an anchor, a quote that does not close on the line)."""
    raw = raw.rstrip()
    if not raw:
        return None
    if raw[0] == "'":
        at, out = 1, []
        while True:
            close = raw.find("'", at)
            if close < 0:
                return None
            out.append(raw[at:close])
            if raw.startswith("''", close):
                out.append("'")
                at = close + 2
                continue
            rest = raw[close + 1:].lstrip()
            return ("".join(out), close + 1) if not rest or rest.startswith("#") else None
    if raw[0] == '"':
        match = re.match(r'"((?:[^"\\]|\\.)*)"', raw)
        if match is None or not (raw[match.end():].lstrip() == "" or raw[match.end():].lstrip().startswith("#")):
            return None
        try:
            return json.loads(match.group(0)), match.end()   # YAML's escapes of a name are JSON's
        except ValueError:
            return None
    if raw[0] in _PLAIN_START or raw.startswith("- "):
        return None
    cut = raw.find(" #")
    value = (raw[:cut] if cut >= 0 else raw).rstrip()
    if ": " in value or value.endswith(":"):
        return None
    return value, len(value)


class QuickView:
    """A buffer's items, for answers that cannot wait for its check."""

    def __init__(self, uri: str, path: str, version, text: str, encoding: str, scope=None):
        self.uri, self.path, self.version, self.text, self.encoding, self.scope = \
            uri, path, version, text, encoding, scope
        self.bom = 1 if text.startswith("\ufeff") else 0
        self.source = text[self.bom:]
        self.layout = split(self.source)
        self._lines: LineIndex | None = None

    @property
    def usable(self) -> bool:
        return self.layout is not None and len(self.layout.items) > 0 and "\r" not in self.source

    @property
    def lines(self) -> LineIndex:
        if self._lines is None:
            self._lines = LineIndex(self.text, self.encoding)
        return self._lines

    def _range(self, start: int, end: int) -> types.Range:
        lines = self.lines
        (line, character), (end_line, end_character) = lines.position(start), lines.position(end)
        return types.Range(types.Position(line, character), types.Position(end_line, end_character))

    def _extent(self, number: int) -> tuple[int, int]:
        """Buffer offsets of an item, trailing blanks left out."""
        bounds = self.layout.items.bounds
        start, end = bounds[number], bounds[number + 1]
        while end > start and self.source[end - 1] in "\r\n ":
            end -= 1
        return start + self.bom, end + self.bom

    def names(self, number: int) -> dict[str, tuple[str, int, int]]:
        """{"id"|"name": (value, buffer start, end of the value as written)} of an item."""
        first_line, item = self.layout.items[number]
        start = self.layout.items.bounds[number]
        found: dict[str, tuple[str, int, int]] = {}
        column = None
        for match in _KEY.finditer(item):
            prefix = match.group(1)
            if column is None:
                if "-" not in prefix:
                    return self._loaded_names(number)   # the mapping does not start on the item's line
                column = len(prefix)
            if len(prefix) != column or match.group(2) in found:
                continue
            if match.start() and "-" in prefix:
                continue   # a nested sequence's item
            line_end = item.find("\n", match.end())
            raw = item[match.end():line_end if line_end >= 0 else len(item)]
            value = scalar(raw)
            if value is None:
                return self._loaded_names(number)
            at = start + match.end() + self.bom
            found[match.group(2)] = (value[0], at, at + value[1])
        if "id" not in found or "name" not in found:
            return self._loaded_names(number)
        return found

    def _loaded_names(self, number: int) -> dict[str, tuple[str, int, int]]:
        card = self._card(number)
        if card is None:
            return {}
        out = {}
        for key, value in (("id", card.id), ("name", card.name)):
            line, column = card.field_positions.get(key, (card.line, card.column))
            at = self.lines.starts[min(line - 1, len(self.lines.starts) - 1)] + column - 1
            out[key] = (value, at, at + len(value))
        return out

    def _card(self, number: int):
        from berserk_judge.cardbase.load import load_file

        first, item = self.layout.items[number]
        try:
            loaded = load_file(self.path, None, source=_stand_in(self.layout, first, item))
        except Exception:  # noqa: BLE001 - an item the loader chokes on has no quick answer
            return None
        return loaded.cards[0] if len(loaded.cards) == 1 else None

    # -- the answers ---------------------------------------------------------------------

    def folding_ranges(self) -> list[types.FoldingRange]:
        """One fold per item (its card), as `editing.folding_ranges` makes them."""
        out = []
        for number in range(len(self.layout.items)):
            start, end = self._extent(number)
            first, last = self.lines.line_of(start), self.lines.line_of(end)
            if last > first:
                names = self.names(number)
                label = f"{names['id'][0]}: {names['name'][0]}" if {"id", "name"} <= names.keys() else None
                out.append(types.FoldingRange(start_line=first, end_line=last, kind=types.FoldingRangeKind.Region,
                                              collapsed_text=label))
        return out

    def _plain_range(self, start: int, end: int) -> dict:
        lines = self.lines
        (line, character), (end_line, end_character) = lines.position(start), lines.position(end)
        return {"start": {"line": line, "character": character}, "end": {"line": end_line, "character": end_character}}

    def symbols(self) -> list[dict]:
        """The set and its cards (no features: those come with the check), as
        plain JSON-ready mappings (20,000 DocumentSymbol objects, then their
        conversion, were most of the answer's time)."""
        from ruamel.yaml import YAML

        from berserk_judge.server.outline import set_selection

        cards = []
        for number in range(len(self.layout.items)):
            names = self.names(number)
            if not {"id", "name"} <= names.keys():
                continue
            start, end = self._extent(number)
            _, name_start, name_end = names["name"]
            selection = (max(start, min(name_start, end)), max(start, min(name_end, end)))
            name, card_id = names["name"][0], names["id"][0]
            cards.append({"name": name or card_id or "(без имени)", "detail": card_id,
                          "kind": int(types.SymbolKind.Class), "range": self._plain_range(start, end),
                          "selectionRange": self._plain_range(*selection)})
        try:
            head = YAML(typ="safe").load(self.layout.head) or {}
            given = head.get("set") if isinstance(head, dict) else None
        except Exception:  # noqa: BLE001 - a head YAML cannot read: the cards alone
            given = None
        set_id = str(given.get("id", "")) if isinstance(given, dict) else ""
        set_name = str(given.get("name", "")) if isinstance(given, dict) else ""
        first = self.layout.items.bounds[0] + self.bom
        key = set_selection(self.text, self.lines, first)
        if not cards or not (set_name or set_id):
            return cards
        return [{"name": set_name or set_id, "detail": set_id, "kind": int(types.SymbolKind.Namespace),
                 "range": self._plain_range(0, len(self.text)), "selectionRange": self._plain_range(*key),
                 "children": cards}]

    def card_analysis(self, offset: int) -> Analysis | None:
        """An analysis holding the one card whose item holds the buffer offset
        (loaded alone; no findings): enough for its hover."""
        from berserk_judge.cardbase.model import CardBase

        number = bisect_right(self.layout.items.bounds, offset - self.bom) - 1
        if not 0 <= number < len(self.layout.items):
            return None
        card = self._card(number)
        if card is None:
            return None
        return Analysis(self.uri, self.path, self.version, self.text, self.scope, CardBase(cards=[card]), [],
                        self.encoding, known_lines=self.lines)
