"""The canonical notation of spec section 4, and its abstract rendering.

MAY prints as the prefix `может `; when another player chooses (spec section 2, May.chooser)
the prefix names that player: `(противник может С1)`, `(атакованный может С1)`. The abstract
lexer reads the same words back, so the notation stays a fixed point.
"""
from __future__ import annotations

from berserk_judge.parser.engine.tree import (
    children, All, Atom, Choice, Condition, Dependent, Either, Fallback, May, Node,
    OpponentFallback, Sequence,
)

import re

# an in-effect timing condition prints its own opener («в конце этого хода — …», «при гибели … — …»);
# an «если» condition whose words open with such a word keeps its «если» in its words
_OWN_OPENER = re.compile(r"(?:в\s+(?:начале|конце)|при|когда|после|если)(?!\w)", re.I)

_JOINERS = {All: " и ", Choice: " или ", Either: " либо ", Sequence: ", затем "}
_BINARY = {
    Dependent: ", при этом ",
    Fallback: ", иначе ",
    OpponentFallback: ", если противник не может или не хочет, ",
}


def canonical(node: Node, atom_text=None, cond_text=None) -> str:
    """Every compound node in parentheses; a lone ability bare."""
    own_words = cond_text is None
    atom_text = atom_text or (lambda atom: atom.text)
    cond_text = cond_text or (lambda cond: cond.condition)

    def show(n: Node) -> str:
        if isinstance(n, Atom):
            return atom_text(n)
        if type(n) in _JOINERS:
            return "(" + _JOINERS[type(n)].join(show(c) for c in n.items) + ")"
        if isinstance(n, OpponentFallback) and n.words and own_words:
            return "(" + show(n.left) + f", {n.words}, " + show(n.right) + ")"   # «если не хочет» (spec §4)
        if isinstance(n, OpponentFallback) and (n.who or n.refused):
            action = " " + n.refused if n.refused and (own_words or not n.refers_back) else ""
            return ("(" + show(n.left) + f", если {n.who or 'противник'} не может или не хочет{action}, "
                    + show(n.right) + ")")
        if type(n) in _BINARY:
            return "(" + show(n.left) + _BINARY[type(n)] + show(n.right) + ")"
        if isinstance(n, May):
            who = n.chooser + " " if n.chooser else ""
            return "(" + who + "может " + show(n.body) + ")"
        if isinstance(n, Condition):
            words = cond_text(n)
            opener = "" if own_words and _OWN_OPENER.match(words) else "если "
            text = opener + words + " — " + show(n.body)
            if n.orelse is not None:
                text += ", иначе " + show(n.orelse)
            return "(" + text + ")"
        raise TypeError(f"not a reading node: {n!r}")

    return show(node)


def abstract_canonical(node: Node) -> tuple[str, list[tuple[str, str]]]:
    """Canonical form with abilities numbered С1, С2, ... and conditions У1, ...

    Returns the form and a legend of (label, words) in order of appearance
    (a condition before its body, as a reader meets them).
    """
    labels: dict[int, str] = {}
    legend: list[tuple[str, str]] = []
    counts = {"С": 0, "У": 0}

    def label(prefix: str, n: Node, words: str) -> None:
        counts[prefix] += 1
        labels[id(n)] = f"{prefix}{counts[prefix]}"
        legend.append((labels[id(n)], words))

    def visit(n: Node) -> None:
        if isinstance(n, Atom):
            label("С", n, n.text)
            return
        if isinstance(n, Condition):
            label("У", n, n.condition)
        for child in children(n):
            visit(child)

    visit(node)
    text = canonical(node, lambda a: labels[id(a)], lambda c: labels[id(c)])
    return text, legend
