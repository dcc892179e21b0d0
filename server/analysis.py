"""One open document linted as `lint` would lint its file, from the buffer.

The same functions as the CLI: `cardbase.load.load_file` (on the buffer's
text, card by card through `server.incremental`, with the ids of the files
before it claimed, so a repeated id is found across the base), `lint.engine.lint_base` (with the other files'
cards beside it, so base-wide rules count the whole base), suppressions and
settings included. What makes an edit cheap:

* only the cards whose YAML changed are composed again (server.incremental);
* the reader runs through a per-document `ReadingGuard` cache keyed by a
  card's text and name, so an edit in one card re-reads that card only;
* each card's per-card findings are kept by the card's content and layout;
  a card that only moved (lines added above it) gets them shifted.
"""
from __future__ import annotations

import contextlib
import copy
import dataclasses
import re
from array import array
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from berserk_judge.cardbase.model import Card, CardBase
from berserk_judge.lint.engine import CardChecker
from berserk_judge.lint.finding import Finding
from berserk_judge.lint.fix_apply import ReadingGuard
from berserk_judge.server.incremental import digest
from berserk_judge.server.lines import UTF16, LineIndex
from berserk_judge.server.textspan import TextPlaces, mark_line_starts, mark_offset, text_places
from berserk_judge.server.workspace import BaseIndex, Scope


# Base-wide rules that read each text line by line (BJ502: the role of each
# dash, found per line): the other files' texts may reach them joined.
LINE_BY_LINE = frozenset({"BJ502"})
_WORD = re.compile(r"""(?:'[^'\n]*'|"[^"\n]*"|[^\s,\[\]{}#:]+)""")


PAUSE_EVERY = 128   # cards a lint checks between two breaths (`DocumentLinter.pause`)
KEEP_READINGS = 128   # readings a document's reader keeps (the latest read; 512 held 5 MB, twice that while a first lint ran)
FIX_READINGS = 1024   # …and while every safe fix of it is made (DocumentReader.fixing)


class DocumentReader(ReadingGuard):
    """The reading guard as a per-document reader cache that keeps only the
    latest readings (every keystroke makes a new text; the linter keeps each
    card's findings, so an unchanged card is not read again anyway)."""

    reads = 0   # texts read so far (a cached one is not read again)
    pause = None   # called every 16 texts read (the linter's pause: server.worker)

    def read_card(self, card: Card) -> list:
        if (card.text, card.name) not in self._features:
            self.reads += 1
            if self.pause is not None and self.reads % 16 == 0:
                self.pause()
            if len(self._features) >= 2 * self.keep:
                # bounded while a lint runs too: the first lint of a 20,000-card
                # document held every reading (130 MB) until it ended, and the
                # process's memory never came down from that peak
                self.retain(self.keep)
        return super().read_card(card)

    def __init__(self):
        super().__init__()
        self.keep = KEEP_READINGS   # FIX_READINGS while every safe fix of a document is made (`fixing`)

    @contextlib.contextmanager
    def fixing(self):
        """More readings kept while the body runs (every safe fix of a file:
        its passes read each fixed text again): FIX_READINGS, then the latest
        KEEP_READINGS, and the memory they held given back to the system
        (server.heap.trim). An original text's reading goes once the guard
        has judged its fixes (only its signature is needed again). Every
        reading kept: 20,000 cards peaked at 409 MB; 1,024: 307 MB, for 12 %
        more processor time (48.6 → 54.5 s; `lint --fix`: 93 s)."""
        self.keep = FIX_READINGS
        try:
            yield self
        finally:
            self.keep = KEEP_READINGS
            self.retain()
            import gc

            from berserk_judge.server.heap import trim

            gc.collect()
            trim()

    def check(self, card: Card, fixes: list) -> list:
        kept = super().check(card, fixes)
        if self.keep != KEEP_READINGS:
            self._features.pop((card.text, card.name), None)
        return kept

    def retain(self, keep: int | None = None) -> None:
        """Keep the readings read last, at most `keep` (KEEP_READINGS): an
        unchanged card's findings are kept by the linter and never need its
        reading again, a hover reads its one card (a few ms); all readings of
        a 20,000-card document held 130 MB."""
        keep = KEEP_READINGS if keep is None else keep
        for cache in ("_features", "_cache"):
            held = getattr(self, cache)
            if len(held) > keep:
                setattr(self, cache, dict(list(held.items())[len(held) - keep:]))


