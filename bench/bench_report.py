"""Benchmark the errata report: generation time and size, and search time in Chromium.

Runs `berserk-judge report BASE --out DIR [--all]` --repeat times (median
wall time), prints the site's size, then opens DIR/index.html in Debian's
Chromium (Playwright, /usr/bin/chromium) and times: the index page ready
(search index parsed), a search by name until its result is shown, a code
filter, and the largest card page loaded (each --repeat times, median).

    python bench/bench_report.py BASE [--all] [--repeat 3] [--name ИМЯ]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def generate(base: str, out: Path, all_cards: bool, repeat: int) -> list[float]:
    times = []
    for _ in range(max(1, repeat)):
        command = ["berserk-judge", "report", base, "--out", str(out)] + (["--all"] if all_cards else [])
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode not in (0,):
            raise SystemExit(f"{' '.join(command)}: код выхода {done.returncode}\n{done.stderr}")
        times.append(time.perf_counter() - started)
    return times


def browse(site: Path, name: str) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    model = json.loads((site / "report.json").read_text(encoding="utf-8"))
    code = model["summary"]["by_code"][0]["code"]
    biggest = max(site.glob("cards-*.html"), key=lambda p: p.stat().st_size)
    out = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium",
                                                       args=ARGS, headless=True)
        page = context.new_page()
        started = time.perf_counter()
        page.goto((site / "index.html").as_uri())
        page.wait_for_selector("#search-panel[data-ready]")
        out["index ready, s"] = time.perf_counter() - started
        started = time.perf_counter()
        page.fill("#q", name)
        page.wait_for_function("document.querySelectorAll('#results li').length >= 1")
        out[f"search «{name}», s"] = time.perf_counter() - started
        page.fill("#q", "")
        started = time.perf_counter()
        page.select_option("#code", code)
        page.wait_for_function("document.querySelectorAll('#results li').length >= 1")
        out[f"filter {code}, s"] = time.perf_counter() - started
        started = time.perf_counter()
        page.goto(biggest.as_uri())
        page.wait_for_load_state("load")
        out[f"{biggest.name} ({biggest.stat().st_size // 1024} KiB) loaded, s"] = time.perf_counter() - started
        context.close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--name", default="Молотобоец")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        times = generate(args.base, site, args.all, args.repeat)
        size = sum(p.stat().st_size for p in site.iterdir())
        print(f"generation: median {statistics.median(times):.1f} s of {len(times)} runs "
              f"({', '.join(f'{t:.1f}' for t in times)}); site {size / 2**20:.1f} MiB in "
              f"{len(list(site.iterdir()))} files")
        runs = [browse(site, args.name) for _ in range(max(1, args.repeat))]
        for key in runs[0]:
            values = [run[key] for run in runs]
            print(f"{key}: median {statistics.median(values):.3f} ({', '.join(f'{v:.3f}' for v in values)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
