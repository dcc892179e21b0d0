"""Findings as LSP diagnostics: code, severity, exact range, Russian message, link."""
from __future__ import annotations

import functools
import hashlib
from bisect import bisect_left
import json
import struct

from lsprotocol import types

from berserk_judge.lint.finding import Finding, Severity
from berserk_judge.server.analysis import Analysis
from berserk_judge.server.docs import RuleDocs

SOURCE = "berserk-judge"
SEVERITY = {Severity.ERROR: types.DiagnosticSeverity.Error,
            Severity.WARNING: types.DiagnosticSeverity.Warning,
            Severity.INFO: types.DiagnosticSeverity.Information}


def lsp_range(analysis: Analysis, start: int, end: int) -> types.Range:
    (line, character), (end_line, end_character) = analysis.lines.position(start), analysis.lines.position(end)
    return types.Range(point(line, character), point(end_line, end_character))


def point(line: int, character: int) -> types.Position:
    """A Position, never below 0 (a place the loader gave as line or column 0 is the file's start:
    a Position with -1 is refused by lsprotocol, and the request failed with a ValueError)."""
    return types.Position(max(0, line), max(0, character))


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
    return types.Range(point(line - 1, column - 1), point(line - 1, column - 1))


def diagnostics(analysis: Analysis, docs: RuleDocs, uri_of=None, findings=None) -> list[types.Diagnostic]:
    """The diagnostics of the findings (all of the analysis's when not given)."""
    if analysis.shown is not None:
        return [structured(shape) for _, shape in analysis.shown.items(analysis, docs, uri_of, findings)]
    return [diagnostic(analysis, finding, docs, uri_of)
            for finding in (analysis.findings if findings is None else findings)]


def shown_items(analysis: Analysis, docs: RuleDocs, uri_of=None, findings=None) -> list[tuple[tuple[str, int], bytes]]:
    """The diagnostics of the findings (all when not given) as ((code, first line), JSON text) pairs."""
    if analysis.shown is not None:
        return analysis.shown.items(analysis, docs, uri_of, findings)
    converter = _converter()
    return [((item.code, item.range.start.line), encoded(converter.unstructure(item)))
            for item in (diagnostic(analysis, finding, docs, uri_of)
                         for finding in (analysis.findings if findings is None else findings))]


MAX_SHOWN = 1000   # diagnostics a publish (or a pull's report) carries at most; the setting maxDiagnostics


