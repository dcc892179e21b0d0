"""Data from elsewhere cannot forge CI output (issue 38): card texts, rulings, names, ids, paths and
config keys come from other people's files, and no line any command prints may start (after its
blanks) with `::` (a GitHub Actions workflow command) or `##[` (Azure Pipelines), a CR counting as a
line break. One guard does it for every command (cli/safe_output.py); a multi-line text keeps its
lines, a value meant to be one line shows its line break named."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from berserk_judge.cli.safe_output import GuardedStream
from berserk_judge.reports.escape import guard_line_starts, safe_lines

# what CI runners read as a command at a line start; a CR, NEL and the separators break lines too
FORGED = re.compile(r"(?:\A|[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029])[\s\u200b\ufeff]*(?:::|##\[)")

CARDS = r'''set: {id: h, name: "Выпуск\n::error::выпуск"}
cards:
- id: "h_1"
  name: "Злой\n::error file=n,line=1::имя\r##[error]имя"
  rulings:
  - question: "Можно?\n::error file=q,line=1::вопрос"
    answer: "Нет.\n  ::error file=x,line=1::ответ\r::warning::возврат каретки\n##[error]azure"
  text: |-
    Ранить цель на 1 .
      ::error file=t,line=1::текст
    ##[warning]текст
- id: "h_2\n::error::id"
  name: Второй
  text: "При атаке ранить цель на 1.\r::error::текст после CR"
'''
CONFIG = ('[tool.berserk-judge]\ncardbase = "cards"\n[tool.berserk-judge.per-file-ignores]\n'
          '"x\\n::error::ключ" = ["BJ508"]\n"y\\r##[error]ключ" = ["BJ508"]\n')


@pytest.fixture
def hostile(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "a.yaml").write_text(CARDS, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(CONFIG, encoding="utf-8")
    return tmp_path


def run(*args):
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def forged(text: str) -> list[str]:
    return [text[m.start():m.end() + 30] for m in FORGED.finditer(text)]


COMMANDS = [
    ("card", "h_1"), ("card", "Злой"), ("explain", "--card", "h_1"), ("canon", "--card", "h_1"),
    ("canon", "--all"), ("canon", "--card", "h_2\n::error::id"), ("report", "cards", "--out", "site"),
    ("clean",), ("lint", "cards"), ("rules", "--rulebook", "rulebook", "505\n::error::правило"),
    ("rules", "--rulebook", "rulebook", "атака\r##[error]слова"), ("grid", "reach", "--squares", "2", "x\n::error::карта"),
    ("grid", "x\n::error::команда"), ("lint", "--format", "x\n::error::формат", "cards"),
]


@pytest.mark.parametrize("args", COMMANDS, ids=[" ".join(a)[:40] for a in COMMANDS])
def test_no_command_prints_a_line_a_ci_runner_would_read_as_a_command(hostile, args):
    if "rules" in args:
        (hostile / "rulebook").mkdir()
        (hostile / "rulebook" / "505.txt").write_text("505.7. Атака ранит цель.\n", encoding="utf-8")
    result = run(*args)
    assert result.exit_code in (0, 1, 2, 3), result.output
    assert forged(result.stdout) == [] and forged(result.stderr) == []


def test_a_multi_line_text_keeps_its_lines_and_a_value_stays_on_one(hostile):
    out = run("card", "h_1").stdout
    lines = out.splitlines()
    assert lines[0].startswith("Злой<U+000A LINE FEED>::error file=n,line=1::имя<U+000D CARRIAGE RETURN>##[error]имя"
                               "  [h_1]")
    assert "    <U+003A COLON>:error file=t,line=1::текст" in lines          # the text's own line, named
    assert "  <U+0023 NUMBER SIGN>#[warning]текст" in lines
    canon = run("canon", "--card", "h_1").stdout.splitlines()
    assert canon[1:] == ["<U+003A COLON>:error file=t,line=1::текст", "<U+0023 NUMBER SIGN>#[warning]текст"]
    explained = run("explain", "--card", "h_1").stdout
    assert "<U+003A COLON>:error file=x,line=1::ответ" in explained


def test_config_keys_in_report_and_clean_messages_stay_on_their_line(hostile):
    (hostile / "pyproject.toml").write_text(CONFIG.replace('["BJ508"]', '["BJZ"]', 1), encoding="utf-8")
    for args in (("report", "cards", "--out", "site"), ("clean",)):
        result = run(*args)
        assert result.exit_code == 2
        assert result.stderr.startswith("Ошибка настроек: ") and "ключ «per-file-ignores.x<U+000A LINE FEED>" \
            "::error::ключ»" in result.stderr
        assert result.stderr.count("\n") == 1


def test_github_format_keeps_its_own_commands(hostile):
    result = run("lint", "--format", "github", "cards")
    lines = result.stdout.splitlines()
    assert lines and all(line.startswith("::") for line in lines)     # workflow commands by design
    assert all("\n" not in line and "\r" not in line for line in lines)


def test_the_guard_across_writes_and_its_rules():
    assert safe_lines("a\n::b\r::c\n  ##[d] e::f ##[g") == (
        "a\n<U+003A COLON>:b\r<U+003A COLON>:c\n  <U+0023 NUMBER SIGN>#[d] e::f ##[g")
    assert safe_lines("x::y\n# заголовок\n:одно двоеточие") == "x::y\n# заголовок\n:одно двоеточие"
    assert guard_line_starts("ok\n  :") == ("ok\n  ", True, ":")       # held: the next write may add a «:»

    class Sink:
        text = ""

        def write(self, chunk):
            self.text += chunk

    sink = Sink()
    stream = GuardedStream(sink)
    for chunk in ("строка\n", ":", ":error::разрезано", " и ", "::не в начале\n  #", "#[error]", "\r", ":", "x"):
        stream.write(chunk)
    stream.release()
    assert sink.text == ("строка\n<U+003A COLON>:error::разрезано и ::не в начале\n  <U+0023 NUMBER SIGN>#[error]"
                         "\r:x")
    with pytest.raises(TypeError):
        stream.write(b"::error")
