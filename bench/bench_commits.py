"""Cold lint CPU of two or more commits side by side, in one run (issue 34).

A round of reader patterns costs CPU that no test sees; a figure from last
month's run on a machine under another load says little. This script builds
each commit into a virtual environment of its own (a non-editable `pip install`
of a `git archive` of the commit, its dependencies pinned to the versions of
the environment running the script, so only the tool's own code differs),
builds one base of distinct cards (bench/scale_base.py, 10,000 cards by
default), and runs `berserk-judge lint BASE --no-cache --jobs 1` of every
commit in interleaved rounds (A B C A B C …), together with the bare YAML
compose of bench/bench_scale.py (ruamel's C parser and the tool's resolver
over the same files, timed inside its process: the yardstick of the ≤ 12×
target), so that a change of the machine's load hits all of them alike.

Per commit it prints the median CPU (user + system of the process and its
workers, from wait4) and the range over the rounds, the ratio to the first
commit, the ratio to the compose, and the load average during its runs.

The environments are cached by commit hash in a folder outside the repository
(default: TMPDIR/berserk-judge-bench-commits; --cache-dir); a commit is built
once. Commits older than the `berserk_judge` package folder (04e0a10 is one)
install their own top-level packages: each runs through its own
`berserk-judge` command, never through this checkout's code.

    python bench/bench_commits.py [COMMIT ...] [--previous] [--rounds 5] [--cards 10000]
                                  [--tool NAME=PATH/TO/berserk-judge] [--base DIR] [--cache-dir DIR]

CPU time on a shared or virtual machine varies by ±15 % between runs of the same
work (another guest's load, the host's frequency), more than a reader round
costs. --instructions N adds a deterministic figure: each tool runs once under
valgrind's callgrind over a base of N cards and once over an empty folder, and
the instructions it executed (the same on every run of the same commit) are
printed per card, startup taken off, with the ratio to the first commit.

Without commits: 04e0a10 (the cost before issue 34's reader round) and HEAD.
--previous adds the last landed commit (main, or main's first parent when
HEAD is main). --tool adds an installed command as it is, e.g. this
worktree's editable install with uncommitted changes.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_scale import COMPOSE, run  # noqa: E402  (the same launcher and yardstick as the scale bench)

DEFAULT_COMMITS = ("04e0a10", "HEAD")
CACHE_NAME = "berserk-judge-bench-commits"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=REPO, check=True, capture_output=True, text=True).stdout.strip()


def resolve(commit: str) -> tuple[str, str]:
    """(full hash, short label) of a commit name."""
    full = git("rev-parse", "--verify", f"{commit}^{{commit}}")
    return full, f"{commit}" if commit == full[:len(commit)] else f"{commit} ({full[:7]})"


def previous_landed(main_ref: str) -> str:
    """main, or main's first parent when HEAD is main itself."""
    main = git("rev-parse", "--verify", f"{main_ref}^{{commit}}")
    return f"{main_ref}^1" if main == git("rev-parse", "HEAD") else main_ref


def constraints(folder: Path) -> Path:
    """The running environment's versions, so that every commit gets the same dependencies."""
    frozen = subprocess.run([sys.executable, "-m", "pip", "freeze", "--exclude-editable"], check=True,
                            capture_output=True, text=True).stdout
    pins = [line for line in frozen.splitlines()
            if "==" in line and not line.lower().startswith(("berserk-judge", "berserk_judge"))]
    path = folder / "constraints.txt"
    path.write_text("\n".join(pins) + "\n", encoding="utf-8")
    return path


