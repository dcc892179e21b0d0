"""Lexer for abstract texts: abilities written С1, [С1], C1 and conditions У1.

Produces the same connective tokens as the real-text segmenter, so the
spec's worked examples and property tests run through the real grammar.
"""
from __future__ import annotations

import re

from berserk_judge.parser.engine.reading import ReadingError
from berserk_judge.parser.engine.tokens import CHOOSERS, Kind, Token
from berserk_judge.parser.engine.tree import REFUSED_THIS

_W = r"(?<!\w)"       # word start
_E = r"(?!\w)"        # word end
_DASH = r"[–—-]"
_CHOOSER_WORDS = "|".join(CHOOSERS)

# Order matters: longer connectives before the words they contain.
_RULES: list[tuple[Kind | None, str]] = [
    (None, r"\s+|\.(?=\s*$)"),
    (Kind.OPP, rf"(?:[,;]\s*)?(?:{_DASH}\s*)?{_W}если\s+(?P<who>\w+)\s+не\s+может\s+или\s+не\s+хочет{_E}"
               rf"(?:\s+этого\s+сделать{_E}|\s+(?![СCсc]\d)[^,;—–\-()\[\]]+?(?=\s*(?:,|{_DASH})))?"
               rf"(?:\s*,|\s*{_DASH})?"),   # the refused action the text names: OpponentFallback.refused
    (Kind.COND, rf"{_W}если\s+(?P<cond>[^—–\-,;()]+?)\s*{_DASH}"),
    (Kind.ELSE, rf"(?:[,;]\s*)?{_W}(?:иначе|в\s+противном\s+случае){_E}(?:\s*,|\s*{_DASH})?"),
    (Kind.DEP, rf"(?:,\s*)?{_W}при\s+(?:этом|выполнении){_E}|;|{_DASH}"),
    (Kind.THEN, rf"(?:,\s*)?{_W}затем{_E}"),
    (Kind.EITHER, rf"(?:,\s*)?{_W}либо{_E}"),
    (Kind.OR, rf"(?:,\s*)?{_W}или{_E}"),
    (Kind.AND, rf"(?:,\s*)?{_W}и{_E}"),
    (Kind.MAY, rf"{_W}(?:(?P<chooser>{_CHOOSER_WORDS})\s+|вы\s+)?(?:может|могут|можете){_E}"),
    (Kind.LPAR, r"\("),
    (Kind.RPAR, r"\)"),
    (Kind.COMMA, r","),
    (Kind.ATOM, rf"\[(?P<a1>[СCсc]\d+)\]|{_W}(?P<a2>[СCсc]\d+){_E}"),
]
_MASTER = re.compile("|".join(f"(?P<r{i}>{pattern})" for i, (_, pattern) in enumerate(_RULES)),
                     re.IGNORECASE)
# spec section 2's row and E10 write the operator «… не хочет этого сделать»; an abstract text prints
# the fixed form, a real text its own words (spec section 4)
_OPERATOR_WORDS = re.compile(rf"\s+{REFUSED_THIS}(?!\w)", re.I)
_COND_LABEL = re.compile(r"\[?([УуUu])(\d+)\]?")
_LABEL_ANYWHERE = re.compile(r"(?<!\w)\[?[СC]\d+\]?(?!\w)")

_ALT_START_FOR_OR = {None, Kind.LPAR, Kind.THEN, Kind.EITHER, Kind.EITHER_START}
_ALT_START_FOR_EITHER = {None, Kind.LPAR, Kind.THEN}


def looks_abstract(text: str) -> bool:
    """True when the text writes abilities as labels (С1, [С2], C3)."""
    return bool(_LABEL_ANYWHERE.search(text))


def _label(number_text: str, prefix: str) -> str:
    # digits without leading zeros; not int(): thousands of digits exceed Python's int-string limit
    return prefix + (number_text[1:].lstrip("0") or "0")


def lex_abstract(text: str, offset: int = 0) -> list[Token]:
    """Tokens of an abstract text; raises ReadingError at an unknown word."""
    tokens: list[Token] = []
    pos = 0
    while pos < len(text):
        match = _MASTER.match(text, pos)
        if match is None:
            end = pos + 1
            word = re.match(r"\w+", text[pos:])
            if word:
                end = pos + word.end()
            shown = text[pos:end] if end - pos <= 40 else text[pos:pos + 40] + "…"
            raise ReadingError(f"неизвестное слово «{shown}»: ожидалась способность С1, С2, … "
                               f"или связка", offset + pos, offset + end)
        index = int(match.lastgroup[1:]) if match.lastgroup.startswith("r") else None
        if index is None:  # a named inner group matched last; find the rule group
            index = next(i for i in range(len(_RULES)) if match.group(f"r{i}") is not None)
        kind = _RULES[index][0]
        start, end = match.span()
        pos = end
        if kind is None:
            continue
        prev = tokens[-1].kind if tokens else None
        value = match.group(0)
        label = None
        if kind is Kind.ATOM:
            raw = match.group("a1") or match.group("a2")
            label = _label(raw, "С")
        elif kind is Kind.COND:
            raw = match.group("cond").strip()
            cond = _COND_LABEL.fullmatch(raw)
            label = _label(cond.group(1) + cond.group(2), "У") if cond else raw
            value = raw
        elif kind is Kind.OPP and _OPERATOR_WORDS.search(value):
            value = _OPERATOR_WORDS.sub("", value)     # E10: «этого сделать» is the operator's own wording
        if kind is Kind.OPP and match.group("who").lower() != "противник":
            tokens.append(Token(kind, value, offset + start, offset + end, None, match.group("who").lower()))
            continue
        elif kind is Kind.MAY and match.group("chooser"):
            tokens.append(Token(kind, value, offset + start, offset + end, None, match.group("chooser").lower()))
            continue
        elif kind is Kind.OR and prev in _ALT_START_FOR_OR and "," not in value:
            kind = Kind.OR_START
        elif kind is Kind.EITHER and prev in _ALT_START_FOR_EITHER and "," not in value:
            kind = Kind.EITHER_START
        tokens.append(Token(kind, value, offset + start, offset + end, label))
    return tokens
