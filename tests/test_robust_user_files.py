"""Nothing of the user's is lost (issue 15, items 3, 4, 7, 11): links, modes,
owners and read-only files survive `lint --fix`, `import` and `--output`;
a failed write says what remains. Every test compares the folder tree
before and after (tests/tree_snapshot.py)."""
from __future__ import annotations

import errno
import os
import stat
import threading

import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from tree_snapshot import changes, snapshot

ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="нужен root: chown на чужого владельца")


def card_file(set_id: str, text: str = "{tap}: ранить цель на 1 .") -> str:
    return f'set: {{id: {set_id}, name: S}}\ncards:\n- id: {set_id}1\n  name: Кшар\n  text: "{text}"\n'


def fixed(set_id: str) -> bytes:
    return card_file(set_id, "{tap}: ранить цель на 1.").encode("utf-8")


def run(*args, input=None):
    result = CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def fix(*paths):
    return run("lint", "--isolated", "--no-cache", "--select", "BJ508", *map(str, paths), "--fix")


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "real").mkdir()
    (tmp_path / "base").mkdir()
    return tmp_path


# -- item 4: --fix writes through links and keeps the file as it was ----------

def test_fix_writes_through_a_symlink_and_keeps_it(tree):
    (tree / "real" / "a.yaml").write_text(card_file("a"), encoding="utf-8")
    os.chmod(tree / "real" / "a.yaml", 0o640)
    (tree / "base" / "a.yaml").symlink_to("../real/a.yaml")
    before = snapshot(tree)
    code, out, err = fix("base")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "Исправлено 1 замечание, осталось 0."
    after = snapshot(tree)
    assert after["base/a.yaml"].kind == "symlink" and after["base/a.yaml"].target == "../real/a.yaml"
    assert after["real/a.yaml"].data == fixed("a") and after["real/a.yaml"].mode == 0o640
    assert changes(before, after, ignore={"real/a.yaml", "real"}) == []
    assert changes(before, after, identity=False, ignore={"real/a.yaml"}) == []
    assert sorted(os.listdir(tree / "real")) == ["a.yaml"]  # no temp file beside the target


def test_fix_keeps_hard_links_and_the_inode(tree):
    (tree / "base" / "b.yaml").write_text(card_file("b"), encoding="utf-8")
    os.link(tree / "base" / "b.yaml", tree / "real" / "b-copy.yaml")
    before = snapshot(tree)
    code, out, err = fix("base")
    assert (code, err) == (0, "")
    after = snapshot(tree)
    for name in ("base/b.yaml", "real/b-copy.yaml"):
        assert after[name].data == fixed("b")
        assert (after[name].inode, after[name].nlink) == (before[name].inode, 2)
    assert changes(before, after, ignore={"base/b.yaml", "real/b-copy.yaml"}) == []
    assert sorted(os.listdir(tree / "base")) == ["b.yaml"]


@ROOT_ONLY
def test_fix_keeps_owner_group_and_mode(tree):
    path = tree / "base" / "d.yaml"
    path.write_text(card_file("d"), encoding="utf-8")
    os.chown(path, 1000, 1000)
    os.chmod(path, 0o604)
    before = snapshot(tree)
    assert fix("base")[0] == 0
    after = snapshot(tree)
    assert (after["base/d.yaml"].uid, after["base/d.yaml"].gid, after["base/d.yaml"].mode) == (1000, 1000, 0o604)
    assert changes(before, after, identity=False, ignore={"base/d.yaml"}) == []


def test_an_owner_that_cannot_be_given_means_a_copy_in_place(tree, monkeypatch):
    """Not root and not the owner: a renamed file would change hands, so the
    verified bytes are copied into the file itself (same inode, same owner)."""
    path = tree / "base" / "e.yaml"
    path.write_text(card_file("e"), encoding="utf-8")
    real_stat = os.stat
    real_path = str(path.resolve())

    def foreign(target, *args, **kwargs):  # the card file looks owned by someone else
        info = real_stat(target, *args, **kwargs)
        if str(target) == real_path:
            values = list(info)
            values[stat.ST_UID] = info.st_uid + 4242
            return os.stat_result(values)
        return info

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "stat", foreign)
    monkeypatch.setattr(os, "chown", refuse)
    inode = real_stat(path).st_ino
    assert fix("base")[0] == 0
    monkeypatch.undo()
    assert path.read_bytes() == fixed("e") and os.stat(path).st_ino == inode
    assert os.listdir(tree / "base") == ["e.yaml"]


