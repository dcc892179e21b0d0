"""Issue 36: the edits a designer filtering `report --compare` reads as another card although the
rules' structure is kept — a number, a comparison, a negation — and the one that says the same in
other words: an «и» list of single words in another order (reports.html.meaning_shift)."""
from __future__ import annotations

import pytest

from berserk_judge.reports.html.meaning_shift import and_lists_evened, comparisons, negations, numbers, shift


@pytest.mark.parametrize("old, new, expected", [
    # faithful style: «», «—», one feature a line
    ("{tap}: ранить цель на 1.", "{tap}: ранить цель на 2.", "число"),
    ("Вначале хода — ранить двух существ на 1.", "Вначале хода — ранить трех существ на 1.", "число"),
    ("Если у противника больше карт, чем у вас — ранить цель на 1.",
     "Если у противника меньше карт, чем у вас — ранить цель на 1.", "сравнение"),
    ("{tap}: закрыть цель стоимостью не более 3.", "{tap}: закрыть цель стоимостью не менее 3.", "сравнение"),
    ("{tap}: закрыть цель стоимостью не более 3.", "{tap}: закрыть цель стоимостью более 3.", "сравнение"),
    ("Может атаковать летающих.", "Не может атаковать летающих.", "отрицание"),
    ("Не может атаковать и может защищаться.", "Может атаковать и не может защищаться.", "отрицание"),
    # lossy style: no «», « - », one line, «;» between cases, a typo
    ("{tap}: ранить цель на 1; закрыть ее", "{tap}: ранить цель на 3; закрыть ее", "число"),
    ("если у противника больше карт чем у вас - ранить цель на 1", "если у противника меньше карт чем у вас - ранить цель на 1",
     "сравнение"),
    ("при атаке - цель не может защищатся", "при атаке - цель может защищатся", "отрицание"),
    # none of them
    ("{tap}: ранить цель на 1.", '{tap}: ранить цель на 1', None),
    ("Получает +1 к ударам по степным и тёмным существам.", "Получает +1 к ударам по тёмным и степным существам.", None),
    ("Ранить цель на 01.", "Ранить цель на 1.", None),
    ("При атаке — ранить цель на 1 (воздействие «удар молота»).", "При атаке — ранить цель на 1 (воздействие «удар кувалды»).",
     None),
])
def test_shift_names_the_change_a_designer_reads(old, new, expected):
    assert shift(old, new) == expected


def test_the_parts_each_kind_compares():
    assert numbers("ранить двух существ на 1, затем на 10") == ["двух", "1", "10"]
    assert comparisons("стоимостью не более 3 и жизнями больше 2") == ["не более", "больше"]
    assert negations("цель не может атаковать; ни одно существо") == ["не может атаковать", "ни одно существо"]


@pytest.mark.parametrize("one, other", [
    ("по степным и тёмным существам", "по тёмным и степным существам"),
    ("по степным, лесным и тёмным существам", "по тёмным, степным и лесным существам"),
    ("всех степных и темных существ", "всех тёмных и степных существ"),     # ё/е evened too
    ("Горы и Леса", "Леса и Горы"),
])
def test_an_and_list_of_single_words_reads_the_same_in_any_order(one, other):
    assert and_lists_evened(one) == and_lists_evened(other)


@pytest.mark.parametrize("one, other", [
    ("ранить и закрыть", "закрыть и ранить"),                # actions: their order is the order of play
    ("ранить цель на 1 и закрыть ее", "закрыть цель и ранить ее на 1"),
])
def test_a_list_of_actions_keeps_its_order(one, other):
    assert and_lists_evened(one) != and_lists_evened(other)
    assert and_lists_evened(one) == one
