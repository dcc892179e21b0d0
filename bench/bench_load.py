"""Time loading the whole real corpus as a YAML card base.

Imports the corpus JSONL files (../shared/corpus beside the repository) into
a temporary folder, then loads that base several times and prints cards per
second for loading (the import itself is timed once, for reference).

    python bench/bench_load.py [--repeat N] [--corpus DIR]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from cardbase.importer import import_jsonl  # noqa: E402
from cardbase.load import load_base  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    args = parser.parse_args()
    sources = sorted(args.corpus.glob("*.jsonl"))
    if not sources:
        print(f"no corpus at {args.corpus}; nothing to time")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        written = import_jsonl(sources, Path(tmp))
        import_seconds = time.perf_counter() - started
        size = sum(p.stat().st_size for p in written)
        timings = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            base = load_base([tmp])
            timings.append(time.perf_counter() - started)
    cards = len(base.cards)
    best, median = min(timings), statistics.median(timings)
    print(f"import: {len(sources)} JSONL → {len(written)} YAML files, {size / 1024:.0f} KiB, {import_seconds:.2f} s")
    print(f"load: {cards} cards, {len(base.problems)} problems; "
          f"best {best:.2f} s, median {median:.2f} s over {args.repeat} runs")
    print(f"load speed: {cards / best:.0f} cards/s (best), {cards / median:.0f} cards/s (median)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
