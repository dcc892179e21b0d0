"""The undecided pairs of spec section 3, as data.

Each pair names two connectives whose relative binding no worked example of
the rulebook fixes. A pair carries the policy change that gives its other
reading; parser/engine/reading.py builds the default tree, then one tree per pair,
and a text is ambiguous when some pair's tree differs from the default.
Adding a pair is one entry here plus a test.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from berserk_judge.parser.engine.tokens import Kind


@dataclass(frozen=True)
class Policy:
    """How the operators of a flat group bind.

    `power` maps an operator kind to (left, right) binding powers for a
    precedence-climbing parser: higher binds tighter; right == left makes the
    operator nest to the right. DEPENDENT's right side stops at `dep_stops`
    whatever their power. `comma_flip` gives a comma run in a group holding
    both и and или the meaning of the other word.
    """

    power: dict[Kind, tuple[int, int]] = field(default_factory=dict)
    dep_stops: frozenset[Kind] = frozenset()
    comma_flip: bool = False
    condition_to_last_dash: bool = False

    def with_power(self, **changes: tuple[int, int]) -> "Policy":
        power = dict(self.power)
        for name, value in changes.items():
            power[Kind[name]] = value
        return replace(self, power=power)


# Spec section 2, from loosest to tightest:
#   иначе / если противник не может или не хочет  <  или  <  и  <  при этом (left side);
# при этом's right side runs over и but stops at или, иначе and the opponent fallback.
DEFAULT_POLICY = Policy(
    power={
        Kind.ELSE: (10, 10),
        Kind.OPP: (10, 10),
        Kind.OR: (20, 21),
        Kind.AND: (30, 31),
        Kind.DEP: (40, 25),
    },
    dep_stops=frozenset({Kind.ELSE, Kind.OPP}),
)


@dataclass(frozen=True)
class UndecidedPair:
    """Two connectives whose order the rules leave open (spec section 3)."""

    id: str
    left: str            # the first connective, in Russian
    right: str           # the second connective(s), in Russian
    title: str           # Russian: what is undecided
    example: str         # an abstract text showing both readings
    policy: Policy       # the policy that gives the other reading
    # The pair can only matter when the text has a connective of each set.
    requires: tuple[frozenset[Kind], ...] = ()

    def may_apply(self, kinds: set[Kind]) -> bool:
        return all(kinds & needed for needed in self.requires)


UNDECIDED_PAIRS: tuple[UndecidedPair, ...] = (
    UndecidedPair(
        id="fallback-vs-and-or",
        left="иначе / если противник не может или не хочет",
        right="и, или",
        title="к чему относится «иначе» (или отказ противника): к последней способности или ко всей группе с «и»/«или»",
        example="С1 и С2, иначе С3",
        policy=DEFAULT_POLICY.with_power(ELSE=(35, 35), OPP=(35, 35)),
        requires=(frozenset({Kind.ELSE, Kind.OPP}), frozenset({Kind.AND, Kind.OR, Kind.COMMA})),
    ),
    UndecidedPair(
        id="dependent-vs-or",
        left="при этом (правая часть)",
        right="или",
        title="доходит ли правая часть «при этом» до «или» или заканчивается перед ним",
        example="С1, при этом С2 или С3",
        policy=DEFAULT_POLICY.with_power(DEP=(40, 15)),
        requires=(frozenset({Kind.DEP}), frozenset({Kind.OR, Kind.COMMA})),
    ),
    UndecidedPair(
        id="comma-meaning",
        left="запятая",
        right="и / или в одной группе",
        title="какое слово задаёт смысл запятых, когда в группе есть и «и», и «или»",
        example="С1, С2 и С3 или С4",
        policy=replace(DEFAULT_POLICY, comma_flip=True),
        requires=(frozenset({Kind.COMMA}), frozenset({Kind.AND}), frozenset({Kind.OR})),
    ),
    UndecidedPair(
        id="opponent-scope",
        left="если противник не может или не хочет",
        right="несколько способностей перед ним",
        title="от какой способности может отказаться противник: от последней или от всех перед оговоркой",
        example="С1, при этом С2, если противник не может или не хочет, С3",
        policy=replace(DEFAULT_POLICY.with_power(OPP=(45, 45)), dep_stops=frozenset({Kind.ELSE})),
        requires=(frozenset({Kind.OPP}),),
    ),
    UndecidedPair(
        id="condition-dash",
        left="тире после условия",
        right="тире как «при этом»",
        title="где кончается условие срабатывания: на первом тире или на следующем",
        example="При С0 — С1 — С2",
        policy=replace(DEFAULT_POLICY, condition_to_last_dash=True),
    ),
)

PAIRS_BY_ID = {pair.id: pair for pair in UNDECIDED_PAIRS}

# Pairs decided inside a feature's effect; "condition-dash" is decided where
# the feature is split into condition and effect.
EFFECT_PAIRS = tuple(p for p in UNDECIDED_PAIRS if not p.policy.condition_to_last_dash)
