"""Benchmark the judge's lookups: `card`, `explain --card` and a `card` search once the card
index exists, on the corpus base (every corpus card) and on a ~10,000-card base.

Builds both bases in a temporary folder (the corpus imported as is; the large one from
bench/scale_base.py's base of distinct texts, as bench_scale.py builds it), then, each as a separate
process with its own cache folder:

* the first `card`, which builds the card index, and a cold `lint` of the same base (each with
  an empty cache folder of its own), alternately --build-repeat times (median wall and CPU, and
  their ratio): issue 27 asks first `card` ≤ cold `lint` CPU, ≤ 3 s wall at 1,710 cards;
* the index's size beside the base's (issue 27: ≤ 5 ×);
* each lookup below --repeat times once the index exists (median wall and CPU), one of them
  from another working folder with the base named by another relative path (the same index);
  the views of a card (its features block, explanation, findings) are made the first time it
  is shown and kept, so each lookup runs once untimed, and «card ID, first shown» times
  --repeat other cards, each shown for the first time;
* `berserk-judge --version` and `python -c pass` as the yardsticks of the same run.

CPU is user + system time of the child process (resource.getrusage), also given as a
multiple of `--version`'s, measured alternately with each lookup (the fixed cost of starting
the tool; a loaded machine inflates both alike). Bytecode is
written (PYTHONDONTWRITEBYTECODE unset) and every command runs once before it is
timed, as a user's second call would. Timings on a shared machine are noisy: read the
CPU column and the ratios, and run it more than once.

    python bench/bench_lookup.py [--cards 10000] [--repeat 5] [--build-repeat 3] [--json bench_lookup.json]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from scale_base import build_base, corpus_records  # noqa: E402

TARGET = 0.15     # seconds, issue 17


def lookups(ids: tuple[str, str]) -> list[tuple[str, list[str]]]:
    """(label, arguments) of the timed calls; `ids` = (a card id, another card id) of the base."""
    return [
        ("card ID", ["card", ids[0]]),
        ("card exact name (reprinted)", ["card", "Молотобоец"]),
        ("card misspelt name", ["card", "Малатобоец"]),
        ("card Latin (Osklizg)", ["card", "Osklizg"]),
        ("card wrong layout", ["card", "Vjkjnj,jtw"]),
        ("card search o: t: c:", ["card", "o:ранить t:летающее c:горы"]),
        ("card search kind: cost>=", ["card", "kind:triggered cost>=7 o:гибели"]),
        ("explain --card ID", ["explain", "--card", ids[1]]),
        ("explain --card name", ["explain", "--card", "Осклизг"]),
    ]


def run(command: list[str], env: dict, cwd: Path | None = None) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + system of the child and its workers) and the exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def measure(command: list[str], env: dict, repeat: int, yardstick: list[str] | None = None,
            cwd: Path | None = None) -> dict:
    """Median wall and CPU of `repeat` runs (after one untimed run); with a yardstick, each run
    alternates with one of it, so that the ratio compares runs made under the same load."""
    run(command, env, cwd)                               # bytecode and page cache, as a second call
    walls, cpus, codes, yard_cpus = [], [], set(), []
    for _ in range(repeat):
        if yardstick is not None:
            yard_cpus.append(run(yardstick, env)[1])
        wall, cpu, code = run(command, env, cwd)
        walls.append(wall)
        cpus.append(cpu)
        codes.add(code)
    out = {"wall": statistics.median(walls), "cpu": statistics.median(cpus), "exit": sorted(codes)}
    if yard_cpus:
        out["yardstick_cpu"] = statistics.median(yard_cpus)
        out["cpu_vs_version"] = out["cpu"] / out["yardstick_cpu"] if out["yardstick_cpu"] else None
    return out


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def cold(command: list[str], env: dict) -> tuple[float, float, int, Path]:
    """A run with an empty cache folder of its own (wall, CPU, exit, the folder: removed by the caller)."""
    cache = Path(tempfile.mkdtemp(prefix="bench-lookup-cold-"))
    return (*run(command, {**env, "BERSERK_JUDGE_CACHE_DIR": str(cache)}), cache)


def bench_build(base: Path, card_id: str, repeat: int, tool: str, env: dict) -> dict:
    """First `card` (builds the index) and cold `lint`, alternately, each from an empty cache."""
    cards, lints, size = [], [], 0
    for _ in range(repeat):
        wall, cpu, code, cache = cold([tool, "lint", str(base), "--exit-zero", "-q"], env)
        lints.append((wall, cpu, code))
        shutil.rmtree(cache, ignore_errors=True)
        wall, cpu, code, cache = cold([tool, "card", card_id, "--base", str(base)], env)
        cards.append((wall, cpu, code))
        size = folder_bytes(cache / "cards-index")
        shutil.rmtree(cache, ignore_errors=True)

    def median(rows, n):
        return statistics.median(row[n] for row in rows)

    out = {"first_card": {"wall": median(cards, 0), "cpu": median(cards, 1), "exit": sorted({r[2] for r in cards})},
           "cold_lint": {"wall": median(lints, 0), "cpu": median(lints, 1), "exit": sorted({r[2] for r in lints})},
           "index_bytes": size, "base_bytes": folder_bytes(base), "runs": repeat}
    out["cpu_vs_cold_lint"] = out["first_card"]["cpu"] / out["cold_lint"]["cpu"]
    out["index_vs_base"] = size / out["base_bytes"]
    return out


def bench_base(label: str, base: Path, ids: tuple[str, str], repeat: int, tool: str, build_repeat: int) -> dict:
    cache = Path(tempfile.mkdtemp(prefix="bench-lookup-cache-"))
    elsewhere = Path(tempfile.mkdtemp(prefix="bench-lookup-cwd-"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    try:
        build = bench_build(base, ids[0], build_repeat, tool, env)
        first, lint = build["first_card"], build["cold_lint"]
        print(f"\n{label}: first card (builds the card index) {first['wall']:.2f} s wall, {first['cpu']:.2f} s CPU; "
              f"cold lint {lint['wall']:.2f} s wall, {lint['cpu']:.2f} s CPU; first card CPU = "
              f"{build['cpu_vs_cold_lint']:.2f} × cold lint (median of {build_repeat}, alternately)")
        print(f"  index {build['index_bytes'] / 1e6:.2f} MB for a {build['base_bytes'] / 1e6:.2f} MB base "
              f"({build['index_vs_base']:.1f} ×)")
        env["BERSERK_JUDGE_CACHE_DIR"] = str(cache)
        run([tool, "card", ids[0], "--base", str(base)], env)          # the index these lookups read
        out = {"base": label, "build": build, "lookups": {}}
        elsewhere_base = os.path.relpath(base, elsewhere)
        for name, args, cwd in [*((n, [*a, "--base", str(base)], None) for n, a in lookups(ids)),
                                ("card ID from another folder", ["card", ids[1], "--base", elsewhere_base], elsewhere)]:
            result = measure([tool, *args], env, repeat, [tool, "--version"], cwd)
            out["lookups"][name] = result
            mark = "ok" if result["wall"] <= TARGET else "SLOW"
            print(f"  {name:32} {result['wall']:.3f} s wall  {result['cpu']:.3f} s CPU "
                  f"(×{result['cpu_vs_version']:.2f} of --version)  exit {result['exit']}  {mark}")
        walls, cpus = [], []
        for n in range(repeat):                    # other cards, each shown for the first time
            wall, cpu, _ = run([tool, "card", f"{ids[0].split('_')[0]}_{5 + 10 * n}", "--base", str(base)], env)
            walls.append(wall)
            cpus.append(cpu)
        result = out["lookups"]["card ID, first shown"] = {"wall": statistics.median(walls),
                                                           "cpu": statistics.median(cpus)}
        print(f"  {'card ID, first shown':32} {result['wall']:.3f} s wall  {result['cpu']:.3f} s CPU "
              f"(median of {repeat} cards, each once: its views are made)")
        return out
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(elsewhere, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--build-repeat", type=int, default=3, help="first card / cold lint pairs per base")
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    if not args.corpus.is_dir():
        raise SystemExit(f"корпус не найден: {args.corpus}")
    tool = shutil.which("berserk-judge") or "berserk-judge"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    work = Path(tempfile.mkdtemp(prefix="bench-lookup-"))
    try:
        from berserk_judge.cardbase.importer import import_jsonl

        corpus_base = work / "corpus"
        import_jsonl(sorted(args.corpus.glob("*.jsonl")), corpus_base)
        large = work / "large"
        large.mkdir()
        build_base(args.corpus, args.cards, large)
        yardsticks = {"--version": measure([tool, "--version"], env, args.repeat),
                      "python -c pass": measure([sys.executable, "-c", "pass"], env, args.repeat)}
        print("yardsticks: " + "; ".join(f"{k} {v['wall']:.3f} s wall {v['cpu']:.3f} s CPU"
                                         for k, v in yardsticks.items()))
        corpus_cards = len(corpus_records(args.corpus))
        results = [bench_base(f"corpus base ({corpus_cards:,} cards)", corpus_base, ("s1_58", "s1_109"), args.repeat,
                              tool, args.build_repeat),
                   bench_base(f"large base ({args.cards:,} cards)", large, ("s001_58", "s002_109"),
                              args.repeat, tool, args.build_repeat)]
        report = {"target_seconds": TARGET, "yardsticks": yardsticks, "bases": results,
                  "load_average": os.getloadavg()}
        print(f"\nload average during the run: {report['load_average']}")
        if args.json:
            args.json.write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