def _layout(card: Card) -> bytes:
    """What a card's findings depend on besides its text: where its lines stand
    relative to the card (columns appear in messages), its fields. Kept as a
    digest of all that (its tuples held 16 MB for 20,000 cards)."""
    return digest(repr(_layout_value(card)))


def _layout_value(card: Card) -> tuple:
    return (card.id, card.name, card.text, card.column,
            tuple((tl.line - card.line, tl.column) for tl in card.text_lines),
            repr(sorted(card.fields.items())),
            # BJ601 points at a ruling's rule numbers
            tuple((r.rules, tuple((line - card.line, *rest) for line, *rest in r.rule_places))
                  for r in card.rulings))


def _slim(found: list[Finding]) -> list[Finding]:
    """Findings as kept between edits: an empty list of readings or choices
    (most findings have neither) as the one empty tuple, not two lists a
    finding (3 MB for 32,000 findings)."""
    for finding in found:
        if not finding.readings:
            finding.readings = ()
        if not finding.choices:
            finding.choices = ()
    return found


def _copied(finding: Finding, delta: int, own_fix: bool = True) -> Finding:
    """A finding of the cache, `delta` lines further down, with its own Fix
    when `own_fix` (fixing demotes fixes in place; the cached ones must stay
    as found). A plain lint hands the cached finding itself on: nothing it
    goes to changes a fix in place (an action judges a deep copy)."""
    fix = finding.fix
    if not delta:
        if fix is None or not own_fix:
            return finding
        finding = copy.copy(finding)
        finding.fix = copy.copy(fix)
        return finding
    if fix is not None:
        edits = [dataclasses.replace(e, line=None if e.line is None else e.line + delta,
                                     end_line=None if e.end_line is None else e.end_line + delta)
                 for e in fix.edits]
        fix = dataclasses.replace(fix, edits=edits)
    return dataclasses.replace(finding, line=finding.line + delta, fix=fix)


class DocumentLinter:
    """Lints one document again and again; what did not change is not redone."""

    def __init__(self):
        from berserk_judge.server.incremental import IncrementalLoader

        self.loader = IncrementalLoader()
        self.reader = DocumentReader()
        self.places: dict[bytes, tuple[int, bytes, TextPlaces]] = {}
        self._findings: dict[bytes, tuple[int, list[Finding]]] = {}   # layout digest → (line, findings)
        self._settings = None
        self._layouts: dict[int, tuple] = {}   # id(card) → (card, its _layout, …), kept between edits
        self.checked = 0   # the last lint's checker.checked
        self._parts: dict[int, tuple] = {}   # id(card) → (card, layout, findings entry, its one-card FileResult)
        self.claimed: dict[str, Card] = {}   # ids of the files before this one, at the last load
        self.lines: LineIndex | None = None   # the last analysis's line index (the next one is counted from it)
        self.real_columns: dict = {}   # BJ001 findings of a flow layout with the buffer's column (server.flow)
        from berserk_judge.server.diagnostics import Shown

        self.shown = Shown()
        # called every PAUSE_EVERY cards of a lint, every 16 texts read, every chunk
        # loaded (the server's worker lets other documents' jobs run there, or
        # stops a cancelled job: server.worker)
        self._pause = None

    @property
    def pause(self):
        return self._pause

    @pause.setter
    def pause(self, value) -> None:
        self._pause = self.reader.pause = self.loader.pause = value

    def load(self, path: str, source: str, index: BaseIndex | None) -> CardBase:
        """The document's cards and load problems, ids of earlier files claimed."""
        self.claimed = index.claimed_before(path) if index is not None else {}   # kept for the Analysis
        return self.loader.load(path, source, self.claimed)

    def with_others(self, base: CardBase, path: str, index: BaseIndex | None, settings) -> CardBase:
        """The document's cards, then the other files' cards `lint` would keep,
        for the base-wide rules that are on (their findings there are not
        reported here). Rules known to read texts line by line get each other
        file as one text (same counts, far fewer contexts); any other
        base-wide rule gets every card."""
        from berserk_judge.lint.registry import all_rules

        wide = {rule.code for rule in all_rules() if rule.base_wide} & settings.enabled_codes()
        if index is None or not wide:
            return base
        own = {card.id for card in base.cards}
        others = index.others_by_file(path, own) if wide <= LINE_BY_LINE else index.others(path, own)
        return dataclasses.replace(base, cards=base.cards + others)

    def lint(self, path: str, source: str, scope: Scope, index: BaseIndex | None) -> tuple[CardBase, list[Finding]]:
        """The document's cards and load problems, and its findings (as `lint` reports them)."""
        base = self.load(path, source, index)
        broken = any(p.kind == "unreadable" for p in base.problems)
        # a half-typed buffer YAML cannot read keeps the caches for the next keystroke
        result = self.lint_loaded(self.with_others(base, path, index, scope.settings), path, scope,
                                  remember=not broken, own_fixes=False)
        if not broken:
            self.reader.retain()
        return base, result.findings

    def lint_loaded(self, whole: CardBase, path: str, scope: Scope, remember: bool = True,
                    own_fixes: bool | None = None):
        """`lint_base` over the document's cards and the others; the document's
        findings. `remember=False`: the cache is used, not replaced (fix passes);
        `own_fixes`: each finding gets its own copy of its fix (by default
        when not remembering: a fix pass demotes fixes in place)."""
        from berserk_judge.lint.engine import lint_base

        settings = scope.settings
        if settings is not self._settings:
            self._findings.clear()
            self._parts.clear()
            self._settings = settings
        own = (not remember) if own_fixes is None else own_fixes
        # the parts kept by card object are merged in a fix pass too (its unchanged cards are the
        # analysis's own objects; their findings with fixes copied): a pass checks the changed cards only
        checker = _RememberingChecker(settings, self.reader.read_card, path, self._findings, own_fixes=own,
                                      layouts=self._layouts, parts=self._parts if not (remember and own) else None,
                                      pause=self.pause)
        result = lint_base(whole, settings, checker=checker)
        if remember:
            self._findings = checker.fresh
            self._layouts = checker.fresh_layouts
            if not own:
                self._parts = checker.fresh_parts
        self.checked = checker.checked
        result.findings = [f for f in result.findings if f.path == path]
        return result


