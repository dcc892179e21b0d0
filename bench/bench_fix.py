"""`lint --fix` on a whole card base: counts before/after, time, and the promises checked.

    python bench/bench_fix.py BASE_DIR [--runs 3]

Works on copies of BASE_DIR (never on it). Prints, per code, the findings
before and after `lint --fix`; the median wall time of `berserk-judge lint
--fix` over the runs; and checks, failing loudly:

* `canon --all` before and after: the same readings for every card (kind,
  structure, connectives, pairs; words compared without spaces, punctuation,
  dash and quote shapes, as the reading guard does);
* every changed file line is a line of a card text, its trailing comment is
  unchanged, and all fields but `text` load to the same values;
* a second `--fix` changes no byte; `--diff` writes nothing.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from berserk_judge.cardbase.load import load_base  # noqa: E402
from berserk_judge.lint.config import Settings  # noqa: E402
from berserk_judge.lint.engine import lint_base  # noqa: E402
from berserk_judge.lint.fix_apply import normalize  # noqa: E402

CLI = [sys.executable, "-m", "berserk_judge"]


def counts(folder: Path) -> Counter:
    return Counter(f.code for f in lint_base(load_base([str(folder)]), Settings()).findings)


def canon_all(folder: Path) -> dict:
    out = subprocess.run(CLI + ["canon", "--all", "--base", str(folder), "--format", "jsonl"],
                         capture_output=True, text=True, check=False).stdout
    return {card["id"]: card for card in map(json.loads, out.splitlines())}


def reading(record: dict) -> tuple:
    return (record["kind"], record["abstract"], record.get("pairs"), record["ambiguous"],
            record["error"] is None, normalize(record["payment"]), normalize(record["condition"]),
            normalize(record["label"]), normalize(record["ability_type"]),
            [normalize(a) for a in record["atoms"]], [normalize(r) for r in record["readings"]],
            [reading(g) for g in record["granted"]])


def digests(folder: Path) -> dict:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.glob("*.yaml"))}


def fields_without_text(path: Path):
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    for card in data.get("cards") or []:
        card.pop("text", None)
    return data


_COMMENT_RE = re.compile(r"""(?<=['"\s])\s+#[^'"]*$""")


def check_files(before: Path, after: Path) -> list[str]:
    problems = []
    base = load_base([str(before)])
    text_lines: dict[str, set[int]] = {}
    for card in base.cards:
        text_lines.setdefault(Path(card.path).name, set()).update(tl.line for tl in card.text_lines)
    for old in sorted(before.glob("*.yaml")):
        new = after / old.name
        if fields_without_text(old) != fields_without_text(new):
            problems.append(f"{old.name}: поля кроме text изменились")
        a, b = old.read_text(encoding="utf-8").splitlines(), new.read_text(encoding="utf-8").splitlines()
        if len(a) != len(b):
            problems.append(f"{old.name}: число строк {len(a)} → {len(b)}")
            continue
        for number, (x, y) in enumerate(zip(a, b), start=1):
            if x == y:
                continue
            if number not in text_lines.get(old.name, ()):
                problems.append(f"{old.name}:{number}: изменена строка вне текста карты")
            cx, cy = _COMMENT_RE.search(x), _COMMENT_RE.search(y)
            if (cx and cx.group(0)) != (cy and cy.group(0)):
                problems.append(f"{old.name}:{number}: изменился комментарий")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    source = Path(args.base)
    work = Path(tempfile.mkdtemp(prefix="bench-fix-"))
    try:
        before_counts = counts(source)
        before_canon = canon_all(source)
        times = []
        for run in range(args.runs):
            copy = work / f"run{run}"
            shutil.copytree(source, copy)
            started = time.perf_counter()
            subprocess.run(CLI + ["lint", "--isolated", "--fix", "-q", str(copy)], capture_output=True, check=False)
            times.append(time.perf_counter() - started)
        fixed = work / "run0"
        after_counts = counts(fixed)
        after_canon = canon_all(fixed)
        print(f"{'код':6} {'до':>5} {'после':>6}")
        for code in sorted(set(before_counts) | set(after_counts)):
            print(f"{code:6} {before_counts[code]:5} {after_counts[code]:6}")
        print(f"всего  {sum(before_counts.values()):5} {sum(after_counts.values()):6}")
        print(f"lint --fix: медиана {statistics.median(times):.2f} с из {args.runs} "
              f"({', '.join(f'{t:.2f}' for t in times)})")
        failures = []
        changed = [cid for cid in before_canon if reading_list(before_canon[cid]) != reading_list(after_canon.get(cid))]
        if set(before_canon) != set(after_canon):
            failures.append("canon --all: другой набор карт")
        failures += [f"canon --all: карта {cid} читается иначе" for cid in changed]
        print(f"canon --all: карт {len(before_canon)}, прочитано иначе {len(changed)}")
        problems = check_files(source, fixed)
        failures += problems
        print(f"файлы: изменено строк вне текстов, комментариев и полей: {len(problems)}")
        first = digests(fixed)
        subprocess.run(CLI + ["lint", "--isolated", "--fix", "-q", str(fixed)], capture_output=True, check=False)
        second_same = digests(fixed) == first
        print(f"второй --fix ничего не меняет: {'да' if second_same else 'НЕТ'}")
        diff_copy = work / "diff"
        shutil.copytree(source, diff_copy)
        rc = subprocess.run(CLI + ["lint", "--isolated", "--diff", str(diff_copy)], capture_output=True,
                            check=False).returncode
        diff_same = digests(diff_copy) == digests(source)
        print(f"--diff ничего не пишет: {'да' if diff_same else 'НЕТ'} (код выхода {rc})")
        if not second_same:
            failures.append("второй --fix изменил файлы")
        if not diff_same:
            failures.append("--diff изменил файлы")
        for failure in failures[:20]:
            print("ОШИБКА:", failure)
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


def reading_list(card: dict | None) -> list | None:
    return None if card is None else [reading(f) for f in card["features"]]


if __name__ == "__main__":
    sys.exit(main())
