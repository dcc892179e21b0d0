"""A finding: one problem a lint rule found, located in the card base file."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from berserk_judge.lint.fix_model import Fix


class Severity(IntEnum):
    """Ordered so that a threshold is a comparison: INFO < WARNING < ERROR."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @property
    def russian(self) -> str:
        return {"info": "сведение", "warning": "предупреждение", "error": "ошибка"}[self.label]

    @classmethod
    def parse(cls, value: str) -> "Severity":
        try:
            return cls[value.strip().upper()]
        except KeyError:
            raise ValueError(value) from None


SEVERITY_NAMES = ("error", "warning", "info")


@dataclass(slots=True)
class Finding:
    """Where (file, line, columns, card), what (code, message) and why (rule numbers)."""

    code: str
    name: str
    severity: Severity
    message: str
    path: str
    line: int
    column: int
    end_column: int
    card: str | None = None
    rules: tuple[str, ...] = ()
    readings: list[str] = field(default_factory=list)
    suggestion: str | None = None
    # offsets in Card.text; None for findings about something else (a noqa field, a file)
    start: int | None = None
    end: int | None = None
    fix: Fix | None = None   # edits on Card.text that remove the problem (lint/fix_model.py)
    choices: list[Fix] = field(default_factory=list)   # one fix per reading (BJ101): the editor picks

    def sort_key(self) -> tuple:
        return (self.path, self.line, self.column, self.code, self.card or "")

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "name": self.name,
            "severity": self.severity.label,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_column": self.end_column,
            "card": self.card,
            "rules": list(self.rules),
            "readings": list(self.readings),
            "suggestion": self.suggestion,
            "fix": self.fix.to_dict() if self.fix is not None else None,
            "choices": [choice.to_dict() for choice in self.choices],
        }


def uncited_rules(message: str, rules) -> list[str]:
    """The rule numbers a message does not already cite (a view that prints the numbers after
    the message would otherwise show «(505.7) (505.7)»)."""
    import re

    return [number for number in rules
            if not re.search(r"(?<![\d.])" + re.escape(number) + r"(?![\d]|\.\d)", message)]