def test_read_only_file_is_refused_and_the_others_are_fixed(tree):
    (tree / "base" / "a.yaml").write_text(card_file("a"), encoding="utf-8")
    (tree / "base" / "c.yaml").write_text(card_file("c"), encoding="utf-8")
    os.chmod(tree / "base" / "c.yaml", 0o444)
    before = snapshot(tree)
    code, out, err = fix("base")
    assert code == 2
    assert err == ("Ошибка: base/c.yaml не записан: файл только для чтения (права 0444); "
                   "если его можно менять, разрешите запись (chmod u+w)\n")
    assert out == ("base/c.yaml:5:33: BJ508 [c1] пробел перед «.»\n\n"
                   "Найдено 1 замечание (предупреждений: 1) в 1 карте.\n"
                   "[*] Можно исправить с --fix: 1.\n"
                   "Проверено карт: 2.\n"
                   "Исправлено 1 замечание, осталось 1. Не записан 1 файл (причина — выше): "
                   "его замечания остались.\n")
    after = snapshot(tree)
    assert after["base/a.yaml"].data == fixed("a")
    assert changes(before, after, ignore={"base/a.yaml", "base"}) == []


# -- item 7: a failed write reports what remains -----------------------------

@pytest.mark.parametrize("failure, reason", [
    ("fsync", "на диске нет места"),
    ("mkstemp", "нет прав на запись"),
])
def test_failed_fix_write_reports_the_findings_as_remaining(tree, monkeypatch, failure, reason):
    import tempfile

    (tree / "base" / "a.yaml").write_text(card_file("a"), encoding="utf-8")
    before = snapshot(tree)
    if failure == "fsync":
        def broken(fd):
            raise OSError(errno.ENOSPC, "No space left on device")
        monkeypatch.setattr(os, "fsync", broken)
    else:
        def broken(*args, **kwargs):
            raise PermissionError(errno.EACCES, "Permission denied")
        monkeypatch.setattr(tempfile, "mkstemp", broken)
    code, out, err = fix("base")
    monkeypatch.undo()
    assert code == 2
    assert err == f"Ошибка: base/a.yaml не записан: {reason}\n"
    assert out == ("base/a.yaml:5:33: BJ508 [a1] пробел перед «.»\n\n"
                   "Найдено 1 замечание (предупреждений: 1) в 1 карте.\n"
                   "[*] Можно исправить с --fix: 1.\n"
                   "Проверено карт: 1.\n"
                   "Исправлено 0 замечаний, осталось 1. Не записан 1 файл (причина — выше): "
                   "его замечания остались.\n")
    assert changes(before, snapshot(tree)) == []


# -- item 11: the tag of a fixed text stays -----------------------------------

def test_fix_keeps_an_explicit_tag_and_anchor(tree):
    source = ('set: {id: t, name: S}\ncards:\n- id: t1\n  name: А\n  text: !!str "ранить цель на 1 ."\n'
              "- id: t2\n  name: Б\n  text: &t !!str 'ранить цель на 2 .'\n"
              "- id: t3\n  name: В\n  text: !<tag:yaml.org,2002:str> |-\n    ранить цель на 3 .\n")
    path = tree / "base" / "t.yaml"
    path.write_text(source, encoding="utf-8")
    assert fix(path)[0] == 0
    assert path.read_text(encoding="utf-8") == source.replace(" .", ".")


# -- item 4: import over a symlinked set file ---------------------------------

def jsonl(path, *cards):
    import json

    path.write_text("".join(json.dumps({"id": i, "set": s, "set_name": "S", "name": "Имя", "text": t},
                                       ensure_ascii=False) + "\n" for i, s, t in cards), encoding="utf-8")
    return path


def test_import_writes_through_a_symlinked_set_file(tree):
    source = jsonl(tree / "c.jsonl", ("1", "s", "Ранить цель на 1."))
    assert run("import", str(source), "--out", "real")[0] == 0
    (tree / "base" / "s.yaml").symlink_to("../real/s.yaml")
    before = snapshot(tree)
    code, out, err = run("import", str(source), "--out", "base")
    assert code == 0, err
    assert changes(before, snapshot(tree)) == []  # same bytes: nothing touched, the link stays
    jsonl(source, ("1", "s", "Ранить цель на 2."))
    before = snapshot(tree)
    code, out, err = run("import", str(source), "--out", "base", "--force")
    assert code == 0, err
    after = snapshot(tree)
    assert after["base/s.yaml"] == before["base/s.yaml"]  # still the same link
    assert "Ранить цель на 2." in (tree / "real" / "s.yaml").read_text(encoding="utf-8")
    assert changes(before, after, ignore={"real/s.yaml", "real", "c.jsonl"}) == []


