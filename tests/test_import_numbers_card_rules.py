"""Issue 25, small: the import writes numbers as numbers (its own output passes BJ003), and
`card` prints a finding's rule numbers once (a message that cites them gets no second copy)."""
from __future__ import annotations

import json

from click.testing import CliRunner

from berserk_judge.cli.main import main


def _import(tmp_path, row: dict):
    source = tmp_path / "client.jsonl"
    source.write_text(json.dumps(row, ensure_ascii=False) + "\n", encoding="utf-8")
    out = tmp_path / "base"
    result = CliRunner().invoke(main, ["import", str(source), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_import_writes_client_strings_of_digits_as_numbers(tmp_path):
    out = _import(tmp_path, {"id": "c1", "set": "k", "set_name": "Клиент", "name": "Страж", "number": "7",
                             "cost": "3", "health": " 8", "move": "1", "strike": ["1", "2", "3"],
                             "text": "Броня 1."})
    written = (out / "k.yaml").read_text(encoding="utf-8")
    assert "  number: 7\n" in written and "  cost: 3\n" in written and "  health: 8\n" in written
    assert "  move: 1\n" in written and "  strike: [1, 2, 3]\n" in written
    lint = CliRunner().invoke(main, ["lint", "--isolated", "--no-cache", "--select", "BJ003", str(out)])
    assert lint.exit_code == 0, lint.output
    assert "BJ003" not in lint.output


def test_import_leaves_a_value_that_is_no_number_for_bj003(tmp_path):
    out = _import(tmp_path, {"id": "c1", "set": "k", "name": "Страж", "move": "1*", "text": "Броня 1."})
    assert "  move: '1*'\n" in (out / "k.yaml").read_text(encoding="utf-8")
    lint = CliRunner().invoke(main, ["lint", "--isolated", "--no-cache", "--select", "BJ003", str(out)])
    assert lint.exit_code == 1 and "BJ003" in lint.output


def test_card_prints_each_rule_number_once(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "x.yaml").write_text(
        "set: {id: x, name: Икс}\ncards:\n- id: x_1\n  name: Метатель\n  text: '{tap}: ранить цель на X.'\n",
        encoding="utf-8")
    result = CliRunner().invoke(main, ["card", "x_1", "--base", str(folder)])
    [line] = [line for line in result.output.splitlines() if "BJ401" in line]
    assert line.endswith("(505.7: X зависимой способности)")
    assert line.count("505.7") == 1


def test_uncited_rules_keeps_numbers_the_message_lacks():
    from berserk_judge.lint.finding import uncited_rules

    assert uncited_rules("нет условия (116.3); 116.5 разрешает …", ("116.3", "116.5")) == []
    assert uncited_rules("нет тире", ("116",)) == ["116"]
    assert uncited_rules("правило 116.3", ("116",)) == ["116"]      # 116 inside 116.3 is not a citation of 116
    assert uncited_rules("по 505.4.1", ("505.4",)) == ["505.4"]


def test_report_views_print_only_numbers_the_message_lacks():
    from berserk_judge.lint.engine import lint_text
    from berserk_judge.reports.html.model import finding_dict

    [x] = lint_text("{tap}: ранить цель на X.", select=["BJ401"])
    [dash] = lint_text("При атаке ранить цель на 1.", select=["BJ202"])
    assert finding_dict(1, x)["uncited_rules"] == [] and finding_dict(1, x)["rules"] == ["505.7"]
    assert finding_dict(2, dash)["uncited_rules"] == list(dash.rules)
