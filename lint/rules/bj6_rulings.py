"""BJ601, BJ602: judges' rulings that cite a rule the rulebook lacks, or belong to no card.

Rulings are card data (cardbase.rulings). BJ601 needs the rulebook: it is
judged only when the settings name one (the `rulebook` key); without it the
rule says nothing, as no number can be checked. BJ602 comes from the loader
(problems of kind "ruling") and is placed by the engine.
"""
from __future__ import annotations

import difflib
from functools import lru_cache

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.rule import Hit, Rule


class RulingUnknownRule(Rule):
    """Решение судей ссылается на номер правила, которого нет в своде.

    Что находит:
        Номер в списке `rules:` решения карты, которого нет среди номеров
        свода правил, заданного ключом `rulebook` (номер правила, его
        раздел или устойчивое имя абзаца без номера, как `505.3`). Без
        свода правило молчит: номер не с чем сверить.
    Почему это важно:
        Судья открывает правило, на которое ссылается решение. Опечатка в
        номере (`505.10` вместо `505.1`) или ссылка на правило другого
        издания ведёт его не туда, а решение кажется подкреплённым сводом.
    Плохо:
        cards:
        - id: d1_1
          name: Кшар
          rulings:
          - question: Можно ли ранить закрытое существо?
            answer: Да.
            rules: ['505.77']
          text: '{tap}: ранить цель на 1.'
    Хорошо:
        cards:
        - id: d1_1
          name: Кшар
          rulings:
          - question: Можно ли ранить закрытое существо?
            answer: Да.
            rules: ['505.7']
          text: '{tap}: ранить цель на 1.'
    """

    code = "BJ601"
    name = "ruling-unknown-rule"
    severity = Severity.WARNING
    message = "решение ссылается на правило {number}, которого нет в своде правил{hint}; проверьте номер"
    examples_are_yaml = True

    def __init__(self):
        self.numbers: frozenset[str] | None = None

    def configure(self, settings) -> None:
        self.numbers = held_numbers(settings.rulebook) if getattr(settings, "rulebook", None) else None

    def check(self, ctx):
        if self.numbers is None or not ctx.card.rulings:
            return
        for ruling in ctx.card.rulings:
            for number, (line, column, end) in zip(ruling.rules, ruling.rule_places):
                if number in self.numbers:
                    continue
                # a slip inside a section the rulebook holds («505.77»): name its closest number
                section = [n for n in self.numbers if n.split(".")[0] == number.split(".")[0]]
                close = difflib.get_close_matches(number, sorted(section), n=1, cutoff=0.8)
                hint = f" (есть {close[0]})" if close else ""
                yield Hit(0, 0, {"number": number, "hint": hint}, place=(line, column, end))


@lru_cache(maxsize=4)
def _held(folder: str, stamp: tuple) -> frozenset[str]:
    from berserk_judge.rulebook import RulebookError, load_rulebook

    try:
        book = load_rulebook(folder)
    except RulebookError:
        return frozenset()
    held = set()
    for rule in book.rules:
        held.update(n for n in (rule.number, rule.alias, rule.section) if n)
    return frozenset(held)


def held_numbers(folder: str) -> frozenset[str] | None:
    """Every number the rulebook folder holds; None when it cannot be read (then nothing is judged)."""
    stamp = rulebook_stamp(folder)
    if stamp is None:
        return None
    held = _held(folder, stamp)
    return held or None


def rulebook_stamp(folder: str | None) -> tuple | None:
    """The names, sizes and times of a rulebook folder's files: what the lint cache keys BJ601 on."""
    from pathlib import Path

    if not folder:
        return None
    try:
        return tuple(sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns)
                            for p in Path(folder).iterdir() if p.suffix.lower() == ".txt"))
    except OSError:
        return None


class DetachedRuling(Rule):
    """Решение судей, которое не относится ни к одной карте.

    Что находит:
        Список `rulings:` вне карты (на верхнем уровне файла или в разделе
        `set:`), элемент списка `rulings:` карты, который не решение (не
        отображение или без ответа `answer`), и решения карты, которую
        загрузчик пропускает (нет id или name, повторный id). Решение
        относится к карте, только если оно — правильно записанный элемент
        её собственного списка `rulings:`.
    Почему это важно:
        Такое решение не покажут ни `card`, ни `explain`, ни отчёт: судья
        его не увидит, хотя в базе оно есть.
    Плохо:
        rulings:
        - question: Можно ли ранить закрытое существо?
          answer: Да.
        cards:
        - id: d1_1
          name: Кшар
          text: '{tap}: ранить цель на 1.'
    Хорошо:
        cards:
        - id: d1_1
          name: Кшар
          rulings:
          - question: Можно ли ранить закрытое существо?
            answer: Да.
          text: '{tap}: ранить цель на 1.'
    """

    code = "BJ602"
    name = "detached-ruling"
    severity = Severity.WARNING
    engine_emitted = True
    examples_are_yaml = True
    message = "{message}"
