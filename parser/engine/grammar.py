"""Lark front end: connective tokens in, a policy-free surface structure out.

The surface keeps each group as a flat list of items and operators; turning
it into a tree is parser/engine/build.py's job, done once per policy. Nothing
downstream sees Lark's own tree.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Union

from lark import Lark, Transformer, v_args
from lark import Token as LarkToken
from lark.lexer import Lexer

from berserk_judge.parser.engine.tokens import Kind, Token


@dataclass(frozen=True)
class SItem:
    may: Token | None
    unit: "SUnit"


@dataclass(frozen=True)
class SGroup:
    items: tuple[SItem, ...]
    ops: tuple[Token, ...]          # len(ops) == len(items) - 1


@dataclass(frozen=True)
class SAlt:
    group: SGroup
    paired: bool                    # "Или А, или Б": split at every OR


@dataclass(frozen=True)
class SBlock:
    alts: tuple[SAlt, ...]


@dataclass(frozen=True)
class SSeq:
    blocks: tuple[SBlock, ...]


@dataclass(frozen=True)
class SCond:
    head: Token
    body: SItem
    orelse: SItem | None


SUnit = Union[Token, SSeq, SCond]


class _FedToken(LarkToken):
    """A Lark token that carries our own Token (spans and label included)."""

    __slots__ = ("source",)


class _TokenFeed(Lexer):
    """Feeds a ready token list to Lark: our lexers run before the grammar."""

    def __init__(self, lexer_conf):  # noqa: D401 - Lark's signature
        pass

    def lex(self, data, parser_state=None):
        for tok in data:
            lark_tok = _FedToken(tok.kind.value, tok.text, tok.start)
            lark_tok.source = tok
            yield lark_tok


def _src(tok: LarkToken) -> Token:
    return tok.source


@v_args(inline=True)
class _ToSurface(Transformer):
    def start(self, seq):
        return seq

    def seq(self, *parts):
        return SSeq(tuple(p for p in parts if isinstance(p, SBlock)))

    def block(self, *parts):
        return SBlock(tuple(p for p in parts if isinstance(p, SAlt)))

    def plain_alt(self, group):
        return SAlt(group, paired=False)

    def paired_alt(self, _start, group):
        return SAlt(group, paired=True)

    def group(self, *parts):
        return SGroup(tuple(parts[0::2]), tuple(parts[1::2]))

    def op(self, tok):
        return _src(tok)

    def item(self, *parts):
        if len(parts) == 2:
            return SItem(_src(parts[0]), parts[1])
        return SItem(None, parts[0])

    def atom(self, tok):
        return _src(tok)

    def paren(self, _l, seq, _r):
        return seq

    def cond(self, head, body, *rest):
        orelse = rest[1] if rest else None
        return SCond(_src(head), body, orelse)


@lru_cache(maxsize=1)
def _lark() -> Lark:
    grammar = resources.files("berserk_judge.parser.engine").joinpath("connectives.lark").read_text(encoding="utf-8")
    # The transformer runs inside the LALR parser: no intermediate Lark tree.
    return Lark(grammar, parser="lalr", lexer=_TokenFeed, maybe_placeholders=False,
                transformer=_ToSurface())


def parse_surface(tokens: list[Token]) -> SSeq:
    """Parse a token list; raises lark.exceptions.UnexpectedInput on bad input.

    Most effects are flat (abilities joined by connectives, no brackets,
    conditions or paired forms): those are put together directly, as the
    grammar would (`_flat`); the rest, and every input the grammar rejects, go
    to Lark, which builds the same structure or raises."""
    flat = _flat(tokens)
    return flat if flat is not None else _lark().parse(tokens)


_GROUP_OPS = frozenset({Kind.COMMA, Kind.AND, Kind.OR, Kind.DEP, Kind.ELSE, Kind.OPP})


def _flat(tokens: list[Token]) -> SSeq | None:
    """The surface of `[MAY] ATOM (joiner [MAY] ATOM)*` — `seq`, `block`, `plain_alt`, `group`
    and `item` of connectives.lark for THEN, EITHER and the group's operators — or None
    for anything else (brackets, conditions, paired forms, an ill-formed list)."""
    blocks: list[SBlock] = []
    alts: list[SAlt] = []
    items: list[SItem] = []
    ops: list[Token] = []
    may = None
    want_item = True
    for tok in tokens:
        kind = tok.kind
        if want_item:
            if kind is Kind.MAY and may is None:
                may = tok
            elif kind is Kind.ATOM:
                items.append(SItem(may, tok))
                may, want_item = None, False
            else:
                return None
        elif kind in _GROUP_OPS:
            ops.append(tok)
            want_item = True
        elif kind is Kind.EITHER or kind is Kind.THEN:
            alts.append(SAlt(SGroup(tuple(items), tuple(ops)), paired=False))
            items, ops, want_item = [], [], True
            if kind is Kind.THEN:
                blocks.append(SBlock(tuple(alts)))
                alts = []
        else:
            return None
    if want_item:
        return None
    alts.append(SAlt(SGroup(tuple(items), tuple(ops)), paired=False))
    blocks.append(SBlock(tuple(alts)))
    return SSeq(tuple(blocks))
