"""A card's stats as the report shows them: cost, element, health, move, strike and the rest, in Russian."""
from __future__ import annotations

from berserk_judge.cardbase.schema import TYPE_NAMES as TYPES

# field -> Russian label, in the order a judge reads a card
LABELS = {
    "cost": "стоимость", "element": "стихия", "type": "вид карты", "class": "класс",
    "health": "жизни", "move": "движение", "strike": "удар", "elite": "кристалл",
    "unique": "уникальная", "rarity": "редкость", "number": "номер", "errata": "эррата",
}
RARITIES = {"common": "обычная", "uncommon": "необычная", "rare": "редкая", "ultrarare": "сверхредкая"}
_SHORT = ("cost", "element", "health", "move", "strike")


def shown(key: str, value) -> str:
    """One stat value in Russian words: «2–3–4», «золотой (элитная)», «существо»."""
    if key == "type":
        return TYPES.get(value, str(value))
    if key == "rarity":
        return RARITIES.get(value, str(value))
    if key == "elite" and isinstance(value, bool):
        return "золотой (элитная)" if value else "серебряный (рядовая)"
    if isinstance(value, bool):
        return "да" if value else "нет"
    if isinstance(value, list):
        if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return "–".join(str(v) for v in value)
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    return str(value)


def stats_of(card, keep_empty: bool = False) -> list[dict]:
    """The card's stats, known fields first in reading order, then any other field of the card.

    Each is `{"key", "label", "value"}`; `noqa` is lint bookkeeping and never shown.
    """
    keys = [k for k in LABELS if k in card.fields] + sorted(
        k for k in card.fields if k not in LABELS and k != "noqa")
    out = []
    for key in keys:
        value = card.fields[key]
        if not keep_empty and value in (None, [], "", {}):
            continue
        out.append({"key": key, "label": LABELS.get(key, key), "value": "—" if value is None else shown(key, value)})
    return out


def short_stats(stats: list[dict]) -> str:
    """The stats a search result shows: «5 · Горы · ♥9 · ⇢1 · ⚔2–3–4»."""
    marks = {"cost": "", "element": "", "health": "♥", "move": "⇢", "strike": "⚔"}
    by_key = {s["key"]: s["value"] for s in stats}
    return " · ".join(marks[k] + by_key[k] for k in _SHORT if k in by_key)
