"""A feature's words read once per process, its other occurrences moved into place.

A base repeats its features: «Рывок.», «Прыжок, дальность 3.», «{second}: Начинает бой
с {counter}.» stand on hundreds of cards, and on 10,000 cards 43 % of the features are
words read before (kept, they save 4.5 % of a cold lint's instructions there; nothing on
2,000 cards: docs/performance.md). A feature's reading depends on its
own words alone (every span the reader looks at lies inside the feature) and on the
card's name only where a form of the name stands in those words; so the first reading
is kept, and a later occurrence gets a copy with every offset moved by the distance
between the two places and every line number by the distance between the two lines.

The copy is deep and fresh: a caller may change its features (the fixer, `explain`),
and no two callers ever share one. tests/test_feature_memo.py reads every feature of
the corpus and of its restyling both ways and compares every field, spans included.
"""
from __future__ import annotations

import threading
from typing import Any, Callable

from berserk_judge.parser.engine.reading import Alternative, Reading, ReadingError
from berserk_judge.parser.engine.tokens import Token
from berserk_judge.parser.engine.tree import Atom, Condition, Node

_LIMIT = 4096    # kept readings, the least recently met dropped first: about 20 MB (a language server lives for hours)
_MEMO: dict[tuple, tuple[Any, int, int]] = {}
_LOCK = threading.Lock()

# the fields of a Feature that are an offset pair, an offset, or a list of pairs
_SPANS = ("span", "payment_span", "condition_span", "label_span", "ability_type_span", "effect_name_span",
          "ability_range_span", "effect_span", "while_span")
_OFFSETS = ("payment_missing_colon", "label_missing_colon")
# the lists of a Feature whose members are tuples or frozen nodes (a copy of the list is enough)
_LISTS = ("tokens", "unread", "separators", "granted_spans", "headings")


def read_once(read: Callable[..., Any], text: str, span: tuple[int, int], line: int, name_key: str | None):
    """`read(text, span, line)` or a moved copy of the reading of the same words met before.

    `name_key`: the card's name when a form of it stands in the feature, else None (the
    name then changes nothing)."""
    start, end = span
    key = (text[start:end], name_key)
    with _LOCK:                                # the language server reads on two threads
        kept = _MEMO.pop(key, None)
        if kept is not None:
            _MEMO[key] = kept                  # now the most recently met
    if kept is None:
        feature = read(text, span, line)
        with _LOCK:
            if len(_MEMO) >= _LIMIT:
                del _MEMO[next(iter(_MEMO))]   # the least recently met (a dict keeps its order)
            _MEMO[key] = (feature, start, line)
        return moved(feature, 0, 0)
    feature, kept_start, kept_line = kept
    return moved(feature, start - kept_start, line - kept_line)


def clear() -> None:
    """Forget every kept reading (tests that change the reader's tables)."""
    with _LOCK:
        _MEMO.clear()


def _copy(obj):
    """A shallow copy of a dataclass instance (frozen too) without copy.copy's reduce protocol:
    a moved feature makes dozens of them."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def _pair(span, d: int):
    return None if span is None else (span[0] + d, span[1] + d)


def moved(feature, d: int, dl: int):
    """A deep copy of `feature` with every offset plus `d` and every line plus `dl` (tuples and
    frozen nodes are shared where nothing in them moves: they cannot be changed)."""
    new = _copy(feature)
    attrs = new.__dict__
    attrs["line"] = feature.line + dl
    attrs["annotations"] = [_copy(a) for a in feature.annotations]
    attrs["granted"] = [moved(g, d, dl) for g in feature.granted]
    if feature.reading is not None:
        attrs["reading"] = _reading(feature.reading, d)
    if feature.error is not None:
        attrs["error"] = _error(feature.error, d)
    if not d:
        for field_name in _LISTS:
            attrs[field_name] = list(attrs[field_name])
        return new
    for field_name in _SPANS:
        value = attrs[field_name]
        if value is not None:
            attrs[field_name] = (value[0] + d, value[1] + d)
    for field_name in _OFFSETS:
        value = attrs[field_name]
        if value is not None:
            attrs[field_name] = value + d
    if new.misspelt_opener is not None:
        s, e, word = new.misspelt_opener
        new.misspelt_opener = (s + d, e + d, word)
    for annotation in new.annotations:
        annotation.span = _pair(annotation.span, d)
    new.tokens = [_token(t, d) for t in feature.tokens]
    new.unread = [_pair(s, d) for s in feature.unread]
    new.separators = [(_pair(s, d), mark) for s, mark in feature.separators]
    new.granted_spans = [_pair(s, d) for s in feature.granted_spans]
    new.headings = [_heading(h, d) for h in feature.headings]
    return new


def _token(token: Token, d: int) -> Token:
    new = _copy(token)
    object.__setattr__(new, "start", token.start + d)
    object.__setattr__(new, "end", token.end + d)
    return new


def _heading(heading, d: int):
    new = _copy(heading)
    object.__setattr__(new, "span", _pair(heading.span, d))
    return new


def _error(error: ReadingError, d: int) -> ReadingError:
    # built anew: an exception's copy.copy calls __init__ with its args, which lack the span
    new = type(error)(error.message, error.start + d, error.end + d)
    new.__dict__.update({k: v for k, v in vars(error).items() if k not in ("start", "end")})
    return new


def _reading(reading: Reading, d: int) -> Reading:
    new = _copy(reading)
    if d:
        new.tree = _tree(reading.tree, d)
    new.alternatives = [_alternative(a, d) for a in reading.alternatives]
    return new


def _alternative(alternative: Alternative, d: int) -> Alternative:
    new = _copy(alternative)
    if d:
        new.tree = _tree(alternative.tree, d)
    return new


def _tree(node: Node, d: int) -> Node:
    """The tree with its atoms' and conditions' spans moved: every node is copied, since every
    subtree holds an atom and so a span that moves."""
    new = _copy(node)
    attrs = new.__dict__
    if isinstance(node, (Atom, Condition)):
        attrs["span"] = (node.span[0] + d, node.span[1] + d)
    for field_name in ("items", "left", "right", "body", "orelse"):
        value = attrs.get(field_name)
        if value is None:
            continue
        attrs[field_name] = tuple(_tree(item, d) for item in value) if isinstance(value, tuple) else _tree(value, d)
    return new
