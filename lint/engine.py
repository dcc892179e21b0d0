"""Running the rules: `lint_base(base, settings) -> LintResult`.

Pure: no printing, no exit codes. Each card is read by the reader (parser.read_card) once
(lazily, only if a selected rule needs it) and the features are shared by
every rule. Base-wide rules (BJ502) see all cards at once.
"""
from __future__ import annotations

import time
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import cached_property
from itertools import groupby
from typing import Any, Callable

from berserk_judge.cardbase.chars import show_invisible
from berserk_judge.cardbase.model import Card, CardBase, Problem, TextLine, column_at
from berserk_judge.lint.config import Settings
from berserk_judge.lint.finding import Finding, Severity
from berserk_judge.lint.registry import all_rules
from berserk_judge.lint.rule import Hit, Rule

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
        reader = self._reader
        if reader is None:
            from berserk_judge.parser import read_card as reader
        try:
            return list(reader(self.card))
        except Exception as exc:  # a reader bug must not stop the lint of a base
            self.read_crash = f"{type(exc).__name__}: {exc}"
            return None

    @cached_property
    def all_features(self) -> list[Any]:
        """Features and the features they grant, depth first."""
        out: list[Any] = []
        _walk(self.features or (), out)
        return out

    def line_span(self, offset: int) -> tuple[int, int]:
        """Offsets of the text line holding `offset` (without its newline)."""
        start = self.text.rfind("\n", 0, offset) + 1
        end = self.text.find("\n", offset)
        return start, len(self.text) if end < 0 else end


def _walk(features, out: list[Any]) -> None:
    """Depth first, into granted features. A function of the module, not a closure: a recursive
    closure is a reference cycle (the function holds its own cell), so every card's features
    would wait for the garbage collector instead of going with the card."""
    for feature in features:
        out.append(feature)
        _walk(feature.granted, out)


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
    "ruling": ("BJ602", "detached-ruling"),  # a judges' ruling attached to no card (cardbase.rulings)
}

# load problems that are findings of a rule one can select, ignore and reweigh (not BJ000/BJ003)
_RULE_PROBLEMS = ("BJ901", "BJ602")


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
    if hit.place is not None:
        line, column, end_column = hit.place
    elif end_line != line or end_column <= column:
        _, line_end = ctx.line_span(hit.start)
        end_column = column + max(1, min(hit.end, line_end) - hit.start)
    return Finding(
        code=rule.code, name=rule.name, severity=severity,
        message=show_invisible(rule.format_message(hit.params)), path=card.path, line=line, column=column,
        end_column=end_column, card=card.id, rules=tuple(rule.rules), readings=list(hit.readings),
        suggestion=hit.suggestion,
        # a finding placed outside the text (a ruling) marks no part of it
        start=None if hit.place is not None else hit.start, end=None if hit.place is not None else hit.end,
        fix=hit.fix.located(card.locate) if hit.fix is not None else None,
        choices=[choice.located(card.locate) for choice in hit.choices],
    )


def _breaks(text: str) -> tuple[int, ...]:
    """Offsets of the text's newlines, found by str.find: the language server
    gives each other file of the base as one text of thousands of lines, and a
    look at every character cost an edit 40 ms."""
    found = []
    at = text.find("\n")
    while at >= 0:
        found.append(at)
        at = text.find("\n", at + 1)
    return tuple(found)


@dataclass(frozen=True)
class Spot:
    """Where a card's text stands in its file: enough to place a finding of a
    base-wide rule without keeping the card (the same answers as Card.locate
    and CardContext.line_span)."""

    path: str
    id: str
    line: int
    column: int
    # (offset in the text, file line, file column, its escapes: TextLine.escapes) per text line
    lines: tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...]
    breaks: tuple[int, ...]                   # offsets of the text's newlines
    length: int

    @classmethod
    def of(cls, ctx: CardContext) -> "Spot":
        card, text = ctx.card, ctx.text
        return cls(card.path, card.id, card.line, card.column,
                   tuple((t.offset, t.line, t.column, t.escapes) for t in card.text_lines),
                   _breaks(text), len(text))

    @property
    def card(self) -> "Spot":  # finding_for reads ctx.card
        return self

    def locate(self, offset: int) -> tuple[int, int]:
        if not self.lines:
            return self.line, self.column
        at = max(0, bisect_right(self.lines, offset, key=lambda item: item[0]) - 1)
        start, line, column, escapes = self.lines[at]
        return line, column_at(column, escapes, offset - start)

    def line_span(self, offset: int) -> tuple[int, int]:
        before = bisect_left(self.breaks, offset)
        start = self.breaks[before - 1] + 1 if before else 0
        return start, self.breaks[before] if before < len(self.breaks) else self.length


