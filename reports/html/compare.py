"""Errata between two versions of a card base: what changed and whether the reading did.

A change is typographic when every feature keeps its kind, payment, condition
and trees (default and alternative readings) once quotes, dashes, «ё», case,
white space and closing punctuation are evened out; otherwise the reading
changed. `[Эррата …]` marker lines are dates, not rules, and are ignored.
"""
from __future__ import annotations

import re

from parser import read_card
from reports.canon import feature_record
from reports.html.diff import word_diff

_QUOTES = re.compile(r"[«»„“”\"']")
_DASHES = re.compile(r"\s*[—–‑-]\s*")
_SPACE = re.compile(r"\s+")
_SPACE_BEFORE_MARK = re.compile(r"\s+([,.;:!?)])")


def evened(value: str | None) -> str | None:
    """A string with its typography evened out, for comparing meaning."""
    if value is None:
        return None
    value = value.replace("ё", "е").replace("Ё", "Е")
    value = _QUOTES.sub('"', value)
    value = _DASHES.sub(" - ", value)
    value = _SPACE_BEFORE_MARK.sub(r"\1", _SPACE.sub(" ", value))
    return value.strip(" .;,").casefold()


def meaning(record: dict) -> tuple:
    """What a feature means, as a comparable value (typography evened out)."""
    readings = record["readings"] or ([record["canonical"]] if record["canonical"] else [])
    return (
        record["kind"], evened(record["payment"]), evened(record["condition"]),
        evened(record["label"]), evened(record["ability_type"]),
        tuple(evened(r) for r in readings),
        None if record["canonical"] is not None else evened(record.get("text")),
        tuple(meaning(g) for g in record["granted"]),
    )


def card_meaning(card) -> tuple[list[str], tuple]:
    """The canonical forms of a card's features and its comparable meaning."""
    records = []
    for feature in read_card(card):
        if feature.kind == "errata":
            continue
        record = feature_record(feature)
        record["text"] = feature.text
        records.append(record)
    shown = [_form(r) for r in records]
    return shown, tuple(meaning(r) for r in records)


def _form(record: dict) -> str:
    """A feature as one line: payment, condition, then the canonical form (or the raw text)."""
    if record["canonical"] is None:
        return record["text"]
    head = f"{record['payment']}: " if record["payment"] else ""
    head += f"{record['condition']} — " if record["condition"] else ""
    return head + record["canonical"]


def compare(old_base, new_base) -> list[dict]:
    """Every card whose text changed, added or removed, in the new base's order, removed last."""
    old = {card.id: card for card in old_base.cards}
    new_ids = {card.id for card in new_base.cards}
    out = []
    for card in new_base.cards:
        before = old.get(card.id)
        if before is not None and (before.text or "") == (card.text or ""):
            continue
        new_forms, new_meaning = card_meaning(card)
        if before is None:
            out.append(_change(card, "added", "", card.text or "", True, [], new_forms))
            continue
        old_forms, old_meaning = card_meaning(before)
        out.append(_change(card, "changed", before.text or "", card.text or "",
                           old_meaning != new_meaning, old_forms, new_forms))
    for card in old_base.cards:
        if card.id not in new_ids:
            forms, _ = card_meaning(card)
            out.append(_change(card, "removed", card.text or "", "", True, forms, []))
    return out


def _change(card, status, old_text, new_text, reading_changed, old_forms, new_forms) -> dict:
    return {
        "id": card.id, "name": card.name, "set": card.set_id, "set_name": card.set_name,
        "status": status, "old_text": old_text, "new_text": new_text,
        "reading_changed": reading_changed, "old": old_forms, "new": new_forms,
        "diff": [{"op": op, "text": part} for op, part in word_diff(old_text, new_text)],
    }
