"""The page model of the report: plain dicts built from a card base and its findings.

Everything the pages show comes from here and is written as report.json, so
a test (or another tool) can check the content without parsing HTML. Every
card of the base has an entry: a full one (text, findings, features with
diagrams and explanations, rewording) for a card with findings, errata, a
change or an ambiguous text, or for every card with `--all`; a compact one
(stats, text, canonical forms) otherwise, so every card can be found.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from functools import lru_cache

from berserk_judge.cardbase.lookup import fold
from berserk_judge.parser import PAIRS_BY_ID, kind_name, read_card
from berserk_judge.reports.canon import feature_record, reading_strings
from berserk_judge.reports.html import adapters
from berserk_judge.reports.html.compare import CLASSES, one_line
from berserk_judge.reports.html.diagram import diagram
from berserk_judge.reports.html.diff import apply_edits
from berserk_judge.reports.html.naming import Names, slug
from berserk_judge.reports.html.packed import PackedCards, dump_value, load_value
from berserk_judge.reports.html.places import Places
from berserk_judge.reports.html.stats import short_stats, stats_of
from berserk_judge.reports.rulings_view import card_rulings, ruled_namesakes

FORMAT_VERSION = 2
ERRATA_MARK = re.compile(r"\[\s*Эррата[^\]]*\]")
SEVERITY_ORDER = ("error", "warning", "info")
SEVERITY_RU = {"error": "ошибка", "warning": "предупреждение", "info": "сведение"}
# the kinds' names are parser.kind_name's, as in card, explain and the editor; only an
# abstract text (С1, У1, …) has a kind of its own here
# ids of page elements: never handed to a card
RESERVED_IDS = ("main", "top", "page-cards", "legend", "pager", "search", "search-panel", "results")


def rule_title(code: str, fallback: str = "") -> str:
    """The Russian title of a lint rule: the first line of its unit's docstring."""
    return _rule_titles().get(code) or fallback


@lru_cache(maxsize=1)
def _rule_titles() -> dict[str, str]:
    from berserk_judge.lint.registry import all_rules

    return {rule.code: rule.doc().summary.rstrip(".") for rule in all_rules()}


def finding_dict(number: int, finding, text: str = "") -> dict:
    spanned = None
    if finding.start is not None and finding.end is not None and text:
        spanned = text[finding.start:finding.end]
    from berserk_judge.lint.finding import uncited_rules

    return {
        "n": number, "code": finding.code, "name": finding.name, "title": rule_title(finding.code, finding.name),
        "severity": finding.severity.label,
        "severity_ru": SEVERITY_RU[finding.severity.label], "message": finding.message,
        "line": finding.line, "column": finding.column, "start": finding.start, "end": finding.end,
        "rules": list(finding.rules), "suggestion": finding.suggestion, "spanned": spanned,
        "uncited_rules": uncited_rules(finding.message, finding.rules),   # the numbers the message lacks
        "placement": adapters.condition_placement(finding, text),
        "readings": list(finding.readings),
    }


def text_segments(text: str, findings: list[dict]) -> list[dict]:
    """The text cut where findings start and end; each piece lists the findings over it.

    A finding of zero width covers the character after it (or before it at
    the end of the text), so it can still be underlined. One sweep over the
    cuts with the findings open at each (a piece lists them in the findings'
    order): linear in the text's findings, where testing every finding at
    every cut took minutes on a one-line text of 500 KB (issue 38).
    """
    spans = []
    for f in findings:
        start, end = f["start"], f["end"]
        if start is None or end is None or not text:
            continue
        start = max(0, min(start, len(text)))
        end = max(start, min(end, len(text)))
        if end == start:
            start, end = (start, start + 1) if start < len(text) else (start - 1, start)
        spans.append((start, end, f["n"], f["severity"]))
    cuts = sorted({0, len(text)} | {s for s, _, _, _ in spans} | {e for _, e, _, _ in spans})
    opening: dict[int, list[int]] = defaultdict(list)     # cut -> the spans (by number) starting there
    closing: dict[int, list[int]] = defaultdict(list)     # cut -> the spans ending there
    for number, (s, e, _, _) in enumerate(spans):
        opening[s].append(number)
        closing[e].append(number)
    open_now: set[int] = set()
    out = []
    for a, b in zip(cuts, cuts[1:]):
        open_now.difference_update(closing.get(a, ()))
        open_now.update(opening.get(a, ()))
        over = [spans[number] for number in sorted(open_now)]
        worst = min((SEVERITY_ORDER.index(sev) for _, _, _, sev in over), default=None)
        out.append({"text": text[a:b], "findings": [n for _, _, n, _ in over],
                    "ends": [spans[number][2] for number in closing.get(b, ())],
                    "severity": None if worst is None else SEVERITY_ORDER[worst]})
    return out


