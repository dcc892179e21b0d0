"""Golden trees: the worked examples E1–E10 of spec section 2 and the rules around them."""
from __future__ import annotations

import pytest

from berserk_judge.parser.engine.abstract_lexer import lex_abstract
from berserk_judge.parser.engine.canonical_form import canonical
from berserk_judge.parser.engine.reading import read_tokens


def canon(text: str) -> str:
    return canonical(read_tokens(lex_abstract(text)).tree)


WORKED_EXAMPLES = [
    ("E1", "[С1], при этом [С2], затем [С3] и [С4]", "((С1, при этом С2), затем (С3 и С4))"),
    ("E2", "[С1], [С2] или [С3], либо [С4], при этом [С5], [С6], затем [С7], если противник "
           "не может или не хочет, [С8]",
     "(((С1 или С2 или С3) либо (С4, при этом (С5 и С6))), затем "
     "(С7, если противник не может или не хочет, С8))"),
    ("E3", "Или С1 и С2, или С3 и С4, при этом С5, либо С6, при выполнении С7, иначе С8",
     "(((С1 и С2) или (С3 и (С4, при этом С5))) либо ((С6, при этом С7), иначе С8))"),
    ("E4", "Может С1 и С2", "(может (С1 и С2))"),
    ("E5", "Может С1, затем С2", "((может С1), затем С2)"),
    ("E6", "С1, затем может С2", "(С1, затем (может С2))"),
    ("E7", "С1, при этом может С2", "(С1, при этом (может С2))"),
    ("E8", "С1; С2", "(С1, при этом С2)"),
    ("E8", "С1 – С2", "(С1, при этом С2)"),
    ("E9", "С1, в противном случае – С2", "(С1, иначе С2)"),
    ("E10", "С1; если противник не может или не хочет этого сделать – С2",
     "(С1, если противник не может или не хочет, С2)"),
]


@pytest.mark.parametrize("name,text,expected", WORKED_EXAMPLES)
def test_worked_examples(name, text, expected):
    reading = read_tokens(lex_abstract(text))
    assert canonical(reading.tree) == expected
    assert not reading.ambiguous, f"{name} must not be ambiguous: {reading.alternatives}"


@pytest.mark.parametrize("text,expected", [
    # DEPENDENT groups to the right (spec section 2).
    ("С4, при этом С5, С6", "(С4, при этом (С5 и С6))"),
    ("С3 и С4, при этом С5", "(С3 и (С4, при этом С5))"),
    ("С1, при этом С2, при этом С3", "(С1, при этом (С2, при этом С3))"),
    # Comma meaning.
    ("С1, С2 или С3", "(С1 или С2 или С3)"),
    ("С1, С2 и С3", "(С1 и С2 и С3)"),
    ("С1, С2, С3", "(С1 и С2 и С3)"),
    # может.
    ("может С1, при этом С2", "(может (С1, при этом С2))"),
    ("С1 или может С2, либо С3", "((С1 или (может С2)) либо С3)"),
    ("Вы можете С1 или С2", "(может (С1 или С2))"),
    ("Могут С1, затем С2 и С3", "((может С1), затем (С2 и С3))"),
    # In-effect conditions.
    ("С1; если У1 — С2, иначе С3", "(С1, при этом (если У1 — С2, иначе С3))"),
    ("С1; если У1 — С2, если У2 — С3", "(С1, при этом ((если У1 — С2) и (если У2 — С3)))"),
    ("если [У1] — может С2", "(если У1 — (может С2))"),
    # Paired forms, parentheses, flattening, synonyms, labels.
    ("Либо С1, либо С2 и С3", "(С1 либо (С2 и С3))"),
    ("Или С1, или С2, или С3", "(С1 или С2 или С3)"),
    ("(С1 или С2) и С3", "((С1 или С2) и С3)"),
    ("(С1 и С2) и С3", "(С1 и С2 и С3)"),
    ("С1, при выполнении С2", "(С1, при этом С2)"),
    ("С1, иначе С2, иначе С3", "(С1, иначе (С2, иначе С3))"),
    ("C1 и c2", "(С1 и С2)"),
    ("С7", "С7"),
    ("[С3] затем [С1]", "(С3, затем С1)"),
])
def test_grouping_rules(text, expected):
    assert canon(text) == expected


@pytest.mark.parametrize("text", [expected for _, _, expected in WORKED_EXAMPLES])
def test_canonical_form_is_a_fixed_point(text):
    assert canon(text) == text


@pytest.mark.parametrize("chooser", ["противник", "соперник", "атакованный", "владелец"])
def test_every_chooser_the_reader_records_reads_back_from_the_canonical_form(chooser):
    """One list of choosers for the reader and the abstract lexer: «владелец может» was written
    by the canonical form and then refused by the lexer as an unknown word."""
    from berserk_judge.parser import canonical, read_abstract

    [feature] = read_abstract(f"{chooser} может С1, затем С2")
    text = canonical(feature.reading.tree)
    assert text == f"(({chooser} может С1), затем С2)"
    [again] = read_abstract(text)
    assert canonical(again.reading.tree) == text
