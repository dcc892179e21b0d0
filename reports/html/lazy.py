"""The heavy parts of a card entry as page data, drawn by report.js when the card comes near the screen.

Every card's stats, findings, explanation (each reading's steps), structure
diagrams and rewording were nine tenths of a page's markup (10,000 cards:
134 MB of HTML), most of it the same sentences again and again («Когда именно
её можно объявить…» 3,511 times). A page now carries them as data: every
string once, in report-strings.js when two pages or more use it, else in the
page's own table, and the entries refer to it by number. The markup keeps
what find-in-page, print without scripts and a search need of every card:
its name, id, badges and text. report.js draws the rest of a card when it
scrolls near, and every card before printing.

Shapes (every string a number into `s`; report.js reads them back; an entry of a string
table is a string or, for a string cut at its «quotes», a list of the numbers of its parts):

* feature: [kind, kind_ru, ambiguous, [[title, value]…], error, errata_text,
  [[n, canonical, why, [step…]]…], [granted feature…]]
* box: [text] for an ability, [kind, layout, dashed, label, hint, joiner, [box…]] for a frame
* structure block: [n or 0, canonical, box]
* diff piece: [op, text, safe] with op 0 equal, 1 delete, 2 insert
* finding: [code, title, severity, severity_ru, message, rules the message does not cite, suggestion or -1, spanned,
  [condition, lowered, payment, text] or 0]
* entry: {"o": 1 when the text is shown as it is: then a text segment and a kept or deleted
  piece of the diff are lengths into the card's text (the page's .ctext), not strings,
  "st": [[key, label, value]…], "t": [[text, [n…], [ends…], severity or -1]…],
  "x": [feature…], "f": [finding…], "d": [block…], "dn": features with a diagram, "w": [final text, unsafe count], "r": [piece…]}
"""
from __future__ import annotations

import re
from collections import Counter
from itertools import chain

from berserk_judge.cardbase.chars import show_invisible
from berserk_judge.reports.html.filters import visible
from berserk_judge.reports.html.icons import ICONS

_OPS = {"equal": 0, "delete": 1, "insert": 2}


class Strings:
    """Numbers for strings: the site's shared table first, then this page's own.

    `shared` maps a string used on several pages to its number in
    report-strings.js; any other string is added to this page's table and
    numbered after the shared ones (report.js concatenates the two).
    """

    def __init__(self, shared: dict[str, int] | None = None):
        self.shared = shared or {}
        self.table: list[str] = []
        self._numbers: dict[str, int] = {}

    def of(self, text) -> int:
        text = "" if text is None else str(text)    # a plain str: `visible` inlined (700,000 calls)
        return self._number(text if text.isprintable() else show_invisible(text))

    def _number(self, text: str) -> int:
        number = self.shared.get(text)
        if number is not None:
            return number
        number = self._numbers.get(text)
        if number is None:
            parts = quoted_parts(text)
            value = [self._number(part) for part in parts] if parts else text
            number = self._numbers[text] = len(self.shared) + len(self.table)
            self.table.append(value)
        return number


_QUOTE_EDGE = re.compile(r"(?<=«)|(?=»)")
_SPLIT_FROM = 24   # shorter strings cost more as a list of numbers than as text


def quoted_parts(text: str) -> list[str] | None:
    """A string cut where a «quotation» starts and ends, or None when it quotes nothing.

    The explanation's sentences quote the card's abilities («Цель «Выстрел на 2» текст не
    называет…», «Игрок обязан объявить «…»; …»), so one ability text sat in three or four
    strings of the same card: 10,000 cards' pages held 4.4 MB of such strings. Cut at the
    quotes, the sentence frames are shared by the whole site and each ability is kept once;
    the table entry is then a list of string numbers that report.js joins back.
    """
    if len(text) < _SPLIT_FROM or "«" not in text:
        return None
    parts = [part for part in _QUOTE_EDGE.split(text) if part]
    return parts if len(parts) > 1 else None


def _props(f: dict) -> list[tuple[str, str]]:
    rows = (("оплата", f.get("payment")), ("условие", f.get("condition")), ("метка", f.get("label")),
            ("тип", f.get("ability_type")), ("имя", f.get("effect_name")),
            ("дальность", (f.get("range") or "").partition(" ")[2] or None), ("пока", f.get("while_condition")),
            ("лимит", f.get("limit")), ("длительность", f.get("duration")), ("выбор", f.get("chosen_by")))
    return [(title, value) for title, value in rows if value]


