"""Hostile card files and configs: a finding with the place, never a crash or a hang (issue 12)."""
from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from berserk_judge.cli.lint_cmd import lint

CARD = "set: {{id: s, name: S}}\ncards:\n- id: s1\n  name: Кшар\n  text: {text}\n"
GOOD = CARD.format(text="'{tap}: ранить цель на 1.'")


def run_lint(tmp_path, monkeypatch, *args):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(lint, ["--isolated", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def lines(result) -> list[str]:
    return [line for line in result.output.splitlines() if ": BJ" in line]


@pytest.mark.parametrize("raw, line, col, name", [
    (b"hi\x07 there", 5, 11, "U+0007 BELL"),
    (b"\xd0\xbf\xd0\xbb\xd0\xbe\x0b", 5, 12, "U+000B LINE TABULATION"),
    (b"ab\x00c", 5, 11, "U+0000 NULL"),
    ("a\ufffeb".encode(), 5, 10, "U+FFFE (не символ Юникода)"),
])
def test_raw_control_character_is_bj000_and_other_files_still_linted(tmp_path, monkeypatch, raw, line, col, name):
    (tmp_path / "a.yaml").write_bytes(CARD.format(text="").encode() [:-1] + raw + b"\n")
    (tmp_path / "b.yaml").write_text(GOOD.replace("s1", "s2"), encoding="utf-8")
    result = run_lint(tmp_path, monkeypatch, "a.yaml", "b.yaml")
    assert result.exit_code == 2
    assert lines(result)[0] == (f"a.yaml:{line}:{col}: BJ000 недопустимый символ {name} в файле YAML; "
                                "ожидается печатный текст (управляющие символы пишите в двойных кавычках как \\xNN)")
    assert "Проверено карт: 1." in result.output


def test_deep_flow_nesting_is_refused_before_composing(tmp_path, monkeypatch):
    (tmp_path / "deep.yaml").write_text("cards: " + "[" * 60000, encoding="utf-8")
    result = run_lint(tmp_path, monkeypatch, "deep.yaml")
    assert result.exit_code == 2
    assert lines(result) == ["deep.yaml:1:71: BJ000 вложенность значений YAML глубже 64 уровней; "
                             "ожидается база карт (set, cards, поля карт)"]


def test_deep_block_nesting_is_refused(tmp_path, monkeypatch):
    body = "".join(" " * i + "-\n" for i in range(0, 5000, 2))
    (tmp_path / "deep.yaml").write_text("set: {id: a, name: A}\ncards:\n" + body, encoding="utf-8")
    result = run_lint(tmp_path, monkeypatch, "deep.yaml")
    assert result.exit_code == 2
    assert "BJ000 вложенность значений YAML глубже 64 уровней" in result.output


def test_billion_laughs_is_refused_without_expanding(tmp_path, monkeypatch):
    levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        levels.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    (tmp_path / "lol.yaml").write_text("\n".join(levels) + "\nset: {id: a, name: A}\ncards: [*i]\n",
                                       encoding="utf-8")
    result = run_lint(tmp_path, monkeypatch, "lol.yaml")
    assert result.exit_code == 2
    assert lines(result) == [
        "lol.yaml:1:4: BJ000 ссылки YAML (якорь &имя и ссылка *имя) в файле карт не поддерживаются: "
        "это значение используется повторно; ожидается каждое значение записанным полностью"]


def test_an_asterisk_in_a_text_is_not_an_alias(tmp_path, monkeypatch):
    (tmp_path / "a.yaml").write_text(CARD.format(text="'{tap}: ранить цель на 1 *звезда*.'"), encoding="utf-8")
    result = run_lint(tmp_path, monkeypatch, "a.yaml", "--select", "BJ0")
    assert result.exit_code == 0, result.output


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/dev/zero"), reason="нужны FIFO и /dev/zero")
def test_non_regular_files_are_refused(tmp_path, monkeypatch):
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "ok.yaml").write_text(GOOD, encoding="utf-8")
    result = run_lint(tmp_path, monkeypatch, "pipe.yaml", "/dev/zero", "ok.yaml")
    assert result.exit_code == 2
    assert lines(result) == [
        "/dev/zero: BJ000 это устройство, а не обычный файл; ожидается файл на диске",
        "pipe.yaml: BJ000 это канал (FIFO), а не обычный файл; ожидается файл на диске",
    ]
    monkeypatch.chdir(tmp_path)
    config = CliRunner().invoke(lint, ["--config", "/dev/zero", "ok.yaml"])
    assert config.exit_code == 2
    assert config.output == "Ошибка настроек: /dev/zero: это устройство, а не обычный файл; ожидается файл на диске\n"


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_lone_surrogate_is_replaced_and_reported_in_every_format(tmp_path, monkeypatch, fmt):
    (tmp_path / "s.yaml").write_text(
        'set: {id: a, name: A}\ncards:\n- id: "\\ud800"\n  name: X\n  text: "\\ud800 ранить цель на 1 и. ррр"\n',
        encoding="utf-8")
    result = run_lint(tmp_path, monkeypatch, "s.yaml", "--format", fmt)
    assert result.exit_code == 1
    result.output.encode("utf-8")  # printable as UTF-8
    message = ("в значении U+D800 (одиночный суррогат): это не символ текста, его нельзя записать в UTF-8 "
               "(заменён на U+FFFD); ожидается текст в Юникоде")
    assert result.output.count(message) == 2, result.output
    if fmt == "text":
        assert "s.yaml:3:7: BJ003 " + message in result.output


def test_same_file_twice_has_no_false_duplicates(tmp_path, monkeypatch):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "a.yaml").write_text(GOOD, encoding="utf-8")
    result = run_lint(tmp_path, monkeypatch, "cards/a.yaml", "./cards/a.yaml", "cards", str(tmp_path / "cards"))
    assert "повторный id" not in result.output
    assert "Проверено карт: 1." in result.output


@pytest.mark.parametrize("name, text, message", [
    ("pyproject.toml", "[tool.berserk-judge\nselect = [\n",
     "pyproject.toml: ошибка TOML: Expected ']' at the end of a table declaration (at line 1, column 20)"),
    ("berserk-judge.toml", "cardbase = []\n",
     "berserk-judge.toml: ключ «cardbase»: ожидается путь или список путей к базе карт (непустой), а задано []"),
    ("berserk-judge.toml", "a = " + "[" * 5000 + "\n",
     "berserk-judge.toml: ошибка TOML: слишком глубокая вложенность значений"),
])
def test_broken_config_is_an_error(tmp_path, monkeypatch, name, text, message):
    (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(lint, ["a.yaml"])
    assert result.exit_code == 2
    assert result.output == f"Ошибка настроек: {tmp_path / message}\n"


def test_broken_pyproject_of_another_tool_is_not_ours(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text("[tool.black\n", encoding="utf-8")
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(lint, ["a.yaml", "--select", "BJ0"]).exit_code == 0



def test_value_nested_deep_but_harmless_to_the_composer_is_a_schema_error(tmp_path, monkeypatch):
    (tmp_path / "mid.yaml").write_text(CARD.format(text="x").replace(
        "  text: x", "  cost: " + "[" * 1500 + "]" * 1500 + "\n  text: x"), encoding="utf-8")
    result = run_lint(tmp_path, monkeypatch, "mid.yaml", "--select", "BJ0")
    assert result.exit_code == 1
    assert lines(result) == ["mid.yaml:5:9: BJ003 значение вложено слишком глубоко; ожидается обычное значение YAML"]