@dataclass
class FileResult:
    """What one file's cards give on their own: final findings of the cards
    that need nothing else, and the little that the join over the whole base
    needs (ids for duplicates, marks of base-wide rules with the spots to place
    them, and the rare card with a `# noqa` and a mark, whose suppression waits).
    Small on purpose: it is cached, sent between processes and kept to the end."""

    path: str
    ids: list[tuple[str, int]] = field(default_factory=list)      # (card id, line), file order
    problems: list[Problem] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    suppressed: int = 0
    crashes: int = 0
    marks: list[tuple[str, int, tuple]] = field(default_factory=list)  # (rule code, spot index, mark)
    spots: list[Spot] = field(default_factory=list)
    pending: list[Card] = field(default_factory=list)
    pending_findings: list[Finding] = field(default_factory=list)


class CardChecker:
    """The per-card half of a lint: every card rule that is on for the card's
    file, plus BJ002 when the reader crashed. Files can be checked apart
    (in parallel, or once and cached: lint.parallel) and joined by `join`."""

    def __init__(self, settings: Settings, reader: Callable[[Card], Any] | None = None):
        self.settings = settings
        self.reader = reader
        self.enabled = settings.enabled_codes()
        rules = [rule() for rule in all_rules() if rule.code in self.enabled]
        for rule in rules:
            rule.configure(settings)
        self.card_rules = [r for r in rules if not r.base_wide]
        self.base_rules = [r for r in rules if r.base_wide]
        self._ignored_by_path: dict[str, frozenset[str]] = {}
        self._plans: dict[str, list[tuple[Rule, Severity]]] = {}

    def active(self, code: str, path: str) -> bool:
        if path not in self._ignored_by_path:
            self._ignored_by_path[path] = self.settings.ignored_for_path(path)
        return code in self.enabled and code not in self._ignored_by_path[path]

    def _plan(self, path: str) -> list[tuple[Any, bool, type[Rule], Severity]]:
        """The card rules on for a file as (bound check, needs features, rule class, severity),
        worked out once per file: a card asks each of some forty rules, and looking the same
        attributes up again for every card of a base cost more than most rules' checks."""
        plan = self._plans.get(path)
        if plan is None:
            plan = self._plans[path] = [
                (rule.check, rule.needs_features, type(rule), self.settings.severity_of(rule.code, rule.severity))
                for rule in self.card_rules if self.active(rule.code, path)]
        return plan

    def __call__(self, ctx: CardContext) -> list[Finding]:
        found: list[Finding] = []
        unread = None     # whether the reader gave no features (asked once, by the first rule needing them)
        for check, needs_features, rule, severity in self._plan(ctx.card.path):
            if needs_features:
                if unread is None:
                    unread = ctx.features is None
                if unread:
                    continue
            for hit in check(ctx):
                found.append(finding_for(rule, ctx, hit, severity))
        if ctx.read_crash is not None:
            found.append(Finding(
                code=READ_CRASH[0], name=READ_CRASH[1], severity=Severity.ERROR,
                message=f"чтение особенностей карты завершилось сбоем ({ctx.read_crash}); "
                        f"это ошибка berserk-judge — сообщите о ней",
                path=ctx.card.path, line=ctx.card.line, column=ctx.card.column,
                end_column=ctx.card.column + 1, card=ctx.card.id))
        return found

    def check_cards(self, path: str, cards: list[Card], problems: list[Problem] | None = None) -> FileResult:
        """The FileResult of one file's cards (and its load problems)."""
        from berserk_judge.lint.suppress import apply_suppressions, directives_of

        out = FileResult(path=path, ids=[(card.id, card.line) for card in cards], problems=list(problems or ()))
        base_rules = [rule for rule in self.base_rules if self.active(rule.code, path)]
        for card in cards:
            ctx = CardContext(card, self.reader)
            raw = self(ctx)
            out.crashes += sum(1 for finding in raw if finding.code == READ_CRASH[0])
            marks = []
            for rule in base_rules:
                if rule.needs_features and ctx.features is None:
                    continue
                marks.extend((rule.code, mark) for mark in rule.collect(ctx))
            if marks:
                spot = len(out.spots)
                out.spots.append(Spot.of(ctx))
                out.marks.extend((code, spot, tuple(mark)) for code, mark in marks)
                if (card.noqa_comments or "noqa" in card.fields) and directives_of(card)[0]:
                    # a noqa may silence a base-wide finding: judged after the join
                    out.pending.append(card)
                    out.pending_findings.extend(raw)
                    continue
            if not card.noqa_comments and "noqa" not in card.fields:
                out.findings.extend(raw)  # nothing to suppress, no noqa to judge
                continue
            kept, suppressed, noqa_findings = apply_suppressions([ctx], raw, self.active, self.settings)
            out.findings.extend(kept)
            out.findings.extend(noqa_findings)
            out.suppressed += suppressed
        return out


