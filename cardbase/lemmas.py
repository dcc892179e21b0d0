"""Words compared by their dictionary form, for `o:` and `r:` searches.

A judge types a word in one form («рывок», «перемещение») and the text or a
ruling has another («рывке», «рывка», «перемещения»). Each word of the query is
taken in its dictionary form (pymorphy3, the reader's analyser); a word of the
text matches when any of its parses has that form. A query of several words
matches where they stand together, in order. The old test — the folded query
inside the folded text, so «o:ран» still finds «ранить» — is kept beside it.
"""
from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"[0-9a-zа-яё]+", re.I)


def _fold(text: str) -> str:
    return text.casefold().replace("ё", "е")


@lru_cache(maxsize=65536)
def forms(word: str) -> frozenset[str]:
    """The dictionary forms of a folded word (every parse's), the word itself included."""
    if len(word) < 2 or not word.isalpha():
        return frozenset({word})
    from berserk_judge.parser import morph_analyzer

    return frozenset({word} | {_fold(p.normal_form) for p in morph_analyzer().parse(word)})


@lru_cache(maxsize=4096)
def query_lemmas(value: str) -> tuple[str, ...]:
    """The query's words in their dictionary form (the first parse's)."""
    from berserk_judge.parser import morph_analyzer

    out = []
    for word in _WORD.findall(_fold(value)):
        parses = morph_analyzer().parse(word) if len(word) > 1 and word.isalpha() else ()
        out.append(_fold(parses[0].normal_form) if parses else word)
    return tuple(out)


def find(value: str, text: str) -> tuple[int, int] | None:
    """The span in `text` where the query `value` stands, by dictionary form (or as typed); None
    when it does not."""
    wanted = query_lemmas(value)
    folded = _fold(text or "")
    if not wanted:
        return None
    words = list(_WORD.finditer(folded))
    size = len(wanted)
    for at in range(len(words) - size + 1):
        if all(lemma in forms(words[at + k].group(0)) or words[at + k].group(0).startswith(lemma)
               for k, lemma in enumerate(wanted)):
            return words[at].start(), words[at + size - 1].end()
    from berserk_judge.cardbase.lookup import fold as fold_words

    plain = fold_words(value)                 # as typed: «o:ран» finds «ранить» (a part of a word)
    if not plain or plain not in fold_words(text or ""):
        return None
    at = folded.find(_fold(value).strip())
    return (at, at + len(value.strip())) if at >= 0 else (0, 0)


def holds(value: str, text: str) -> bool:
    """Whether the query stands in the text, in any form of its words."""
    return find(value, text) is not None


def around(text: str, span: tuple[int, int], width: int = 40) -> str:
    """The words around a hit, one line: «…закрытие в рывке после…»."""
    start, end = span
    left = max(0, start - width)
    right = min(len(text), end + width)
    while left > 0 and not text[left - 1].isspace():
        left -= 1
    while right < len(text) and not text[right].isspace():
        right += 1
    shown = " ".join(text[left:right].split())
    return ("…" if left > 0 else "") + shown + ("…" if right < len(text) else "")
