"""`r:WORDS`: a card search over the card's judges' rulings (question and answer, folded).

The rulings live in each card's stored record (the card index) or on the loaded
Card; they are read only for the cards the cheaper terms of a search left, and
each card once.
"""
from __future__ import annotations

from typing import Callable

from berserk_judge.cardbase.lookup import fold


def rulings_of(catalogue, index: int) -> list[dict]:
    """The rulings of card number `index` as plain dicts (question, answer, …)."""
    entry = catalogue.entry(index)
    ref = entry.ref
    if hasattr(ref, "rulings"):                  # a loaded cardbase.model.Card
        return [ruling.to_dict() for ruling in ref.rulings]
    if hasattr(catalogue, "record"):             # the card index: the card's stored record
        return catalogue.record(entry)["card"].get("rulings") or []
    return []


def ruling_test(catalogue, value: str) -> Callable[[int], bool]:
    """Whether the folded words `value` stand in a ruling of card number i."""
    texts: dict[int, str] = {}

    def keep(index: int) -> bool:
        if index not in texts:
            texts[index] = "\n".join(fold(f"{r.get('question', '')} {r.get('answer', '')}")
                                     for r in rulings_of(catalogue, index))
        return bool(value) and value in texts[index]

    return keep
