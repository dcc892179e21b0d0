"""A keyword label without its colon (spec §1, Keyword-labelled)."""
from __future__ import annotations

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.rule import Rule
from berserk_judge.lint.rules.bj3_types import missing_colon_hits


class LabelWithoutColon(Rule):
    """Метка особенности без двоеточия.

    Что находит:
        Особенность, которая начинается со значка формы или случая
        ({first}, {second}, {wolf}, {human}), но после значка нет «:».
    Почему это важно:
        Метка пишется «[метка]: [особенность]», как «Строй:» или «{first}:»;
        она говорит, в каком случае или форме действует особенность. Без
        «:» значок легко принять за часть эффекта; программа читает его как
        метку с опечаткой, как оплату без «:» (114). Вставка «:» не меняет
        чтения.
    Плохо:
        {second} +3 к {health}.
    Хорошо:
        {second}: +3 к {health}.
    """

    code = "BJ306"
    fix_applicability = "safe"
    name = "label-without-colon"
    severity = Severity.ERROR
    rules = ()
    needs_features = True
    message = "после метки «{label}» нет «:»; особенность с меткой пишется «[метка]: [особенность]»"

    def check(self, ctx):
        return missing_colon_hits(ctx, "label", "метки")
