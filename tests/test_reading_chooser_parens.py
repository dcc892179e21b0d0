"""Who chooses, in parentheses, is taken out of the atom whatever the possessive (spec §1, «Annotations
are reported, never lost»): «(по его выбору)», «(по вашему выбору)», and a choice with its own
clarification «(по вашему выбору, общему для всех целей)» — blind sheets d091515, Тролль 20134 (both
judges). Without parentheses the words stay (spec §1)."""
from __future__ import annotations

import pytest

from berserk_judge.explain import explain_text
from reading_rows import record


@pytest.mark.parametrize("text, chooser, form", [
    ("До начала вашего хода каждый ваш тролль получает +1 к {move}, или +1 к броскам кубика, или дополнительную "
     "{health} (по вашему выбору, общему для всех целей).", "по вашему выбору, общему для всех целей",
     "каждый ваш тролль получает +1 к {move}, или +1 к броскам кубика, или дополнительную {health}"),
    # lossy: one line, « - », straight quotes elsewhere
    ("В начале вашего хода - каждый ваш гоблин получает +1 к удару или +1 к {move} (по вашему выбору,одному для всех)",
     "по вашему выбору,одному для всех", "каждый ваш гоблин получает +1 к удару или +1 к {move}"),
    ("В начале хода противника стоящее рядом существо противника (по его выбору) обязано напасть на Кобольда {strike}.",
     "по его выбору", "стоящее рядом существо противника обязано напасть на Кобольда {strike}"),
])
def test_a_chooser_in_parentheses_leaves_the_atom(text, chooser, form):
    found = record(text)
    assert (found["chosen_by"], found["canonical"]) == (chooser, form)


@pytest.mark.parametrize("text, form", [
    ("При атаке - существо противника по его выбору получает рану", "существо противника по его выбору получает рану"),
    # a clarification that is no chooser's stays in the words, the parenthesis whole
    ("В начале боя получает +1 к {strike} (по вашему выбору, а затем ещё +1 к {move}).",
     "получает +1 к {strike} (по вашему выбору, а затем ещё +1 к {move})"),
])
def test_a_chooser_without_parentheses_or_with_other_words_stays(text, form):
    assert record(text)["canonical"] == form


def test_the_controllers_choice_with_its_clarification_is_said():
    [explanation] = explain_text("До начала вашего хода каждый ваш тролль получает +1 к {move} или +1 к броскам "
                                 "кубика (по вашему выбору, общему для всех целей).", "Кобольд")
    texts = [s.text for s in explanation.readings[0][1]]
    assert ("«по вашему выбору, общему для всех целей»: выбирает контролирующий игрок, с уточнением «общему для "
            "всех целей»; правила об этом в своде нет") in texts
