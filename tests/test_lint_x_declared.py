"""BJ401 on unfamiliar wording: an X the player declares before a dependent ability, or one an
attribute binds («силой Х»), used again later in the feature, is defined (spec §2 «X», 505.7)."""
from __future__ import annotations

import pytest

from berserk_judge.lint.engine import lint_text

MESSAGE = ("«{x}» не определено: его нет в оплате, нет пояснения «где {x} — …», его не объявляют вместе "
           "со способностью, и оно не берётся из способности, от которой зависит (505.7: X зависимой способности)")


def found(text: str) -> list[tuple[int, str]]:
    return [(f.column, f.message) for f in lint_text(text, select=["BJ401"]) if f.code == "BJ401"]


@pytest.mark.parametrize("text", [
    # X counts the things of the first ability: the player declares it, the later X is that number
    "{tap}: закрыть Х ваших существ и ранить цель на 2*Х.",
    "{tap}: Закрыть X ваших существ, ранить выбранное существо на 2X",
    "{tap}: Воздействие «сбор» — закрыть Х ваших существ и ранить цель на Х.",
    '{tap}: Воздействие "сбор" - закрыть Х ваших существ и ранить цель на Х',
    "{tap}: снять Х дополнительных жизней с ваших существ, при этом излечить выбранное существо на Х.",
    # an attribute binds X
    "{tap}: Воздействие «мощь» — нанести удар силой Х, при этом ранить себя на Х.",
    '{tap}: воздействие "мощь" - нанести удар силой Х. При этом потерять Х {health}.',
    "{tap}: воздействие «мощь» — нанести удар силой Х.  При этом потерять Х {health}",
    "Ваши демоны со слабым {strike} Х могут объявлять телепортацию на клетку, занятую существом с Х или "
    "менее {health} (воздействие «портал», 2 раза за бой).",
    '{instant}: Воздействие "кровожадность" - свести бросок кубика вашего существа с бешенством X в ваш ход к X '
    '(2 раза за ход).',
])
def test_declared_or_bound_x_used_again_is_defined(text):
    assert found(text) == []


@pytest.mark.parametrize("text,column,x", [
    ("{tap}: ранить цель на X и ранить себя на X.", 23, "X"),         # an amount, not a count: nothing bounds it
    ("{tap}: ранить цель на Х, ранить себя на Х", 23, "Х"),
    ("{tap}: закрыть Х ваших существ.", 16, "Х"),                        # declared, but used nowhere again
    ("{tap}: уничтожить существо стоимостью Х.", 39, "Х"),
    ("{tap}: ранить цель на X. При гибели — ранить себя на X.", 23, "X"),  # another feature, not «При этом»
])
def test_x_nothing_defines_is_still_reported(text, column, x):
    assert found(text)[0] == (column, MESSAGE.format(x=x))


def test_the_message_cites_a_number_the_rules_folder_has_with_its_subject():
    """505.7 is X in one edition (000_…) and the opponent's refusal in the other (001_…): the
    message names its subject; no number the rules folder lacks (505.3 is unnumbered there)."""
    from pathlib import Path

    rules = Path(__file__).resolve().parents[1].parent / "shared" / "rules"
    if not rules.is_dir():
        pytest.skip(f"правила не найдены: {rules}")
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(rules.glob("*.txt")))
    assert "505.7. Если для зависимых способностей в тексте указан числовой параметр X" in text
    from berserk_judge.lint.rules.bj4_x import UndefinedX

    assert "(505.7: X зависимой способности)" in UndefinedX.message
    assert "505.3" not in UndefinedX.__doc__ and "505.3" not in UndefinedX.message