class Reading(dict):
    """One reading of a feature: its number, canonical form and why it differs; its diagram
    and explanation steps are made once, when the entry is built, then kept packed (marshal,
    zlib; `pack`, or the whole entry is packed: reports.html.packed), unpacked each time they
    are read. So the model holds neither the feature's parse
    (trees, tokens and word parses of every full entry's card: 10,000 cards, ~60 MB) nor
    every card's every diagram and explanation as dicts and lists."""

    __slots__ = ("_packed", "atom")

    def __init__(self, feature, index: int, tree, **fields):
        super().__init__(**fields)
        drawn = diagram(tree)
        self.atom = drawn["t"] == "atom"     # a bare ability: nothing to draw
        self._packed = (drawn, adapters.explain_steps(feature, index))

    def pack(self) -> None:
        """Compress the diagram and steps (build does, unless the whole entry is packed)."""
        if isinstance(self._packed, tuple):
            self._packed = dump_value(self._packed)

    def __missing__(self, key):
        if key in ("diagram", "explain"):
            drawn, steps = self._packed if isinstance(self._packed, tuple) else load_value(self._packed)
            return drawn if key == "diagram" else steps
        raise KeyError(key)


def _pack_readings(features: list[dict]) -> None:
    for f in features:
        for r in f["shown_readings"]:
            r.pack()
        _pack_readings(f["granted"])


def feature_dict(feature) -> dict:
    """A feature for the page: the canon record plus each reading's diagram and explanation."""
    record = feature_record(feature)
    record["kind_ru"] = "абстрактная" if feature.kind == "abstract" else kind_name(feature)[0]
    record["text"] = feature.text
    record["effect_name"] = getattr(feature, "effect_name", None)
    record["while_condition"] = getattr(feature, "while_condition", None)
    reading = feature.reading
    shown = []
    if reading is not None:
        strings = reading_strings(feature)
        trees = [reading.tree] + [alt.tree for alt in reading.alternatives]
        for index, (tree, string) in enumerate(zip(trees, strings)):
            why = ""
            if index:
                alt = reading.alternatives[index - 1]
                why = "; ".join(f"{PAIRS_BY_ID[p].left} ↔ {PAIRS_BY_ID[p].right}"
                                for p in alt.pair_ids if p in PAIRS_BY_ID)
            shown.append(Reading(feature, index, tree, n=index + 1, canonical=string, why=why))
    record["shown_readings"] = shown
    record["granted"] = [feature_dict(g) for g in feature.granted]
    record["has_diagram"] = (any(not r.atom for r in shown)
                             or any(g["has_diagram"] for g in record["granted"]))
    return record


def errata_of(card) -> dict:
    """`[Эррата …]` markers in the text and the card's `errata:` field."""
    field = card.fields.get("errata")
    entries = [field] if isinstance(field, str) else list(field) if isinstance(field, list) else (
        [] if field is None else [field])
    return {"markers": ERRATA_MARK.findall(card.text or ""), "entries": [str(e) for e in entries]}


def rewording_of(text: str, findings: list) -> dict | None:
    """The text with every suggested fix applied: the plain final text and its word diff."""
    edits = adapters.suggested_fixes(findings)
    if not edits:
        return None
    new_text, pieces = apply_edits(text, edits)
    if new_text == text:
        return None
    return {
        "text": new_text,
        "diff": [{"op": op, "text": part, "safe": safe} for op, part, safe in pieces],
        "safe": sum(1 for e in edits if e.safe), "unsafe": sum(1 for e in edits if not e.safe),
    }


def ruling_dicts(labelled) -> list[dict]:
    """(ruling, print label) pairs (reports.rulings_view.card_rulings) as the entry keeps them: every
    key present for the template; `print` is «печать ID» for a ruling not on every print, else ""."""
    return [{"question": r.question, "answer": r.answer, "source": r.source, "date": r.date,
             "rules": list(r.rules), "print": label} for r, label in labelled]


