"""Benchmark lint at scale on bases of distinct card texts (issue 19).

For each size (1,000 and 10,000 cards; 50,000 with --large) a base is grown
from ../shared/corpus by bench/scale_base.py — every card text different, so
no cache keyed by text can pass for speed — and each command below runs as a
separate process, in rounds (one run of each per round, --repeat rounds), so
that a change of the machine's load hits all of them alike:

* compose      — the yardstick: read every file and compose it with ruamel's C
                 parser (the fastest load that keeps positions) with the
                 tool's resolver, timed inside the process (CPU of the loop
                 alone; with ruamel's own resolver too, for comparison);
* lint_default — the default `lint` cold (jobs = cores, writes the cache; the
                 cache folder is emptied before each run);
* lint_j1      — `lint --no-cache --jobs 1`;  lint_j2 — `--no-cache --jobs 2`;
* lint_warm    — `lint` again over the unchanged base (cache filled);
* lint_changed — `lint` after one file of the base changed (one text edited);
* version      — `berserk-judge --version`, against `python -c "import click"`;
* card_id, card_typo — `card ID --base BASE` and `card` by a misspelt name.

CPU is user + system time of the process and its workers (wait4), wall is
elapsed time, peak is the largest resident set of the process or any worker.
Bytecode is written (PYTHONDONTWRITEBYTECODE is unset for the commands), as on a
user's machine. The load average is printed with every row: the wall-clock targets hold for
an idle machine only, the CPU ones on any. After the rounds the outputs of
lint_default, lint_j1, lint_j2 and lint_warm are compared byte for byte, and
lint_changed against a cold run of the changed base.

    python bench/bench_scale.py [--sizes 1000,10000] [--large] [--repeat 3] [--json bench_scale.json]
                                [--tool PATH/TO/berserk-judge]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

TARGETS = {  # name -> (limit, what, the size it is judged at)
    "j1_cpu_vs_compose": (12.0, "lint --jobs 1 cold CPU ≤ 12 × compose CPU", 10_000),
    "default_cold_wall_s": (3.0, "default lint cold ≤ 3 s wall (idle machine)", 10_000),
    "warm_wall_s": (0.2, "lint warm ≤ 0.2 s wall", 10_000),
    "cold_peak_mb": (250.0, "peak memory cold ≤ 250 MB", 50_000),
    "warm_peak_mb": (250.0, "peak memory warm ≤ 250 MB", 50_000),
    "version_vs_click": (2.0, "--version ≤ 2 × import click", None),
}
LINEAR_LIMIT = 1.2   # CPU per card of the larger size over the smaller one

COMPOSE = """
import sys, time
from pathlib import Path
from ruamel.yaml import YAML
sys.path.insert(0, sys.argv[2])
from berserk_judge.cardbase.load import _constant_version_resolver
texts = [path.read_bytes() for path in sorted(Path(sys.argv[1]).glob("*.yaml"))]
YAML(typ="safe", pure=False).compose("warm: [up]")  # the parser's own imports are not the yardstick
times = []
for resolver in (None, _constant_version_resolver()):
    started = time.process_time()
    for raw in texts:
        yaml = YAML(typ="safe", pure=False)
        if resolver is not None:
            yaml.Resolver = resolver
        yaml.compose(raw.decode("utf-8"))
    times.append(time.process_time() - started)
