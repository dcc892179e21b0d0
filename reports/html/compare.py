"""Errata between two versions of a card base: every change of a card, and what kind it is.

A card that is new, removed, renamed, or has another stat (any field but its
text and name) is a change; so is any edit of its text, classed as one of:

* «typography» — the texts are equal once quotes, dashes and hyphens, «ё»,
  case, white space and sentence-closing points are evened out, and so are
  the readings (a dash the reader did not need, as BJ202 asks, is typography);
* «meaning» — the structure the rules read changed: a feature's kind, its
  payment, the opener of its condition, whether it has a label or a type,
  its limit («(1 раз за ход)» dropped or changed), the connectives and
  grouping of a reading (its abstract form, 505), or an ability's own words
  (закрыть → открыть, цель → себя); or, as a designer reads it, a number, a
  comparison or a negation changed anywhere in a feature's text
  («на 1» → «на 2», «больше» → «меньше», «может» → «не может»:
  reports.html.meaning_shift);
* «wording» — only what an ability is played with changed: icons, quoted
  effect names, the other words of a condition after its opener, the order of
  an «и» list of single words («степных и тёмных» → «тёмных и степных»).

Words the fix guard (lint.fix_apply.normalize: spaces, punctuation, dashes,
Latin lookalikes) treats as the same are the same here too: a safe fix such
as «Вначале хода» → «В начале хода» never changes a reading, so compare never
calls it «смысл». `reading_changed` says whether any reading differs at all
(typography evened out). `[Эррата …]` marker lines are dates, not rules, and
are ignored.
"""
from __future__ import annotations

import re
from collections import Counter

from berserk_judge.lint.fix_apply import _HOMOGLYPHS, normalize   # the fix guard's own definition of «the same words»
from berserk_judge.parser import read_card, reading_strings
from berserk_judge.reports.canon import feature_record
from berserk_judge.reports.html.diff import word_diff
from berserk_judge.reports.html.meaning_shift import and_lists_evened, shift
from berserk_judge.reports.html.stats import stats_of

CLASSES = ("meaning", "wording", "typography", "stats", "name", "added", "removed")
CLASS_RU = {"meaning": "смысл", "wording": "формулировка", "typography": "только типографика",
            "stats": "характеристики", "name": "название", "added": "новая карта", "removed": "удалена"}
_QUOTES = re.compile(r"[«»„“”\"']")
_DASHES = re.compile(r"\s*[—–‑-]\s*")
_SPACE = re.compile(r"\s+")
_SPACE_BEFORE_MARK = re.compile(r"\s+([,.;:!?)])")
_SENTENCE_END = re.compile(r"[.;](?=\s|$)")
_AFTER_MARK = re.compile(r"([,:;!?])(?=\S)")
_NOT_STATS = {"noqa"}   # lint bookkeeping, not the card
_NUMBER = re.compile(r"\d+")
_ICON = re.compile(r"\{[^{}]*\}")
_QUOTED = re.compile(r'"[^"]*"')


def evened(value: str | None) -> str | None:
    """A string with its typography evened out, for comparing meaning."""
    if value is None:
        return None
    value = value.replace("ё", "е").replace("Ё", "Е")
    value = _QUOTES.sub('"', value)
    value = _AFTER_MARK.sub(r"\1 ", _DASHES.sub(" ", value))
    value = _SPACE_BEFORE_MARK.sub(r"\1", _SPACE.sub(" ", value))
    return _SENTENCE_END.sub("", value).strip(" .;,").casefold()


def words(value: str | None) -> str | None:
    """A part's words as the fix guard compares them, case and «ё» evened too."""
    return normalize(evened(value))


def spelled(value: str | None) -> str | None:
    """A reading as the fix guard compares its words (no spaces, Latin lookalikes as Cyrillic:
    «Вначале» = «В начале», «X» = «Х»), its brackets and commas, the grouping, kept."""
    value = evened(value)
    return None if value is None else value.translate(_HOMOGLYPHS).replace(" ", "")


