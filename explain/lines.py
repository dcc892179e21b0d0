"""Lines that are not abilities: a keyword («Трупоедство.», «Прыжок, дальность 3.»)
and a class or race line («Ангел», «Герой-воин», «Речная дева»).

Both are a capitalised noun phrase of one or two words with no verb,
optionally with a parameter (a number, «на X», «, дальность N», «, где X — …»).
A class names beings, so its noun is animate (pymorphy3: «ангел», «дева»,
«страж»); a keyword names a property or an action («вампиризм», «рывок»,
«орда»). Neither has its rule in the rulebook folder, so `explain` names them
as what they are instead of explaining them as abilities.
"""
from __future__ import annotations

import re
from functools import lru_cache

_WORD = r"[А-ЯЁ][а-яё]+(?:-[А-ЯЁа-яё]+)?"
_SHAPE = re.compile(
    rf"(?P<head>{_WORD}(?:\s+(?!на\s)[А-ЯЁа-яё]+(?:-[а-яё]+)?)?)"
    r"(?:\s+(?:на\s+)?[XХ\d][\dXХ+\-−]*)?"          # Инкарнация 3, Вампиризм на X-1
    r"(?:,\s*дальность\s+\d+)?"                      # Прыжок, дальность 3
    r"(?:,\s*где\s+[XХ]\s*[—–-].*)?"                 # … , где X — …
    r"\s*\.?\s*")
# an ability type with its values («Разряд на 1-2-2, дальность 4») is an ability, not a keyword
_ABILITY_TYPE = re.compile(r"(?:разряд|выстрел|метани|заклинани|воздействи|удар|добивани|особый|магическ)", re.I)
_CLASSES = re.compile(rf"(?P<head>{_WORD}(?:\s+[А-ЯЁа-яё]+)?(?:\s*,\s*{_WORD}(?:\s+[А-ЯЁа-яё]+)?)*)\s*\.?\s*")


def _parses(word: str):
    from berserk_judge.parser import morph_analyzer

    return morph_analyzer().parse(word.casefold())


@lru_cache(maxsize=16384)
def _tags(word: str) -> tuple[frozenset[str], ...]:
    """Each parse's grammemes; once per word (every static line of every card asks again)."""
    return tuple(frozenset(p.tag.grammemes) for p in _parses(word))


def _noun_phrase(words: list[str]) -> bool:
    """Nouns, adjectives and participles only; the first noun in the nominative."""
    seen_noun = False
    for word in words:
        tags = _tags(word)
        if not any(t & {"NOUN", "ADJF", "PRTF"} for t in tags):
            return False
        if any(t & {"VERB", "INFN", "PRTS", "ADVB", "PREP", "CONJ", "PRCL"} for t in tags[:1]):
            return False
        if not seen_noun and any("NOUN" in t for t in tags):
            if not any("NOUN" in t and "nomn" in t for t in tags):
                return False
            seen_noun = True
    return seen_noun


def _animate(words: list[str]) -> bool:
    """The phrase's first noun names beings."""
    for word in words:
        tags = [t for t in _tags(word) if "NOUN" in t]
        if tags:
            return any("anim" in t and "nomn" in t for t in tags)
    return False


def line_kind(text: str, known_classes=frozenset()) -> tuple[str, str] | None:
    """('keyword', «Прыжок») or ('class', «Речная дева») for such a line; None for anything else.

    `known_classes`: class names (case-folded) of the base's class data — a class the dictionary
    does not know («Линунг», «Архаалит») is a class, not a keyword, when the base names it so."""
    text = text.strip()
    if not text or "{" in text:
        return None
    classes = _CLASSES.fullmatch(text)
    if classes:
        heads = [h.strip() for h in classes.group("head").split(",")]
        if all(h.casefold() in known_classes or (_noun_phrase(h.split()) and _animate(h.split())) for h in heads):
            return "class", ", ".join(heads)
    shape = _SHAPE.fullmatch(text)
    if shape is None:
        return None
    head = shape.group("head")
    words = head.split()
    if _ABILITY_TYPE.match(words[0]):
        return None
    if not _noun_phrase(words) or _animate(words):
        return None
    return "keyword", head


ICON_LABELS = {"{first}": "если вы ходите первым", "{second}": "если вы ходите вторым"}


def class_names(cards) -> frozenset[str]:
    """The class names a base's class data holds (the `class` field of its cards), case-folded."""
    found: set[str] = set()
    for card in cards:
        fields = getattr(card, "fields", None)
        value = (fields or {}).get("class") if isinstance(fields, dict) else (
            card.get("class") if isinstance(card, dict) else None)
        for name in value if isinstance(value, list) else ([value] if value else []):
            if isinstance(name, str) and name.strip():
                found.add(name.strip().casefold())
    return frozenset(found)
