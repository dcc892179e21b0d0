"""Icon placeholders (`{tap}`, `{counter}`, ...) a card text may contain.

The names come from the corpus README: the identified icons and the ones seen
in real cards but not identified yet. A reader accepts both; the loader
reports any other name so a typo such as `{tpa}` is caught where it is written.

Texts exported from the online client carry marks such as `[:unq]` or `[:fly]`.
`import` turns a mark that has a placeholder into it (`[:tap]` → `{tap}`); the
others stay as written and BJ303 names them (`CLIENT_MARKS`).
"""
from __future__ import annotations

import re

IDENTIFIED_ICONS: frozenset[str] = frozenset({
    "tap", "counter", "instant", "first", "second", "strike", "uchr", "direct",
    "move", "health", "armor", "regen", "stamina", "ova", "ovz", "ovs", "zoal",
    "zoo", "zot", "zov", "zor", "zoz", "zom", "elite", "ordinary", "token",
})

# Seen in real cards, meaning unknown ({zozl} is probably a typo of {zoz}).
UNIDENTIFIED_ICONS: frozenset[str] = frozenset({
    "wolf", "human", "tok", "atk", "attack", "zozl",
})

KNOWN_ICONS: frozenset[str] = IDENTIFIED_ICONS | UNIDENTIFIED_ICONS

# Anything in braces on one line counts as a placeholder, so `{ tap }` and
# `{Tap}` are reported as unknown rather than silently read as words.
_ICON_RE = re.compile(r"\{([^{}\n]*)\}")


def find_icons(text: str) -> list[tuple[str, int, int]]:
    """Every `{name}` in `text` as (name, start, end) character offsets, in order."""
    return [(m.group(1), m.start(), m.end()) for m in _ICON_RE.finditer(text)]


def icon_names(text: str) -> list[str]:
    """The name of every `{name}` in `text`, in order (find_icons without the offsets: most texts
    hold known icons only, which one findall and a set test tell)."""
    return _ICON_RE.findall(text)


# The online client's marks `[:name]`: a mark whose name is a placeholder's becomes that
# placeholder on import; these have no placeholder and stay (their meaning, for BJ303).
CLIENT_MARKS: dict[str, str] = {
    "unq": "уникальная карта: это поле карты (unique: true), а не текст особенности",
    "fly": "летающее существо: это тип карты (type: flyer) или слово «летающее», а не значок",
}
_MARK_RE = re.compile(r"\[:([A-Za-z_]+)\]")


def find_marks(text: str) -> list[tuple[str, int, int]]:
    """Every online-client mark `[:name]` in `text` as (name, start, end), in order."""
    return [(m.group(1), m.start(), m.end()) for m in _MARK_RE.finditer(text)]


def map_client_marks(text: str) -> str:
    """`[:tap]` → `{tap}` for every mark named like an identified placeholder; others unchanged."""
    if "[:" not in text:
        return text
    return _MARK_RE.sub(lambda m: "{" + m.group(1) + "}" if m.group(1) in IDENTIFIED_ICONS else m.group(0), text)


# The card's uniqueness opening its text: the client's «[:unq].» or the word «Уникальность.»
# (spec §1, «Not features, not abilities»): a property of the card (schema field `unique`),
# not a feature; the reader skips it and `import` moves it to the field.
_UNIQUE_MARK = re.compile(r"\s*(?:\[:unq\](?:\s*\.)?|уникальност[ьи]\s*(?:\.|(?=\n)|$))[ \t]*", re.I)


def unique_mark_span(text: str) -> tuple[int, int] | None:
    """The span of the uniqueness mark opening `text` (its spaces and full stop included), or None."""
    if not isinstance(text, str):
        return None
    m = _UNIQUE_MARK.match(text)
    return m.span() if m else None


def without_unique_mark(text: str) -> tuple[str, bool]:
    """`text` with its opening uniqueness mark removed, and whether it had one (for `import`)."""
    span = unique_mark_span(text)
    if span is None:
        return text, False
    return text[span[1]:].lstrip(), True
