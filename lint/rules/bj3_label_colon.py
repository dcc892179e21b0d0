"""A keyword label without its colon (spec §1, Keyword-labelled)."""
from __future__ import annotations

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.fix_model import replace, safe_fix
from berserk_judge.lint.rule import Hit, Rule


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
        for feature in ctx.all_features:
            at = getattr(feature, "label_missing_colon", None)
            if at is None or feature.label_span is None:
                continue
            label = ctx.text[feature.label_span[0]:feature.label_span[1]]
            yield Hit(feature.label_span[0], at, {"label": label}, suggestion=f"{label}:",
                      fix=safe_fix("вставить «:» после метки", replace(at, at, ":")))
