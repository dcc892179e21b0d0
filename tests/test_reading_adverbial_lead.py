"""A clause whose verb stands after a short adverbial lead is a new predicate (spec §5).

The third blind sheet's corpus judge split «…, после первого нападения {strike} не закрывается»
and «…, одновременно хозяин становится …» as abilities of their own: the part after the comma has
its own finite verb, only set after its circumstance, as Russian puts it. The lead is an adverb
(«одновременно», «тогда») or «после» with a short noun phrase; a lead with no predicate after it
(«…, после атаки на 2») stays in the atom, as does a relative clause (§2 «Not connectives»).
"""
from __future__ import annotations

import pytest

from berserk_judge.parser.reader.features import read_text
from berserk_judge.reports.canon import feature_record


def canonical(text: str) -> str:
    found = read_text(text, "Кобольд")
    assert len(found) == 1, [f.text for f in found]
    return feature_record(found[0])["canonical"]


@pytest.mark.parametrize("text, form", [
    # typeset
    ("Может нападать {strike} два раза за ход, после первого нападения {strike} не закрывается.",
     "(Может нападать {strike} два раза за ход и после первого нападения {strike} не закрывается)"),
    ("{tap}: стать существом с 1{move}, одновременно хозяин становится компаньоном Кобольда.",
     "(стать существом с 1{move} и одновременно хозяин становится компаньоном Кобольда)"),
    # lossy: another edition's spelling and wording
    ("Может атаковать {strike} 2 раза за ход, после первой атаки не закрывается",
     "(Может атаковать {strike} 2 раза за ход и после первой атаки не закрывается)"),
    ("{tap}: ранить цель на 2, тогда она не открывается в следующий ход",
     "(ранить цель на 2 и тогда она не открывается в следующий ход)"),
])
def test_a_clause_after_an_adverbial_lead_is_an_ability(text, form):
    assert canonical(text) == form


@pytest.mark.parametrize("text, form", [
    ("{tap}: ранить цель на 1, после атаки на 2.", "ранить цель на 1, после атаки на 2"),
    ("{tap}: ранить цель на 1, после удара, который нанес Кобольд, закрывается.",
     "ранить цель на 1, после удара, который нанес Кобольд, закрывается"),
])
def test_a_lead_without_a_predicate_stays_in_the_atom(text, form):
    assert canonical(text) == form
