"""Benchmark the real corpus end to end: import, load as a YAML base, parse, lint.

Imports ../shared/corpus/*.jsonl into a temporary YAML card base, then times
separately (first run and best of --repeat runs): loading the base (cardbase.load), reading
every card into features (parser.reader.features.read_card, after a warm-up that
loads pymorphy3 and the grammar) and linting the loaded base (all default
rules, features read again inside the linter). Prints cards per second for
each stage, one core.

    python bench/bench_corpus.py [--repeat N] [--corpus DIR]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def timed(repeat: int, work) -> tuple[float, float, object]:
    """Wall time of the first run (cold caches) and the best of `repeat` runs, and the result."""
    times, result = [], None
    for _ in range(max(1, repeat)):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return times[0], min(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    args = parser.parse_args()
    sources = sorted(args.corpus.glob("*.jsonl"))
    if not sources:
        print(f"no corpus at {args.corpus}; nothing to time")
        return 0

    from berserk_judge.cardbase.importer import import_jsonl
    from berserk_judge.cardbase.load import load_base
    from berserk_judge.lint.config import Settings
    from berserk_judge.lint.engine import lint_base
    from berserk_judge.parser import read_card, read_text

    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        written = import_jsonl(sources, Path(tmp))
        import_seconds = time.perf_counter() - started
        load_first, load_best, base = timed(args.repeat, lambda: load_base([tmp]))
    cards = base.cards
    read_text("При гибели — ранить существо на 1.")   # warm-up: pymorphy3, grammar, regexes

    def parse_all():
        return [f for card in cards for f in read_card(card)]

    parse_first, parse_best, features = timed(args.repeat, parse_all)
    lint_first, lint_best, result = timed(args.repeat, lambda: lint_base(base, Settings()))
    read = sum(f.read_completely for f in features)
    n = len(cards)
    print(f"corpus: {len(sources)} JSONL → {len(written)} YAML files in {import_seconds:.2f} s; "
          f"{n} cards, {len(features)} features ({100 * read / len(features):.2f}% read completely), "
          f"{len(base.problems)} load problems, {len(result.findings)} findings")
    print("stage  first run (cold caches)   best of runs (warm morphology caches)")
    for stage, first, best in (("load ", load_first, load_best), ("parse", parse_first, parse_best),
                               ("lint ", lint_first, lint_best)):
        print(f"{stage}  {first:6.2f} s {n / first:6.0f} cards/s   {best:6.2f} s {n / best:6.0f} cards/s")
    print(f"parse: {len(features) / parse_first:.0f} features/s on the first run; lint includes parsing")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
