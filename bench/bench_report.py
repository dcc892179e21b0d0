"""Benchmark the errata report: generation cost and size, search in Chromium, growth.

Default mode runs `berserk-judge report BASE --out DIR [--all]` --repeat times
(median wall time and CPU time of the child process), prints the site's size,
then opens DIR/index.html in Debian's Chromium (Playwright, /usr/bin/chromium)
and times, on a desktop page and on a 390 px phone page with the CPU slowed
4× (CDP `Emulation.setCPUThrottlingRate`): the first usable search (from
navigation until a typed name shows its result), a code filter, and the
largest card page loaded (each --repeat times, median).

`--growth` instead measures how generation grows (item 12 of issue 15): the
same synthetic base with page size 200 and 1 (every page used to list every
page), and `--compare` with 1k…8k changes (each change's page used to be found
by a linear scan); it prints the time ratio per doubling (target ≤ 2.3).

    python bench/bench_report.py BASE [--all] [--repeat 3] [--name ИМЯ]
    python bench/bench_report.py --growth
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
         "has_touch": True}
# in-page clocks (ms since navigation): the search panel ready, the last query typed, its first result
PAGE_CLOCKS = """
document.addEventListener('input', () => { window.__typed = performance.now(); window.__found = undefined; }, true);
new MutationObserver(() => {
  if (!window.__ready && document.querySelector('#search-panel[data-ready]')) window.__ready = performance.now();
  if (window.__typed && !window.__found && document.querySelector('#results li')) window.__found = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def run_report(arguments: list[str], verb: str = "report") -> tuple[float, float]:
    """Wall and CPU (user+sys of the child) seconds of one `berserk-judge report` run."""
    command = ["berserk-judge", verb, *arguments]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "PEAK %M", *command], capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    peaks = [int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("PEAK ")]
    PEAKS.append(peaks[-1] / 1024 if peaks else float("nan"))
    if verb == "lint" and done.returncode in (0, 1):
        done.returncode = 0      # lint exits 1 when it finds something
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)}: код выхода {done.returncode}\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


PEAKS: list[float] = []     # MiB of each run's peak resident size (GNU time), in run order


def site_size(site: Path) -> tuple[int, int]:
    files = [p for p in site.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def browse(site: Path, name: str, phone: bool) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    model = json.loads((site / "report.json").read_text(encoding="utf-8"))
    code = model["summary"]["by_code"][0]["code"]
    biggest = max(site.glob("cards-*.html"), key=lambda p: p.stat().st_size)
    out = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        options = PHONE if phone else {"viewport": {"width": 1280, "height": 900}}
        context = p.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium",
                                                       args=ARGS, headless=True, **options)
        page = context.new_page()
        if phone:
            context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.add_init_script(PAGE_CLOCKS)
        started = time.perf_counter()
        page.goto((site / "index.html").as_uri(), wait_until="commit")
        page.wait_for_selector("#search-panel[data-ready]")
        out["index ready, s"] = time.perf_counter() - started
        page.fill("#q", name)
        page.wait_for_function("document.querySelectorAll('#results li').length >= 1", timeout=60_000)
        out[f"first usable search «{name}» (navigation → result), s"] = time.perf_counter() - started
        clocks = page.evaluate("[window.__ready, window.__typed, window.__found]")
        out["in page: search ready, s"] = clocks[0] / 1000
        out["in page: typed → first result, s"] = (clocks[2] - clocks[1]) / 1000
        page.fill("#q", "")
        page.wait_for_function("document.querySelectorAll('#results li').length === 0", timeout=60_000)
        started = time.perf_counter()
        page.select_option("#code", code)
        page.wait_for_function("document.getElementById('status').textContent.startsWith('Найдено')",
                               timeout=60_000)
        out[f"filter {code}, s"] = time.perf_counter() - started
        started = time.perf_counter()
        page.goto(biggest.as_uri())
        page.wait_for_load_state("load")
        out[f"{biggest.name} ({biggest.stat().st_size // 1024} KiB) loaded, s"] = time.perf_counter() - started
        paint = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime")
        out[f"{biggest.name}: first contentful paint, s"] = (paint or float("nan")) / 1000
        context.close()
    return out


