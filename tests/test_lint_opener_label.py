"""BJ206 misspelt-trigger-opener and BJ306 label-without-colon (spec §1): the reader reads a
misspelt opener («Когла», «Пори») as that opener and a form icon without its colon
(«{second} +3 к {health}») as that label; the lint reports each with a safe fix that keeps
the reading. Invented texts, faithful and lossy."""
from __future__ import annotations

import pytest

from berserk_judge.lint.engine import lint_text, make_card
from berserk_judge.lint.fix_apply import ReadingGuard, fix_card

OPENER = "«{word}» — нет такого слова; условие срабатывания прочитано как начатое с «{opener}» (116.3)"
LABEL = "после метки «{label}» нет «:»; особенность с меткой пишется «[метка]: [особенность]»"


def fixed(text: str, code: str) -> tuple[list[tuple[int, str]], str, int]:
    found = [f for f in lint_text(text, select=[code]) if f.code == code]
    new, applied = fix_card(make_card(text), found, unsafe=False, guard=ReadingGuard())
    return [(f.column, f.message) for f in found], new, len(applied)


@pytest.mark.parametrize("text, column, word, opener, fixed_text", [
    ("Когла ваш пират нападает — он получает +1 к {strike}.", 1, "Когла", "Когда",
     "Когда ваш пират нападает — он получает +1 к {strike}."),
    ("Когла ваш пират нападает, он получает +1 к {strike}", 1, "Когла", "Когда",
     "Когда ваш пират нападает, он получает +1 к {strike}"),
    ("Ранить цель на 1. Пори атаке - ранить цель на 1.", 19, "Пори", "При",
     "Ранить цель на 1. При атаке - ранить цель на 1."),
    ("Посе гибели — ранить цель на 1.", 1, "Посе", "После", "После гибели — ранить цель на 1."),
])
def test_bj206_a_misspelt_opener_is_reported_and_fixed_safely(text, column, word, opener, fixed_text):
    found, new, applied = fixed(text, "BJ206")
    assert found == [(column, OPENER.format(word=word, opener=opener))]
    assert (new, applied) == (fixed_text, 1)      # the guard: the reading did not change


@pytest.mark.parametrize("text", [
    "Когда ваш пират нападает — он получает +1 к {strike}.",
    "Поле боя считается болотом.",          # a dictionary word one letter from «После»
    "Кода карта закрыта, ранить цель на 1.",  # «кода» is a word: not read as «Когда»
    "Пир на весь мир.",
])
def test_bj206_not_on_real_words(text):
    assert fixed(text, "BJ206")[0] == []


@pytest.mark.parametrize("text, label, fixed_text", [
    ("{second} +3 к {health}.", "{second}", "{second}: +3 к {health}."),
    ("{wolf}: +1 к {move}. {human} -1 к ударам", "{human}", "{wolf}: +1 к {move}. {human}: -1 к ударам"),
])
def test_bj306_a_label_without_its_colon_is_reported_and_fixed_safely(text, label, fixed_text):
    found, new, applied = fixed(text, "BJ306")
    assert [message for _, message in found] == [LABEL.format(label=label)]
    assert (new, applied) == (fixed_text, 1)


@pytest.mark.parametrize("text", ["{second}: +3 к {health}.", "{strike} по закрытому Кобольду сводятся к 1.",
                                  "Не может стать {wolf}, если рядом нет леса."])
def test_bj306_not_on_labels_with_colons_or_icons_inside_sentences(text):
    assert fixed(text, "BJ306")[0] == []