def test_import_refuses_read_only_targets_and_its_own_sources(tree):
    source = jsonl(tree / "base" / "s.yaml", ("1", "s", "Ранить цель на 1."), ("2", "t", "Закрыть."))
    (tree / "base" / "t.yaml").write_text("# моё\n", encoding="utf-8")
    os.chmod(tree / "base" / "t.yaml", 0o444)
    before = snapshot(tree)
    code, out, err = run("import", str(source), "--out", "base", "--force")
    assert code == 2
    assert out == ""
    assert err == (f"base/s.yaml: это исходный файл импорта ({source}); он не перезаписывается\n"
                   "base/t.yaml: файл только для чтения (права 0444); если его можно менять, "
                   "разрешите запись (chmod u+w)\n"
                   "Ошибка: ничего не записано: 2 файла базы записать нельзя (причины — выше).\n")
    assert changes(before, snapshot(tree)) == []


# -- item 3: one output guard, modes of written files -------------------------

def test_lint_output_refuses_the_config_and_read_only_files(tree):
    (tree / "base" / "a.yaml").write_text(card_file("a"), encoding="utf-8")
    (tree / "berserk-judge.toml").write_text('select = ["BJ508"]\n', encoding="utf-8")
    (tree / "old.json").write_text("[]", encoding="utf-8")
    os.chmod(tree / "old.json", 0o444)
    before = snapshot(tree)
    code, out, err = run("lint", "base", "--output", "./berserk-judge.toml")
    assert (code, out) == (2, "")
    assert err == ("Ошибка: --output ./berserk-judge.toml — это файл настроек "
                   f"({tree / 'berserk-judge.toml'}); отчёт записан не будет, укажите другой файл.\n")
    code, out, err = run("lint", "base", "--format", "json", "-o", "old.json")
    assert (code, out) == (2, "")
    assert err == ("Ошибка: --output old.json: файл только для чтения (права 0444); если его можно менять, "
                   "разрешите запись (chmod u+w); отчёт записан не будет.\n")
    assert changes(before, snapshot(tree)) == []


def test_lint_output_through_a_symlink_to_an_input_is_refused(tree):
    (tree / "base" / "a.yaml").write_text(card_file("a"), encoding="utf-8")
    (tree / "report.txt").symlink_to("base/a.yaml")
    before = snapshot(tree)
    code, out, err = run("lint", "--isolated", "base", "--output", "report.txt")
    assert code == 2
    assert err == ("Ошибка: --output report.txt — это входной файл базы карт (base/a.yaml); "
                   "отчёт записан не будет, укажите другой файл.\n")
    assert changes(before, snapshot(tree)) == []


def test_written_files_get_the_umask_or_keep_their_mode(tree):
    (tree / "base" / "a.yaml").write_text(card_file("a"), encoding="utf-8")
    (tree / "kept.txt").write_text("старый", encoding="utf-8")
    os.chmod(tree / "kept.txt", 0o664)
    (tree / "link.txt").symlink_to("kept.txt")
    old = os.umask(0o027)
    try:
        assert run("lint", "--isolated", "base", "-o", "new.txt")[0] == 1
        assert run("lint", "--isolated", "base", "-o", "link.txt")[0] == 1
        source = jsonl(tree / "c.jsonl", ("1", "s", "Ранить цель на 1."))
        assert run("import", str(source), "--out", "out")[0] == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tree / "new.txt").st_mode) == 0o640
    assert stat.S_IMODE(os.stat(tree / "out" / "s.yaml").st_mode) == 0o640
    assert os.path.islink(tree / "link.txt") and stat.S_IMODE(os.stat(tree / "kept.txt").st_mode) == 0o664
    assert (tree / "kept.txt").read_text(encoding="utf-8").startswith("base/a.yaml:5:33: BJ508")


