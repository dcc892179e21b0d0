"""Nothing of the user's is lost to the cache or the workers (issue 15, items 2, 5, 6).

Each test gives its input, the exact message and exit code, and checks that
no user file changed: the tree's bytes, links, modes and owners before and after.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from berserk_judge.cardbase.load import load_base
from berserk_judge.cli.main import main
from berserk_judge.lint.cache import LintCache
from berserk_judge.lint.config import Settings
from berserk_judge.lint.engine import lint_base
from berserk_judge.lint.parallel import default_jobs, lint_paths

REPO = Path(__file__).resolve().parents[1]
TOOL = [sys.executable, "-c", "import sys; from berserk_judge.cli.main import main; sys.argv[0] = 'berserk-judge'; main()"]


def run(*args, env=None):
    return CliRunner().invoke(main, list(args), env=env)


def tree(root: Path) -> dict:
    """Every entry under `root` (links not followed): kind, bytes or link target, mode, owner, links."""
    out = {}
    for folder, dirs, files in os.walk(root, followlinks=False):
        for name in dirs + files:
            path = Path(folder) / name
            info = os.lstat(path)
            if path.is_symlink():
                body = ("link", os.readlink(path))
            elif path.is_file():
                body = ("file", path.read_bytes())
            else:
                body = ("dir", None)
            out[str(path.relative_to(root))] = (body, info.st_mode, info.st_uid, info.st_gid, info.st_nlink)
    return out


@pytest.fixture
def user_folder(tmp_path) -> Path:
    """A folder of the user's: files, a sub-folder, a link, a hard link, a read-only file."""
    folder = tmp_path / "мои-файлы"
    (folder / "docs").mkdir(parents=True)
    (folder / "README.md").write_text("моё\n", encoding="utf-8")
    (folder / "docs" / "note.txt").write_bytes(b"\x00\x01 bytes")
    (folder / "entry.msgpack").write_bytes(b"not the tool's")
    os.link(folder / "README.md", folder / "hard-link.md")
    (folder / "link").symlink_to(folder / "docs")
    (folder / "ro.txt").write_text("только чтение", encoding="utf-8")
    (folder / "ro.txt").chmod(0o444)
    return folder


# -- item 2: clean deletes only a folder marked as the cache ----------------------

def test_clean_refuses_a_user_folder_named_by_the_environment(user_folder, monkeypatch):
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(user_folder))
    before = tree(user_folder.parent)
    result = run("clean", "--isolated")
    assert result.exit_code == 2
    assert result.stderr == (f"Ошибка: папка {user_folder} не помечена как кэш berserk-judge "
                             "(нет CACHEDIR.TAG); ничего не удалено.\n")
    assert tree(user_folder.parent) == before


def test_clean_refuses_a_user_folder_where_the_setting_puts_the_cache(tmp_path, monkeypatch):
    monkeypatch.delenv("BERSERK_JUDGE_CACHE_DIR")
    (tmp_path / "berserk-judge.toml").write_text('cardbase = "cards"\n', encoding="utf-8")
    folder = tmp_path / ".berserk-judge-cache"
    (folder / "моё").mkdir(parents=True)
    (folder / "моё" / "письмо.txt").write_text("не удалять", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    before = tree(tmp_path)
    result = run("clean")
    assert result.exit_code == 2
    assert result.stderr == (f"Ошибка: папка {folder} не помечена как кэш berserk-judge "
                             "(нет CACHEDIR.TAG); ничего не удалено.\n")
    assert tree(tmp_path) == before


def test_clean_refuses_a_link_and_a_file(tmp_path, monkeypatch, base_dir):
    cache = tmp_path / "cache"
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(cache))
    assert run("lint", str(base_dir), "--isolated", "--exit-zero").exit_code == 0
    link = tmp_path / "link-to-cache"
    link.symlink_to(cache)
    file = tmp_path / "file"
    file.write_text("x", encoding="utf-8")
    before = tree(tmp_path)
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(link))
    result = run("clean", "--isolated")
    assert (result.exit_code, result.stderr) == (2, f"Ошибка: {link} — ссылка, а не папка кэша; ничего не удалено.\n")
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(file))
    result = run("clean", "--isolated")
    assert (result.exit_code, result.stderr) == (2, f"Ошибка: {file} — не папка; ничего не удалено.\n")
    assert tree(tmp_path) == before