def card_entry(card, findings: list, features: list | None, compact: bool = False, namesakes=()) -> dict:
    """The entry of one card; `compact` leaves out what a card without findings does not need;
    `namesakes`: the cards of its name, whose rulings it shows too (as `card` does)."""
    text = card.text or ""
    numbered = [finding_dict(i, f, text) for i, f in enumerate(findings, start=1)]
    feats = [] if compact else [feature_dict(f) for f in features or ()]

    def ambiguous(items):
        return any(f["ambiguous"] or ambiguous(f["granted"]) for f in items)

    stats = stats_of(card)
    return {
        "id": card.id, "anchor": None, "name": card.name,
        "set": card.set_id, "set_name": card.set_name, "path": card.path, "line": card.line,
        "compact": compact,
        "stats": [s for s in stats if s["key"] != "errata"], "stats_short": short_stats(stats),
        "text": text, "segments": text_segments(text, numbered), "findings": numbered,
        "forms": [one_line(feature_record(f) | {"text": f.text.strip()})
                  for f in features or () if f.kind != "errata"] if compact else [],
        "features": feats, "ambiguous": ambiguous(feats),
        "unread": sum(1 for f in features or () if not f.read_completely),
        "errata": errata_of(card), "rewording": None if compact else rewording_of(text, findings),
        "codes": sorted({f["code"] for f in numbered}),
        "severities": [s for s in SEVERITY_ORDER if any(f["severity"] == s for f in numbered)],
        "change": None, "page": None,
        # the judges' rulings the base holds (cardbase.rulings) on this card and its other prints
        "rulings": ruling_dicts(card_rulings(card, namesakes)),
    }


def shared_reader():
    """A `read_card` that reads each card object once, for the linter and the pages alike.

    `read.release(card)` forgets a card's reading once its entry is built: the
    readings of 10,000 cards held while every entry was made put the peak at 390 MB.
    """
    memo: dict[int, list] = {}

    def read(card):
        key = id(card)
        if key not in memo:
            memo[key] = list(read_card(card))
        return memo[key]

    read.release = lambda card: memo.pop(id(card), None)
    return read


def build(base, result, all_cards: bool = False, changes: list[dict] | None = None,
          page_size: int = 200, sources: list[str] | None = None, reader=read_card, pack: bool = False) -> dict:
    """The whole report model: summary, card entries split into pages, changes.

    `reader` is the one the linter used (see `shared_reader`), so no card is
    read twice. `sources` are the paths given (None: the demo base); the model
    shows no absolute path. `pack`: the entries are kept packed as each is made
    (reports.html.packed), `cards` a sequence that unpacks each entry when read; the
    site reads them one at a time (10,000 cards: ~100 MB less at the peak).
    """
    places = Places(sources)
    by_card: dict[str, list] = defaultdict(list)
    loose = []
    for finding in result.findings:
        (by_card[finding.card] if finding.card else loose).append(finding)
    changed = {c["id"]: c for c in changes or ()}
    anchors = Names((card.id for card in base.cards), reserved=RESERVED_IDS)
    namesakes = ruled_namesakes(base.cards)     # a reprint shows the rulings of every print (issue 35)
    entries, read_features, read_total = [], 0, 0
    cards = PackedCards() if pack else entries
    release = getattr(reader, "release", None)
    for card in base.cards:
        try:
            features = list(reader(card))
        except Exception:  # noqa: BLE001 - a reader crash is already a BJ002 finding
            features = None
        for f in features or ():
            read_total += 1
            read_features += f.read_completely
        errata = errata_of(card)
        findings = by_card.get(card.id, [])
        full = (all_cards or findings or card.id in changed or errata["markers"] or errata["entries"]
                or any(f.reading is not None and f.reading.ambiguous for f in features or ()))
        entry = card_entry(card, findings, features, compact=not full,
                           namesakes=namesakes.get(fold(card.name or ""), ()) if namesakes else ())
        entry["anchor"] = anchors.new(card.id)
        entry["path"] = places.path(card.path)
        if card.id in changed:
            entry["change"] = changed[card.id]["classes"]
        if not pack:
            _pack_readings(entry["features"])
        entries.append(cards.add(entry) if pack else entry)
        if release is not None:
            release(card)   # the entry has what the pages show of the reading
    if pack:
        cards.seal()
    pages = _paginate(entries, page_size)
    if changes is not None:
        page_of = {}
        for e in entries:
            page_of.setdefault(e["id"], (e["page"], e["anchor"]))
        change_anchors = Names((c["id"] for c in changes), reserved=RESERVED_IDS)
        for change in changes:
            change["anchor"] = "change-" + change_anchors.new(change["id"])
            change["page"], change["card_anchor"] = page_of.get(change["id"], (None, None))
        _link_changes(entries, changes)
    return {
        "format": FORMAT_VERSION,
        "sources": places.sources,
        "summary": _summary(base, result, entries, read_features, read_total, changes),
        "file_findings": [finding_dict(i, f) | {"path": places.path(f.path)} for i, f in enumerate(loose, start=1)],
        "pages": pages,
        "cards": cards,
        "changes": changes,
    }


