"""The lint rule as a self-describing unit.

A rule class carries everything the catalogue, `berserk-judge rule CODE`, the
SARIF rule list and docs/rules.md need: code, kebab-case name, default
severity, the rulebook numbers it enforces, a Russian message template and a
Russian docstring with four headed sections:

    <one-line summary>

    Что находит:
        ...
    Почему это важно:
        ...
    Плохо:
        <a card text that triggers the rule>
    Хорошо:
        <the same card written so that it does not>

The «Плохо»/«Хорошо» texts are not decoration: tests run every rule over its
own examples, so a doc that drifts from the code fails.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Iterable

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.fix_model import Fix

if TYPE_CHECKING:  # pragma: no cover
    from berserk_judge.lint.engine import CardContext

SECTIONS = ("Что находит", "Почему это важно", "Плохо", "Хорошо")


@dataclass
class Hit:
    """What a rule reports: a span of Card.text and the message parameters."""

    start: int
    end: int
    params: dict[str, Any] = field(default_factory=dict)
    readings: list[str] = field(default_factory=list)
    suggestion: str | None = None
    fix: Fix | None = None
    # (file line, column, end column) of card data outside the text (a ruling's rule number):
    # the finding points there instead of at start..end of the text
    place: tuple[int, int, int] | None = None
    # one fix per reading of an ambiguous text, named by what it keeps: a choice for the
    # editor (a code action), never applied by `--fix` (as Ruff's display-only fixes)
    choices: list[Fix] = field(default_factory=list)


class Rule:
    """Base class. Subclasses set the class attributes and override `check`
    (one card at a time), or `collect` (per card) and `judge` (over the
    whole base) for base-wide rules."""

    code: ClassVar[str] = ""
    name: ClassVar[str] = ""
    severity: ClassVar[Severity] = Severity.WARNING
    rules: ClassVar[tuple[str, ...]] = ()
    message: ClassVar[str] = ""
    # needs the reader (parser.read_card); skipped (not failed) on a card the reader crashed on (BJ002)
    needs_features: ClassVar[bool] = False
    # opt-in rules are enabled only by their full code (as Ruff's preview rules)
    default_enabled: ClassVar[bool] = True
    base_wide: ClassVar[bool] = False
    # reported by the engine or the suppression pass, not by `check`
    engine_emitted: ClassVar[bool] = False
    # the «Плохо»/«Хорошо» examples are card base YAML, not a bare card text (tests load them as a file)
    examples_are_yaml: ClassVar[bool] = False
    # "safe" or "unsafe" when the rule's findings carry fixes (lint/fix_model.py); the catalogue says so
    fix_applicability: ClassVar[str | None] = None

    def configure(self, settings: Any) -> None:
        """Called once with the lint settings, before any card (BJ601 reads the rulebook they name)."""

    def check(self, ctx: "CardContext") -> Iterable[Hit]:
        return ()

    def collect(self, ctx: "CardContext") -> list[tuple]:
        """Base-wide rules: what of one card the judgement over the base needs,
        as tuples of plain values (offsets in the card text first). Kept per
        file instead of the card, cached and sent between processes."""
        return []

    def judge(self, marks: list[tuple[Any, tuple]]) -> Iterable[tuple[Any, Hit]]:
        """Base-wide rules: hits over the (card, mark) pairs of the whole base, in base order."""
        return ()

    # -- documentation -------------------------------------------------------

    @classmethod
    def doc(cls) -> "RuleDoc":
        return parse_doc(cls)

    @classmethod
    def format_message(cls, params: dict[str, Any]) -> str:
        return cls.message.format(**params)


@dataclass(frozen=True)
class RuleDoc:
    summary: str
    sections: dict[str, str]

    @property
    def finds(self) -> str:
        return self.sections.get("Что находит", "")

    @property
    def why(self) -> str:
        return self.sections.get("Почему это важно", "")

    @property
    def bad(self) -> str:
        return self.sections.get("Плохо", "")

    @property
    def good(self) -> str:
        return self.sections.get("Хорошо", "")


def parse_doc(cls: type) -> RuleDoc:
    text = inspect.cleandoc(cls.__doc__ or "")
    lines = text.splitlines()
    summary_lines: list[str] = []
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        heading = line.strip().rstrip(":")
        if line and not line[0].isspace() and line.rstrip().endswith(":") and heading in SECTIONS:
            current = sections.setdefault(heading, [])
            continue
        if current is None:
            summary_lines.append(line)
        else:
            current.append(line)
    summary = " ".join(part.strip() for part in summary_lines if part.strip())
    body = {}
    for heading, part in sections.items():
        dedented = inspect.cleandoc("\n".join(part)) if any(p.strip() for p in part) else ""
        if heading in ("Плохо", "Хорошо"):
            body[heading] = dedented
        else:
            body[heading] = _unwrap(dedented)
    return RuleDoc(summary, body)


def _unwrap(text: str) -> str:
    """Join wrapped lines of prose into paragraphs."""
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n")]
    return "\n\n".join(p for p in paragraphs if p)
