"""Loading an edited card file card by card: only the cards whose YAML changed
are composed again.

A 200-card file takes the loader tens of milliseconds to compose; an edit
touches one card. A card file is usually a header (`set:`), a `cards:` line
and a block sequence of cards, one `- ` item per card. Each item is loaded
by `cardbase.load.load_file` on a stand-in source that keeps the header and
the item at their own line numbers (blank lines between), so every position
is the loader's own; the result is cached by the item's text and moved when
lines above it were added or removed.

Anything the split cannot be sure of falls back to loading the whole
buffer, which is then exactly what `lint` does: no `cards:` line at column
0 or two of them, a flow sequence, anchors or aliases, document markers,
line breaks other than `\\n`/`\\r\\n`, and any item whose stand-in does not
load cleanly (a YAML error is reported by the whole load, with its place).
"""
from __future__ import annotations

import dataclasses
import hashlib
import re
from array import array
from bisect import bisect_right
from collections.abc import Sequence
from typing import NamedTuple

from berserk_judge.cardbase.model import Card, CardBase, NoqaComment, Problem, Ruling, TextLine
from berserk_judge.server.compact import compact, positions

_CARDS_AT = re.compile(r"^cards[ \t]*:[ \t]*(?:#[^\r\n]*)?\r?$", re.M)
_CONTENT = re.compile(r"^( *)[^ \r\n#]", re.M)          # the first line that is neither blank nor a comment
_TAB_FIRST = re.compile(r"^ *\t[ \t]*[^ \t\r\n]", re.M)  # a line whose content starts after a tab
_ITEM = re.compile(r" *-(?:[ \t]|\r?$)", re.M)
# what the split cannot be sure of: anchors, aliases and tags (where a node
# starts: a line's start, after `- `, `: `, `? `, `[`, `{`, `,`, or a quoted
# key's `:`, see `_node_property`), breaks YAML or Python count differently,
# a BOM, document markers. A `*` or `&` inside a text («квадрат 2*2», «A&B»)
# is not a node's start; one that might be (`, *` in a quoted text) only
# costs a whole load.
_UNSURE = re.compile(r"[\x0b\x0c\x1c-\x1e\x85\u2028\u2029\ufeff]|\r(?!\n)|^(?:---|\.\.\.)", re.M)
# the same, cut so that each part is a C scan (one regex with `^` under re.M
# tries every position: 25 ms on a 2,000-card file, every keystroke)
_ODD_CHARACTERS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\ufeff"
_LONE_CR = re.compile(r"\r(?!\n)")


def _unsure(source: str) -> bool:
    """`_UNSURE.search(source)`, fast."""
    if any(character in source for character in _ODD_CHARACTERS):
        return True
    if "\r" in source and _LONE_CR.search(source):
        return True
    return source.startswith(("---", "...")) or "\n---" in source or "\n..." in source


def _cards_lines(source: str) -> list[re.Match]:
    """`list(_CARDS_AT.finditer(source))`, fast: tried only where a line starts with `cards`."""
    found = []
    at = 0 if source.startswith("cards") else source.find("\ncards")
    while at != -1:
        start = at if at == 0 and source.startswith("cards") else at + 1
        match = _CARDS_AT.match(source, start)
        if match:
            found.append(match)
        at = source.find("\ncards", start)
    return found
_PROPERTY = re.compile(r"[&*!](?=[^ \t\r\n,\[\]{}])")


def _property_starts(source: str):
    """Offsets of `_PROPERTY`'s matches, in order; each of `&*!` found by
    `str.find` (a character class regex scans a megabyte in 5 ms)."""
    hits = []
    for character in "&*!":
        at = source.find(character)
        while at != -1:
            if _PROPERTY.match(source, at):
                hits.append(at)
            at = source.find(character, at + 1)
    return sorted(hits)


