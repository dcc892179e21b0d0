"""What each key of a card base file may hold, and the Russian words for it.

Kept apart from the loader so the list of fields is one table a card editor
can read, and the import writes the same keys the loader accepts.
"""
from __future__ import annotations

import re
from typing import Any, Callable

# every card type of the game: equipment (экипировка: оружие, щиты, доспехи) included
CARD_TYPES = ("creature", "flyer", "companion", "parasite", "artifact", "terrain", "equipment")
# the types in the user's words: `card`, the report and `t:` searches share this one table
TYPE_NAMES = {"creature": "существо", "flyer": "летающее существо", "companion": "спутник",
              "parasite": "паразит", "artifact": "артефакт", "terrain": "местность", "equipment": "экипировка"}
_CODE_RE = re.compile(r"^[A-Z]{2}\d{3}$")


# bits of the largest integer a field takes: str() of a longer one is refused by
# Python (the 4,300-digit limit) wherever it is printed — `card`, `report`, JSON
_INT_BITS = 13_000   # about 3,900 decimal digits


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value.bit_length() <= _INT_BITS


def _optional(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda value: value is None or check(value)


def _str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


# key -> (check, what was expected, in Russian)
CARD_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "id": (lambda v: isinstance(v, str) and v.strip() != "", "непустая строка, например id: s1_58"),
    "name": (lambda v: isinstance(v, str) and v.strip() != "", "непустая строка — название карты"),
    "text": (lambda v: isinstance(v, str), "строка (для карты без текста — text: '')"),
    "number": (_optional(_is_int), "целое число"),
    "element": (_optional(lambda v: isinstance(v, str)), "строка, например element: Горы"),
    "cost": (_optional(_is_int), "целое число"),
    "elite": (_optional(lambda v: isinstance(v, bool)), "true или false"),
    "unique": (_optional(lambda v: isinstance(v, bool)), "true или false"),
    "type": (_optional(lambda v: v in CARD_TYPES), "одно из: " + ", ".join(CARD_TYPES)),
    "class": (_optional(_str_list), "список строк, например class: [Орк]"),
    "rarity": (_optional(lambda v: isinstance(v, str)), "строка, например rarity: rare"),
    "health": (_optional(_is_int), "целое число"),
    "move": (_optional(_is_int), "целое число"),
    "strike": (
        _optional(lambda v: isinstance(v, list) and len(v) == 3 and all(_is_int(x) for x in v)),
        "список из трёх целых чисел [слабый, средний, сильный]",
    ),
    "errata": (
        _optional(lambda v: isinstance(v, str) or _str_list(v)),
        "строка или список строк, например errata: '2024.01.15'",
    ),
    "noqa": (
        lambda v: _str_list(v) and all(_CODE_RE.match(code) for code in v),
        "список кодов правил, например noqa: [BJ101]",
    ),
    # judges' rulings: a list of {question, answer, source, date, rules, id}; each entry is
    # checked by cardbase.rulings (RULING_KEYS), which the loader calls for this key
    "rulings": (
        _optional(lambda v: isinstance(v, list)),
        "список решений судей «- question: … answer: …»",
    ),
}

REQUIRED = ("id", "name", "text")
# The order the import writes keys in: text last, so long texts close a card.
WRITE_ORDER = (
    "id", "name", "number", "element", "cost", "elite", "unique", "type",
    "class", "rarity", "health", "move", "strike", "errata", "noqa", "text",
)
# `rulings` is not among them: a corpus line's rulings are not card fields of the corpus format;
# `import --rulings` splices them in (cardbase.rulings_import), before `text:`
SET_FIELDS = ("id", "name")
TOP_FIELDS = ("set", "cards")


def describe(value: Any) -> str:
    """A short Russian description of a value's kind, for messages."""
    if value is None:
        return "пусто"
    if isinstance(value, bool):
        return f"логическое {str(value).lower()}"
    if _is_int(value):
        return f"число {value}"
    if isinstance(value, int) and not isinstance(value, bool):
        return "число длиннее 3900 цифр"
    if isinstance(value, float):
        return f"дробное число {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 30 else value[:29] + "…"
        return f"строка «{shown}»"
    if isinstance(value, list):
        return f"список из {len(value)} элементов"
    if isinstance(value, dict):
        return "отображение"
    return type(value).__name__