def test_lint_output_into_a_fifo_streams_and_keeps_the_fifo(tree):
    (tree / "base" / "a.yaml").write_text(card_file("a"), encoding="utf-8")
    os.mkfifo(tree / "pipe")
    got = []
    reader = threading.Thread(target=lambda: got.append((tree / "pipe").read_bytes()))
    reader.start()
    code, _, _ = run("lint", "--isolated", "--select", "BJ508", "base", "-o", "pipe")
    reader.join(10)
    assert code == 1
    assert got and got[0].decode("utf-8").startswith("base/a.yaml:5:33: BJ508 [a1] пробел перед «.»\n")
    assert stat.S_ISFIFO(os.lstat(tree / "pipe").st_mode)
    assert sorted(os.listdir(tree)) == ["base", "pipe", "real"]


# -- item 11: one stdin reader for canon and explain --------------------------

@pytest.mark.parametrize("command", ["canon", "explain"])
@pytest.mark.parametrize("data, message", [
    (b"\xff\xfe \xd1\x80", "Ошибка: стандартный ввод не в кодировке UTF-8: байт 0xFF в строке 1, столбце 1; "
                           "ожидается текст в UTF-8\n"),
    (b"\xd0\xa1\xd0\xb1\n\xd1", "Ошибка: стандартный ввод не в кодировке UTF-8: байт 0xD1 в строке 2, столбце 1; "
                                "ожидается текст в UTF-8\n"),
    (b"", "Ошибка: стандартный ввод пуст — читать нечего; ожидается текст особенностей карты\n"),
    (b" \n\t\n", "Ошибка: стандартный ввод пуст — читать нечего; ожидается текст особенностей карты\n"),
    (b"\xef\xbb\xbf", "Ошибка: стандартный ввод пуст — читать нечего; ожидается текст особенностей карты\n"),
])
def test_stdin_is_read_alike_by_canon_and_explain(command, data, message):
    assert run(command, "-", input=data) == (2, "", message)


@pytest.mark.parametrize("command", ["canon", "explain"])
def test_stdin_with_a_bom_is_read(command):
    code, out, err = run(command, "-", input="\ufeffранить цель на 1.".encode("utf-8"))
    assert (code, err) == (0, "")
    assert "ранить цель на 1" in out and "\ufeff" not in out


# -- the in-place copy of a hard-linked file when the disk fails ---------------

def test_failed_copy_in_place_puts_the_old_bytes_back(tree, monkeypatch):
    from berserk_judge.cardbase.atomic import write_atomic

    path = tree / "base" / "h.yaml"
    path.write_text("старое\n", encoding="utf-8")
    os.link(path, tree / "real" / "h.yaml")
    before = snapshot(tree)
    real_fsync, calls = os.fsync, []

    def second_fails(fd):  # 1: the temporary file, 2: the copy in place, 3: putting the old bytes back
        calls.append(fd)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", second_fails)
    with pytest.raises(OSError) as caught:
        write_atomic(path, "новое, подлиннее\n")
    assert caught.value.errno == errno.ENOSPC and len(calls) == 3
    assert changes(before, snapshot(tree), ignore={"base/h.yaml", "real/h.yaml"}) == []
    assert changes(before, snapshot(tree), identity=False) == []  # same bytes and links, both names
    assert os.stat(path).st_ino == before["base/h.yaml"].inode
    assert os.listdir(tree / "base") == ["h.yaml"]


def test_copy_in_place_that_cannot_be_undone_keeps_the_new_version_beside(tree, monkeypatch):
    from berserk_judge.cardbase.atomic import PartialWrite, describe_write_error, write_atomic

    path = tree / "base" / "h.yaml"
    path.write_text("старое\n", encoding="utf-8")
    os.link(path, tree / "real" / "h.yaml")
    real_fsync, calls = os.fsync, []

    def later_fail(fd):
        calls.append(fd)
        if len(calls) >= 2:
            raise OSError(errno.EIO, "Input/output error")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", later_fail)
    with pytest.raises(PartialWrite) as caught:
        write_atomic(path, "новое\n")
    monkeypatch.undo()
    [temp] = [name for name in os.listdir(tree / "base") if name != "h.yaml"]
    assert (tree / "base" / temp).read_text(encoding="utf-8") == "новое\n"
    assert describe_write_error(caught.value) == (
        f"ошибка ввода-вывода диска; файл записан не полностью, полная новая версия — в {tree / 'base' / temp}")
