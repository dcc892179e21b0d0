"""A long multi-line text is linted in linear time (issue 15, item 12).

The steps that used to scan the whole text once per line or per finding —
`Card.locate`, `suppress._line_index`, the line number of each feature in
`split_features`, BJ401's look-ups of payments, conditions and quotes —
each run here on a text of 20 000–40 000 lines under a CPU-time bound
about 5–10 times what the linear code needs and far below what the
quadratic code took (measured before the fix at 20 000 lines: 10 s, 2.6 s,
42 s). BJ302 copied the rest of the text after each payment (0.5 s here,
quadratic beyond); its test checks the result on the same long text. The growth per doubling of the whole `lint`
is measured by bench/bench_growth.py.
"""
from __future__ import annotations

import time

import pytest

from berserk_judge.lint.engine import CardContext, make_card
from berserk_judge.lint.rules.bj3_types import PaymentOrIcon
from berserk_judge.lint.rules.bj4_x import UndefinedX
from berserk_judge.lint.suppress import _line_index
from berserk_judge.parser.reader.split import split_features

pytestmark = pytest.mark.scale   # a large generated input: time, memory, growth

LINES = 20_000


def cpu(work) -> float:
    started = time.process_time()
    work()
    return time.process_time() - started


def long_card(*lines: str, count: int = LINES):
    return make_card("\n".join(lines[i % len(lines)] for i in range(count)))


def test_locating_every_line_of_a_long_text_is_fast():
    card = long_card("При атаке — ранить цель на 1.", "Закрыть цель.")
    offsets = range(0, len(card.text), 13)

    def locate_all():
        for offset in offsets:
            card.locate(offset)
            _line_index(card, offset)

    assert cpu(locate_all) < 1.0
    last = card.text_lines[-1]
    assert card.locate(last.offset + 3) == (last.line, last.column + 3)
    assert _line_index(card, last.offset + 3) == LINES - 1 and _line_index(card, 0) == 0


def test_features_of_a_long_text_get_their_lines_fast():
    text = "\n".join(["Ранить цель на 1."] * (2 * LINES))
    result = []
    assert cpu(lambda: result.extend(split_features(text))) < 5.0
    assert [line for _, line in result[:3]] == [1, 2, 3] and result[-1][1] == 2 * LINES


def test_undefined_x_and_payments_on_a_long_text_are_fast():
    card = long_card("X{counter}: ранить цель на X.", "Ранить цель на X.", "{tap}:")
    ctx = CardContext(card)
    ctx.__dict__["features"] = []  # the rules alone, without the reader
    hits = []
    assert cpu(lambda: hits.extend(UndefinedX().check(ctx))) < 3.0
    assert len(hits) == LINES // 3 + 1 and card.text[hits[0].start] == "X"
    payments = []
    assert cpu(lambda: payments.extend(PaymentOrIcon().check(ctx))) < 3.0
    assert {h.params["what"] for h in payments} == {"после оплаты нет эффекта"}
