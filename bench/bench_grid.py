"""Benchmark (not a test): how long `grid reach` takes on large random maps.

Run: python bench/bench_grid.py [--size 40] [--repeat 20] [--seed 1]
Times the pure core (Dijkstra for the band model, BFS for rule 506.1) and the
text rendering; parsing is timed once per map.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from berserk_judge.grid.board import parse_board  # noqa: E402
from berserk_judge.grid.reach import BAND, BERSERK, reach  # noqa: E402
from berserk_judge.grid.render import render_reach  # noqa: E402


def random_map(size: int, seed: int) -> str:
    """About 70% free, 15% obstacles, 8% enemies, 7% allies; «@» in the middle."""
    rng = random.Random(seed)
    symbols = rng.choices([".", "#", "E", "A"], weights=[70, 15, 8, 7], k=size * size)
    symbols[(size // 2) * size + size // 2] = "@"
    return "\n".join(" ".join(symbols[r * size:(r + 1) * size]) for r in range(size)) + "\n"


def timed(fn, repeat: int) -> tuple[float, float]:
    """Median and best wall time in milliseconds."""
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - t0) * 1000)
    return statistics.median(runs), min(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--size", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    text = random_map(args.size, args.seed)
    t0 = time.perf_counter()
    board = parse_board(text)
    parse_ms = (time.perf_counter() - t0) * 1000
    start = board.start
    print(f"map {args.size}x{args.size} ({args.size * args.size} cells), seed {args.seed}, "
          f"repeat {args.repeat}; parse {parse_ms:.2f} ms")
    print(f"{'rules':8} {'budget':>7} {'reached':>8} {'median ms':>10} {'best ms':>9}")
    full = args.size * args.size * 3
    for rules, budget in [(BAND, 9), (BAND, 18), (BAND, 45), (BAND, full),
                          (BERSERK, 6), (BERSERK, full)]:
        result = reach(board, start, budget, rules)
        med, best = timed(lambda: reach(board, start, budget, rules), args.repeat)
        print(f"{rules:8} {budget:>7} {len(result.costs):>8} {med:>10.2f} {best:>9.2f}")
    result = reach(board, start, full, BAND)
    far = max(result.costs, key=result.costs.get)
    med, best = timed(lambda: render_reach(board, result, goal=far), args.repeat)
    print(f"render text map + path (band, full budget): median {med:.2f} ms, best {best:.2f} ms")


if __name__ == "__main__":
    main()