def synthetic_base(folder: Path, cards: int, variant: int = 0) -> Path:
    """A base of `cards` cards in sets of 100; `variant` changes every card's text and cost."""
    folder.mkdir(parents=True, exist_ok=True)
    for first in range(0, cards, 100):
        set_id = f"g{first // 100}"
        lines = [f"set: {{id: {set_id}, name: Выпуск {first // 100}}}", "cards:"]
        for n in range(first, min(cards, first + 100)):
            lines += [f"- id: {set_id}_{n}", f"  name: Существо {n}", f"  cost: {3 + variant}",
                      f"  text: '{{tap}}: Ранить цель на {1 + variant}, при этом закрыть ее.'"]
        (folder / f"{set_id}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def growth(repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        print("pages (--all --page-size 1: one page per card), per doubling of the page count:")
        previous = None
        for cards in (400, 800, 1600):
            base = synthetic_base(root / f"pages{cards}", cards)
            runs = [run_report([str(base), "--all", "--page-size", "1", "--out", str(root / f"p{cards}")])
                    for _ in range(repeat)]
            cpu = statistics.median(c for _, c in runs)
            total, files = site_size(root / f"p{cards}")
            ratio = f", ×{cpu / previous[0]:.2f} CPU and ×{total / previous[1]:.2f} size per doubling" if previous else ""
            print(f"  {cards} pages: CPU {cpu:.2f} s, wall {statistics.median(w for w, _ in runs):.2f} s, "
                  f"{total / 2**20:.1f} MiB in {files} files{ratio}")
            previous = (cpu, total)
        print("changes (--compare, every card changed), per doubling:")
        previous = None
        for count in (1000, 2000, 4000, 8000):
            old = synthetic_base(root / f"old{count}", count)
            new = synthetic_base(root / f"new{count}", count, variant=1)
            runs = [run_report([str(new), "--compare", str(old), "--out", str(root / f"c{count}")])
                    for _ in range(repeat)]
            cpu = statistics.median(c for _, c in runs)
            ratio = f", ×{cpu / previous:.2f} per doubling" if previous else ""
            print(f"  {count} changes: CPU {cpu:.2f} s, wall {statistics.median(w for w, _ in runs):.2f} s{ratio}")
            previous = cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--name", default="Молотобоец")
    parser.add_argument("--growth", action="store_true", help="growth ratios instead of one base")
    args = parser.parse_args()
    if args.growth:
        growth(max(1, args.repeat))
        return 0
    if not args.base:
        parser.error("нужна база (или --growth)")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        runs, lints = [], []
        for n in range(max(1, args.repeat)):
            # the yardstick in the same run: a cold `lint` (its cache in a fresh folder) of the same base
            os.environ["BERSERK_JUDGE_CACHE_DIR"] = str(Path(tmp) / f"cache{n}")
            lints.append(run_report([args.base, "--format", "json"], verb="lint"))
            runs.append(run_report([args.base, "--out", str(site)] + (["--all"] if args.all else [])))
        size, files = site_size(site)
        biggest = max(p.stat().st_size for p in site.glob("*.html"))
        lint_cpu, report_cpu = statistics.median(c for _, c in lints), statistics.median(c for _, c in runs)
        print(f"cold lint: median wall {statistics.median(w for w, _ in lints):.1f} s, CPU {lint_cpu:.1f} s, "
              f"peak {statistics.median(PEAKS[0::2]):.0f} MiB")
        print(f"generation: median wall {statistics.median(w for w, _ in runs):.1f} s, CPU "
              f"{report_cpu:.1f} s of {len(runs)} runs "
              f"({', '.join(f'{w:.1f}/{c:.1f}' for w, c in runs)}); ×{report_cpu / lint_cpu:.2f} the lint's CPU; "
              f"peak {statistics.median(PEAKS[1::2]):.0f} MiB; site {size / 2**20:.2f} MiB ({size / 1e6:.1f} MB) "
              f"in {files} files, largest page {biggest / 1024:.0f} KiB")
        for phone in (False, True):
            label = "phone 390 px, CPU ×4" if phone else "desktop"
            results = [browse(site, args.name, phone) for _ in range(max(1, args.repeat))]
            for key in results[0]:
                values = [run[key] for run in results]
                print(f"[{label}] {key}: median {statistics.median(values):.3f} "
                      f"({', '.join(f'{v:.3f}' for v in values)})")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
