"""Throughput of `canon` on generated abstract sentences (one core).

Run: python bench/bench_canon.py [N] — prints sentences per second for the
whole pipeline (lex, parse, build every reading, print canonical forms).
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from berserk_judge.parser import read_abstract  # noqa: E402
from berserk_judge.reports.canon import feature_record  # noqa: E402

OPS = [" и ", " или ", ", ", ", при этом ", "; ", " – ", ", иначе ",
       ", если противник не может или не хочет, ", ", при выполнении "]


def sentence(rng: random.Random, depth: int = 0) -> str:
    """A well-formed abstract sentence with 1–4 blocks of groups, parentheses and conditions."""
    def unit() -> str:
        roll = rng.random()
        if roll < 0.1 and depth < 2:
            return "(" + sentence(rng, depth + 1) + ")"
        if roll < 0.18:
            return f"если У{rng.randint(1, 3)} — С{rng.randint(1, 9)}"
        return f"С{rng.randint(1, 9)}"

    def group() -> str:
        text = ("может " if rng.random() < 0.1 else "") + unit()
        for _ in range(rng.randint(0, 4)):
            text += rng.choice(OPS) + unit()
        return text

    blocks = [", либо ".join(group() for _ in range(rng.randint(1, 2))) for _ in range(rng.randint(1, 2))]
    return ", затем ".join(blocks)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    rng = random.Random(505)
    sentences = [sentence(rng) for _ in range(count)]
    read_abstract(sentences[0])  # build the parser outside the timing
    started = time.perf_counter()
    ambiguous = 0
    for text in sentences:
        for feature in read_abstract(text):
            record = feature_record(feature)
            ambiguous += record["ambiguous"]
    elapsed = time.perf_counter() - started
    words = sum(len(s.split()) for s in sentences)
    print(f"{count} sentences ({words / count:.1f} words on average), {ambiguous} ambiguous")
    print(f"{elapsed:.2f} s, {count / elapsed:,.0f} sentences/s on one core")


if __name__ == "__main__":
    main()
