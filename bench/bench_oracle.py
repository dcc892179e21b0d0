"""Compare the reader's grouping with the independent Earley oracle on many
generated abstract sentences (issue 12, item 7; the oracle is a test tool in
tests/oracle/grouping.py).

    python bench/bench_oracle.py [--count 10000] [--seed 12] [--max-atoms 6]
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--max-atoms", type=int, default=6)
    args = parser.parse_args()
    from oracle.grouping import compare, readings, sentences

    started = time.perf_counter()
    disagreements: list[str] = []
    ambiguous = 0
    pairs: Counter[str] = Counter()
    for ops in sentences(args.count, args.seed, args.max_atoms):
        disagreements.extend(compare(ops))
        found = readings(ops)
        if len(found) > 1:
            ambiguous += 1
            for uses in found.values():
                if frozenset() in uses:
                    continue  # the default reading
                pairs.update({pair for pair_set in uses for pair in pair_set})
    seconds = time.perf_counter() - started
    print(f"sentences: {args.count} (seed {args.seed}, up to {args.max_atoms} abilities); "
          f"ambiguous by the oracle: {ambiguous}; disagreements: {len(disagreements)}; {seconds:.1f} s")
    print("sentences where the pair gives another reading: " + ", ".join(f"{pair} {n}" for pair, n in sorted(pairs.items())))
    for line in disagreements[:20]:
        print("  " + line)
    return 1 if disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main())
