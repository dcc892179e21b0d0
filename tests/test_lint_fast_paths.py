"""The lint rules' shortcuts give exactly what the full work gives.

Issue 19 (round two) made the per-card rules cheaper: masks shared by the
rules of one card, whole-text prechecks before the per-segment work. Each is
compared here with the path it replaces, on generated texts, so that a later
edit of a rule cannot let them drift apart unnoticed.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_judge.lint.engine import lint_text
from berserk_judge.lint.rules._text import mask_quoted

_PIECES = st.sampled_from(["«", "»", "(", ")", "\n", " ", "а", "б", "X", "Х", "{tap}", "{", "}", ":", ",",
                           "ранить", "на", "1", " — ", "Заклинане", "где X — число", "X{counter}"])
_TEXTS = st.lists(_PIECES, max_size=30).map("".join)


def _mask_by_every_character(text: str, parens: bool) -> str:
    """mask_quoted as it was written before it visited only the marks (the reference)."""
    out, depth_q, depth_p = list(text), 0, 0
    for i, ch in enumerate(text):
        if ch == "«":
            depth_q += 1
        elif ch == "»":
            depth_q = max(0, depth_q - 1)
        elif ch == "(" and parens:
            depth_p += 1
        elif ch == ")" and parens:
            depth_p = max(0, depth_p - 1)
        elif depth_q or depth_p:
            out[i] = " " if ch != "\n" else "\n"
    return "".join(out)


@settings(max_examples=500, deadline=None)
@given(_TEXTS, st.booleans())
def test_mask_quoted_equals_the_character_scan(text, parens):
    assert mask_quoted(text, parens) == _mask_by_every_character(text, parens)


@given(_TEXTS)
@settings(max_examples=300, deadline=None)
def test_spot_breaks_equal_the_character_scan(text):
    """A Spot's newline offsets (found by str.find since the language server gave it
    whole files of other cards, 40 ms an edit by a look at every character)."""
    from berserk_judge.lint.engine import _breaks

    assert _breaks(text) == tuple(i for i, ch in enumerate(text) if ch == "\n")
