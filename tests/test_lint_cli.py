"""`berserk-judge lint`: options, config precedence, suppressions, exit codes."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from berserk_judge.cli.lint_cmd import lint
from berserk_judge.cli.rule_cmd import rule

BASE = """\
set: {id: t1, name: Проба}
cards:
- id: t1_1
  name: Кшар
  text: '{tap}:ранить цель на 1.'
- id: t1_2
  name: Ост
  text: 'При гибели - ранить цель на X.'
- id: t1_3
  name: Волхв
  text: 'При атаке — ранить цель на 1.'
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A card repository: cards/t1.yaml, cwd at its root, no config yet."""
    write(tmp_path / "cards" / "t1.yaml", BASE)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*args, command=lint):
    result = CliRunner().invoke(command, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def codes(output: str) -> list[str]:
    return [line.split(": ", 2)[1].split(" ")[0] for line in output.splitlines() if ": BJ" in line]


def test_text_format_lines_and_summary(project):
    code, out = run("cards")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == f"{os.path.join('cards', 't1.yaml')}:5:15: BJ505 [t1_1] нет пробела после «:»"
    assert f"{os.path.join('cards', 't1.yaml')}:8:21: BJ501 [t1_2] дефис «-» между словами; здесь нужно тире «—»" in lines
    assert codes(out) == ["BJ505", "BJ501", "BJ401"]
    assert lines[-3] == "Найдено 3 замечания (ошибок: 1, предупреждений: 2) в 2 картах."
    assert lines[-2] == "[*] Можно исправить с --fix: 2."
    assert lines[-1] == "Проверено карт: 3."


def test_default_base_is_demo_only_without_card_files(project, at_terminal):
    code, out = run()
    assert "cardbase/demo/" not in out and "cards/t1.yaml:5:15: BJ505" in out
    (project / "cards" / "t1.yaml").unlink()
    code, out = run()
    assert "cardbase/demo/d2-spornye-teksty.yaml" in out
    assert re.fullmatch(r"Проверено карт: \d+ \(демо-база: в текущей папке нет файлов карт\)\.", out.splitlines()[-1])
    assert code == 1


def test_outside_a_terminal_no_card_files_is_nothing_to_check_not_the_demo(tmp_path, monkeypatch):
    """CI, pre-commit, the action: the user's repository, never the demo (exit 0, as Ruff)."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path / ".github" / "workflows" / "ci.yml", "on: push\njobs: {}\n")
    code, out = run()
    assert code == 0 and "cardbase/demo" not in out
    assert out.splitlines() == [
        "Замечаний нет.",
        "Проверено карт: 0 (файлов карт нет: в текущей папке и ниже нет YAML с разделом cards, и база не "
        "задана (cardbase в настройках); демо-база берётся только в терминале)."]
    code, out = run("--format", "sarif", "-o", "out.sarif")   # the action's SARIF step: an empty run
    assert code == 0 and json.loads((tmp_path / "out.sarif").read_text(encoding="utf-8"))["runs"][0]["results"] == []
    code, out = run("--fix")
    assert code == 0 and "демо" not in out.replace("демо-база берётся только в терминале", "")


