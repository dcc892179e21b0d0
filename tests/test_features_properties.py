"""Property tests for the real-text reader: no text makes it raise, spans stay inside the text."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from berserk_judge.parser.reader.features import read_text

PIECES = ["При атаке", "При гибели", "В начале хода", "Если", "если", "{tap}", "{counter}", "{instant}",
          "X", "Х", ":", " — ", " – ", " - ", "—", ";", ",", ".", "\n", "«", "»", '"', "(", ")",
          "ранить цель на 1", "закрыть ее", "может", "не может", "и", "или", "либо", "затем",
          "при этом", "иначе", "в противном случае", "если противник не может или не хочет",
          "получает", "Заклинание", "воздействие «удар»", "где X — число ран", "1 раз за ход",
          "Строй:", "Пока", "Или", "Либо", "[Эррата 2023.04.08]", "оно", "существо", " ", "  "]


def check(text: str) -> None:
    for feature in read_text(text):
        stack = [feature]
        while stack:
            f = stack.pop()
            assert 0 <= f.span[0] <= f.span[1] <= len(text)
            assert 0 <= f.effect_span[0] <= f.effect_span[1] <= len(text)
            for start, end in f.unread:
                assert 0 <= start <= end <= len(text)
            if f.reading is None and f.kind not in ("errata",):
                assert not f.read_completely
            stack.extend(f.granted)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=16).map(" ".join))
def test_card_like_soup_never_raises(text):
    check(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60))
def test_any_text_never_raises(text):
    check(text)
