"""Nothing of the user's is ever lost by `report` (issue 15, items 1, 3 and 8): each case with its
input, the exact message and exit code, and the tree compared before and after (bytes, links, modes,
owners)."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from berserk_judge.cli.report_cmd import report
from report_fixtures import BASE_YAML, write_base


def snapshot(root: Path) -> dict[str, tuple]:
    """Every entry under `root`: kind, content (bytes or link target), mode, owner, group."""
    out = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                content = os.readlink(path)
            elif stat.S_ISREG(info.st_mode):
                content = path.read_bytes()
            else:
                content = None
            out[str(path.relative_to(root))] = (stat.S_IFMT(info.st_mode), content, stat.S_IMODE(info.st_mode),
                                                info.st_uid, info.st_gid)
    return out


def run(*args, cwd: Path | None = None):
    old = Path.cwd()
    if cwd is not None:
        os.chdir(cwd)
    try:
        return CliRunner().invoke(report, [str(a) for a in args])
    finally:
        os.chdir(old)


def user_folder(root: Path) -> Path:
    """A folder a user keeps: the card base, a README, a docs/ folder, a link and a read-only file."""
    folder = root / "work"
    write_base(folder / "cards")
    (folder / "README.md").write_text("мои заметки\n", encoding="utf-8")
    (folder / "docs").mkdir()
    (folder / "docs" / "plan.md").write_text("план\n", encoding="utf-8")
    (folder / "link.yaml").symlink_to("cards/t1.yaml")
    (folder / "frozen.txt").write_text("не трогать\n", encoding="utf-8")
    os.chmod(folder / "frozen.txt", 0o444)
    return folder


# -- item 1: --out replaces only what the report wrote ------------------------------------

def test_a_folder_with_a_foreign_report_json_is_refused(tmp_path):
    folder = user_folder(tmp_path)
    (folder / "report.json").write_text('{"mine": true}\n', encoding="utf-8")
    before = snapshot(tmp_path)
    result = run(folder / "cards", "--out", folder)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Ошибка: {folder}: папка не пуста и не похожа на отчёт (нет report.json отчёта berserk-judge); "
        "выберите пустую или новую папку")
    assert snapshot(tmp_path) == before


def test_out_dot_in_a_folder_holding_the_base_is_refused(tmp_path):
    folder = user_folder(tmp_path)
    before = snapshot(tmp_path)
    result = run("cards", "--out", ".", cwd=folder)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "Ошибка: .: папка не пуста и не похожа на отчёт (нет report.json отчёта berserk-judge); "
        "выберите пустую или новую папку")
    assert snapshot(tmp_path) == before


def test_out_the_base_folder_itself_is_refused(tmp_path):
    folder = user_folder(tmp_path)
    before = snapshot(tmp_path)
    result = run(folder / "cards", "--out", folder / "cards")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Ошибка: {folder / 'cards'}: это входная папка или файл базы карт ({folder / 'cards'}); "
        "отчёт пишется только в отдельную папку")
    assert snapshot(tmp_path) == before


def test_a_second_report_keeps_what_the_user_added_and_drops_only_its_own_stale_pages(tmp_path):
    base = write_base(tmp_path / "base")
    (base / "t2.yaml").write_text(BASE_YAML.replace("t1", "t2"), encoding="utf-8")
    site = tmp_path / "site"
    assert run(base, "--out", site).exit_code == 0
    first = json.loads((site / "report.json").read_text(encoding="utf-8"))["site"]
    assert first == {"generator": "berserk-judge", "files": [
        "cards-t1.html", "cards-t2.html", "common.js", "findings-data.js", "findings.html", "findings.js", "icon.svg", "index.html", "report-strings.js", "report.css", "report.js", "report.json",
        "rule-help.js", "rules.html", "search-index.js"]}
    (site / "notes.txt").write_text("мои пометки", encoding="utf-8")
    (site / "extra").mkdir()
    (site / "extra" / "a.md").write_text("a", encoding="utf-8")
    (site / "index.link").symlink_to("index.html")
    mine = {k: v for k, v in snapshot(site).items() if k in ("notes.txt", "extra", "extra/a.md", "index.link")}
    (base / "t2.yaml").unlink()
    result = run(base, "--out", site)
    assert result.exit_code == 0, result.output
    after = snapshot(site)
    assert {k: after[k] for k in mine} == mine
    assert "cards-t2.html" not in after and "cards-t1.html" in after
    assert sorted(json.loads((site / "report.json").read_text(encoding="utf-8"))["site"]["files"]) == [
        "cards-t1.html", "common.js", "findings-data.js", "findings.html", "findings.js", "icon.svg", "index.html", "report-strings.js", "report.css", "report.js", "report.json", "rule-help.js",
        "rules.html", "search-index.js"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["base", "site"]   # no temp or ..old.* folders


def test_a_user_file_with_a_report_name_is_never_replaced(tmp_path):
    base = write_base(tmp_path / "base")
    site = tmp_path / "site"
    assert run(base, "--out", site).exit_code == 0
    (base / "t2.yaml").write_text(BASE_YAML.replace("t1", "t2"), encoding="utf-8")
    (site / "cards-t2.html").write_text("моя страница", encoding="utf-8")
    before = snapshot(tmp_path)
    result = run(base, "--out", site)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Ошибка: {site / 'cards-t2.html'}: файл уже есть и не записан прежним отчётом; "
        "отчёт его не заменит — перенесите файл или выберите другую папку")
    assert snapshot(tmp_path) == before


def test_a_manifest_naming_other_paths_is_not_trusted(tmp_path):
    """A hand-made manifest cannot make the report delete anything but its own page names."""
    base = write_base(tmp_path / "base")
    site = tmp_path / "site"
    assert run(base, "--out", site).exit_code == 0
    (tmp_path / "victim.txt").write_text("важное", encoding="utf-8")
    (site / "README.md").write_text("важное", encoding="utf-8")
    data = json.loads((site / "report.json").read_text(encoding="utf-8"))
    data["site"]["files"] += ["../victim.txt", "README.md", "/etc/hostname"]
    (site / "report.json").write_text(json.dumps(data), encoding="utf-8")
    assert run(base, "--out", site).exit_code == 0
    assert (tmp_path / "victim.txt").read_text(encoding="utf-8") == "важное"
    assert (site / "README.md").read_text(encoding="utf-8") == "важное"


def test_new_files_get_the_umask_mode(tmp_path):
    base = write_base(tmp_path / "base")
    old = os.umask(0o027)
    try:
        assert run(base, "--out", tmp_path / "site").exit_code == 0
        assert run(base, "--format", "markdown", "--out", tmp_path / "errata.md").exit_code == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "site" / "index.html").stat().st_mode) == 0o640
    assert stat.S_IMODE((tmp_path / "errata.md").stat().st_mode) == 0o640


# -- item 3: the Markdown output never replaces an input ----------------------------------

def test_markdown_out_on_an_input_card_file_is_refused(tmp_path):
    base = write_base(tmp_path / "base")
    before = snapshot(tmp_path)
    result = run(base, "--format", "markdown", "--out", base / "t1.yaml")
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Ошибка: --out {base / 't1.yaml'} — это входной файл базы карт ({base / 't1.yaml'}); "
        "отчёт записан не будет, укажите другой файл.")
    assert snapshot(tmp_path) == before


def test_markdown_out_on_the_old_version_of_compare_is_refused(tmp_path):
    base = write_base(tmp_path / "base")
    old = write_base(tmp_path / "old")
    before = snapshot(tmp_path)
    result = run(base, "--compare", old / "t1.yaml", "--format", "markdown", "--out", old / "t1.yaml")
    assert result.exit_code == 2 and "это входной файл базы карт" in result.output
    assert snapshot(tmp_path) == before


def test_html_out_over_a_linked_input_is_refused(tmp_path):
    """An earlier report folder where the user linked a report name to a card file."""
    base = write_base(tmp_path / "base")
    site = tmp_path / "site"
    assert run(base, "--out", site).exit_code == 0
    (site / "report.css").unlink()
    (site / "report.css").symlink_to(base / "t1.yaml")
    before = snapshot(tmp_path)
    result = run(base, "--out", site)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Ошибка: {site / 'report.css'}: это входной файл базы карт ({base / 't1.yaml'}); "
        "отчёт не пишется поверх него")
    assert snapshot(tmp_path) == before


# -- item 8: names that slug alike, long ids, `--out .` ------------------------------------

ALIKE = """\
set: {{id: "{set}", name: Выпуск {n}}}
cards:
- id: "x y"
  name: Первый {n}
  text: '{{tap}}: ранить цель на 1.'
