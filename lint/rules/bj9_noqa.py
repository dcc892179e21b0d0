"""Suppressions themselves (emitted by lint.suppress)."""
from __future__ import annotations

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.rule import Rule


class UnusedNoqa(Rule):
    """Подавление, которое ничего не подавляет.

    Что находит:
        Комментарий `# noqa` или `# noqa: BJ101` у текста карты и поле карты
        `noqa: [BJ101]`, под которые не попала ни одна находка (или ни одна
        находка с названным кодом). Коды правил, отключённых настройками,
        не судятся: неизвестно, сработали бы они.
    Почему это важно:
        Текст исправили, а подавление осталось; в следующий раз оно молча
        скроет новую, настоящую ошибку.
    Плохо:
        - id: d1_1
          name: Кшар
          text: '{tap}: ранить цель на 1.'  # noqa: BJ101
    Хорошо:
        - id: d1_1
          name: Кшар
          text: '{tap}: ранить цель на 1.'
    """

    code = "BJ900"
    name = "unused-noqa"
    severity = Severity.WARNING
    engine_emitted = True
    message = "{message}"


class InvalidNoqa(Rule):
    """Неверно записанное подавление.

    Что находит:
        `# noqa` с кодом, которого нет в каталоге (`# noqa: BJ777`), поле
        `noqa`, которое не список кодов, и `# noqa[N]` с номером строки,
        которой нет в тексте.
    Почему это важно:
        Опечатка в коде подавления ничего не подавляет и ничего не говорит
        читателю; без этой проверки она незаметна.
    Плохо:
        - id: d1_1
          name: Кшар
          text: '{tap}:ранить цель на 1.'  # noqa: BJ55
    Хорошо:
        - id: d1_1
          name: Кшар
          text: '{tap}:ранить цель на 1.'  # noqa: BJ505
    """

    code = "BJ901"
    name = "invalid-noqa"
    severity = Severity.WARNING
    engine_emitted = True
    message = "{message}"
