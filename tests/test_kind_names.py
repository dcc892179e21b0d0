"""The kind of a feature in the user's words, with the rule it rests on (card, hover, outline)."""
from __future__ import annotations

import pytest

from berserk_judge.explain.rulemap import RULES
from berserk_judge.parser import kind_name, read_text


@pytest.mark.parametrize("text, expected", [
    ("{tap}: ранить цель на 1.", ("играемая", "playable")),
    ("{instant}{tap}: Когда существо получает раны — перераспределить эти раны.", ("условная играемая", "conditional")),
    ("При гибели — ранить убийцу на 3.", ("срабатывающая", "triggered")),
    ("Строй: +1 к удару.", ("с меткой ключевого слова", None)),
    ("+1 к удару по горным.", ("постоянная", None)),
    # a replacement names its moment but is not a trigger of 116.3: no rule cited
    ("Вместо гибели возвращается в колоду.", ("замена (вместо события)", None)),
    ("вместо рывка может поменяться местами с вашим существом.", ("замена (вместо события)", None)),
    # the reader's `replacement` is the one mark: an obligation in the condition and «вместо этого/него»
    ("Если должен погибнуть — вместо этого получает полёт.", ("замена (вместо события)", None)),
    ("Когда ваше существо должно получить рану - получить эту рану вместо него", ("замена (вместо события)", None)),
    # an ability replacing the one before it leaves the feature a trigger
    ("При атаке — ранить цель на 1; может излечиться на 2 вместо этого.", ("срабатывающая", "triggered")),
])
def test_kind_names_and_their_rules(text, expected):
    [feature] = read_text(text)
    assert kind_name(feature) == expected
    topic = expected[1]
    assert topic is None or topic in RULES


def test_a_static_feature_with_an_ability_type_or_a_limit_is_a_declared_ability():
    """Spec §2: «Может …» with an ability type or a limit is an ability someone declares;
    `card` and explain must not call it a static feature that is never declared (60210)."""
    from berserk_judge.explain import explain_features
    from berserk_judge.parser import kind_name, read_text

    [feature] = read_text("Может свести среднюю или сильную атаку вашего существа к слабой "
                          "(воздействие «смирение», 1 раз за ход).")
    assert feature.kind == "static"
    assert kind_name(feature) == ("объявляемая способность без оплаты и условия", None)
    texts = [step.text for step in explain_features([feature])[0].readings[0][1]]
    assert texts[0].startswith("Особенность без оплаты и без условия срабатывания, но с типом способности")
    assert not any("её не объявляют" in text for text in texts)
    [plain] = read_text("Может двигаться по диагонали.")
    assert kind_name(plain) == ("постоянная", None)


def test_the_report_names_kinds_as_card_and_explain_do():
    """The report kept a table of its own («разыгрываемая», «постоянная» for a declared ability)."""
    from berserk_judge.parser import kind_name, read_text
    from berserk_judge.reports.html.model import feature_dict

    text = ("{tap}: ранить цель на 1. Может свести атаку к слабой (воздействие «смирение», 1 раз за ход). "
            "Вместо гибели — вернуться в руку. При атаке — закрыть цель.")
    features = read_text(text)
    assert [feature_dict(f)["kind_ru"] for f in features] == [kind_name(f)[0] for f in features] == [
        "играемая", "объявляемая способность без оплаты и условия", "замена (вместо события)", "срабатывающая"]
