"""The kind of a feature in the user's words, with the rule it rests on (card, hover, outline)."""
from __future__ import annotations

import pytest

from explain.rulemap import RULES
from parser import kind_name, read_text


@pytest.mark.parametrize("text, expected", [
    ("{tap}: ранить цель на 1.", ("играемая", "playable")),
    ("{instant}{tap}: Когда существо получает раны — перераспределить эти раны.", ("условная играемая", "conditional")),
    ("При гибели — ранить убийцу на 3.", ("срабатывающая", "triggered")),
    ("Строй: +1 к удару.", ("с меткой ключевого слова", None)),
    ("+1 к удару по горным.", ("постоянная", None)),
    # a replacement names its moment but is not a trigger of 116.3: no rule cited
    ("Вместо гибели возвращается в колоду.", ("замена (вместо события)", None)),
    ("вместо рывка может поменяться местами с вашим существом.", ("замена (вместо события)", None)),
])
def test_kind_names_and_their_rules(text, expected):
    [feature] = read_text(text)
    assert kind_name(feature) == expected
    topic = expected[1]
    assert topic is None or topic in RULES
