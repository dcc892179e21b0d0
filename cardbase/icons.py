"""Icon placeholders (`{tap}`, `{counter}`, ...) a card text may contain.

The names come from the corpus README: the identified icons and the ones seen
in real cards but not identified yet. A reader accepts both; the loader
reports any other name so a typo such as `{tpa}` is caught where it is written.
"""
from __future__ import annotations

import re

IDENTIFIED_ICONS: frozenset[str] = frozenset({
    "tap", "counter", "instant", "first", "second", "strike", "uchr", "direct",
    "move", "health", "armor", "regen", "stamina", "ova", "ovz", "ovs", "zoal",
    "zoo", "zot", "zov", "zor", "zoz", "zom", "elite", "ordinary", "token",
})

# Seen in real cards, meaning unknown ({zozl} is probably a typo of {zoz}).
UNIDENTIFIED_ICONS: frozenset[str] = frozenset({
    "wolf", "human", "tok", "atk", "attack", "zozl",
})

KNOWN_ICONS: frozenset[str] = IDENTIFIED_ICONS | UNIDENTIFIED_ICONS

# Anything in braces on one line counts as a placeholder, so `{ tap }` and
# `{Tap}` are reported as unknown rather than silently read as words.
_ICON_RE = re.compile(r"\{([^{}\n]*)\}")


def find_icons(text: str) -> list[tuple[str, int, int]]:
    """Every `{name}` in `text` as (name, start, end) character offsets, in order."""
    return [(m.group(1), m.start(), m.end()) for m in _ICON_RE.finditer(text)]
