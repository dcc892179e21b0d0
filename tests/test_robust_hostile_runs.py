"""Regressions from the second round of hostile runs (issue 15 on the merged code):
a report stopped half way, output on a full disk, a card file replaced by a FIFO
under `--fix`, a link loop among an import's targets, workflow-command look-alikes
in the lookups' text output. Each with its input, the exact message and exit code,
and the tree compared before and after (tests/tree_snapshot.py)."""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from tree_snapshot import changes, snapshot

REPO = Path(__file__).resolve().parents[1]


def card_file(set_id: str, cards: int = 1, text: str = "Ранить цель на 1 .") -> str:
    lines = [f"set: {{id: {set_id}, name: Выпуск}}", "cards:"]
    for n in range(1, cards + 1):
        lines += [f"- id: {set_id}_{n}", f"  name: Карта {n}", f"  text: '{text}'"]
    return "\n".join(lines) + "\n"


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "cards").mkdir()
    return tmp_path


# -- a report stopped half way: its pages stay its own ---------------------------------

def test_a_report_stopped_half_way_leaves_pages_the_next_one_owns(tree, monkeypatch):
    import berserk_judge.reports.html.output as output

    for set_id in ("a", "b", "c"):
        (tree / "cards" / f"{set_id}.yaml").write_text(card_file(set_id, cards=6), encoding="utf-8")
    assert run("report", "cards", "--out", "site")[0] == 0
    (tree / "site" / "мои заметки.txt").write_text("моё\n", encoding="utf-8")
    mine = snapshot(tree / "cards") | {"site/мои заметки.txt": snapshot(tree)["site/мои заметки.txt"]}
    real = output.write_atomic
    written = []

    def disk_fills(path, data, **kwargs):
        if len(written) == 4:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(Path(path).name)
        return real(path, data, **kwargs)

    monkeypatch.setattr(output, "write_atomic", disk_fills)
    assert run("report", "cards", "--out", "site", "--page-size", "2") == (
        2, "", "Ошибка: site: не удалось записать отчёт (на диске нет места)\n")
    assert written[0] == "report.pending.json" and "cards-a-2.html" in written   # a page of the new layout
    monkeypatch.setattr(output, "write_atomic", real)
    code, out, err = run("report", "cards", "--out", "site")            # the old layout again
    assert code == 0, err
    files = json.loads((tree / "site" / "report.json").read_text(encoding="utf-8"))["site"]["files"]
    assert sorted(os.listdir(tree / "site")) == sorted([*files, "мои заметки.txt"])   # nothing orphaned
    assert run("report", "cards", "--out", "site", "--page-size", "2")[0] == 0       # nothing refused
    after = snapshot(tree / "cards") | {"site/мои заметки.txt": snapshot(tree)["site/мои заметки.txt"]}
    assert changes(mine, after) == []


def test_a_user_file_named_like_the_pending_claim_is_not_replaced(tree):
    (tree / "cards" / "a.yaml").write_text(card_file("a"), encoding="utf-8")
    assert run("report", "cards", "--out", "site")[0] == 0
    (tree / "site" / "report.pending.json").write_text('{"мой": 1}\n', encoding="utf-8")
    before = snapshot(tree)
    assert run("report", "cards", "--out", "site") == (
        2, "", "Ошибка: site/report.pending.json: файл уже есть и не записан прежним отчётом; "
               "отчёт его не заменит — перенесите файл или выберите другую папку\n")
    assert changes(before, snapshot(tree)) == []


# -- standard output on a full disk --------------------------------------------------------

@pytest.mark.skipif(not Path("/dev/full").exists(), reason="нужен /dev/full")
@pytest.mark.parametrize("args", [["lint", "cards", "--no-cache"], ["canon", "--all", "--base", "cards"],
                                  ["report", "cards", "--out", "-", "--format", "markdown"]])
def test_output_on_a_full_disk_is_a_message_not_a_traceback(tree, args):
    (tree / "cards" / "a.yaml").write_text(card_file("a", cards=40), encoding="utf-8")
    before = snapshot(tree / "cards")
    with open("/dev/full", "wb") as full:
        child = subprocess.run([sys.executable, "-m", "berserk_judge", *args], cwd=tree, stdout=full,
                               stderr=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(REPO)), timeout=120)
    assert (child.returncode, child.stderr.decode("utf-8").splitlines()[-1]) == (
        2, "Ошибка: вывод не записан: на диске нет места.")
    assert changes(before, snapshot(tree / "cards")) == []


