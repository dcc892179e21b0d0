"""A careless and a hostile user against the commands that write (run by hand, not a test).

    python bench/bench_hostile.py [--scenarios N] [--seed S] [--only SURFACE ...] [--json out.json]

The sibling of bench_fuzz.py (which feeds generated *contents* to every
command in-process): here every scenario builds a small workspace in a
temporary folder — a card base, the user's own files (a README, notes, a
previous report with a file added by hand, files behind symlinks and hard
links, read-only files) and a folder «outside» the workspace that links point
to — runs real commands in child processes, and compares the whole tree
before and after (tests/tree_snapshot.py). Surfaces:

* report-out — `report --out` into `.`, the base folder, a card file
  (`--format markdown`), a folder of notes, an earlier report holding a file
  of the user's, a symlink to the base, a read-only file, a new folder;
* cache — `lint` over cache entries that are damaged, a symlink to a file of
  the user's or to a copy of /dev/zero's node, a FIFO, a folder, a large file;
  `clean` with BERSERK_JUDGE_CACHE_DIR naming a folder of the user's, the
  workspace itself, an unmarked folder;
* links — `lint --fix`, `lint --output`, `import` and `report` over card files
  that are symlinks (to files outside, dangling, in a loop, to a FIFO), hard
  links, read-only files, files of another owner (as root), private device
  nodes (as root; never the system's own);
* jobs — `lint --jobs N` for N from 0 to 2^31 and junk, counting the worker
  processes started (more than the cores is an event); `kill -9` of the main
  process, counting the workers still alive 3 s later (they are then killed
  by their ids);
* index — `card` and `explain --card` write the card index
  `<cache>/cards-index/`: the cache variable names a folder of the user's, a
  symlink, a file, a read-only folder, the workspace; inside a marked cache
  the index folder, its subfolders or its entries are links to the user's
  files, FIFOs, devices, folders; `clean` after `card`, and with the user's
  files put into the cache folder (cache surface). The answer must be the one
  a fresh cache gives;
* server — a scripted editor session (initialize, didOpen, codeAction with
  every action resolved, hover, definition, didChange, didSave, watched
  files, didClose, shutdown) in workspaces with a FIFO, a device link, a link
  outside, a read-only card, a config naming a FIFO: the server writes
  nothing at all (any change of the tree is an event);
* compare — `report --compare OLD` where OLD is a FIFO, a device link, the
  output folder, an earlier report, the cache folder, a link loop, a binary
  file, the base itself, a folder holding the output, a folder of links;
* import — `import` where the output folder, its set files or the sources
  are links (outside, dangling, loops, FIFOs, devices), hard links,
  read-only files, the cache folder, a folder of the user's.

Counted per surface: scenarios, tracebacks (or an exit code outside 0–2),
hangs (killed after --timeout), memory blow-ups (MemoryError, or killed by a
signal), data-loss events (a file the user had — bytes, kind, link target,
mode, owner or link count — changed or gone, except the contents `--fix` is
asked to change) and other events (jobs over the cores, orphaned workers,
findings from the cache that a run without it does not give). Every child
runs with a 2 GB address-space limit, a 256 MB file-size limit and HOME and
the cache inside the workspace, so a fault costs a scenario, not the machine.
Exit code 1 when there was a traceback or a data-loss event.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from tree_snapshot import changes, snapshot  # noqa: E402

CACHE_ENV = "BERSERK_JUDGE_CACHE_DIR"
CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
IS_ROOT = os.geteuid() == 0
SET_TEXTS = [
    ["{tap}: ранить цель на 1 .", "При атаке - закрыть цель.", "Ранить цель на X."],
    ["X{counter}: цель получает +X к удару .", "В начале хода: открыть это существо", "Броня 1."],
    ["Если противник не может или не хочет закрыть , ранить его на 2.", "Строй: +1 к {strike} ."],
]


def card_file(index: int, repeat: int = 1) -> str:
    lines = [f"set: {{id: s{index}, name: Выпуск {index}}}", "cards:"]
    texts = SET_TEXTS[index % len(SET_TEXTS)] * repeat
    for number, text in enumerate(texts, start=1):
        lines += [f"- id: s{index}_{number}", f"  name: Карта {index}-{number}", f'  text: "{text}"']
    return "\n".join(lines) + "\n"


def corpus_line(card_id: str, set_id: str, text: str) -> str:
    return json.dumps({"id": card_id, "set": set_id, "set_name": "Выпуск", "name": "Имя", "text": text},
                      ensure_ascii=False)


# -- running a command ----------------------------------------------------------

@dataclass
class Run:
    args: list[str]
    code: int | None
    out: str
    err: str
    hung: bool = False
    peak_processes: int = 1
    pgid: int = 0


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
    resource.setrlimit(resource.RLIMIT_FSIZE, (256 << 20, 256 << 20))


def _group_members(pgid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as handle:
                    fields = handle.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != b"Z":
                found.append(int(entry))
    return found


def run(args: list[str], cwd: Path, env: dict, timeout: float, stdin: bytes | None = None,
        kill_after: float | None = None) -> Run:
    """`berserk-judge ARGS` in a child process group; with `kill_after`, the main
    process gets SIGKILL after that many seconds and its workers are left
    running for the caller to count (output is not captured then)."""
    pipe = subprocess.PIPE if kill_after is None else subprocess.DEVNULL
    process = subprocess.Popen([sys.executable, "-m", "berserk_judge", *args], cwd=cwd, env=env,
                               stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                               stdout=pipe, stderr=pipe, start_new_session=True, preexec_fn=_limits)
    import threading

    peak = [1]
    stop = threading.Event()

    def watch():
        while not stop.is_set():
            peak[0] = max(peak[0], len(_group_members(process.pid)))
            stop.wait(0.02)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    hung = False
    try:
        if kill_after is not None:
            time.sleep(kill_after)
            process.kill()  # the main process only: the workers are what is being tested
            process.wait()
            out = err = b""
        else:
            out, err = process.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        hung = True
        _kill_group(process.pid)
        out, err = process.communicate()
    finally:
        stop.set()
        watcher.join()
    return Run(args, process.returncode, (out or b"").decode("utf-8", "replace"),
               (err or b"").decode("utf-8", "replace"), hung, peak[0], process.pid)


def _kill_group(pgid: int) -> None:
    for pid in _group_members(pgid):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


# -- a scenario -----------------------------------------------------------------

@dataclass
class Tally:
    scenarios: int = 0
    tracebacks: int = 0
    hangs: int = 0
    memory: int = 0
    data_loss: int = 0
    other: int = 0
    notes: list[str] = field(default_factory=list)

    verbose: bool = False

    def judge(self, name: str, runs: list[Run], lost: list[str], other: list[str]) -> None:
        self.scenarios += 1
        if self.verbose:
            print(f"   {name}: " + ", ".join(f"код {r.code}" for r in runs), flush=True)
        for r in runs:
            shown = " ".join(r.args)
            if r.hung:
                self.hangs += 1
                self.notes.append(f"{name}: завис: {shown}")
            elif "MemoryError" in r.err or (r.code is not None and r.code < 0):
                self.memory += 1
                self.notes.append(f"{name}: память или сигнал {r.code}: {shown}")
            elif "Traceback (most recent call last)" in r.err + r.out or r.code not in (0, 1, 2):
                self.tracebacks += 1
                self.notes.append(f"{name}: трассировка (код {r.code}): {shown}\n{r.err[-1500:]}")
        if lost:
            self.data_loss += 1
            self.notes.append(f"{name}: ПОТЕРЯ ДАННЫХ: " + "; ".join(lost[:6]))
        if other:
            self.other += 1
            self.notes.append(f"{name}: " + "; ".join(other))


class Workspace:
    """A temporary root: workspace/ (the current folder of every command) and outside/."""

    def __init__(self, root: Path):
        self.root = root
        self.ws = root / "workspace"
        self.outside = root / "outside"
        self.ws.mkdir()
        self.outside.mkdir()
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(self.ws),
                    "LANG": "C.UTF-8", "PYTHONPATH": str(REPO), "PYTHONDONTWRITEBYTECODE": "1",
                    "BERSERK_JUDGE_CACHE_DIR": str(self.ws / ".berserk-judge-cache")}

    def base(self, files: int = 3, folder: str = "cards") -> Path:
        where = self.ws / folder
        where.mkdir(parents=True, exist_ok=True)
        for index in range(1, files + 1):
            (where / f"s{index}.yaml").write_text(card_file(index), encoding="utf-8")
        return where

    def user_files(self) -> None:
        (self.ws / "README.md").write_text("# Мои заметки\n", encoding="utf-8")
        (self.ws / "docs").mkdir(exist_ok=True)
        (self.ws / "docs" / "guide.md").write_text("Руководство.\n", encoding="utf-8")
        (self.outside / "keep.txt").write_text("снаружи\n", encoding="utf-8")


def user_losses(before: dict, after: dict, tool_owned: set[str], content_may_change: set[str] = frozenset(),
                cache_is_tools: bool = True) -> list[str]:
    """Differences in what the user had: a path present before, not the tool's own (by default
    everything in the workspace's cache folder is the tool's)."""
    mine = {path for path in before if path not in tool_owned
            and not (cache_is_tools and path.startswith("workspace/.berserk-judge-cache"))}
    lost = []
    for line in changes({p: before[p] for p in mine}, {p: after[p] for p in mine if p in after}, identity=False):
        path, what = line.split(": ", 1)
        if path in content_may_change and what.startswith("data "):
            continue  # the contents `--fix` or `import --force` was asked to change
        if before[path].kind == "dir" and what.startswith("nlink"):
            continue  # a new subfolder (a report, a cache) adds a link to its parent
        lost.append(line)
    return lost


# -- surfaces ---------------------------------------------------------------------

def report_out(rng: random.Random, root: Path, timeout: float, tally: Tally, index: int) -> None:
    w = Workspace(root)
    w.base()
    w.user_files()
    tool_owned: set[str] = set()
    targets = [".", "cards", "cards/s1.yaml", "docs", "previous", "link-to-cards", "cards/sub",
               "-", "README.md", "ro.md", "new-report", "docs/guide.md", "outside-link"]
    target = targets[index % len(targets)]  # every target in turn; the rest at random
    fmt = rng.choice(["html", "markdown"]) if target not in ("cards/s1.yaml", "README.md", "ro.md", "-",
                                                             "docs/guide.md") else "markdown"
    runs = []
    if target == "previous":
        runs.append(run(["report", "cards", "--out", "previous"], w.ws, w.env, timeout))
        before_setup = snapshot(w.root)
        tool_owned |= {p for p in before_setup if p.startswith("workspace/previous")}
        (w.ws / "previous" / "mine.txt").write_text("моё\n", encoding="utf-8")
        fmt = "html"
    if target == "link-to-cards":
        (w.ws / "link-to-cards").symlink_to("cards")
    if target == "outside-link":
        (w.ws / "outside-link").symlink_to(w.outside)
    if target == "ro.md":
        (w.ws / "ro.md").write_text("только чтение\n", encoding="utf-8")
        os.chmod(w.ws / "ro.md", 0o444)
    before = snapshot(w.root)
    tool_owned -= {"workspace/previous/mine.txt"}
    args = ["report", "cards", "--out", target, "--format", fmt]
    if rng.random() < 0.3:
        shutil.copytree(w.ws / "cards", w.outside / "old")
        before = snapshot(w.root)
        args += ["--compare", str(w.outside / "old")]
    runs.append(run(args, w.ws, w.env, timeout))
    # a plain file of the user's named as the output: its contents were asked for, its mode and owner were not
    asked = {f"workspace/{target}"} if target in ("README.md", "docs/guide.md") else set()
    lost = user_losses(before, snapshot(w.root), tool_owned, asked)
    tally.judge(f"report-out #{index} --out {target} ({fmt})", runs, lost, [])


def cache_entries(rng: random.Random, root: Path, timeout: float, tally: Tally, index: int) -> None:
    w = Workspace(root)
    w.base(files=3)
    w.user_files()
    cache = Path(w.env["BERSERK_JUDGE_CACHE_DIR"])
    runs = [run(["lint", "cards", "--exit-zero", "-q"], w.ws, w.env, timeout)]
    actions = ["damage", "zero", "fifo", "folder", "user-link", "large", "clean-notes",
               "clean-workspace", "clean-unmarked", "clean-own", "clean-foreign"]
    action = actions[index % len(actions)]
    entries = sorted(p for p in cache.glob("*.msgpack")) if cache.is_dir() else []  # the entries lint writes
    other = []
    if action.startswith("clean"):
        where = {"clean-notes": w.ws / "docs", "clean-workspace": w.ws, "clean-unmarked": w.outside,
                 "clean-own": cache, "clean-foreign": cache}[action]
        env = dict(w.env, BERSERK_JUDGE_CACHE_DIR=str(where))
        if action == "clean-foreign":  # the user's files put into the marked cache folder: not the tool's
            (cache / "моё.yaml").write_text(card_file(1), encoding="utf-8")
            (cache / "notes").mkdir()
            (cache / "notes" / "n.txt").write_text("моё\n", encoding="utf-8")
            (cache / "link").symlink_to(w.outside / "keep.txt")
        before = snapshot(w.root)
        runs.append(run(["clean"], w.ws, env, timeout))
        owned = {p for p in before if p.startswith("workspace/.berserk-judge-cache")
                 and not any(mine in p for mine in ("моё.yaml", "notes", "link"))}

        lost = user_losses(before, snapshot(w.root) if w.root.exists() else {}, owned, cache_is_tools=False)
        tally.judge(f"cache #{index} {action}", runs, lost, other)
        return
    for entry in rng.sample(entries, k=min(len(entries), rng.randint(1, 3))):
        entry.unlink()
        if action == "damage":
            entry.write_bytes(rng.choice([b"", b"{", b"\x00" * 100, b'{"key": 1}', os.urandom(64)]))
        elif action == "zero":
            if IS_ROOT:
                os.mknod(w.outside / f"zero-{entry.stem}", stat.S_IFCHR | 0o666, os.makedev(1, 5))
                entry.symlink_to(w.outside / f"zero-{entry.stem}")
            else:
                entry.symlink_to("/dev/zero")  # read only; the 2 GB limit bounds the damage
        elif action == "fifo":
            os.mkfifo(entry)
        elif action == "folder":
            entry.mkdir()
            (entry / "x").write_text("x", encoding="utf-8")
        elif action == "user-link":
            entry.symlink_to(w.ws / "README.md")
        elif action == "large":
            with open(entry, "wb") as handle:
                handle.truncate(64 << 20)  # sparse: 64 MB of zeros
    before = snapshot(w.root)
    cached = run(["lint", "cards", "--format", "json", "--exit-zero"], w.ws, w.env, timeout)
    fresh = run(["lint", "cards", "--format", "json", "--exit-zero", "--no-cache"], w.ws, w.env, timeout)
    runs += [cached, fresh, run(["lint", "cards", "--jobs", "2", "--exit-zero", "-q"], w.ws, w.env, timeout)]
    if not cached.hung and not fresh.hung and cached.out != fresh.out:
        other.append("находки из кэша не те, что без кэша")
    owned = {p for p in before if p.startswith("workspace/.berserk-judge-cache")}
    tally.judge(f"cache #{index} {action}", runs, user_losses(before, snapshot(w.root), owned), other)


def links(rng: random.Random, root: Path, timeout: float, tally: Tally, index: int) -> None:
    w = Workspace(root)
    cards = w.base(files=2)
    w.user_files()
    (w.outside / "s9.yaml").write_text(card_file(9), encoding="utf-8")
    kinds = rng.sample(["outside", "dangling", "loop", "fifo", "hard", "readonly", "owner", "device", "dirlink"],
                       k=rng.randint(1, 4))
    may_change: set[str] = set()
    for kind in kinds:
        if kind == "outside":
            (cards / "s9.yaml").symlink_to(w.outside / "s9.yaml")
            may_change.add("outside/s9.yaml")
        elif kind == "dangling":
            (cards / "gone.yaml").symlink_to(w.outside / "gone.yaml")
        elif kind == "loop":
            (cards / "loop-a.yaml").symlink_to("loop-b.yaml")
            (cards / "loop-b.yaml").symlink_to("loop-a.yaml")
        elif kind == "fifo":
            os.mkfifo(w.outside / "pipe")
            (cards / "pipe.yaml").symlink_to(w.outside / "pipe")
        elif kind == "hard":
            os.link(cards / "s1.yaml", w.outside / "s1-hard.yaml")
            may_change |= {"outside/s1-hard.yaml"}
        elif kind == "readonly":
            os.chmod(cards / "s2.yaml", 0o444)
        elif kind == "owner" and IS_ROOT:
            os.chown(cards / "s1.yaml", 1000, 1000)
        elif kind == "device" and IS_ROOT:
            os.mknod(w.outside / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
            (w.ws / "null-link").symlink_to(w.outside / "null")
        elif kind == "dirlink":
            (w.ws / "cards-link").symlink_to("cards")
    readonly = "readonly" in kinds
    may_change |= {"workspace/cards/s1.yaml"} | ({"workspace/cards/s2.yaml"} if not readonly else set())
    command = ["fix", "output", "import", "report", "lint"][index % 5]
    jsonl = w.outside / "corpus.jsonl"
    jsonl.write_text("\n".join(corpus_line(f"{s}_{n}", s, "Ранить цель на 1.")
                               for s in ("s1", "s2", "s9") for n in (1, 2)) + "\n", encoding="utf-8")
    before = snapshot(w.root)
    if command == "fix":
        args = ["lint", "--isolated", "--no-cache", rng.choice(["cards", "cards-link" if "dirlink" in kinds
                                                                else "cards"]), "--fix"]
    elif command == "output":
        out = rng.choice(["cards/s1.yaml", "cards-link/s1.yaml" if "dirlink" in kinds else "report.txt",
                          "null-link" if "device" in kinds and IS_ROOT else "report.txt",
                          "cards/s9.yaml" if "outside" in kinds else "report.txt", "README.md"])
        args = ["lint", "--isolated", "--no-cache", "cards", "--output", out]
        may_change = set()
        if out == "README.md":
            may_change = {"workspace/README.md"}  # asked for: a plain file that is no input
    elif command == "import":
        args = ["import", str(jsonl), "--out", rng.choice(["cards", "cards-link" if "dirlink" in kinds else "cards"]),
                "--force"]
        may_change |= {"outside/s9.yaml"} | ({"workspace/cards/s2.yaml"} if not readonly else set())
    elif command == "report":
        args = ["report", "cards", "--out", "site"]
        may_change = set()
    else:
        args = ["lint", "--isolated", "cards", "--exit-zero"]
        may_change = set()
    runs = [run(args, w.ws, w.env, timeout)]
    after = snapshot(w.root)
    lost = user_losses(before, after, set(), may_change)
    if IS_ROOT and "device" in kinds and not stat.S_ISCHR(os.lstat(w.outside / "null").st_mode):
        lost.append("outside/null: узел устройства заменён файлом")
    tally.judge(f"links #{index} {command} {'+'.join(kinds)}", runs, lost, [])


def jobs(rng: random.Random, root: Path, timeout: float, tally: Tally, index: int) -> None:
    w = Workspace(root)
    w.base(files=6)
    w.user_files()
    before = snapshot(w.root)
    if index % 4 == 1:  # kill -9 of the main process while the workers run
        big = w.ws / "cards"
        for extra in range(1, 13):  # enough work that the workers are busy when the main process dies
            (big / f"s{extra}.yaml").write_text(card_file(extra, repeat=60), encoding="utf-8")
        before = snapshot(w.root)
        r = run(["lint", "cards", "--no-cache", "--jobs", "3", "-q"], w.ws, w.env, timeout, kill_after=1.5)
        time.sleep(3)
        orphans = _group_members(r.pgid)
        other = [f"{len(orphans)} рабочих процессов живы после kill -9 главного"] if orphans else []
        for pid in orphans:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        r.code = 0 if r.code == -signal.SIGKILL else r.code  # the kill itself is the scenario
        tally.judge(f"jobs #{index} kill -9", [r], user_losses(before, snapshot(w.root), set()), other)
        return
    values = ["0", "-1", "1", "2", str(CORES + 1), "64", "1000", str(2 ** 31), "abc", ""]
    value = values[(index - index // 4 - 1) % len(values)]
    r = run(["lint", "cards", "--no-cache", "--jobs", value, "-q", "--exit-zero"], w.ws, w.env, timeout)
    other = []
    if r.peak_processes - 1 > CORES:
        other.append(f"--jobs {value}: {r.peak_processes - 1} рабочих процессов при {CORES} ядрах")
    tally.judge(f"jobs #{index} --jobs {value!r}", [r], user_losses(before, snapshot(w.root), set()), other)


def _plant(where: Path, kind: str, outside: Path) -> None:
    """Put something hostile at `where` (which must not exist): a link to a file of
    the user's, a FIFO, a link to a character device, a folder, a file, a dangling
    link, a link loop."""
    if kind == "user-link":
        where.symlink_to(outside / "keep.txt")
    elif kind == "fifo":
        os.mkfifo(where)
    elif kind == "zero":
        if IS_ROOT:
            os.mknod(outside / f"zero-{where.name}", stat.S_IFCHR | 0o666, os.makedev(1, 5))
            where.symlink_to(outside / f"zero-{where.name}")
        else:
            where.symlink_to("/dev/zero")
    elif kind == "folder":
        where.mkdir()
        (where / "x").write_text("x", encoding="utf-8")
    elif kind == "dangling":
        where.symlink_to(outside / "gone")
    elif kind == "loop":
        where.symlink_to(where.name)


def card_index(rng: random.Random, root: Path, timeout: float, tally: Tally, index: int) -> None:
    """`card` and `explain --card` write the card index `<cache>/cards-index/`: the cache
    folder named by BERSERK_JUDGE_CACHE_DIR is a folder of the user's, a symlink, a file,
    a read-only folder, the workspace; inside a marked cache the index folder or its
    entries are links to the user's files, FIFOs, devices; `clean` after `card`. The
    answer must be the one a fresh cache gives, and no file of the user's may change."""
    w = Workspace(root)
    w.base(files=2)
    w.user_files()
    cache = Path(w.env["BERSERK_JUDGE_CACHE_DIR"])
    actions = ["user-folder", "symlink", "file", "readonly", "workspace", "index-link", "entry-user-link",
               "entry-fifo", "entry-zero", "entry-folder", "entry-dangling", "subfolder-file", "clean-after-card",
               "bases-link", "tmp-entry", "views-link"]
    action = actions[index % len(actions)]
    command = rng.choice([["card", "s1_1", "--base", "cards"], ["explain", "--card", "s2_2", "--base", "cards"],
                          ["card", "s2_1", "--base", "cards", "--format", "json"]])
    env = dict(w.env)
    runs: list[Run] = []
    owned_prefix = "workspace/.berserk-judge-cache"
    if action == "user-folder":
        env[CACHE_ENV] = str(w.ws / "docs")
    elif action == "symlink":
        (w.ws / "cache-link").symlink_to(w.outside)
        env[CACHE_ENV] = str(w.ws / "cache-link")
    elif action == "file":
        env[CACHE_ENV] = str(w.ws / "README.md")
    elif action == "readonly":
        (w.ws / "ro-cache").mkdir()
        os.chmod(w.ws / "ro-cache", 0o555)
        env[CACHE_ENV] = str(w.ws / "ro-cache")
    elif action == "workspace":
        env[CACHE_ENV] = str(w.ws)
    else:
        runs.append(run(command, w.ws, env, timeout))  # a first lookup builds the index in the marked cache
        folder = cache / "cards-index"
        entries = (sorted(p for p in (folder / "files").glob("*.jsonl")) + sorted(p for p in (folder / "bases").glob("*"))
                   + sorted((folder / "views").glob("*/*.json")))   # the views of the card shown
        if action == "index-link":
            shutil.rmtree(folder)
            folder.symlink_to(w.outside)
        elif action == "bases-link":
            shutil.rmtree(folder / "bases")
            (folder / "bases").symlink_to(w.outside)
        elif action == "views-link":
            shutil.rmtree(folder / "views", ignore_errors=True)
            (folder / "views").symlink_to(w.outside)
        elif action == "subfolder-file":
            shutil.rmtree(folder / "files")
            (folder / "files").write_text("моё\n", encoding="utf-8")
        elif action == "tmp-entry":
            (folder / "files" / ".tmp-x").symlink_to(w.outside / "keep.txt")
        elif action.startswith("entry-"):
            files = [e for e in entries if e.suffix == ".jsonl"]   # the card records: read by every answer
            for entry in set(files[:1] + rng.sample(entries, k=min(len(entries), rng.randint(0, 3)))):
                entry.unlink()
                _plant(entry, action[len("entry-"):], w.outside)
            if action == "entry-user-link" or rng.random() < 0.5:  # an edit: the index is rebuilt over them
                with open(w.ws / "cards" / "s1.yaml", "a", encoding="utf-8") as handle:
                    handle.write("# правка\n")
        elif action == "clean-after-card":
            pass
    before = snapshot(w.root)
    owned = {p for p in before if p.startswith(owned_prefix)} if action not in ("workspace",) else set()
    if action == "clean-after-card":
        runs.append(run(["clean"], w.ws, env, timeout))
        other = [] if not cache.exists() else ["clean после card оставил папку кэша"]
        tally.judge(f"index #{index} {action}", runs, user_losses(before, snapshot(w.root), owned), other)
        return
    looked = run(command, w.ws, env, timeout)
    again = run(command, w.ws, env, timeout)           # the index as this run left it
    fresh = run(command, w.ws, dict(w.env, **{CACHE_ENV: str(w.root / "fresh-cache")}), timeout)
    runs += [looked, again, fresh]
    other = []
    for r in (looked, again):
        if not r.hung and not fresh.hung and (r.out, r.code) != (fresh.out, fresh.code):
            other.append("ответ не тот, что со свежим кэшем")
            break
    after = snapshot(w.root)
    after = {p: e for p, e in after.items() if not p.startswith("fresh-cache")}
    tool_made = {p for p in after if p not in before}
    foreign = [p for p in tool_made if not p.startswith(owned_prefix)]
    if action in ("readonly", "user-folder", "symlink", "workspace") and foreign:
        other.append("записано в чужую папку: " + ", ".join(sorted(foreign)[:3]))
    if action == "index-link" or action == "bases-link":
        if any(p.startswith("outside/") for p in tool_made):
            other.append("указатель записан по ссылке наружу")
    tally.judge(f"index #{index} {action} {' '.join(command[:2])}", runs, user_losses(before, after, owned), other)