def analyse(linter: "DocumentLinter", uri: str, path: str, version, text: str, scope: Scope,
            index: BaseIndex | None, encoding: str = UTF16) -> "Analysis":
    """The buffer `text` linted by the document's linter, as an Analysis (its
    places through the flow layout's virtual lines when it has one, server.flow)."""
    source = text[1:] if text.startswith("\ufeff") else text
    base, findings = linter.lint(path, source, scope, index)
    analysis = Analysis(uri, path, version, text, scope, base, findings, encoding,
                        claimed=linter.claimed, reader=linter.reader, known_places=linter.places,
                        shown=linter.shown, known_lines=linter.lines, layout=linter.loader.layout,
                        virtual_marks=linter.loader.marks)
    linter.lines = analysis.lines
    if analysis.virtual_marks is not None:
        from berserk_judge.server.flow import real_columns

        analysis.findings, linter.real_columns = real_columns(analysis, linter.real_columns)
    return analysis


def _compact(part) -> tuple:
    """A one-card FileResult as the tuple the merge reads (findings,
    suppressed, crashes, spots, marks, pending, pending_findings), empty
    parts as the one empty tuple: kept for every card of a document, the
    FileResult objects and their empty lists held 19 MB for 20,000 cards."""
    return (tuple(part.findings), part.suppressed, part.crashes, tuple(part.spots), tuple(part.marks),
            tuple(part.pending), tuple(part.pending_findings))


