"""Blind sheet f0cee52 (restyled corpus): what a judge read and the tool did not, each in two styles.
* «Воздействие ремонт полностью восстановить …»: the adverb opens the effect (pattern adverb-before-effect),
  not after a verb of the name («столкнуть вниз»);
* «(1 раз за хода)»: a limit with its case mistyped is still the limit (116.2);
* «{tap}): Добивание на 3»: a stray «)» before the colon leaves the payment a payment (BJ503 reports it);
* «При ударе ввстрел на 1 …»: an ability noun misspelt within its stem is that ability (BJ301 reports it);
* «…, при среднем или сильном разряде — атакованный …»: adjectives joined by «или» in a moment."""
from __future__ import annotations

import pytest

from berserk_judge.lint.engine import lint_text
from reading_rows import record


@pytest.mark.parametrize("text, title, form", [
    ("{instant}{tap}: Воздействие ремонт полностью восстановить {armor} вашей карты.", "ремонт",
     "полностью восстановить {armor} вашей карты"),
    ("{tap}:Воздействие лечение сразу излечить ваше существо на 2", "лечение", "сразу излечить ваше существо на 2"),
    ("{tap}: Воздействие столкнуть вниз ранить его на 2.", "столкнуть вниз", "ранить его на 2"),
])
def test_an_adverb_before_the_effects_verb_opens_the_effect(text, title, form):
    found = record(text)
    assert (found["name"], found["canonical"]) == (title, form)


@pytest.mark.parametrize("text, limit", [
    ("{instant}: Воздействие «антимагия» — перенаправить разряд карты противника на себя (1 раз за хода).",
     "1 раз за хода"),
    ("{tap}: ранить цель на 1 (2 раза за боя)", "2 раза за боя"),
])
def test_a_limit_with_its_case_mistyped_is_still_the_limit(text, limit):
    found = record(text)
    assert found["limit"] == limit and limit not in found["canonical"]


@pytest.mark.parametrize("text, payment, form", [
    ("{tap}): Добивание на 3.", "{tap}", "Добивание на 3"),
    ("{counter}{tap} ): ранить цель на 2", "{counter}{tap}", "ранить цель на 2"),
])
def test_a_stray_bracket_before_the_payments_colon(text, payment, form):
    found = record(text)
    assert (found["kind"], found["payment"], found["canonical"]) == ("playable", payment, form)
    assert "BJ503" in {f.code for f in lint_text(text)}


@pytest.mark.parametrize("text, condition, form", [
    ("При ударе ввстрел на 1 по карте, стоящей рядом с атакованным.", "При ударе",
     "ввстрел на 1 по карте, стоящей рядом с атакованным"),
    ("При атаке - вырстрел на 2", "При атаке", "вырстрел на 2"),
])
def test_a_misspelt_ability_noun_is_that_ability(text, condition, form):
    found = record(text)
    assert (found["kind"], found["condition"], found["canonical"]) == ("triggered", condition, form)
    assert "BJ301" in {f.code for f in lint_text(text)}


@pytest.mark.parametrize("text, condition, form", [
    # an ending the dictionary lacks is a case, not a typo: «добивания» stays in the condition
    ("При гибели существа противника от добивания получить +1 к ударам до конца хода.",
     "При гибели существа противника от добивания", "получить +1 к ударам до конца хода"),
])
def test_a_case_form_is_no_misspelt_ability(text, condition, form):
    found = record(text)
    assert (found["condition"], found["canonical"]) == (condition, form)


@pytest.mark.parametrize("text, form", [
    # «или» between two adjectives of a moment's noun joins its words: the moment opens the second ability
    ("{tap}: Разряд на 1-2-2, при среднем или сильном разряде — атакованный получает отравление на 1.",
     "(Разряд на 1-2-2 и при среднем или сильном разряде — атакованный получает отравление на 1)"),
    ("{tap}: Разряд на 1-2-2, при среднем или сильном разряде-атакованный получает отравление на 1",
     "(Разряд на 1-2-2 и при среднем или сильном разряде-атакованный получает отравление на 1)"),
])
def test_adjectives_joined_in_a_moment_are_no_connective(text, form):
    assert record(text, "Сеятель хвори")["canonical"] == form


@pytest.mark.parametrize("text, form", [
    # blind sheet 6307a0d, 20146: a capitalised «Может» after «получает» opens a granted feature without
    # its «», read on its own (its commas and «и» join nothing of the granting feature)
    ("{tap}: Воздействие «нашествие» — ваше существо получает Может нападать {strike} дважды, только подряд, "
     "не закрывается после первого удара до конца хода.",
     "ваше существо получает Может нападать {strike} дважды, только подряд, не закрывается после первого удара "
     "до конца хода"),
    ("{tap}:ваш тролль получает Может двигаться по диагонали,не закрывается до конца хода",
     "ваш тролль получает Может двигаться по диагонали,не закрывается до конца хода"),
    # «Не может …» stays the granting feature's: a «или» may end its grant (20009)
    ("Выбранное существо противника получает Не может передвигаться до конца хода или ранится на 3 (по выбору "
     "противника).", "(Выбранное существо противника получает Не может передвигаться до конца хода или ранится на 3)"),
])
def test_a_granted_may_without_its_quotes_is_one_granted_feature(text, form):
    assert record(text)["canonical"] == form
