"""Issue 8 reading rules on small texts: kinds, «может», parentheses, while-conditions, the JSON record."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from berserk_judge.parser import read_text
from berserk_judge.reports.canon import feature_record


def one(text: str, name: str | None = None):
    [feature] = read_text(text, name)
    return feature


@pytest.mark.parametrize("payment", ["{tap}", "{instant}{tap}", "{counter}{tap}"])
def test_conditional_playable_has_any_payment(payment):
    f = one(f"{payment}: Когда существо получает раны от удара — перераспределить эти раны на других ваших существ.")
    assert (f.kind, f.payment, f.condition) == ("conditional", payment, "Когда существо получает раны от удара")
    assert f.reading.canonical == "перераспределить эти раны на других ваших существ"


def test_a_limit_before_the_effect_is_a_limit():
    f = one("Один раз за бой, в свой ход, может открыться.")
    assert [(a.kind, a.text) for a in f.annotations] == [("limit", "Один раз за бой")]
    assert f.reading.canonical == "(может в свой ход открыться)"   # a declared ability: an option


def test_other_parentheses_stay_in_the_ability():
    f = one("{tap}: выстрел на 1-2-2, дальность 3 (по карте противника).")
    assert f.reading.canonical == "выстрел на 1-2-2, дальность 3 (по карте противника)"
    assert f.annotations == []
    typed = one("{tap}: Выстрел на 2 (воздействие «залп», 1 раз за ход).")
    assert [(a.kind, a.text) for a in typed.annotations] == [("type_name", "воздействие «залп»"),
                                                             ("limit", "1 раз за ход")]
    assert typed.reading.canonical == "Выстрел на 2"


def test_an_abilitys_own_while_stays_in_its_words():
    f = one("{tap}: взять под контроль существо противника, пока Тальгата закрыта.")
    assert f.while_condition is None
    assert f.reading.canonical == "взять под контроль существо противника, пока Тальгата закрыта"


def test_static_while_condition_goes_to_the_json_field():
    f = one("+1 к {strike}, пока стоит рядом с лесом.")
    record = feature_record(f)
    assert (record["while"], record["canonical"]) == ("пока стоит рядом с лесом", "+1 к {strike}")
    assert feature_record(one("При гибели — ранить цель на 1."))["while"] is None


def test_canon_json_has_the_while_field():
    result = CliRunner().invoke(main, ["canon", "--format", "json", "Пока закрыт — получает {armor} 1."])
    assert result.exit_code == 0
    [feature] = json.loads(result.output)["features"]
    assert feature["while"] == "Пока закрыт"


@pytest.mark.parametrize("text,condition,canon", [
    # the dash after the real condition wins over verbs, «чтобы» clauses and «или»
    ("Когда закрывается, чтобы переместить боевую машину — может открыться.",
     "Когда закрывается, чтобы переместить боевую машину", "(может открыться)"),
    ("После того как уничтожает карту — открыться.", "После того как уничтожает карту", "открыться"),
    ("Когда существо получает раны или уничтожается — разряд на 2.",
     "Когда существо получает раны или уничтожается", "разряд на 2"),
    # without a dash: a subject, «может» or an infinitive opens the effect
    ("При {strike}, если хозяин стоит 6 или меньше, он может совершить прыжок.",
     "При {strike}, если хозяин стоит 6 или меньше", "(может он совершить прыжок)"),
    ("В начале боя, если в вашем отряде есть река или болото может объявить удар.",
     "В начале боя, если в вашем отряде есть река или болото", "(может объявить удар)"),
    # «может сразу же»
    ("При {strike} — может сразу же открыться.", "При {strike}", "(может сразу же открыться)"),
])
def test_where_a_condition_ends(text, condition, canon):
    f = one(text)
    assert (f.kind, f.condition, f.reading.canonical) == ("triggered", condition, canon)


def test_in_effect_moments_open_the_atom():
    # spec §2 defines CONDITION for «если» only; the dash after a moment is no connective (§5):
    # the moment is the ability's own words (issue 25, round five)
    f = one("В начале хода противника — выбрать существо; в конце этого хода — ранить его на 2.")
    assert f.reading.canonical == "(выбрать существо, при этом в конце этого хода — ранить его на 2)"
    f = one("При ударе — может изгнать существо; при гибели Дракона — вернуть его.", "Дракон")
    assert f.reading.canonical == "(может (изгнать существо, при этом при гибели Дракона — вернуть его))"


def test_permission_and_option_in_static_features():
    assert one("Может двигаться по диагонали.").reading.canonical == "Может двигаться по диагонали"
    assert one("Вы можете показать эту карту.").reading.canonical == "(может показать эту карту)"
    f = one("Может свести сильную атаку к слабой (воздействие «смирение», 1 раз за ход).")
    assert f.reading.canonical == "(может свести сильную атаку к слабой)"