def join(parts: list[FileResult], checker: CardChecker, problems: list[Problem] = (),
         paths: list[str] | None = None) -> LintResult:
    """The LintResult of a base from its files' results (in base order): the
    base-wide rules over every mark, the waiting suppressions, load problems
    as findings, the threshold, the order."""
    from berserk_judge.lint.suppress import apply_suppressions

    settings, active = checker.settings, checker.active
    result = LintResult(cards=sum(len(part.ids) for part in parts))
    result.files = len({part.path for part in parts if part.ids} | set(paths or ()))
    kept: list[Finding] = []
    for part in parts:
        kept.extend(part.findings)
        result.suppressed += part.suppressed
        result.crashes += part.crashes
    late: dict[tuple[str, str], list[Finding]] = {}
    for rule in checker.base_rules:
        marks = [(part.spots[spot], mark) for part in parts for code, spot, mark in part.marks if code == rule.code]
        severity = settings.severity_of(rule.code, rule.severity)
        for spot, hit in rule.judge(marks):
            late.setdefault((spot.path, spot.id), []).append(finding_for(type(rule), spot, hit, severity))
    waiting = {(card.path, card.id): card for part in parts for card in part.pending}
    for key, found in late.items():
        if key not in waiting:
            kept.extend(found)
    if waiting:
        raw = [finding for part in parts for finding in part.pending_findings]
        for found in late.values():
            raw.extend(f for f in found if (f.path, f.card or "") in waiting)
        contexts = [CardContext(card) for card in waiting.values()]
        done, suppressed, noqa_findings = apply_suppressions(contexts, raw, active, settings)
        kept.extend(done)
        kept.extend(noqa_findings)
        result.suppressed += suppressed

    for problem in [p for part in parts for p in part.problems] + list(problems):
        kind = classify_problem(problem)
        if kind is None:
            continue
        code, name = kind
        if code in _RULE_PROBLEMS and not active(code, problem.path):
            continue
        error = Finding(
            code=code, name=name, severity=Severity.ERROR if code not in _RULE_PROBLEMS else settings.severity_of(
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
    return result


def lint_base(base: CardBase, settings: Settings,
              reader: Callable[[Card], Any] | None = None,
              checker: CardChecker | None = None) -> LintResult:
    """All findings of the base under the settings, suppressions applied.

    The same two halves as a lint of files (lint.parallel): each file's cards
    checked on their own (`CardChecker.check_cards`), then `join`. `reader`
    replaces parser.read_card (lint --fix and the report share readings);
    `checker` replaces the per-card half (the language server remembers each
    card's findings between edits).
    """
    started = time.perf_counter()
    checker = checker if checker is not None else CardChecker(settings, reader)
    parts = []
    for path, cards in groupby(base.cards, key=lambda card: card.path):
        parts.append(checker.check_cards(path, list(cards)))
    result = join(parts, checker, base.problems, base.paths)
    result.seconds = time.perf_counter() - started
    return result


def lint_text(text: str, select: list[str] | None = None, name: str = "Пример") -> list[Finding]:
    """Findings for a bare card text (tests and rule docs): all default rules,
    or exactly the selected codes."""
    from berserk_judge.lint.config import Layer

    settings = Settings()
    if select is not None:
        settings.layers.append(Layer(select=select))
    base = CardBase(cards=[make_card(text, name=name)], problems=[], paths=["<текст>"])
    return lint_base(base, settings).findings