def test_a_named_yaml_file_that_is_no_card_file_is_skipped_as_discovery_skips_it(tmp_path, monkeypatch):
    """pre-commit passes a workflow: not three BJ003 errors, and -v names it."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "ci.yml", "name: ci\non: [push]\n")
    write(tmp_path / "set-only.yaml", "set: {id: s, name: S}\n")   # a card file with its cards missing
    code, out = run("ci.yml")
    assert code == 0 and "BJ003" not in out
    assert out.splitlines()[-1] == ("Проверено карт: 0 (файлов карт нет: пропущен 1 файл YAML без разделов "
                                    "cards и set (-v их называет)).")
    result = CliRunner().invoke(lint, ["ci.yml", "-v"])
    assert "пропущен (не файл карт: нет раздела cards): ci.yml\n" in result.stderr
    code, out = run("ci.yml", "set-only.yaml")
    assert code == 1 and "set-only.yaml" in out and "ci.yml" not in out


def test_paths_never_fall_back_to_the_demo(tmp_path, monkeypatch, at_terminal):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty").mkdir()
    code, out = run("empty")
    assert code == 2 and "cardbase/demo" not in out


def test_clean_base_exits_zero(project):
    write(project / "clean.yaml", "set: {id: c, name: Ч}\ncards:\n- id: c1\n  name: Ч\n  text: 'При атаке — ранить цель на 1.'\n")
    code, out = run("clean.yaml")
    assert code == 0
    assert out.strip().splitlines()[0] == "Замечаний нет."


def test_select_ignore_and_prefixes(project):
    assert codes(run("cards", "--select", "BJ5")[1]) == ["BJ505", "BJ501"]
    assert codes(run("cards", "--ignore", "BJ5")[1]) == ["BJ401"]
    assert codes(run("cards", "--select", "BJ5,BJ401", "--ignore", "BJ501")[1]) == ["BJ505", "BJ401"]
    assert codes(run("cards", "--select", "BJ4", "--extend-select", "BJ505")[1]) == ["BJ505", "BJ401"]
    assert codes(run("cards", "--extend-ignore", "BJ505")[1]) == ["BJ501", "BJ401"]
    # the more specific selector wins
    assert codes(run("cards", "--select", "BJ501", "--ignore", "BJ5")[1]) == ["BJ501"]


def test_unknown_selector_is_usage_error(project):
    code, out = run("cards", "--select", "BJ77")
    assert code == 2
    assert "неизвестный код правила «BJ77»" in out


def test_severity_threshold(project):
    code, out = run("cards", "--severity", "error")
    assert codes(out) == ["BJ401"]
    assert code == 1
    assert "ниже порога: 2" in out
    code, out = run("cards", "--select", "BJ5", "--severity", "error")
    assert code == 0 and codes(out) == []


def test_exit_zero(project):
    code, out = run("cards", "--exit-zero")
    assert code == 0 and codes(out) == ["BJ505", "BJ501", "BJ401"]


def test_statistics_text_and_json(project):
    code, out = run("cards", "--statistics")
    assert code == 1
    assert out.splitlines() == ["1\tBJ401\tundefined-x\terror", "1\tBJ501\thyphen-as-dash\twarning",
                                "1\tBJ505\tspacing\twarning", "Всего: 3"]
    code, out = run("cards", "--statistics", "--format", "json")
    assert json.loads(out)[0] == {"code": "BJ401", "name": "undefined-x", "severity": "error", "count": 1}


def test_output_file(project):
    code, out = run("cards", "--format", "json", "--output", "report.json")
    assert code == 1
    data = json.loads((project / "report.json").read_text(encoding="utf-8"))
    assert [d["code"] for d in data] == ["BJ505", "BJ501", "BJ401"]
    assert "Найдено 3" in out  # the summary still goes to the terminal (stderr)


def test_quiet(project):
    code, out = run("cards", "-q")
    assert "Найдено" not in out and len(out.splitlines()) == 3


# -- configuration ------------------------------------------------------------

def test_pyproject_config_select_and_cardbase(project):
    write(project / "pyproject.toml", '[tool.berserk-judge]\ncardbase = "cards"\nselect = ["BJ4"]\n')
    code, out = run()
    assert codes(out) == ["BJ401"] and code == 1


def test_cli_overrides_file(project):
    write(project / "pyproject.toml", '[tool.berserk-judge]\ncardbase = "cards"\nselect = ["BJ4"]\n')
    assert codes(run("--select", "BJ505")[1]) == ["BJ505"]
    assert codes(run("--extend-select", "BJ505")[1]) == ["BJ505", "BJ401"]
    assert codes(run("--ignore", "BJ401")[1]) == []


def test_berserk_judge_toml_beats_pyproject_in_same_dir(project):
    write(project / "pyproject.toml", '[tool.berserk-judge]\ncardbase = "cards"\nselect = ["BJ4"]\n')
    write(project / "berserk-judge.toml", 'cardbase = "cards"\nselect = ["BJ501"]\n')
    assert codes(run()[1]) == ["BJ501"]


def test_nearest_config_wins(project, monkeypatch):
    write(project / "berserk-judge.toml", 'select = ["BJ501"]\n')
    sub = project / "sub"
    write(sub / "pyproject.toml", '[tool.berserk-judge]\nselect = ["BJ505"]\n')
    monkeypatch.chdir(sub)
    assert codes(run("../cards")[1]) == ["BJ505"]
    # a pyproject without our table is skipped on the way up
    write(sub / "pyproject.toml", '[project]\nname = "x"\n')
    assert codes(run("../cards")[1]) == ["BJ501"]


def test_config_option_and_isolated(project):
    write(project / "berserk-judge.toml", 'select = ["BJ501"]\n')
    write(project / "other.toml", 'select = ["BJ505"]\n')
    assert codes(run("cards", "--config", "other.toml")[1]) == ["BJ505"]
    assert codes(run("cards", "--isolated")[1]) == ["BJ505", "BJ501", "BJ401"]


def test_per_file_ignores_and_severity_override(project):
    write(project / "cards" / "t2.yaml", BASE.replace("t1", "t2"))
    write(project / "berserk-judge.toml",
          'select = ["BJ5"]\n[per-file-ignores]\n"cards/t2.yaml" = ["BJ505"]\n'
          '[severity]\nBJ501 = "error"\n')
    code, out = run("cards", "--format", "json")
    data = json.loads(out)
    assert [(Path(d["path"]).name, d["code"], d["severity"]) for d in data] == [
        ("t1.yaml", "BJ505", "warning"), ("t1.yaml", "BJ501", "error"), ("t2.yaml", "BJ501", "error")]


def test_config_threshold_and_format(project):
    write(project / "berserk-judge.toml", 'severity-threshold = "error"\nformat = "json"\n')
    code, out = run("cards")
    assert [d["code"] for d in json.loads(out)] == ["BJ401"]
    code, out = run("cards", "--severity", "info", "--format", "text")
    assert codes(out) == ["BJ505", "BJ501", "BJ401"]


@pytest.mark.parametrize("content,needle", [
    ('selekt = ["BJ1"]\n', "неизвестный ключ; возможно, «select»"),
    ('select = "BJ1"\nignore = [1]\n', "ключ «ignore»"),
    ('select = ["BJ777"]\n', "неизвестный код правила «BJ777»"),
    ('[severity]\nBJ101 = "fatal"\n', "ожидается error, warning или info"),
    ('select = [\n', "ошибка TOML"),
    ('format = "xml"\n', "ключ «format»"),
])
def test_bad_config_exits_2(project, content, needle):
    write(project / "berserk-judge.toml", content)
    code, out = run("cards")
    assert code == 2
    assert needle in out and "berserk-judge.toml" in out


def test_missing_config_file_exits_2(project):
    code, out = run("cards", "--config", "nope.toml")
    assert code == 2 and "не найден" in out


def test_bad_pyproject_table(project):
    write(project / "pyproject.toml", '[tool.berserk-judge]\nper-file-ignores = ["x"]\n')
    code, out = run("cards")
    assert code == 2 and "per-file-ignores" in out


# -- suppressions -------------------------------------------------------------

NOQA_BASE = """\
set: {id: n1, name: Подавления}
cards:
- id: n1_1
  name: Кшар
  text: '{tap}:ранить цель на 1.'  # noqa: BJ505
