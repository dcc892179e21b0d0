"""BJ204 empty-trigger-condition and BJ205 missing-trigger-condition (116.3, 116.5)."""
from __future__ import annotations

import pytest

from lint.engine import lint_text

BJ205 = ("у особенности {what}, но нет ни оплаты, ни условия срабатывания, ни метки (116.3); 116.5 "
         "разрешает не писать условие, только если момент задают правила — здесь это {moment}: "
         "подтвердите или допишите условие")


def found(text: str, code: str) -> list[tuple[int, str]]:
    return [(f.column, f.message) for f in lint_text(text, select=[code]) if f.code == code]


@pytest.mark.parametrize("text,column,message", [
    ("При — ранить цель на 1.", 1, "условие срабатывания «При» пустое: сразу после него «—» (116.3)"),
    ("После: ранить цель на 1.", 1, "условие срабатывания «После» пустое: сразу после него «:» (116.3)"),
    ("Ранить цель на 1.\nВ начале — закрыть цель.", 1, "условие срабатывания «В начале» пустое: сразу после него «—» (116.3)"),
])
def test_bj204_empty_opener(text, column, message):
    assert found(text, "BJ204") == [(column, message)]


@pytest.mark.parametrize("text", ["При гибели — ранить цель на 1.", "После атаки: ранить цель на 1.",
                                  "{tap}: ранить цель на 1."])
def test_bj204_not_on_real_conditions(text):
    assert found(text, "BJ204") == []


def test_bj204_is_an_error():
    [finding] = [f for f in lint_text("При — ранить цель на 1.", select=["BJ204"])]
    assert finding.severity.label == "error"


@pytest.mark.parametrize("text,what,moment", [
    ("Заклинание «магический трюк» — перенаправить с карты на стоящее рядом с ней существо.",
     "тип способности «Заклинание»", "объявление атаки (перенаправить можно только её)"),
    ("Ранить выбранное существо на 2.", "повелительный эффект «Ранить»",
     "момент, который правила должны задать сами"),
    ("Может свести среднюю или сильную атаку вашего существа к слабой (воздействие «смирение», 1 раз за ход).",
     "тип способности «воздействие»", "атака, о которой говорит эффект"),
])
def test_bj205_ability_without_payment_condition_or_label(text, what, moment):
    assert found(text, "BJ205") == [(1, BJ205.format(what=what, moment=moment))]


@pytest.mark.parametrize("text", [
    "Броня 2.", "Неповоротливость.", "Вампиризм на Х-1, где Х — число ран на нём.", "+1 к {strike} по горным.",
    "Может двигаться по диагонали.", "{tap}: Заклинание «гипноз» — закрыть цель.", "При гибели — ранить цель на 1.",
    "Строй: ранить цель на 1.", "Прыжок, дальность 3.",
])
def test_bj205_never_on_static_keywords_or_declared_features(text):
    assert found(text, "BJ205") == []


def test_bj205_is_info_for_an_editor():
    [finding] = lint_text("Ранить выбранное существо на 2.", select=["BJ205"])
    assert finding.severity.label == "info"