def build(full: str, cache: Path, pins: Path) -> Path:
    """The commit's own `berserk-judge`, installed (once) into CACHE/<hash>/venv."""
    home = cache / full
    tool = home / "venv" / "bin" / "berserk-judge"
    if (home / "ready").exists() and tool.exists():
        return tool
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f"{full[:12]}-", dir=cache))   # renamed into place when done
    started = time.perf_counter()
    source = work / "src"
    source.mkdir()
    archive = work / "src.tar"
    with open(archive, "wb") as out:
        subprocess.run(["git", "archive", "--format=tar", full], cwd=REPO, check=True, stdout=out)
    with tarfile.open(archive) as tar:
        tar.extractall(source, filter="data")
    archive.unlink()
    subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True)
    done = subprocess.run([str(work / "venv" / "bin" / "python"), "-m", "pip", "install", "-q",
                           "--disable-pip-version-check", "-c", str(pins), str(source)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        shutil.rmtree(work, ignore_errors=True)
        raise SystemExit(f"pip install of {full[:12]} failed:\n{done.stderr[-3000:]}")
    shutil.rmtree(source)
    (work / "ready").write_text(full + "\n")
    shutil.rmtree(home, ignore_errors=True)
    try:
        work.rename(home)
    except OSError:   # another run built it meanwhile
        shutil.rmtree(work, ignore_errors=True)
    print(f"  built {full[:12]} in {time.perf_counter() - started:.0f} s", flush=True)
    # the venv's scripts name their interpreter by the path they were built at: rewrite to the final one
    for script in (home / "venv" / "bin").iterdir():
        if script.is_file() and not script.is_symlink():
            head = script.read_bytes()[:300]
            if head.startswith(b"#!") and str(work).encode() in head:
                script.write_bytes(script.read_bytes().replace(str(work).encode(), str(home).encode()))
    return tool


def build_base(cards: int, out: Path, corpus: Path) -> None:
    started = time.perf_counter()
    subprocess.run([sys.executable, str(REPO / "bench" / "scale_base.py"), str(cards), str(out), str(corpus)],
                   check=True, capture_output=True)
    print(f"  base of {cards} distinct cards built in {time.perf_counter() - started:.0f} s", flush=True)


def summary(label: str, cpus: list[float], loads: list[float], first: float, compose: float) -> str:
    median = statistics.median(cpus)
    return (f"  {label:<28} {median:7.2f} s CPU  (range {min(cpus):.2f}–{max(cpus):.2f})  "
            f"×{median / first:5.3f} of the first  ×{median / compose:5.1f} of the compose  "
            f"load {statistics.median(loads):4.1f} ({min(loads):.1f}–{max(loads):.1f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="*", help=f"commits to compare (default: {' '.join(DEFAULT_COMMITS)})")
    parser.add_argument("--previous", action="store_true", help="add the last landed commit (see --main-ref)")
    parser.add_argument("--main-ref", default="main", help="the landed branch (default: main)")
    parser.add_argument("--tool", action="append", default=[], metavar="NAME=PATH",
                        help="an installed berserk-judge to measure as it is (repeatable)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    parser.add_argument("--base", type=Path, help="reuse this base folder (built there when missing)")
    parser.add_argument("--instructions", type=int, default=0, metavar="N",
                        help="also count instructions under valgrind over N cards (deterministic; 600 takes "
                             "about a minute per commit)")
    parser.add_argument("--cache-dir", type=Path, default=Path(tempfile.gettempdir()) / CACHE_NAME,
                        help="where the commits' environments are kept (never inside the repository)")
    args = parser.parse_args()

    commits = list(args.commits) or ([] if args.tool else list(DEFAULT_COMMITS))
    if args.previous:
        commits.append(previous_landed(args.main_ref))
    if args.cache_dir.resolve().is_relative_to(REPO):
        raise SystemExit(f"--cache-dir {args.cache_dir} is inside the repository")
    print(f"{os.cpu_count()} cores; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{args.rounds} rounds; environments in {args.cache_dir}", flush=True)

    tools: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory(prefix="bench-commits-") as tmp:
        work = Path(tmp)
        pins = constraints(work)
        for commit in commits:
            full, label = resolve(commit)
            tools.append((label, str(build(full, args.cache_dir, pins))))
        for spec in args.tool:
            name, _, path = spec.partition("=")
            if not path or not Path(path).exists():
                raise SystemExit(f"--tool {spec}: expected NAME=PATH to an existing berserk-judge")
            tools.append((name, str(Path(path).resolve())))
        if len(tools) < 1:
            raise SystemExit("nothing to measure")

        base = args.base or work / "base"
        if not (base.is_dir() and any(base.glob("*.yaml"))):
            build_base(args.cards, base, args.corpus)
        env = dict(os.environ, BERSERK_JUDGE_CACHE_DIR=str(work / "cache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        commands = {"compose": [sys.executable, "-c", COMPOSE, str(base), str(REPO)]}
        for label, tool in tools:
            commands[label] = [tool, "lint", str(base), "--exit-zero", "--isolated", "--no-cache", "--jobs", "1"]
        for command in commands.values():   # warm-up: the file cache, bytecode, the dictionaries' pages
            run(command, work, env)
        cpus: dict[str, list[float]] = {name: [] for name in commands}
        loads: dict[str, list[float]] = {name: [] for name in commands}
        outputs: dict[str, int] = {}
        for round_number in range(args.rounds):
            for name, command in commands.items():
                measured = run(command, work, env)
                if name == "compose":
                    cpus[name].append(float(measured["out"].split()[1]))   # the loop with the tool's resolver
                else:
                    cpus[name].append(measured["cpu"])
                    outputs[name] = measured["out"].count(b"\n")
                loads[name].append(measured["load"])
            print(f"  round {round_number + 1}: " + "  ".join(f"{name} {values[-1]:.2f}"
                                                           for name, values in cpus.items()), flush=True)

        counted = instructions(tools, args.instructions, args.corpus, work, env) if args.instructions else {}

    labels = [label for label, _ in tools]
    if args.rounds:       # --rounds 0 --instructions N: instructions alone
        compose = statistics.median(cpus["compose"])
        first = statistics.median(cpus[labels[0]])
        print(f"\n== lint --jobs 1 --no-cache over {args.cards} distinct cards, CPU (user+sys, wait4), "
              f"{args.rounds} interleaved rounds")
        print(f"  {'compose (bare YAML, in-process)':<28} {compose:7.2f} s CPU  (range {min(cpus['compose']):.2f}–"
              f"{max(cpus['compose']):.2f})")
        for label in labels:
            print(summary(label, cpus[label], loads[label], first, compose) + f"  [{outputs[label]} output lines]")
    if counted:
        first_work = counted[labels[0]][0] - counted[labels[0]][1]
        print(f"\n== instructions (valgrind callgrind), lint --jobs 1 --no-cache over {args.instructions} cards")
        for label in labels:
            total, startup = counted[label]
            print(f"  {label:<28} {total / 1e9:6.3f} G in all, {startup / 1e9:5.3f} G startup, "
                  f"{(total - startup) / args.instructions / 1e6:6.3f} M per card  "
                  f"×{(total - startup) / first_work:.3f} of the first")
    return 0


def instructions(tools: list[tuple[str, str]], cards: int, corpus: Path, work: Path, env: dict) -> dict:
    """(instructions in all, instructions of the startup) per tool: callgrind counts what the
    process executed, the same on every run of the same code."""
    if shutil.which("valgrind") is None:
        print("  valgrind not found: no instruction counts", flush=True)
        return {}
    small, empty = work / "base-instructions", work / "empty"
    build_base(cards, small, corpus)
    empty.mkdir(exist_ok=True)
    out = {}
    for label, tool in tools:
        counts = []
        for folder in (small, empty):
            done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", tool, "lint",
                                   str(folder), "--exit-zero", "--isolated", "--no-cache", "--jobs", "1"],
                                  cwd=work, env=env, capture_output=True, text=True)
            refs = [line for line in done.stderr.splitlines() if "refs:" in line]
            counts.append(int(refs[-1].split("refs:")[1].replace(",", "").strip()) if refs else 0)
        out[label] = tuple(counts)
        print(f"  counted {label}: {counts[0] / 1e9:.3f} G", flush=True)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
