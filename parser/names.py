"""Masking the card's own name, inflected forms included (spec section 5).

Names contain "и" and hyphens ("Бон и Берроу", "Гном-поджигатель"); a name
found in the text is one nominal word for the segmenter, never a connective.
"""
from __future__ import annotations

import re
from functools import lru_cache

from parser.morph import lexeme_forms, normalize

_ANYWORD = re.compile(r"\w+", re.UNICODE)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)


def fold(text: str) -> str:
    """Same-length folding: lower case, ё→е, Latin look-alikes → Cyrillic."""
    lowered = "".join(low if len(low := ch.lower()) == 1 else ch for ch in text)
    return _ANYWORD.sub(lambda m: normalize(m.group()) if len(normalize(m.group())) == len(m.group()) else m.group(), lowered)


@lru_cache(maxsize=4096)
def name_pattern(name: str) -> re.Pattern | None:
    """A regex over folded text matching the name in any case form."""
    name = name.strip()
    if not name:
        return None
    parts: list[str] = []
    pos = 0
    for match in _WORD.finditer(name):
        between = name[pos:match.start()]
        if parts or between.strip():
            sep = between.strip()
            if sep == "-":
                parts.append(r"\s*-\s*")
            elif sep:
                parts.append(re.escape(fold(sep)))
            else:
                parts.append(r"\s+")
        forms = sorted(lexeme_forms(match.group()), key=len, reverse=True)
        parts.append("(?:" + "|".join(re.escape(f) for f in forms) + ")")
        pos = match.end()
    if not parts:
        return None
    return re.compile(r"(?<![\w-])" + "".join(parts) + r"(?![\w-])")


def name_spans(text: str, name: str | None, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Spans of the card's name (any inflected form) in text[start:end]."""
    if not name:
        return []
    pattern = name_pattern(name)
    if pattern is None:
        return []
    end = len(text) if end is None else end
    folded = fold(text)
    return [(m.start(), m.end()) for m in pattern.finditer(folded, start, end)]
