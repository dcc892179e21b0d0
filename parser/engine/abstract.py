"""Abstract texts as features: one feature per line or sentence.

An abstract feature may open with a trigger condition (`При С0 — С1 — С2`);
where it is followed by two dashes the end of the condition is undecided
(spec section 3, pair "condition-dash") and both readings are kept.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from berserk_judge.parser.engine.abstract_lexer import lex_abstract
from berserk_judge.parser.engine.ambiguity import PAIRS_BY_ID
from berserk_judge.parser.engine.canonical_form import canonical
from berserk_judge.parser.engine.reading import Alternative, Reading, ReadingError, read_tokens
from berserk_judge.parser.engine.tokens import Kind

# 116.3: the words a trigger condition starts with (Если opens an in-effect
# condition in abstract text, so it is not here).
_TRIGGER = re.compile(r"\s*(?:При|После|До|Когда|В\s+начале|В\s+конце)(?!\w)", re.IGNORECASE)
_DASH_CHARS = "–—-"


@dataclass
class AbstractFeature:
    """A feature of abstract text; the same attribute names as a real feature."""

    text: str
    span: tuple[int, int]
    line: int
    kind: str = "abstract"
    payment: str | None = None
    condition: str | None = None
    label: str | None = None
    ability_type: str | None = None
    effect: str = ""
    effect_span: tuple[int, int] = (0, 0)
    reading: Reading | None = None
    error: ReadingError | None = None
    granted: list = field(default_factory=list)

    @property
    def read_completely(self) -> bool:
        return self.reading is not None


def split_abstract(text: str) -> list[tuple[int, int, int]]:
    """(start, end, line) of each feature: lines, and sentences ending in '.'."""
    out = []
    offset = 0
    for number, line in enumerate(text.split("\n"), start=1):
        start = offset
        for match in re.finditer(r"[^.]+\.?", line):
            piece = match.group(0)
            if piece.strip(" .\t\r"):
                lead = len(piece) - len(piece.lstrip())
                out.append((start + match.start() + lead, start + match.end(), number))
        offset += len(line) + 1
    return out


def read_abstract(text: str) -> list[AbstractFeature]:
    """Every feature of an abstract text, read; errors are kept, never raised."""
    return [_read_one(text, start, end, line) for start, end, line in split_abstract(text)]


def _read_one(text: str, start: int, end: int, line: int) -> AbstractFeature:
    piece = text[start:end].rstrip()
    feature = AbstractFeature(piece, (start, start + len(piece)), line)
    try:
        body = piece.rstrip(".")
        skip = _read_head(feature, body)
        trigger = _TRIGGER.match(body, skip)
        alt_tokens = None
        if trigger:
            dash = re.compile(r"\s[–—-]\s|\s[–—-]$").search(body, trigger.end())
            if dash is None:
                raise ReadingError("условие срабатывания не отделено тире «—» от эффекта (116.3)",
                                   start + skip, start + len(body))
            feature.condition = body[skip:dash.start()].strip()
            tokens = lex_abstract(body[dash.end():], start + dash.end())
            if not tokens:
                raise ReadingError("после условия срабатывания нет эффекта",
                                   start + dash.start(), start + dash.end())
            alt_tokens = _second_dash_split(tokens)
        else:
            tokens = lex_abstract(body[skip:], start + skip)
        feature.effect_span = (tokens[0].start, tokens[-1].end) if tokens else (start, start)
        feature.effect = text[feature.effect_span[0]:feature.effect_span[1]]
        feature.reading = read_tokens(tokens)
        if alt_tokens is not None:
            dash_tok, rest = alt_tokens
            alt_reading = read_tokens(rest)
            if alt_reading.tree != feature.reading.tree:
                pair = PAIRS_BY_ID["condition-dash"].id
                feature.reading.alternatives.append(Alternative(
                    pair, alt_reading.tree, canonical(alt_reading.tree), (pair,),
                    text[start + skip:dash_tok.start].strip()))
    except ReadingError as error:
        feature.reading = None
        feature.error = error
    return feature


# A head before ":": a payment ("{tap}:", "X{counter}{tap}:") or a keyword label ("Строй:", "Бешенство 3:").
_HEAD = re.compile(r"\s*(?P<head>[^:«»()\[\]]*?)\s*:\s")
_LABEL = re.compile(r"[А-ЯЁA-Z][а-яёa-z]+(?:\s+\d+)?")


def _read_head(feature: AbstractFeature, body: str) -> int:
    """Record a payment or keyword label opening the feature; offset of what follows."""
    match = _HEAD.match(body + " ")
    if match is None:
        return 0
    head = match.group("head")
    if "{" in head:
        feature.payment = head
    elif _LABEL.fullmatch(head):
        feature.label = head
    else:
        return 0
    return min(match.end(), len(body))


def _second_dash_split(effect_tokens):
    """The other reading: the condition runs to the next dash (if any, at depth 0)."""
    depth = 0
    for index, tok in enumerate(effect_tokens):
        if tok.kind is Kind.LPAR:
            depth += 1
        elif tok.kind is Kind.RPAR:
            depth -= 1
        elif depth == 0 and tok.kind is Kind.DEP and tok.text.strip() in _DASH_CHARS:
            rest = effect_tokens[index + 1:]
            return (tok, rest) if rest else None
        elif depth == 0 and tok.kind is not Kind.ATOM:
            return None  # only "При С0 — С1 — С2": one ability between the dashes
    return None
