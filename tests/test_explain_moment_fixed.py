"""A declared feature without payment or condition whose effect acts on an attack the rules time
(116.5; spec §1 «Missing trigger conditions»: «Может свести среднюю или сильную атаку … (воздействие
«смирение», 1 раз за ход)» fires when such an attack is made). `explain` said «в какой момент — не
говорят ни текст, ни свод» (blind sheet d091515, Аскет Ордена)."""
from __future__ import annotations

import pytest

from berserk_judge.explain import explain_text

HEAD = ("Особенность без оплаты и без условия срабатывания, но с типом способности или ограничением применения: "
        "это способность, которую объявляют; условие в записи опущено, потому что его однозначно задают правила: ")
VALUE = HEAD + ("эффект действует на атаку (удар, выстрел, заклинание), которую называет, — особенность объявляют, "
                "когда та совершается; на каком именно шаге — правила из папки не уточняют (116.5)")
DECLARED = HEAD + ("эффект блокирует, перенаправляет или отменяет атаку, которую называет, — это возможно только "
                   "при её объявлении, тогда особенность и объявляют (116.5)")


def steps(text: str) -> list[str]:
    [explanation] = explain_text(text, "Кобольд")
    return [s.text for s in explanation.readings[0][1]]


@pytest.mark.parametrize("text, said", [
    ("Может свести среднюю или сильную атаку вашего существа к слабой (воздействие «смирение», 1 раз за ход).", VALUE),
    ('может свести свой {strike} к сильному (1 раз за бой)', VALUE),                          # lossy, one line
    ("Может блокировать ближнюю атаку по себе, при этом получает -1 к {strike} (2 раза за бой).", DECLARED),
    ('Может блокировать любую атаку по себе (воздействие "щит", 1 раз за ход)', DECLARED),
])
def test_the_moment_the_rules_fix_is_said(text, said):
    found = steps(text)
    assert said in found
    assert not any("не говорят ни текст, ни свод" in t for t in found)


def test_a_declared_feature_the_rules_do_not_time_still_says_so():
    found = steps("Может излечиться на 2 (воздействие «отдых», 1 раз за бой).")
    assert any("в какой момент — не говорят ни текст, ни свод" in t for t in found)
