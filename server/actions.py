"""Code actions: each finding's fix, «исправить всё безопасное в файле» and a
`# noqa` for one card — as workspace edits; the server never writes a file.

The new card texts come from `lint/fix_apply.py` (a fix's edits through the
reading guard; fix-all is `fix_base`, the same passes as `lint --fix`) and
become file contents through `cardbase.write.rewrite_texts`, the same writer
`lint --fix` uses, so the editor gets the bytes `lint --fix` would write.
The edit sent is the changed stretch of the buffer only.

A `# noqa: CODE` comment is put where the loader reads it for the whole
card (cardbase/textmap.py): added to a noqa comment the text already has,
after a block header `text: |-`, at the end of a one-line text, or on a
comment line below the text, indented like `text:`. Each place is tried on
the changed buffer with the loader itself, and the first the loader reads
as covering the finding is offered.
"""
from __future__ import annotations

import contextlib
import copy
import re
from dataclasses import dataclass

from lsprotocol import types

from berserk_judge.lint.finding import Finding
from berserk_judge.lint.fix_model import apply_edits
from berserk_judge.lint.suppress import ENGINE_CODES, UNUSED
from berserk_judge.server.analysis import Analysis
from berserk_judge.server.schema_help import fixes as schema_fixes

FIX_ALL_KIND = "source.fixAll.berserk-judge"
FIX_ALL_TITLE = "Исправить всё безопасное в файле"
NEVER_SILENCED = (*ENGINE_CODES, UNUSED)   # what a noqa never silences, and noqa's own finding
_NOQA_CODES = re.compile(r"#\s*noqa(?![\w-])(?!\[)\s*:\s*[A-Za-z]+\d+(?:[\s,]+[A-Za-z]+\d+)*", re.I)


@dataclass
class Offer:
    """A code action before its edit is computed (`codeAction/resolve` computes it)."""

    title: str
    kind: str
    action: str                  # "fix", "noqa" or "fix-all"
    finding: Finding | None = None
    preferred: bool = False


# -- buffer edits ----------------------------------------------------------------

def buffer_edits(analysis: Analysis, new_source: str) -> list[types.TextEdit] | None:
    """The one TextEdit that turns the buffer's source into `new_source`, cut
    to the stretch that differs (None: no change). Found by comparing the two
    from both ends, a block at a time (a line diff of a 20,000-card buffer
    was quadratic: seconds for one fix)."""
    from berserk_judge.server.cardwindow import _edit

    if new_source == analysis.source:
        return None
    return [_edit(analysis, 0, analysis.source, new_source)]


def texts_edit(analysis: Analysis, texts: dict[str, tuple[str, str]], pause=None) -> list[types.TextEdit] | None:
    """The edits that give cards new texts ({id: (old, new)}), as `lint --fix`
    writes them: each card rewritten in its own item (server.cardwindow),
    the whole buffer when that cannot be sure; None when nothing changes or
    the writer refuses (a text it cannot write back safely)."""
    from berserk_judge.cardbase.write import WriteError, rewrite_texts
    from berserk_judge.server.cardwindow import Unplaceable, card_edits

    texts = {card_id: pair for card_id, pair in texts.items() if pair[0] != pair[1]}
    if not texts:
        return None
    try:
        return card_edits(analysis, texts, pause) or None
    except Unplaceable:
        pass
    except Exception:  # noqa: BLE001 - a stand-in the writer refuses: the whole buffer decides
        pass
    try:
        return buffer_edits(analysis, rewrite_texts(analysis.source, texts))
    except (WriteError, Exception):  # noqa: BLE001 - a buffer the writer cannot rewrite: no edit offered
        return None


# -- what to offer -----------------------------------------------------------------

def fix_verdict(analysis: Analysis, finding: Finding) -> tuple[object, bool] | None:
    """(a copy of the finding's fix, judged by the reading guard; whether it is safe)."""
    card = analysis.card(finding.card)
    if card is None or finding.fix is None or not finding.fix.edits:
        return None
    fix = copy.deepcopy(finding.fix)
    if fix.safe and analysis.reader is not None:
        if not analysis.reader.check(card, [fix]):
            return fix, False   # demoted, with the reason in fix.demoted
    return fix, fix.safe


