"""A careless and a hostile user against the commands that write (run by hand, not a test).

    python bench/bench_hostile.py [--scenarios N] [--seed S] [--only report-out cache links jobs] [--json out.json]

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
  by their ids).

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
    process = subprocess.Popen([sys.executable, "-m", "cli.main", *args], cwd=cwd, env=env,
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


def user_losses(before: dict, after: dict, tool_owned: set[str], content_may_change: set[str] = frozenset()) -> list[str]:
    """Differences in what the user had: a path present before, not the tool's own."""
    mine = {path for path in before if path not in tool_owned and not path.startswith("workspace/.berserk-judge-cache")}
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
               "clean-workspace", "clean-unmarked", "clean-own"]
    action = actions[index % len(actions)]
    entries = sorted(p for p in cache.glob("*.json")) if cache.is_dir() else []
    other = []
    if action.startswith("clean"):
        where = {"clean-notes": w.ws / "docs", "clean-workspace": w.ws, "clean-unmarked": w.outside,
                 "clean-own": cache}[action]
        env = dict(w.env, BERSERK_JUDGE_CACHE_DIR=str(where))
        before = snapshot(w.root)
        runs.append(run(["clean"], w.ws, env, timeout))
        owned = {p for p in before if p.startswith("workspace/.berserk-judge-cache")}
        lost = user_losses(before, snapshot(w.root) if w.root.exists() else {}, owned)
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


SURFACES = {"report-out": report_out, "cache": cache_entries, "links": links, "jobs": jobs}


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