def test_lint_keeps_out_of_a_user_folder(user_folder, base_dir, monkeypatch):
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(user_folder))
    before = tree(user_folder.parent)
    expected = run("lint", str(base_dir), "--isolated", "--exit-zero", "--no-cache")
    result = run("lint", str(base_dir), "--isolated", "--exit-zero")
    assert result.exit_code == 0 and result.stdout == expected.stdout
    assert result.stderr == (f"Предупреждение: кэш не используется: папка {user_folder} не помечена как кэш "
                             "berserk-judge (нет CACHEDIR.TAG), в ней чужие файлы.\n")
    assert tree(user_folder.parent) == before


# -- item 5: entries are regular files of bounded size, keyed on the bytes checked --

def _cold_and_cache(base_dir, cache):
    env = dict(os.environ, BERSERK_JUDGE_CACHE_DIR=str(cache))
    args = ["lint", str(base_dir), "--isolated", "--exit-zero", "--jobs", "1"]
    cold = subprocess.run(TOOL + args + ["--no-cache"], capture_output=True, cwd=REPO, env=env, timeout=120)
    subprocess.run(TOOL + args, capture_output=True, cwd=REPO, env=env, timeout=120, check=True)
    return env, args, cold.stdout


@pytest.mark.parametrize("kind", ["link to /dev/zero", "fifo", "too large"])
def test_hostile_entries_neither_hang_nor_fill_memory(base_dir, tmp_path, kind):
    cache = tmp_path / "cache"
    env, args, cold = _cold_and_cache(base_dir, cache)
    before = tree(base_dir)
    entries = sorted(cache.glob("*.msgpack"))
    assert len(entries) == 3   # two files and the output
    for entry in entries:
        entry.unlink()
        if kind == "link to /dev/zero":
            entry.symlink_to("/dev/zero")
        elif kind == "fifo":
            os.mkfifo(entry)
        else:
            with open(entry, "wb") as handle:  # sparse: a size past the bound without the disk
                handle.truncate(64 * 1024 * 1024 + 1)
    started = time.monotonic()
    result = subprocess.run(TOOL + args, capture_output=True, cwd=REPO, env=env, timeout=120)
    assert time.monotonic() - started < 60
    assert (result.returncode, result.stdout, result.stderr) == (0, cold, b"")
    assert tree(base_dir) == before
    for entry in cache.glob("*.msgpack"):   # replaced by regular entries, never written through
        assert entry.is_file() and not entry.is_symlink()


def test_an_edit_during_the_run_then_reverted_leaves_no_phantom(base_dir, tmp_path, monkeypatch):
    """The file changes after lint read it and is put back before the next run:
    the entry must hold the findings of the bytes it is keyed on."""
    import berserk_judge.lint.parallel
    from berserk_judge import lint

    path = base_dir / "d1-probuzhdenie-kamnya.yaml"
    original = path.read_bytes()
    edited = original.replace("Выстрел на 2, дальность 3.".encode(), "Выстрел на 2, дальность 3..".encode(), 1)
    assert edited != original
    expected = run("lint", str(base_dir), "--isolated", "--exit-zero", "--no-cache").stdout
    load = lint.parallel.load_file

    def edit_meanwhile(file, *args, **kwargs):
        Path(file).write_bytes(edited) if Path(file) == path else None
        return load(file, *args, **kwargs)

    monkeypatch.setattr(lint.parallel, "load_file", edit_meanwhile)
    during = run("lint", str(base_dir), "--isolated", "--exit-zero", "--jobs", "1")
    assert during.stdout == expected   # what was read at the start is what was checked
    monkeypatch.setattr(lint.parallel, "load_file", load)
    path.write_bytes(original)
    again = run("lint", str(base_dir), "--isolated", "--exit-zero", "--jobs", "1")
    assert again.stdout == expected and "дальность 3.." not in again.stdout


# -- item 6: workers die with lint; --jobs capped at the cores -----------------------

def _children(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text() if (task / "children").exists() else ""
        found.update(int(x) for x in text.split())
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir() or default_jobs() < 2,
                    reason="нужны /proc и два ядра")
