"""Missing trigger conditions (116.3, 116.5): an empty opener, or no condition at all."""
from __future__ import annotations

import re

from lint.finding import Severity
from lint.rule import Hit, Rule

_OPENER_ONLY = re.compile(r"(?:До|При|После|Если|Когда|В\s*начале|В\s*конце|Вместо)", re.I)
_REDIRECT = re.compile(r"перенаправ", re.I)
_ATTACK = re.compile(r"(?:атак|удар|\{strike\}|выстрел|метани|разряд)", re.I)


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
        способности («Может свести … (воздействие «…», 1 раз за ход)»),
        у которой нет ни оплаты (114), ни условия срабатывания
        (116.3), ни метки («Строй:», «Отпор:»). Постоянные особенности не
        находятся, даже с типом способности: «Броня 2», «Неповоротливость»,
        «+1 к {strike} …», «Может двигаться по диагонали», «Первый бросок
        кубика противника получает -2 (воздействие «…»)», «Ваши демоны могут
        объявлять …», а также особенность с условием «пока …».
    Почему это важно:
        116.3 требует сказать, когда особенность срабатывает. 116.5
        позволяет не писать условие только там, где момент задают сами
        правила (перенаправить можно только при объявлении атаки), поэтому
        находка — для редактора: подтвердить, что момент задан правилами,
        или дописать условие либо оплату.
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
               "116.5 разрешает не писать условие, только если момент задают правила — здесь это "
               "{moment}: подтвердите или допишите условие")

    def check(self, ctx):
        for feature in ctx.all_features:
            if feature.kind != "static" or feature.payment or feature.condition or feature.label:
                continue
            what = _what(ctx.text, feature)
            if what is None:
                continue
            yield Hit(feature.span[0], feature.span[1], {"what": what, "moment": _moment(feature.effect)})


def _what(text: str, feature) -> str | None:
    """"тип способности «Заклинание»" / "повелительный эффект «ранить»", or None for a static state.

    Only an action someone would declare lacks its moment: an imperative effect («Ранить …»,
    «Отмените …»), or the card's own option «Может …» with an ability type (spec §1).
    A while-condition («…, пока X в отряде», «Пока … — …») is the moment of a static feature, and
    a declarative modifier or permission («Первый бросок … получает -2 (воздействие …)», «Ваши
    демоны могут объявлять …») is a static state, whatever ability type it carries."""
    if feature.while_condition:
        return None
    first = re.match(r"[^\W\d_]+", feature.effect or "")
    if first is None:
        return None
    from parser import is_instruction

    word = first.group()
    if not (is_instruction(word) or (word.lower() in ("может", "можете") and feature.ability_type)):
        return None
    if feature.ability_type:
        return f"тип способности «{feature.ability_type}»"
    return f"повелительный эффект «{word}»"


def _moment(effect: str) -> str:
    if _REDIRECT.search(effect or ""):
        return "объявление атаки (перенаправить можно только её)"
    if _ATTACK.search(effect or ""):
        return "атака, о которой говорит эффект"
    return "момент, который правила должны задать сами"
