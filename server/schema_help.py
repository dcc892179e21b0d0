"""The card schema in the editor (cardbase/schema.py, the table the loader
checks cards against): completion of a card's fields and of the values a
field takes, a field's description on hover, and quick fixes for what the
loader reports about fields (BJ003): an unknown field renamed to the one it
was meant to be, a type written with a typo, a number written as a string.

Pure functions over an Analysis (or None, when the buffer was not read yet)
and the line being typed; server/app.py wires them.
"""
from __future__ import annotations

import difflib
import re
from collections import Counter

from lsprotocol import types

from berserk_judge.cardbase.schema import CARD_FIELDS, CARD_TYPES, REQUIRED, TYPE_NAMES

_KEY_AT = re.compile(r"^(\s*)(-\s+)?([A-Za-z_]*)$")                      # a key being typed
_VALUE_AT = re.compile(r"^\s*(?:-\s+)?([A-Za-z_]+)[ \t]*:[ \t]+(\S*)$")    # a value being typed
_KEY_ON = re.compile(r"^(\s*)(-\s+)?(['\"]?)([A-Za-z_]+)\3[ \t]*:")   # the key of a line
_UNKNOWN = re.compile(r"неизвестное поле «([^»]+)» \(может быть, ([a-z_]+)\?\)")
_WRONG = re.compile(r"^поле ([a-z_]+) — строка «([^»]*)»; ожидается")
_TOKEN = re.compile(r"""'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"|[^\s:,{}\[\]#]+""")
FREE_VALUES = ("element", "rarity")   # fields whose values are the base's own words


def _card_near(analysis, line: int):
    """The card whose YAML holds the start of the (0-based) line, when the buffer was read."""
    if analysis is None or not analysis.base.cards:
        return None
    line = min(line, len(analysis.lines.starts) - 1)
    return analysis.card_at(analysis.lines.starts[line] + analysis.lines.line_length(line))


def completions(analysis, line_text: str, line: int, character: int) -> list[types.CompletionItem] | None:
    """A card's fields at a key's place, a field's values after its key; None elsewhere."""
    head = line_text[:character]
    value = _VALUE_AT.match(head)
    if value is not None:
        return _values(analysis, value.group(1), value.group(2), line, character)
    key = _KEY_AT.match(head)
    if key is None or (not key.group(1) and not key.group(2)) or (analysis is None and not key.group(3)):
        return None   # a top-level key (set, cards), no key at all, or a blank line of a buffer not read yet
    card = _card_near(analysis, line)
    if card is not None:
        column = len(key.group(1)) + len(key.group(2) or "")
        if column != card.column - 1:
            return None   # not at the card's keys (a text's line, a nested list, a ruling)
        present = set() if key.group(2) else set(card.field_positions) | set(card.fields) | {"id", "name", "text"}
    else:
        present = set()
    typed = key.group(3)
    start = types.Position(line, character - len(typed))
    out = []
    for rank, (name, (_, expected)) in enumerate(CARD_FIELDS.items()):
        if name in present and name != typed:
            continue
        out.append(types.CompletionItem(
            label=name, kind=types.CompletionItemKind.Field, sort_text=f"{0 if name in REQUIRED else 1}{rank:02}",
            detail="поле карты" + (" (обязательное)" if name in REQUIRED else ""),
            documentation=types.MarkupContent(kind=types.MarkupKind.Markdown, value=f"**{name}**: {expected}"),
            text_edit=types.TextEdit(types.Range(start, types.Position(line, character)), f"{name}: ")))
    return out


def _values(analysis, field: str, typed: str, line: int, character: int) -> list[types.CompletionItem] | None:
    start = types.Position(line, character - len(typed))
    where = types.Range(start, types.Position(line, character))
    if field == "type":
        choices = [(value, TYPE_NAMES.get(value, "")) for value in CARD_TYPES]
    elif field in ("elite", "unique"):
        choices = [("true", "да"), ("false", "нет")]
    elif field in FREE_VALUES and analysis is not None:
        seen = Counter(card.fields.get(field) for card in analysis.base.cards
                       if isinstance(card.fields.get(field), str))
        choices = [(value, f"в этом файле: {count}") for value, count in seen.most_common(50)]
    else:
        return None
    return [types.CompletionItem(label=value, kind=types.CompletionItemKind.EnumMember, detail=detail or None,
                                 sort_text=f"{rank:03}", text_edit=types.TextEdit(where, _plain(value)))
            for rank, (value, detail) in enumerate(choices)]


def _plain(value: str) -> str:
    """A value as a YAML scalar (quoted when plain would read otherwise)."""
    if re.fullmatch(r"[^\s:#,\[\]{}&*!|>'\"%@`-][^:#,\[\]{}]*", value) and value == value.strip():
        return value
    return "'" + value.replace("'", "''") + "'"


def hover(analysis, offset: int):
    """A card field's description when the cursor is on its key (server.hover.Hover), else None."""
    from berserk_judge.server.hover import Hover

    lines = analysis.lines
    number = lines.line_of(offset)
    text = lines.line_text(number)
    found = _KEY_ON.match(text)
    if found is None or found.group(4) not in CARD_FIELDS:
        return None
    start, end = found.start(4), found.end(4)
    if not start <= offset - lines.starts[number] <= end:
        return None
    card = _card_near(analysis, number)
    if card is None or len(found.group(1)) + len(found.group(2) or "") != card.column - 1:
        return None   # not one of the card's own keys (a ruling's, a set's)
    name = found.group(4)
    markdown = f"**{name}** — поле карты{' (обязательное)' if name in REQUIRED else ''}: {CARD_FIELDS[name][1]}"
    if name == "type":
        markdown += "\n\n" + "\n".join(f"* `{value}` — {TYPE_NAMES[value]}" for value in CARD_TYPES)
    base = lines.starts[number]
    return Hover(markdown, base + start, base + end)


# -- quick fixes for what the loader says about fields ---------------------------------------

def fixes(analysis, finding) -> list[tuple[str, str, bool]]:
    """(title, replacement, whether it is a key) of each schema fix of a load
    finding: the word at its place replaced."""
    if finding.code != "BJ003" or finding.line <= 0:
        return []
    unknown = _UNKNOWN.search(finding.message)
    if unknown is not None:
        return [(f"Переименовать поле «{unknown.group(1)}» в «{unknown.group(2)}» (BJ003)", unknown.group(2), True)]
    wrong = _WRONG.match(finding.message)
    if wrong is None:
        return []
    field, written = wrong.groups()
    if field == "type":
        close = difflib.get_close_matches(written.lower(), CARD_TYPES, n=3, cutoff=0.5)
        return [(f"Заменить тип «{written}» на {value} — {TYPE_NAMES[value]} (BJ003)", value, False)
                for value in close]
    check, _ = CARD_FIELDS.get(field, (None, ""))
    if check is not None and re.fullmatch(r"-?\d+", written.strip()) and check(int(written)):
        return [(f"Записать {field} числом: {int(written)} (BJ003)", str(int(written)), False)]
    return []


def fix_edit(analysis, finding, replacement: str, key: bool) -> list[types.TextEdit] | None:
    """The edit of a schema fix: the key at the finding's place renamed (inside
    its quotes), or the value there replaced (its quotes with it)."""
    from berserk_judge.server.diagnostics import lsp_range

    at = analysis.mark(finding.line, finding.column)
    token = _TOKEN.match(analysis.text, at)
    if token is None:
        return None
    start, end = at, token.end()
    if key and token.group()[:1] in "'\"":
        start, end = start + 1, end - 1
    return [types.TextEdit(range=lsp_range(analysis, start, end), new_text=replacement)]
