"""`berserk-judge card`: the forgiving lookup, reprinted names, Latin and wrong-layout
queries, the search syntax and the exit codes, on the demo base and on a small base
of invented cards written here."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from berserk_judge.cardbase.load import load_base
from berserk_judge.cardbase.lookup import CardEntry, find_card, fold
from berserk_judge.cardbase.query import QueryError, is_search, parse, search
from berserk_judge.cardbase.translit import to_cyrillic_layout, to_latin_layout, transliterate, variants
from berserk_judge.cli.main import main

# `card` without --base reads the demo base, as for a person at a terminal
pytestmark = pytest.mark.usefixtures("at_terminal")

# Cards invented for these tests. Two sets print «Горный страж» (the same reading, other
# typography) and «Ловчий тумана» (the second printing reads otherwise: a dash instead of
# «затем»); «Смотритель» and «Смотрительница» are different cards with close names.
SET_A = """\
set: {id: a1, name: Первый выпуск}
cards:
- id: a1_1
  name: Горный страж
  element: Горы
  cost: 3
  type: creature
  text: '{tap}: ранить выбранное существо на 1.'
- id: a1_2
  name: Ловчий тумана
  element: Болота
  cost: 4
  type: flyer
  class: [Дух]
  text: 'При атаке — ранить цель на 1, затем получить фишку.'
- id: a1_3
  name: Смотритель
  element: Леса
  cost: 2
  type: creature
  text: 'Трупоедство.'
- id: a1_4
  name: Смотрительница
  element: Леса
  cost: 5
  type: artifact
  text: '{tap}: излечить ваше существо на 2.'
"""
SET_B = """\
set: {id: b2, name: Второй выпуск}
cards:
- id: b2_1
  name: Горный Страж
  element: Горы
  cost: 3
  type: creature
  text: '{tap}:ранить выбранное существо на 1'
- id: b2_2
  name: Ловчий Тумана
  element: Болота
  cost: 4
  type: flyer
  text: 'При атаке — ранить цель на 1 — получить фишку.'
- id: b2_3
  name: Эльф-следопыт
  element: Леса
  cost: 1
  type: creature
  class: [Эльф]
  text: 'При гибели — может ранить цель на 2.'
"""


@pytest.fixture(scope="module")
def _card_index_cache(tmp_path_factory):
    return tmp_path_factory.mktemp("card-index")


@pytest.fixture(autouse=True)
def _lint_cache_outside_the_repository(_card_index_cache, monkeypatch):
    """One cache folder for the module: the demo base's card index is built once, not per test."""
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(_card_index_cache))


