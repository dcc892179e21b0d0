"""Finding a card by id or by a half-remembered, misspelt name.

Names are compared folded: case, ё/е, hyphens and dashes, quotes and extra
spaces do not count. A name printed in several sets is one card with
several printings: an exact name shows it, whatever the number of its
printings. Close names are scored with rapidfuzz (WRatio, 0–100), each name
once; a match is clear when it is exact, or when the best score is high and
well ahead of the next name, or when exactly one name sounds the same
(unstressed о/а, е/и/я, voiced/voiceless, doubled letters: «Малатобоец»). A name taken so
is still only a guess when another name is as few edits from the query (`_rivals`: «Боргвк» is
one edit from «Боргак», two from «Борг»): then both are listed (`guess`), no card is taken. Close names
of at least SEVERAL are the candidates; a best name below it is no match — the
names are only `similar` («Несуществующая хрень» is not «Тень» at 77), unless a name of four
letters or more is one edit away («Гукь» is «Гуль», which WRatio scores 75). A query in Latin letters is also tried as
Cyrillic: transliterated and as typed with the wrong keyboard layout
(`cardbase.translit`). An id is found whatever separates its parts (`s1-58`,
`S1 58`, `10-118` for 10118), and comes with the other printings of its name (`with_printings`). A reprinted name lists its printings newest first
(`newest_first`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

CUTOFF = 70        # below this a name is not close at all
SEVERAL = 80       # below this a close name is only «похожая»: the card is not found
CLEAR = 88         # a fuzzy best match at least this good …
LEAD = 6           # … and this far ahead of the next name is taken
MAX_CANDIDATES = 10

_PUNCT = re.compile(r"[-‐‑‒–—―«»\"'„“”.,:;!?()]+")


def fold(text: str) -> str:
    """Case, ё/е, hyphens and punctuation folded; spaces collapsed."""
    text = text.casefold().replace("ё", "е")
    return " ".join(_PUNCT.sub(" ", text).split())


@dataclass(slots=True)
class CardEntry:
    """What a lookup and a search see of a card: who it is and what it says (folded)."""

    id: str
    name: str
    folded_name: str = ""            # fold(name): kept, a lookup compares thousands of them
    set_id: str = ""
    set_name: str = ""
    element: str | None = None
    type: str | None = None
    cost: Any = None
    classes: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()      # kinds of its features («triggered», «playable», …)
    text: str = ""                   # the card text, folded (for `o:` searches); may be filled lazily
    ref: Any = None                  # where the full card is: a Card, or a place in the card index


# what a list of cards shows of each
LISTED = ("name", "set_id", "set_name")

# the catalogue fields of an entry, in the order the card index stores them as a row
ROW = ("id", "name", "folded_name", "set_id", "set_name", "element", "type", "cost", "classes", "kinds")


def entry_row(entry: CardEntry) -> list:
    return [getattr(entry, name) for name in ROW]


# a class written in the text where the base has no class field: «Класс: гном.», «Классы — гном, воин»
_TEXT_CLASS = re.compile(r"^\s*класс(?:ы)?\s*(?::|—|–|-)\s*([^.\n]+)", re.IGNORECASE | re.MULTILINE)


def classes_of(fields: dict, text: str | None) -> tuple[str, ...]:
    """A card's classes: its `class` field, else a «Класс: …» line of its text."""
    classes = fields.get("class")
    if isinstance(classes, list):
        found = tuple(str(c) for c in classes if c not in (None, ""))
    else:
        found = (str(classes),) if classes not in (None, "") else ()
    if not found and isinstance(text, str):
        match = _TEXT_CLASS.search(text)
        if match:
            found = tuple(part.strip() for part in re.split(r",|\sи\s", match.group(1)) if part.strip())
    return found


_MAX_INT_BITS = 14_000        # about 4,200 decimal digits: Python refuses to print longer ints as decimal


