"""Parenthetical annotations of an effect (spec section 1).

`(воздействие «удар молота»)`, `(1 раз за бой)`, `(до конца вашего хода)`,
`(по выбору атакованного)`: they qualify the feature, they are not abilities,
so the segmenter never looks inside them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

ABILITY_TYPES = (r"заклинание|воздействие|разряд|выстрел|метание|особый\s+удар|магический\s+удар|"
                 r"добивание|подлость|удар")
_TYPE_NAME = re.compile(rf"^\s*(?:{ABILITY_TYPES})\b", re.I)
# «(воздействиеперетекание, 1 раз за ход)»: lossy text glued the heading's type to its name
_GLUED_TYPE_NAME = re.compile(r"^\s*(?:заклинание|воздействие)(?=[а-яё]{3,}\s*$)", re.I)
# («за хода», «за боя»: a typo of the case, still the limit of 116.2)
_LIMIT = re.compile(r"\b(?:раз[а]?\s+(?:за|в)\s+(?:ваш\s+|свой\s+)?(?:хода?|бо[йя])|раз\s+за\s+игру|один\s+раз|дважды"
                    r"|раз[а]?\s+в\s+течение\s+(?:вашего\s+|своего\s+|одного\s+)?(?:хода|боя|игры))\b", re.I)
_TIMED_LIMIT = re.compile(r"раз[а]?\s+(?:(?:за|в)\s+(?:ваш\s+|свой\s+)?(?:хода?|бо[йя]|игру)"
                          r"|в\s+течение\s+(?:вашего\s+|своего\s+|одного\s+)?(?:хода|боя|игры))", re.I)
_DURATION = re.compile(r"^\s*(?:до\s+(?:конца|начала|тех\s+пор)|на\s+(?:свой|весь|следующий|\d+|x|х)\b)", re.I)
_FEATURE_INSIDE = re.compile(r"\s[—–-]\s|:\s|\.\s+\S")    # a dash or colon separator, or a second sentence
_BY_CHOICE = r"по\s+(?:(?:своему|вашему|его|ее|её|их)\s+)?выбору"     # «по выбору», «по его выбору»
_CHOOSER = re.compile(rf"\b{_BY_CHOICE}\b", re.I)
# «(по вашему выбору, общему для всех целей)»: who chooses, and how the choice is made — one
# annotation (the clarification is the choice's, not an ability's words)
_CHOOSER_CLARIFIED = re.compile(rf"^\s*{_BY_CHOICE}(?:\s+\w+)?\s*,\s*(?:общему|одному|единому|одинаковому)\b[^,]*$",
                                re.I)


@dataclass
class Annotation:
    """One annotation: its kind, its text (without parentheses) and its span."""

    kind: str                    # "type_name" | "limit" | "duration" | "chooser" | "while" | "mark" | "other"
    # a parenthesised «(пока …)» is "other": spec §1 reports a while only as «Пока … —» or «…, пока …»;
    # any other parenthesis stays in the ability's words (the reader never drops text)
    text: str
    span: tuple[int, int]


def classify_annotation(inner: str) -> str:
    """The kind of a parenthetical's content."""
    if _FEATURE_INSIDE.search(inner):
        return "other"    # «(До начала вашего хода — получить {wolf} …)»: a feature's text, never dropped
    if _TYPE_NAME.match(inner) and ("«" in inner or "“" in inner or '"' in inner or len(inner.split()) <= 4):
        return "type_name"
    if _GLUED_TYPE_NAME.match(inner):
        return "type_name"
    if _LIMIT.search(inner) and (_TIMED_LIMIT.search(inner) or len(inner.split()) <= 3):
        return "limit"    # «(… можно показывать только один раз)»: a bare «один раз» in a clause is words
    if _CHOOSER.search(inner):
        return "chooser"
    if _DURATION.match(inner):
        return "duration"
    return "other"


def paren_annotations(text: str, start: int, end: int) -> list[Annotation]:
    """Annotations of one parenthesis span; "(2 раза за ход, воздействие «x»)" gives two."""
    inner_start, inner_end = start + 1, end - 1 if text[end - 1] == ")" else end
    inner = text[inner_start:inner_end]
    if _CHOOSER_CLARIFIED.match(inner) and not _FEATURE_INSIDE.search(inner):
        return [Annotation("chooser", inner.strip(), (start, end))]
    parts: list[tuple[int, int]] = []
    depth, last = 0, inner_start
    for i in range(inner_start, inner_end):
        ch = text[i]
        if ch in "«“(":
            depth += 1
        elif ch in "»”)":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append((last, i))
            last = i + 1
    parts.append((last, inner_end))
    kinds = [classify_annotation(text[s:e]) for s, e in parts]
    if len(parts) > 1 and any(k != "other" for k in kinds):
        # «(в выбранном вами порядке, 1 раз за ход)»: a limit beside a clarification; the part of
        # kind "other" keeps the whole parenthesis in the ability's words (the reader drops no text)
        return [Annotation(k, text[s:e].strip(), _strip(text, s, e)) for (s, e), k in zip(parts, kinds)]
    return [Annotation(classify_annotation(inner), inner.strip(), (start, end))]


def _strip(text: str, s: int, e: int) -> tuple[int, int]:
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e


def type_name_parts(inner: str) -> tuple[str | None, str | None]:
    """(ability type, name) of a type_name annotation's text."""
    m = re.match(rf"\s*({ABILITY_TYPES})\s*(.*)$", inner, re.I | re.S)
    if not m:
        return None, None
    name = m.group(2).strip().strip("«»“”\"").strip() or None
    return m.group(1), name
