"""Running the rules: `lint_base(base, settings) -> LintResult`.

Pure: no printing, no exit codes. Each card is read by the reader (parser.read_card) once
(lazily, only if a selected rule needs it) and the features are shared by
every rule. Base-wide rules (BJ502) see all cards at once.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable, Iterator

from cardbase.chars import show_invisible
from cardbase.model import Card, CardBase, TextLine
from lint.config import Settings
from lint.finding import Finding, Severity
from lint.registry import all_rules
from lint.rule import Hit, Rule

LOAD_ERROR = ("BJ000", "unreadable-input")
READ_CRASH = ("BJ002", "reader-crash")


class CardContext:
    """One card and what the rules share about it."""

    def __init__(self, card: Card, reader: Callable[[Card], Any] | None = None):
        self.card = card
        self.text = card.text or ""
        self.read_crash: str | None = None
        self._reader = reader  # read_card by default; `lint --fix` passes a cached one

    @cached_property
    def features(self) -> list[Any] | None:
        """Top-level features from the reader; None when the reader
        failed on this card (the failure is kept in read_crash)."""
        from parser import read_card

        try:
            return list((self._reader or read_card)(self.card))
        except Exception as exc:  # a reader bug must not stop the lint of a base
            self.read_crash = f"{type(exc).__name__}: {exc}"
            return None

    @cached_property
    def all_features(self) -> list[Any]:
        """Features and the features they grant, depth first."""
        out: list[Any] = []

        def walk(items):
            for feature in items:
                out.append(feature)
                walk(feature.granted)

        walk(self.features or ())
        return out

    def line_span(self, offset: int) -> tuple[int, int]:
        """Offsets of the text line holding `offset` (without its newline)."""
        start = self.text.rfind("\n", 0, offset) + 1
        end = self.text.find("\n", offset)
        return start, len(self.text) if end < 0 else end


@dataclass
class LintResult:
    findings: list[Finding] = field(default_factory=list)   # reported, sorted
    load_errors: list[Finding] = field(default_factory=list)  # BJ000, included in findings
    crashes: int = 0                                          # BJ002 count
    suppressed: int = 0
    below_threshold: int = 0
    cards: int = 0
    files: int = 0
    seconds: float = 0.0
    origin: str | None = None   # where the cards came from, when not from the user's paths («демо-база»)

    @property
    def abnormal(self) -> bool:
        """Unreadable input or a reader crash: exit code 2."""
        return bool(self.load_errors) or self.crashes > 0


_KIND_TO_RULE = {
    "unreadable": LOAD_ERROR,               # BJ000: exit 2, never suppressed
    "noqa": ("BJ901", "invalid-noqa"),
    "icon": None,                           # reported by BJ302, which can be suppressed
}


def classify_problem(problem) -> tuple[str, str] | None:
    """A load problem as (code, name), or None when a lint rule reports it."""
    return _KIND_TO_RULE.get(problem.kind, ("BJ003", "card-schema"))


def make_card(text: str, id: str = "пример", name: str = "Пример", path: str = "<текст>",
              first_line: int = 1, column: int = 1, **fields: Any) -> Card:
    """A card for a bare text, each text line on its own file line (tests, rule docs)."""
    lines, offset = [], 0
    for index, part in enumerate(text.split("\n")):
        lines.append(TextLine(part, offset, first_line + index, column))
        offset += len(part) + 1
    return Card(id=id, name=name, text=text, path=path, line=first_line, column=column,
                text_lines=lines, fields=dict(fields))


def finding_for(rule: type[Rule], ctx: CardContext, hit: Hit, severity: Severity) -> Finding:
    card = ctx.card
    line, column = card.locate(hit.start)
    end_line, end_column = card.locate(max(hit.start, hit.end))
    if end_line != line or end_column <= column:
        _, line_end = ctx.line_span(hit.start)
        end_column = column + max(1, min(hit.end, line_end) - hit.start)
    return Finding(
        code=rule.code, name=rule.name, severity=severity,
        message=show_invisible(rule.format_message(hit.params)), path=card.path, line=line, column=column,
        end_column=end_column, card=card.id, rules=tuple(rule.rules), readings=list(hit.readings),
        suggestion=hit.suggestion, start=hit.start, end=hit.end,
        fix=hit.fix.located(card.locate) if hit.fix is not None else None,
    )


class CardChecker:
    """The per-card half of a lint: every card rule that is on for the card's
    file, plus BJ002 when the reader crashed. Files can be checked apart
    (in parallel, or once and cached: lint.parallel) and joined by lint_base."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.enabled = settings.enabled_codes()
        rules = [rule() for rule in all_rules() if rule.code in self.enabled]
        self.card_rules = [r for r in rules if not r.base_wide]
        self.base_rules = [r for r in rules if r.base_wide]
        self._ignored_by_path: dict[str, frozenset[str]] = {}
        self._plans: dict[str, list[tuple[Rule, Severity]]] = {}

    def active(self, code: str, path: str) -> bool:
        if path not in self._ignored_by_path:
            self._ignored_by_path[path] = self.settings.ignored_for_path(path)
        return code in self.enabled and code not in self._ignored_by_path[path]

    def _plan(self, path: str) -> list[tuple[Rule, Severity]]:
        """The card rules on for a file, with their severities (worked out once per file)."""
        plan = self._plans.get(path)
        if plan is None:
            plan = self._plans[path] = [(rule, self.settings.severity_of(rule.code, rule.severity))
                                        for rule in self.card_rules if self.active(rule.code, path)]
        return plan

    def __call__(self, ctx: CardContext) -> list[Finding]:
        found: list[Finding] = []
        for rule, severity in self._plan(ctx.card.path):
            if rule.needs_features and ctx.features is None:
                continue
            for hit in rule.check(ctx):
                found.append(finding_for(type(rule), ctx, hit, severity))
        if ctx.read_crash is not None:
            found.append(Finding(
                code=READ_CRASH[0], name=READ_CRASH[1], severity=Severity.ERROR,
                message=f"чтение особенностей карты завершилось сбоем ({ctx.read_crash}); "
                        f"это ошибка berserk-judge — сообщите о ней",
                path=ctx.card.path, line=ctx.card.line, column=ctx.card.column,
                end_column=ctx.card.column + 1, card=ctx.card.id))
        return found