def json_safe(value):
    """`value` with what JSON and str() cannot take made printable: an integer of thousands of
    digits (a card field «0xfff…») becomes its hex string; keys of other types, their str."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return hex(value) if value.bit_length() > _MAX_INT_BITS else value
    if isinstance(value, dict):
        return {(k if isinstance(k, str) else str(json_safe(k))): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def entry_of(card, kinds: tuple[str, ...] = ()) -> CardEntry:
    """The entry of a loaded cardbase.model.Card."""
    fields = card.fields
    classes = classes_of(fields, card.text)
    return CardEntry(card.id, card.name, fold(card.name), card.set_id, card.set_name, _text(fields.get("element")),
                     _text(fields.get("type")), json_safe(fields.get("cost")), classes, kinds, fold(card.text or ""),
                     card)


def _text(value) -> str | None:
    return None if value is None else str(value)


@dataclass
class Lookup:
    """The card found (`cards`: its printings, the first shown), or the close ones
    (`candidates`: (entry, score), one per name), or neither. `via` says how a
    query in Latin letters was read when that found it."""

    cards: list[CardEntry] = field(default_factory=list)
    candidates: list[tuple[CardEntry, float]] = field(default_factory=list)
    score: float = 0.0
    via: str | None = None
    similar: list[tuple[CardEntry, float]] = field(default_factory=list)   # not found; these come closest
    hits: dict[str, str] = field(default_factory=dict)    # card id -> why a search found it (a ruling's words)
    guess: bool = False      # `candidates` are a close name and another as close: «похоже на …», no card taken

    @property
    def card(self) -> CardEntry | None:
        return self.cards[0] if self.cards else None


class Catalogue:
    """Cards as a lookup reads them: the ids and folded names as columns, an entry on demand.

    `cardbase.index.IndexedBase` is one (a lookup there reads only the columns it needs);
    this one wraps entries already made (a loaded base, tests)."""

    def __init__(self, entries: list[CardEntry]):
        self._entries = entries
        self.ids = [e.id for e in entries]
        self.folded = [e.folded_name for e in entries]

    def entry(self, index: int, fields=()) -> CardEntry:
        return self._entries[index]

    def columns(self, keys, text: bool = False) -> dict[str, list]:
        """Catalogue fields of every card as columns (ROW names, and "text")."""
        columns = {key: [getattr(e, key) for e in self._entries] for key in keys}
        if text:
            columns["text"] = [e.text for e in self._entries]
        return columns


def catalogue_of(cards) -> Catalogue:
    """A catalogue of a CardBase, of loaded cards, or of entries."""
    cards = getattr(cards, "cards", cards)
    return Catalogue([c if isinstance(c, CardEntry) else entry_of(c) for c in cards])


def printings(catalogue, name: str) -> list[CardEntry]:
    """Every card with the folded name `name`, newest printing first (`newest_first`)."""
    found = [i for i, folded in enumerate(catalogue.folded) if folded == name]
    if len(found) > 1:
        found = newest_first(found, catalogue.columns(["set_id"])["set_id"])
    return [catalogue.entry(i) for i in found]


def with_printings(catalogue, entry: CardEntry) -> list[CardEntry]:
    """The card an id names first, then its other printings: a card's identity across prints is its
    name (as Gatherer ties rulings to the oracle card), so a reprint looked up by its id still shows
    the «Печати» line and the rulings stored on any print."""
    others = [e for e in printings(catalogue, entry.folded_name or fold(entry.name)) if e.id != entry.id]
    return [entry, *others]


_SET_NUMBER = re.compile(r"s(\d+)|(\d{2,})")


def set_number(set_id: str) -> float | None:
    """Where a set stands in the release order, from its id: `sN` is set N; a relaunch id of
    digits is the set and its supplement (10 is set 1, 21 set 2.1, 50 set 5); else None."""
    match = _SET_NUMBER.fullmatch(str(set_id).strip().casefold())
    if match is None:
        return None
    return float(match.group(1)) if match.group(1) else int(match.group(2)) / 10


def newest_first(indexes: list[int], set_ids: list) -> list[int]:
    """Card numbers of one name's printings, newest first: by set number, a tie (the same set
    printed twice, as s1 and 10) by the later in the base (an import adds newer texts after older
    ones). When a set's place is unknown the base order is kept."""
    numbers = [set_number(set_ids[i]) for i in indexes]
    if any(n is None for n in numbers):
        return indexes
    return [i for _, i in sorted(zip(numbers, indexes), reverse=True)]


