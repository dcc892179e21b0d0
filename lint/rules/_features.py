"""Defensive access to parser.features objects (fields may be missing)."""
from __future__ import annotations


def span_of(feature, name: str) -> tuple[int, int] | None:
    value = getattr(feature, name, None)
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return int(value[0]), int(value[1])
    return None


def to_card_span(ctx, feature, start: int, end: int, expect: str | None = None) -> tuple[int, int]:
    """Token or error offsets as Card.text offsets.

    The parser keeps spans in card text; if a span does not hold the expected
    words there, try it as relative to the effect or the feature.
    """
    text = ctx.text
    candidates = [0]
    for name in ("effect_span", "span"):
        base = span_of(feature, name)
        if base:
            candidates.append(base[0])
    for shift in candidates:
        s, e = start + shift, end + shift
        if 0 <= s <= e <= len(text) and (expect is None or text[s:e].strip() == expect.strip()):
            return s, e
    s = max(0, min(start, len(text)))
    return s, max(s, min(end, len(text)))
