"""The base as a whole in the editor: a card found by its name across every
file (workspace symbols), and where a card's name is used in other cards'
texts (references).

The cards come from the base index (server.workspace.BaseIndex: every card
file of the base, slim; an open document's own cards as the buffer holds
them). A card of an open document is placed exactly (its text's places in
the buffer); one of a file on disk by its id's line, and a use of a name
there by finding the name on the card's own lines of the file, read once a
request.
"""
from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types

SHOWN = 200   # workspace symbols a query answers at most


def cards_of(indexes) -> list:
    """Every card of the indexes' bases, each file once, in the bases' order."""
    out, seen = [], set()
    for index in indexes:
        for path in list(index.files):
            if path in seen:
                continue
            seen.add(path)
            out.extend(index.cards.get(path, ()))
    return out


def matching(cards: list, query: str, limit: int = SHOWN) -> list:
    """The cards whose name (or id) answers the query: an exact id or name
    first, then names starting with it, containing it, and close to it (a
    typo), each group in the base's order; at most `limit`."""
    query = query.strip()
    if not query:
        return cards[:limit]
    folded = query.casefold()
    ranked: list[tuple[int, int, object]] = []
    for number, card in enumerate(cards):
        name = card.name.casefold()
        if card.id.casefold() == folded or name == folded:
            ranked.append((0, number, card))
        elif name.startswith(folded):
            ranked.append((1, number, card))
        elif folded in name or folded in card.id.casefold():
            ranked.append((2, number, card))
    if len(ranked) < limit and len(folded) >= 3:
        from rapidfuzz import fuzz, process

        taken = {id(card) for _, _, card in ranked}
        names = [card.name.casefold() for card in cards]
        for _, score, number in process.extract(folded, names, scorer=fuzz.WRatio, limit=limit, score_cutoff=80):
            if id(cards[number]) not in taken:
                ranked.append((3, number, cards[number]))
    ranked.sort(key=lambda item: (item[0], item[1]))
    return [card for _, _, card in ranked[:limit]]


def uses(cards: list, name: str, skip=None) -> list[tuple[object, int, int]]:
    """(card, start, end) of each use of `name` in the cards' texts: the same
    words, any case, not inside a longer word; the card `skip` (the named one) left out."""
    if not name.strip():
        return []
    pattern = re.compile(r"(?<![\w-])" + r"\s+".join(map(re.escape, name.split())) + r"(?![\w-])", re.IGNORECASE)
    out = []
    for card in cards:
        if card is skip or (skip is not None and card.id == skip.id and card.path == skip.path) or not card.text:
            continue
        for found in pattern.finditer(card.text):
            out.append((card, found.start(), found.end()))
    return out


class FileTexts:
    """Card files read once a request, to place what the index does not (a use of a name)."""

    def __init__(self):
        self._texts: dict[str, str | None] = {}
        self._indexes: dict[str, object] = {}

    def text(self, path: str) -> str | None:
        if path not in self._texts:
            try:
                raw = Path(path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                raw = None
            self._texts[path] = raw[1:] if raw and raw.startswith("\ufeff") else raw
        return self._texts[path]

    def place(self, card, start: int, end: int, uri_of) -> types.Location | None:
        """Where the card's text[start:end] is in its file: the same characters
        found from the card's own line on (None when the file says otherwise)."""
        text = self.text(card.path)
        if text is None:
            return None
        index = self._lines(card.path, text)
        first = index.starts[min(max(card.line - 1, 0), len(index.starts) - 1)]
        words = card.text[start:end]
        at = text.find(words, first)
        if at < 0:   # written across lines or with escapes: the card's line
            from berserk_judge.server.diagnostics import point

            return types.Location(uri_of(card.path), types.Range(point(card.line - 1, 0), point(card.line - 1, 0)))
        (line, character), (end_line, end_character) = index.position(at), index.position(at + len(words))
        return types.Location(uri_of(card.path), types.Range(types.Position(line, character),
                                                             types.Position(end_line, end_character)))

    def _lines(self, path: str, text: str):
        from berserk_judge.server.lines import LineIndex

        known = self._indexes.get(path)
        if known is None:
            known = self._indexes[path] = LineIndex(text)
        return known
