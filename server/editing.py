"""What an editor offers while a designer types, as ruff's and the YAML
servers do: completion inside a card text (icons after `{`, ability types
and keyword labels at a word), a fold per card, the canonical form of each
feature beside its text (inlay hints), and which findings wait for a pause
(a half-typed word or a trailing space is not news on the line being typed).

Pure functions over an Analysis and the buffer; server/app.py wires them.
"""
from __future__ import annotations

import re

from lsprotocol import types

from berserk_judge.cardbase.icons import IDENTIFIED_ICONS, UNIDENTIFIED_ICONS
from berserk_judge.server.analysis import Analysis

# Findings that flicker while a word or a space is being typed: held on the
# line being typed until the typist pauses (server/session.py).
HELD_WHILE_TYPING = frozenset({"BJ001", "BJ505", "BJ301", "BJ302", "BJ303"})

ABILITY_TYPES = ("Заклинание", "Воздействие", "Разряд", "Выстрел", "Метание", "Добивание",
                 "Особый удар", "Магический удар")
KEYWORDS = ("Строй", "Вальхалла", "Бестелесный", "Концентрация", "Бешенство", "Отпор", "На глубине",
            "На поверхности", "Орда")
TRIGGERS = ("При", "После", "Когда", "Если", "В начале", "В конце", "Пока", "Вместо")
_ICON_PREFIX = re.compile(r"\{([a-z]*)$")
_WORD_PREFIX = re.compile(r"([А-Яа-яЁё]+)$")


def in_text(analysis: Analysis | None, line: int, line_text: str, character: int) -> bool:
    """Whether a position (0-based line) stands in a card text: on the lines of
    a card's text as last read, or after `text:` on its line (a text being
    typed may not have been read yet)."""
    head = line_text[:character]
    if re.match(r"\s*(?:-\s+)?text\s*:", head):
        return True
    if analysis is None or not analysis.base.cards:
        return False
    # the card around the line and the one before it (a text's line after its last one counts)
    lines = analysis.lines
    number = min(line, len(lines.starts) - 1)
    at = analysis.card_number_at(lines.starts[number] + lines.line_length(number))
    near = analysis.base.cards[max(0, at - 1):at + 1] if at is not None else ()
    for card in near:
        if not card.text_lines:
            continue
        first = analysis.lines.line_of(analysis.mark(*card.field_positions.get("text", (card.line, 1))))
        last = analysis.lines.line_of(analysis.mark(card.text_lines[-1].line, card.text_lines[-1].column))
        if first <= line <= last + 1:
            return True
    return False


def completions(line_text: str, line: int, character: int) -> list[types.CompletionItem]:
    """Icons after `{`, ability types, keyword labels and trigger words at a word's start."""
    head = line_text[:character]
    icon = _ICON_PREFIX.search(head)
    if icon is not None:
        typed = icon.group(1)
        closing = line_text[character:character + 1] == "}"
        start = types.Position(line, character - len(typed))
        end = types.Position(line, character + (1 if closing else 0))
        items = []
        for rank, names in enumerate((sorted(IDENTIFIED_ICONS), sorted(UNIDENTIFIED_ICONS))):
            for name in names:
                if name.startswith(typed):
                    items.append(types.CompletionItem(
                        label=f"{{{name}}}", kind=types.CompletionItemKind.Constant, filter_text=name,
                        sort_text=f"{rank}{name}", detail="значок" + ("" if rank == 0 else " (не опознан)"),
                        text_edit=types.TextEdit(types.Range(start, end), f"{name}}}")))
        return items
    word = _WORD_PREFIX.search(head)
    typed = word.group(1) if word else ""
    start = types.Position(line, character - len(typed))
    items = []
    for rank, (detail, words, kind) in enumerate((
            ("тип способности", ABILITY_TYPES, types.CompletionItemKind.Keyword),
            ("ключевое слово (метка)", KEYWORDS, types.CompletionItemKind.Keyword),
            ("начало условия", TRIGGERS, types.CompletionItemKind.Keyword))):
        for text in words:
            if typed and not text.lower().startswith(typed.lower()):
                continue
            written = text if not typed or typed[0].isupper() else text[0].lower() + text[1:]
            insert = written + (":" if rank == 1 else "")
            items.append(types.CompletionItem(
                label=insert, kind=kind, detail=detail, sort_text=f"{rank}{text}", filter_text=written,
                text_edit=types.TextEdit(types.Range(start, types.Position(line, character)), insert)))
    return items


def folding_ranges(analysis: Analysis) -> list[types.FoldingRange]:
    """One fold per card, from its item's line to its last line."""
    from berserk_judge.server.outline import card_extent

    out = []
    for card, start, end in card_extent(analysis):
        first, last = analysis.lines.line_of(start), analysis.lines.line_of(end)
        if last > first:
            out.append(types.FoldingRange(start_line=first, end_line=last, kind=types.FoldingRangeKind.Region,
                                          collapsed_text=f"{card.id}: {card.name}"))
    return out


def canonical_hints(analysis: Analysis, first_line: int, last_line: int) -> list[types.InlayHint]:
    """The canonical form of each read feature, at the end of the text's last
    line, for the cards whose text ends in the lines asked for."""
    from berserk_judge.parser import canonical

    out = []
    for card in analysis.base.cards:
        if not card.text or not card.text_lines:
            continue
        end = analysis.places(card).span(len(card.text) - 1, len(card.text))[1] + analysis.bom
        line = analysis.lines.line_of(end)
        if not first_line <= line <= last_line:
            continue
        forms = []
        for feature in analysis.features(card):
            reading = getattr(feature, "reading", None)
            if reading is not None:
                try:
                    forms.append(canonical(reading.tree))
                except Exception:  # noqa: BLE001 - a hint is never worth a failure
                    continue
        if not forms:
            continue
        line_end = analysis.lines.starts[line] + analysis.lines.line_length(line)
        position = types.Position(*analysis.lines.position(line_end))
        label = " ⇒ " + " · ".join(forms)
        out.append(types.InlayHint(position=position, label=label if len(label) <= 300 else label[:299] + "…",
                                   padding_left=True, tooltip="каноническая запись (как её читает berserk-judge)"))
    return out


def held(analysis: Analysis, typed_lines: set[int], before: set[tuple[str, int]]) -> list[int]:
    """Indexes of findings to hold while typing: a flickering code on a line
    being typed that the last published diagnostics did not have there."""
    out = []
    # a buffer whose lines are YAML's (only `\n` breaks): a finding's own line says
    # where it is, so only those on typed lines are placed (placing all 30,000
    # findings of a large document cost every keystroke 0.5 s)
    same_lines = analysis.marks is analysis.lines.starts and not analysis.bom
    for number, finding in enumerate(analysis.findings):
        if finding.code not in HELD_WHILE_TYPING:
            continue
        if same_lines and finding.line > 0 and finding.line - 1 not in typed_lines:
            continue
        line = analysis.lines.line_of(analysis.finding_span(finding)[0])
        if line in typed_lines and (finding.code, line) not in before:
            out.append(number)
    return out
