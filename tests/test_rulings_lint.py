"""`lint` checks rulings: BJ601 (a cited number the rulebook lacks), BJ602 (a ruling attached to no card)."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from berserk_judge.cardbase.load import load_base
from berserk_judge.cli.main import main
from berserk_judge.lint.config import Layer, Settings
from berserk_judge.lint.engine import lint_base
from berserk_judge.lint.finding import Severity
from berserk_judge.lint.registry import get_rule

HEADER = "set: {id: d1, name: Демо}\n"
SHARED_RULES = Path(__file__).resolve().parents[1].parent / "shared" / "rules"


@pytest.fixture
def rulebook(tmp_path) -> Path:
    folder = tmp_path / "свод"
    folder.mkdir()
    (folder / "505.txt").write_text("505. Связки.\n505.7. Выбор и зависимость.\n505.4.1. Точка с запятой.\n",
                                    encoding="utf-8")
    return folder


def _base_file(tmp_path, body: str) -> Path:
    path = tmp_path / "d1.yaml"
    yaml = "cards:\n" + body if body.startswith("- ") else body
    path.write_text(yaml if yaml.startswith("set:") else HEADER + yaml, encoding="utf-8")
    return path


def _lint(path: Path, rulebook: Path | None, select=("BJ6",)):
    settings = Settings(layers=[Layer(select=list(select))])
    settings.rulebook = str(rulebook) if rulebook else None
    return lint_base(load_base([str(path)]), settings).findings


@pytest.mark.parametrize("code", ["BJ601", "BJ602"])
def test_the_doc_examples_hold_as_card_files(tmp_path, rulebook, code):
    doc = get_rule(code).doc()
    bad = _lint(_base_file(tmp_path, doc.bad + "\n"), rulebook)
    assert [f.code for f in bad] == [code]
    good = _lint(_base_file(tmp_path, doc.good + "\n"), rulebook)
    assert good == []


def test_bj601_points_at_the_number_and_names_a_close_one(tmp_path, rulebook):
    path = _base_file(tmp_path, "- id: d1_1\n  name: Кшар\n  rulings:\n  - answer: Да.\n"
                                "    rules: ['505.77', '505.7', 523.3, '505']\n  text: x\n")
    found = [(f.code, f.line, f.column, f.end_column, f.card, f.message) for f in _lint(path, rulebook)]
    assert found == [
        ("BJ601", 7, 13, 21, "d1_1", "решение ссылается на правило 505.77, которого нет в своде правил "
                                     "(есть 505.7); проверьте номер"),
        ("BJ601", 7, 32, 37, "d1_1", "решение ссылается на правило 523.3, которого нет в своде правил; "
                                     "проверьте номер"),
    ]


def test_bj601_marks_no_part_of_the_card_text(tmp_path, rulebook):
    path = _base_file(tmp_path, "- id: d1_1\n  name: Кшар\n  rulings:\n  - answer: Да.\n    rules: ['523.3']\n"
                                "  text: '{tap}: ранить цель на 1.'\n")
    (finding,) = _lint(path, rulebook)
    assert (finding.start, finding.end, finding.fix) == (None, None, None)


def test_bj601_is_silent_without_a_rulebook(tmp_path):
    path = _base_file(tmp_path, "- id: d1_1\n  name: Кшар\n  rulings:\n  - answer: Да.\n    rules: ['999.9']\n"
                                "  text: x\n")
    assert _lint(path, None) == []


def test_bj601_follows_a_changed_rulebook_through_the_lint_cache(tmp_path, rulebook):
    path = _base_file(tmp_path, "- id: d1_1\n  name: Кшар\n  rulings:\n  - answer: Да.\n    rules: ['523.3']\n"
                                "  text: '{tap}: ранить цель на 1.'\n")
    config = tmp_path / "berserk-judge.toml"
    config.write_text(f'rulebook = "{rulebook}"\nselect = ["BJ6"]\n', encoding="utf-8")
    run = lambda: CliRunner().invoke(main, ["lint", str(path), "--config", str(config)])   # noqa: E731
    first = run()
    assert first.exit_code == 1
    assert first.stdout.splitlines()[0] == (f"{path}:7:13: BJ601 [d1_1] решение ссылается на правило 523.3, "
                                            "которого нет в своде правил; проверьте номер")
    assert run().stdout == first.stdout                       # served by the cache
    (rulebook / "523.txt").write_text("523. Эффекты.\n523.3. Нулевой эффект.\n", encoding="utf-8")
    again = run()
    assert again.exit_code == 0, again.stdout


def test_bj601_is_suppressed_by_the_cards_noqa_field(tmp_path, rulebook):
    path = _base_file(tmp_path, "- id: d1_1\n  name: Кшар\n  noqa: [BJ601]\n  rulings:\n  - answer: Да.\n"
                                "    rules: ['523.3']\n  text: x\n")
    assert _lint(path, rulebook) == []


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="../shared/rules not found")
def test_bj601_holds_the_numbers_of_the_shared_rulebook(tmp_path):
    path = _base_file(tmp_path, "- id: d1_1\n  name: Кшар\n  rulings:\n  - answer: Да.\n"
                                "    rules: ['116.3.1', '505.5', '506.1', '114', '515.5']\n  text: x\n")
    assert [f.message for f in _lint(path, SHARED_RULES)] == [
        "решение ссылается на правило 515.5, которого нет в своде правил; проверьте номер"]


def test_bj602_findings_can_be_ignored_and_reweighed(tmp_path):
    path = _base_file(tmp_path, "- id: d1_1\n  name: Кшар\n  rulings:\n  - просто строка\n  text: x\n")
    (finding,) = _lint(path, None)
    assert (finding.code, finding.name, finding.severity.label, finding.line, finding.column, finding.card) == (
        "BJ602", "detached-ruling", "warning", 6, 5, "d1_1")
    assert finding.message == ("элемент rulings — строка «просто строка»; ожидается решение: отображение с "
                               "полями question и answer (не показано у карты)")
    settings = Settings(layers=[Layer(select=["ALL"], ignore=["BJ602"])])
    assert [f for f in lint_base(load_base([str(path)]), settings).findings if f.code == "BJ602"] == []
    heavy = Settings(layers=[Layer(select=["BJ602"])])
    heavy.severity_overrides["BJ602"] = Severity.ERROR
    (weighed,) = lint_base(load_base([str(path)]), heavy).findings
    assert weighed.severity.label == "error"


def test_lint_exit_code_with_a_detached_ruling(tmp_path):
    path = _base_file(tmp_path, "set: {id: d1, name: Демо}\nrulings:\n- answer: Да.\ncards:\n"
                                "- id: d1_1\n  name: Кшар\n  text: '{tap}: ранить цель на 1.'\n")
    result = CliRunner().invoke(main, ["lint", str(path), "--select", "BJ602", "--no-cache"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == (
        f"{path}:2:1: BJ602 список rulings на верхнем уровне файла не относится ни к одной карте; ожидается "
        "rulings внутри карты, у которой эти решения (решения не показаны)")