def _node_property(source: str) -> bool:
    """Whether an anchor, alias or tag may stand where a node starts (each
    `&`, `*`, `!` found by one scan, then the line before it looked at)."""
    for at in _property_starts(source):
        # the characters before it on its line, looked at from it backwards (never the
        # whole line: a one-line file with a `*` in every text was quadratic)
        end = at
        while end > 0 and source[end - 1] in " \t":
            end -= 1
        gap = end < at
        if end == 0 or source[end - 1] == "\n" or source[end - 1] in "[{,":
            return True
        last = source[end - 1]
        previous = source[end - 2] if end >= 2 and source[end - 2] != "\n" else ""
        if last in "-?" and gap and previous in ("", " ", "\t"):
            return True
        if last == ":" and (gap or previous in ('"', "'")):
            return True
    return False


@dataclasses.dataclass
class Layout:
    """A card file cut into the part around the cards and one part per card."""

    head: str                 # up to and including the `cards:` line
    items: Sequence[tuple[int, str]]   # (0-based first line, text) of each card item (`Items`)
    tail_line: int            # 0-based first line after the sequence
    tail: str                 # what follows the sequence (other top-level keys), usually ""


def split(source: str) -> Layout | None:
    """The layout of a card file, or None when it is not the plain block form.

    Only the lines indented no deeper than the items are looked at (found by
    regular expressions, not line by line): item starts, comments, and the
    first other line, where the sequence ends."""
    if _unsure(source) or _node_property(source):
        return None
    found = _cards_lines(source)
    if len(found) != 1 or found[0].end() >= len(source):
        return None
    body = found[0].end() + 1   # after the `cards:` line's break
    first = _CONTENT.search(source, body)
    if first is None or (source.find("\t", body) != -1 and _TAB_FIRST.search(source, body)):
        return None
    indent = len(first.group(1))
    if not _ITEM.match(source, first.start()):
        return None   # `cards:` followed by something else than a block sequence
    starts: list[int] = []
    tail = len(source)
    # not blank, indented no deeper than items; from the break before the line
    # (a pattern led by a literal is scanned for it in C, one under `^` tries every position)
    shallow = re.compile(rf"\n( {{0,{indent}}})(?=[^ \t\r\n])")
    for line in shallow.finditer(source, first.start() - 1):
        at = line.start() + 1
        depth = len(line.group(1))
        if source.startswith("#", at + depth):
            continue   # a comment: it belongs to the item above
        if depth == indent and _ITEM.match(source, at):
            starts.append(at)
            continue
        tail = at
        break
    head = source[:body]
    numbers = array("q")
    number = head.count("\n")
    previous = body
    for at in starts:
        number += source.count("\n", previous, at)
        numbers.append(number)
        previous = at
    items = Items(source, numbers, array("q", starts + [tail]))
    return Layout(head, items, number + source.count("\n", previous, tail), source[tail:])


class Items(Sequence):
    """(0-based first line, text) of each card item, each text cut from the
    buffer when it is asked for: the items of a 20,000-card buffer held at
    once were a second copy of it at every keystroke's peak."""

    __slots__ = ("source", "numbers", "bounds")

    def __init__(self, source: str, numbers: array, bounds: array):
        self.source, self.numbers, self.bounds = source, numbers, bounds

    def __len__(self) -> int:
        return len(self.numbers)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[number] for number in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.numbers[index], self.source[self.bounds[index]:self.bounds[index + 1]]

    def __iter__(self):
        source, bounds = self.source, self.bounds
        for index, number in enumerate(self.numbers):
            yield number, source[bounds[index]:bounds[index + 1]]

    def __eq__(self, other) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return list(self) == list(other)

    __hash__ = None


def _stand_in(layout: Layout, first: int, text: str) -> str:
    """The head, the item at its own line, the tail at its own line."""
    head_lines = layout.head.count("\n")
    pad = "\n" * (first - head_lines)
    out = layout.head + pad + text
    if layout.tail:
        used = out.count("\n") + (0 if out.endswith("\n") else 1)
        out += ("" if out.endswith("\n") else "\n") + "\n" * max(0, layout.tail_line - used) + layout.tail
    return out


def _within(problems: list[Problem], first: int, text: str) -> list[Problem]:
    """The problems on the item's own lines (1-based lines first+1 …)."""
    last = first + text.count("\n") + (0 if text.endswith("\n") else 1)
    return [p for p in problems if first < p.line <= last]


