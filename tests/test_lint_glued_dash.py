"""BJ501 on a hyphen typed close up where the reader reads a dash (issue 25, restyled texts):
after a condition, before a case's ability, as «при этом»; never in a compound or a range."""
from __future__ import annotations

import pytest

from berserk_judge.lint.engine import lint_text, make_card
from berserk_judge.lint.fix_apply import ReadingGuard, fix_card

MESSAGE = "дефис «-» между словами; здесь нужно тире «—»"


@pytest.mark.parametrize("text, columns, fixed", [
    ("В начале вашего хода-ваше существо получает +1 к {strike}.", [21],
     "В начале вашего хода — ваше существо получает +1 к {strike}."),
    ("При прыжке бросьте кубик: если выпало 1 или 2-ранить себя на 2; если выпало 3-излечить себя на 1.", [46, 78],
     "При прыжке бросьте кубик: если выпало 1 или 2 — ранить себя на 2; если выпало 3 — излечить себя на 1."),
    ("В конце хода — ранить цель на 2; если не может-получает 3 раны", [47],
     "В конце хода — ранить цель на 2; если не может — получает 3 раны"),
])
def test_a_close_hyphen_read_as_a_dash_is_reported_and_fixed_safely(text, columns, fixed):
    found = [f for f in lint_text(text, select=["BJ501"])]
    assert [(f.column, f.message) for f in found] == [(c, MESSAGE) for c in columns]
    new, applied = fix_card(make_card(text), found, unsafe=False, guard=ReadingGuard())
    assert new == fixed and len(applied) == len(columns)      # the guard: the reading did not change


@pytest.mark.parametrize("text", [
    "Когда ваш герой-воин атакован, ранить атакующего на 1.",
    "{tap}: Разряд на 1-2-2, дальность 4.",
    "{tap}: ранить себя на Х-2.",
    "При гибели Дракона-зомби ранить себя на 1.",
    "При атаке — ранить цель на 1; Орк-торговец может перераспределить их на себя.",
    "{tap}: ранить цель на 1, может-получить {counter}.",
])
def test_hyphens_in_words_and_numbers_are_not_reported(text):
    assert lint_text(text, select=["BJ501"]) == []
