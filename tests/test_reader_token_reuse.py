"""The word items of a feature's ranges are scanned once (parser/reader/words.py `items`): a
range inside the last one that starts and ends at its items' edges gets a run of its items.
Reading with and without that reuse must give the same features, every field (spans
the trees' equality skips included), on the corpus, its restyling and invented texts."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from berserk_judge.parser import read_text
from berserk_judge.parser.reader import words
from reading_rows import corpus_rows, dump


class _NeverKept(list):
    """A `_LAST` that never holds a range: every call scans."""

    def __getitem__(self, index):
        return None


def read_scanning_every_range(monkeypatch, text, name):
    with monkeypatch.context() as patch:
        patch.setattr(words, "_LAST", _NeverKept([None]))
        return read_text(text, name)


@pytest.mark.parametrize("restyled", [False, True], ids=["corpus", "restyled"])
def test_every_card_reads_the_same_with_its_items_reused(monkeypatch, restyled):
    rows = corpus_rows(restyled)
    assert len(rows) > 1500
    for text, name in rows:
        assert dump(read_text(text, name)) == dump(read_scanning_every_range(monkeypatch, text, name)), text


def test_a_tail_is_reused_only_at_an_item_boundary():
    text = "При атаке «Огненный шар» — ранить цель на 1 и закрыть её."
    prot = [(10, 24, "quote")]
    whole = words.items(text, 0, len(text), prot)
    assert [i.start for i in words.items(text, 27, len(text), prot)] == [i.start for i in whole if i.start >= 27]
    # inside the quote and inside a word: scanned, not cut out of the kept range
    inside = words.items(text, 15, len(text), prot)
    assert inside[0] == words._scan_items(text, 15, len(text), prot)[0] and inside[0].kind == "quote"
    mid = words.items(text, 29, len(text), prot)
    assert mid == words._scan_items(text, 29, len(text), prot) and mid[0].low == "нить"
    # another end or other protected spans: scanned
    assert words.items(text, 27, 40, prot) == words._scan_items(text, 27, 40, prot)
    assert words.items(text, 27, len(text), []) == words._scan_items(text, 27, len(text), [])


def test_a_caller_changing_its_items_changes_no_later_answer():
    text = "Когла ваш пират нападает — ранить цель на 1."
    first = words.items(text, 0, len(text), [])
    first[0] = first[0]._replace(low="когда")
    first.clear()
    again = words.items(text, 0, len(text), [])
    assert again == words._scan_items(text, 0, len(text), []) and again[0].low == "когла"


_PARTS = st.sampled_from([
    "При атаке", "—", " - ", "-", "ранить", "цель", "на 1", "и", "или", ",", ";", "«Огненный шар»",
    "(1 раз за ход)", "{tap}:", "иначе-ранить", "Бон и Берроу", "затем", "может", ".", "\n",
])


@settings(max_examples=200, deadline=None)
@given(st.lists(_PARTS, min_size=1, max_size=14), st.sampled_from([None, "Бон и Берроу", "Огненный шар"]))
def test_invented_texts_read_the_same_with_their_items_reused(parts, name):
    text = " ".join(parts)
    with pytest.MonkeyPatch.context() as patch:
        assert dump(read_text(text, name)) == dump(read_scanning_every_range(patch, text, name))


_TEXTS = st.sampled_from([
    "При атаке «Огненный шар» — ранить цель на 1-2 и закрыть её.",
    "{tap}: Бросить кубик, если выпало 6 или больше потерять особенности, стать существом.",
    "Когда Бон и Берроу нападают (1 раз за ход), иначе-ранить цель на 1–3; затем закрыть.",
    "В начале хода если открыт, выстрел на 1, дальность 3, при этом - закрывается",
])


@settings(max_examples=300, deadline=None)
@given(_TEXTS, st.lists(st.tuples(st.integers(0, 90), st.integers(0, 90)), min_size=1, max_size=8),
       st.booleans())
def test_items_of_any_ranges_in_any_order_are_what_a_scan_gives(text, ranges, with_quote):
    prot = [(m, m + 14, "quote")] if with_quote and (m := text.find("«")) >= 0 else []
    words._LAST[0] = None
    for a, b in ranges:
        start, end = sorted((min(a, len(text)), min(b, len(text))))
        assert words.items(text, start, end, prot) == words._scan_items(text, start, end, prot), (start, end)


def test_a_features_ranges_are_scanned_once(monkeypatch):
    """Not a test that cannot fail: the corpus's ranges are mostly reused (about one scan a feature)."""
    calls = {"scan": 0}
    scan = words._scan_items

    def counted(*args):
        calls["scan"] += 1
        return scan(*args)

    monkeypatch.setattr(words, "_scan_items", counted)
    asked = 0
    real_items = words.items

    def asking(*args):
        nonlocal asked
        asked += 1
        return real_items(*args)

    from berserk_judge.parser.reader import classify, segment
    monkeypatch.setattr(classify, "items", asking)
    monkeypatch.setattr(segment, "items", asking)
    for text, name in corpus_rows(False)[:400]:
        read_text(text, name)
    assert asked > 600 and calls["scan"] < 0.8 * asked, (calls, asked)


def test_an_empty_range_inside_a_protected_span_is_what_a_scan_gives():
    """Found by the test above: the run kept from (0, 11) ends where the quote was cut; the empty
    range (11, 11) inside the same quote scans to a zero-width quote item, and gets it."""
    text = "При атаке «Огненный шар» — ранить цель на 1-2 и закрыть её."
    prot = [(10, 24, "quote")]
    words._LAST[0] = None
    words.items(text, 0, 11, prot)
    assert words.items(text, 11, 11, prot) == words._scan_items(text, 11, 11, prot) == [words.Item(11, 11, "quote", "")]
