"""Issue 15 items whose round-one tests compare trees with helpers of their own
(bytes, links, modes, owners, but not inodes and times) or not at all: here with
tests/tree_snapshot.py, which also sees a file rewritten with the same bytes."""
from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from berserk_judge.cli.main import main
from tree_snapshot import changes, snapshot


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_item_1_a_second_report_does_not_even_rewrite_the_users_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "a.yaml").write_text(
        "set: {id: a, name: А}\ncards:\n- id: a1\n  name: Лучник\n  text: 'Ранить цель на 1 .'\n", encoding="utf-8")
    assert run("report", "cards", "--out", "site")[0] == 0
    (tmp_path / "site" / "README.md").write_text("мой файл\n", encoding="utf-8")
    (tmp_path / "site" / "docs").mkdir()
    (tmp_path / "site" / "docs" / "plan.md").write_text("план\n", encoding="utf-8")
    (tmp_path / "site" / "index.link").symlink_to("index.html")
    os.link(tmp_path / "site" / "README.md", tmp_path / "README-hard.md")
    before = snapshot(tmp_path)
    code, out, err = run("report", "cards", "--out", "site")
    assert (code, out) == (0, "") and err.startswith("Отчёт записан: site; карт: 1, с подробной записью: 1, ")
    own = set((tmp_path / "site").iterdir()) - {tmp_path / "site" / n for n in ("README.md", "docs", "index.link")}
    ignore = {f"site/{p.name}" for p in own} | {"site"}
    assert changes(before, snapshot(tmp_path), ignore=ignore) == []     # same inodes and times: not rewritten


def test_item_10_a_rulebook_of_hostile_files_is_read_without_a_hang_or_a_write(tmp_path):
    book = tmp_path / "rules"
    book.mkdir()
    (book / "a.txt").write_text("116. Срабатывающая особенность.\n116.1. Текст.\n", encoding="utf-8")
    (book / "b.txt").write_bytes("505.6. В противном случае.\n".encode("cp1251"))
    os.mkfifo(book / "c.txt")
    (book / "d.txt").symlink_to("d.txt")
    before = snapshot(tmp_path)
    code, out, err = run("rules", "116", "--rulebook", book)
    assert (code, out.splitlines()[0]) == (0, "── 116 — раздел 116, строка 1")
    assert err == (
        f"Предупреждение: {book / 'b.txt'}: файл правил пропущен: файл не в кодировке UTF-8: байт 0xC2 в строке 1 "
        "не читается; ожидается текст в UTF-8 (пересохраните файл в UTF-8)\n"
        f"Предупреждение: {book / 'c.txt'}: файл правил пропущен: это канал (FIFO), а не обычный файл; "
        "ожидается файл на диске\n"
        f"Предупреждение: {book / 'd.txt'}: файл правил пропущен: ссылки указывают друг на друга по кругу\n")
    assert changes(before, snapshot(tmp_path)) == []
