"""`explain` on real cards: every feature of the faithful set-1 corpus is
explained without an exception, every statement cites its rule, and pinned
cards say what the rulebook's own examples say."""
from __future__ import annotations

import json
import re

import pytest

from conftest import CORPUS
from explain import explain_text

CITATION = re.compile(r" \((?:\d{3}[^()]*)\)$")


@pytest.fixture(scope="module")
def set1() -> dict[str, dict]:
    path = CORPUS / "s1-voina-stihiy.jsonl"
    if not path.is_file():
        pytest.skip(f"корпус не найден: {path} (нужна папка ../shared рядом с репозиторием)")
    cards = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {card["name"]: card for card in cards}


def explained(card: dict):
    return explain_text(card["text"], card["name"])


def test_every_feature_explained_with_citations(set1):
    steps = 0
    for card in set1.values():
        for explanation in explained(card):
            for _, reading in explanation.readings:
                assert reading, (card["id"], explanation.feature.text)
                for step in reading:
                    steps += 1
                    assert CITATION.search(step.text), (card["id"], step.text)
    assert steps > 1000


def test_otshelnitsa_is_conditional_like_rule_115_1(set1):
    # 115.1: «Такая особенность является внезапной и должна быть оплачена поворотом отшельницы,
    # но объявить её можно только в определённый момент – когда ваше существо получает раны от удара»
    [first, *_] = explained(set1["Отшельница"])
    texts = [s.text for s in first.readings[0][1]]
    assert texts[0].startswith("Условная играемая особенность: кроме воли игрока и оплаты «{instant}{tap}» "
                               "нужно, чтобы выполнялось условие «Когда")
    assert any("внезапное действие (115.1)" in t for t in texts)
    assert texts[-1].startswith("Оплата «{instant}{tap}» производится после того")


def test_stepnoy_volkolak_fires_on_its_own_death(set1):
    # 116.3.3 / 116.6: «При гибели – особый удар на 2» fires, mandatory, at the effect step
    feature = explained(set1["Степной волколак"])[1]
    texts = [s.text for s in feature.readings[0][1]]
    assert texts[0].startswith("Срабатывающая особенность с условием «При гибели»")
    assert "Условие начинается с «При»: особенность срабатывает при выполнении условия — на шаге " \
           "наложения эффекта (116.4)" in texts
    assert any(t.endswith("(116.6)") for t in texts)