# -- a card file replaced by a FIFO between reading and writing -----------------------------

def test_fix_does_not_block_on_a_card_file_replaced_by_a_fifo(tree, monkeypatch):
    import berserk_judge.lint.fix_apply
    from berserk_judge import lint

    for set_id in ("a", "b"):
        (tree / "cards" / f"{set_id}.yaml").write_text(card_file(set_id), encoding="utf-8")
    real = lint.fix_apply.fix_base

    def replaced_meanwhile(*args, **kwargs):
        outcome = real(*args, **kwargs)
        os.replace(tree / "cards" / "a.yaml", tree / "a.yaml.moved")
        os.mkfifo(tree / "cards" / "a.yaml")
        return outcome

    monkeypatch.setattr(lint.fix_apply, "fix_base", replaced_meanwhile)
    before = snapshot(tree)
    code, out, err = run("lint", "cards", "--fix", "--no-cache", "--select", "BJ508")
    assert (code, err) == (2, "Ошибка: cards/a.yaml не записан: на месте файла теперь не обычный файл "
                              "(канал или устройство); запустите проверку снова\n")
    assert (tree / "cards" / "b.yaml").read_text(encoding="utf-8") == card_file("b", text="Ранить цель на 1.")
    after = snapshot(tree)
    assert after["cards/a.yaml"].kind == "fifo"                          # nothing written over it
    assert sorted(os.listdir(tree / "cards")) == ["a.yaml", "b.yaml"]      # no temporary file left
    assert changes(before, after, ignore={"cards/a.yaml", "cards/b.yaml", "a.yaml.moved"}) == []
    assert (tree / "a.yaml.moved").read_text(encoding="utf-8") == card_file("a")   # moved by the test, unwritten


# -- import: a link loop among the targets stops it before anything is written --------------

def test_import_refuses_a_target_that_is_a_link_loop_before_writing_anything(tree):
    corpus = tree / "c.jsonl"
    corpus.write_text("".join(json.dumps({"id": f"{s}1", "set": s, "set_name": s, "name": "Имя",
                                          "text": "Ранить цель на 1."}, ensure_ascii=False) + "\n"
                              for s in ("a", "b")), encoding="utf-8")
    (tree / "cards" / "b.yaml").symlink_to("b.yaml")
    before = snapshot(tree)
    assert run("import", corpus, "--out", "cards", "--force") == (
        2, "", "cards/b.yaml: ссылки указывают друг на друга по кругу\n"
               "Ошибка: ничего не записано: 1 файл базы записать нельзя (причины — выше).\n")
    assert changes(before, snapshot(tree)) == []


# -- card, explain --card and coverage print ids, names and paths on one line -----------------

def test_lookups_and_coverage_forge_no_workflow_command(tree):
    folder = tree / "cards" / "x\n::error file=x::a"
    folder.mkdir()
    (folder / "s.yaml").write_text(
        'set: {id: "s\\n::error::set", name: "N\\n::warning::n"}\ncards:\n'
        '- id: "a\\n::error::id"\n  name: "Имя\\n::error::name"\n  text: "Ранить цель на 1."\n'
        '- id: "b\\n::error::id"\n  name: "Имя\\n::error::other"\n  text: "Ранить цель на 2."\n', encoding="utf-8")
    before = snapshot(folder)
    outputs = [run("card", "a\n::error::id", "--base", folder), run("card", "Имя", "--base", folder),
               run("explain", "--card", "a\n::error::id", "--base", folder), run("coverage", folder)]
    assert [code for code, _, _ in outputs] == [0, 3, 0, 0]
    for _, out, err in outputs:
        assert [line for line in (out + err).splitlines() if line.lstrip().startswith("::")] == []
    assert outputs[0][1].splitlines()[0] == (
        "Имя<U+000A LINE FEED>::error::name  [a<U+000A LINE FEED>::error::id]  "
        "выпуск s<U+000A LINE FEED>::error::set «N<U+000A LINE FEED>::warning::n»")
    # relative to the working folder, as lint, SARIF and GitHub print it (issue 29)
    shown = os.path.relpath(folder).replace("\n", "<U+000A LINE FEED>")
    assert outputs[3][1].splitlines()[0] == f"{shown}/s.yaml: особенностей 2, прочитано 2 (100.00%)"
    assert changes(before, snapshot(folder)) == []
