"""Reading is linear in the text: one long feature and one 64 KB card read quickly.

Before the splitter searched the text before every space and the region
look-up scanned a list, 5,000 abilities took 99 s and a 64 KB card 13.5 s.
Bounds are generous and in CPU seconds (a shared 2-core machine); the 1k/4k ratio tells linear
(about 4) from quadratic (about 16).
"""
from __future__ import annotations

import time

import pytest

from berserk_judge.parser import read_text

pytestmark = pytest.mark.scale   # a large generated input: time, memory, growth

_ABILITIES = ("ранить существо на 1", "излечить {tap} на 2 (по карте противника)",
              "Лучник получает «цель» на 1")


def _feature(n: int) -> str:
    return "При гибели — " + ", ".join(_ABILITIES[i % 3] for i in range(n)) + ", пока Лучник закрыт."


def _card_64k() -> str:
    one = ("{tap}: Выстрел на 1, дальность 3. При гибели — ранить «атаковавшее» существо на 1 "
           "и получить {counter}; затем Лучник излечивает себя (по карте противника). ")
    return (one * (65536 // len(one) + 1))[:65536]


def _seconds(text: str) -> tuple[float, list]:
    best, features = float("inf"), []
    for _ in range(2):
        started = time.process_time()   # CPU, not the clock: the machine is shared, tests run in parallel
        features = read_text(text, "Лучник")
        best = min(best, time.process_time() - started)
    return best, features


def test_five_thousand_abilities_read_quickly():
    read_text("При гибели — ранить существо на 1.")       # warm-up: morphology, grammar
    seconds, features = _seconds(_feature(5000))
    assert seconds < 5, f"{seconds:.1f} s"
    assert len(features) == 1 and features[0].kind == "triggered" and features[0].read_completely


def test_a_64_kb_card_on_one_line_reads_quickly():
    read_text("При гибели — ранить существо на 1.")
    text = _card_64k()
    seconds, features = _seconds(text)
    assert seconds < 5, f"{seconds:.1f} s"
    assert len(features) > 500
    assert features[-1].span[1] <= len(text)


def test_reading_time_grows_linearly():
    read_text("При гибели — ранить существо на 1.")
    small, _ = _seconds(_feature(1000))
    large, _ = _seconds(_feature(4000))
    assert large / small < 8, f"1k: {small:.2f} s, 4k: {large:.2f} s"
