"""Missing trigger conditions (116.3, 116.5): an empty opener, or no condition at all."""
from __future__ import annotations

import re

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.rule import Hit, Rule

_OPENER_ONLY = re.compile(r"(?:До|При|После|Если|Когда|В\s*начале|В\s*конце|Вместо)", re.I)
# «может объявить/объявлять <ability> …» widens how an ability is declared: a static permission
_FIRST_WORD = re.compile(r"[^\W\d_]+")
_DECLARE = re.compile(r"^(?:[^\W\d_]+\s+){0,2}?мо(?:жет|жете|гут)\s+объяв", re.I)


class EmptyTriggerCondition(Rule):
    """У условия срабатывания нет содержания: после «При», «После», «Когда» сразу тире или «:».

    Что находит:
        Срабатывающую особенность, чьё условие — одно слово-открывающее
        из 116.3 (До, При, После, Если, Когда, В начале, В конце), за которым
        сразу идёт «—» или «:»: «При — ранить цель на 1», «После: …».
    Почему это важно:
        116.3: условие говорит, когда особенность срабатывает. Без него
        неизвестно ни событие, ни шаг (116.4: «При/Если/Когда» — шаг эффекта,
        «После» — шаг завершения); скорее всего, слово потерялось при наборе.
    Плохо:
        При — ранить цель на 1.
    Хорошо:
        При гибели — ранить цель на 1.
    """

    code = "BJ204"
    name = "empty-trigger-condition"
    severity = Severity.ERROR
    rules = ("116.3",)
    needs_features = True
    message = "условие срабатывания «{opener}» пустое: сразу после него «{separator}» (116.3)"

    def check(self, ctx):
        for feature in ctx.all_features:
            span = feature.condition_span
            if span is None or not _OPENER_ONLY.fullmatch(ctx.text[span[0]:span[1]]):
                continue
            following = [sep for sep, mark in feature.separators if sep[0] >= span[1]]
            end = following[0][1] if following else span[1]
            separator = ctx.text[following[0][0]:following[0][1]] if following else ""
            yield Hit(span[0], end, {"opener": ctx.text[span[0]:span[1]], "separator": separator})


class MissingTriggerCondition(Rule):
    """Способность без оплаты, условия срабатывания и метки: когда она срабатывает?

    Что находит:
        Особенность с повелительным эффектом («Ранить выбранное существо
        на 2», «Заклинание «…» — ранить …») или с «Может …» и типом
        способности («Может ранить … (воздействие «…», 1 раз за ход)»),
        у которой нет ни оплаты (114), ни условия срабатывания
        (116.3), ни метки («Строй:», «Отпор:»). Не находятся эффекты,
        момент которых задают сами правила (116.5): перенаправить,
        блокировать, отменить, отразить или предотвратить атаку, удар,
        выстрел, метание, разряд или заклинание, свести атаку к слабой,
        средней или сильной или к числу, уменьшить её величину
        («Блокировать атаку …», «Свести среднюю атаку … к слабой»,
        «Свести первую за ход атаку … к сильной», «Свести ближний удар …
        к 1», «Уменьшить величину выбранного удара на 1», «Перенаправить
        выстрел …») — момент здесь — объявление этой атаки (тот же образец,
        по которому читатель считает такую играемую особенность условной). Постоянные особенности тоже не находятся, даже с типом
        способности: «Броня 2», «Неповоротливость», «+1 к {strike} …»,
        «Может двигаться по диагонали», «Может объявить прыжок на
        занятую клетку …», «Первый бросок кубика противника получает -2
        (воздействие «…»)», «Ваши демоны могут объявлять …», а также
        особенность с условием «пока …».
    Почему это важно:
        116.3 требует сказать, когда особенность срабатывает. 116.5
        позволяет не писать условие только там, где момент однозначно
        задают правила (перенаправить можно только при объявлении атаки);
        у остальных эффектов его задать некому, поэтому находка — для
        редактора: дописать условие или оплату.
    Плохо:
        Заклинание «магический трюк» — ранить выбранное существо на 2.
    Хорошо:
        {tap}: Заклинание «магический трюк» — ранить выбранное существо на 2.
    """

    code = "BJ205"
    name = "missing-trigger-condition"
    severity = Severity.INFO
    rules = ("116.3", "116.5")
    needs_features = True
    message = ("у особенности {what}, но нет ни оплаты, ни условия срабатывания, ни метки (116.3); "
               "без условия можно, только если момент однозначно задают правила (116.5: перенаправить, "
               "блокировать, отменить атаку или свести её к слабой, средней или сильной — при её "
               "объявлении), а этот эффект момента не задаёт: допишите условие или оплату")

    def check(self, ctx):
        for feature in ctx.all_features:
            if feature.kind != "static" or feature.payment or feature.condition or feature.label:
                continue
            what = _what(ctx.text, feature)
            if what is None or fixed_by_rules(feature.effect):
                continue
            yield Hit(feature.span[0], feature.span[1], {"what": what})


def fixed_by_rules(effect: str | None) -> bool:
    """116.5: the effect redirects, blocks, reduces, brings to a strength or a value («свести … к
    сильной», «свести бросок кубика … к 1»), cancels, reflects or prevents an attack, a shot, a
    throw, a discharge or a spell — the rules fix its moment (that event's declaration), as for
    the rulebook's Бешеный маг: the reader's own pattern (moment-fixed-by-rules), so a feature
    the reader calls conditional is never reported here; or it only widens how an ability is
    declared («может объявить прыжок на занятую клетку»), a static permission."""
    from berserk_judge.parser import moment_fixed_by_rules

    effect = (effect or "").strip()
    return moment_fixed_by_rules(effect) or bool(_DECLARE.match(effect))


def _what(text: str, feature) -> str | None:
    """"тип способности «Заклинание»" / "повелительный эффект «ранить»", or None for a static state.

    Only an action someone would declare lacks its moment: an imperative effect («Ранить …»,
    «Отмените …»), or the card's own option «Может …» with an ability type (spec §1).
    A while-condition («…, пока X в отряде», «Пока … — …») is the moment of a static feature, and
    a declarative modifier or permission («Первый бросок … получает -2 (воздействие …)», «Ваши
    демоны могут объявлять …») is a static state, whatever ability type it carries."""
    if feature.while_condition:
        return None
    first = _FIRST_WORD.match(feature.effect or "")
    if first is None:
        return None
    from berserk_judge.parser import is_instruction

    word = first.group()
    if not (is_instruction(word) or (word.lower() in ("может", "можете") and feature.ability_type)):
        return None
    if feature.ability_type:
        return f"тип способности «{feature.ability_type}»"
    return f"повелительный эффект «{word}»"
