"""The ONE table of words `rules` treats as the same when searching.

Each group lists expressions (a word, a phrase or a mark) that the rulebook
uses for one thing; a query naming any of them finds the others too, the
query's own form ranked first. Phrases match as whole phrases, word by word
in dictionary form. Latin X and Cyrillic Х are one letter everywhere
(`rulebook.search.fold`); the group below only says so for the reader.
"""
from __future__ import annotations

SYNONYMS: tuple[tuple[str, ...], ...] = (
    ("иначе", "в противном случае"),                      # spec §2: "в противном случае" ≡ "иначе"
    ("X", "Х"),                                            # Latin and Cyrillic letter
    ("закрыть", "закрытие", "закрываться", "поворот", "повернуть", "{tap}"),   # the {tap} payment
    ("при этом", ";", "—"),                                # 505.4.1, 505.4.2
)
