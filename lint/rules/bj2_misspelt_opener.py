"""A trigger opener misspelt by one letter (spec §1, «Where a trigger condition ends»)."""
from __future__ import annotations

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.fix_model import replace, safe_fix
from berserk_judge.lint.rule import Hit, Rule


class MisspeltTriggerOpener(Rule):
    """Опечатка в первом слове условия срабатывания.

    Что находит:
        Особенность, первое слово которой отличается одной буквой от слова,
        открывающего условие срабатывания (116.3: При, После, Если, Когда),
        начинается с той же буквы и не является словом словаря: «Когла»,
        «Пори», «Есди». Программа читает такое слово как то, на которое оно
        похоже, и особенность — как срабатывающую.
    Почему это важно:
        Без верного слова условие не узнать: особенность читалась бы как
        постоянная, а тире после условия — как связка «при этом» (505.4.1).
        Исправление меняет одну букву и не меняет прочтения.
    Плохо:
        Когла ваш пират нападает — он получает +1 к {strike}.
    Хорошо:
        Когда ваш пират нападает — он получает +1 к {strike}.
    """

    code = "BJ206"
    fix_applicability = "safe"
    name = "misspelt-trigger-opener"
    severity = Severity.WARNING
    rules = ("116.3",)
    needs_features = True
    message = "«{word}» — нет такого слова; условие срабатывания прочитано как начатое с «{opener}» (116.3)"

    def check(self, ctx):
        for feature in ctx.all_features:
            typo = getattr(feature, "misspelt_opener", None)
            if typo is None:
                continue
            start, end, opener = typo
            word = ctx.text[start:end]
            right = opener.capitalize() if word[:1].isupper() else opener
            yield Hit(start, end, {"word": word, "opener": right}, suggestion=right,
                      fix=safe_fix(f"заменить «{word}» на «{right}»", replace(start, end, right)))
