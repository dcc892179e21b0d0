"""Fuzz every command with a large budget (run by hand, not a test).

    python bench/bench_fuzz.py [--examples N] [--seed S] [--json out.json]

Runs the targets of tests/fuzz_harness.py (canon, lint, coverage, import,
grid, card texts from ../shared/corpus, and ids, names and file names with
line breaks, NUL and workflow-command look-alikes in every lint format) with
N generated inputs each and prints, per target, the inputs tried and the
tracebacks met (for output-escape: malformed outputs); every one is printed
in full. Exit code 1 when there was any.

The commands that write — report --out targets, cache entries, links,
--jobs bounds — are exercised by the sibling bench/bench_hostile.py, which
counts data-loss events as well.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from fuzz_harness import TARGETS  # noqa: E402


def fuzz(name: str, examples: int, random_seed: int) -> dict:
    strategy, target = TARGETS[name]
    tried, failures = 0, []

    @seed(random_seed)
    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy())
    def run(case):
        nonlocal tried
        tried += 1
        problem = target(case)
        if problem is not None:
            failures.append(problem)  # recorded, not raised: keep generating

    started = time.perf_counter()
    run()
    return {"target": name, "tried": tried, "tracebacks": len(failures), "failures": failures,
            "seconds": round(time.perf_counter() - started, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000, help="inputs per target (default 1000)")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--only", nargs="*", choices=sorted(TARGETS), help="only these targets")
    parser.add_argument("--json", dest="json_path", help="write the counts as JSON")
    args = parser.parse_args()
    results = []
    for name in args.only or list(TARGETS):
        result = fuzz(name, args.examples, args.seed)
        results.append(result)
        print(f"{name:15} tried {result['tried']:6}  tracebacks {result['tracebacks']:3}  ({result['seconds']} s)",
              flush=True)
        for failure in result["failures"]:
            print("-" * 78)
            print(failure)
    tried = sum(r["tried"] for r in results)
    tracebacks = sum(r["tracebacks"] for r in results)
    print(f"\nTOTAL: texts tried {tried}, tracebacks: {tracebacks}")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(
            {"tried": tried, "tracebacks": tracebacks,
             "targets": [{k: v for k, v in r.items() if k != "failures"} for r in results]},
            ensure_ascii=False, indent=2), encoding="utf-8")
    return 1 if tracebacks else 0


if __name__ == "__main__":
    sys.exit(main())