def skeleton(atom: str) -> str:
    """An ability's own words: numbers (compared by `meaning_shift`), icons and quoted names masked,
    an «и» list of single words in one order (those are «wording»)."""
    return _QUOTED.sub('"…"', _ICON.sub("{}", _NUMBER.sub("#", spelled(and_lists_evened(atom)) or "")))


def meaning(record: dict) -> tuple:
    """What a feature says, as a comparable value (typography evened out)."""
    readings = record["readings"] or ([record["canonical"]] if record["canonical"] else [])
    return (
        record["kind"], words(record["payment"]), words(record["condition"]),
        words(record["label"]), words(record["ability_type"]), words(record.get("limit")),
        tuple(spelled(r) for r in readings),
        None if record["canonical"] is not None else spelled(record.get("text")),
        tuple(meaning(g) for g in record["granted"]),
    )


def structure(feature, record: dict | None = None) -> tuple:
    """How the rules read a feature, without the words it is played with: kind, payment, condition
    opener, label and type, limit, connectives, and each ability's own words (its skeleton)."""
    record = record if record is not None else feature_record(feature)
    condition = (feature.condition or "").split()
    return (
        feature.kind, words(feature.payment), evened(condition[0]) if condition else None,
        bool(feature.label), bool(feature.ability_type), words(record.get("limit")),
        tuple(reading_strings(feature, abstract=True)) if feature.reading is not None else None,
        tuple(skeleton(a) for a in record.get("atoms") or ()),
        tuple(structure(g, r) for g, r in zip(feature.granted, record.get("granted") or ())),
    )


class Reading:
    """What compare needs of one card: the one-line forms, the meaning and the structure of its features."""

    def __init__(self, card, reader=read_card):
        features = [f for f in reader(card) if f.kind != "errata"]
        records = []
        for feature in features:
            record = feature_record(feature)
            record["text"] = feature.text
            records.append(record)
        self.forms = [one_line(r) for r in records]
        self.meaning = tuple(meaning(r) for r in records)
        self.structure = tuple(structure(f, r) for f, r in zip(features, records))
        self.conditions = tuple(words(f.condition) for f in features)
        self.text = "\n".join(f.text or "" for f in features)    # the features' words, no [Эррата …] line


def card_meaning(card) -> tuple[list[str], tuple]:
    """The canonical forms of a card's features and its comparable meaning."""
    reading = Reading(card)
    return reading.forms, reading.meaning


def one_line(record: dict) -> str:
    """A feature as one line: keyword label, payment, condition, then the canonical form (or the
    raw text), with a static feature's «пока …» where the text has it: none of them is in the
    canonical form, and «Строй: +1 к …» without its label is another feature."""
    if record["canonical"] is None:
        return record["text"]
    head = f"{record['label']}: " if record.get("label") else ""
    head += f"{record['payment']}: " if record["payment"] else ""
    head += f"{record['condition']} — " if record["condition"] else ""
    line = head + record["canonical"]
    during = record.get("while")
    if during:
        line = f"{during}, {line}" if during[:1].isupper() else f"{line}, {during}"
    return line


def text_class(old_text: str, new_text: str, before: Reading, after: Reading) -> str | None:
    """«typography», «wording» or «meaning» for an edited text; None when the text is the same."""
    if old_text == new_text:
        return None
    if before.meaning == after.meaning and words(old_text) == words(new_text):
        return "typography"
    if len(before.structure) != len(after.structure) or shift(before.text, after.text):
        return "meaning"
    # a condition whose words the fix guard reads the same («Вначале хода» → «В начале хода») has
    # kept its opener, however its words are split
    for old, new, cond_old, cond_new in zip(before.structure, after.structure,
                                             before.conditions, after.conditions):
        if cond_old == cond_new:
            old, new = old[:2] + old[3:], new[:2] + new[3:]
        if old != new:
            return "meaning"
    return "wording"


