"""Growth per doubling (run by hand, not a test): a long text and a large map.

    python bench/bench_growth.py [--sizes 4 5 6 7 8] [--grid 250 500 1000] [--json out.json]

* Text: one card whose literal-block text has 2^k lines (`--sizes` are the
  k) of invented feature lines, each with typographic findings, so every line
  is read, linted and located. Each size runs `lint --no-cache --jobs 1` in a
  separate process; its CPU time (user + sys of the child) is the measure.
  The ratio of consecutive sizes is the growth per doubling (1.0 would be
  constant time, 2.0 linear); the target is ≤ 2.3.
* Grid: `grid reach` on an N×N map (70 % free) with the full budget; the
  peak resident memory of the child process, per cell, and the CPU time.

Timings on a shared machine are noisy; the ratios are measured in one run.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

LINES = [  # invented, in several editions' styles; each has findings with fixes
    "{tap}: Выстрел на 2 , дальность 3 .",
    "При атаке - ранить цель на 1.",
    "Если противник не может или не хочет закрыть , ранить его на 2 ;",
    "В начале хода: открыть это существо и затем ранить цель на 1 .",
    "Удар через - 1 раз за ход.",
    "X{counter}: цель получает +X к удару , при этом ранить ее на 1.",
]


def card_file(lines: int) -> str:
    body = "\n".join("    " + LINES[i % len(LINES)] for i in range(lines))
    return f"set: {{id: g, name: Рост}}\ncards:\n- id: g1\n  name: Длинный\n  text: |-\n{body}\n"


def child_run(args: list[str], cwd: str) -> tuple[float, float, int, int]:
    """(CPU seconds, wall seconds, peak RSS in KB, exit code) of one child process."""
    started = time.perf_counter()
    process = subprocess.Popen(args, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def text_growth(exponents: list[int], folder: Path) -> list[dict]:
    rows = []
    for k in exponents:
        path = folder / f"long-{k}.yaml"
        path.write_text(card_file(2 ** k), encoding="utf-8")
        cpu, wall, rss, code = child_run(
            [sys.executable, "-m", "berserk_judge", "lint", "--isolated", "--no-cache", "--jobs", "1", "-q", str(path)],
            str(REPO))
        rows.append({"lines": 2 ** k, "bytes": path.stat().st_size, "cpu_s": round(cpu, 2),
                     "wall_s": round(wall, 2), "exit": code})
        print(f"text {2 ** k:7} lines {rows[-1]['bytes']:9} B  cpu {cpu:7.2f} s  wall {wall:7.2f} s  exit {code}",
              flush=True)
    for a, b in zip(rows, rows[1:]):
        b["ratio"] = round(b["cpu_s"] / a["cpu_s"], 2) if a["cpu_s"] else None
    return rows


def random_map(size: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    symbols = rng.choices([".", "#", "E", "A"], weights=[70, 15, 8, 7], k=size * size)
    symbols[(size // 2) * size + size // 2] = "@"
    return "\n".join(" ".join(symbols[r * size:(r + 1) * size]) for r in range(size)) + "\n"


def grid_memory(sizes: list[int], folder: Path) -> list[dict]:
    """Peak memory of `grid reach` per cell (above the memory of importing the
    command), text and JSON output, full budget; and a map over the bound."""
    _, _, baseline_rss, _ = child_run([sys.executable, "-c", "import berserk_judge.cli.main, berserk_judge.cli.grid_cmd"], str(REPO))
    rows = []
    for size in sizes:
        path = folder / f"map-{size}.txt"
        path.write_text(random_map(size), encoding="utf-8")
        cells = size * size
        for fmt in ("text", "json"):
            cpu, wall, rss, code = child_run(
                [sys.executable, "-m", "berserk_judge", "grid", "reach", str(path), "--squares", str(3 * cells),
                 "--format", fmt], str(REPO))
            per_cell = (rss - baseline_rss) * 1024 / cells
            rows.append({"size": size, "cells": cells, "format": fmt, "peak_rss_mb": round(rss / 1024, 1),
                         "bytes_per_cell": round(per_cell), "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
                         "exit": code})
            print(f"grid {size}x{size} {fmt:4}: peak {rss / 1024:8.1f} MB ({per_cell:6.0f} B/cell above import), "
                  f"cpu {cpu:6.2f} s, exit {code}", flush=True)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[11, 12, 13, 14, 15],
                        help="text sizes as powers of two of the line count (default 11..15)")
    parser.add_argument("--grid", type=int, nargs="*", default=[250, 500, 1000], help="map sides")
    parser.add_argument("--json", dest="json_path")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-growth-") as folder:
        text = text_growth(args.sizes, Path(folder)) if args.sizes else []
        grid = grid_memory(args.grid, Path(folder)) if args.grid else []
    ratios = [row["ratio"] for row in text if row.get("ratio")]
    if ratios:
        print(f"text: CPU ratio per doubling {ratios} (max {max(ratios)}; target ≤ 2.3)")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps({"text": text, "grid": grid}, ensure_ascii=False, indent=2),
                                        encoding="utf-8")
    return 0 if not ratios or max(ratios) <= 2.3 else 1


if __name__ == "__main__":
    sys.exit(main())