print(*times)
"""


# Linux keeps a process's peak resident size across fork and exec: a command started straight
# from this script would report at least this script's own size (tens of MB at 50,000 cards).
# So each command is started by a small launcher (Python without site, a few MB), which times it
# and writes its wait4 figures to a file.
LAUNCHER = """
import json, os, sys, time
started = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        os.execvp(sys.argv[2], sys.argv[2:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - started
with open(sys.argv[1], "w") as out:
    json.dump({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak": usage.ru_maxrss / 1024,
               "code": os.waitstatus_to_exitcode(status)}, out)
"""


def run(command: list[str], cwd: Path, env: dict | None = None) -> dict:
    """One run: wall and CPU seconds (wait4: the process and its workers), peak RSS (MB) of the
    process or its largest worker, load average, exit code and stdout."""
    load = os.getloadavg()[0]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".json") as figures:
        subprocess.run([sys.executable, "-S", "-c", LAUNCHER, figures.name, *map(str, command)],
                       cwd=cwd, env=env, stdout=out, stderr=err, check=False)
        measured = json.loads(Path(figures.name).read_text() or "{}")
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    code = measured.get("code", -1)
    if code not in (0, 1):
        raise SystemExit(f"{' '.join(map(str, command))} failed ({code}):\n{stderr.decode('utf-8', 'replace')}"
                         f"{stdout.decode('utf-8', 'replace')[-2000:]}")
    return {"wall": measured["wall"], "cpu": measured["cpu"], "peak": measured["peak"],
            "load": load, "code": code, "out": stdout}


class Toggle:
    """Edits one text of one base file, differently on every call (lint_changed)."""

    def __init__(self, path: Path):
        self.path = path
        self.original = path.read_bytes()
        self.count = 0

    def __call__(self) -> None:
        self.count += 1
        lines = self.original.decode("utf-8").split("\n")
        for index, line in enumerate(lines):  # a one-line single-quoted text
            value = line[len("  text: "):]
            if line.startswith("  text: '") and len(value) > 2 and value.endswith("'") and "'" not in value[1:-1]:
                lines[index] = f"{line[:-1]} ({self.count} раз за ход)'"
                break
        else:
            raise SystemExit(f"no one-line plain text to edit in {self.path}")
        self.path.write_bytes("\n".join(lines).encode("utf-8"))

    def restore(self) -> None:
        self.path.write_bytes(self.original)


def measure(size: int, corpus: Path, tool: str, repeat: int, work: Path) -> dict:
    base = work / "base"
    started = time.perf_counter()
    built = json.loads(subprocess.run([sys.executable, str(REPO / "bench" / "scale_base.py"), str(size), str(base),
                                       str(corpus)], capture_output=True, check=True, text=True).stdout)
    files, stats, card_id, typo = built["files"], built["stats"], built["card_id"], built["typo"]
    print(f"\n== {size} cards in {files} files ({stats['distinct_texts']} distinct texts of {stats['with_text']} "
          f"with text; {stats['widened']} needed wider numbers, {stats['appended']} an appended feature); "
          f"built in {time.perf_counter() - started:.1f} s (in a child process: the peaks below are the "
          "tool's own)", flush=True)
    cache = work / "cache"
    env = dict(os.environ, BERSERK_JUDGE_CACHE_DIR=str(cache))
    env.pop("PYTHONDONTWRITEBYTECODE", None)   # as a user's machine: the tool's bytecode is written and reused
    lint = [tool, "lint", str(base), "--exit-zero", "--isolated"]
    some_file = sorted(base.glob("*.yaml"))[len(list(base.glob("*.yaml"))) // 2]
    toggle = Toggle(some_file)

    def empty_cache():
        shutil.rmtree(cache, ignore_errors=True)

    commands = {  # name -> (command, prepare)
        "compose": ([sys.executable, "-c", COMPOSE, str(base), str(REPO)], None),
        "lint_default": (lint, empty_cache),
        "lint_warm": (lint, None),
        "lint_changed": (lint, toggle),
        "lint_j1": (lint + ["--no-cache", "--jobs", "1"], toggle.restore),
        "lint_j2": (lint + ["--no-cache", "--jobs", "2"], None),
        "card_id": ([tool, "card", card_id, "--base", str(base)], None),
        "card_typo": ([tool, "card", typo, "--base", str(base)], None),
        "version": ([tool, "--version"], None),
        "import_click": ([sys.executable, "-c", "import click"], None),
    }
    runs: dict[str, list[dict]] = {name: [] for name in commands}
    for round_number in range(repeat):
        for name, (command, prepare) in commands.items():
            if prepare is not None:
                prepare()
            runs[name].append(run(command, work, env))
    rows = {}
    for name, results in runs.items():
        row = {"wall_s": statistics.median(r["wall"] for r in results),
               "cpu_s": statistics.median(r["cpu"] for r in results),
               "peak_mb": max(r["peak"] for r in results),
               "load": statistics.median(r["load"] for r in results),
               "runs_wall_s": [round(r["wall"], 3) for r in results],
               "runs_cpu_s": [round(r["cpu"], 3) for r in results]}
        if name == "compose":
            row["compose_ruamel_cpu_s"] = statistics.median(float(r["out"].split()[0]) for r in results)
            row["compose_cpu_s"] = statistics.median(float(r["out"].split()[1]) for r in results)
        rows[name] = row
        extra = (f"; the loop alone: {row['compose_cpu_s']:.3f} s CPU (ruamel's own resolver: "
                 f"{row['compose_ruamel_cpu_s']:.3f} s)") if name == "compose" else ""
        print(f"  {name:<13} {row['wall_s']:7.3f} s wall {row['cpu_s']:7.3f} s CPU  peak {row['peak_mb']:4.0f} MB"
              f"  load {row['load']:4.1f}  (wall {', '.join(map(str, row['runs_wall_s']))}){extra}", flush=True)
    rows["identical"] = _same_outputs(lint, work, env, cache, toggle)
    toggle.restore()
    rows["build"] = {"files": files, **stats}
    return rows


def _same_outputs(lint, work, env, cache, toggle) -> dict:
    """Byte identity of cold, warm, --jobs 1 and --jobs 2; warm after a change against cold."""
    toggle.restore()
    shutil.rmtree(cache, ignore_errors=True)
    outs = {"default_cold": run(lint, work, env)["out"], "warm": run(lint, work, env)["out"],
            "j1": run(lint + ["--no-cache", "--jobs", "1"], work, env)["out"],
            "j2": run(lint + ["--no-cache", "--jobs", "2"], work, env)["out"]}
    toggle()
    changed_warm = run(lint, work, env)["out"]
    changed_cold = run(lint + ["--no-cache", "--jobs", "1"], work, env)["out"]
    same = len(set(outs.values())) == 1
    result = {"cold_warm_j1_j2": same, "changed_warm_vs_cold": changed_warm == changed_cold,
              "output_lines": outs["j1"].count(b"\n")}
    print(f"  byte-identical: default cold = warm = --jobs 1 = --jobs 2: {same}; "
          f"warm after a change = cold: {result['changed_warm_vs_cold']} ({result['output_lines']} lines)",
          flush=True)
    return result


def judge(by_size: dict[int, dict]) -> dict:
    """The ratios and figures with their targets, printed."""
    print("\n== targets")
    figures: dict[str, dict] = {}

    def show(name, value, size):
        limit, text, at = TARGETS[name]
        if at is not None and at != size:
            print(f"  {size:>6} {name:<20} {value:8.3f}  (target at {at} cards)")
            return
        met = value <= limit
        figures[f"{name}@{size}"] = {"value": value, "limit": limit, "met": met}
        print(f"  {size:>6} {name:<20} {value:8.3f}  ({text}: {'met' if met else 'NOT met'})")

    for size, rows in sorted(by_size.items()):
        show("j1_cpu_vs_compose", rows["lint_j1"]["cpu_s"] / rows["compose"]["compose_cpu_s"], size)
        show("default_cold_wall_s", rows["lint_default"]["wall_s"], size)
        show("warm_wall_s", rows["lint_warm"]["wall_s"], size)
        show("cold_peak_mb", max(rows[n]["peak_mb"] for n in ("lint_default", "lint_j1", "lint_j2")), size)
        show("warm_peak_mb", rows["lint_warm"]["peak_mb"], size)
        show("version_vs_click", rows["version"]["wall_s"] / rows["import_click"]["wall_s"], size)
        print(f"  {size:>6} load average during the runs: median "
              f"{statistics.median(r['load'] for k, r in rows.items() if 'load' in r):.1f} ({os.cpu_count()} cores)")
    sizes = sorted(by_size)
    for small, large in zip(sizes, sizes[1:]):
        for name in ("lint_j1", "lint_default", "lint_warm"):
            ratio = (by_size[large][name]["cpu_s"] / large) / (by_size[small][name]["cpu_s"] / small)
            met = ratio <= LINEAR_LIMIT
            figures[f"linear_{name}_{small}_{large}"] = {"value": ratio, "limit": LINEAR_LIMIT, "met": met}
            print(f"  CPU per card {name:<12} {large} / {small}: {ratio:6.3f}  "
                  f"(linear: ≤ {LINEAR_LIMIT}: {'met' if met else 'NOT met'})")
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="comma-separated numbers of cards")
    parser.add_argument("--large", action="store_true", help="add 50,000 cards")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    parser.add_argument("--json", type=Path, default=Path("bench_scale.json"))
    parser.add_argument("--tool", help="the berserk-judge to measure (default: this environment's)")
    args = parser.parse_args()

    tool = args.tool or shutil.which("berserk-judge", path=str(Path(sys.executable).parent)) \
        or shutil.which("berserk-judge")
    if tool is None:
        raise SystemExit("berserk-judge is not installed in this environment (pip install -e .)")
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()] + ([50_000] if args.large else [])
    print(f"{tool}; {os.cpu_count()} cores; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{args.repeat} rounds", flush=True)
    started = time.perf_counter()
    by_size = {}
    for size in sizes:
        with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
            by_size[size] = measure(size, args.corpus, tool, args.repeat, Path(tmp))
    figures = judge(by_size)
    report = {"tool": tool, "cores": os.cpu_count(), "repeat": args.repeat, "sizes": by_size,
              "figures": figures, "seconds": time.perf_counter() - started}
    args.json.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"written {args.json} ({report['seconds']:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
