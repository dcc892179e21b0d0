"""The card index (`<cache>/cards-index/`, written by `card` and `explain --card`)
and the cache folder as a place nothing else is written (issue 15, items 2 and 5,
on the surfaces added after round one).

Inside the tool's marked cache folder a link, a FIFO or a device put where an
entry or a subfolder belongs is replaced or passed over, never followed or
opened; a read-only folder is not made a cache; no command writes its output
(a report, `lint --output`, an imported base) inside the cache folder, which
`clean` deletes whole. Every test compares the tree before and after
(tests/tree_snapshot.py) and checks the answer against a fresh cache.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from tree_snapshot import changes, snapshot

REPO = Path(__file__).resolve().parents[1]
CACHE_ENV = "BERSERK_JUDGE_CACHE_DIR"


def card_file(set_id: str) -> str:
    return (f"set: {{id: {set_id}, name: Выпуск}}\ncards:\n- id: {set_id}_1\n  name: Лучник {set_id}\n"
            f"  text: 'Ранить цель на 1.'\n- id: {set_id}_2\n  name: Страж {set_id}\n  text: 'Броня 1.'\n")


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """tmp/ws (the current folder: cards/, the cache) and tmp/outside (the user's files)."""
    ws, outside = tmp_path / "ws", tmp_path / "outside"
    (ws / "cards").mkdir(parents=True)
    outside.mkdir()
    for set_id in ("a", "b"):
        (ws / "cards" / f"{set_id}.yaml").write_text(card_file(set_id), encoding="utf-8")
    (outside / "keep.txt").write_text("моё\n", encoding="utf-8")
    monkeypatch.chdir(ws)
    monkeypatch.setenv(CACHE_ENV, str(ws / "cache"))
    return tmp_path


def run(*args, env=None):
    result = CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def fresh(tree, *args):
    """The answer with a cache of its own, never touched by the test."""
    return run(*args, env={CACHE_ENV: str(tree.parent / f"{tree.name}-fresh-cache")})


def index_entries(tree) -> list[Path]:
    folder = tree / "ws" / "cache" / "cards-index"
    return sorted((folder / "files").iterdir()) + sorted((folder / "bases").iterdir())


def test_entries_linked_to_user_files_are_replaced_not_written_through(tree):
    lookup = ("card", "a_1", "--base", "cards")
    assert run(*lookup)[0] == 0
    entries = index_entries(tree)
    for number, entry in enumerate(entries):
        mine = tree / "outside" / f"mine-{number}.txt"
        mine.write_text(f"заметка {number}\n", encoding="utf-8")
        entry.unlink()
        entry.symlink_to(mine)
    with open(tree / "ws" / "cards" / "a.yaml", "a", encoding="utf-8") as handle:
        handle.write("# правка\n")       # the index is built anew over the planted links
    before = snapshot(tree / "outside")
    assert run(*lookup) == fresh(tree, *lookup)
    assert changes(before, snapshot(tree / "outside")) == []
    used = [p for p in index_entries(tree) if p.suffix in (".json", ".jsonl") and not p.is_symlink()]
    assert [p.suffix for p in used] == [".jsonl", ".jsonl", ".json"] and all(p.is_file() for p in used)


@pytest.mark.parametrize("level", ["cards-index", "cards-index/files", "cards-index/bases", "cards-index/views"])
def test_an_index_folder_that_is_a_link_is_not_followed(tree, level):
    lookup = ("explain", "--card", "b_2", "--base", "cards")
    assert run(*lookup)[0] == 0
    import shutil

    where = tree / "ws" / "cache" / level
    shutil.rmtree(where)
    where.symlink_to(tree / "outside")
    (tree / "ws" / "cards" / "b.yaml").write_text(card_file("b") + "# правка\n", encoding="utf-8")
    before = snapshot(tree / "outside")
    assert run(*lookup) == fresh(tree, *lookup)
    assert changes(before, snapshot(tree / "outside")) == []
    # the link is removed as a name (what it points to stays) and a folder of the index made in its
    # place, so the index heals instead of living in memory on every call (issue 38)
    assert not where.is_symlink() and where.is_dir()
    assert run(*lookup) == fresh(tree, *lookup)
    assert run("clean")[0] == 0
    assert changes(before, snapshot(tree / "outside")) == [] and not (tree / "ws" / "cache").exists()


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero"])
def test_no_entry_that_is_a_fifo_or_a_device_hangs_or_fills_memory(tree, kind):
    """In a child process with a time limit: a FIFO opened for reading waits for a writer
    forever, /dev/zero never ends. The entries of the index — the card records, the base
    entry, its columns — are replaced by one in turn; an entry is read only when
    an answer needs it (a search reads the columns), and then rebuilt."""
    lookup = ["card", "a_1", "--base", "cards"]
    expected = fresh(tree, *lookup)[:2]
    assert run(*lookup)[0] == 0
    env = dict(os.environ, PYTHONPATH=str(REPO), **{CACHE_ENV: str(tree / "ws" / "cache")})
    readers = (".json", ".id", ".lengths", ".jsonl", ".text")   # each read by its own code path
    for entry in (e for suffix in readers for e in index_entries(tree) if e.suffix == suffix):
        entry.unlink()
        if kind == "fifo":
            os.mkfifo(entry)
        else:
            entry.symlink_to("/dev/zero")
        child = subprocess.run([sys.executable, "-m", "berserk_judge", *lookup], cwd=tree / "ws", env=env,
                               capture_output=True, text=True, timeout=120)
        assert (child.returncode, child.stdout) == expected, entry.name
    for query in ("b_1", "o:ранить t:существо", "Лучник"):   # the other records, the columns of a search
        child = subprocess.run([sys.executable, "-m", "berserk_judge", "card", query, "--base", "cards"], cwd=tree / "ws",
                               env=env, capture_output=True, text=True, timeout=120)
        assert (child.returncode, child.stdout) == fresh(tree, "card", query, "--base", "cards")[:2], query


def test_a_read_only_folder_is_not_made_a_cache(tree, monkeypatch):
    folder = tree / "ws" / "ro-cache"
    folder.mkdir()
    os.chmod(folder, 0o555)
    monkeypatch.setenv(CACHE_ENV, str(folder))
    before = snapshot(tree)
    try:
        assert run("card", "a_1", "--base", "cards") == fresh(tree, "card", "a_1", "--base", "cards")
        code, out, err = run("lint", "cards", "--exit-zero", "-q")
        assert code == 0
        assert err.splitlines()[0] == (f"Предупреждение: кэш не используется: папка {folder} только для чтения "
                                       "(права 0555).")
        assert changes(before, snapshot(tree)) == []
        assert run("clean") == (2, "", f"Ошибка: папка {folder} не помечена как кэш berserk-judge "
                                       "(нет CACHEDIR.TAG); ничего не удалено.\n")
    finally:
        os.chmod(folder, 0o755)


def _outputs(tree) -> list[tuple[list[str], str]]:
    cache = tree / "ws" / "cache"
    where = f"это внутри папки кэша berserk-judge ({cache}), её целиком удаляет berserk-judge clean"
    corpus = tree / "outside" / "c.jsonl"
    corpus.write_text('{"id": "c1", "set": "c", "set_name": "C", "name": "Имя", "text": "Ранить цель на 1."}\n',
                      encoding="utf-8")
    return [
        (["lint", "cards", "--output", "cache/lint.txt"],
         f"Ошибка: --output cache/lint.txt: {where}; отчёт записан не будет, укажите другой файл.\n"),
        (["report", "cards", "--out", "cache/site"],
         f"Ошибка: cache/site: {where}; выберите другую папку\n"),
        (["report", "cards", "--out", "cache", "--format", "markdown"],
         f"Ошибка: --out cache/errata.md: {where}; отчёт записан не будет, укажите другой файл.\n"),
        (["import", str(corpus), "--out", "cache/cards-index", "--force"],
         f"Ошибка: --out cache/cards-index: {where}; ничего не записано, укажите другую папку.\n"),
    ]


def test_no_output_is_written_inside_the_cache_folder(tree):
    assert run("card", "a_1", "--base", "cards")[0] == 0         # the cache folder exists and is marked
    for args, message in _outputs(tree):
        before = snapshot(tree)
        code, out, err = run(*args)
        assert (code, err) == (2, message), args
        assert changes(before, snapshot(tree)) == [], args


def test_clean_deletes_only_what_the_tool_wrote(tree):
    """A file the user put into the marked cache folder (it was empty when the tool
    claimed it) stays, and so does the folder with its mark; a second clean, once the
    file is gone, deletes the folder."""
    cache = tree / "ws" / "cache"
    assert run("lint", "cards", "--exit-zero", "-q")[0] == 0
    assert run("card", "a_1", "--base", "cards")[0] == 0
    (cache / "a.yaml").write_text(card_file("a"), encoding="utf-8")
    (cache / "мои заметки").mkdir()
    (cache / "cards-index" / "files" / "x.lnk").symlink_to(tree / "outside" / "keep.txt")
    mine = {p: e for p, e in snapshot(tree).items() if "a.yaml" in p or "заметки" in p or p.startswith("outside")}
    assert run("clean") == (0, f"Кэш очищен: {cache}\n",
                            "Предупреждение: в папке кэша остались 2 файла, которые berserk-judge не создавал: "
                            "a.yaml, мои заметки; они не удалены, папка остаётся.\n")
    after = snapshot(tree)
    assert changes(mine, {p: after[p] for p in mine if p in after}) == []
    assert sorted(os.listdir(cache)) == [".gitignore", "CACHEDIR.TAG", "a.yaml", "мои заметки"]
    (cache / "a.yaml").unlink()
    (cache / "мои заметки").rmdir()
    assert run("clean") == (0, f"Кэш удалён: {cache}\n", "")
    assert not cache.exists()
