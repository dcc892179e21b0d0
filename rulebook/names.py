"""Stable names for rule passages the extracts print without a number.

The second edition of 505 opens with the payment paragraph («Если
использование составной особенности требует оплаты …») but prints no number
before it; the rulebook README and the spec call it 505.3, and `explain`
cites it on every compound feature with a payment. A passage whose text
opens with one of the words below gets that name: `rules 505.3` finds it,
and a citation of 505.3 resolves. One line per passage; the words must be
the passage's own first words (case and ё/е do not count).
"""
from __future__ import annotations

# stable name -> the first words of the unnumbered passage it names
STABLE_NAMES: dict[str, str] = {
    "505.3": "Если использование составной особенности требует оплаты",
}


def _fold(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").split())


def stable_name(text: str) -> str | None:
    """The stable name of an unnumbered passage, by its opening words (None: it has none)."""
    opening = _fold(text[:400])
    for name, words in STABLE_NAMES.items():
        if opening.startswith(_fold(words)):
            return name
    return None
