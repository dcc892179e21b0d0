"""`berserk-judge rules` and the rulebook package, on the extracts in ../shared/rules."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from rulebook import RulebookError, by_number, by_words, is_rule_number, load_rulebook
from rulebook.load import split_rules
from conftest import SHARED

RULES_DIR = SHARED / "rules"
EXAMPLES = "000_9bdf050d0752382a.txt"
NUMBERED = "001_fec2e4a9d21bd585.txt"
TRIGGERS = "003_0a4c9897c47b3fb6.txt"


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
    assert heads == [f"── 116.3 — {TRIGGERS}, строка 14", f"── 116.3.1 — {TRIGGERS}, строка 15",
                     f"── 116.3.2 — {TRIGGERS}, строка 16", f"── 116.3.3 — {TRIGGERS}, строка 18"]


def test_cli_two_editions():
    result = run("505.7", "--rulebook", rules_dir())
    assert result.exit_code == 0
    heads = [line for line in result.output.splitlines() if line.startswith("── ")]
    assert heads == [f"── 505.7 — {EXAMPLES}, строка 22", f"── 505.7 — {NUMBERED}, строка 15"]


def test_cli_words_marked():
    result = run("может", "--rulebook", rules_dir())
    assert result.exit_code == 0
    assert result.output.startswith(f"── 505.6 — {EXAMPLES}, строка 17\n505.6. Если особенность содержит в себе "
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
    assert result.output.startswith(f"── 116.8 — {TRIGGERS}, строка 26\n116.8. ")


def test_cli_config_rulebook_relative_to_the_file(tmp_path, monkeypatch):
    book_dir = tmp_path / "правила"
    book_dir.mkdir()
    (book_dir / "a.txt").write_text("114. Играемая.\n114.1. Текст.\n", encoding="utf-8")
    (tmp_path / "berserk-judge.toml").write_text('rulebook = "правила"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("114")
    assert result.exit_code == 0
    assert result.output == "── 114 — a.txt, строка 1\n114. Играемая.\n\n── 114.1 — a.txt, строка 2\n114.1. Текст.\n"


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
