"""Benchmark: load the whole shared corpus and read every card into features.

Run: python bench/bench_parse.py [CORPUS_DIR]. Prints cards/second and
features/second (pymorphy3 loading is timed apart from parsing).
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"


def main() -> int:
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    files = sorted(corpus.glob("*.jsonl"))
    if not files:
        print(f"корпус не найден: {corpus}")
        return 1
    t0 = time.perf_counter()
    cards = [json.loads(line) for f in files for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    t1 = time.perf_counter()
    from parser.features import read_text
    from parser.morph import analyzer

    analyzer()
    read_text("При гибели — ранить существо на 1.")       # warm-up: lark grammar, regexes
    t2 = time.perf_counter()
    features = read = 0
    for card in cards:
        for feature in read_text(card.get("text") or "", card.get("name")):
            features += 1
            read += feature.read_completely
    t3 = time.perf_counter()
    parse = t3 - t2
    print(f"карт: {len(cards)}, особенностей: {features}, прочитано полностью: {read} ({100 * read / features:.2f}%)")
    print(f"загрузка корпуса: {t1 - t0:.3f} с; загрузка морфологии и грамматики: {t2 - t1:.3f} с")
    print(f"разбор: {parse:.3f} с — {len(cards) / parse:.0f} карт/с, {features / parse:.0f} особенностей/с")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    raise SystemExit(main())
