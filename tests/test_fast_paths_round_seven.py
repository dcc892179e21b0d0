"""Issue 34's speed round of stop 44 gives exactly what the work it replaces gives.

Each shortcut is held against the form it replaced, on generated texts
(hypothesis) and on every corpus text: the output guard's pre-test and its
shortcut for a text ending in a line break, the hyphen pre-test of BJ506 and
BJ512, BJ305's heading stems and BJ301's long words written for a faster
scan, the name folder's test for Latin letters glued to a word, and the
reader's tokenizer with possessive repeats.
"""
from __future__ import annotations

import re

from fuzz_harness import corpus_texts
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_judge.lint.rules import _text, bj3_types
from berserk_judge.parser.reader import names, words
from berserk_judge.reports import escape

_PIECES = st.sampled_from(["а", "Ё", "ёж", "1", "23", " ", "  ", "\t", "\n", "\r", "\r\n", "\x85", "\u2028", "-",
                           "—", "–", "{tap}", "{", "}", ".", ",", ":", "::", "#", "##[", "#[", "«", "»", "'", "’",
                           "a", "z", "A", "Q", "x", "_", "İ", "ᲀ", "в", "В", "заклинани", "ЗАКЛИНАНИЕ",
                           "Воздействие", "воздействи", "оздействи", "аклинани", "зоздействи", "ᲀоздействие",
                           "против-ника", "Гном-басаарг", "маги-ческой", "1–3", "1-2-2", "слово", "Кочевник",
                           "tapа", "аtap", "к1a"])
_TEXTS = st.lists(_PIECES, max_size=30).map("".join)


# -- the forms these shortcuts replaced, as they were written --------------------------------------

_OLD_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def _old_guard(text: str, at_line_start: bool = True) -> tuple[str, bool, str]:
    pattern = escape._AT_START if at_line_start else escape._AT_BREAK
    safe = pattern.sub(escape._named_token, text) if (":" in text or "#" in text) else text
    after_break = max(text.rfind(ch) for ch in _OLD_BREAKS) + 1
    line = text[after_break:]
    starts_line = after_break > 0 or at_line_start
    held = ""
    if starts_line:
        open_end = escape._OPEN_END.search(line)
        if open_end is not None:
            held = open_end.group(1)
            safe = safe[:len(safe) - len(held)]
            line = line[:len(line) - len(held)]
    return safe, starts_line and escape._ALL_BLANK.fullmatch(line) is not None, held


def _old_mixes(lowered: str) -> bool:
    for match in re.finditer(r"[a-z]+", lowered):
        s, e = match.span()
        if (s and (lowered[s - 1].isalnum() or lowered[s - 1] == "_")) or \
                (e < len(lowered) and (lowered[e].isalnum() or lowered[e] == "_")):
            return True
    return False


_OLD_STEMS = re.compile(r"(?i:заклинани|воздействи)")
_OLD_LONG_WORDS = re.compile(r"\w{5,}")
_OLD_ITEMS = re.compile(r"(\s*)(\d+(?:[–—]\d+)+(?![^\W_])|[^\W_]+(?:['’\-][^\W_]+)*|[—–]|[,;:.!?]|\S)", re.UNICODE)


def _same_everywhere(text: str) -> None:
    for at_line_start in (True, False):
        assert escape.guard_line_starts(text, at_line_start) == _old_guard(text, at_line_start), repr(text)
    assert [m.groups() for m in _text.hyphenated(text)] == \
        [m.groups() for m in _text.HYPHENATED_RE.finditer(text)], repr(text)
    assert bool(bj3_types._HEADING_STEMS.search(text)) == bool(_OLD_STEMS.search(text)), repr(text)
    assert bj3_types._LONG_WORD_RE.findall(text) == _OLD_LONG_WORDS.findall(text), repr(text)
    lowered = text.lower()
    assert names._may_mix_alphabets(lowered) == _old_mixes(lowered), repr(text)
    assert words._SPACED_ITEM.findall(text) == _OLD_ITEMS.findall(text), repr(text)


@settings(max_examples=600, deadline=None)
@given(_TEXTS)
def test_each_shortcut_gives_what_it_replaced_on_generated_texts(text):
    _same_everywhere(text)


def test_each_shortcut_gives_what_it_replaced_on_the_corpus():
    texts = corpus_texts()        # every corpus text of ../shared (fuzz_harness reads them once)
    assert len(texts) > 1000
    for text in texts:
        _same_everywhere(text)
    # and the corpus holds what each one decides on (none of the comparisons is vacuous)
    assert sum(1 for t in texts if _OLD_STEMS.search(t)) > 50
    assert sum(1 for t in texts if any(True for _ in _text.hyphenated(t))) > 5
    assert sum(1 for t in texts if _old_mixes(t.lower())) > 0


def test_a_report_ending_in_a_line_break_is_guarded_as_before():
    report = "путь.yaml:3:5: BJ501 [s1] дефис\n::error file=x::y\n  ##[warning]z\n#\n"
    assert escape.guard_line_starts(report) == _old_guard(report)
    assert "::error" not in escape.guard_line_starts(report)[0]