def find_card(catalogue, query: str) -> Lookup:
    """A card by exact id, exact folded name, or a clearly best fuzzy name — as typed, else as the
    Cyrillic its Latin letters stand for. `catalogue`: a Catalogue, an IndexedBase, a CardBase or entries."""
    if not hasattr(catalogue, "folded"):
        catalogue = catalogue_of(catalogue)
    query = query.strip()
    if not query:
        return Lookup()
    by_id = _by_id(catalogue, query)
    if by_id is not None:
        return Lookup(with_printings(catalogue, by_id), score=100.0)
    names = list(dict.fromkeys(catalogue.folded))
    key = fold(query)
    if key in names:
        return Lookup(printings(catalogue, key), score=100.0)
    from berserk_judge.cardbase.translit import has_latin, to_latin_layout, variants

    if not has_latin(query):
        by_id = _by_id(catalogue, to_latin_layout(query))      # «ы1_58»: an id typed in the Russian layout
        if by_id is not None:
            return Lookup(with_printings(catalogue, by_id), score=100.0, via="раскладка клавиатуры")
    spellings = variants(query)
    for spelling, how in spellings:                             # «Vjkjnj,jtw», «Osklizg»: exact first
        if fold(spelling) in names:
            return Lookup(printings(catalogue, fold(spelling)), score=100.0, via=how)
    found = _by_name(catalogue, names, query) if not spellings or _has_latin_names(names) else Lookup()
    if found.cards:
        return found
    tries = [(_by_name(catalogue, names, spelling), how) for spelling, how in spellings]
    clear = [(lookup, how) for lookup, how in tries if lookup.cards]
    if clear:
        lookup, how = max(clear, key=lambda item: item[0].score)
        lookup.via = how
        return lookup
    return max([found, *(lookup for lookup, _ in tries)], key=_closest)


def _closest(lookup: Lookup) -> tuple[int, float]:
    """Candidates before mere similar names, then the best score."""
    if lookup.candidates:
        return 1, lookup.candidates[0][1]
    return 0, lookup.similar[0][1] if lookup.similar else 0.0


# Spellings that sound alike in Russian: unstressed о/а and е/и/я, voiced and
# voiceless pairs (б/п, в/ф, г/к, д/т, ж/ш, з/с), doubled letters: «Малатобоец» →
# «Молотобоец», «Скилет» → «Скелет», «Осклизк» → «Осклизг». A soft sign counts:
# «Смотрител» may be «Смотритель» or «Смотрительница».
_SOUND = str.maketrans({"о": "а", "е": "и", "я": "и", "б": "п", "в": "ф", "г": "к", "д": "т", "ж": "ш",
                        "з": "с"})
_DOUBLE = re.compile(r"(\w)\1+")


def _sound_key(name: str) -> str:
    return _DOUBLE.sub(r"\1", name.translate(_SOUND))


def _sounds_like(key: str, names: list[str]) -> str | None:
    """The one name that sounds like the query (same key after `_SOUND`), or None
    when none or several do: a guess is taken only when it cannot be another card."""
    wanted = _sound_key(key)
    found = [name for name in names if _sound_key(name) == wanted]
    return found[0] if len(found) == 1 else None


def _has_latin_names(names: list[str]) -> bool:
    """Whether matching a Latin query as typed can mean anything (some name has Latin letters)."""
    from berserk_judge.cardbase.translit import has_latin

    return any(has_latin(name) for name in names)


_ID_SEPARATORS = re.compile(r"[\s_\-‐‑‒–—./]+")


def id_key(card_id: str) -> str:
    """An id with case and separators dropped: `S1-58`, `s1 58` and `s1_58` are one id."""
    return _ID_SEPARATORS.sub("", card_id.casefold())


def _by_id(catalogue, query: str) -> CardEntry | None:
    ids = catalogue.ids
    try:
        return catalogue.entry(ids.index(query))
    except ValueError:
        pass
    folded = query.casefold()
    for index, card_id in enumerate(ids):      # ids are case-insensitive too: "S1_58"
        if card_id.casefold() == folded:
            return catalogue.entry(index)
    if not any(ch.isdigit() for ch in query):
        return None
    key = id_key(query)                        # another separator: "s1-58", "s1 58", "10-118"
    found = [index for index, card_id in enumerate(ids) if id_key(card_id) == key] if key else []
    return catalogue.entry(found[0]) if len(found) == 1 else None


MIN_ONE_EDIT = 4   # a name this long or longer is still meant with one letter wrong, swapped, missing or extra


def _one_edit(key: str, names: list[str]) -> list[str]:
    """The names one edit away from the query (optimal string alignment: a swap is one edit).
    WRatio scores a one-letter typo of a four-letter name at 75, below SEVERAL."""
    if len(key) < MIN_ONE_EDIT:
        return []
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    found = process.extract(key, names, scorer=OSA.distance, score_cutoff=1, limit=None)
    return [name for name, _, _ in sorted(found, key=lambda item: (item[1], item[2]))]


RIVAL_EDITS = 2   # another name at most this many edits from the query, and no farther than the pick, is a rival


