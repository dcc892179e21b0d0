"""An independent oracle for connective grouping (spec sections 2–3).

The reader groups a flat run of connectives by precedence climbing, one
policy per undecided pair (parser/build.py, parser/ambiguity.py). This
oracle encodes the same conventions another way: as a context-free grammar
parsed by Lark's Earley parser with `ambiguity="explicit"`, where each
undecided pair of section 3 is an extra production. The parse forest then
holds every grouping the conventions allow; a tree built with no extra
production is the default reading, a tree built with the productions of one
pair is that pair's reading.

Covered: abilities С1…Сn joined by и, или, «,», при этом, иначе, «если
противник не может или не хочет», либо, затем; the pairs fallback-vs-and-or,
dependent-vs-or, comma-meaning and opponent-scope. Not covered: «может»,
paired forms, parentheses, in-effect conditions and the condition-dash pair.

Binding, loosest to tightest (section 2): затем < либо < иначе / отказ
противника < или < и < при этом (left side). при этом takes the one ability
before it and everything after it up to the next или, иначе, отказ
противника, либо or затем. A comma run means the word that closes it (или or
и; nothing closes it: и).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product

# Token names of the oracle's own lexicon (it never uses the reader's lexer).
WORDS = {
    "AND": " и ", "OR": " или ", "COMMA": ", ", "DEP": ", при этом ", "ELSE": ", иначе ",
    "OPP": ", если противник не может или не хочет, ", "EITHER": ", либо ", "THEN": ", затем ",
}
FALLBACKS = ("ELSE", "OPP")

# The grammar of one policy: the default, or the default with some undecided
# pairs taken the other way ("p1" dependent-vs-or, "p2" fallback-vs-and-or,
# "p4" opponent-scope), applied to the whole text at once, as the reader does.
VARIANT = r"""
?seq_{T}: block_{T} | block_{T} (THEN block_{T})+ -> sequence
?block_{T}: fb_{T} | fb_{T} (EITHER fb_{T})+ -> either
{GROUP}
// при этом takes the last item of an и-list; its right side runs on (greedy)
?last_{T}: item_{T} | item_{T} DEP dright_{T} -> dependent
?andxd_{T}: last_{T} | (item_{T} AND)+ last_{T} -> all
{DRIGHT}
{ITEM}
"""
# default: иначе / отказ противника loosest in a group, nesting to the right
GROUP_LOOSE = r"""
?fb_{T}: orx_{T} | orx_{T} {FB} fb_{T} -> fallback
?orx_{T}: andxd_{T} | andxd_{T} (OR andxd_{T})+ -> choice
"""
# fallback-vs-and-or: иначе / отказ bind tighter than и and или (but not than
# при этом's left side); chains nest to the right
GROUP_TIGHT = r"""
?fb_{T}: orx_{T}
?orx_{T}: andx_{T} | andx_{T} (OR andx_{T})+ -> choice
?andx_{T}: tend_{T} | (tmid_{T} AND)+ tend_{T} -> all
?tmid_{T}: item_{T} | last_{T} {FB} tmid_{T} -> fallback
?tend_{T}: last_{T} | last_{T} {FB} tend_{T} -> fallback
"""
# the right side of при этом: over и, up to или / иначе / отказ ...
DRIGHT = "?dright_{T}: andxd_{T}"
# ... or over или too (dependent-vs-or): then a при этом swallows the rest of
# its или-list, so only the last member of an или-list may hold one
DRIGHT_WIDE = r"""
?dright_{T}: andxd_{T} | (andxn_{T} OR)+ andxd_{T} -> choice
?andxn_{T}: item_{T} | (item_{T} AND)+ item_{T} -> all
"""
ORX_WIDE = "?orx_{T}: andxd_{T} | (andxn_{T} OR)+ andxd_{T} -> choice"
ITEM = "?item_{T}: ATOM"
# opponent-scope: the refusal binds tightest, to the abilities right before it
ITEM_OPP = "?item_{T}: ATOM | ATOM OPP item_{T} -> opp"

TERMINALS = r"""
%ignore " "
ATOM: /A\d+/
AND: "&"
OR: "|"
DEP: "^"
ELSE: "!"
OPP: "?"
EITHER: "%"
THEN: ">"
"""

# The default and each pair taken the other way alone, as the reader tries
# them (combinations of pairs are not compared: the reader does not build them).
VARIANTS = {  # tag -> pairs taken the other way
    "v0": (), "v1": ("dependent-vs-or",), "v2": ("fallback-vs-and-or",), "v4": ("opponent-scope",),
}


def _grammar() -> str:
    parts = ["start: " + " | ".join(f"{tag}" for tag in VARIANTS)]
    for tag, pairs in VARIANTS.items():
        tight = "fallback-vs-and-or" in pairs
        opp = "opponent-scope" in pairs
        fb = "ELSE" if opp else "(ELSE | OPP)"
        group = (GROUP_TIGHT if tight else GROUP_LOOSE).replace("{FB}", fb)
        if "dependent-vs-or" in pairs:
            group = group.replace("?orx_{T}: andxd_{T} | andxd_{T} (OR andxd_{T})+ -> choice", ORX_WIDE)
        text = (VARIANT.replace("{GROUP}", group)
                .replace("{DRIGHT}", DRIGHT_WIDE if "dependent-vs-or" in pairs else DRIGHT)
                .replace("{ITEM}", ITEM_OPP if opp else ITEM)
                .replace("{T}", tag))
        parts.append(f"{tag}: seq_{tag}")
        parts.append(text)
    return "\n".join(parts) + TERMINALS


GRAMMAR = _grammar()

_SYMBOL = {"AND": "&", "OR": "|", "DEP": "^", "ELSE": "!", "OPP": "?", "EITHER": "%", "THEN": ">"}
PAIRS = ("fallback-vs-and-or", "dependent-vs-or", "comma-meaning", "opponent-scope")


@lru_cache(maxsize=1)
def _parser():
    from lark import Lark

    return Lark(GRAMMAR, parser="earley", ambiguity="explicit", lexer="basic")


def comma_meanings(ops: list[str]) -> list[tuple[list[str], bool]]:
    """Each way the commas may be read, and whether it is the pair's (flipped) way.

    A run of commas means the word that closes it inside its stretch (a
    stretch ends at при этом, иначе, отказ, либо, затем); nothing closes it: и.
    Where a stretch holds both и and или, the other word is the other reading.
    """
    def read(flip: bool) -> list[str]:
        out = list(ops)
        breaks = {"DEP", "ELSE", "OPP", "EITHER", "THEN"}
        i = 0
        while i < len(ops):
            if ops[i] != "COMMA":
                i += 1
                continue
            j = i
            while j < len(ops) and ops[j] == "COMMA":
                j += 1
            start = i
            while start > 0 and ops[start - 1] not in breaks:
                start -= 1
            end = j
            while end < len(ops) and ops[end] not in breaks:
                end += 1
            stretch = ops[start:end]
            word = "OR" if j < len(ops) and ops[j] == "OR" else "AND"
            if flip and "AND" in stretch and "OR" in stretch:
                word = "AND" if word == "OR" else "OR"
            for k in range(i, j):
                out[k] = word
            i = j
        return out

    default, flipped = read(False), read(True)
    return [(default, False)] + ([(flipped, True)] if flipped != default else [])


def readings(ops: list[str]) -> dict[tuple, set[frozenset[str]]]:
    """Every grouping of С1 op1 С2 op2 … the conventions allow → each set of
    pairs that gives it (the default reading: the empty set)."""
    from lark.visitors import CollapseAmbiguities

    out: dict[tuple, set[frozenset[str]]] = {}
    per_policy: dict[frozenset[str], int] = {}
    for meaning, flipped in comma_meanings(ops):
        source = "A1" + "".join(f" {_SYMBOL[op]} A{i + 2}" for i, op in enumerate(meaning))
        forest = _parser().parse(source)
        for tree in CollapseAmbiguities().transform(forest):
            variant = tree.children[0]
            node = _node(variant.children[0])
            pairs = frozenset(VARIANTS[variant.data])
            if flipped:
                if pairs:
                    continue  # two pairs at once: not compared
                pairs = frozenset({"comma-meaning"})
            out.setdefault(node, set()).add(frozenset(pairs))
            per_policy[pairs] = per_policy.get(pairs, 0) + 1
    several = sorted(sorted(p) for p, n in per_policy.items() if n > 1)
    if several:  # each policy must give exactly one grouping
        raise AssertionError(f"oracle grammar ambiguous under {several}: {ops}")
    return out


_KIND = {"all": "и", "choice": "или", "either": "либо", "sequence": "затем"}  # n-ary operators


def _node(tree) -> tuple:
    """An oracle parse tree as nested tuples: (operator, operands…) or (label,)."""
    from lark import Token

    if isinstance(tree, Token):
        return ("С" + tree[1:],)
    parts = [_node(child) for child in tree.children
             if not isinstance(child, Token) or child.type == "ATOM"]
    if tree.data == "fallback":
        op = next(child.type for child in tree.children if isinstance(child, Token) and child.type in FALLBACKS)
        return ("иначе" if op == "ELSE" else "отказ", parts[0], parts[1])
    if tree.data == "opp":
        return ("отказ", parts[0], parts[1])
    if tree.data == "dependent":
        return ("при этом", parts[0], parts[1])
    kind = _KIND[tree.data]
    flat = []
    for part in parts:  # n-ary operators flatten into themselves
        flat.extend(part[1:] if part[0] == kind else [part])
    return (kind, *flat)


def engine_node(node) -> tuple:
    """The reader's tree in the oracle's tuple form."""
    from berserk_judge.parser import All, Atom, Choice, Dependent, Either, Fallback, OpponentFallback, Sequence

    if isinstance(node, Atom):
        return (node.label if hasattr(node, "label") else node.text,)
    for cls, kind in ((All, "и"), (Choice, "или"), (Either, "либо"), (Sequence, "затем")):
        if isinstance(node, cls):
            return (kind, *(engine_node(item) for item in node.items))
    for cls, kind in ((Dependent, "при этом"), (Fallback, "иначе"), (OpponentFallback, "отказ")):
        if isinstance(node, cls):
            return (kind, engine_node(node.left), engine_node(node.right))
    raise TypeError(f"oracle does not cover {type(node).__name__}")


def text_of(ops: list[str]) -> str:
    return "С1" + "".join(f"{WORDS[op]}С{i + 2}" for i, op in enumerate(ops))


def compare(ops: list[str]) -> list[str]:
    """Disagreements between the oracle and the reader on one sentence (empty: agree)."""
    from berserk_judge.parser import read_abstract

    text = text_of(ops)
    features = read_abstract(text)
    if len(features) != 1 or features[0].reading is None:
        return [f"{text}: the reader does not read it ({features[0].error if features else 'no feature'})"]
    reading = features[0].reading
    oracle = readings(ops)
    problems = []
    defaults = [node for node, uses in oracle.items() if frozenset() in uses]
    engine_default = engine_node(reading.tree)
    if defaults != [engine_default]:
        problems.append(f"{text}: default reader {engine_default} oracle {defaults}")
    engine_alts = {}
    for alt in reading.alternatives:
        for pair in alt.pair_ids:
            engine_alts[pair] = engine_node(alt.tree)
    for pair in PAIRS:
        only = {node for node, uses in oracle.items() if frozenset({pair}) in uses}
        differs = only - {engine_default}
        if pair in engine_alts and engine_alts[pair] not in only:
            problems.append(f"{text}: {pair}: reader {engine_alts[pair]} not among oracle {sorted(only)}")
        if (pair in engine_alts) != bool(differs):
            problems.append(f"{text}: {pair}: reader {'has' if pair in engine_alts else 'has no'} "
                            f"other reading, oracle {sorted(differs)}")
    if reading.ambiguous != (len(oracle) > 1):
        problems.append(f"{text}: ambiguous: reader {reading.ambiguous}, oracle {len(oracle)} readings")
    return problems


def sentences(count: int, seed: int = 12, max_atoms: int = 6):
    """`count` random connective sequences (each a list of op names), reproducible."""
    import random

    rng = random.Random(seed)
    ops = list(WORDS)
    weights = [4, 3, 3, 3, 2, 2, 1, 1]
    for _ in range(count):
        n = rng.randint(1, max_atoms - 1)
        yield rng.choices(ops, weights, k=n)


def all_sentences(max_ops: int):
    """Every connective sequence up to `max_ops` connectives."""
    for n in range(1, max_ops + 1):
        yield from (list(p) for p in product(WORDS, repeat=n))