def stat_changes(before, after) -> list[dict]:
    """Each stat that differs: its Russian label, old and new value (as shown on the card)."""
    old = {s["key"]: s for s in stats_of(before, keep_empty=True)}
    new = {s["key"]: s for s in stats_of(after, keep_empty=True)}
    keys = [k for k in dict.fromkeys([*old, *new])
            if k not in _NOT_STATS and before.fields.get(k) != after.fields.get(k)]
    return [{"key": k, "label": (new.get(k) or old.get(k))["label"],
             "old": old[k]["value"] if k in old else "—", "new": new[k]["value"] if k in new else "—"}
            for k in keys]


def finding_delta(old: list, new: list) -> tuple[list[dict], list[dict]]:
    """Findings the change introduced and those it fixed (by code and message); a finding of the
    same code whose message alone changed is neither: it is listed once, `changed`, with the old
    message in `was`."""
    def key(f):
        return (f.code, f.severity.label, f.message)

    before, after = Counter(map(key, old)), Counter(map(key, new))
    introduced = [{"code": c, "severity": s, "message": m} for (c, s, m) in (after - before).elements()]
    fixed = [{"code": c, "severity": s, "message": m} for (c, s, m) in (before - after).elements()]
    # the same code at the same place whose message alone changed («в тексте 2 пробела» → «3 пробела»)
    # is one finding still there, not one fixed and one new: paired by code, in text order
    kept_fixed = []
    for gone in fixed:
        twin = next((i for i, came in enumerate(introduced) if came["code"] == gone["code"]), None)
        if twin is None:
            kept_fixed.append(gone)
        else:
            came = introduced.pop(twin)
            came["was"] = gone["message"]
            came["changed"] = True
            introduced.append(came)
    return introduced, kept_fixed


def compare(old_base, new_base, old_findings: dict | None = None, new_findings: dict | None = None,
            old_reader=read_card, new_reader=read_card) -> list[dict]:
    """Every changed, added or removed card, in the new base's order, removed last.

    `*_findings` map a card id to its findings in that version (for the
    findings a change introduced or fixed); the readers are those the linter
    used, so no card is read twice.
    """
    old = {}
    for card in old_base.cards:
        old.setdefault(card.id, card)
    new_ids = {card.id for card in new_base.cards}
    old_findings, new_findings = old_findings or {}, new_findings or {}
    out = []
    for card in new_base.cards:
        before = old.get(card.id)
        if before is not None and _same(before, card):
            continue
        introduced, fixed = finding_delta(old_findings.get(card.id, []), new_findings.get(card.id, []))
        if before is None:
            after = Reading(card, new_reader)
            out.append(_change(card, None, ["added"], True, [], after.forms, introduced, fixed))
            continue
        was, now = Reading(before, old_reader), Reading(card, new_reader)
        classes = [c for c in (text_class(before.text or "", card.text or "", was, now),) if c]
        classes += ["stats"] if stat_changes(before, card) else []
        classes += ["name"] if before.name != card.name else []
        out.append(_change(card, before, classes, was.meaning != now.meaning, was.forms, now.forms,
                           introduced, fixed))
    for card in old_base.cards:
        if card.id not in new_ids and old.get(card.id) is card:
            forms = Reading(card, old_reader).forms
            introduced, fixed = finding_delta(old_findings.get(card.id, []), [])
            out.append(_change(card, card, ["removed"], True, forms, [], introduced, fixed, removed=True))
    return out


def _same(before, after) -> bool:
    return (before.name == after.name and (before.text or "") == (after.text or "")
            and not stat_changes(before, after))


def _change(card, before, classes, reading_changed, old_forms, new_forms, introduced, fixed,
            removed: bool = False) -> dict:
    old_text = "" if before is None else before.text or ""
    new_text = "" if removed else card.text or ""
    status = "added" if before is None else "removed" if removed else "changed"
    return {
        "id": card.id, "name": card.name, "old_name": None if before is None else before.name,
        "set": card.set_id, "set_name": card.set_name,
        "status": status, "classes": classes, "old_text": old_text, "new_text": new_text,
        "reading_changed": reading_changed, "old": old_forms, "new": new_forms,
        "stats": [] if before is None or removed else stat_changes(before, card),
        "introduced": introduced, "fixed": fixed,
        "diff": [{"op": op, "text": part} for op, part in word_diff(old_text, new_text)],
    }