def within_limit(analysis: Analysis, focus: int | None, limit: int) -> tuple[list, int | None]:
    """(the findings to show, None) when they are at most `limit` (0: no
    limit); else (the `limit` findings around the buffer offset `focus`, the
    place being edited — or the first ones — in file order, the number of
    all). 32,000 diagnostics of a 20,000-card file were 11 MB at every
    keystroke, and an editor spent seconds taking them in."""
    findings = analysis.findings
    if not limit or len(findings) <= limit:
        return findings, None
    marks = analysis.finding_marks()
    at = 0 if focus is None or marks is None else bisect_left(marks, focus)
    low = max(0, min(at - limit // 2, len(findings) - limit))
    return findings[low:low + limit], len(findings)


def limit_notice(analysis: Analysis, shown: list, total: int, limit_name: str = "maxDiagnostics") -> types.Diagnostic:
    """The diagnostic that says how many findings are not shown, and where all of them are."""
    first = analysis.lines.line_of(analysis.finding_span(shown[0])[0]) + 1 if shown else 1
    last = analysis.lines.line_of(analysis.finding_span(shown[-1])[0]) + 1 if shown else 1
    name = analysis.path.rsplit("/", 1)[-1]
    where = f"строки {first}–{last}" if first != last else f"строка {first}"
    return types.Diagnostic(
        range=types.Range(types.Position(0, 0), types.Position(0, 0)),
        message=f"показано {len(shown)} замечаний из {total} ({where}: вокруг места правки); все — "
                f"в «berserk-judge lint {name}»; предел задаёт настройка {limit_name} (0 — без предела)",
        severity=types.DiagnosticSeverity.Information, source=SOURCE)


def encoded(value) -> bytes:
    """JSON as UTF-8 bytes, Cyrillic as itself (two bytes a letter, not a
    six-byte `\\uXXXX`: a kept diagnostic's JSON is half as long); a text
    that UTF-8 cannot hold (a lone surrogate) is escaped, as ASCII JSON.
    Without spaces after `,` and `:` (7 % of every publish, and of what is kept)."""
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, separators=(",", ":")).encode("ascii")


def structured(shape: bytes) -> types.Diagnostic:
    """A kept diagnostic's JSON text as a Diagnostic again (only the text is
    kept: 32,000 Diagnostic objects of a 20,000-card file held 40 MB)."""
    return _converter().structure(json.loads(shape), types.Diagnostic)


LONG_LINES = 4096   # characters of covered lines above which a diagnostic is not kept (a flow-style line)


def _alike(finding: Finding) -> tuple:
    """What tells findings apart cheaply (equal ones are then compared whole)."""
    return (finding.code, finding.line, finding.column, finding.end_column, finding.card, finding.start,
            finding.message)


@functools.lru_cache(maxsize=1)
def _converter():
    """lsprotocol's converter, built once (building it registers every hook: 15 ms an edit)."""
    from lsprotocol.converters import get_converter

    return get_converter()


@functools.lru_cache(maxsize=1)
def _per_card_codes() -> frozenset[str]:
    """Codes of the rules that judge one card alone: their findings of an
    unchanged card are the same objects edit after edit (server.analysis),
    kept by identity; the others' (base-wide rules, load problems,
    suppressions) are made anew by every join and found again by `_alike`
    (keeping every finding that way, with a new tuple for each at every
    edit, held 4 MB for 20,000 cards)."""
    from berserk_judge.lint.registry import all_rules

    return frozenset(rule.code for rule in all_rules() if not rule.base_wide)


def _digest(text: str, start: int, end: int) -> bytes:
    """Digest of text[start:end] (a kept diagnostic's lines, compared later)."""
    return hashlib.blake2b(text[start:end].encode("utf-8", "surrogatepass"), digest_size=16).digest()


_WHERE = struct.Struct("<III")   # a kept diagnostic's first and last line, its lines' length; then their digest
_LINES = struct.Struct("<II")


class Shown:
    """A document's diagnostics kept between edits, with their JSON form: an
    edit to one card of 2,000 leaves the other cards' findings the same
    objects (server.analysis), and their diagnostics are the same too as
    long as the buffer lines that hold the card's text and the finding are
    the same strings at the same line numbers (checked on every reuse)."""

    def __init__(self):
        self._kept: dict[int, tuple] = {}
        self._lines = None   # the LineIndex of the buffer last served
        self._alike: dict[tuple, tuple] = {}   # the same entries, for findings that were made anew

    def items(self, analysis: Analysis, docs: RuleDocs, uri_of=None,
              findings=None) -> list[tuple[tuple[str, int], bytes]]:
        """Each finding's diagnostic (of `findings`, by default all the analysis's)
        as (its code and first line, its JSON text), encoded once, not at every
        publish (`structured` makes a Diagnostic of it)."""
        converter = _converter()
        per_card = _per_card_codes()
        lines = analysis.lines
        fresh: dict[int, tuple] = {}
        out = []
        alike: dict[tuple, tuple] = {}
        # the buffer's lines as the last call saw them: the same buffer, one
        # edit after it (lines before the edit kept, lines after it kept when
        # none were added or removed: a few integer comparisons a finding), or
        # unknown (each kept diagnostic's lines compared as text)
        same = lines is self._lines
        edit = lines.edit if lines.edit is not None and lines.edit.previous is self._lines else None
        for finding in (analysis.findings if findings is None else findings):
            known = self._kept.get(id(finding))
            remade = known is None or known[0] is not finding
            if remade:
                # a base-wide finding or a load problem is made anew by every join: an equal one will do
                # (kept by what tells them apart: only those, not every card's)
                known = self._alike.get(_alike(finding))
                if known is not None and known[0] != finding:
                    known = None
            if known is not None and known[1] is docs:
                if same:
                    kept = True
                elif edit is not None:
                    first, last = _LINES.unpack_from(known[2])
                    kept = last < edit.first or (not edit.delta and first >= edit.after)
                else:
                    first, last, length = _WHERE.unpack_from(known[2])
                    kept = first < len(lines.starts) and _digest(
                        lines.text, lines.starts[first], lines.starts[first] + length) == known[2][_WHERE.size:]
                if kept:
                    if remade:   # (the same finding keeps its entry: not a new tuple each at every keystroke)
                        known = (finding, *known[1:])
                        alike[_alike(finding)] = known
                    fresh[id(finding)] = known
                    out.append(known[3])
                    continue
            item = diagnostic(analysis, finding, docs, uri_of)
            shape = encoded(converter.unstructure(item))   # its JSON: the message is joined from them
            pair = (item.code, item.range.start.line), shape
            covered = self._covered(analysis, finding, item)
            if covered is not None and finding.code != "BJ003":
                first, last = covered
                end = lines.starts[last + 1] if last + 1 < len(lines.starts) else len(lines.text)
                if end - lines.starts[first] <= LONG_LINES:
                    # the lines with their breaks, by length and digest (not a copy of them),
                    # packed with the first and last line into one bytes (as a tuple and
                    # int objects: 2.7 MB for 32,000 diagnostics)
                    where = _WHERE.pack(first, last, end - lines.starts[first]) + _digest(
                        lines.text, lines.starts[first], end)
                    fresh[id(finding)] = (finding, docs, where, pair)
                    if finding.code not in per_card:
                        alike[_alike(finding)] = fresh[id(finding)]
            out.append(pair)
        self._kept = fresh
        self._alike = alike
        self._lines = lines
        return out

    @staticmethod
    def _covered(analysis: Analysis, finding: Finding, item: types.Diagnostic) -> tuple[int, int] | None:
        """The buffer lines a diagnostic depends on: its range's, and its card text's."""
        first, last = item.range.start.line, item.range.end.line
        card = analysis.card(finding.card)
        if card is not None:
            position = card.field_positions.get("text")
            if position is not None:
                first = min(first, analysis.lines.line_of(analysis.mark(*position)))
            if card.text_lines:
                tail = card.text_lines[-1]
                last = max(last, analysis.lines.line_of(analysis.mark(tail.line, tail.column)))
            first = min(first, analysis.lines.line_of(analysis.mark(card.line, card.column)))
        if last - first > 200:
            return None
        return first, last
