"""The page model of the report: plain dicts built from a card base and its findings.

Everything the pages show comes from here and is written as report.json, so
a test (or another tool) can check the content without parsing HTML.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import Any

from parser import PAIRS_BY_ID, read_card
from reports.canon import feature_record, reading_strings
from reports.html import adapters
from reports.html.diagram import diagram
from reports.html.diff import apply_edits

FORMAT_VERSION = 1
ERRATA_MARK = re.compile(r"\[\s*Эррата[^\]]*\]")
SEVERITY_ORDER = ("error", "warning", "info")
SEVERITY_RU = {"error": "ошибка", "warning": "предупреждение", "info": "сведение"}
KIND_RU = {
    "static": "постоянная", "keyword": "ключевое слово", "playable": "разыгрываемая",
    "conditional": "разыгрываемая с условием", "triggered": "срабатывающая",
    "errata": "отметка эрраты", "unknown": "не прочитана", "abstract": "абстрактная",
}


def anchor(card_id: str) -> str:
    """The stable anchor of a card: its id, with anything unsafe in a URL fragment replaced."""
    return re.sub(r"[^\w\-.]", "_", card_id)


def page_file(set_id: str, part: int) -> str:
    slug = re.sub(r"[^\w\-]", "_", set_id) or "_"
    return f"cards-{slug}.html" if part == 1 else f"cards-{slug}-{part}.html"


def finding_dict(number: int, finding, text: str = "") -> dict:
    spanned = None
    if finding.start is not None and finding.end is not None and text:
        spanned = text[finding.start:finding.end]
    return {
        "n": number, "code": finding.code, "name": finding.name, "severity": finding.severity.label,
        "severity_ru": SEVERITY_RU[finding.severity.label], "message": finding.message,
        "line": finding.line, "column": finding.column, "start": finding.start, "end": finding.end,
        "rules": list(finding.rules), "suggestion": finding.suggestion, "spanned": spanned,
        "readings": list(finding.readings),
    }


def text_segments(text: str, findings: list[dict]) -> list[dict]:
    """The text cut where findings start and end; each piece lists the findings over it.

    A finding of zero width covers the character after it (or before it at
    the end of the text), so it can still be underlined.
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
    out = []
    for a, b in zip(cuts, cuts[1:]):
        over = [(n, sev) for s, e, n, sev in spans if s <= a and b <= e]
        worst = min((SEVERITY_ORDER.index(sev) for _, sev in over), default=None)
        out.append({"text": text[a:b], "findings": [n for n, _ in over],
                    "ends": [n for s, e, n, _ in spans if e == b],
                    "severity": None if worst is None else SEVERITY_ORDER[worst]})
    return out


def feature_dict(feature) -> dict:
    """A feature for the page: the canon record plus each reading's diagram and explanation."""
    record = feature_record(feature)
    record["kind_ru"] = KIND_RU.get(feature.kind, feature.kind)
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
            shown.append({"n": index + 1, "canonical": string, "why": why, "diagram": diagram(tree),
                          "explain": adapters.explain_steps(feature, index)})
    record["shown_readings"] = shown
    record["granted"] = [feature_dict(g) for g in feature.granted]
    return record


def errata_of(card) -> dict:
    """`[Эррата …]` markers in the text and the card's `errata:` field."""
    field = card.fields.get("errata")
    entries = [field] if isinstance(field, str) else list(field or [])
    return {"markers": ERRATA_MARK.findall(card.text or ""), "entries": [str(e) for e in entries]}


def card_entry(card, findings: list, features: list | None) -> dict:
    text = card.text or ""
    numbered = [finding_dict(i, f, text) for i, f in enumerate(findings, start=1)]
    feats = [feature_dict(f) for f in features or ()]
    rewording = None
    edits = adapters.suggested_fixes(findings)
    if edits:
        new_text, pieces = apply_edits(text, edits)
        if new_text != text:
            rewording = {
                "text": new_text,
                "diff": [{"op": op, "text": part, "safe": safe} for op, part, safe in pieces],
                "safe": sum(1 for e in edits if e.safe), "unsafe": sum(1 for e in edits if not e.safe),
            }

    def ambiguous(items):
        return any(f["ambiguous"] or ambiguous(f["granted"]) for f in items)

    return {
        "id": card.id, "anchor": anchor(card.id), "name": card.name,
        "set": card.set_id, "set_name": card.set_name, "path": card.path, "line": card.line,
        "text": text, "segments": text_segments(text, numbered), "findings": numbered,
        "features": feats, "ambiguous": ambiguous(feats),
        "unread": sum(1 for f in features or () if not f.read_completely),
        "errata": errata_of(card), "rewording": rewording,
        "codes": sorted({f["code"] for f in numbered}),
        "severities": [s for s in SEVERITY_ORDER if any(f["severity"] == s for f in numbered)],
        "change": None, "page": None,
    }


