"""Finding a card by id or by a half-remembered, misspelt name.

Names are compared folded: case, ё/е, hyphens and dashes, quotes and extra
spaces do not count. Close names are scored with rapidfuzz (WRatio, 0–100).
A match is clear when it is exact, or when the best score is high and well
ahead of the next one; otherwise the close cards are candidates.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardbase.model import Card, CardBase

CUTOFF = 70        # below this a name is not close at all
CLEAR = 88         # a fuzzy best match at least this good …
LEAD = 6           # … and this far ahead of the next one is taken
MAX_CANDIDATES = 10

_PUNCT = re.compile(r"[-‐‑‒–—―«»\"'„“”.,:;!?()]+")


def fold(text: str) -> str:
    """Case, ё/е, hyphens and punctuation folded; spaces collapsed."""
    text = text.casefold().replace("ё", "е")
    return " ".join(_PUNCT.sub(" ", text).split())


@dataclass
class Lookup:
    """The card found (`card`), or the close ones (`candidates`: (card, score)), or neither."""

    card: Card | None = None
    candidates: list[tuple[Card, float]] = field(default_factory=list)
    score: float = 0.0


def find_card(base: CardBase, query: str) -> Lookup:
    """A card by exact id, exact folded name, or a clearly best fuzzy name."""
    from rapidfuzz import fuzz, process

    query = query.strip()
    for card in base.cards:
        if card.id == query:
            return Lookup(card, score=100.0)
    key = fold(query)
    if not key:
        return Lookup()
    for card in base.cards:           # ids are case-insensitive too: "S1_58"
        if card.id.casefold() == query.casefold():
            return Lookup(card, score=100.0)
    names = [fold(card.name) for card in base.cards]
    exact = [card for card, name in zip(base.cards, names) if name == key]
    if len(exact) == 1:
        return Lookup(exact[0], score=100.0)
    if exact:                          # reprints: the same name in several sets
        return Lookup(candidates=[(card, 100.0) for card in exact[:MAX_CANDIDATES]])
    scored = process.extract(key, names, scorer=fuzz.WRatio, limit=MAX_CANDIDATES * 3,
                             score_cutoff=CUTOFF)
    best: dict[int, float] = {}
    for _, score, index in scored:     # several cards share a name: keep each card once
        best.setdefault(index, score)
    ranked = sorted(best.items(), key=lambda item: (-item[1], base.cards[item[0]].id))
    if not ranked:
        return Lookup()
    top_index, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    same_name = len(ranked) > 1 and names[ranked[1][0]] == names[top_index]
    if top >= CLEAR and top - second >= LEAD and not same_name:
        return Lookup(base.cards[top_index], score=round(top, 1))
    return Lookup(candidates=[(base.cards[i], round(s, 1)) for i, s in ranked[:MAX_CANDIDATES]])
