"""`r:WORDS`: a card search over the card's judges' rulings (question and answer), by the words'
dictionary forms (`cardbase.lemmas`: `r:рывок` finds «рывке», «рывка»).

The rulings live in each card's stored record (the card index) or on the loaded
Card; they are read only for the cards the cheaper terms of a search left, and
each card once. `ruling_hit` gives the words around the hit of a found card, so
a list of found cards shows why each was found.
"""
from __future__ import annotations

from typing import Callable

from berserk_judge.cardbase import lemmas
from berserk_judge.cardbase.lookup import fold


def rulings_of(catalogue, index: int) -> list[dict]:
    """The rulings of card number `index` as plain dicts (question, answer, …)."""
    entry = catalogue.entry(index)
    return rulings_of_entry(catalogue, entry)


def rulings_of_entry(catalogue, entry) -> list[dict]:
    """The rulings of a catalogue entry as plain dicts."""
    ref = entry.ref
    if hasattr(ref, "rulings"):                  # a loaded cardbase.model.Card
        return [ruling.to_dict() for ruling in ref.rulings]
    if hasattr(catalogue, "record"):             # the card index: the card's stored record
        return catalogue.record(entry)["card"].get("rulings") or []
    return []


def _texts(ruling: dict) -> str:
    return f"{ruling.get('question', '') or ''} {ruling.get('answer', '') or ''}"


def ruling_test(catalogue, value: str) -> Callable[[int], bool]:
    """Whether the words `value` stand in a ruling of card number i, in any form."""
    texts: dict[int, str] = {}
    folded = fold(value)

    def keep(index: int) -> bool:
        if index not in texts:
            texts[index] = "\n".join(fold(_texts(r)) for r in rulings_of(catalogue, index))
        return bool(folded) and (folded in texts[index] or lemmas.holds(value, texts[index]))

    return keep


def ruling_hit(rulings: list[dict], value: str) -> str | None:
    """The words around the first place `value` stands in the rulings («…при рывке перемещенного…»)."""
    for ruling in rulings:
        for part in (ruling.get("question") or "", ruling.get("answer") or ""):
            span = lemmas.find(value, part)
            if span is not None:
                return lemmas.around(part, span)
    return None