def fix_title(finding: Finding, fix, safe: bool, text: str | None = None) -> str:
    """The fix's title with the words it changes («гибели - ранить» →
    «гибели — ранить»): a line of twenty BJ501 fixes is twenty different titles."""
    change = changed_words(text, fix) if text is not None else None
    title = f"{fix.title}: {change} ({finding.code})" if change else f"{fix.title} ({finding.code})"
    if safe:
        return title
    return f"{title} — небезопасно: {fix.demoted or 'может менять смысл текста'}"


_SHOWN = 40   # characters of a changed stretch shown in a title


def changed_words(text: str, fix) -> str | None:
    """«before» → «after» of the words around a fix's edits (cut to _SHOWN characters)."""
    if not fix.edits:
        return None
    start, end = fix.span
    if not (0 <= start <= end <= len(text)):
        return None
    left = start
    while left > 0 and not text[left - 1].isspace() and start - left < _SHOWN:
        left -= 1
    if left > 0 and start - left < 2:   # a lone character at a word's edge: the word before it too
        left -= 1
        while left > 0 and not text[left - 1].isspace() and start - left < _SHOWN:
            left -= 1
    right = end
    while right < len(text) and not text[right].isspace() and right - end < _SHOWN:
        right += 1
    if right < len(text) and right - end < 2:
        right += 1
        while right < len(text) and not text[right].isspace() and right - end < _SHOWN:
            right += 1
    before = text[left:right]
    moved = [type(e)(e.start - left, e.end - left, e.replacement) for e in fix.edits]
    after, applied = apply_edits(before, [type(fix)(fix.title, moved, fix.applicability)])
    if not applied:
        return None

    def shown(part: str) -> str:
        part = part.replace("\n", "⏎")
        return part if len(part) <= 2 * _SHOWN else part[:_SHOWN] + "…" + part[-_SHOWN:]

    return f"«{shown(before.strip())}» → «{shown(after.strip())}»"


@dataclass(frozen=True)
class Named:
    """A diagnostic the client names in a code action request's context."""

    code: str
    line: int
    character: int
    end_character: int
    data: object = None   # what the server put in the diagnostic (card, start, end), when sent back


def _names(analysis: Analysis, finding: Finding, named: list[Named]) -> bool:
    """Whether the client named this very finding: by the data the server
    gave its diagnostic when the client sends it back, else by code, line
    and columns (in the negotiated units or, as Neovim 0.7 sends them, in
    bytes). A line's other finding of the same code is not this one."""
    start = end = None
    for name in named:
        if name.code != finding.code:
            continue
        data = name.data if isinstance(name.data, dict) else None
        if data is not None and {"card", "start", "end"} <= data.keys():
            if (data["card"], data["start"], data["end"]) == (finding.card, finding.start, finding.end):
                return True
            continue
        if start is None:
            start, end = analysis.finding_span(finding)
        line, character = analysis.lines.position(start)
        end_line, end_character = analysis.lines.position(end)
        if line != name.line:
            continue
        text = analysis.lines.line_text(line)
        base = analysis.lines.starts[line]
        in_bytes = len(text[:start - base].encode("utf-8", "surrogatepass"))
        end_bytes = len(text[:end - base].encode("utf-8", "surrogatepass")) if end_line == line else None
        if (name.character, name.end_character) in ((character, end_character if end_line == line else None),
                                                    (in_bytes, end_bytes)) \
                or name.character in (character, in_bytes) and end_line != line:
            return True
    return False


def offers(analysis: Analysis, start: int, end: int, named: list[Named] = ()) -> list[Offer]:
    """The actions for the findings whose ranges meet the buffer range [start, end],
    and for those the client names (Neovim names a line's diagnostics wherever
    the cursor is on it; see `_names`)."""
    out: list[Offer] = []
    silenced: set[tuple[str, str]] = set()
    for finding in _candidates(analysis, start, end, named):
        f_start, f_end = analysis.finding_span(finding)
        if (f_end < start or f_start > end) and not (named and _names(analysis, finding, named)):
            continue
        verdict = fix_verdict(analysis, finding)
        if verdict is not None:
            fix, safe = verdict
            card = analysis.card(finding.card)
            out.append(Offer(fix_title(finding, fix, safe, card.text if card is not None else None),
                             types.CodeActionKind.QuickFix, "fix", finding, safe))
        for number, choice in enumerate(finding.choices):   # one per reading: the editor picks
            out.append(Offer(f"{choice.title} ({finding.code}) — на выбор: какое прочтение имела в виду карта",
                             types.CodeActionKind.QuickFix, f"choice:{number}", finding))
        for number, (title, replacement, key) in enumerate(schema_fixes(analysis, finding)):   # the schema's
            action = f"schema:{'key' if key else 'value'}:{replacement}"
            out.append(Offer(title, types.CodeActionKind.QuickFix, action, finding, number == 0))
        if (finding.card and finding.code not in NEVER_SILENCED and analysis.card(finding.card) is not None
                and (finding.card, finding.code) not in silenced):
            silenced.add((finding.card, finding.code))
            out.append(Offer(f"Отключить {finding.code} для этой карты (# noqa: {finding.code})",
                             types.CodeActionKind.QuickFix, "noqa", finding))
    if analysis.has_safe_fix():
        out.append(Offer(FIX_ALL_TITLE, FIX_ALL_KIND, "fix-all"))
    out.sort(key=lambda offer: (offer.action == "fix-all", offer.action == "noqa", not offer.preferred))
    return out