def feature(f: dict, s: Strings) -> list:
    error = f.get("error")
    return [s.of(f["kind"]), s.of(f["kind_ru"]), 1 if f["ambiguous"] else 0,
            [[s.of(t), s.of(v)] for t, v in _props(f)],
            s.of(error["message"] if error else ""), s.of(f["text"] if f["kind"] == "errata" else ""),
            [[r["n"], s.of(r["canonical"]), s.of(r["why"]), [s.of(step) for step in r["explain"]]]
             for r in f["shown_readings"]],
            [feature(g, s) for g in f["granted"]]]


def box(node: dict, s: Strings) -> list:
    if node["t"] == "atom":
        return [s.of(node["text"])]
    return [s.of(node["kind"]), s.of(node["layout"]), 1 if node["dashed"] else 0, s.of(node["label"]),
            s.of(node["hint"]), s.of(node["joiner"]), [box(item, s) for item in node["items"]]]


def structure(f: dict, s: Strings) -> list:
    many = len(f["shown_readings"]) > 1
    blocks = [[r["n"] if many else 0, s.of(r["canonical"]), box(r["diagram"], s)]
              for r in f["shown_readings"] if r["diagram"]["t"] != "atom"]
    for g in f["granted"]:
        blocks += structure(g, s)
    return blocks


def finding(f: dict, s: Strings) -> list:
    place = f["placement"]
    return [s.of(f["code"]), s.of(f["title"]), s.of(f["severity"]), s.of(f["severity_ru"]), s.of(f["message"]),
            s.of(", ".join(f.get("uncited_rules", f["rules"]))), -1 if f["suggestion"] is None else s.of(f["suggestion"]),
            s.of(f["spanned"] or ""),
            [s.of(place["condition"]), s.of(place["lowered"]), s.of(place["payment"]), s.of(place["text"])]
            if place else 0]


def card_data(entry: dict, s: Strings) -> dict:
    """What report.js draws of one entry: stats, the marked text, explanation, findings,
    rewording (final text and diff), diagrams."""
    out = {}
    if entry["stats"]:
        out["st"] = [[s.of(x["key"]), s.of(x["label"]), s.of(x["value"])] for x in entry["stats"]]
    if entry["compact"]:
        return out
    # a text shown as it is (nothing invisible to name) is the page's own: pieces of it are lengths
    own = visible(entry["text"]) == entry["text"]
    if own:
        out["o"] = 1

    def piece(text: str) -> int:
        return len(text) if own else s.of(text)

    if any(seg["findings"] for seg in entry["segments"]):
        out["t"] = [[piece(seg["text"]), seg["findings"], seg["ends"],
                     -1 if seg["severity"] is None else s.of(seg["severity"])] for seg in entry["segments"]]
    shown = [f for f in entry["features"] if f["kind"] != "errata"]
    if shown:
        out["x"] = [feature(f, s) for f in shown]
    if entry["findings"]:
        out["f"] = [finding(f, s) for f in entry["findings"]]
    blocks = [block for f in entry["features"] if f["has_diagram"] for block in structure(f, s)]
    if blocks:
        out["d"] = blocks
        out["dn"] = sum(1 for f in entry["features"] if f["has_diagram"])
    if entry["rewording"]:
        # the final text is what the diff keeps and inserts: report.js joins it unless the text is not own
        out["w"] = [-1 if own else s.of(entry["rewording"]["text"]), entry["rewording"]["unsafe"]]
        out["r"] = [[_OPS[p["op"]], s.of(p["text"]) if p["op"] == "insert" else piece(p["text"]),
                     0 if p.get("safe") is False else 1] for p in entry["rewording"]["diff"]]
    return out


class _Recorder(Strings):
    """A Strings numbering one entry's own strings in first use as -2, -3, …: every other
    number in the data (a length, a count, a flag, -1 for none) is -1 or more. A string cut at
    its «quotes» is followed by its parts, which a page's table holds too (`Strings`)."""

    def _number(self, text: str) -> int:
        number = self._numbers.get(text)
        if number is None:
            number = self._numbers[text] = -2 - len(self.table)
            self.table.append(text)
            for part in quoted_parts(text) or ():
                self._number(part)
        return number