class _RememberingChecker(CardChecker):
    """The per-card half of lint for one document: each of its cards checked
    once per layout (`remembered` is kept between edits, `fresh` becomes the
    next `remembered`); other files' cards are there only for the base-wide
    rules' marks, so they get no findings of their own here."""

    def __init__(self, settings, reader, path: str, remembered: dict, own_fixes: bool = True,
                 layouts: dict | None = None, parts: dict | None = None, pause=None):
        super().__init__(settings, reader)
        self.pause = pause
        self.calls = 0
        self.own_fixes = own_fixes
        self.path = path
        self.remembered = remembered
        self.fresh: dict[bytes, tuple[int, list[Finding]]] = {}
        # an unchanged card is the same object edit after edit (server.incremental):
        # its layout key is not built again (it reprs every field: 2,000 of them cost 50 ms)
        self.layouts = layouts if layouts is not None else {}
        self.fresh_layouts: dict[int, tuple] = {}
        # the whole per-card half of check_cards (findings, suppressions, base-wide marks and
        # spots) kept by the card object: a card that did not change or move costs a merge
        self.parts = parts
        self.fresh_parts: dict[int, tuple] = {}
        self.checked = 0   # cards of the document whose per-card half ran (the rest were merged as kept)

    def check_cards(self, path: str, cards: list[Card], problems=None):
        """`CardChecker.check_cards`, one card at a time, each card's part kept
        by the card object and merged in file order (the loop's body reads only
        its own card: the merge only renumbers the spots)."""
        if self.parts is None or path != self.path:
            return super().check_cards(path, cards, problems)
        from berserk_judge.lint.engine import FileResult

        out = FileResult(path=path, ids=[(card.id, card.line) for card in cards], problems=list(problems or ()))
        for card in cards:
            known = self.parts.get(id(card))
            if known is None or known[0] is not card:
                self.checked += 1
                part = _compact(super().check_cards(path, [card]))
                key = self.fresh_layouts[id(card)][1]
                known = (card, key, self.fresh[key], part)
            else:
                self.fresh[known[1]] = known[2]
                self.fresh_layouts[id(card)] = known   # (card, layout, …): read as a layout pair, no new tuple
            self.fresh_parts[id(card)] = known
            findings, suppressed, crashes, spots, marks, pending, pending_findings = known[3]
            if self.own_fixes:   # a fix pass demotes fixes in place: the kept ones stay as found
                findings = [_copied(f, 0) if f.fix is not None else f for f in findings]
                pending_findings = [_copied(f, 0) if f.fix is not None else f for f in pending_findings]
            out.findings.extend(findings)
            out.suppressed += suppressed
            out.crashes += crashes
            if marks:
                shift = len(out.spots)
                out.spots.extend(spots)
                out.marks.extend((code, spot + shift, mark) for code, spot, mark in marks)
            out.pending.extend(pending)
            out.pending_findings.extend(pending_findings)
        return out

    def _layout(self, card: Card) -> bytes:
        known = self.layouts.get(id(card))
        if known is None or known[0] is not card:
            known = (card, _layout(card))
        self.fresh_layouts[id(card)] = known
        return known[1]

    def __call__(self, ctx) -> list[Finding]:
        card = ctx.card
        if card.path != self.path:
            return []
        self.calls += 1
        if self.pause is not None and self.calls % PAUSE_EVERY == 0:
            self.pause()
        key = self._layout(card)
        known = self.remembered.get(key) or self.fresh.get(key)
        if known is None:
            known = (card.line, _slim(super().__call__(ctx)))
        self.fresh[key] = known
        line, found = known
        delta = card.line - line
        if not delta and not self.own_fixes:
            return list(found)
        return [_copied(f, delta, self.own_fixes) for f in found]