def _candidates(analysis: Analysis, start: int, end: int, named: list[Named]) -> list[Finding]:
    """The findings that may meet the range or a named diagnostic's line, in
    the analysis's order (only the cards around them are looked at)."""
    found = analysis.findings_near(start, end)
    if not named:
        return found
    seen = {id(finding) for finding in found}
    lines = analysis.lines
    for line in sorted({name.line for name in named}):
        if 0 <= line < len(lines.starts):
            begin = lines.starts[line]
            for finding in analysis.findings_near(begin, begin + lines.line_length(line)):
                if id(finding) not in seen:
                    seen.add(id(finding))
                    found.append(finding)
    order = {id(finding): number for number, finding in enumerate(analysis.findings)} if len(found) > 1 else {}
    return sorted(found, key=lambda finding: order.get(id(finding), 0))


def wanted(kind: str, only: list[str] | None) -> bool:
    return not only or any(kind == o or kind.startswith(o + ".") for o in only)


# -- the edits -------------------------------------------------------------------------

def choice_edit(analysis: Analysis, finding: Finding, number: int) -> list[types.TextEdit] | None:
    """The edit of one reading's fix of an ambiguous text (Finding.choices)."""
    card = analysis.card(finding.card)
    if card is None or not 0 <= number < len(finding.choices):
        return None
    text, applied = apply_edits(card.text, [finding.choices[number]])
    if not applied:
        return None
    return texts_edit(analysis, {card.id: (card.text, text)})


def fix_edit(analysis: Analysis, finding: Finding) -> list[types.TextEdit] | None:
    verdict = fix_verdict(analysis, finding)
    card = analysis.card(finding.card)
    if verdict is None or card is None:
        return None
    fix, _ = verdict
    text, applied = apply_edits(card.text, [fix])
    if not applied:
        return None
    return texts_edit(analysis, {card.id: (card.text, text)})


def fix_all_edit(analysis: Analysis, linter, index, cards: set[str] | None = None,
                 pause=None) -> list[types.TextEdit] | None:
    """`lint --fix` on this file (safe fixes, passes to a fixed point, the
    guard); only the cards `cards` names when given (range formatting).
    `pause` is called between steps (server.worker: other documents' jobs
    run there, a cancelled request stops)."""
    from berserk_judge.lint.fix_apply import fix_base

    whole = linter.with_others(analysis.base, analysis.path, index, analysis.scope.settings)

    def lint(current):
        if pause is not None:
            pause()
        result = linter.lint_loaded(current, analysis.path, analysis.scope, remember=False)
        if cards is not None:
            result.findings = [f for f in result.findings if f.card in cards]
        return result

    fixing = getattr(linter.reader, "fixing", None)
    with fixing() if fixing is not None else contextlib.nullcontext():
        outcome = fix_base(whole, analysis.scope.settings, unsafe=False, guard=linter.reader, lint=lint)
    own = {card.id: card for card in analysis.base.cards}
    texts = {card_id: (own[card_id].text, new) for card_id, new in outcome.texts.items() if card_id in own}
    return texts_edit(analysis, texts, pause)


