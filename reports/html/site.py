"""The report site as files: Jinja2 pages, the search index, static assets and report.json.

Pages link to their neighbours only (the summary lists every page once), so
the site grows linearly with the number of pages; report.json carries the
manifest of the site's own files (see `reports.html.output`).
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources

from berserk_judge.reports.html import lazy, rule_help, search_index, worklist
from berserk_judge.reports.html.packed import KEPT_FINDING, KEPT_REWORDING, light_entries
from berserk_judge.reports.html.prints import other_prints
from berserk_judge.reports.html.compare import CLASS_RU, CLASSES
from berserk_judge.reports.html.diagram import legend
from berserk_judge.reports.html.filters import environment
from berserk_judge.reports.html.icons import icons_css
from berserk_judge.reports.html.output import MARKER, OutputError, manifest, write_site  # noqa: F401 - the writer's API

STATIC = ("report.css", "common.js", "report.js", "icon.svg", "findings.js")
_SIBLINGS = 12   # parts of one set listed on each of its pages; more get previous/next only


def _script_data(name: str, value) -> str:
    """A data file as a script (browsers refuse fetch() on file:// pages), safe inside <script>.

    The data is a JSON string given to JSON.parse: engines parse that much
    faster than the same data as an object literal, which matters on a phone.
    """
    return _script_bytes(name, value).decode("utf-8")


def _script_bytes(name: str, value) -> bytes:
    """`_script_data` as the bytes written, made holding at most two copies of the text at once:
    the search index of 10,000 cards is 3.7 million characters, 7 MB each as a str, and four
    copies of it (JSON, its literal, the script, the encoded file) added 20 MB to the report's peak."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    text = json.dumps(text, ensure_ascii=False)          # the literal; the first copy goes here
    text = text.replace("</", "<\\/").encode("utf-8", errors="backslashreplace")
    return b"".join((f"window.{name} = JSON.parse(".encode(), text, b");\n"))


def _neighbours(pages: list[dict], index: int) -> dict:
    page = pages[index]
    same_set = [p for p in pages[max(0, index - _SIBLINGS):index + _SIBLINGS + 1] if p["set"] == page["set"]]
    return {"previous": pages[index - 1] if index else None,
            "next": pages[index + 1] if index + 1 < len(pages) else None,
            "parts": same_set if page["parts"] > 1 else []}


class SiteFiles(Mapping):
    """File name → content, each page rendered when it is read and not kept.

    The writer reads one file at a time, so a 10,000-card site never sits in
    memory whole (the peak was 609 MB with every page held at once).
    """

    def __init__(self, makers: dict):
        self._makers = makers

    def __getitem__(self, name):
        return self._makers[name]()

    def __iter__(self):
        return iter(self._makers)

    def __len__(self):
        return len(self._makers)


def _heads(model: dict):
    """The entries as far as their name, page, anchor and set: packed cards' heads need no unpacking."""
    return getattr(model["cards"], "heads", model["cards"])


class _PageCards:
    """The entries of one page, read from the model's cards (packed ones are unpacked) each time
    it is iterated: the pages' entries are never all held at once."""

    def __init__(self, cards):
        self.cards, self.numbers = cards, []

    def __iter__(self):
        return (self.cards[number] for number in self.numbers)

    def lazy(self):
        """The entries as far as their page data: packed ones unpack nothing else."""
        parts = getattr(self.cards, "lazy_parts", None)
        return iter(self) if parts is None else (parts(number) for number in self.numbers)


def _page_script(cards: list[dict], shared: dict[str, int], ids=None) -> str:
    """The page's lazy parts (reports.html.lazy) as the text of a JSON script element."""
    text = json.dumps(lazy.page_data(cards, shared, ids), ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c")   # no «</script>», no «<!--» inside the element


_SAVED_FINDING = KEPT_FINDING     # what a packed entry keeps of a finding
_SAVED_ENTRY = ("id", "anchor", "page", "name", "set", "path", "line", "compact", "codes", "severities",
                "ambiguous", "unread", "change")


def _saved_entry(e: dict) -> dict:
    slim = {k: e[k] for k in _SAVED_ENTRY}
    slim["findings"] = [{k: f[k] for k in _SAVED_FINDING} for f in e["findings"]]
    if e["errata"]["markers"] or e["errata"]["entries"]:
        slim["errata"] = e["errata"]
    slim["rulings"] = e.get("rulings", [])   # judges' rulings: card data other tools read here
    if e["rewording"]:
        slim["rewording"] = {key: e["rewording"][key] for key in KEPT_REWORDING}
    return slim


def saved_model(model: dict) -> dict:
    """The model as report.json keeps it: where each card is, its findings and changes, and the
    site's pages, summary and manifest. The texts, readings, stats, explanation and rewording
    are the pages' data (reports.html.lazy) and the base's own: report.json of 10,000 cards
    was 70 MB of the site's 147."""
    return {**model, "cards": [_saved_entry(e) for e in light_entries(model)]}


def _json_bytes(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8", errors="backslashreplace")   # as write_atomic encodes a str


def saved_json(model: dict, site: dict) -> bytearray:
    """report.json (`saved_model` and the manifest) as the bytes written, the same as the JSON
    of the whole dict, each card's entry encoded into one growing buffer as it is made: the
    slim entries of 10,000 cards, their JSON text and its encoding held at once were the
    report's peak (+24 MB)."""
    out = bytearray(b"{")
    for key, value in {**model, "cards": None, "site": site}.items():
        if len(out) > 1:
            out += b","
        out += _json_bytes(key) + b":"
        if key != "cards":
            out += _json_bytes(value)
            continue
        out += b"["
        for number, entry in enumerate(light_entries(model)):
            if number:
                out += b","
            out += _json_bytes(_saved_entry(entry))
        out += b"]"
    out += b"}\n"
    return out


def render_pages(model: dict, title: str) -> SiteFiles:
    """File name → content of every file of the site, report.json with its manifest included."""
    env = environment()
    pages_by_set: dict[str, list[dict]] = {}
    for page in model["pages"]:
        pages_by_set.setdefault(page["set"], []).append(page)
    common = {"model": model, "summary": model["summary"], "title": title,
              "classes": CLASSES, "class_ru": CLASS_RU, "pages_by_set": pages_by_set,
              "prints": other_prints(_heads(model))}
    makers: dict = {
        "index.html": lambda: env.get_template("index.html.j2").render(**common, current="index.html")}
    by_page: dict[str, _PageCards] = {}
    for number, entry in enumerate(_heads(model)):
        by_page.setdefault(entry["page"], _PageCards(model["cards"])).numbers.append(number)
    card_page = env.get_template("cards.html.j2")
    frames = legend()
    ids = getattr(model["cards"], "strings", None)     # packed entries number their strings
    strings, shared = lazy.site_data({name: cards.lazy() for name, cards in by_page.items()}, ids)

    def page_maker(number: int, page: dict):
        def make():
            cards = list(by_page[page["file"]])     # this page's entries, unpacked once while it is made
            return card_page.render(**common, page=page, cards=cards, current=page["file"], legend=frames,
                                    page_data=_page_script(cards, shared, ids), **_neighbours(model["pages"], number))
        return make

    for number, page in enumerate(model["pages"]):
        makers[page["file"]] = page_maker(number, page)
    if model["changes"] is not None:
        makers["changes.html"] = lambda: env.get_template("changes.html.j2").render(**common, current="changes.html")
    makers["search-index.js"] = lambda: _script_bytes("BJ_INDEX", search_index.build(model))
    makers["report-strings.js"] = lambda: _script_bytes("BJ_STRINGS", strings)
    rules = rule_help.rule_entries()
    makers["rules.html"] = lambda: env.get_template("rules.html.j2").render(**common, rules=rules,
                                                                          current="rules.html")
    makers["findings.html"] = lambda: env.get_template("findings.html.j2").render(**common, current="findings.html")
    makers["findings-data.js"] = lambda: _script_bytes("BJ_FINDINGS", worklist.build(model))
    makers["rule-help.js"] = lambda: _script_bytes("BJ_RULES", rule_help.help_data(rules))
    static = resources.files("berserk_judge.reports.html") / "static"
    for name in STATIC:
        makers[name] = (lambda name: lambda: (static / name).read_bytes())(name)
    makers["report.css"] = lambda: (static / "report.css").read_bytes() + icons_css().encode()
    site = manifest([*makers, MARKER])
    makers[MARKER] = lambda: saved_json(model, site)
    return SiteFiles(makers)
