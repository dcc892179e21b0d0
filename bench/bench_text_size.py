"""How `report` and `lint` grow with the size of one card's text (run by hand, not a test).

    python bench/bench_text_size.py [--line 125 250 500 1000] [--block 2500 5000 10000]
                                    [--only report lint] [--json out.json]

Two shapes of one long card (issue 38: the report took 4.5 / 12.3 / 65 s on a
one-line text of 125 / 250 / 500 KB where `lint` took 1.6 / 1.9 / 3.7 s):

* `--line K` — one card whose text is one line of about K kilobytes (UTF-8),
  invented feature sentences with typographic findings, joined by spaces;
* `--block N` — one card whose literal-block text has N lines of them.

Each size runs `report BASE --out DIR` and `lint --no-cache --isolated
--jobs 1 BASE` in a child process; the measure is the child's CPU time (user +
sys, `resource.getrusage(RUSAGE_CHILDREN)`), with its wall time and peak RSS
beside it. The ratio report/lint and the growth per doubling (CPU of a size
over the CPU of the size before it, scaled to a doubling) are printed; linear
is 2.0 per doubling. Timings on a shared machine are noisy; compare ratios
measured in one run.
"""
from __future__ import annotations

import argparse
import json
import math
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SENTENCES = [  # invented, each with findings (spaces before punctuation, «-» for «—»)
    "{tap}: Выстрел на 2 , дальность 3 .",
    "При атаке - ранить цель на 1.",
    "Если противник не может или не хочет закрыть , ранить его на 2 ;",
    "В начале хода: открыть это существо и затем ранить цель на 1 .",
    "Удар через - 1 раз за ход.",
    "X{counter}: цель получает +X к удару , при этом ранить ее на 1.",
]
HEAD = "set: {id: s, name: S}\ncards:\n- id: s_1\n  name: Длинная\n"


def one_line_card(kilobytes: int) -> str:
    """A card file whose text is one line of about `kilobytes` KB."""
    parts, size, index = [], 0, 0
    while size < kilobytes * 1000:
        sentence = SENTENCES[index % len(SENTENCES)]
        parts.append(sentence)
        size += len(sentence.encode("utf-8")) + 1
        index += 1
    return HEAD + "  text: " + json.dumps(" ".join(parts), ensure_ascii=False) + "\n"


def block_card(lines: int) -> str:
    """A card file whose text is a literal block of `lines` lines."""
    body = "".join("    " + SENTENCES[n % len(SENTENCES)] + "\n" for n in range(lines))
    return HEAD + "  text: |-\n" + body


def child(command: list[str]) -> tuple[float, float, float]:
    """(CPU seconds, wall seconds, peak RSS in MB) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "PEAK %M", *command], capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)}: код выхода {done.returncode}\n{done.stderr[-2000:]}")
    peaks = [int(line.split()[1]) for line in done.stderr.splitlines() if line.startswith("PEAK ")]
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, (peaks[-1] / 1024 if peaks else float("nan"))


def measure(shape: str, size: int, folder: Path, commands: list[str]) -> dict:
    base = folder / f"{shape}-{size}"
    base.mkdir()
    text = one_line_card(size) if shape == "line" else block_card(size)
    (base / "a.yaml").write_text(text, encoding="utf-8")
    row = {"shape": shape, "size": size, "bytes": len(text.encode("utf-8"))}
    exe = [sys.executable, "-m", "berserk_judge"]
    for name in commands:
        if name == "report":
            command = exe + ["report", str(base), "--out", str(folder / f"site-{shape}-{size}")]
        else:
            command = exe + ["lint", "--no-cache", "--isolated", "--jobs", "1", str(base)]
        cpu, wall, peak = child(command)
        row[name] = {"cpu": round(cpu, 2), "wall": round(wall, 2), "peak_mb": round(peak, 1)}
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--line", type=int, nargs="*", default=[125, 250, 500, 1000],
                        help="sizes of a one-line text, KB")
    parser.add_argument("--block", type=int, nargs="*", default=[2500, 5000, 10000],
                        help="line counts of a block text")
    parser.add_argument("--only", nargs="*", choices=["report", "lint"], default=["report", "lint"])
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-text-size-") as folder:
        for shape, sizes in (("line", args.line), ("block", args.block)):
            previous = None
            for size in sizes:
                row = measure(shape, size, Path(folder), args.only)
                unit = "KB" if shape == "line" else "строк"
                shown = "  ".join(f"{name}: CPU {row[name]['cpu']:.2f} с (стена {row[name]['wall']:.2f} с, "
                                  f"пик {row[name]['peak_mb']:.0f} МБ)" for name in args.only)
                if "report" in row and "lint" in row and row["lint"]["cpu"]:
                    shown += f"  report/lint ×{row['report']['cpu'] / row['lint']['cpu']:.2f}"
                if previous is not None and "report" in row:
                    doublings = math.log2(size / previous["size"])
                    growth = (row["report"]["cpu"] / previous["report"]["cpu"]) ** (1 / doublings)
                    row["report_growth_per_doubling"] = round(growth, 2)
                    shown += f"  рост report на удвоение ×{growth:.2f}"
                print(f"{shape} {size} {unit}: {shown}", flush=True)
                rows.append(row)
                previous = row
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
