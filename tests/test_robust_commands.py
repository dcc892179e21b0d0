"""canon, coverage and grid on hostile input: the right message and exit code (issue 12)."""
from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from berserk_judge.cli.canon_cmd import canon
from berserk_judge.cli.coverage_cmd import coverage
from berserk_judge.cli.grid_cmd import grid
from berserk_judge.parser import read_abstract, read_text


def run(command, args, input=None):
    result = CliRunner().invoke(command, args, input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.mark.parametrize("text, message", [
    ("(" * 125 + "С1" + ")" * 125, "строка 1, столбец 41: скобки вложены глубже 40 уровней; ожидается текст особенности"),
    ("С1 " + "при этом С2 " * 1000,
     "строка 1, столбец 4804: в особенности больше 400 связок; ожидается текст особенности"),
])
def test_deep_abstract_text_is_an_error_not_a_recursion(text, message):
    result = run(canon, [text])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == message


def test_label_with_thousands_of_digits():
    result = run(canon, ["С" + "0" * 5000 + "7 и С" + "1" * 5000])
    assert result.exit_code == 0
    assert result.output == f"(С7 и С{'1' * 5000})\n"
    assert read_abstract("если У" + "1" * 5000 + " — С1")[0].reading is not None


def test_bracketed_ability_after_a_connective_is_read_not_dropped():
    result = run(canon, ["{tap}: ранить цель на 1 и (ранить цель на 2)."])
    assert result.exit_code == 0
    assert result.output == "(ранить цель на 1 и (ранить цель на 2))  [оплата: {tap}]\n"


def test_effect_cut_short_on_a_connective_is_an_error_not_a_drop():
    result = run(canon, ["{tap}: ранить цель на 1 и (1 раз за ход)."])
    assert result.exit_code == 1
    assert result.output.startswith("строка 1, столбец 25: эффект обрывается на связке «и»")


@pytest.mark.parametrize("text, message", [
    (":", "строка 1, столбец 1: в особенности нет ни одного слова, только «:»; ожидается текст особенности"),
    ("—", "строка 1, столбец 1: в особенности нет ни одного слова, только «—»; ожидается текст особенности"),
    ("«", "строка 1, столбец 1: в особенности нет ни одного слова, только ««»; ожидается текст особенности"),
    ("либо", "строка 1, столбец 1: эффект обрывается на связке «либо»: после неё ожидается способность"),
])
def test_lone_punctuation_is_unread(text, message):
    result = run(canon, [text])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == message


def test_real_text_ending_in_a_verb_phrase_with_pri_etom_is_still_read():
    feature = read_text("{tap}: все ваши существа сражаются, не закрываясь при этом.")[0]
    assert feature.error is None


def test_invalid_utf8_on_stdin_is_refused():
    result = run(canon, ["-"], input=b"\xd0\xb1\n\xff")
    assert result.exit_code == 2
    assert result.output == ("Ошибка: стандартный ввод не в кодировке UTF-8: байт 0xFF в строке 2, столбце 1; "
                             "ожидается текст в UTF-8\n")


def test_undecodable_argument_is_refused():
    result = run(canon, ["\udcff С1"])  # how Python passes the byte 0xFF of a command line
    assert result.exit_code == 2
    assert result.output == "Ошибка: ТЕКСТ не в кодировке UTF-8: байт 0xFF в позиции 1; ожидается текст в UTF-8\n"


def test_invisible_character_in_a_message_is_named():
    result = run(canon, ["С1 \ufeff и С2"])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "строка 1, столбец 4: неизвестное слово «<U+FEFF ZERO WIDTH NO-BREAK SPACE>»: "
        "ожидалась способность С1, С2, … или связка")


def test_canon_card_in_a_broken_base_shows_the_base_problem(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "b.yaml").write_text("set: {id: a, name: A}\ncards:\n- id: a1\n  name: X\n  text: [\n",
                                     encoding="utf-8")
    result = run(canon, ["--card", "X", "--base", "b.yaml"])
    assert result.exit_code == 2
    # the lookup `card` and `explain --card` share, with their answer (issue 29: one lookup)
    assert result.output == ("Ошибка: b.yaml:6:1: ошибка YAML: ожидается значение, а найдено конец файла "
                             "(expected the node content, but found '<stream end>')\n")
    from berserk_judge.cli.card_cmd import card

    assert (run(card, ["X", "--base", "b.yaml"]).exit_code, run(card, ["X", "--base", "b.yaml"]).output) == (
        2, result.output)


@pytest.mark.parametrize("make, message", [
    (lambda d: "missing.yaml", "Ошибка: missing.yaml: файл или папка не найдены; ожидается путь к базе карт YAML"),
    (lambda d: (d / "bin.yaml").write_bytes(b"\xce\xff\x00") and "bin.yaml",
     "Ошибка: bin.yaml:1:1: файл не в кодировке UTF-8: байт 0xCE не читается; "
     "ожидается текст в UTF-8 (пересохраните файл в UTF-8)"),
    (lambda d: (d / "bin.jsonl").write_bytes(b"\xce\xff\x00") and "bin.jsonl",
     "Ошибка: bin.jsonl: файл не в кодировке UTF-8 (байт 0xCE); ожидается файл JSONL в UTF-8"),
    (lambda d: "missing.jsonl",
     "Ошибка: missing.jsonl: не удалось прочитать файл (файл не найден); ожидается файл JSONL"),
])
def test_coverage_of_an_unreadable_path_exits_2(tmp_path, monkeypatch, make, message):
    monkeypatch.chdir(tmp_path)
    path = make(tmp_path)
    result = run(coverage, [path])
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        message, "Итого: особенностей 0 — читать нечего", "Не прочитано файлов или путей: 1 (см. сообщения выше)."]
    as_json = run(coverage, [path, "--format", "json"])
    assert as_json.exit_code == 2
    assert json.loads(as_json.output[:as_json.output.rindex("}") + 1])["problems"] == [message[len("Ошибка: "):]]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="нужен /dev/zero")
def test_grid_refuses_non_regular_map_and_huge_cell_names(tmp_path):
    board = tmp_path / "m.txt"
    board.write_text(". . .\n. . .\n", encoding="utf-8")
    result = run(grid, ["distance", "/dev/zero", "a1", "a2"])
    assert result.exit_code == 2
    assert result.output == "Ошибка: «/dev/zero»: это устройство, а не обычный файл; ожидается файл на диске\n"
    result = run(grid, ["distance", str(board), "a1", "a" + "1" * 5000])
    assert result.exit_code == 2
    assert result.output == ("Ошибка: КУДА: клетка «a1111111111111111111…» вне любой карты: столбец — не больше "
                             "4 букв, строка — не больше 6 цифр\n")
