"""Suppressions: `# noqa` comments on a card's text lines and a card's
`noqa:` field; the unused ones become BJ900 findings, malformed ones BJ901.

Where a `# noqa` comment may stand in the YAML and which text line it covers
is the card base's business (cardbase.textmap, Card.noqa_comments); here a
comment covers the findings that start on its text line (or on the whole text
when it names no line), a `noqa:` field covers the whole card.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Callable

from berserk_judge.lint.finding import Finding
from berserk_judge.lint.registry import get_rule

UNUSED = "BJ900"
INVALID = "BJ901"
ENGINE_CODES = ("BJ000", "BJ002", "BJ003")  # load errors and reader crashes are never silenced


@dataclass
class Directive:
    codes: tuple[str, ...]         # empty: every code
    line: int
    column: int
    raw: str
    text_line: int | None          # 0-based text line, None: the whole card
    is_field: bool = False
    used: set[str] = field(default_factory=set)
    used_bare: bool = False

    def covers(self, finding: Finding, line_index: int | None) -> bool:
        if self.text_line is not None and self.text_line != line_index:
            return False
        return not self.codes or finding.code in self.codes


def _line_index(card, offset: int | None) -> int | None:
    """The text line an offset falls on (binary search: a long text has a finding per line)."""
    if offset is None:
        return None
    index = bisect_right(card.text_lines, offset, key=lambda text_line: text_line.offset) - 1
    return index if index >= 0 else None


def directives_of(card) -> tuple[list[Directive], list[tuple[int, int, str]]]:
    """The card's noqa directives and malformed-field problems (line, col, message)."""
    found = [Directive(tuple(x.upper() for x in c.codes), c.line, c.column, c.raw, c.text_line)
             for c in card.noqa_comments]
    problems: list[tuple[int, int, str]] = []
    value = card.fields.get("noqa")
    if value is not None:
        line, column = card.field_positions.get("noqa", (card.line, card.column))
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
            problems.append((line, column, f"поле noqa: ожидается список кодов, например [BJ101], а задано {value!r}"))
        else:
            codes = []
            for item in items:
                for part in item.replace(",", " ").split():
                    codes.append(part.upper())
            bare = not codes or any(c in ("ALL", "*") for c in codes)
            found.append(Directive(() if bare else tuple(codes), line, column,
                                   f"noqa: [{', '.join(codes)}]", None, is_field=True))
    return found, problems


def apply_suppressions(contexts, findings: list[Finding],
                       active: Callable[[str, str], bool], settings) -> tuple[list[Finding], int, list[Finding]]:
    """(kept findings, number suppressed, BJ900/BJ901 findings)."""
    from berserk_judge.lint.registry import rules_by_code

    catalogue = rules_by_code()
    by_card: dict[tuple[str, str], list[Finding]] = {}
    for finding in findings:
        by_card.setdefault((finding.path, finding.card or ""), []).append(finding)
    kept: list[Finding] = []
    extra: list[Finding] = []
    suppressed = 0
    seen_keys = set()
    for ctx in contexts:
        card = ctx.card
        key = (card.path, card.id)
        if key in seen_keys:
            continue
        seen_keys.add(key)
        card_findings = by_card.pop(key, [])
        directives, problems = directives_of(card)
        for finding in card_findings:
            index = _line_index(card, finding.start)
            hits = [d for d in directives if finding.code not in ENGINE_CODES and d.covers(finding, index)]
            if not hits:
                kept.append(finding)
                continue
            suppressed += 1
            for d in hits:
                if d.codes:
                    d.used.add(finding.code)
                else:
                    d.used_bare = True
        extra.extend(_noqa_findings(card, directives, problems, active, catalogue, settings))
    for rest in by_card.values():  # findings of cards not in contexts (should not happen)
        kept.extend(rest)
    return kept, suppressed, extra


def _noqa_findings(card, directives, problems, active, catalogue, settings):
    out: list[Finding] = []

    def emit(code: str, message: str, line: int, column: int, width: int, suggestion: str | None = None):
        if not active(code, card.path):
            return
        rule = catalogue[code]
        out.append(Finding(
            code=code, name=rule.name, severity=settings.severity_of(code, rule.severity), message=message,
            path=card.path, line=line, column=column, end_column=column + max(1, width), card=card.id,
            rules=rule.rules, suggestion=suggestion))

    for line, column, message in problems:
        emit(INVALID, message, line, column, 1)
    for d in directives:
        where = "поле noqa" if d.is_field else f"комментарий «{d.raw.strip()}»"
        unknown = [c for c in d.codes if get_rule(c) is None or get_rule(c).code != c]
        for code in unknown:
            emit(INVALID, f"{where}: неизвестный код «{code}»", d.line, d.column, len(d.raw))
        if not d.codes:
            # with some rules switched off, a bare noqa may still be needed by them
            if not d.used_bare and all(active(c, card.path) for c, r in catalogue.items()
                                       if r.default_enabled and not r.engine_emitted):
                emit(UNUSED, f"{where} ничего не подавляет", d.line, d.column, len(d.raw),
                     "удалить подавление")
            continue
        # a code that is switched off here cannot fire, so its noqa is not judged
        unused = [c for c in d.codes if c not in unknown and c not in d.used and c != UNUSED
                  and active(c, card.path)]
        if unused:
            emit(UNUSED, f"{where} ничего не подавляет: {', '.join(unused)}", d.line, d.column, len(d.raw),
                 "удалить " + ", ".join(unused))
    return out
