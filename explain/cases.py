"""What an «иначе» answers and what a refusal refuses, read from the reading tree and its words.

* «А, если выпало 4 или более, иначе Б»: the «иначе» is the else of the «если …» clause
  that closes the left side (or the trigger condition's own «если …» clause the reader
  took into the condition), not 505.6's fallback for an illegal ability;
* «…; если атакованный не может или не хочет быть перемещён — Б»: the refused action in
  the refusal's own words — the reader's `refused`, or «быть …» left at the head of the
  right side when no dash closed the refusal.
Pure functions; nothing here is written per card.
"""
from __future__ import annotations

import re

_TRAILING_CASE = re.compile(r"^(?P<body>.+?),?\s+(?P<cond>если\s+[^,;()—–]+?)\s*[.,]?\s*$", re.I | re.S)
_CASE = re.compile(r"(?<!\w)если\s+[^,;()—–]+", re.I)
_CONDITION_CASE = re.compile(r"(?<!\w)(если\s+[^,;()—–]+?)\s*[,.]?\s*$", re.I)
_REFUSED_LEAD = re.compile(r"^\s*(быть\s+[а-яё]+)\s+(?=\S)", re.I)


def answered_case(left):
    """(atom, the «если …» clauses, the ability the one clause decides) when the left side of an «иначе»
    ends with the «если …» clause(s) «иначе» answers («…, если выпало 4 или более, иначе …»; «А, если
    оба ваши, или Б, если оба противника, иначе В»); None for a plain fallback (505.6)."""
    from berserk_judge.parser import atoms

    found = atoms(left)
    if not found:
        return None
    last = found[-1]
    match = _TRAILING_CASE.match(last.text)
    if match is None:
        return None
    conds = [c.group(0).strip() for c in _CASE.finditer(last.text)]
    return last, conds, match.group("body").strip(" ,")


def condition_case(feature, left):
    """(atom, [«если …»], its words) when the trigger condition itself ends with the «если …» clause an
    «иначе» of the effect answers («При рывке …, если оно переместилось на клетку первого ряда — А, иначе Б»:
    the reader took the clause into the condition); None otherwise."""
    from berserk_judge.parser import atoms

    clause = _CONDITION_CASE.search(getattr(feature, "condition", None) or "")
    found = atoms(left)
    if clause is None or not found:
        return None
    return found[-1], [clause.group(1).strip()], found[-1].text.strip(" ,")


def refusal(node) -> tuple[str | None, str | None]:
    """(the refused action in the text's words, the right side's words when they had to be cut from it):
    the reader's `refused`, or «быть перемещён» left at the head of the right side when no dash closed
    the refusal; (None, None) when the text names no refused action."""
    from berserk_judge.parser import Atom

    refused = getattr(node, "refused", None)
    if refused:
        return refused, None
    if isinstance(node.right, Atom):
        lead = _REFUSED_LEAD.match(node.right.text)
        if lead:
            return lead.group(1), node.right.text[lead.end():].strip()
    return None, None
