"""Surface structure + policy → reading tree.

The grammar fixes затем, либо, paired forms, parentheses and in-effect
conditions. A group's flat list of и / или / "," / при этом / иначе / отказ
противника is resolved here by precedence climbing with binding powers taken
from a Policy, so each undecided pair is only a different Policy.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from berserk_judge.parser.engine.ambiguity import Policy
from berserk_judge.parser.engine.grammar import SAlt, SBlock, SCond, SGroup, SItem, SSeq
from berserk_judge.parser.engine.tokens import Kind, Token
from berserk_judge.parser.engine.tree import (
    REFUSED_THIS,
    BINARY, NARY, All, Atom, Choice, Condition, Dependent, Either, Fallback, May,
    Node, OpponentFallback, Sequence,
)


@dataclass(frozen=True)
class _MayMark:
    """Temporary marker: "может" stood right before this item (resolved per block)."""

    inner: object
    chooser: str | None = None


def build(seq: SSeq, policy: Policy, has_may: bool = True) -> Node:
    """The tree of a whole effect (or of a parenthesised part) under a policy.

    `has_may=False` (no "может" anywhere in the tokens) skips the may pass.
    """
    blocks = [_build_block(block, policy) for block in seq.blocks]
    if has_may:
        blocks = [_apply_may(b) if _has_mark(b) else b for b in blocks]
    return _nary(Sequence, blocks)


def _has_mark(node) -> bool:
    if isinstance(node, _MayMark):
        return True
    if isinstance(node, NARY):
        return any(_has_mark(child) for child in node.items)
    if isinstance(node, BINARY):
        return _has_mark(node.left) or _has_mark(node.right)
    return False  # conditions and parentheses resolve their own marks


def _build_block(block: SBlock, policy: Policy):
    return _nary(Either, [_build_alt(alt, policy) for alt in block.alts])


def _build_alt(alt: SAlt, policy: Policy):
    if not alt.paired:
        return _build_group(alt.group, policy)
    # "Или А, или Б": А and Б are the alternatives, whatever they contain.
    parts, items, ops = [], [alt.group.items[0]], []
    for op, item in zip(alt.group.ops, alt.group.items[1:]):
        if op.kind is Kind.OR:
            parts.append(SGroup(tuple(items), tuple(ops)))
            items, ops = [item], []
        else:
            ops.append(op)
            items.append(item)
    parts.append(SGroup(tuple(items), tuple(ops)))
    return _nary(Choice, [_build_group(part, policy) for part in parts])


def _build_item(item: SItem, policy: Policy):
    unit = item.unit
    if isinstance(unit, Token):
        node = Atom(unit.label or unit.text, (unit.start, unit.end))
    elif isinstance(unit, SSeq):
        node = build(unit, policy)
    else:
        node = _build_cond(unit, policy)
    return _MayMark(node, item.may.chooser) if item.may is not None else node


def _build_cond(cond: SCond, policy: Policy) -> Condition:
    body = _apply_may(_build_item(cond.body, policy))
    orelse = _apply_may(_build_item(cond.orelse, policy)) if cond.orelse else None
    end = cond.head.end
    return Condition(cond.head.label or cond.head.text, body, orelse, (cond.head.start, end))


# --- a group: commas, then precedence climbing -------------------------------

_CONNECTIVE_OF_COMMA = {Kind.AND: Kind.AND, Kind.OR: Kind.OR}
_SEGMENT_BREAKS = frozenset({Kind.DEP, Kind.ELSE, Kind.OPP})


def resolve_commas(ops: tuple[Token, ...], flip: bool) -> list[Kind]:
    """Give every bare comma the meaning of the word closing its run.

    A run closed by "или" means или; closed by "и", or by nothing, means и
    (spec section 2). With `flip`, in a segment (between при этом / иначе /
    отказ противника) holding both и and или, each run takes the other word.
    """
    kinds = [op.kind for op in ops]
    out = list(kinds)
    seg_start = 0
    for seg_end in [i for i, k in enumerate(kinds) if k in _SEGMENT_BREAKS] + [len(kinds)]:
        segment = kinds[seg_start:seg_end]
        mixed = Kind.AND in segment and Kind.OR in segment
        i = seg_start
        while i < seg_end:
            if kinds[i] is not Kind.COMMA:
                i += 1
                continue
            j = i
            while j < seg_end and kinds[j] is Kind.COMMA:
                j += 1
            closing = kinds[j] if j < seg_end else None
            meaning = Kind.OR if closing is Kind.OR else Kind.AND
            if flip and mixed:
                meaning = Kind.AND if meaning is Kind.OR else Kind.OR
            for k in range(i, j):
                out[k] = meaning
            i = j
        seg_start = seg_end + 1
    return out


def _build_group(group: SGroup, policy: Policy):
    nodes = [_build_item(item, policy) for item in group.items]
    kinds = resolve_commas(group.ops, policy.comma_flip)
    climber = _Climber(nodes, kinds, policy, group.ops)
    return climber.expr(0, frozenset())


class _Climber:
    """Precedence climbing over items[0] op[0] items[1] ... with policy powers."""

    def __init__(self, nodes, kinds, policy: Policy, ops: tuple[Token, ...] = ()):
        self.nodes, self.kinds, self.policy, self.ops = nodes, kinds, policy, ops
        self.pos = 0  # index of the next item

    def expr(self, min_power: int, stops: frozenset[Kind]):
        left = self.nodes[self.pos]
        self.pos += 1
        while self.pos <= len(self.kinds):
            kind = self.kinds[self.pos - 1]
            op = self.ops[self.pos - 1] if self.ops else None
            left_power, right_power = self.policy.power[kind]
            if kind in stops or left_power < min_power:
                break
            inner_stops = stops | self.policy.dep_stops if kind is Kind.DEP else stops
            right = self.expr(right_power, inner_stops)
            left = _combine(kind, left, right, op.chooser if op is not None else None,
                            op.text if op is not None else "")
        return left


def _combine(kind: Kind, left, right, who: str | None = None, op_text: str = ""):
    if kind is Kind.AND:
        return _nary(All, [left, right])
    if kind is Kind.OR:
        return _nary(Choice, [left, right])
    if kind is Kind.DEP:
        return Dependent(left, right)
    if kind is Kind.ELSE:
        return Fallback(left, right)
    return OpponentFallback(left, right, who, refused_action(op_text), refusal_words(op_text))


# «… не хочет быть перемещен —», «… не хочет этого делать —»: the words after «не хочет» as the
# text writes them (spec section 4: a real text's refusal prints who may refuse and what), less the
# closing mark and spec section 2's own notation «(этого сделать)» in parentheses
_REFUSED = re.compile(r"не\s+хочет\s+(?P<words>.*?)[\s,;:—–-]*$", re.S)
_OPERATOR_TAIL = re.compile(rf"\(\s*{REFUSED_THIS}\s*\)", re.I)


_BOTH_VERBS = re.compile(r"не\s+может\s+или\s+не\s+хочет", re.I)
_REFUSAL_MARKS = " \t\n,;:—–-"


def refusal_words(op_text: str) -> str | None:
    """The words of a refusal written with one verb («, если не хочет —» → «если не хочет»), or
    None for the two-verb form, which prints from its parts."""
    if not op_text or _BOTH_VERBS.search(op_text):
        return None
    words = " ".join(op_text.strip(_REFUSAL_MARKS).split())
    return words or None


def refused_action(op_text: str) -> str | None:
    """The refused action an «если … не может или не хочет …» names, or None."""
    match = _REFUSED.search(op_text)
    if match is None:
        return None
    words = " ".join(_OPERATOR_TAIL.sub(" ", match.group("words")).split())
    return words or None


def _nary(cls, parts):
    """An n-ary node, flattening children of the same operator; one part stays bare."""
    items = []
    for part in parts:
        if isinstance(part, cls):
            items.extend(part.items)
        else:
            items.append(part)
    return items[0] if len(items) == 1 else cls(tuple(items))


# --- может: the largest subtree that begins right after the word -------------

def _apply_may(node):
    """Wrap in May the largest subtree whose first item was marked (505.6).

    Walking top-down, the first node whose left spine holds a mark is the
    largest subtree starting at the marked item; blocks are separate roots,
    so "может" never crosses затем.
    """
    if isinstance(node, _MayMark):
        return _may(_apply_may(node.inner), node.chooser)
    mark = _spine_mark(node)
    if mark is not None:
        return _may(_apply_may(_strip_mark(node)), mark.chooser)
    return _map_children(node, lambda child: _apply_may(child) if _has_mark(child) else child)


# an ability's own modal word (spec §1, «Modal abilities are not options»)
_OBLIGATION = re.compile(r"(?<!\w)(?:обязан[аоы]?|должн[аоы]|должен|не\s+мо(?:жет|гут|жете))(?!\w)", re.I)


def _may(body, chooser):
    """May over `body`, except a trailing dependent ability with its own modal word: «вы можете
    показать …, при этом посмотреть …; вы обязаны взять её» keeps the obligation mandatory once the
    first ability is made — ((может (С1, при этом С2)), при этом С3) — since 505.8 covers abilities
    listed after «может», not an obligation the text states; and except trailing cases joined by
    «и»: ((может С1) и (если У1 — С2))."""
    rest, tail = _peel_obligation(body)
    if tail is not None:
        return Dependent(May(rest, chooser), tail)
    if isinstance(body, All) and isinstance(body.items[-1], Condition):
        # «может излечиться на 2, если после этого нет ран — не закрывается»: a case joined by «и»
        # to the option is decided by its condition, not by the player (spec §2 «In-effect
        # conditions»; the judges' ruling on Келе: healing is optional, being unwounded is what
        # keeps him open): ((может С1) и (если У — С2)); after «при этом» it stays the option's
        k = len(body.items)
        while k > 1 and isinstance(body.items[k - 1], Condition):
            k -= 1
        if not isinstance(body.items[k - 1], Condition):
            return All((May(_nary(All, list(body.items[:k])), chooser), *body.items[k:]))
    return May(body, chooser)


def _peel_obligation(node):
    if isinstance(node, Dependent):
        if _obliged(node.right):
            return node.left, node.right
        rest, tail = _peel_obligation(node.right)
        if tail is not None:
            return Dependent(node.left, rest), tail
    return node, None


def _obliged(node) -> bool:
    while isinstance(node, Dependent):
        node = node.left
    return isinstance(node, Atom) and _OBLIGATION.search(_BRACKETED.sub(" ", node.text)) is not None


# words in parentheses or quotes are a clarification or a granted feature, not this ability's modality
_BRACKETED = re.compile(r"\([^()]*\)|«[^«»]*»|\"[^\"]*\"|“[^“”]*”")


def _spine_mark(node) -> _MayMark | None:
    while isinstance(node, NARY + BINARY):
        node = node.items[0] if isinstance(node, NARY) else node.left
        if isinstance(node, _MayMark):
            return node
    return None


def _strip_mark(node):
    if isinstance(node, _MayMark):
        return node.inner
    if isinstance(node, NARY):
        first = _strip_mark(node.items[0])
        return _nary(type(node), [first, *node.items[1:]]) if isinstance(first, type(node)) \
            else type(node)((first, *node.items[1:]))
    if isinstance(node, BINARY):
        return replace(node, left=_strip_mark(node.left))
    return node


def _map_children(node, fn):
    if isinstance(node, NARY):
        return type(node)(tuple(fn(child) for child in node.items))
    if isinstance(node, BINARY):
        return replace(node, left=fn(node.left), right=fn(node.right))
    if isinstance(node, Condition):
        return Condition(node.condition, fn(node.body),
                         fn(node.orelse) if node.orelse is not None else None, node.span)
    if isinstance(node, May):
        return May(fn(node.body), node.chooser)
    return node