def _link_changes(entries: list[dict], changes: list[dict]) -> None:
    """A changed card's entry names its compare entry and what it was: the old name and the old
    values of its stats (the text's diff stays on changes.html, one link away)."""
    by_id = {c["id"]: c for c in changes if c["status"] != "removed"}
    for entry in entries:
        change = by_id.pop(entry["id"], None)   # the first entry of an id: the one compare links to
        if change is None:
            continue
        renamed = "name" in change["classes"] and change.get("old_name") and change["old_name"] != change.get("name")
        entry["was"] = {"anchor": change["anchor"], "status": change["status"],
                        "old_name": change["old_name"] if renamed else None,
                        "stats": [{"label": s["label"], "old": s["old"], "new": s["new"]} for s in change.get("stats") or ()]}


def _paginate(entries: list[dict], page_size: int) -> list[dict]:
    """One page per set, a long set cut into parts of `page_size` entries; every file name distinct."""
    by_set: dict[str, list[dict]] = {}
    for entry in entries:
        by_set.setdefault(entry["set"], []).append(entry)
    files = Names()
    pages = []
    for set_id, items in by_set.items():
        stem = slug(set_id)
        total_parts = -(-len(items) // page_size)
        for part, first in enumerate(range(0, len(items), page_size), start=1):
            chunk = items[first:first + page_size]
            name = "cards-" + files.new(stem if part == 1 else f"{stem}-{part}") + ".html"
            for entry in chunk:
                entry["page"] = name
            pages.append({"file": name, "set": set_id, "set_name": chunk[0]["set_name"],
                          "part": part, "parts": total_parts,
                          "first": chunk[0]["name"], "count": len(chunk)})
    return pages


def _summary(base, result, entries, read_features, read_total, changes) -> dict:
    findings = result.findings
    by_code = Counter(f.code for f in findings)
    names = {f.code: f.name for f in findings}
    worst = {}
    for f in findings:
        worst[f.code] = max(worst.get(f.code, f.severity), f.severity)
    set_names = {c.set_id: c.set_name for c in base.cards}
    set_cards = Counter(c.set_id for c in base.cards)
    set_of = {c.id: c.set_id for c in base.cards}
    by_set = Counter(set_of.get(f.card, "") for f in findings if f.card)
    with_findings = Counter(set_of.get(card) for card in {f.card for f in findings if f.card})
    return {
        "cards": len(base.cards), "entries": len(entries),
        "full_entries": sum(1 for e in entries if not e["compact"]), "files": result.files,
        "findings": len(findings), "suppressed": result.suppressed,
        "by_severity": {s: sum(1 for f in findings if f.severity.label == s) for s in SEVERITY_ORDER},
        "by_code": [{"code": code, "name": names[code], "title": rule_title(code, names[code]), "count": n,
                     "severity": worst[code].label}
                    for code, n in sorted(by_code.items(), key=lambda kv: (-kv[1], kv[0]))],
        "by_set": [{"set": s, "name": set_names.get(s, s), "cards": set_cards[s],
                    "with_findings": with_findings.get(s, 0), "findings": by_set.get(s, 0)}
                   for s in set_cards],
        "coverage": {"features": read_total, "read": read_features,
                     "percent": round(100.0 * read_features / read_total, 1) if read_total else 100.0},
        "ambiguous": [{"id": e["id"], "name": e["name"], "anchor": e["anchor"], "page": e["page"],
                       "readings": e["ambiguous_readings"] if "ambiguous_readings" in e else
                                   [r["canonical"] for f in e["features"] if f["ambiguous"]
                                    for r in f["shown_readings"]]}
                      for e in entries if e["ambiguous"]],
        "errata": [{"id": e["id"], "name": e["name"], "anchor": e["anchor"], "page": e["page"],
                    "marks": e["errata"]["markers"] + e["errata"]["entries"]}
                   for e in entries if e["errata"]["markers"] or e["errata"]["entries"]],
        "changes": None if changes is None else _change_counts(changes),
    }


def _change_counts(changes: list[dict]) -> dict:
    """How many changes of each status and class; each count is what the class filter finds."""
    counts = dict(Counter(c["status"] for c in changes))
    counts["total"] = len(changes)
    counts["reading_changed"] = sum(1 for c in changes if c["reading_changed"])
    counts["classes"] = {cls: sum(1 for c in changes if cls in c["classes"]) for cls in CLASSES}
    return counts