def lint_base(base: CardBase, settings: Settings,
              card_findings: Callable[[CardContext], list[Finding]] | None = None,
              reader: Callable[[Card], Any] | None = None) -> LintResult:
    """All findings of the base under the settings, suppressions applied.

    `card_findings` gives a card's per-card findings when they are already
    known (cached or found by a worker process); by default they are found here.
    `reader` replaces parser.read_card (lint --fix and the report share readings).
    """
    from lint.suppress import apply_suppressions

    started = time.perf_counter()
    result = LintResult(cards=len(base.cards))
    result.files = len({c.path for c in base.cards} | set(base.paths or ()))
    checker = CardChecker(settings)
    base_rules = checker.base_rules
    active = checker.active
    per_card = card_findings or checker

    raw: list[Finding] = []
    contexts = [CardContext(card, reader) for card in base.cards]
    for ctx in contexts:
        raw.extend(per_card(ctx))
    result.crashes = sum(1 for finding in raw if finding.code == READ_CRASH[0])
    for rule in base_rules:
        pending = [ctx for ctx in contexts if active(rule.code, ctx.card.path)]
        if rule.needs_features:
            pending = [ctx for ctx in pending if ctx.features is not None]
        for ctx, hit in rule.check_base(pending):
            raw.append(finding_for(type(rule), ctx, hit, settings.severity_of(rule.code, rule.severity)))

    kept, suppressed, noqa_findings = apply_suppressions(contexts, raw, active, settings)
    result.suppressed = suppressed
    kept.extend(noqa_findings)

    for problem in base.problems:
        kind = classify_problem(problem)
        if kind is None:
            continue
        code, name = kind
        if code == "BJ901" and not active(code, problem.path):
            continue
        error = Finding(
            code=code, name=name, severity=Severity.ERROR if code != "BJ901" else settings.severity_of(
                code, Severity.WARNING),
            message=show_invisible(problem.message), path=problem.path, line=problem.line, column=problem.column,
            end_column=problem.column + 1, card=problem.card_id)
        if code == LOAD_ERROR[0]:
            result.load_errors.append(error)
        kept.append(error)

    reported = []
    for finding in kept:
        if finding.code not in (LOAD_ERROR[0], READ_CRASH[0], "BJ003") and finding.severity < settings.threshold:
            result.below_threshold += 1
            continue
        reported.append(finding)
    result.findings = sorted(reported, key=Finding.sort_key)
    result.seconds = time.perf_counter() - started
    return result


def _run(rule: Rule, ctx: CardContext, settings: Settings) -> Iterator[Finding]:
    severity = settings.severity_of(rule.code, rule.severity)
    for hit in rule.check(ctx):
        yield finding_for(type(rule), ctx, hit, severity)


def lint_text(text: str, select: list[str] | None = None, name: str = "Пример") -> list[Finding]:
    """Findings for a bare card text (tests and rule docs): all default rules,
    or exactly the selected codes."""
    from lint.config import Layer

    settings = Settings()
    if select is not None:
        settings.layers.append(Layer(select=select))
    base = CardBase(cards=[make_card(text, name=name)], problems=[], paths=["<текст>"])
    return lint_base(base, settings).findings
