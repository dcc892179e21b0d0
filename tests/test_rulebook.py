"""`berserk-judge rules` and the rulebook package, on the extracts in ../shared/rules."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from berserk_judge.rulebook import RulebookError, by_number, by_words, is_rule_number, load_rulebook
from berserk_judge.rulebook.load import split_rules
from conftest import SHARED

RULES_DIR = SHARED / "rules"
EXAMPLES = "000_9bdf050d0752382a.txt"
NUMBERED = "001_fec2e4a9d21bd585.txt"
TRIGGERS = "003_0a4c9897c47b3fb6.txt"
# the readable labels `rules` prints instead of those file names
EXAMPLES_LABEL = "разделы 505–506, издание 1"
NUMBERED_LABEL = "раздел 505, издание 2"
TRIGGERS_LABEL = "разделы 114–116"


@pytest.fixture(scope="module")
def book():
    if not RULES_DIR.is_dir():
        pytest.skip(f"свод правил не найден: {RULES_DIR} (нужна папка ../shared рядом с репозиторием)")
    return load_rulebook(RULES_DIR)


def run(*args, cwd=None):
    return CliRunner().invoke(main, ["rules", *args])


def rules_dir():
    if not RULES_DIR.is_dir():
        pytest.skip(f"свод правил не найден: {RULES_DIR}")
    return str(RULES_DIR)


def test_split_numbers_headings_examples_and_the_unnumbered_opening():
    text = "Вступление.\nещё строка\n505.6. Первое.\nПРИМЕР: пример.\n506. Движение.\n506.1. Шаг."
    rules = split_rules(text, "f.txt")
    assert [(r.number, r.section, r.line) for r in rules] == [
        (None, "505", 1), ("505.6", "505", 3), ("506", "506", 5), ("506.1", "506", 6)]
    assert rules[1].text == "505.6. Первое.\nПРИМЕР: пример."
    assert rules[1].own_text == "Первое."
    assert rules[0].label == "505, без номера"


def test_is_rule_number():
    assert is_rule_number("116.3") and is_rule_number("505") and is_rule_number("505.4.1.")
    assert not is_rule_number("может") and not is_rule_number("11") and not is_rule_number("116,3")


def test_number_with_sub_rules(book):
    found = [(m.rule.number, m.rule.source) for m in by_number(book, "116.3")]
    assert found == [("116.3", TRIGGERS), ("116.3.1", TRIGGERS), ("116.3.2", TRIGGERS),
                     ("116.3.3", TRIGGERS)]


def test_a_number_in_two_editions_comes_from_each_file(book):
    found = by_number(book, "505.6")
    assert [m.rule.source for m in found] == [EXAMPLES, NUMBERED]
    assert "слово “может”" in found[0].rule.text
    assert "в противном случае" in found[1].rule.text


def test_section_brings_unnumbered_passages(book):
    found = [(m.rule.number, m.rule.source) for m in by_number(book, "505")]
    assert found[0] == (None, EXAMPLES)
    assert (None, NUMBERED) in found and ("505.8", NUMBERED) in found
    assert all(source != TRIGGERS for _, source in found)


def test_words_best_first_and_marked(book):
    found = by_words(book, "может")
    assert (found[0].rule.number, found[0].rule.source) == ("505.6", EXAMPLES)
    assert found[0].score >= found[1].score >= found[-1].score
    assert "**может**" in found[0].marked()
    assert ("116.7", TRIGGERS) in [(m.rule.number, m.rule.source) for m in found]


def test_words_fold_case_yo_and_word_forms(book):
    found = [m.rule.number for m in by_words(book, "ОПЛАТА")]
    assert "116.2" in found        # «оплаты»
    assert None in found           # 505.3, unnumbered in its edition
    assert by_words(book, "зелёный слон") == []


def test_missing_or_empty_folder(tmp_path):
    with pytest.raises(RulebookError, match="папка свода правил не найдена"):
        load_rulebook(tmp_path / "нет")
    with pytest.raises(RulebookError, match="нет файлов правил"):
        load_rulebook(tmp_path)


# -- the command ---------------------------------------------------------------

def test_cli_number_shows_rule_and_sub_rules_labelled():
    result = run("116.3", "--rulebook", rules_dir())
    assert result.exit_code == 0
    heads = [line for line in result.output.splitlines() if line.startswith("── ")]
    assert heads == [f"── 116.3 — {TRIGGERS_LABEL}, строка 14", f"── 116.3.1 — {TRIGGERS_LABEL}, строка 15",
                     f"── 116.3.2 — {TRIGGERS_LABEL}, строка 16", f"── 116.3.3 — {TRIGGERS_LABEL}, строка 18"]


def test_cli_two_editions():
    result = run("505.7", "--rulebook", rules_dir())
    assert result.exit_code == 0
    heads = [line for line in result.output.splitlines() if line.startswith("── ")]
    assert heads == [f"── 505.7 — {EXAMPLES_LABEL}, строка 22", f"── 505.7 — {NUMBERED_LABEL}, строка 15"]


def test_cli_words_marked():
    result = run("может", "--rulebook", rules_dir())
    assert result.exit_code == 0
    assert result.output.startswith(f"── 505.6 — {EXAMPLES_LABEL}, строка 17\n505.6. Если особенность содержит в себе "
                                    f"слово “**может**”")


def test_cli_no_match_exit_1():
    result = run("999.9", "--rulebook", rules_dir())
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "нет правила с номером «999.9»" in result.stderr
    assert run("зелёный слон", "--rulebook", rules_dir()).exit_code == 1


def test_cli_missing_folder_exit_2(tmp_path):
    result = run("505", "--rulebook", str(tmp_path / "нет"))
    assert result.exit_code == 2
    assert result.stderr == f"Ошибка: {tmp_path / 'нет'}: папка свода правил не найдена\n"


def test_cli_no_rulebook_configured_exit_2(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("505")
    assert result.exit_code == 2
    assert "свод правил не задан: укажите --rulebook ПАПКА или ключ rulebook" in result.stderr


def test_cli_config_key_rulebook(tmp_path, monkeypatch):
    (tmp_path / "berserk-judge.toml").write_text(f'rulebook = "{rules_dir()}"\n', encoding="utf-8")
    sub = tmp_path / "cards"
    sub.mkdir()
    monkeypatch.chdir(sub)
    result = run("116.8")
    assert result.exit_code == 0
    assert result.output.startswith(f"── 116.8 — {TRIGGERS_LABEL}, строка 26\n116.8. ")


def test_cli_config_rulebook_relative_to_the_file(tmp_path, monkeypatch):
    book_dir = tmp_path / "правила"
    book_dir.mkdir()
    (book_dir / "a.txt").write_text("114. Играемая.\n114.1. Текст.\n", encoding="utf-8")
    (tmp_path / "berserk-judge.toml").write_text('rulebook = "правила"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("114")
    assert result.exit_code == 0
    assert result.output == ("── 114 — раздел 114, строка 1\n114. Играемая.\n\n"
                             "── 114.1 — раздел 114, строка 2\n114.1. Текст.\n")


def test_cli_bad_config_value_exit_2(tmp_path, monkeypatch):
    (tmp_path / "berserk-judge.toml").write_text("rulebook = 5\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("114")
    assert result.exit_code == 2
    assert "ключ «rulebook»: ожидается путь к папке свода правил" in result.stderr


def test_cli_json():
    result = run("505.4", "--rulebook", rules_dir(), "--format", "json")
    payload = json.loads(result.output)
    assert [(r["number"], r["source"]) for r in payload["rules"]] == [("505.4.1", NUMBERED), ("505.4.2", NUMBERED)]


# -- issue 17, point 3: whole words, phrases, synonyms, editions, the numbers held --------

def hits(book, query) -> list[tuple[str | None, str]]:
    return [(m.rule.cited_number, m.rule.source) for m in by_words(book, query)]


def marked_words(book, query) -> set[str]:
    return {m.rule.text[a:b] for m in by_words(book, query) for a, b in m.spans}


def test_whole_words_never_a_bare_prefix(book):
    words = marked_words(book, "при")
    assert words and {w.casefold() for w in words} == {"при"}
    # «ПРИМЕР» and «приоритет» begin with «при» but are other words
    assert ("114.1", TRIGGERS) in hits(book, "приоритетом")
    assert not any("ПРИМЕР" in w or "приоритет" in w for w in words)


def test_word_forms_by_dictionary_form(book):
    assert marked_words(book, "оплата") >= {"оплаты", "оплата", "оплатой"}
    assert "оплачена" not in marked_words(book, "оплата")     # another word (a verb), not a form
    assert ("116.7", TRIGGERS) in hits(book, "объявлять")


def test_phrase_ranked_first(book):
    # both hold the phrase; the numbered rule that defines it comes before the priority list (issue 27)
    assert hits(book, "не может или не хочет") == [("505.7", NUMBERED), (None, EXAMPLES)]
    found = hits(book, "игрок может")
    # «игрок может» stands as a phrase in 505.6, 116.7, 505.8 and the worked examples; 114.1 and
    # 116.6 hold both words apart («может быть только воля игрока») and come after them all
    phrase = [("505.6", EXAMPLES), ("116.7", TRIGGERS), ("505.8", NUMBERED), (None, EXAMPLES)]
    assert found[:4] == phrase
    assert set(found[4:]) == {("114.1", TRIGGERS), ("116.6", TRIGGERS)}


def test_synonyms_otherwise(book):
    assert ("505.6", NUMBERED) in hits(book, "иначе")                   # «в противном случае»
    assert (None, EXAMPLES) in hits(book, "в противном случае")         # «иначе» in example 3
    assert hits(book, "иначе")[0] == (None, EXAMPLES)                   # the query's own word first


def test_latin_and_cyrillic_x_are_one_letter_and_505_7_comes_first(book):
    assert hits(book, "X") == hits(book, "Х")                           # Latin / Cyrillic
    assert hits(book, "Х")[0] == ("505.7", EXAMPLES)                    # X in the rule's own words
    assert ("505.3", NUMBERED) in hits(book, "X")                       # Cyrillic Х of its example


def test_synonyms_tap(book):
    for query in ("закрытие", "закрыть", "{tap}"):
        assert hits(book, query) == [("114.1", TRIGGERS), ("115.1", TRIGGERS)], query
    assert hits(book, "поворот") == [("115.1", TRIGGERS), ("114.1", TRIGGERS)]   # its own word first
    assert marked_words(book, "{tap}") == {"закрывается", "поворотом"}


def test_synonyms_dependent_marks(book):
    assert ("505.4.1", NUMBERED) in hits(book, "при этом")             # «;»
    assert ("505.4.2", NUMBERED) in hits(book, "при этом")             # «–»
    assert ("505.4.1", NUMBERED) in hits(book, ";")
    assert "при этом" in marked_words(book, ";")


def test_stable_name_of_the_unnumbered_payment_paragraph(book):
    [match] = by_number(book, "505.3")
    assert match.rule.number is None and match.rule.cited_number == "505.3"
    assert match.rule.text.startswith("Если использование составной особенности требует оплаты")
    assert match.rule.label == "505.3 (в тексте без номера)"
    assert ("505.3", NUMBERED) in [(m.rule.cited_number, m.rule.source) for m in by_number(book, "505")]


def test_number_with_an_example(book):
    assert [(m.rule.cited_number, m.rule.source) for m in by_number(book, "505, пример 3")] == [(None, EXAMPLES)]
    assert [(m.rule.cited_number, m.rule.source) for m in by_number(book, "505.6 пример 4")] == [("505.6", EXAMPLES)]
    assert [m.rule.cited_number for m in by_number(book, "114.1, пример")] == ["114.1"]
    assert by_number(book, "116.2, пример") == []


# -- issue 27: the defining rule first, synonyms a judge asks with, one example by number ----------

def test_numbered_defining_rule_before_the_priority_list(book):
    assert hits(book, "либо") == [("505.5", NUMBERED), (None, EXAMPLES)]
    assert hits(book, "противник не хочет") == [("505.7", NUMBERED), (None, EXAMPLES)]
    assert hits(book, "иначе")[0] == (None, EXAMPLES)       # the rule defining it says «в противном случае»


@pytest.mark.parametrize("query, first, also", [
    ("лечить", ("505.7", EXAMPLES), {("116.3.2", TRIGGERS)}),            # «излечить» of its example, «лечение»
    ("исцеление", ("505.7", EXAMPLES), {("116.3.2", TRIGGERS)}),
    ("необязательно", ("505.6", EXAMPLES), {("116.7", TRIGGERS), ("505.8", NUMBERED)}),
    ("кто выбирает", ("505.5", NUMBERED), {("116.8", TRIGGERS)}),          # «на свой выбор», «по выбору игрока»
    ("нет ран", ("116.3.1", TRIGGERS), set()),                              # «даже если не было нанесено ран»
])
def test_judges_synonyms(book, query, first, also):
    found = hits(book, query)
    assert found[0] == first and also <= set(found), found


def test_synonym_marks_the_rule_words(book):
    assert marked_words(book, "нет ран") == {"не было нанесено ран"}
    assert marked_words(book, "необязательно") == {"может не объявлять", "имеет право не объявлять"}
    assert "на свой выбор" in marked_words(book, "кто выбирает")


def test_diagonal_offers_the_movement_rule(book):
    assert hits(book, "по диагонали") == [(None, "002_915bc9a375478237.txt"), ("506.1", EXAMPLES)]
    assert "по вертикали или горизонтали" in marked_words(book, "по диагонали")


def test_one_example_by_number(book):
    [match] = by_number(book, "505 пример 2")
    assert match.rule.text.startswith("ПРИМЕР 2: Особенность “[С1], [С2] или [С3], либо [С4]")
    assert match.rule.text.endswith("иначе он вынужден выполнить C8.")
    assert (match.rule.line, match.rule.label) == (11, "505, пример 2")
    [third] = by_number(book, "505, пример З")                            # the extract's Cyrillic З
    assert third.rule.text.startswith("ПРИМЕР З:") and "ПРИМЕР 2" not in third.rule.text
    [fourth] = by_number(book, "505.6 пример 4")
    assert fourth.rule.text.startswith("ПРИМЕР 4:") and fourth.rule.label == "505.6, пример 4"


def test_cli_one_example():
    result = run("505 пример 2", "--rulebook", rules_dir())
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == f"── 505, пример 2 — {EXAMPLES_LABEL}, строка 11"
    assert lines[1].startswith("ПРИМЕР 2:") and "ПРИМЕР 1" not in result.output and "ПРИМЕР З" not in result.output
    assert "● либо" not in result.output


def test_edition_labels(book):
    assert book.editions == {EXAMPLES: EXAMPLES_LABEL, NUMBERED: NUMBERED_LABEL,
                             "002_915bc9a375478237.txt": "без номеров: «Обратите внимание, что некоторые…»",
                             TRIGGERS: TRIGGERS_LABEL}


def test_cli_no_match_names_the_numbers_held():
    result = run("999.9", "--rulebook", rules_dir())
    assert result.exit_code == 1
    assert result.stderr.splitlines()[1:] == [
        f"  {EXAMPLES_LABEL}: 505.6, 505.7, 506, 506.1 и текст без номера",
        f"  {NUMBERED_LABEL}: 505.3, 505.4.1, 505.4.2, 505.5, 505.6, 505.7, 505.8",
        "  без номеров: «Обратите внимание, что некоторые…»: только текст без номеров",
        f"  {TRIGGERS_LABEL}: 114, 114.1, 115, 115.1, 116, 116.1, 116.2, 116.3, 116.3.1, 116.3.2, "
        "116.3.3, 116.4, 116.5, 116.6, 116.7, 116.8"]
    words = run("зелёный слон", "--rulebook", rules_dir())
    assert words.exit_code == 1 and "нет правил со словами «зелёный слон». В своде есть:" in words.stderr


def test_cli_505_3_and_json_names():
    result = run("505.3", "--rulebook", rules_dir(), "--format", "json")
    assert result.exit_code == 0
    [rule] = json.loads(result.output)["rules"]
    assert (rule["number"], rule["name"], rule["source"], rule["edition"]) == (
        None, "505.3", NUMBERED, NUMBERED_LABEL)


# -- issue 15, item 10: one unreadable file does not disable the folder -------------------

def test_binary_and_cp1251_files_are_skipped_by_name(tmp_path):
    (tmp_path / "a.txt").write_text("116. Срабатывающая.\n116.1. Текст.\n", encoding="utf-8")
    (tmp_path / "b.txt").write_bytes("505.6. В противном случае.\n".encode("cp1251"))
    (tmp_path / "c.txt").write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0")
    result = run("116", "--rulebook", str(tmp_path))
    assert result.exit_code == 0
    assert result.stdout.startswith("── 116 — раздел 116, строка 1\n")
    assert result.stderr == (
        f"Предупреждение: {tmp_path / 'b.txt'}: файл правил пропущен: файл не в кодировке UTF-8: байт 0xC2 "
        "в строке 1 не читается; ожидается текст в UTF-8 (пересохраните файл в UTF-8)\n"
        f"Предупреждение: {tmp_path / 'c.txt'}: файл правил пропущен: двоичный файл, а не текст; "
        "ожидается текст правил в UTF-8\n")


def test_folder_of_unreadable_files_only_exit_2(tmp_path):
    (tmp_path / "b.txt").write_bytes("505.6. Текст.\n".encode("cp1251"))
    result = run("505", "--rulebook", str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"Ошибка: {tmp_path}: ни один файл правил не прочитан:\n{tmp_path / 'b.txt'}: "
                                    "файл правил пропущен: файл не в кодировке UTF-8")
    assert "Traceback" not in result.output