@pytest.fixture
def base(tmp_path):
    folder = tmp_path / "база"
    folder.mkdir()
    (folder / "a1.yaml").write_text(SET_A, encoding="utf-8")
    (folder / "b2.yaml").write_text(SET_B, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def demo():
    return load_base()


def run(*args):
    return CliRunner().invoke(main, ["card", *args])


# -- the lookup on the demo base ---------------------------------------------------------

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
    assert [c.id for c in found.cards] == [card_id]
    assert found.score == score
    assert found.candidates == []


@pytest.mark.parametrize("query, card_id", [
    ("Скальнай дазорный", "d1_1"),      # unstressed о written as а: no clear fuzzy lead, one name sounds so
    ("Погонщик тижёлых быкоф", "d1_11"),  # е/и and в/ф at a word end
])
def test_a_name_that_sounds_the_same_is_the_card(demo, query, card_id):
    found = find_card(demo, query)
    assert [c.id for c in found.cards] == [card_id] and found.score < 100


def test_a_sound_alike_shared_by_two_names_is_no_guess():
    from berserk_judge.cardbase.lookup import CardEntry, Catalogue

    catalogue = Catalogue([CardEntry(id="x1", name="Морок", folded_name="морок"),
                           CardEntry(id="x2", name="Моррак", folded_name="моррак")])
    found = find_card(catalogue, "Марок")     # sounds like both: both listed, «похоже на …», not taken
    assert found.card is None and found.guess and [c.id for c, _ in found.candidates] == ["x1", "x2"]


def test_fold_ignores_case_yo_hyphens_and_quotes():
    assert fold("  Вещунья-ПЕРЕКРЁСТКОВ «Ёж» ") == "вещунья перекрестков еж"


def test_several_close_matches_are_candidates(demo):
    found = find_card(demo, "Пепельный")
    assert found.card is None
    assert [(c.id, s) for c, s in found.candidates] == [("d1_4", 90.0), ("d2_10", 90.0)]


def test_no_match(demo):
    found = find_card(demo, "Кракозябра")
    assert found.card is None and found.candidates == []


# -- reprinted names -----------------------------------------------------------------------

def test_a_reprinted_name_is_one_card_with_its_printings(base):
    found = find_card(load_base([str(base)]), "горный страж")
    assert [c.id for c in found.cards] == ["a1_1", "b2_1"] and found.candidates == []


def test_reprint_view_lists_printings_and_shows_a_differing_reading(base):
    result = run("Ловчий тумана", "--base", str(base))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Ловчий тумана  [a1_2]  выпуск a1 «Первый выпуск»"
    assert lines[1] == "Печати: a1 «Первый выпуск» (a1_2); b2 «Второй выпуск» (b2_2)"
    assert "     каноническая запись: (ранить цель на 1, затем получить фишку)" in lines
    at = lines.index("Текст в печати b2 «Второй выпуск» (b2_2) читается иначе:")
    assert lines[at + 1] == "  отличия от первой печати: «1, затем» → «1 —»"
    assert lines[at + 2:at + 4] == ["  Текст:", "    При атаке — ранить цель на 1 — получить фишку."]
    assert "       каноническая запись: (ранить цель на 1, при этом получить фишку)" in lines[at:]


def test_reprint_with_the_same_reading_is_shown_once(base):
    result = run("Горный страж", "--base", str(base))
    assert result.exit_code == 0
    assert "Печати: a1 «Первый выпуск» (a1_1); b2 «Второй выпуск» (b2_1)" in result.output
    assert "читается иначе" not in result.output
    assert result.output.count("Особенности:") == 1


def test_reprint_json_lists_every_printing(base):
    payload = json.loads(run("Горный страж", "--base", str(base), "--format", "json").output)
    assert [c["id"] for c in payload["cards"]] == ["a1_1", "b2_1"]
    assert payload["candidates"] == [] and payload["via"] is None


# -- Latin letters: transliteration and the wrong keyboard layout ------------------------------

@pytest.mark.parametrize("latin, cyrillic", [
    ("Osklizg", "осклизг"), ("Tan Haneranga", "тан ханеранга"), ("Shchitonosets", "щитоносец"),
    ("Otshelnitsa", "отшелница"), ("Zhuk", "жук"), ("Yarost'", "ярость"), ("Chernyy", "черный"),
])
def test_transliteration_schemes(latin, cyrillic):
    assert transliterate(latin) == cyrillic


def test_keyboard_layouts_both_ways():
    assert to_cyrillic_layout("Vjkjnj,jtw") == "Молотобоец"
    assert to_latin_layout("ы1_58") == "s1_58"
    assert variants("Молотобоец") == []                          # Cyrillic: nothing to re-read


@pytest.mark.parametrize("query, ids, via", [
    ("Gornyj strazh", ["a1_1", "b2_1"], "транслитерация"),
    ("Gorny Strazh", ["a1_1", "b2_1"], "транслитерация"),
    ("Ehlf-sledopyt", ["b2_3"], "транслитерация"),
    ("Elf-sledopyt", ["b2_3"], "транслитерация"),
    ("Ujhysq cnhf;", ["a1_1", "b2_1"], "раскладка клавиатуры"),   # «Горный страж» typed in the wrong layout
    ("ф1_3", ["a1_3"], "раскладка клавиатуры"),                   # an id typed in the Russian layout
])
def test_latin_and_wrong_layout_queries_find_the_card(base, query, ids, via):
    found = find_card(load_base([str(base)]), query)
    assert [c.id for c in found.cards] == ids and found.via == via


def test_cli_says_how_a_latin_query_was_read(base):
    result = run("Ujhysq cnhf;", "--base", str(base))
    assert result.exit_code == 0
    assert result.output.splitlines()[1] == "(запрос прочитан как набранный в другой раскладке)"


# -- the search syntax --------------------------------------------------------------------------

def test_is_search():
    assert is_search("o:ранить") and is_search("cost>=3") and is_search("текст:«при гибели»")
    assert not is_search("Горный страж") and not is_search("Строй: Рыцарь")


def entries(base):
    """The entries a search sees, with the kinds of their features (as the card index keeps them)."""
    from berserk_judge.cardbase.lookup import entry_of
    from berserk_judge.parser import read_card

    return [entry_of(card, tuple(f.kind for f in read_card(card))) for card in load_base([str(base)]).cards]


@pytest.mark.parametrize("query, ids", [
    ("o:ранить", ["a1_1", "a1_2", "b2_1", "b2_2", "b2_3"]),
    ('o:"при атаке"', ["a1_2", "b2_2"]),
    ("текст:«при гибели»", ["b2_3"]),
    ("t:летающее", ["a1_2", "b2_2"]),
    ("t:flyer", ["a1_2", "b2_2"]),
    ("тип:артефакт", ["a1_4"]),
    ("c:лес", ["a1_3", "a1_4", "b2_3"]),
    ("стихия:горы", ["a1_1", "b2_1"]),
    ("cost>=4", ["a1_2", "a1_4", "b2_2"]),
    ("mv<2", ["b2_3"]),
    ("стоимость:3", ["a1_1", "b2_1"]),
    ("s:b2", ["b2_1", "b2_2", "b2_3"]),
    ("выпуск:первый", ["a1_1", "a1_2", "a1_3", "a1_4"]),
    ("kind:triggered", ["a1_2", "b2_2", "b2_3"]),
    ("вид:постоянная", ["a1_3"]),
    ("class:эльф", ["b2_3"]),
    ("c:лес -t:артефакт", ["a1_3", "b2_3"]),
    ("o:ранить c:горы cost:3", ["a1_1", "b2_1"]),
    ("c:лес смотрит", ["a1_3", "a1_4"]),                 # a bare word is a word of the name
])
def test_search_filters_combine(base, query, ids):
    assert [e.id for e in search(entries(base), parse(query))] == ids


@pytest.mark.parametrize("query, message", [
    ("cost>=много", "«cost>=много»: стоимость — целое число"),
    ("t>3", "«t>3»: сравнение «>» есть только у стоимости"),
    ("kind:волшебная", "«kind:волшебная»: нет такого вида особенности"),
])
def test_search_errors(query, message):
    with pytest.raises(QueryError, match=message):
        parse(query)


def test_cli_search_one_card_shows_it(base):
    result = run("o:фишку c:болота", "--base", str(base))
    assert result.exit_code == 0                       # two printings of one card: the card
    assert result.output.startswith("Ловчий тумана  [a1_2]")


def test_cli_search_several_cards_exit_3(base):
    result = run("c:лес", "--base", str(base))
    assert result.exit_code == 3
    assert result.stdout.splitlines() == ["  a1_3\tСмотритель\ta1 «Первый выпуск»\t100",
                                          "  a1_4\tСмотрительница\ta1 «Первый выпуск»\t100",
                                          "  b2_3\tЭльф-следопыт\tb2 «Второй выпуск»\t100"]
    assert result.stderr == "Запросу «c:лес» подходят несколько карт (3); уточните запрос или укажите id:\n"


def test_cli_search_bad_syntax_exit_2(base):
    result = run("cost>=много", "--base", str(base))
    assert result.exit_code == 2
    assert "поиск: «cost>=много»: стоимость — целое число" in result.stderr


# -- exit codes: 0 found, 1 none, 2 error, 3 several ------------------------------------------

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
    assert "неоднозначно: связки допускают 2 чтения" in result.output
    assert "чтение 1 (по умолчанию): " in result.output and "чтение 2: " in result.output
    assert "BJ101" in result.output


def test_several_matches_listed_exit_3():
    result = run("Пепельный")
    assert result.exit_code == 3
    assert result.stdout.splitlines() == [
        "  d1_4\tПепельный страж\td1 «Пробуждение камня»\t90",
        "  d2_10\tПепельный гонец\td2 «Спорные тексты»\t90",
    ]
    assert "несколько карт" in result.stderr


def test_close_names_of_different_cards_are_several(base):
    result = run("Смотрител", "--base", str(base))
    assert result.exit_code == 3
    assert [line.split("\t")[0].strip() for line in result.stdout.splitlines()] == ["a1_3", "a1_4"]


def test_none_found_message_on_stderr_exit_1():
    result = run("Кракозябра")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == ("Ошибка: карта «Кракозябра» не найдена в базе (ни по id, ни по имени, ни в "
                             "латинской записи или другой раскладке). Похожие: Собиратель праха (d1_22, 45); "
                             "Травница из Вереска (d1_9, 42.8); Гадатель на костях (d1_26, 40).\n")


def test_bad_usage_exit_2(tmp_path):
    assert run().exit_code == 2
    assert run("d1_1", "--format", "xml").exit_code == 2
    missing = run("d1_1", "--base", str(tmp_path / "нет"))
    assert missing.exit_code == 2
    assert "файл или папка не найдены" in missing.stderr


def test_json_record():
    result = run("d1_3", "--format", "json")
    assert result.exit_code == 0
    payload = json.loads(result.output)
    assert set(payload) == {"cards", "candidates", "via"}
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
    assert result.exit_code == 3
    payload = json.loads(result.stdout)
    assert payload["cards"] == []
    assert [c["id"] for c in payload["candidates"]] == ["d1_4", "d2_10"]
    assert set(payload["candidates"][0]) == {"id", "name", "set", "set_name", "score"}


def test_explain_card_uses_the_same_lookup(base):
    result = CliRunner().invoke(main, ["explain", "--card", "Ловчий тумана", "--base", str(base)])
    assert result.exit_code == 0
    assert result.output.startswith("Ловчий тумана  [a1_2]  выпуск a1 «Первый выпуск»\n\n")
    assert "Текст в печати b2 «Второй выпуск» (b2_2) читается иначе:" in result.output
    assert "Тире между способностями — то же, что «при этом»" in result.output
    several = CliRunner().invoke(main, ["explain", "--card", "c:лес", "--base", str(base)])
    assert several.exit_code == 3
    none = CliRunner().invoke(main, ["explain", "--card", "Кракозябра", "--base", str(base)])
    assert none.exit_code == 1


def test_a_card_file_edited_between_lookups_is_read_again(base):
    assert "ранить выбранное существо на 1" in run("a1_1", "--base", str(base)).output
    text = (base / "a1.yaml").read_text(encoding="utf-8").replace("существо на 1", "существо на 7")
    (base / "a1.yaml").write_text(text, encoding="utf-8")
    assert "ранить выбранное существо на 7" in run("a1_1", "--base", str(base)).output


def test_every_card_type_has_its_russian_name_in_card_search_and_report():
    """One table of type names (three copies had no «equipment»: `t:экипировка` found nothing)."""
    from berserk_judge.cardbase.query import TYPE_NAMES as searched
    from berserk_judge.cardbase.schema import CARD_TYPES, TYPE_NAMES
    from berserk_judge.reports.card_view import TYPES as shown
    from berserk_judge.reports.html.stats import TYPES as reported

    assert set(TYPE_NAMES) == set(CARD_TYPES) and TYPE_NAMES["equipment"] == "экипировка"
    assert searched is shown is reported is TYPE_NAMES
    entry = CardEntry(id="e1", name="Щит", folded_name="щит", type="equipment")
    assert [e.id for e in search([entry], parse("t:экипировка"))] == ["e1"]
