"""A feature read once per process (parser/reader/feature_memo.py): every later occurrence is a
moved copy, and must be exactly what reading it there would give — every field, the spans the
trees' equality leaves out included — on the corpus, its restyling and invented placements."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from berserk_judge.parser import read_text
from berserk_judge.parser.reader import feature_memo
from berserk_judge.parser.reader.features import _read_feature
from berserk_judge.parser.reader.split import split_features
from berserk_judge.cardbase.icons import unique_mark_span
from reading_rows import corpus_rows, dump


def read_directly(text: str, name: str | None):
    """read_text without the memo: every feature read where it stands."""
    mark = unique_mark_span(text)
    if mark is not None:
        text = text[:mark[0]] + " " * (mark[1] - mark[0]) + text[mark[1]:]
    return [_read_feature(text, span, line, name, depth=0) for span, line in split_features(text)]


@pytest.mark.parametrize("restyled", [False, True], ids=["corpus", "restyled"])
def test_every_feature_of_the_corpus_reads_the_same_from_the_memo(restyled):
    rows = corpus_rows(restyled)
    feature_memo.clear()
    for text, name in rows:            # the first pass fills the memo, the second only hits it
        read_text(text, name)
    hits = differ = 0
    for text, name in rows:
        got, want = read_text(text, name), read_directly(text, name)
        hits += len(got)
        if dump(got) != dump(want):
            differ += 1
            assert dump(got) == dump(want), text
    assert hits > 3000 and differ == 0


def test_a_feature_met_again_elsewhere_has_its_own_spans_and_line():
    feature_memo.clear()
    first = read_text("Рывок. При атаке — ранить цель на 1.", "Пример")
    again = read_text("Вампиризм.\nОрда. При атаке — ранить цель на 1.", "Пример")
    assert dump(again) == dump(read_directly("Вампиризм.\nОрда. При атаке — ранить цель на 1.", "Пример"))
    assert first[1].span == (7, 36) and again[2].span == (17, 46)
    assert again[2].reading.tree.span == (29, 45) and again[2].line == first[1].line + 1


def test_the_name_changes_a_reading_only_where_it_stands():
    """«Закрыть Врата» is one name where the card is theirs, «закрыть» a verb elsewhere."""
    feature_memo.clear()
    text = "При атаке — ранить цель на 1 или Закрыть Врата."
    theirs = read_text(text, "Закрыть Врата")
    other = read_text(text, "Другое существо")
    assert dump(theirs) == dump(read_directly(text, "Закрыть Врата"))
    assert dump(other) == dump(read_directly(text, "Другое существо"))
    assert theirs[0].reading.canonical == "ранить цель на 1 или Закрыть Врата"
    assert other[0].reading.canonical == "(ранить цель на 1 или Закрыть Врата)"


def test_a_caller_changing_its_features_changes_no_later_reading():
    feature_memo.clear()
    text = "{tap}: Выстрел на 2. Если противник не хочет — закрыть цель."
    first = read_text(text, "Пример")
    for feature in first:
        feature.kind = "изменено"
        feature.tokens.clear()
        feature.unread.append((0, 1))
        feature.annotations.clear()
        feature.granted.clear()
        if feature.reading is not None:
            feature.reading.alternatives.append(None)
    assert dump(read_text(text, "Пример")) == dump(read_directly(text, "Пример"))


_WORDS = st.sampled_from([
    "Рывок.", "Вампиризм.", "Прыжок, дальность 3.", "{tap}: Выстрел на 2.", "Броня 1.",
    "При атаке — ранить цель на 1, при этом закрыть её.", "{second}: Начинает бой с {counter}.",
    "В начале хода если открыт, выстрел на 1, дальность 3, при этом - закрывается",
    "Воздействие «Песнь сирены» — переместить существо.", "Пока открыт — +1 к {strike}.",
    "Если противник не хочет — ранить его на 2", "получает: \"{tap}: Метание на Х\"",
    "Уникальность.", "(Это существо не может атаковать.)",
])


@settings(max_examples=150, deadline=None)
@given(st.lists(_WORDS, min_size=1, max_size=5), st.lists(st.sampled_from([" ", "\n", "  ", ". "]), min_size=5, max_size=5),
       st.sampled_from([None, "Песнь сирены", "Пример"]))
def test_features_in_any_order_and_place_read_as_where_they_stand(parts, gaps, name):
    text = "".join(part + gap for part, gap in zip(parts, gaps)).strip()
    assert dump(read_text(text, name)) == dump(read_directly(text, name))


def test_the_memo_is_bounded_and_keeps_what_is_met_often(monkeypatch):
    monkeypatch.setattr(feature_memo, "_LIMIT", 5)
    feature_memo.clear()
    for n in range(12):
        assert dump(read_text("Рывок.")) == dump(read_directly("Рывок.", None))       # met at every turn
        text = f"При атаке — ранить цель на {n}."
        assert dump(read_text(text)) == dump(read_directly(text, None))
    assert len(feature_memo._MEMO) == 5
    assert ("Рывок.", None) in feature_memo._MEMO and ("При атаке — ранить цель на 0.", None) not in feature_memo._MEMO