- id: "x_y"
  name: Второй {n}
  text: '{{tap}}: ранить цель на 2.'
- id: "x/y"
  name: Третий {n}
  text: '{{tap}}: ранить цель на 3.'
"""


def test_ids_that_slug_alike_get_their_own_pages_and_anchors(tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    for n, set_id in enumerate(["a/b", "a b", "a_b"], start=1):
        text = ALIKE.format(set=set_id, n=n)
        if n > 1:
            text = text.replace('id: "x', f'id: "{n}x')
        (base / f"s{n}.yaml").write_text(text, encoding="utf-8")
    result = run(base, "--out", tmp_path / "site")
    assert result.exit_code == 0, result.output
    model = json.loads((tmp_path / "site" / "report.json").read_text(encoding="utf-8"))
    assert [(p["set"], p["file"]) for p in model["pages"]] == [
        ("a/b", "cards-a_b.html"), ("a b", "cards-a_b-2.html"), ("a_b", "cards-a_b-3.html")]
    first = [(e["id"], e["anchor"]) for e in model["cards"] if e["set"] == "a/b"]
    assert first == [("x y", "x_y-2"), ("x_y", "x_y"), ("x/y", "x_y-3")]
    page = (tmp_path / "site" / "cards-a_b.html").read_text(encoding="utf-8")
    for card_id, anchor in first:
        assert f'<article class="card compact" id="{anchor}">' in page
    assert len({(e["page"], e["anchor"]) for e in model["cards"]}) == 9


def test_a_300_byte_set_id_makes_a_short_page_name(tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    long_id = "выпуск" * 25   # 150 letters, 300 bytes
    (base / "s.yaml").write_text(ALIKE.format(set=long_id, n=1), encoding="utf-8")
    result = run(base, "--out", tmp_path / "site")
    assert result.exit_code == 0, result.output
    [page] = json.loads((tmp_path / "site" / "report.json").read_text(encoding="utf-8"))["pages"]
    assert len(page["file"].encode("utf-8")) < 120 and (tmp_path / "site" / page["file"]).is_file()
    assert page["file"].startswith("cards-" + "выпуск" * 6 + "выпу-")


def test_out_dot_in_an_empty_folder_leaves_nothing_beside_it(tmp_path):
    base = write_base(tmp_path / "base")
    (tmp_path / "site").mkdir()
    result = run(base, "--out", ".", cwd=tmp_path / "site")
    assert result.exit_code == 0, result.output
    result = run(base, "--out", ".", cwd=tmp_path / "site")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["base", "site"]
    assert not [p for p in (tmp_path / "site").iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("out_is", ["fifo", "file"])
def test_out_that_is_not_a_folder(tmp_path, out_is):
    base = write_base(tmp_path / "base")
    target = tmp_path / "target"
    if out_is == "fifo":
        os.mkfifo(target)
    else:
        target.write_text("x", encoding="utf-8")
    before = snapshot(tmp_path)
    result = run(base, "--out", target)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"Ошибка: {target}: это файл, а не папка"
    assert snapshot(tmp_path) == before