def _distance(key: str, name: str) -> int:
    from rapidfuzz.distance import OSA

    return OSA.distance(key, name)


def _rivals(key: str, pick: str, names: list[str]) -> list[str]:
    """Names as close to the query as the pick by edits (a letter wrong, swapped, missing or extra), when
    some are within RIVAL_EDITS: «Боргвк» is one edit from «Боргак» and two from «Борг», which WRatio
    prefers; «Ккле» one from «Келе», which it scores far below «Экклезиарх»."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    picked = _distance(key, pick)
    found = [(name, edits, index) for name, edits, index in
             process.extract(key, names, scorer=OSA.distance, score_cutoff=min(picked, RIVAL_EDITS), limit=None)
             if name != pick]
    nearest = min((edits for _, edits, _ in found), default=None)
    return [name for name, edits, _ in sorted(found, key=lambda item: (item[1], item[2])) if edits == nearest]


def _taken(catalogue, key: str, names: list[str], pick: str, score: float, ranked) -> Lookup:
    """The card of the name picked — or, when another name is as close by edits, both as a guess."""
    rivals = _rivals(key, pick, names)
    if not rivals:
        return Lookup(printings(catalogue, pick), score=score)
    from rapidfuzz import fuzz

    scores = dict(ranked)
    listed = [pick, *rivals[:MAX_CANDIDATES - 1]]
    return Lookup(candidates=[(catalogue.entry(catalogue.folded.index(name), LISTED),
                               round(scores.get(name, fuzz.WRatio(key, name)), 1)) for name in listed], guess=True)


NEAREST = 3        # a name found nowhere still lists this many nearest names


def _by_name(catalogue, names: list[str], query: str) -> Lookup:
    key = fold(query)
    if not key:
        return Lookup()
    from rapidfuzz import fuzz, process     # only for a name not found as typed

    scored = process.extract(key, names, scorer=fuzz.WRatio, limit=MAX_CANDIDATES, score_cutoff=CUTOFF)
    ranked = [(names[index], score) for _, score, index in
              sorted(scored, key=lambda item: (-item[1], item[2]))]     # equal scores: base order
    if not ranked:
        near = _one_edit(key, names)
        if near:
            return _taken(catalogue, key, names, near[0], 0.0, [])
        nearest = process.extract(key, names, scorer=fuzz.WRatio, limit=NEAREST)
        return Lookup(similar=[(catalogue.entry(index, LISTED), round(score, 1)) for _, score, index in
                               sorted(nearest, key=lambda item: (-item[1], item[2]))])
    top_name, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    if top >= CLEAR and top - second >= LEAD:
        return _taken(catalogue, key, names, top_name, round(top, 1), ranked)
    alike = _sounds_like(key, names)
    if alike is not None:                   # «Малатобоец»: one name that sounds the same
        return _taken(catalogue, key, names, alike, round(dict(ranked).get(alike, top), 1), ranked)
    listed = [(catalogue.entry(catalogue.folded.index(name), LISTED), round(score, 1)) for name, score in ranked]
    if top < SEVERAL:                       # nothing close enough to be meant: not found, with the nearest …
        near = _one_edit(key, names)        # … unless one letter of a short name was mistyped («Гукь»)
        if len(near) == 1:
            return _taken(catalogue, key, names, near[0], round(dict(ranked).get(near[0], top), 1), ranked)
        if near:
            scores = dict(ranked)
            return Lookup(candidates=[(catalogue.entry(catalogue.folded.index(name), LISTED),
                                       round(scores.get(name, top), 1)) for name in near])
        return Lookup(similar=listed)
    close = [(entry, score) for entry, score in listed if score >= SEVERAL]
    if len(close) == 1:                     # one close name is the card, never «несколько карт (1)» …
        alike = [name for name in names if _sound_key(name) == _sound_key(key)]
        if len(alike) > 1 and ranked[0][0] in alike:   # … unless it sounds like another one too: a guess
            from rapidfuzz import fuzz

            alike.sort(key=lambda name: name != ranked[0][0])
            return Lookup(candidates=[(catalogue.entry(catalogue.folded.index(name), LISTED),
                                       round(fuzz.WRatio(key, name), 1)) for name in alike], guess=True)
        if len(key) >= MIN_ONE_EDIT and _distance(key, ranked[0][0]) <= 1:
            return _taken(catalogue, key, names, ranked[0][0], close[0][1], ranked)
        return Lookup(candidates=close, guess=True)      # «Гул»: «похоже на Гуль», not taken
    return Lookup(candidates=close)
