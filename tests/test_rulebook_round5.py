"""`berserk-judge rulebook` (old name `rules`), issue 35: a judge's wordings find their rule first, the
command has a name apart from `rule`, and `| head` is no error."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from berserk_judge.rulebook import by_words, load_rulebook
from conftest import SHARED

RULES_DIR = SHARED / "rules"


@pytest.fixture(scope="module")
def book():
    return load_rulebook(RULES_DIR)


@pytest.mark.parametrize("query, first", [
    ("необязательная особенность", "116.7"),
    ("отказ противника", "505.7"),
    ("выбор противника", "505.7"),
    ("несколько раз одновременно", "116.8"),
    ("один раз за ход", "116.2"),
    ("1 раз за бой", "116.2"),
    ("раз за ход", "116.2"),
    ("срабатывающая особенность", "116.1"),
    ("играемая особенность", "114.1"),
])
def test_a_judges_wording_finds_its_rule_first(book, query, first):
    found = by_words(book, query)
    assert found and found[0].rule.cited_number == first, [m.rule.label for m in found]


@pytest.mark.parametrize("name", ["rulebook", "rules"])
def test_rulebook_is_the_name_and_rules_its_alias(name):
    result = CliRunner().invoke(main, [name, "116.8", "--rulebook", str(RULES_DIR)])
    assert result.exit_code == 0 and result.stdout.startswith("── 116.8 — разделы 114–116")
    listed = CliRunner().invoke(main, ["--help"]).output
    assert "  rulebook  Правило свода по номеру" in listed and "  rules     То же, что rulebook" in listed


def test_a_pipe_closed_early_is_no_error(tmp_path):
    repo = Path(__file__).resolve().parents[1]
    command = (f"{sys.executable} -m berserk_judge rulebook 505 --rulebook {RULES_DIR} | head -1; "
               "echo \"rc=${PIPESTATUS[0]}\"")
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120, cwd=tmp_path,
                            env={"PYTHONPATH": str(repo), "PATH": "/usr/bin:/bin"})
    lines = result.stdout.splitlines()
    assert lines[0].startswith("── 505") and lines[-1] == "rc=0", result
    assert result.stderr == ""