@dataclass
class Analysis:
    """A document's findings and what is needed to point at them in the buffer."""

    uri: str
    path: str
    version: int | None
    text: str                       # the buffer as the editor has it
    scope: Scope | None
    base: CardBase
    findings: list[Finding]
    encoding: str = UTF16
    in_base: bool = True
    claimed: dict[str, Card] = field(default_factory=dict)   # ids of the files before it
    reader: DocumentReader | None = None                      # features of a card, cached
    known_places: dict[bytes, tuple[int, bytes, TextPlaces]] = field(default_factory=dict)   # the linter's, kept between edits
    shown: object = None                                      # the linter's diagnostics kept (server.diagnostics.Shown)
    known_lines: LineIndex | None = None                      # the line index of the buffer before (counted from it)
    layout: object = None                                     # how the loader cut the buffer (server.incremental, server.flow)
    virtual_marks: object = None                              # a flow layout's virtual line starts (server.flow)
    _places: dict[str, TextPlaces] = field(default_factory=dict)
    _by_id: dict[str, Card] | None = None
    _card_starts: list[int] | None = None
    _cards_ordered: bool | None = None
    _marks_of_findings: object = None
    _by_card: dict | None = None
    _safe_fix: bool | None = None

    def __post_init__(self):
        self.bom = 1 if self.text.startswith("\ufeff") else 0
        self.source = self.text[self.bom:]
        self.lines = LineIndex.after(self.known_lines, self.text, self.encoding)
        self.known_lines = None   # not kept: one buffer back is enough
        if self.virtual_marks is not None:   # cards placed by virtual lines (server.flow)
            self.marks = self.virtual_marks
        elif self.bom or any(ch in self.text for ch in "\r\x85\u2028\u2029"):
            self.marks = mark_line_starts(self.source)
        else:   # only "\n" breaks: YAML's lines are the editor's
            self.marks = self.lines.starts

    @classmethod
    def empty(cls, uri: str, path: str, version: int | None, text: str, encoding: str = UTF16) -> "Analysis":
        """A document outside the base: nothing to say about it."""
        return cls(uri, path, version, text, None, CardBase(), [], encoding, in_base=False)

    # -- places ---------------------------------------------------------------

    def places(self, card: Card) -> TextPlaces:
        """Where the card's text characters stand (kept between edits by the
        scalar as written and its place, so only changed cards are decoded)."""
        found = self._places.get(card.id)
        if found is None:
            key, begin = self._place_key(card)
            known = self.known_places.get(key) if key is not None else None
            if known is not None and digest(self.source[begin:begin + known[0]]) == known[1]:
                found = known[2].moved(begin)
            else:
                found = text_places(self.source, self.marks, card)
                if key is not None and found.origin == begin:
                    if len(self.known_places) > 4 * len(self.base.cards) + 64:
                        self.known_places.clear()
                    written = self._written(card, begin, found)   # kept by its length and digest
                    self.known_places[key] = (len(written), digest(written), found)
            self._places[card.id] = found
        return found

    def _place_key(self, card: Card) -> tuple[bytes | None, int]:
        """What a text's places depend on besides where it starts and the
        scalar as written (checked on lookup, see `_written`): a block's
        indentation, the text, and its lines' places relative to its first
        (on the scalar's own line, relative to the scalar: a card of a
        flow-style line that only moved along the line keeps its places).
        Kept as a digest of all that (the tuples held 2.5 MB for 20,000 cards)."""
        position = card.field_positions.get("text")
        if position is None or not card.text_lines:
            return None, 0
        begin = mark_offset(self.marks, *position)
        first = card.text_lines[0].line
        block = self.source.startswith(("|", ">"), begin)   # only a block's indentation counts from the card's
        return digest(repr((card.column if block else None, position[0] - first, card.text,
                            tuple((tl.line - first, tl.column - position[1] if tl.line == position[0] else tl.column)
                                  for tl in card.text_lines)))), begin

    def _written(self, card: Card, begin: int, found: TextPlaces) -> str:
        """The scalar as written, from its first character to just past its
        last decoded one (and what stands right after it on that line: a
        closing quote, a break), never the rest of a long line — in a
        flow-style file (`cards: [...]` on one line) that would be the rest of
        the file for every card."""
        last = card.text_lines[-1].line
        line_end = self.marks[last] - 1 if last < len(self.marks) else len(self.source)
        stop = begin + found.last_end() + 2
        return self.source[begin:max(begin, min(stop, line_end + 1))]

    def mark(self, line: int, column: int) -> int:
        """Buffer offset of a 1-based loader mark (line, column)."""
        return mark_offset(self.marks, line, column) + self.bom

    def features(self, card: Card) -> list:
        """The card's features as the reader reads them (from the lint's cache)."""
        from berserk_judge.parser import read_card

        try:
            return self.reader.read_card(card) if self.reader is not None else list(read_card(card))
        except Exception:  # noqa: BLE001 - a reader crash is reported as BJ002, not raised here
            return []

    def card(self, card_id: str | None) -> Card | None:
        if card_id is None:
            return None
        if self._by_id is None:
            self._by_id = {}
            for card in self.base.cards:
                self._by_id.setdefault(card.id, card)
        return self._by_id.get(card_id)

    def finding_span(self, finding: Finding) -> tuple[int, int]:
        """Buffer offsets of what a finding points at: its text span when it has
        one, else its line and columns."""
        card = self.card(finding.card)
        if card is not None and finding.start is not None and card.text:
            start, end = self.places(card).span(finding.start, finding.end or finding.start)
            if end == start and finding.end is not None and finding.end > finding.start:
                end = start + 1
            return start + self.bom, end + self.bom
        if finding.line <= 0:
            return 0, self.lines.line_length(0)   # a whole-file problem: the first line
        start = self.mark(finding.line, finding.column)
        end = self.mark(finding.line, max(finding.end_column, finding.column + 1))
        line = self.lines.line_of(start)
        line_end = self.lines.starts[line] + self.lines.line_length(line)
        if end - start <= 1:   # a point (a load problem): the word it points at
            word = _WORD.match(self.text, start, line_end)
            end = word.end() if word and word.end() > start else end
        return start, max(start, min(end, line_end))

    def card_starts(self) -> array:
        """Buffer offset of each card's mapping, in the base's (the file's) order."""
        if self._card_starts is None:
            self._card_starts = array("q", [self.mark(card.line, card.column) for card in self.base.cards])
        return self._card_starts

    def card_at(self, offset: int) -> Card | None:
        """The card whose YAML holds the buffer offset (the last one starting at or before it)."""
        number = self.card_number_at(offset)
        return self.base.cards[number] if number is not None else None

    def card_number_at(self, offset: int) -> int | None:
        """The index in the base of `card_at(offset)`."""
        if not self._ordered():
            found = self._card_at_by_walk(offset)
            return next((n for n, card in enumerate(self.base.cards) if card is found), None) if found else None
        number = bisect_right(self.card_starts(), offset) - 1
        return number if number >= 0 else None

    def _ordered(self) -> bool:
        if self._cards_ordered is None:
            starts = self.card_starts()
            self._cards_ordered = all(a <= b for a, b in zip(starts, starts[1:]))
        return self._cards_ordered

    def _card_at_by_walk(self, offset: int) -> Card | None:
        found = None
        for card, start in zip(self.base.cards, self.card_starts()):
            if start <= offset:
                found = card
            else:
                break
        return found

    def cards_between(self, start: int, end: int) -> list[Card]:
        """The cards whose YAML meets the buffer range [start, end] (a card's runs to the next one's)."""
        if not self._ordered():
            return [card for card, at in zip(self.base.cards, self.card_starts()) if at <= end]   # rare: all
        starts = self.card_starts()
        first = max(0, bisect_right(starts, start) - 1)
        return self.base.cards[first:bisect_right(starts, max(start, end - 1) if end > start else end)]

    def findings_near(self, start: int, end: int) -> list[Finding]:
        """The findings that may meet the buffer range [start, end]: those whose
        place lies in the cards around it (a finding lies in its card's YAML, a
        load problem at its own place), found by halving, not by placing all."""
        if not self._ordered():
            return list(self.findings)
        starts = self.card_starts()
        first = bisect_right(starts, start) - 1
        low = starts[first] if first >= 0 else 0
        after = bisect_right(starts, end)
        high = starts[after] if after < len(starts) else len(self.text)
        marks = self.finding_marks()
        if marks is None:
            return list(self.findings)
        return self.findings[bisect_left(marks, low):bisect_right(marks, high)]

    def finding_marks(self) -> array | None:
        """Each finding's place (its loader line and column) in the buffer, None when not in order."""
        if self._marks_of_findings is None:
            marks = array("q", [self.mark(f.line, f.column) if f.line > 0 else 0 for f in self.findings])
            self._marks_of_findings = marks if all(a <= b for a, b in zip(marks, marks[1:])) else False
        return self._marks_of_findings or None

    def findings_of(self, card_id: str | None) -> list[Finding]:
        """The findings about one card (kept by card after the first call)."""
        if self._by_card is None:
            self._by_card = {}
            for finding in self.findings:
                self._by_card.setdefault(finding.card, []).append(finding)
        return self._by_card.get(card_id, [])

    def has_safe_fix(self) -> bool:
        if self._safe_fix is None:
            self._safe_fix = any(f.fix is not None and f.fix.safe for f in self.findings)
        return self._safe_fix

    def text_index(self, card: Card, offset: int) -> int | None:
        """The character of a card's text at a buffer offset (None: not in its text)."""
        if not card.text:
            return None
        return self.places(card).index_at(offset - self.bom)