# -- the language server ---------------------------------------------------------------

def _frame(message: dict) -> bytes:
    body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def lsp_session(cwd: Path, env: dict, documents: list[Path], timeout: float) -> tuple[Run, list[str], int]:
    """A scripted editor: initialize, then per document didOpen, codeAction (every action
    resolved), hover, definition, a didChange, didSave, didClose; a watched-files change;
    shutdown and exit. Returns the run, what went wrong with the protocol and how many
    actions resolved to an edit (none in a plain workspace: the script missed the fixes)."""
    import queue
    import threading

    process = subprocess.Popen([sys.executable, "-m", "berserk_judge", "server"], cwd=cwd, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True, preexec_fn=_limits)
    inbox: queue.Queue = queue.Queue()
    problems: list[str] = []

    def reader():
        stream = process.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    inbox.put(None)
                    return
                if line in (b"\r\n", b"\n"):
                    break
                key, _, value = line.decode("ascii", "replace").partition(":")
                headers[key.strip().lower()] = value.strip()
            try:
                inbox.put(json.loads(stream.read(int(headers.get("content-length", "0")))))
            except ValueError:
                problems.append("сервер прислал не JSON")

    threading.Thread(target=reader, daemon=True).start()
    deadline = time.monotonic() + timeout
    number = [0]

    def send(method: str, params, request: bool = True):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            number[0] += 1
            message["id"] = number[0]
        try:
            process.stdin.write(_frame(message))
            process.stdin.flush()
        except OSError:
            problems.append(f"{method}: сервер закрыл ввод")
        return message.get("id")

    def answer(request_id):
        while True:
            left = deadline - time.monotonic()
            try:
                message = inbox.get(timeout=max(left, 0.01))
            except queue.Empty:
                return None
            if message is None:
                return None
            if "method" in message and "id" in message:     # the server asks (registration): yes
                try:
                    process.stdin.write(_frame({"jsonrpc": "2.0", "id": message["id"], "result": None}))
                    process.stdin.flush()
                except OSError:
                    pass
            elif message.get("id") == request_id:
                if "error" in message:
                    problems.append(f"ошибка протокола: {message['error'].get('message', '')[:200]}")
                return message

    def ask(method: str, params):
        reply = answer(send(method, params))
        if reply is None:
            problems.append(f"{method}: нет ответа")
        result = (reply or {}).get("result")
        if method == "codeAction/resolve" and isinstance(result, dict) and result.get("edit"):
            edits[0] += 1
        return result

    edits = [0]   # code actions resolved to an edit: the session reached the fixes

    everything = {"start": {"line": 0, "character": 0}, "end": {"line": 10_000, "character": 0}}
    ask("initialize", {"processId": os.getpid(), "rootUri": cwd.as_uri(), "capabilities": {
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}, "workspaceEdit": {"documentChanges": True}},
        "textDocument": {"codeAction": {"resolveSupport": {"properties": ["edit"]}}, "hover": {}}}})
    send("initialized", {}, request=False)
    for path in documents:
        uri = path.absolute().as_uri()
        try:
            text = path.read_text(encoding="utf-8") if path.is_file() else "cards:\n- id: x\n  text: 'ранить'\n"
        except (OSError, UnicodeDecodeError):
            text = ""
        document = {"uri": uri}
        send("textDocument/didOpen", {"textDocument": {**document, "languageId": "yaml", "version": 1, "text": text}},
             request=False)
        for action in ask("textDocument/codeAction", {"textDocument": document, "range": everything,
                                                      "context": {"diagnostics": []}}) or []:
            ask("codeAction/resolve", action)
        ask("textDocument/hover", {"textDocument": document, "position": {"line": 4, "character": 12}})
        ask("textDocument/definition", {"textDocument": document, "position": {"line": 3, "character": 8}})
        send("textDocument/didChange", {"textDocument": {**document, "version": 2},
                                        "contentChanges": [{"text": text + "# правка\n"}]}, request=False)
        ask("textDocument/documentSymbol", {"textDocument": document})
        send("textDocument/didSave", {"textDocument": document}, request=False)
        send("workspace/didChangeWatchedFiles", {"changes": [{"uri": uri, "type": 2}]}, request=False)
        send("textDocument/didClose", {"textDocument": document}, request=False)
    ask("shutdown", None)
    send("exit", None, request=False)
    hung = False
    try:
        process.wait(timeout=max(1.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        hung = True
        _kill_group(process.pid)
        process.wait()
    err = process.stderr.read().decode("utf-8", "replace")
    if any(p.endswith("нет ответа") for p in problems) and not hung:
        hung = process.returncode is None
    return Run(["server"], process.returncode, "", err, hung), problems, edits[0]


def server(rng: random.Random, root: Path, timeout: float, tally: Tally, index: int) -> None:
    """The language server never writes a file: a tree snapshot around a scripted session,
    in a workspace with hostile files (a FIFO card file, a link to a device, a link to a
    file outside, a read-only card file, a config naming a FIFO as the base, the cache
    variable naming a folder of the user's)."""
    w = Workspace(root)
    cards = w.base(files=2)
    w.user_files()
    (w.outside / "s9.yaml").write_text(card_file(9), encoding="utf-8")
    kinds = ["plain", "fifo", "zero", "outside-link", "readonly", "config-fifo", "cache-user", "dangling", "loop",
             "bad-config"]
    kind = kinds[index % len(kinds)]
    documents = [cards / "s1.yaml", cards / "s2.yaml"]
    env = dict(w.env)
    if kind == "fifo":
        os.mkfifo(cards / "pipe.yaml")
        documents.append(cards / "pipe.yaml")
    elif kind == "zero":
        _plant(cards / "zero.yaml", "zero", w.outside)
        documents.append(cards / "zero.yaml")
    elif kind == "outside-link":
        (cards / "s9.yaml").symlink_to(w.outside / "s9.yaml")
        documents.append(cards / "s9.yaml")
    elif kind == "readonly":
        os.chmod(cards / "s1.yaml", 0o444)
    elif kind == "config-fifo":
        os.mkfifo(w.ws / "pipe.yaml")
        (w.ws / "berserk-judge.toml").write_text('cardbase = "pipe.yaml"\n', encoding="utf-8")
    elif kind == "cache-user":
        env[CACHE_ENV] = str(w.ws / "docs")
    elif kind == "dangling":
        (cards / "gone.yaml").symlink_to(w.outside / "gone.yaml")
        documents.append(cards / "gone.yaml")
    elif kind == "loop":
        (cards / "loop.yaml").symlink_to("loop.yaml")
    elif kind == "bad-config":
        (w.ws / "berserk-judge.toml").write_bytes(b"select = [\xff\n")
    rng.shuffle(documents)
    before = snapshot(w.root)
    r, problems, edits = lsp_session(w.ws, env, documents, timeout)
    after = snapshot(w.root)
    written = changes(before, after)   # everything: the server writes nothing at all, not even a cache
    other = [f"протокол: {'; '.join(problems[:3])}"] if problems and not r.hung else []
    if kind == "plain" and not r.hung and edits == 0:
        other.append("сеанс не дошёл до исправлений: ни одно действие не дало правки")
    if written:
        other.append("сервер изменил дерево: " + "; ".join(written[:4]))
    lost = user_losses(before, after, set())
    tally.judge(f"server #{index} {kind}", [r], lost, other)


# -- report --compare with a hostile old base -------------------------------------------

def compare_old(rng: random.Random, root: Path, timeout: float, tally: Tally, index: int) -> None:
    """`report --compare OLD` where OLD is a FIFO, a link to a device, the output folder,
    an earlier report, the cache folder, a link loop, a binary file, the base itself, a
    folder holding the output, a missing path, a folder of links."""
    w = Workspace(root)
    w.base(files=2)
    w.user_files()
    kinds = ["fifo", "zero", "out", "previous-report", "cache", "loop", "binary", "same", "parent", "missing",
             "links", "jsonl", "readme"]
    kind = kinds[index % len(kinds)]
    out = "site"
    runs = []
    owned: set[str] = set()
    if kind == "fifo":
        os.mkfifo(w.outside / "old.yaml")
        old = str(w.outside / "old.yaml")
    elif kind == "zero":
        _plant(w.outside / "old.yaml", "zero", w.outside)
        old = str(w.outside / "old.yaml")
    elif kind == "out":
        old = out
    elif kind == "previous-report":
        runs.append(run(["report", "cards", "--out", "site"], w.ws, w.env, timeout))
        owned = {p for p in snapshot(w.root) if p.startswith("workspace/site")}
        old = "site"
        out = rng.choice(["site", "site2"])
    elif kind == "cache":
        runs.append(run(["lint", "cards", "-q", "--exit-zero"], w.ws, w.env, timeout))
        old = w.env[CACHE_ENV]
        out = rng.choice(["site", w.env[CACHE_ENV]])
    elif kind == "loop":
        (w.outside / "old").mkdir()
        (w.outside / "old" / "a.yaml").symlink_to("b.yaml")
        (w.outside / "old" / "b.yaml").symlink_to("a.yaml")
        (w.outside / "old" / "up").symlink_to("..")
        old = str(w.outside / "old")
    elif kind == "binary":
        (w.outside / "old.yaml").write_bytes(os.urandom(4096))
        old = str(w.outside / "old.yaml")
    elif kind == "same":
        old = "cards"
    elif kind == "parent":
        old = "."
        out = "cards/site" if rng.random() < 0.5 else "site"
    elif kind == "missing":
        old = str(w.outside / "nothing")
    elif kind == "links":
        (w.outside / "old").mkdir()
        for name in ("s1.yaml", "s2.yaml"):
            (w.outside / "old" / name).symlink_to(w.ws / "cards" / name)
        old = str(w.outside / "old")
        out = rng.choice(["site", str(w.outside / "old")])
    elif kind == "jsonl":
        (w.outside / "old.jsonl").write_text(corpus_line("s1_1", "s1", "Ранить цель на 2.") + "\n", encoding="utf-8")
        old = str(w.outside / "old.jsonl")
    else:
        old = "README.md"
    before = snapshot(w.root)
    fmt = rng.choice(["html", "markdown"])
    target = out if fmt == "html" else (out + ".md" if not out.endswith("site") else "errata.md")
    runs.append(run(["report", "cards", "--out", target, "--format", fmt, "--compare", old], w.ws, w.env, timeout))
    tally.judge(f"compare #{index} {kind} --out {target}", runs, user_losses(before, snapshot(w.root), owned), [])


# -- import over links ----------------------------------------------------------------------

def import_links(rng: random.Random, root: Path, timeout: float, tally: Tally, index: int) -> None:
    """`import` where the output folder, its set files or the sources are links (to files
    outside, dangling, in a loop, to a FIFO or a device), hard links, read-only files,
    the cache folder, a folder of the user's; with and without --force."""
    w = Workspace(root)
    out = w.ws / "base"
    out.mkdir()
    w.user_files()
    (w.outside / "s1.yaml").write_text(card_file(1), encoding="utf-8")
    jsonl = w.ws / "corpus.jsonl"
    jsonl.write_text("\n".join(corpus_line(f"{s}_{n}", s, "Ранить цель на 1.")
                               for s in ("s1", "s2", "s3") for n in (1, 2)) + "\n", encoding="utf-8")
    kinds = ["set-link", "set-dangling", "set-loop", "set-fifo", "set-zero", "set-folder", "set-hard", "set-readonly",
             "out-link", "out-file", "out-cache", "out-user", "source-fifo", "source-in-out", "source-is-target",
             "out-link-loop"]
    kind = kinds[index % len(kinds)]
    force = rng.random() < 0.6
    target = "base"
    sources = [str(jsonl)]
    may_change: set[str] = set()
    if kind == "set-link":
        (out / "s1.yaml").symlink_to(w.outside / "s1.yaml")
        may_change = {"outside/s1.yaml"} if force else set()
    elif kind == "set-dangling":
        (out / "s1.yaml").symlink_to(w.outside / "gone.yaml")
    elif kind == "set-loop":
        (out / "s1.yaml").symlink_to("s1.yaml")
    elif kind == "set-fifo":
        os.mkfifo(w.outside / "pipe")
        (out / "s2.yaml").symlink_to(w.outside / "pipe")
    elif kind == "set-zero":
        _plant(out / "s2.yaml", "zero", w.outside)
    elif kind == "set-folder":
        (out / "s3.yaml").mkdir()
        (out / "s3.yaml" / "note.txt").write_text("моё\n", encoding="utf-8")
    elif kind == "set-hard":
        (out / "s1.yaml").write_text(card_file(1), encoding="utf-8")
        os.link(out / "s1.yaml", w.outside / "s1-hard.yaml")
        may_change = {"workspace/base/s1.yaml", "outside/s1-hard.yaml"} if force else set()
    elif kind == "set-readonly":
        (out / "s1.yaml").write_text(card_file(1), encoding="utf-8")
        os.chmod(out / "s1.yaml", 0o444)
    elif kind == "out-link":
        out.rmdir()
        (w.ws / "base").symlink_to(w.outside)
        may_change = {"outside/s1.yaml"} if force else set()
    elif kind == "out-file":
        out.rmdir()
        (w.ws / "base").write_text("моё\n", encoding="utf-8")
    elif kind == "out-cache":
        run(["lint", "--isolated", "outside/s1.yaml", "-q", "--exit-zero"], w.root, w.env, timeout)
        target = w.env[CACHE_ENV]
    elif kind == "out-user":
        target = "docs"
        (w.ws / "docs" / "s2.yaml").write_text("моё\n", encoding="utf-8")
        may_change = {"workspace/docs/s2.yaml"} if force else set()
    elif kind == "source-fifo":
        os.mkfifo(w.outside / "pipe.jsonl")
        sources.append(str(w.outside / "pipe.jsonl"))
    elif kind == "source-in-out":
        shutil.move(str(jsonl), out / "corpus.jsonl")
        sources = [str(out / "corpus.jsonl")]
    elif kind == "source-is-target":
        shutil.move(str(jsonl), out / "s1.yaml")
        sources = [str(out / "s1.yaml")]
    elif kind == "out-link-loop":
        out.rmdir()
        (w.ws / "base").symlink_to("base")
    before = snapshot(w.root)
    runs = [run(["import", *sources, "--out", target, *(["--force"] if force else [])], w.ws, w.env, timeout)]
    owned = {p for p in before if p.startswith("workspace/.berserk-judge-cache")} if kind != "out-cache" else set()
    tally.judge(f"import #{index} {kind}{' --force' if force else ''}", runs,
                user_losses(before, snapshot(w.root), owned, may_change), [])


SURFACES = {"report-out": report_out, "cache": cache_entries, "links": links, "jobs": jobs, "index": card_index,
            "server": server, "compare": compare_old, "import": import_links}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", type=int, default=20, help="scenarios per surface (default 20)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds before a command counts as hung")
    parser.add_argument("--only", nargs="*", choices=sorted(SURFACES))
    parser.add_argument("--json", dest="json_path")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every scenario")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    results = {}
    for name in args.only or list(SURFACES):
        tally = Tally(verbose=args.verbose)
        started = time.perf_counter()
        for index in range(args.scenarios):
            root = Path(tempfile.mkdtemp(prefix=f"hostile-{name}-"))
            try:
                SURFACES[name](rng, root, args.timeout, tally, index)
            finally:
                _unlock(root)
                shutil.rmtree(root, ignore_errors=True)
        results[name] = tally
        print(f"{name:11} scenarios {tally.scenarios:3}  tracebacks {tally.tracebacks:2}  hangs {tally.hangs:2}  "
              f"memory {tally.memory:2}  data loss {tally.data_loss:2}  other {tally.other:2}  "
              f"({time.perf_counter() - started:.0f} s)", flush=True)
        for note in tally.notes:
            print("   -", note)
    total = {key: sum(getattr(t, key) for t in results.values())
             for key in ("scenarios", "tracebacks", "hangs", "memory", "data_loss", "other")}
    print("\nTOTAL: " + ", ".join(f"{k} {v}" for k, v in total.items()))
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(
            {"total": total, "surfaces": {k: {**{f: getattr(t, f) for f in total}, "notes": t.notes}
                                          for k, t in results.items()}}, ensure_ascii=False, indent=2),
            encoding="utf-8")
    return 1 if total["tracebacks"] or total["data_loss"] else 0


def _unlock(root: Path) -> None:
    """Make a scenario's tree removable (read-only files and folders)."""
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            if not path.is_symlink():
                try:
                    os.chmod(path, stat.S_IMODE(os.lstat(path).st_mode) | 0o700)
                except OSError:
                    pass


if __name__ == "__main__":
    sys.exit(main())