- id: n1_2
  name: Ост
  text: 'При атаке — ранить цель на 1.'  # noqa: BJ101
- id: n1_3
  name: Волхв
  noqa: [BJ501]
  text: 'При гибели - ранить цель на 1.'
- id: n1_4
  name: Гиррит
  noqa: [BJ401]
  text: 'При гибели — ранить цель на 1.'
- id: n1_5
  name: Пустотник
  text: |-
    {tap}:ранить цель на 1.
    При гибели - ранить цель на 1.
  # noqa[2]: BJ501
- id: n1_6
  name: Бор
  text: '{tap}:ранить  цель.'  # noqa
- id: n1_7
  name: Гор
  text: 'При атаке — ранить цель на 1.'  # noqa: BJ55
"""


def test_suppressions_used_and_unused(project):
    write(project / "n.yaml", NOQA_BASE)
    code, out = run("n.yaml", "--format", "json")
    found = [(d["card"], d["code"], d["message"]) for d in json.loads(out)]
    assert found == [
        ("n1_2", "BJ900", "комментарий «# noqa: BJ101» ничего не подавляет: BJ101"),
        ("n1_4", "BJ900", "поле noqa ничего не подавляет: BJ401"),
        ("n1_5", "BJ505", "нет пробела после «:»"),
        ("n1_7", "BJ901", "комментарий «# noqa: BJ55» неизвестный код «BJ55»".replace("» неизв", "»: неизв")),
    ]
    assert code == 1


def test_unused_noqa_locations_and_summary(project):
    write(project / "n.yaml", NOQA_BASE)
    code, out = run("n.yaml", "--select", "BJ900,BJ101,BJ401,BJ505")
    assert "n.yaml:8:42: BJ900 [n1_2] комментарий «# noqa: BJ101» ничего не подавляет: BJ101" in out
    assert "n1_6" not in out  # a bare noqa is judged only when every rule runs
    assert "n.yaml:15:9: BJ900 [n1_4] поле noqa ничего не подавляет: BJ401" in out
    assert "(подавлено: " in out


def test_noqa_for_disabled_code_is_not_judged(project):
    write(project / "n.yaml", NOQA_BASE)
    code, out = run("n.yaml", "--ignore", "BJ101,BJ401")
    assert "BJ900" not in out


def test_bj900_can_be_ignored(project):
    write(project / "n.yaml", NOQA_BASE)
    code, out = run("n.yaml", "--ignore", "BJ9")
    assert codes(out) == ["BJ505"]


# -- unreadable input -----------------------------------------------------------

def test_unreadable_input_exit_2_other_files_still_reported(project):
    write(project / "cards" / "broken.yaml", "set: {id: b, name: B}\ncards:\n- id: b1\n  text: «a: b»: c\n  name: [\n")
    code, out = run("cards", "missing.yaml")
    assert code == 2
    assert "BJ000" in out and "missing.yaml" in out
    assert "BJ401 [t1_2]" in out  # findings in the readable file are still printed


def test_unreadable_input_exit_2_even_with_exit_zero(project):
    code, out = run("nothing-here", "--exit-zero")
    assert code == 2 and "BJ000" in out


def test_schema_problem_is_bj003(project):
    write(project / "s.yaml", "set: {id: s, name: S}\ncards:\n- id: s1\n  name: Ч\n  nmae: x\n  text: 'При атаке — ранить цель на 1.'\n")
    code, out = run("s.yaml")
    assert code == 1 and "BJ003 [s1] неизвестное поле «nmae»" in out


def test_unknown_icon_reported_once_by_bj302(project):
    write(project / "i.yaml", "set: {id: i, name: I}\ncards:\n- id: i1\n  name: Ч\n  text: 'Получает {tpa}.'\n")
    code, out = run("i.yaml")
    assert codes(out) == ["BJ302"] and code == 1


# -- rule command ---------------------------------------------------------------

def test_rule_catalogue_and_one_rule():
    code, out = run(command=rule)
    assert code == 0
    assert out.splitlines()[0].startswith("BJ000  unreadable-input")
    assert any(line.startswith("BJ101  ambiguous-grouping") for line in out.splitlines())
    code, out = run("BJ101", command=rule)
    assert code == 0
    for heading in ("Что находит:", "Почему это важно:", "Плохо:", "Хорошо:", "Правила: 505"):
        assert heading in out
    assert run("ambiguous-grouping", command=rule)[1] == out


def test_rule_unknown_code_suggests():
    code, out = run("BJ1011", command=rule)   # («BJ11» is as close to BJ511 as to BJ101 since BJ511 exists)
    assert code == 2 and "Возможно, имелось в виду BJ101" in out


def test_rule_json():
    code, out = run("BJ401", "--format", "json", command=rule)
    (item,) = json.loads(out)
    assert item["code"] == "BJ401" and item["rules"] == ["505.7"]
