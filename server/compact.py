"""Cards as an open document keeps them: the same values, in less memory.

The language server keeps every card of an open document between edits (an
unchanged card is the same object edit after edit, so its findings are
kept too). A loaded card's `field_positions` is a dict of (line, column)
tuples — a dict, a dozen tuples and their line numbers as int objects,
1.6 KB a card, a third of the card — and its field values repeat the same
few words («Степи», `creature`, `common`) as strings of their own. Here the
positions become a read-only mapping over one int array (the key tuple
shared by every card with the same fields), and short string values are
interned. Equal to the dict it replaces (`==` both ways), so a card
compares equal to the loader's own.
"""
from __future__ import annotations

import sys
from array import array
from collections.abc import Mapping

_KEYS: dict[tuple, tuple[tuple, dict[str, int]]] = {}   # a field set → (its keys, key → index)
MAX_KEY_SETS = 4096      # distinct field sets shared; past that a card keeps its dict
SHORT = 64               # string field values up to this long are interned


class Positions(Mapping):
    """`{field: (line, column)}` kept as one array of ints."""

    __slots__ = ("_keys", "_values")

    def __init__(self, keys: tuple[tuple, dict[str, int]], values: array):
        self._keys = keys
        self._values = values

    def __getitem__(self, key: str) -> tuple[int, int]:
        at = 2 * self._keys[1][key]
        return self._values[at], self._values[at + 1]

    def get(self, key, default=None):
        at = self._keys[1].get(key)
        if at is None:
            return default
        return self._values[2 * at], self._values[2 * at + 1]

    def __contains__(self, key) -> bool:
        return key in self._keys[1]

    def __iter__(self):
        return iter(self._keys[0])

    def __len__(self) -> int:
        return len(self._keys[0])

    def __eq__(self, other) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return dict(self.items()) == dict(other.items())

    __hash__ = None   # a mapping, like the dict it stands for

    def __repr__(self) -> str:
        return repr(dict(self.items()))

    def __reduce__(self):
        return dict, (dict(self.items()),)


def positions(mapping) -> Mapping:
    """The compact form of a `field_positions` dict (the dict itself when it
    holds anything but (int, int) pairs that fit an int array)."""
    if isinstance(mapping, Positions) or not mapping:
        return mapping
    keys = tuple(mapping)
    flat = []
    for value in mapping.values():
        if type(value) is not tuple or len(value) != 2 or type(value[0]) is not int or type(value[1]) is not int \
                or not (-2**31 <= value[0] < 2**31 and -2**31 <= value[1] < 2**31):
            return mapping
        flat.extend(value)
    shared = _KEYS.get(keys)
    if shared is None:
        if len(_KEYS) >= MAX_KEY_SETS:
            return mapping
        keys = tuple(sys.intern(key) if type(key) is str else key for key in keys)
        shared = _KEYS[keys] = (keys, {key: number for number, key in enumerate(keys)})
    return Positions(shared, array("i", flat))


def compact(card):
    """The card, its positions compacted and its short string fields interned (in place)."""
    card.field_positions = positions(card.field_positions)
    fields = card.fields
    for key, value in fields.items():
        if type(value) is str and len(value) <= SHORT:
            fields[key] = sys.intern(value)
    return card
