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


def run(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one process (its largest waited child included)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode("utf-8", "replace")
    process.stderr.close()
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}):\n{error}")
    return seconds, usage.ru_maxrss / 1024


def measure(name: str, command: list[str], cwd: Path, repeat: int, before=None) -> dict:
    times, memory = [], []
    for _ in range(repeat):
        if before is not None:
            before()
        seconds, rss = run(command, cwd)
        times.append(seconds)
        memory.append(rss)
    row = {"median_s": statistics.median(times), "runs_s": times, "peak_rss_mb": max(memory)}
    print(f"  {name:<24} {row['median_s']:7.3f} s  (runs {', '.join(f'{t:.3f}' for t in times)};"
          f" peak {row['peak_rss_mb']:.0f} MB)", flush=True)
    return row


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

        def drop_cache():
            shutil.rmtree(cache, ignore_errors=True)

        rows = {
            "plain_load": measure("plain ruamel rt load", [sys.executable, "-c", PLAIN_LOAD, str(base)],
                                  work, args.repeat),
            "lint_cold": measure("lint cold (--jobs 1)", lint + ["--no-cache", "--jobs", "1"], work, args.repeat),
            "lint_jobs2": measure("lint cold --jobs 2", lint + ["--no-cache", "--jobs", "2"], work, args.repeat),
        }
        drop_cache()
        run(lint + ["--jobs", "1"], work)  # fills the cache
        rows["lint_warm"] = measure("lint warm", lint, work, args.repeat)
        rows["version"] = measure("--version", [tool, "--version"], work, max(5, args.repeat))
        rows["import_click"] = measure("python -c 'import click'", [sys.executable, "-c", "import click"],
                                       work, max(5, args.repeat))

    median = {name: row["median_s"] for name, row in rows.items()}
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
    print(f"  {'peak_memory_mb':<18} {peak:6.0f}  (< {MEMORY_LIMIT_MB} MB: {'met' if met['peak_memory'] else 'NOT met'})")
    report = {"cards": cards, "files": files, "cores": os.cpu_count(), "repeat": args.repeat,
              "load_average": os.getloadavg(), "rows": rows, "ratios": ratios,
              "peak_memory_mb": peak, "targets_met": met}
    args.json.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"written {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