def test_kill_9_of_lint_leaves_no_worker(corpus_dir, tmp_path):
    from berserk_judge.cardbase.importer import import_jsonl

    base = tmp_path / "base"
    import_jsonl(sorted(corpus_dir.glob("*.jsonl")), base)
    before = tree(base)
    process = subprocess.Popen(TOOL + ["lint", str(base), "--isolated", "--no-cache", "--jobs", "2"], cwd=REPO,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    workers: set[int] = set()
    while not workers and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
        workers = _children(process.pid)
    assert workers, "no worker started"
    process.send_signal(signal.SIGKILL)
    process.wait()
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if _alive(pid)]
    assert tree(base) == before


def test_jobs_are_capped_at_the_cores(base_dir, monkeypatch):
    import berserk_judge.lint.parallel
    from berserk_judge import lint

    asked = []
    real = lint.parallel.ProcessPoolExecutor

    def record(*args, max_workers, **kwargs):
        asked.append(max_workers)
        return real(*args, max_workers=max_workers, **kwargs)

    monkeypatch.setattr(lint.parallel, "ProcessPoolExecutor", record)
    expected = run("lint", str(base_dir), "--isolated", "--no-cache", "--jobs", "1")
    result = run("lint", str(base_dir), "--isolated", "--no-cache", "--jobs", "1000")
    assert (result.exit_code, result.stdout) == (expected.exit_code, expected.stdout)
    assert asked and all(workers <= default_jobs() for workers in asked)
    assert "не больше — по числу ядер" in " ".join(run("lint", "--help").stdout.split())


def test_a_worker_killed_mid_run_loses_and_repeats_nothing(corpus_dir, tmp_path, monkeypatch):
    """A worker dies (SIGKILL) on one file while others have returned results:
    every file is still checked exactly once in the result, as with --jobs 1."""
    import berserk_judge.lint.parallel
    from berserk_judge import lint
    from berserk_judge.cardbase.importer import import_jsonl

    base = tmp_path / "base"
    import_jsonl(sorted(corpus_dir.glob("*.jsonl")), base)
    expected = lint_base(load_base([str(base)]), Settings())
    parent = os.getpid()
    check = lint.parallel.check_file

    victim = str(sorted(base.glob("*.yaml"))[3])

    def die_in_a_worker(path, *args, **kwargs):
        if os.getpid() != parent and path == victim:
            os.kill(os.getpid(), signal.SIGKILL)
        return check(path, *args, **kwargs)

    monkeypatch.setattr(lint.parallel, "check_file", die_in_a_worker)
    monkeypatch.setattr(lint.parallel, "default_jobs", lambda: 3)
    for cache in (None, LintCache(tmp_path / "c", code="t")):
        got = lint_paths([str(base)], Settings(), jobs=3, cache=cache)
        assert got.findings == expected.findings
        assert len({(f.path, f.line, f.column, f.code, f.message) for f in got.findings}) == len(got.findings)
        assert (got.cards, got.files) == (expected.cards, expected.files)


def test_a_folder_being_claimed_by_another_process_is_claimable(tmp_path):
    """Two workers create the cache folder at once: the second finds the first's
    .gitignore or temporary file, not yet its CACHEDIR.TAG, and must not refuse
    (a refusal there silently lost a file's cache entry). A user's file still refuses."""
    from berserk_judge.cardbase.cachedir import claim, is_marked, refusal

    folder = tmp_path / "cache"
    folder.mkdir()
    (folder / ".gitignore").write_text("# создано berserk-judge\n*\n", encoding="utf-8")
    (folder / ".tmp-abc123").write_bytes(b"")
    assert refusal(folder) is None and claim(folder) and is_marked(folder)
    mine = tmp_path / "mine"        # a user's own .gitignore alone: their folder, not claimed
    mine.mkdir()
    (mine / ".gitignore").write_text("*\n", encoding="utf-8")
    assert refusal(mine) is not None and not claim(mine) and not is_marked(mine)
    assert (mine / ".gitignore").read_text(encoding="utf-8") == "*\n" and len(list(mine.iterdir())) == 1
    other = tmp_path / "other"
    other.mkdir()
    (other / ".gitignore").write_text("*\n", encoding="utf-8")
    (other / "notes.txt").write_text("мои заметки", encoding="utf-8")
    assert refusal(other) == (f"папка {other} не помечена как кэш berserk-judge (нет CACHEDIR.TAG), "
                              "в ней чужие файлы")
    assert not claim(other) and not is_marked(other)
