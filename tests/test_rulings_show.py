"""`card`, `explain --card` and `card r:WORDS` show and search what the base holds of a card's rulings."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from berserk_judge.cardbase.load import load_base
from berserk_judge.cardbase.lookup import catalogue_of
from berserk_judge.cardbase.query import parse, search
from berserk_judge.cli.main import main

BASE = """\
set: {id: d1, name: Демо}
cards:
- id: d1_1
  name: Кровавый шаман
  rulings:
  - question: Если благословленный шаман выкинул на кубике 1, чему равен следующий бросок?
    answer: Двум.
    source: судья Иванов
    date: '2025-07-01'
    rules: ['116.3', '505.7']
  - answer: |-
      Только пока он на кладбище.
      Второй строкой — уточнение.
  text: '{tap}: ранить цель на 1.'
- id: d1_2
  name: Гном
  text: При атаке — ранить цель на 1.
"""
REPRINT = """\
set: {id: d2, name: Второй}
cards:
- id: d2_1
  name: Кровавый шаман
  rulings:
  - question: если благословленный шаман выкинул на кубике 1 — чему равен следующий бросок
    answer: двум
  - answer: Только в этой печати.
  text: '{tap}: ранить цель на 1.'
"""

SHAMAN_RULINGS = """\
Решения судей (2):
  1. Вопрос: Если благословленный шаман выкинул на кубике 1, чему равен следующий бросок?
     Ответ: Двум.
     источник: судья Иванов; дата: 2025-07-01; правила: 116.3, 505.7
  2. Ответ: Только пока он на кладбище.
       Второй строкой — уточнение.
"""


@pytest.fixture
def base(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "d1.yaml").write_text(BASE, encoding="utf-8")
    return folder


def _card(*args):
    return CliRunner().invoke(main, ["card", *map(str, args)])


def test_card_shows_the_rulings_after_the_findings(base):
    result = _card("d1_1", "--base", base)
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("\n" + SHAMAN_RULINGS)
    plain = _card("d1_2", "--base", base)
    assert plain.exit_code == 0 and "Решения судей" not in plain.stdout


def test_card_json_carries_the_rulings(base):
    result = _card("d1_1", "--base", base, "--format", "json")
    (card,) = json.loads(result.stdout)["cards"]
    assert card["rulings"] == [
        {"question": "Если благословленный шаман выкинул на кубике 1, чему равен следующий бросок?",
         "answer": "Двум.", "source": "судья Иванов", "date": "2025-07-01", "rules": ["116.3", "505.7"]},
        {"question": "", "answer": "Только пока он на кладбище.\nВторой строкой — уточнение."}]


def test_a_ruling_on_every_print_is_shown_once_and_one_print_only_is_marked(base):
    (base / "d2.yaml").write_text(REPRINT, encoding="utf-8")
    result = _card("Кровавый шаман", "--base", base)
    assert result.exit_code == 0
    block = result.stdout[result.stdout.index("Решения судей"):]
    assert block.splitlines()[0] == "Решения судей (3):"
    assert "  1. Вопрос: Если благословленный шаман" in block and "[печать" not in block.splitlines()[1]
    assert "  2. Ответ: Только пока он на кладбище.  [печать d1_1]" in block
    assert "  3. Ответ: Только в этой печати.  [печать d2_1]" in block


def test_explain_card_shows_the_rulings_below_the_explanation(base):
    result = CliRunner().invoke(main, ["explain", "--card", "d1_1", "--base", str(base)])
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("\n\n" + SHAMAN_RULINGS)


@pytest.mark.parametrize("query", ["r:благословленный", "решение:кубике", 'r:"на кладбище"', "r:ВТОРОЙ"])
def test_card_search_over_rulings_finds_the_card(base, query):
    result = _card(query, "--base", base)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Кровавый шаман  [d1_1]")


def test_card_search_over_rulings_misses_and_negates(base):
    miss = _card("r:дракон", "--base", base)
    assert miss.exit_code == 1
    negated = _card("--base", base, "--", "-r:кубике")
    assert negated.exit_code == 0 and negated.stdout.startswith("Гном  [d1_2]")


def test_search_over_rulings_on_a_loaded_base(base):
    cards = load_base([str(base)])
    assert [e.id for e in search(catalogue_of(cards), parse("r:двум o:ранить"))] == ["d1_1"]
    assert [e.id for e in search(catalogue_of(cards), parse("r:атаке"))] == []   # the text is not a ruling


def test_explain_card_json_carries_the_rulings(base):
    result = CliRunner().invoke(main, ["explain", "--card", "d1_1", "--base", str(base), "--format", "json"])
    data = json.loads(result.stdout)
    assert [r["answer"] for r in data["rulings"]] == ["Двум.", "Только пока он на кладбище.\nВторой строкой — уточнение."]
    assert data["rulings"][0]["rules"] == ["116.3", "505.7"]
    plain = CliRunner().invoke(main, ["explain", "--card", "d1_2", "--base", str(base), "--format", "json"])
    assert json.loads(plain.stdout)["rulings"] == []


def test_card_findings_follow_the_rulebook_named_by_the_settings(base, tmp_path, monkeypatch):
    rules = tmp_path / "свод"
    rules.mkdir()
    (rules / "116.txt").write_text("116. Особенности.\n116.3. Срабатывающие.\n", encoding="utf-8")
    (tmp_path / "berserk-judge.toml").write_text(f'rulebook = "{rules}"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    first = _card("d1_1", "--base", base)
    assert ("BJ601 [предупреждение] решение ссылается на правило 505.7, которого нет в своде правил; "
            "проверьте номер") in first.stdout
    (rules / "505.txt").write_text("505. Связки.\n505.7. Выбор.\n", encoding="utf-8")
    again = _card("d1_1", "--base", base)
    assert "BJ601" not in again.stdout


# -- issue 35: rulings on every print, from any print's id --------------------------------------

PLAIN_REPRINT = """\
set: {id: d3, name: Третий}
cards:
- id: d3_5
  name: Кровавый шаман
  text: '{tap}: ранить цель на 1.'