def shared_reader():
    """A `read_card` that reads each card object once, for the linter and the pages alike."""
    memo: dict[int, list] = {}

    def read(card):
        key = id(card)
        if key not in memo:
            memo[key] = list(read_card(card))
        return memo[key]

    return read


def build(base, result, all_cards: bool = False, changes: list[dict] | None = None,
          page_size: int = 200, sources: list[str] | None = None, reader=read_card) -> dict:
    """The whole report model: summary, card entries split into pages, changes.

    `reader` is the one the linter used (see `shared_reader`), so no card is read twice."""
    by_card: dict[str, list] = defaultdict(list)
    loose = []
    for finding in result.findings:
        (by_card[finding.card] if finding.card else loose).append(finding)
    changed = {c["id"]: c for c in changes or ()}
    entries, read_features, read_total = [], 0, 0
    for card in base.cards:
        try:
            features = list(reader(card))
        except Exception:  # noqa: BLE001 - a reader crash is already a BJ002 finding
            features = None
        for f in features or ():
            read_total += 1
            read_features += f.read_completely
        errata = errata_of(card)
        if not (all_cards or card.id in by_card or card.id in changed
                or errata["markers"] or errata["entries"]):
            continue
        entry = card_entry(card, by_card.get(card.id, []), features)
        if card.id in changed:
            entry["change"] = "reading" if changed[card.id]["reading_changed"] else changed[card.id]["status"]
        entries.append(entry)
    pages = _paginate(entries, page_size)
    if changes is not None:
        for change in changes:
            change["anchor"] = anchor(change["id"])
            change["page"] = next((e["page"] for e in entries if e["id"] == change["id"]), None)
    return {
        "format": FORMAT_VERSION,
        "sources": list(sources or base.paths),
        "summary": _summary(base, result, entries, read_features, read_total, changes),
        "file_findings": [finding_dict(i, f) | {"path": f.path} for i, f in enumerate(loose, start=1)],
        "pages": pages,
        "cards": entries,
        "changes": changes,
    }


def _paginate(entries: list[dict], page_size: int) -> list[dict]:
    """One page per set, a long set cut into parts of `page_size` entries."""
    by_set: dict[str, list[dict]] = {}
    for entry in entries:
        by_set.setdefault(entry["set"], []).append(entry)
    pages = []
    for set_id, items in by_set.items():
        for part, first in enumerate(range(0, len(items), page_size), start=1):
            chunk = items[first:first + page_size]
            name = page_file(set_id, part)
            for entry in chunk:
                entry["page"] = name
            total_parts = -(-len(items) // page_size)
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
        "cards": len(base.cards), "entries": len(entries), "files": result.files,
        "findings": len(findings), "suppressed": result.suppressed,
        "by_severity": {s: sum(1 for f in findings if f.severity.label == s) for s in SEVERITY_ORDER},
        "by_code": [{"code": code, "name": names[code], "count": n, "severity": worst[code].label}
                    for code, n in sorted(by_code.items(), key=lambda kv: (-kv[1], kv[0]))],
        "by_set": [{"set": s, "name": set_names.get(s, s), "cards": set_cards[s],
                    "with_findings": with_findings.get(s, 0), "findings": by_set.get(s, 0)}
                   for s in set_cards],
        "coverage": {"features": read_total, "read": read_features,
                     "percent": round(100.0 * read_features / read_total, 1) if read_total else 100.0},
        "ambiguous": [{"id": e["id"], "name": e["name"], "anchor": e["anchor"], "page": e["page"],
                       "readings": [r["canonical"] for f in e["features"] if f["ambiguous"]
                                    for r in f["shown_readings"]]}
                      for e in entries if e["ambiguous"]],
        "errata": [{"id": e["id"], "name": e["name"], "anchor": e["anchor"], "page": e["page"],
                    "marks": e["errata"]["markers"] + e["errata"]["entries"]}
                   for e in entries if e["errata"]["markers"] or e["errata"]["entries"]],
        "changes": None if changes is None else dict(Counter(c["status"] for c in changes)) | {
            "reading_changed": sum(1 for c in changes if c["reading_changed"])},
    }
