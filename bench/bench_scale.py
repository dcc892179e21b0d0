"""Benchmark lint at scale: a ~10,000-card base built from the real corpus.

Builds the base from ../shared/corpus (every card repeated with a fresh id,
sets of about 200 cards, written by `cardbase.importer`), then times in one
run, each as a separate process (the median of --repeat runs):

* plain ruamel.yaml round-trip load of the files (the yardstick),
* `lint --no-cache --jobs 1` (cold), `lint` warm (cache filled),
  `lint --no-cache --jobs 2` (cold, two processes),
* `berserk-judge --version` and `python -c "import click"`,
* peak resident memory of the lint processes (largest process).

Prints the medians, the ratios and the targets of issue 12, and writes them
as JSON (--json). Timings on a shared machine are noisy: run it three times.

    python bench/bench_scale.py [--cards 10000] [--repeat 3] [--json bench_scale.json]
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

SET_SIZE = 200
TARGETS = {  # ratio name -> (limit, description)
    "cold_vs_load": (1.0, "lint cold ≤ 1.0 × plain load"),
    "jobs2_vs_load": (0.6, "lint --jobs 2 cold ≤ 0.6 × plain load"),
    "warm_vs_cold": (0.1, "lint warm ≤ 0.1 × lint cold"),
    "version_vs_click": (2.0, "--version ≤ 2 × import click"),
}
MEMORY_LIMIT_MB = 500

PLAIN_LOAD = """
import sys
from pathlib import Path
from ruamel.yaml import YAML
yaml = YAML(typ="rt")
for path in sorted(Path(sys.argv[1]).glob("*.yaml")):
    with open(path, encoding="utf-8") as handle:
        yaml.load(handle)
"""


def build_base(corpus: Path, cards: int, out: Path) -> tuple[int, int]:
    """Write a base of `cards` cards (corpus cards repeated, fresh ids) into `out`."""
    from cardbase.importer import import_jsonl

    records = []
    for source in sorted(corpus.glob("*.jsonl")):
        for line in source.read_text(encoding="utf-8").splitlines():
            if line.strip():
                records.append(json.loads(line))
    if not records:
        raise SystemExit(f"no corpus cards in {corpus}")
    jsonl = out.parent / "scale.jsonl"
    with open(jsonl, "w", encoding="utf-8") as handle:
        for index in range(cards):
            record = dict(records[index % len(records)])
            set_number = index // SET_SIZE + 1
            record["id"] = f"s{set_number:03d}_{index % SET_SIZE + 1}"
            record["set"] = f"s{set_number:03d}"
            record["set_name"] = f"Замер {set_number}"
            record["number"] = index % SET_SIZE + 1
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    written = import_jsonl([jsonl], out)
    return len(written), cards


def run(command: list[str], cwd: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system, worker processes included) and
    peak RSS in MB (the largest of the process and its workers) of one run."""
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode("utf-8", "replace")
    process.stderr.close()
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}):\n{error}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure(commands: dict[str, list[str]], cwd: Path, repeat: int) -> dict[str, dict]:
    """Each command `repeat` times, in rounds (one run of each per round), so
    that a change of the machine's load hits all of them alike."""
    runs: dict[str, list[tuple[float, float, float]]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            runs[name].append(run(command, cwd))
    rows = {}
    for name, results in runs.items():
        walls = [r[0] for r in results]
        rows[name] = {"median_s": statistics.median(walls), "runs_s": walls,
                      "median_cpu_s": statistics.median(r[1] for r in results),
                      "peak_rss_mb": max(r[2] for r in results)}
        row = rows[name]
        print(f"  {name:<14} {row['median_s']:7.3f} s wall, {row['median_cpu_s']:7.3f} s CPU  "
              f"(runs {', '.join(f'{t:.3f}' for t in walls)}; peak {row['peak_rss_mb']:.0f} MB)", flush=True)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    parser.add_argument("--json", type=Path, default=Path("bench_scale.json"))
    args = parser.parse_args()

    tool = shutil.which("berserk-judge", path=str(Path(sys.executable).parent)) or shutil.which("berserk-judge")
    if tool is None:
        raise SystemExit("berserk-judge is not installed in this environment (pip install -e .)")
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
        work = Path(tmp)
        base = work / "base"
        files, cards = build_base(args.corpus, args.cards, base)
        print(f"base: {cards} cards in {files} files ({SET_SIZE} a set); {os.cpu_count()} cores; "
              f"load average {os.getloadavg()[0]:.2f}", flush=True)
        cache = work / ".berserk-judge-cache"
        lint = [tool, "lint", str(base), "--exit-zero", "--isolated"]

        print("rounds of: plain load, lint cold (--no-cache --jobs 1), lint cold --jobs 2, lint warm", flush=True)
        run(lint + ["--jobs", "1"], work)  # fills the cache for the warm runs
        rows = measure({
            "plain_load": [sys.executable, "-c", PLAIN_LOAD, str(base)],
            "lint_cold": lint + ["--no-cache", "--jobs", "1"],
            "lint_jobs2": lint + ["--no-cache", "--jobs", "2"],
            "lint_warm": lint,
        }, work, args.repeat)
        rows.update(measure({
            "version": [tool, "--version"],
            "import_click": [sys.executable, "-c", "import click"],
        }, work, max(5, args.repeat)))
        shutil.rmtree(cache, ignore_errors=True)

    median = {name: row["median_s"] for name, row in rows.items()}
    cpu = {name: row["median_cpu_s"] for name, row in rows.items()}
    ratios = {
        "cold_vs_load": median["lint_cold"] / median["plain_load"],
        "jobs2_vs_load": median["lint_jobs2"] / median["plain_load"],
        "warm_vs_cold": median["lint_warm"] / median["lint_cold"],
        "version_vs_click": median["version"] / median["import_click"],
    }
    peak = max(rows[name]["peak_rss_mb"] for name in ("lint_cold", "lint_jobs2", "lint_warm"))
    print("ratios (target):")
    met = {}
    for name, value in ratios.items():
        limit, text = TARGETS[name]
        met[name] = value <= limit
        print(f"  {name:<18} {value:6.3f}  ({text}: {'met' if met[name] else 'NOT met'})")
    met["peak_memory"] = peak < MEMORY_LIMIT_MB
    cpu_ratios = {"cold_vs_load_cpu": cpu["lint_cold"] / cpu["plain_load"],
                  "jobs2_vs_load_cpu": cpu["lint_jobs2"] / cpu["plain_load"]}
    print("  CPU time, for comparison on a shared machine: lint cold / plain load "
          f"{cpu_ratios['cold_vs_load_cpu']:.3f}; lint --jobs 2 / plain load {cpu_ratios['jobs2_vs_load_cpu']:.3f}")
    print(f"  {'peak_memory_mb':<18} {peak:6.0f}  (< {MEMORY_LIMIT_MB} MB: {'met' if met['peak_memory'] else 'NOT met'})")
    report = {"cards": cards, "files": files, "cores": os.cpu_count(), "repeat": args.repeat,
              "load_average": os.getloadavg(), "rows": rows, "ratios": ratios, "cpu_ratios": cpu_ratios,
              "peak_memory_mb": peak, "targets_met": met}
    args.json.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"written {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