def moved_card(card: Card, delta: int) -> Card:
    """The card `delta` lines further down the file."""
    if not delta:
        return card
    return dataclasses.replace(
        card, line=card.line + delta,
        text_lines=[dataclasses.replace(tl, line=tl.line + delta) for tl in card.text_lines],
        field_positions=positions({k: (line + delta, column) for k, (line, column) in card.field_positions.items()}),
        noqa_comments=[dataclasses.replace(n, line=n.line + delta) for n in card.noqa_comments],
        rulings=tuple(dataclasses.replace(r, line=r.line + delta,
                                          rule_places=tuple((line + delta, *rest) for line, *rest in r.rule_places))
                      for r in card.rulings))


# what moved_card knows how to move; a field added to Card later must be added there
MOVED_FIELDS = {Card: ("line", "text_lines", "field_positions", "noqa_comments", "rulings"),
                TextLine: ("line",), NoqaComment: ("line",), Ruling: ("line", "rule_places")}


# More changed cards than this: one whole load is cheaper than composing each.
WHOLE_ABOVE = 8
# More than this many: composed this many at a time, never the whole buffer at once (memory's peak).
CHUNK = 256


def digest(text: str) -> bytes:
    """What an item is kept by: a digest of its text, not a copy of it (the
    items of a 20,000-card buffer are a second copy of it, 29 MB)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _meaning(part: str) -> tuple[str, ...]:
    """The lines of the head or tail that can change a card: not blank, not comments."""
    return tuple(line.rstrip() for line in part.splitlines() if line.strip() and not line.lstrip().startswith("#"))


def _real_lines(layout) -> list[int]:
    """The buffer's 1-based line of each flow item's start (one pass over the buffer)."""
    out, line, previous = [], 1, 0
    for start in layout.items.starts:
        line += layout.source.count("\n", previous, start)
        out.append(line)
        previous = start
    return out


def _layout_meaning(layout: Layout) -> tuple:
    """What of the head and the tail the items are composed under."""
    return _meaning(layout.head), _meaning(layout.tail)


class Part(NamedTuple):
    """An item's cards and problems as the loader keeps them (not a CardBase
    of its own: five containers a card)."""

    cards: list[Card]
    problems: list[Problem]


class IncrementalLoader:
    """Loads one document's buffer again and again, composing only changed cards."""

    def __init__(self):
        self._items: dict[bytes, tuple[int, Part]] = {}   # an item's digest → (its line, its cards)
        self._meaning: tuple | None = None   # the head and tail the items were composed under
        self._around: dict[tuple[str, str, int], list[Problem]] = {}
        self._real: dict[bytes, int] = {}   # a flow item with problems → the real line its messages were made at
        self.composed = 0   # items composed by the last load (-1: the whole buffer), for tests and the benchmark
        self.layout = None   # how the last load cut its buffer (Layout, server.flow.FlowLayout; None: whole)
        self.marks = None    # a flow layout's virtual line starts (server.flow), None: the loader's own lines
        self._flow = None    # the last flow layout (the next one is found from it: server.flow.split_flow)
        self.pause = None    # called between two chunks composed (server.worker)

    def fork(self) -> "IncrementalLoader":
        """A loader starting from this one's cache, for trying a changed buffer
        without disturbing this one."""
        other = IncrementalLoader()
        other._items = dict(self._items)
        other._meaning = self._meaning
        other._around = dict(self._around)
        other._real = dict(self._real)
        other._flow = self._flow
        return other

    def load(self, path: str, source: str, claimed: dict[str, Card]) -> CardBase:
        """The buffer loaded as `cardbase.load.load_file(path, claimed, source=source)` would."""
        from berserk_judge.cardbase.load import load_file

        self.composed = 0
        self.marks = None
        # a buffer in flow style last time is cut as one first (it is one, but for a rewrite)
        layout = self.layout = split(source) if self._flow is None else None
        if layout is None:
            from berserk_judge.server.flow import split_flow

            flow = split_flow(source, self._flow) if "[" in source else None
            self._flow = flow
            if flow is not None:
                return self._load_flow(path, source, claimed, flow)
            return self._whole(path, source, claimed, None)
        meaning = _layout_meaning(layout)
        # kept by the item's digest alone (a tuple with the head a key held 1 MB
        # for 20,000 cards); items composed under another head count as missing
        known_items = self._items if meaning == self._meaning else {}
        keys = [digest(text) for _, text in layout.items]
        missing = [number for number, key in enumerate(keys) if key not in known_items]
        prepared: dict[bytes, tuple[int, Part]] = {}
        if len(missing) > WHOLE_ABOVE:
            if len(missing) <= CHUNK or layout.tail:
                return self._whole(path, source, claimed, layout, keys)
            prepared = self._chunks(path, layout, keys, missing)
            if prepared is None:
                return self._whole(path, source, claimed, layout, keys)   # it says what is wrong, and where
        around = self._problems_around(path, layout)
        if around is None:
            return self._whole(path, source, claimed, layout, keys)
        base = CardBase(paths=[path])
        problems = list(around)
        seen = dict(claimed)
        fresh: dict[bytes, tuple[int, Part]] = {}
        for (first, text), key in zip(layout.items, keys):
            known = known_items.get(key) or fresh.get(key) or prepared.get(key)
            if known is not None and known[0] != first and known[1].problems:
                known = None   # a problem's message may quote a line number: compose it at its new place
            if known is None:
                self.composed += 1
                known = self._compose(path, layout, first, text)
                if known is None:
                    return self._whole(path, source, claimed, layout, keys)   # it says what is wrong, and where
            fresh[key] = known
            line, part = known
            cards = [moved_card(card, first - line) for card in part.cards]
            part_problems = part.problems
            if any(card.id in seen for card in cards):
                # a repeated id: the loader reports it with the first one's place
                again = load_file(path, seen, source=_stand_in(layout, first, text))
                cards, part_problems = [compact(card) for card in again.cards], _within(again.problems, first, text)
            problems.extend(part_problems)   # never moved (see above)
            for card in cards:
                seen[card.id] = card
                base.cards.append(card)
        self._items, self._meaning = fresh, meaning
        base.problems = sorted(problems, key=lambda p: (p.line, p.column))
        return base

    # -- a flow-style file (server.flow) ----------------------------------------------------

    def _load_flow(self, path: str, source: str, claimed: dict[str, Card], layout) -> CardBase:
        """`load` for a flow layout: each card at its virtual line (server.flow), so a
        card that only moved along the line is the same card, with the same findings."""
        from berserk_judge.cardbase.load import load_file

        self.layout = layout
        meaning = ("flow",) + _layout_meaning(layout)
        known_items = self._items if meaning == self._meaning else {}
        keys = [digest(text) for _, text in layout.items]
        missing = [number for number, key in enumerate(keys) if key not in known_items]
        prepared: dict[bytes, tuple[int, Part]] = {}
        if len(missing) > WHOLE_ABOVE:
            prepared = self._flow_chunks(path, layout, keys, missing)
            if prepared is None:
                return self._whole(path, source, claimed, None)
        around = self._flow_around(path, layout)
        if around is None:
            return self._whole(path, source, claimed, None)
        base = CardBase(paths=[path])
        problems = list(around)
        seen = dict(claimed)
        fresh: dict[bytes, tuple[int, Part]] = {}
        real_lines = None
        for number, ((first, text), key) in enumerate(zip(layout.items, keys)):
            known = known_items.get(key) or fresh.get(key) or prepared.get(key)
            if known is not None and known[1].problems:
                # a problem's message may quote a line number: composed again when its real line moved
                real_lines = real_lines or _real_lines(layout)
                if known[0] != first or self._real.get(key) != real_lines[number]:
                    known = None
            if known is None:
                self.composed += 1
                real_lines = real_lines or _real_lines(layout)
                known = self._flow_compose(path, layout, first, text, real_lines[number])
                if known is None:
                    return self._whole(path, source, claimed, None)   # it says what is wrong, and where
                if known[1].problems:
                    self._real[key] = real_lines[number]
            fresh[key] = known
            line, part = known
            cards = [moved_card(card, first - line) for card in part.cards]
            part_problems = part.problems
            if any(card.id in seen for card in cards):
                # a repeated id: the loader reports it with the first one's place (its real line)
                told = {card.id: dataclasses.replace(seen[card.id], line=layout.real_line(seen[card.id].line))
                        for card in cards if card.id in seen and seen[card.id].path == path}
                again = load_file(path, {**seen, **told}, source=layout.stand_in(first, text))
                cards, part_problems = [compact(card) for card in again.cards], _within(again.problems, first, text)
            problems.extend(part_problems)
            for card in cards:
                seen[card.id] = card
                base.cards.append(card)
        self._items, self._meaning = fresh, meaning
        self.marks = layout.marks()
        base.problems = sorted(problems, key=lambda p: (p.line, p.column))
        return base

    def _flow_compose(self, path: str, layout, first: int, text: str, real_line: int) -> tuple[int, Part] | None:
        """A flow item loaded alone at its virtual line; its problems' messages
        as they read at its real line (`real_line`, 1-based)."""
        from berserk_judge.cardbase.load import load_file

        part = load_file(path, None, source=layout.stand_in(first, text))
        if any(p.kind == "unreadable" for p in part.problems) or len(part.cards) > 1:
            return None
        part.problems = _within(part.problems, first, text)
        if part.problems:
            real = load_file(path, None, source=layout.stand_in(real_line - 1, text))
            said = _within(real.problems, real_line - 1, text)
            if [p.kind for p in said] != [p.kind for p in part.problems]:
                return None
            part.problems = [dataclasses.replace(p, message=q.message) for p, q in zip(part.problems, said)]
        return first, Part([compact(card) for card in part.cards], part.problems)

    def _flow_chunks(self, path: str, layout, keys: list[bytes],
                     missing: list[int]) -> dict[bytes, tuple[int, Part]] | None:
        """The missing items composed CHUNK at a time, each run at its virtual lines;
        only an item with exactly one card and no problem is given."""
        from berserk_judge.cardbase.load import load_file

        runs: list[list[int]] = []
        for number in missing:
            if runs and runs[-1][-1] == number - 1 and len(runs[-1]) < CHUNK:
                runs[-1].append(number)
            else:
                runs.append([number])
        out: dict[bytes, tuple[int, Part]] = {}
        for run in runs:
            if self.pause is not None:
                self.pause()
            items = [layout.items[number] for number in run]
            self.composed += len(run)
            part = load_file(path, None, source=layout.run(items[0][0], [text for _, text in items]))
            if any(p.kind == "unreadable" for p in part.problems):
                return None
            lines = [card.line for card in part.cards]
            if lines != sorted(lines):
                return None
            for (first, text), number in zip(items, run):
                last = first + text.count("\n") + 1
                mine = part.cards[bisect_right(lines, first):bisect_right(lines, last)]
                if len(mine) == 1 and not _within(part.problems, first, text):
                    out[keys[number]] = (first, Part([compact(mine[0])], []))
        return out

    def _flow_around(self, path: str, layout) -> list[Problem] | None:
        """The head's problems (a missing set, an unknown key before the cards);
        None when the tail has any (the whole load says where)."""
        from berserk_judge.cardbase.load import load_file

        key = ("flow", layout.head, layout.tail)
        if key not in self._around:
            part = load_file(path, None, source=layout.around())
            if any(p.kind == "unreadable" for p in part.problems):
                return None
            head_end = (layout.head_lines, len(layout.head) - layout.head.rfind("\n"))
            if any((p.line, p.column) >= head_end for p in part.problems):
                return None
            self._around = {key: part.problems}
        return self._around[key]

    def _compose(self, path: str, layout: Layout, first: int, text: str) -> tuple[int, Part] | None:
        """An item loaded alone: (the line it was composed at, its cards and
        problems), None when it does not load cleanly as one card. Composed
        right under the head (a stand-in as long as the item, not thousands of
        blank lines the loader scans), then moved like any cached item; one
        with problems is composed again at its own line (a message may quote one)."""
        from berserk_judge.cardbase.load import load_file

        at = layout.head.count("\n") if not layout.tail else first
        while True:
            part = load_file(path, None, source=_stand_in(layout, at, text))
            if any(p.kind == "unreadable" for p in part.problems) or len(part.cards) > 1:
                return None
            part.problems = _within(part.problems, at, text)   # the head's are counted once
            if not part.problems or at == first:
                return at, Part([compact(card) for card in part.cards], part.problems)
            at = first

    def _chunks(self, path: str, layout: Layout, keys: list[bytes],
                missing: list[int]) -> dict[bytes, tuple[int, Part]] | None:
        """The missing items composed CHUNK at a time (runs of neighbours, each
        run right under the head, as `_compose` composes one): a 20,000-card
        buffer composed whole holds every card's YAML nodes at once, and the
        server's memory never comes down from that peak. Only an item with
        exactly one card and no problem is given (the others are composed
        alone by `load`); None when a chunk does not load cleanly."""
        from berserk_judge.cardbase.load import load_file

        at = layout.head.count("\n")
        runs: list[list[int]] = []
        for number in missing:
            if runs and runs[-1][-1] == number - 1 and len(runs[-1]) < CHUNK:
                runs[-1].append(number)
            else:
                runs.append([number])
        out: dict[bytes, tuple[int, Part]] = {}
        for run in runs:
            if self.pause is not None:
                self.pause()
            texts = [layout.items[number][1] for number in run]
            self.composed += len(run)
            part = load_file(path, None, source=layout.head + "".join(texts))
            if any(p.kind == "unreadable" for p in part.problems):
                return None
            first, lines, cards = at, [card.line for card in part.cards], part.cards
            if lines != sorted(lines):
                return None
            for number, text in zip(run, texts):
                breaks = text.count("\n")
                last = first + breaks + (0 if text.endswith("\n") else 1)
                mine = cards[bisect_right(lines, first):bisect_right(lines, last)]
                if len(mine) == 1 and not _within(part.problems, first, text):
                    real = layout.items[number][0]   # kept at its own place: the next load moves nothing
                    out[keys[number]] = (real, Part([compact(moved_card(mine[0], real - first))], []))
                first += breaks
        return out

    def _whole(self, path: str, source: str, claimed: dict[str, Card], layout: Layout | None,
               keys: list[bytes] | None = None) -> CardBase:
        """The whole buffer at once; its cards and problems are kept by item for the next edit."""
        from berserk_judge.cardbase.load import load_file

        self.composed = -1
        base = load_file(path, claimed, source=source)
        if any(p.kind == "unreadable" for p in base.problems):
            return base   # a half-typed buffer: the items known stay for the next keystroke
        for card in base.cards:
            compact(card)
        self._items, self._meaning = {}, None
        if layout is None or keys is None:
            return base
        self._meaning = _layout_meaning(layout)
        head_lines = layout.head.count("\n")
        self._around = {(layout.head, layout.tail, layout.tail_line): [
            p for p in base.problems if p.line <= head_lines or p.line > layout.tail_line]}
        lines = [card.line for card in base.cards]   # in file order: each item's cards found by halving
        ordered = lines == sorted(lines)
        for (first, text), key in zip(layout.items, keys):
            last = first + text.count("\n") + (0 if text.endswith("\n") else 1)
            if ordered:   # (a scan per item made the first load of 20,000 cards quadratic)
                cards = base.cards[bisect_right(lines, first):bisect_right(lines, last)]
            else:
                cards = [card for card in base.cards if first < card.line <= last]
            problems = _within(base.problems, first, text)
            if not problems and not any(card.id in claimed for card in cards):
                self._items[key] = (first, Part(cards, []))
        return base

    def _problems_around(self, path: str, layout: Layout) -> list[Problem] | None:
        """Problems of the head and the tail (a missing set, an unknown section)."""
        from berserk_judge.cardbase.load import load_file

        key = (layout.head, layout.tail, layout.tail_line)
        if key not in self._around:
            part = load_file(path, None, source=_stand_in(layout, layout.head.count("\n"), ""))
            if any(p.kind == "unreadable" for p in part.problems):
                return None
            self._around = {key: part.problems}
        return self._around[key]
