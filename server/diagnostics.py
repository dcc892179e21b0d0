"""Findings as LSP diagnostics: code, severity, exact range, Russian message, link."""
from __future__ import annotations

from lsprotocol import types

from lint.finding import Finding, Severity
from server.analysis import Analysis
from server.docs import RuleDocs

SOURCE = "berserk-judge"
SEVERITY = {Severity.ERROR: types.DiagnosticSeverity.Error,
            Severity.WARNING: types.DiagnosticSeverity.Warning,
            Severity.INFO: types.DiagnosticSeverity.Information}


def lsp_range(analysis: Analysis, start: int, end: int) -> types.Range:
    (line, character), (end_line, end_character) = analysis.lines.position(start), analysis.lines.position(end)
    return types.Range(types.Position(line, character), types.Position(end_line, end_character))


def message(finding: Finding) -> str:
    """The finding's Russian message; the readings of an ambiguous text and a
    fix the reading guard held back are added on lines of their own."""
    lines = [finding.message]
    if len(finding.readings) > 1:
        lines.extend(f"чтение {n}{' (по умолчанию)' if n == 1 else ''}: {reading}"
                     for n, reading in enumerate(finding.readings, start=1))
    if finding.fix is not None and finding.fix.demoted:
        lines.append(f"исправление «{finding.fix.title}» не применяется: {finding.fix.demoted}")
    return "\n".join(lines)


def diagnostic(analysis: Analysis, finding: Finding, docs: RuleDocs, uri_of=None) -> types.Diagnostic:
    start, end = analysis.finding_span(finding)
    href = docs.href(finding.code, finding.name)
    related = None
    first = _first_with_id(analysis, finding, start)
    if first is not None and uri_of is not None:
        related = [types.DiagnosticRelatedInformation(
            types.Location(uri_of(first.path), _card_point(first)), "первая карта с этим id")]
    return types.Diagnostic(
        range=lsp_range(analysis, start, end),
        message=message(finding),
        severity=SEVERITY[finding.severity],
        code=finding.code,
        code_description=types.CodeDescription(href=href) if href else None,
        source=SOURCE,
        related_information=related,
        data={"card": finding.card, "start": finding.start, "end": finding.end},
    )


def _first_with_id(analysis: Analysis, finding: Finding, start: int):
    """For a card skipped as a repeated id (a BJ003 at its id's value): the card kept with that id."""
    if finding.code != "BJ003" or not finding.card:
        return None
    written = analysis.text[start:start + len(finding.card) + 1].lstrip("'\"")
    if not written.startswith(finding.card):
        return None
    first = analysis.claimed.get(finding.card) or analysis.card(finding.card)
    if first is None or (first.path == analysis.path and analysis.mark(*first.field_positions.get(
            "id", (first.line, first.column))) == start):
        return None
    return first


def _card_point(card) -> types.Range:
    line, column = card.field_positions.get("id", (card.line, card.column))
    return types.Range(types.Position(line - 1, column - 1), types.Position(line - 1, column - 1))


def diagnostics(analysis: Analysis, docs: RuleDocs, uri_of=None) -> list[types.Diagnostic]:
    return [diagnostic(analysis, finding, docs, uri_of) for finding in analysis.findings]
