"""The heavy parts of a card entry as page data, drawn by report.js when the card comes near the screen.

A card's explanation (each reading's steps), its structure diagrams and the
word diff of its rewording were three quarters of a page's markup (10,000
cards: 134 MB of HTML), most of it the same sentences again and again («Когда
именно её можно объявить…» 3,511 times). A page now carries them once as data:
every string goes into one table per page and the entries refer to it by
number. What find-in-page and a search need of every card (name, id, stats,
the text with its findings, the findings, the final text) stays markup;
report.js draws the rest of a card when it scrolls near, and everything
before printing.

Shapes (every string a number into `s`; report.js reads them back):

* feature: [kind, kind_ru, ambiguous, [[title, value]…], error, errata_text,
  [[n, canonical, why, [step…]]…], [granted feature…]]
* box: [text] for an ability, [kind, layout, dashed, label, hint, joiner, [box…]] for a frame
* structure block: [n or 0, canonical, box]
* diff piece: [op, text, safe] with op 0 equal, 1 delete, 2 insert
"""
from __future__ import annotations

from reports.html.filters import visible
from reports.html.icons import ICONS

_OPS = {"equal": 0, "delete": 1, "insert": 2}


class Strings:
    """One table of distinct strings; `of` gives a string's number in it."""

    def __init__(self):
        self.table: list[str] = []
        self._numbers: dict[str, int] = {}

    def of(self, text) -> int:
        text = visible("" if text is None else str(text))
        number = self._numbers.get(text)
        if number is None:
            number = self._numbers[text] = len(self.table)
            self.table.append(text)
        return number


def _props(f: dict) -> list[tuple[str, str]]:
    rows = (("оплата", f.get("payment")), ("условие", f.get("condition")), ("метка", f.get("label")),
            ("тип", f.get("ability_type")), ("имя", f.get("effect_name")), ("пока", f.get("while_condition")))
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


def card_data(entry: dict, s: Strings) -> dict:
    """What report.js draws of one full entry: explanation, diagrams, the rewording's diff."""
    out = {}
    shown = [f for f in entry["features"] if f["kind"] != "errata"]
    if shown:
        out["x"] = [feature(f, s) for f in shown]
    blocks = [block for f in entry["features"] if f["has_diagram"] for block in structure(f, s)]
    if blocks:
        out["d"] = blocks
    if entry["rewording"]:
        out["r"] = [[_OPS[p["op"]], s.of(p["text"]), 0 if p.get("safe") is False else 1]
                    for p in entry["rewording"]["diff"]]
    return out


def page_data(cards: list[dict]) -> dict:
    """The data of one page: the string table and each full entry's parts by anchor."""
    s = Strings()
    entries = {}
    for entry in cards:
        if not entry["compact"]:
            data = card_data(entry, s)
            if data:
                entries[entry["anchor"]] = data
    return {"s": s.table, "c": entries, "i": {name: list(value) for name, value in ICONS.items()}}
