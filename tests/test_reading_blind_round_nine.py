"""Readings a judge can rule by (issue 34, the blind pair drawn at 961f6ff), pinned with invented
texts in two styles — typeset («», —, several lines) and lossy (one line, no dashes or « - »):

1. a dashless in-effect case whose words reach an infinitive before the comma that the next
   predicate follows («бросить кубик, если выпало 6 или больше потерять особенности, стать
   существом …»): no condition holds an ability, so the verb test ends it before the infinitive
   (patterns._infinitive_before); «может переместиться», «хочет быть перемещён» keep theirs.

(The compound «Вместо …» of the same sheet is pinned beside its single-ability kin in
tests/test_reading_blind_round_eight.py.)
"""
from __future__ import annotations

import pytest

from reading_rows import record


@pytest.mark.parametrize("text, form", [
    ("{tap}: Бросить кубик, если выпало 6 или больше потерять особенности, стать существом с {move} 1.",
     "(Бросить кубик и (если выпало 6 или больше — потерять особенности) и стать существом с {move} 1)"),
    ("{tap}: бросить кубик, если выпало 6 или больше потерять особенности, стать существом с {move} 1",
     "(бросить кубик и (если выпало 6 или больше — потерять особенности) и стать существом с {move} 1)"),
    ("При атаке бросить кубик, если выпал чет ранить цель на 2, закрыть её",
     "(бросить кубик и (если выпал чет — ранить цель на 2) и закрыть её)"),
])
def test_a_dashless_case_ends_before_its_first_infinitive(text, form):
    assert record(text)["canonical"] == form


@pytest.mark.parametrize("text, form", [
    # a condition's own infinitive after a modal stays in it: the comma ends it, as before
    ("При атаке — ранить цель на 1, если она не может переместиться, закрыть её.",
     "(ранить цель на 1 и (если она не может переместиться — закрыть её))"),
    ("{tap}: Бросить кубик; если выпало 6 — потерять особенности.",
     "(Бросить кубик, при этом (если выпало 6 — потерять особенности))"),
])
def test_a_case_with_its_own_infinitive_or_dash_reads_as_before(text, form):
    assert record(text)["canonical"] == form
