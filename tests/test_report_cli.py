"""`berserk-judge report` as a command: output folder handling, exit codes, help, registration."""
from __future__ import annotations

import json

from click.testing import CliRunner

from berserk_judge.cli.main import SHORT_HELP, SUBCOMMANDS, main
from berserk_judge.cli.report_cmd import report
from report_fixtures import write_base


def test_registered_in_main():
    assert SUBCOMMANDS["report"] == "berserk_judge.cli.report_cmd:report"
    assert "report" in SHORT_HELP
    result = CliRunner().invoke(main, ["report", "--help"])
    assert result.exit_code == 0 and "--compare" in result.output and "--format" in result.output


def test_demo_base_by_default(tmp_path):
    result = CliRunner().invoke(report, ["--out", str(tmp_path / "site")])
    assert result.exit_code == 0, result.output
    model = json.loads((tmp_path / "site" / "report.json").read_text(encoding="utf-8"))
    assert model["summary"]["cards"] == 46
    assert "Отчёт записан:" in result.output


def test_replaces_an_earlier_report_and_leaves_no_temp_folders(tmp_path):
    base = write_base(tmp_path / "base")
    out = tmp_path / "site"
    for _ in range(2):
        result = CliRunner().invoke(report, [str(base), "--out", str(out)])
        assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["base", "site"]
    assert (out / "index.html").is_file()


def test_refuses_a_folder_that_is_not_a_report(tmp_path):
    base = write_base(tmp_path / "base")
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("важное", encoding="utf-8")
    result = CliRunner().invoke(report, [str(base), "--out", str(out)])
    assert result.exit_code == 2
    assert "папка не пуста и не похожа на отчёт" in result.output
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["base", "mine"]


def test_out_is_a_file(tmp_path):
    base = write_base(tmp_path / "base")
    (tmp_path / "file").write_text("x", encoding="utf-8")
    result = CliRunner().invoke(report, [str(base), "--out", str(tmp_path / "file")])
    assert result.exit_code == 2 and "это файл, а не папка" in result.output


def test_missing_base_is_exit_2_without_traceback(tmp_path):
    result = CliRunner().invoke(report, [str(tmp_path / "nope"), "--out", str(tmp_path / "site")])
    assert result.exit_code == 2
    assert "Traceback" not in result.output and not (tmp_path / "site").exists()


def test_markdown_into_a_folder_writes_errata_md(tmp_path):
    base = write_base(tmp_path / "base")
    (tmp_path / "md").mkdir()
    result = CliRunner().invoke(report, [str(base), "--format", "markdown", "--out", str(tmp_path / "md")])
    assert result.exit_code == 0, result.output
    assert [p.name for p in (tmp_path / "md").iterdir()] == ["errata.md"]


def test_bad_format_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(report, ["--format", "pdf", "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "«pdf» — допустимо: html, markdown" in result.output


def test_page_size_must_be_positive(tmp_path):
    result = CliRunner().invoke(report, ["--page-size", "0", "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "0 — число должно быть не меньше 1" in result.output


def test_page_size_cuts_a_set_into_parts(tmp_path):
    base = write_base(tmp_path / "base")
    result = CliRunner().invoke(report, [str(base), "--all", "--page-size", "2", "--out", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    model = json.loads((tmp_path / "s" / "report.json").read_text(encoding="utf-8"))
    assert [(p["file"], p["count"]) for p in model["pages"]] == [("cards-t1.html", 2), ("cards-t1-2.html", 1)]
    assert model["cards"][2]["page"] == "cards-t1-2.html"


def test_compare_with_a_missing_old_base_is_exit_2(tmp_path):
    base = write_base(tmp_path / "base")
    result = CliRunner().invoke(report, [str(base), "--compare", str(tmp_path / "old"), "--out", str(tmp_path / "s")])
    assert result.exit_code == 2
    assert "(старая версия)" in result.output and "в старой версии" in result.output
    assert not (tmp_path / "s").exists()
