"""A card's other prints: the cards of the report with the same name (another set or id), so
10058 and s1_58 link to each other. Names are compared as `card` folds them (case, «ё», hyphens and
punctuation: cardbase.lookup.fold), so the links name the prints whose rulings the entry shows."""
from __future__ import annotations

from berserk_judge.cardbase.lookup import fold


def other_prints(cards: list[dict]) -> dict[str, list[dict]]:
    """«page#anchor» of an entry → the other entries of its name, in the report's order;
    only names printed more than once are listed (most cards have no other print)."""
    by_name: dict[str, list[dict]] = {}
    for entry in cards:   # only what a link shows is kept: `cards` may unpack each entry afresh
        key = fold(entry["name"] or "")
        if key:
            by_name.setdefault(key, []).append({"page": entry["page"], "anchor": entry["anchor"], "id": entry["id"],
                                                "set": entry.get("set_name") or entry["set"]})
    out = {}
    for group in by_name.values():
        if len(group) < 2:
            continue
        for entry in group:
            out[f"{entry['page']}#{entry['anchor']}"] = [o for o in group if o is not entry]
    return out