"""
REWORDED_REPRINT = """\
set: {id: d4, name: Четвёртый}
cards:
- id: d4_5
  name: Кровавый шаман
  text: '{tap}: ранить цель на 2.'
"""


def test_a_reprint_looked_up_by_its_id_shows_the_rulings_of_the_other_print(base):
    (base / "d3.yaml").write_text(PLAIN_REPRINT, encoding="utf-8")
    result = _card("d3_5", "--base", base)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Кровавый шаман  [d3_5]")           # the print asked for is shown first
    assert lines[1] == "Печати: d3 «Третий» (d3_5); d1 «Демо» (d1_1)"
    block = result.stdout[result.stdout.index("Решения судей"):]
    assert block.splitlines()[0] == "Решения судей (2):"
    assert "  1. Вопрос: Если благословленный шаман выкинул на кубике 1, чему равен следующий бросок?  [печать d1_1]" \
        in block
    assert "текст печати отличается" not in block
    card = json.loads(_card("d3_5", "--base", base, "--format", "json").stdout)["cards"]
    assert [c["id"] for c in card] == ["d3_5", "d1_1"]


def test_explain_by_a_reprints_id_shows_the_rulings_by_print(base):
    (base / "d3.yaml").write_text(PLAIN_REPRINT, encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", "--card", "d3_5", "--base", str(base)])
    assert result.exit_code == 0, result.output
    assert "Решения судей (2):" in result.stdout and "[печать d1_1]" in result.stdout
    data = json.loads(CliRunner().invoke(main, ["explain", "--card", "d3_5", "--base", str(base),
                                                "--format", "json"]).stdout)
    assert [r["answer"] for r in data["rulings"]][0] == "Двум."


def test_a_ruling_on_a_reworded_print_says_its_text_differs(base):
    (base / "d4.yaml").write_text(REWORDED_REPRINT, encoding="utf-8")
    result = _card("d4_5", "--base", base)
    assert result.exit_code == 0, result.output
    assert "  1. Вопрос: Если благословленный шаман выкинул на кубике 1, чему равен следующий бросок?  " \
           "[печать d1_1; текст печати отличается]" in result.stdout


# -- issue 35: `r:` and `o:` by dictionary form; the hit list shows the ruling's words -------------

FORMS = """\
set: {id: f1, name: Формы}
cards:
- id: f1_1
  name: Степной гонец
  rulings:
  - question: Можно ли после рывке закрыться?
    answer: Нет.
  text: 'Рывок. При перемещении — получить {counter}.'
- id: f1_2
  name: Болотный гонец
  rulings:
  - answer: Лечение происходит после рывка, а не до него.
  text: 'Нет перемещений на клетки с водой.'
- id: f1_3
  name: Горный гонец
  rulings:
  - answer: Рывок не даёт права на второй удар.
  text: '{tap}: ранить цель на 1.'
"""


@pytest.fixture
def forms(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "f1.yaml").write_text(FORMS, encoding="utf-8")
    return folder


@pytest.mark.parametrize("query, ids", [
    ("r:рывок", {"f1_1", "f1_2", "f1_3"}), ("r:рывке", {"f1_1", "f1_2", "f1_3"}),
    ("o:перемещение", {"f1_1", "f1_2"}), ("o:перемещениями", {"f1_1", "f1_2"}),
    ("o:ран", {"f1_3"}),                              # a part of a word still finds it, as typed
])
def test_search_by_the_words_dictionary_form(forms, query, ids):
    cards = load_base([str(forms)])
    assert {e.id for e in search(catalogue_of(cards), parse(query))} == ids


def test_the_ruling_hit_list_shows_the_words_of_each_ruling(forms):
    result = _card("r:рывок", "--base", forms)
    assert result.exit_code == 3
    lines = result.stdout.splitlines()
    assert lines[0] == "  f1_1\tСтепной гонец\tf1 «Формы»\t100\tрешение: «Можно ли после рывке закрыться?»"
    assert lines[1].endswith("\tрешение: «Лечение происходит после рывка, а не до него.»")
    data = json.loads(_card("r:рывок", "--base", forms, "--format", "json").stdout)
    assert data["candidates"][2]["ruling"] == "Рывок не даёт права на второй удар."
    plain = json.loads(_card("n:гонец", "--base", forms, "--format", "json").stdout)
    assert len(plain["candidates"]) == 3 and all("ruling" not in c for c in plain["candidates"])
