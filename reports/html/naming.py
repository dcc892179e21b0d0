"""Distinct, safe names for the report's pages and anchors.

Set ids and card ids are free text: `a/b`, `a b` and `a_b` all make the slug
`a_b`. Each id gets its own name — the first keeps the slug, the others get
`-2`, `-3`, … (as `import` names set files) — and a slug is cut to a length
every file system takes, with a short hash of the whole id so long ids stay
apart.
"""
from __future__ import annotations

import hashlib
import re

_UNSAFE = re.compile(r"[^\w\-.]")
_MAX = 80   # characters of a slug: `cards-<slug>-<part>.html` stays far below 255 bytes


def slug(text: str) -> str:
    """`text` with everything but letters, digits, `_`, `-` and `.` replaced by `_`, never empty."""
    safe = _UNSAFE.sub("_", text).strip(".") or "_"
    if len(safe) > _MAX or len(safe.encode("utf-8")) > 2 * _MAX:
        digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:10]
        safe = safe[:40] + "-" + digest
    return safe


class Names:
    """Hands out distinct names: one per call of `new`, compared case-insensitively.

    A key whose slug is the key itself (`s1_58`) keeps it for its first use,
    even when another key slugging alike (`s1 58`) comes first; the rest get
    `-2`, `-3`, … . Names in `reserved` are never handed out.
    """

    def __init__(self, keys=(), reserved=()):
        self._taken = {name.casefold() for name in reserved}
        self._kept: dict[str, str] = {}   # folded safe key -> key, until its first use
        for key in keys:
            folded = key.casefold()
            if slug(key) == key and folded not in self._taken:
                self._kept.setdefault(folded, key)

    def new(self, key: str) -> str:
        folded = key.casefold()
        if self._kept.get(folded) == key:
            del self._kept[folded]
            self._taken.add(folded)
            return key
        stem = slug(key)
        name, number = stem, 1
        while name.casefold() in self._taken or name.casefold() in self._kept:
            number += 1
            name = f"{stem}-{number}"
        self._taken.add(name.casefold())
        return name
