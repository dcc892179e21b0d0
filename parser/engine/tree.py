"""The typed reading tree of a feature's effect (rule 505).

Nodes compare by structure and words only; spans ride along for locations
but never make two readings differ.
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field
from typing import Union

Span = tuple[int, int]


@dataclass(frozen=True)
class Atom:
    """One ability: its words (real text) or its label (abstract text)."""

    text: str
    span: Span = field(default=(0, 0), compare=False)


@dataclass(frozen=True)
class All:
    """и: independent abilities, each played."""

    items: tuple["Node", ...]


@dataclass(frozen=True)
class Choice:
    """или: the controller plays one alternative."""

    items: tuple["Node", ...]


@dataclass(frozen=True)
class Either:
    """либо: the controller plays exactly one alternative (505.5)."""

    items: tuple["Node", ...]


@dataclass(frozen=True)
class Sequence:
    """затем: independent blocks played in order."""

    items: tuple["Node", ...]


@dataclass(frozen=True)
class Dependent:
    """при этом / ; / –: right happens only if left was carried out (505.4)."""

    left: "Node"
    right: "Node"


@dataclass(frozen=True)
class Fallback:
    """иначе: right is played if left was illegal or had no effect."""

    left: "Node"
    right: "Node"


# «этого (с)делать»: the refused action that names the left effect itself (spec §2's row, E10); the
# lexer and the builder build their patterns from it
REFUSED_THIS = r"этого\s+с?делать"
_BACK_REFERENCE = re.compile(REFUSED_THIS, re.I)


@dataclass(frozen=True)
class OpponentFallback:
    """если противник не может или не хочет: the opponent may refuse left; then right.

    `who` is None when the text says «противник»; otherwise the word naming the
    one who may refuse, as the text writes it («атакованный», «соперник»): the
    canonical form keeps it (`, если атакованный не может или не хочет, `),
    as a MAY keeps its chooser — the reader never drops text. `refused` is the
    refused action when the text names it («быть перемещен», «переместиться»),
    printed after «не хочет»; spec section 2's own «(этого сделать)» is the
    operator's wording and stays out of it. `words` is the refusal as written
    when the text uses one verb («если не хочет», «если оно не может быть
    перемещено», spec §2's OPPONENT_FALLBACK row): a real text's canonical
    form prints them (spec §4: the refusal prints its own words).
    """

    left: "Node"
    right: "Node"
    who: str | None = None
    refused: str | None = None
    words: str | None = None

    @property
    def refers_back(self) -> bool:
        """The refused action is «этого (с)делать»: the left effect itself, no action of its own —
        a real text prints it (spec §4), an abstract rendering prints the fixed form (E10)."""
        return self.refused is not None and _BACK_REFERENCE.fullmatch(self.refused) is not None


@dataclass(frozen=True)
class Condition:
    """если У — С: body happens only when the condition holds; optional else."""

    condition: str
    body: "Node"
    orelse: "Node | None" = None
    span: Span = field(default=(0, 0), compare=False)


@dataclass(frozen=True)
class May:
    """может: a player may skip what the word covers (505.6, 505.8).

    `chooser` is None when the option is the controller's («может», «вы можете»);
    otherwise the word naming who chooses, as the text writes it in the nominative
    («противник», «атакованный»): spec section 2, canonical `(противник может …)`.
    """

    body: "Node"
    chooser: str | None = None


Node = Union[Atom, All, Choice, Either, Sequence, Dependent, Fallback,
             OpponentFallback, Condition, May]

NARY = (All, Choice, Either, Sequence)
BINARY = (Dependent, Fallback, OpponentFallback)


def children(node: Node) -> tuple[Node, ...]:
    """Direct children in reading order."""
    if isinstance(node, NARY):
        return node.items
    if isinstance(node, BINARY):
        return (node.left, node.right)
    if isinstance(node, Condition):
        return (node.body,) if node.orelse is None else (node.body, node.orelse)
    if isinstance(node, May):
        return (node.body,)
    return ()


def atoms(node: Node) -> list[Atom]:
    """All abilities of a tree, in reading order."""
    if isinstance(node, Atom):
        return [node]
    out: list[Atom] = []
    for child in children(node):
        out.extend(atoms(child))
    return out


def choosers(node: Node) -> list[str]:
    """Who chooses each «может» that is not the controller's option, in reading order."""
    out: list[str] = [node.chooser] if isinstance(node, May) and node.chooser else []
    for child in children(node):
        out.extend(choosers(child))
    return out


def conditions(node: Node) -> list[Condition]:
    """All in-effect conditions of a tree, in reading order."""
    out: list[Condition] = [node] if isinstance(node, Condition) else []
    for child in children(node):
        out.extend(conditions(child))
    return out