class StringIds:
    """The strings of every entry's page data, each kept once, by number, with the numbers of its
    «quoted» parts (`quoted_parts`, cut once per string). The packed entries keep their data's
    strings as these numbers: 10,000 cards' entries held ~700,000 strings, 25,000 of them
    different, which zlib had to squeeze per entry and marshal decode at every read."""

    def __init__(self):
        self.texts: list[str] = []
        self.parts: list[tuple[int, ...]] = []
        self._ids: dict[str, int] = {}

    def id(self, text: str) -> int:
        number = self._ids.get(text)
        if number is None:
            number = self._ids[text] = len(self.texts)
            self.texts.append(text)
            self.parts.append(())
            self.parts[number] = tuple(self.id(part) for part in quoted_parts(text) or ())
        return number

    def seal(self) -> None:
        """No more strings: what numbers them goes (the site reads `texts` only), ~3 MB of the
        peak of 10,000 cards."""
        self._ids, self.parts = {}, []


class _IdRecorder(Strings):
    """A `_Recorder` whose entry list holds StringIds numbers instead of the strings."""

    def __init__(self, ids: StringIds):
        super().__init__()
        self.ids = ids

    def _number(self, text: str) -> int:
        return self._add(self.ids.id(text))

    def _add(self, string_id: int) -> int:
        number = self._numbers.get(string_id)
        if number is None:
            number = self._numbers[string_id] = -2 - len(self.table)
            self.table.append(string_id)
            for part in self.ids.parts[string_id]:
                self._add(part)
        return number


def card_parts(entry: dict, ids: StringIds | None = None) -> tuple[list, dict]:
    """`card_data` of an entry made once, before any page's numbers are known: its strings in
    first use (each cut string followed by its parts; with `ids`, their numbers there), and the
    data with each string as -2 - its place in them (`renumber` gives a page's numbers). The
    site keeps this instead of the entry's features, segments and stats, so its two passes
    (which strings each page uses; each page's data) neither unpack those nor draw the entry again."""
    recorder = _Recorder() if ids is None else _IdRecorder(ids)
    data = card_data(entry, recorder)
    return recorder.table, data


def entry_parts(entry: dict) -> tuple[list, dict]:
    """An entry's `card_parts`: kept in a packed entry (`lazy`, strings by their StringIds
    numbers), else made now (strings as they are)."""
    kept = entry.get("lazy")
    return kept if kept is not None else card_parts(entry)


def renumber(data: dict, numbers: list[int]) -> dict:
    """`card_parts` data with each string's number on the page (`numbers`, by place in the strings)."""
    def walk(value):
        if type(value) is list:
            return [walk(item) for item in value]
        if type(value) is int and value < -1:
            return numbers[-2 - value]
        return value

    return {key: walk(value) for key, value in data.items()}


def site_data(pages, ids: StringIds | None = None) -> tuple[list, dict]:
    """The shared string table (strings used on two pages or more) and a maker of each page's data.

    `pages` maps a page to its entries (or to anything holding their `lazy` parts); `ids` is
    the StringIds their strings are numbered by, if they are. A page's strings in first use
    are its entries' (`card_parts`) one after another, each kept the first time: a string
    already there came with its parts."""
    seen: Counter = Counter()
    for cards in pages.values():
        seen.update(dict.fromkeys(chain.from_iterable(entry_parts(entry)[0] for entry in cards)).keys())
    table = [key for key, count in seen.items() if count > 1]
    if ids is not None:
        table = [ids.texts[key] for key in table]
    shared = {text: number for number, text in enumerate(table)}
    # a string used on two pages has its parts used there too: they are shared as well
    return [[shared[part] for part in parts] if (parts := quoted_parts(text)) else text for text in table], shared


def page_data(cards: list[dict], shared: dict[str, int] | None = None, ids: StringIds | None = None) -> dict:
    """The data of one page: its own strings (after the shared ones) and each entry's parts by anchor."""
    s = Strings(shared)
    texts = ids.texts if ids is not None else None
    entries = {}
    for entry in cards:
        strings, data = entry_parts(entry)
        if data:
            # first uses in order: the page's table comes out as if each string were numbered where used
            numbers = [s._number(key) for key in strings] if texts is None else [s._number(texts[key]) for key in strings]
            entries[entry["anchor"]] = renumber(data, numbers)
    return {"s": s.table, "c": entries, "i": {name: list(value) for name, value in ICONS.items()}}
