"""`berserk-judge card` and the forgiving card lookup on the demo base."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardbase.load import load_base
from cardbase.lookup import find_card, fold
from cli.main import main


@pytest.fixture(scope="module")
def demo():
    return load_base()


def run(*args):
    return CliRunner().invoke(main, ["card", *args])


@pytest.mark.parametrize("query, card_id, score", [
    ("Скальный дозорный", "d1_1", 100.0),          # exact
    ("d2_3", "d2_3", 100.0),                        # id
    ("D2_3", "d2_3", 100.0),                        # id, other case
    ("скальный ДОЗОРНЫЙ", "d1_1", 100.0),           # case
    ("Вещунья перекрестков", "d1_29", 100.0),       # ё written as е
    ("Погонщик тяжёлых быков", "d1_11", 100.0),     # е written as ё
    ("рудокоп подрывник", "d1_15", 100.0),          # hyphen left out
    ("Рудокопподрывник", "d1_15", 97.0),            # hyphen and space left out
    ("Скальный дозорнй", "d1_1", 97.0),             # typo
])
def test_one_clear_match(demo, query, card_id, score):
    found = find_card(demo, query)
    assert found.card is not None and found.card.id == card_id
    assert found.score == score
    assert found.candidates == []


def test_fold_ignores_case_yo_hyphens_and_quotes():
    assert fold("  Вещунья-ПЕРЕКРЁСТКОВ «Ёж» ") == "вещунья перекрестков еж"


def test_several_close_matches_are_candidates(demo):
    found = find_card(demo, "Пепельный")
    assert found.card is None
    assert [(c.id, s) for c, s in found.candidates] == [("d1_4", 90.0), ("d2_10", 90.0)]


def test_no_match(demo):
    assert find_card(demo, "Кракозябра") == find_card(demo, "Кракозябра")
    found = find_card(demo, "Кракозябра")
    assert found.card is None and found.candidates == []


def test_text_view_shows_card_features_and_findings():
    result = run("Ведун ледяных троп")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "Ведун ледяных троп  [d1_3]  выпуск d1 «Пробуждение камня»"
    assert lines[1].startswith("файл: ") and lines[1].endswith("d1-probuzhdenie-kamnya.yaml:36")
    assert lines[2] == "стихия: Горы; стоимость: 5; тип: существо; класс: Маг; жизни: 8; движение: 1; удар: 1–2–2"
    assert "  1. строка 1: условная играемая (115.1)" in lines
    assert "     условие: если атакуют ваше существо" in lines
    assert "     имя: «морозная стена»" in lines
    assert "     каноническая запись: перенаправить атаку на себя" in lines
    assert "       С1 = перенаправить атаку на себя" in lines
    assert lines[-1] == "Находки проверки: нет"


def test_ambiguous_card_shows_both_readings_and_its_findings():
    result = run("d2_1")
    assert result.exit_code == 0
    assert "неоднозначно: правила допускают 2 чтения (505)" in result.output
    assert "чтение 1 (по умолчанию): " in result.output and "чтение 2: " in result.output
    assert "BJ101" in result.output


def test_several_matches_listed_exit_1():
    result = CliRunner().invoke(main, ["card", "Пепельный"])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "  d1_4\tПепельный страж\td1 «Пробуждение камня»\t90",
        "  d2_10\tПепельный гонец\td2 «Спорные тексты»\t90",
    ]
    assert "несколько карт" in result.stderr


def test_none_found_message_on_stderr_exit_1():
    result = CliRunner().invoke(main, ["card", "Кракозябра"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == "Ошибка: карта «Кракозябра» не найдена в базе (ни по id, ни по имени).\n"


def test_bad_usage_exit_2():
    assert run().exit_code == 2
    assert run("d1_1", "--format", "xml").exit_code == 2


def test_json_record():
    result = run("d1_3", "--format", "json")
    assert result.exit_code == 0
    payload = json.loads(result.output)
    assert set(payload) == {"cards", "candidates"}
    assert payload["candidates"] == []
    [card] = payload["cards"]
    assert {"id", "name", "set", "text", "features", "findings"} <= set(card)
    assert card["id"] == "d1_3" and card["set"] == "d1"
    assert [f["kind"] for f in card["features"]] == ["conditional", "conditional"]
    assert card["features"][0]["condition"] == "если атакуют ваше существо"
    assert card["findings"] == []


def test_json_findings_are_lint_records():
    payload = json.loads(run("d2_1", "--format", "json").output)
    [card] = payload["cards"]
    assert card["features"][0]["ambiguous"] is True
    codes = [f["code"] for f in card["findings"]]
    assert "BJ101" in codes
    assert set(card["findings"][0]) >= {"code", "severity", "message", "line", "column", "rules"}


def test_json_candidates():
    result = run("Пепельный", "--format", "json")
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["cards"] == []
    assert [c["id"] for c in payload["candidates"]] == ["d1_4", "d2_10"]
    assert set(payload["candidates"][0]) == {"id", "name", "set", "set_name", "score"}