def noqa_edit(analysis: Analysis, finding: Finding, linter) -> list[types.TextEdit] | None:
    """A `# noqa: CODE` the loader reads as covering the finding's whole card:
    each place tried on the card's own item (server.cardwindow) when the
    buffer is a block sequence, else on the whole buffer."""
    from berserk_judge.server.cardwindow import _edit, windows_of

    card = analysis.card(finding.card)
    if card is None:
        return None
    windows = windows_of(analysis)
    place = windows.find(analysis, card) if windows is not None else None
    source = analysis.source
    before = None
    if place is not None and not windows.breaks:   # a flow mapping: a `noqa` field first in it
        candidates = [] if "noqa" in card.fields else [_noqa_field(source, place[0], finding.code)]
    else:
        candidates = _noqa_candidates(analysis, card, finding.code)
    for at, insert in candidates:
        if place is not None and place[0] <= at <= place[1]:
            start, end = place
            item = source[start:end]
            new_item = item[:at - start] + insert + item[at - start:]
            if before is None:
                before = _load_quietly(analysis.path, windows.head + item + windows.tail)
            after = _load_quietly(analysis.path, windows.head + new_item + windows.tail)
            if before is not None and after is not None and _same_but_noqa(before, after, card, finding,
                                                                            fields=not windows.breaks):
                return [_edit(analysis, start, item, new_item)]
            continue
        new_source = source[:at] + insert + source[at:]
        if _covers(analysis, linter, new_source, card, finding):
            return buffer_edits(analysis, new_source)
    return None


def _load_quietly(path: str, source: str):
    from berserk_judge.cardbase.load import load_file

    try:
        return load_file(path, None, source=source)
    except Exception:  # noqa: BLE001 - a candidate the loader chokes on is simply not offered
        return None


def _noqa_field(source: str, start: int, code: str) -> tuple[int, str]:
    """A `noqa` field put first in a flow mapping, quoted as its first key is."""
    quote = source[start + 1:start + 3].lstrip()[:1]
    key = f"{quote}noqa{quote}" if quote in "\"'" else "noqa"
    value = f"{quote}{code}{quote}" if quote in "\"'" else code
    return start + 1, f"{key}: [{value}], "


def _same_but_noqa(before, after, card, finding: Finding, fields: bool = False) -> bool:
    """Whether `after` reads as `before` (the same cards and texts, as many
    problems) with a noqa that covers the finding on the card."""
    from berserk_judge.lint.suppress import directives_of

    if [c.id for c in after.cards] != [c.id for c in before.cards] or \
            any(a.text != b.text for a, b in zip(after.cards, before.cards)):
        return False
    if len(after.problems) != len(before.problems):
        return False
    again = next((c for c in after.cards if c.id == card.id), None)
    if again is None or again.text != card.text:
        return False
    directives, _ = directives_of(again)
    line = card.text.count("\n", 0, finding.start or 0)
    return any((fields or not d.is_field) and d.codes and d.covers(finding, line) for d in directives)


def _covers(analysis: Analysis, linter, new_source: str, card, finding: Finding) -> bool:
    try:
        base = linter.loader.fork().load(analysis.path, new_source, analysis.claimed)
    except Exception:  # noqa: BLE001 - a candidate the loader chokes on is simply not offered
        return False
    if len(base.cards) != len(analysis.base.cards):
        return False
    before = type(base)(cards=analysis.base.cards, problems=analysis.base.problems)
    return _same_but_noqa(before, base, card, finding)


def _noqa_candidates(analysis: Analysis, card, code: str):
    """(offset, text to insert there) of each place, best first."""
    source = analysis.source
    # 1. a noqa comment the card's whole text already has: one more code in it
    for comment in card.noqa_comments:
        if comment.text_line is None and comment.codes:
            at = analysis.mark(comment.line, comment.column) - analysis.bom
            match = _NOQA_CODES.match(source, at)
            if match:
                yield match.end(), f", {code}"
    position = card.field_positions.get("text")
    if position is None:
        return
    value = analysis.mark(*position) - analysis.bom
    # 2. after a block header, 3. at the end of a one-line text: the end of the line
    places = analysis.places(card)
    last = places.span(len(card.text) - 1, len(card.text))[1] if card.text else value
    one_line = "\n" not in source[value:last]
    if source[value:value + 1] in "|>" or one_line:
        yield _line_end(source, value), f"  # noqa: {code}"
    # 4. a comment line right below the text, indented like the `text:` key
    end_line = _line_end(source, max(last - 1, value))
    indent = " " * (card.column - 1)
    newline = "\r\n" if source[end_line:end_line + 2] == "\r\n" else "\n"
    yield end_line, f"{newline}{indent}# noqa: {code}"


def _line_end(source: str, at: int) -> int:
    end = source.find("\n", at)
    end = len(source) if end < 0 else end
    return end - 1 if end > 0 and source[end - 1] == "\r" else end
