"""Undecided pairs (spec section 3): both readings shown, fixed texts never ambiguous."""
from __future__ import annotations

import pytest

from berserk_judge.parser.engine.abstract import read_abstract
from berserk_judge.parser.engine.abstract_lexer import lex_abstract
from berserk_judge.parser.engine.ambiguity import UNDECIDED_PAIRS
from berserk_judge.parser.engine.reading import read_tokens
from berserk_judge.parser import reading_strings


def readings(text: str) -> list[tuple[str, tuple[str, ...]]]:
    reading = read_tokens(lex_abstract(text))
    return [(reading.canonical, ())] + [(a.canonical, a.pairs) for a in reading.alternatives]


@pytest.mark.parametrize("text,expected", [
    ("С1 и С2, иначе С3", [("((С1 и С2), иначе С3)", ()),
                           ("(С1 и (С2, иначе С3))", ("fallback-vs-and-or",))]),
    ("С1 или С2, иначе С3", [("((С1 или С2), иначе С3)", ()),
                             ("(С1 или (С2, иначе С3))", ("fallback-vs-and-or",))]),
    ("С1, иначе С2 и С3", [("(С1, иначе (С2 и С3))", ()),
                           ("((С1, иначе С2) и С3)", ("fallback-vs-and-or",))]),
    ("С1, при этом С2 или С3", [("((С1, при этом С2) или С3)", ()),
                                ("(С1, при этом (С2 или С3))", ("dependent-vs-or",))]),
    ("С1, С2 и С3 или С4", [("((С1 и С2 и С3) или С4)", ()),
                            ("(С1 или (С2 и С3) или С4)", ("comma-meaning",))]),
    ("С1, С2 или С3 и С4", [("(С1 или С2 или (С3 и С4))", ()),
                            ("((С1 и С2) или (С3 и С4))", ("comma-meaning",))]),
    ("С1, при этом С2, если противник не может или не хочет, С3",
     [("((С1, при этом С2), если противник не может или не хочет, С3)", ()),
      ("(С1, при этом (С2, если противник не может или не хочет, С3))", ("opponent-scope",))]),
    ("С1 и С2, если противник не может или не хочет, С3",
     [("((С1 и С2), если противник не может или не хочет, С3)", ()),
      ("(С1 и (С2, если противник не может или не хочет, С3))",
       ("fallback-vs-and-or", "opponent-scope"))]),
])
def test_both_readings_default_first(text, expected):
    assert readings(text) == expected


def test_condition_dash_reading_moves_the_condition():
    [feature] = read_abstract("При С0 — С1 — С2")
    assert feature.condition == "При С0"
    assert reading_strings(feature) == ["«При С0» — (С1, при этом С2)", "«При С0 — С1» — С2"]
    assert feature.reading.alternatives[0].pair == "condition-dash"


@pytest.mark.parametrize("text", [
    "При С0 — С1 и С2",           # one dash: the condition ends there
    "При С0 — С1; С2",            # ";" is never the end of a condition
    "С1 и С2",
    "С1 или С2 или С3",
    "С1, при этом С2 и С3",        # DEPENDENT's right side runs over и: fixed
    "С1, при этом С2, иначе С3",   # иначе vs при этом is fixed by E3
    "Или С1 и С2, или С3, иначе С4",  # paired form brackets explicitly
    "(С1 и С2), иначе С3",         # parentheses bracket explicitly
    "С1 и С2, затем С3 или С4",
    "С1, С2 или С3",               # only или in the group: the commas are fixed
])
def test_fixed_texts_are_not_ambiguous(text):
    features = read_abstract(text)
    assert all(not f.reading.ambiguous for f in features), [
        a.canonical for f in features for a in f.reading.alternatives]


def test_every_pair_has_an_example_that_shows_it():
    for pair in UNDECIDED_PAIRS:
        [feature] = read_abstract(pair.example)
        shown = {p for alt in feature.reading.alternatives for p in alt.pairs}
        assert pair.id in shown, pair.id
