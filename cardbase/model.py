"""Cards as the rest of the program sees them: text plus where it came from.

Every line of a card's text knows its file, line and column, so any character
offset in `Card.text` can be turned into a location a user can open.
"""
from __future__ import annotations

from bisect import bisect_right
from operator import attrgetter, itemgetter

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class TextLine:
    """One line of a card's text and where it stands in its YAML file."""

    text: str          # the line, without its newline
    offset: int        # offset of the line's first character in Card.text
    line: int          # 1-based line in the file
    column: int        # 1-based column in the file of the line's first character
    comment: str | None = None  # YAML comment at the end of that file line, if any
    # a quoted one-line scalar's escapes (`''`, `\"`, `\u00ab`) make the file longer than
    # the text: (offset in the line, extra file columns from there on), ascending; () when none
    escapes: tuple[tuple[int, int], ...] = ()

    def column_at(self, delta: int) -> int:
        """The file column (1-based) of the line's character `delta`."""
        return column_at(self.column, self.escapes, delta)


_FIRST = itemgetter(0)       # C-level keys for bisect: a finding locates four offsets or more
_OFFSET = attrgetter("offset")


def column_at(column: int, escapes: tuple[tuple[int, int], ...], delta: int) -> int:
    """`column + delta`, shifted by the escapes before `delta` (TextLine.escapes)."""
    delta = max(0, delta)
    if not escapes:
        return column + delta
    at = bisect_right(escapes, delta, key=_FIRST)
    return column + delta + (escapes[at - 1][1] if at else 0)


@dataclass(frozen=True)
class NoqaComment:
    """A `# noqa: CODES` comment that silences findings on some text lines.

    `text_line` is the 0-based index of the one text line it covers, or None
    when it covers the whole text. `line`/`column` point at the `#`, so an
    unused noqa can be reported where it is written.
    """

    codes: tuple[str, ...]   # empty: every code
    line: int
    column: int
    raw: str                 # the comment as written, from "#"
    text_line: int | None = None


@dataclass(frozen=True)
class Ruling:
    """A judges' ruling on a card (a question and its answer), as the base holds it.

    Card data, like the text: `card`, `explain`, the server and the report show
    what the base holds. `rules` are the rule numbers the ruling cites, each with
    the file line, column and end column it is written at (`rule_places`), so lint can point
    at a number the rulebook lacks.
    """

    answer: str
    question: str = ""
    source: str = ""
    date: str = ""
    rules: tuple[str, ...] = ()
    id: str = ""
    line: int = 0                 # file line and column of the ruling's mapping
    column: int = 0
    rule_places: tuple[tuple[int, int, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The ruling as plain data (the card index, JSON output): empty keys left out."""
        out: dict[str, Any] = {"question": self.question, "answer": self.answer}
        for key in ("source", "date", "id"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.rules:
            out["rules"] = list(self.rules)
        return out


@dataclass
class Card:
    """A card of the base. `fields` holds the optional ones (element, cost, noqa, ...)."""

    id: str
    name: str
    text: str
    set_id: str = ""
    set_name: str = ""
    path: str = ""
    line: int = 1      # line of the card's mapping in the file
    column: int = 1
    text_lines: list[TextLine] = field(default_factory=list)
    fields: dict[str, Any] = field(default_factory=dict)
    # (line, column) of each key's value in the file: lets a finding about a
    # field (say an unused `noqa:` list) point at it.
    field_positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    noqa_comments: list[NoqaComment] = field(default_factory=list)
    rulings: tuple[Ruling, ...] = ()   # the card's `rulings:` list (cardbase.rulings)

    def locate(self, offset: int) -> tuple[int, int]:
        """File line and column (1-based) of a character offset in `text`."""
        lines = self.text_lines
        if not lines:
            return self.line, self.column
        if len(lines) == 1 or offset < lines[1].offset:
            current = lines[0]          # most texts are one line, most findings on the first
        else:
            # a binary search: a long text has thousands of lines and a finding each
            current = lines[max(0, bisect_right(lines, offset, key=_OFFSET) - 1)]
        delta = offset - current.offset
        if not current.escapes:
            return current.line, current.column + (delta if delta > 0 else 0)
        return current.line, current.column_at(delta)


@dataclass(frozen=True)
class Problem:
    """A load or validation problem: where, what is wrong, what was expected."""

    path: str
    line: int
    column: int
    message: str          # Russian, for the user
    card_id: str | None = None
    # "unreadable" (the file cannot be read as YAML at all), "schema" (a card
    # or set breaks the format), "icon" (unknown {placeholder}), "noqa" (a
    # suppression comment that points nowhere), "ruling" (a judges' ruling
    # attached to no card: cardbase.rulings). Consumers branch on this,
    # never on the wording of `message`.
    kind: str = "schema"


@dataclass
class CardBase:
    """All cards loaded from one or more files, plus every problem met on the way."""

    cards: list[Card] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    # sha256 of each file's bytes as loaded: `lint --fix` refuses to write a
    # file that changed since (cardbase/write.py)
    digests: dict[str, str] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)   # YAML in given folders that is not a card file

    def find(self, key: str) -> Card | None:
        """A card by exact id, else by exact name (case-insensitive)."""
        for card in self.cards:
            if card.id == key:
                return card
        folded = key.casefold()
        for card in self.cards:
            if card.name.casefold() == folded:
                return card
        return None
