"""Reading a feature's effect: tokens → default tree + alternative readings.

`read_tokens` is the one entry point for abstract and real text alike; the
undecided pairs it tries come from parser/engine/ambiguity.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from lark.exceptions import UnexpectedInput

from berserk_judge.parser.engine.ambiguity import DEFAULT_POLICY, EFFECT_PAIRS
from berserk_judge.parser.engine.build import build
from berserk_judge.parser.engine.canonical_form import abstract_canonical, canonical
from berserk_judge.parser.engine.grammar import parse_surface
from berserk_judge.parser.engine.tokens import Kind, Token
from berserk_judge.parser.engine.tree import Atom, May, Node

__all__ = ["Alternative", "Reading", "ReadingError", "read_tokens", "reading_strings"]


class ReadingError(Exception):
    """Tokens the connective grammar does not accept; message is Russian."""

    def __init__(self, message: str, start: int, end: int):
        super().__init__(message)
        self.message = message
        self.start = start
        self.end = end


@dataclass
class Alternative:
    """Another reading of the same text, produced by one or more undecided pairs."""

    pair: str                      # id of the first undecided pair giving this tree
    tree: Node
    canonical: str
    pairs: tuple[str, ...] = ()    # every pair giving this same tree
    condition: str | None = None   # set when the pair moves the trigger condition's end

    @property
    def pair_ids(self) -> tuple[str, ...]:
        """Every pair giving this tree (`pairs`, or `pair` alone when it is empty)."""
        return self.pairs or (self.pair,)


@dataclass
class Reading:
    """The default tree of an effect and every distinct alternative."""

    tree: Node
    alternatives: list[Alternative] = field(default_factory=list)

    @property
    def ambiguous(self) -> bool:
        return bool(self.alternatives)

    @property
    def canonical(self) -> str:
        return canonical(self.tree)


# Bounds that keep the recursive grammar and tree builders well inside Python's
# stack (a real feature nests 3 brackets and has 20 connectives at most).
MAX_BRACKET_DEPTH = 40
MAX_CONNECTIVES = 400


def _check_size(tokens: list[Token]) -> None:
    """ReadingError for a text nested or chained too deep to read safely."""
    depth = 0
    for tok in tokens:
        if tok.kind is Kind.LPAR:
            depth += 1
            if depth > MAX_BRACKET_DEPTH:
                raise ReadingError(f"скобки вложены глубже {MAX_BRACKET_DEPTH} уровней; "
                                   "ожидается текст особенности", tok.start, tok.end)
        elif tok.kind is Kind.RPAR:
            depth -= 1
    connectives = [tok for tok in tokens if tok.kind not in (Kind.ATOM, Kind.LPAR, Kind.RPAR)]
    if len(connectives) > MAX_CONNECTIVES:
        tok = connectives[MAX_CONNECTIVES]
        raise ReadingError(f"в особенности больше {MAX_CONNECTIVES} связок; ожидается текст особенности",
                           tok.start, tok.end)


def read_tokens(tokens: list[Token]) -> Reading:
    """Read a token list; raises ReadingError with the offending span."""
    # most effects are one ability, maybe under «может»: its tree is the atom (as build()
    # makes it), and no undecided pair can apply to a text without connectives
    if len(tokens) == 1 and tokens[0].kind is Kind.ATOM:
        tok = tokens[0]
        return Reading(Atom(tok.label or tok.text, (tok.start, tok.end)))
    if len(tokens) == 2 and tokens[0].kind is Kind.MAY and tokens[1].kind is Kind.ATOM:
        tok = tokens[1]
        return Reading(May(Atom(tok.label or tok.text, (tok.start, tok.end)), tokens[0].chooser))
    if not any(tok.kind is Kind.ATOM for tok in tokens):
        start = tokens[0].start if tokens else 0
        end = tokens[-1].end if tokens else 0
        raise ReadingError("нет ни одной способности: эффект пуст", start, end)
    _check_size(tokens)
    try:
        return _read_tokens(tokens)
    except RecursionError:
        raise ReadingError("текст вложен слишком глубоко для чтения; ожидается текст особенности",
                           tokens[0].start, tokens[-1].end) from None


def _read_tokens(tokens: list[Token]) -> Reading:
    try:
        surface = parse_surface(tokens)
    except UnexpectedInput as exc:
        raise _explain(exc, tokens) from None
    kinds = {tok.kind for tok in tokens}
    has_may = Kind.MAY in kinds
    default = build(surface, DEFAULT_POLICY, has_may)
    alternatives: list[Alternative] = []
    for pair in EFFECT_PAIRS:
        if not pair.may_apply(kinds):
            continue
        tree = build(surface, pair.policy, has_may)
        if tree == default:
            continue
        for alt in alternatives:
            if alt.tree == tree:
                alt.pairs = alt.pairs + (pair.id,)
                break
        else:
            alternatives.append(Alternative(pair.id, tree, canonical(tree), (pair.id,)))
    return Reading(default, alternatives)


# How each token is named in a message: (nominative, after "после").
_WHAT = {
    Kind.ATOM: ("способность", "способности"),
    Kind.COMMA: ("запятая", "запятой"),
    Kind.AND: ("связка «и»", "связки «и»"),
    Kind.OR: ("связка «или»", "связки «или»"),
    Kind.EITHER: ("связка «либо»", "связки «либо»"),
    Kind.THEN: ("связка «затем»", "связки «затем»"),
    Kind.DEP: ("связка «при этом»", "связки «при этом»"),
    Kind.ELSE: ("связка «иначе»", "связки «иначе»"),
    Kind.OPP: ("оговорка «если противник не может или не хочет»",
               "оговорки «если противник не может или не хочет»"),
    Kind.MAY: ("слово «может»", "слова «может»"),
    Kind.COND: ("условие «если … —»", "условия «если … —»"),
    Kind.OR_START: ("парное «Или …, или …»", "первого «Или» парной формы"),
    Kind.EITHER_START: ("парное «Либо …, либо …»", "первого «Либо» парной формы"),
    Kind.LPAR: ("скобка «(»", "скобки «(»"),
    Kind.RPAR: ("скобка «)»", "скобки «)»"),
}
_JOINERS = {Kind.COMMA, Kind.AND, Kind.OR, Kind.EITHER, Kind.THEN, Kind.DEP, Kind.ELSE, Kind.OPP}


def _name(tok: Token, after: bool = False) -> str:
    """How a token is named in a message; a connective quotes its own words."""
    nominative, genitive = _WHAT[tok.kind]
    words = tok.text.strip(" ,;")
    if tok.kind is Kind.ATOM:
        return f"{genitive if after else nominative} «{words}»"
    if tok.kind in (Kind.DEP, Kind.ELSE) and words and words not in ("при этом", "иначе"):
        stem = "связки" if after else "связка"
        return f"{stem} «{words}»"
    return genitive if after else nominative


def _explain(exc: UnexpectedInput, tokens: list[Token]) -> ReadingError:
    """A Russian message for where the grammar stopped, with the token's span."""
    lark_tok = getattr(exc, "token", None)
    source: Token | None = getattr(lark_tok, "source", None)
    if source is None:  # end of input
        last = tokens[-1]
        opened = sum(t.kind is Kind.LPAR for t in tokens) - sum(t.kind is Kind.RPAR for t in tokens)
        if opened > 0:
            lpar = [t for t in tokens if t.kind is Kind.LPAR][-1]
            return ReadingError("не закрыта скобка «(»", lpar.start, lpar.end)
        if last.kind is Kind.OR_START or last.kind is Kind.EITHER_START:
            return ReadingError(f"текст обрывается после «{last.text.strip()}»", last.start, last.end)
        if any(t.kind is Kind.EITHER_START for t in tokens) and not any(t.kind is Kind.EITHER for t in tokens):
            start = next(t for t in tokens if t.kind is Kind.EITHER_START)
            return ReadingError("парное «Либо …, либо …» без второго «либо»", start.start, start.end)
        return ReadingError(f"текст обрывается после {_name(last, after=True)}: ожидалась способность",
                            last.start, last.end)
    index = tokens.index(source) if source in tokens else 0
    prev = tokens[index - 1] if index > 0 else None
    if source.kind is Kind.RPAR:
        opened = sum(t.kind is Kind.LPAR for t in tokens[:index]) - sum(t.kind is Kind.RPAR for t in tokens[:index])
        if opened <= 0:
            return ReadingError("лишняя закрывающая скобка «)»", source.start, source.end)
    if source.kind is Kind.ATOM or source.kind in (Kind.LPAR, Kind.COND):
        if prev is not None and prev.kind in (Kind.ATOM, Kind.RPAR):
            return ReadingError(f"между «{prev.text.strip()}» и «{source.text.strip()}» нет связки",
                                source.start, source.end)
    if prev is None:
        return ReadingError(f"в начале стоит {_name(source)}, а перед ней нет способности",
                            source.start, source.end)
    if prev.kind in _JOINERS or prev.kind in (Kind.MAY, Kind.COND, Kind.LPAR, Kind.OR_START, Kind.EITHER_START):
        return ReadingError(f"после {_name(prev, after=True)} ожидалась способность, а стоит {_name(source)}",
                            source.start, source.end)
    return ReadingError(f"здесь не ожидается {_name(source)}", source.start, source.end)


def reading_strings(feature, abstract: bool = False, alternatives=None) -> list[str]:
    """Every reading as a canonical string, the default first.

    `alternatives` narrows the other readings (default: all of them). When a
    reading moves the end of the trigger condition, each string shows its
    condition: «условие» — эффект.
    """
    reading = feature.reading
    if reading is None:
        return []
    if alternatives is None:
        alternatives = reading.alternatives
    show = (lambda tree: abstract_canonical(tree)[0]) if abstract else canonical
    trees = [(feature.condition, reading.tree)]
    trees += [(alt.condition or feature.condition, alt.tree) for alt in alternatives]
    if any(alt.condition for alt in alternatives):
        return [f"«{cond}» — {show(tree)}" for cond, tree in trees]
    return [show(tree) for _, tree in trees]
