"""A seeded random sample of corpus features that contain a connective, for judging readings by hand.

Prints, for each sampled feature: card id, feature text, kind, payment, label,
trigger condition, while-condition, ability type and name, and the canonical
form (or the reading error). "Contains a connective" is decided on the text
(«и», «или», «либо», «затем», «при этом», «иначе», «;», a dash, «может», …),
not on the reading, so features whose connectives the reader missed are
sampled too. The same seed gives the same sample.

    python bench/sample_readings.py [--seed 8] [-n 100] [--corpus DIR]
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

CONNECTIVE = re.compile(
    r";|—|–|\s-\s|(?<!\w)(?:и|или|либо|затем|иначе|при\s+этом|при\s+выполнении|в\s+противном\s+случае|"
    r"может|могут|можете)(?!\w)", re.I)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus")
    args = parser.parse_args()
    sources = sorted(args.corpus.glob("*.jsonl"))
    if not sources:
        print(f"no corpus at {args.corpus}")
        return 0

    from berserk_judge.parser import canonical, read_text

    population = []
    for source in sources:
        with open(source, encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    continue
                card = json.loads(line)
                for index, feature in enumerate(read_text(card["text"], card["name"])):
                    if feature.kind != "errata" and CONNECTIVE.search(feature.text):
                        population.append((card["id"], index, feature))
    sample = random.Random(args.seed).sample(population, min(args.n, len(population)))
    print(f"seed {args.seed}: {len(sample)} of {len(population)} features with a connective")
    for number, (card_id, index, f) in enumerate(sample, 1):
        form = canonical(f.reading.tree) if f.reading else f"ОШИБКА: {f.error.message if f.error else '?'}"
        head = [f"kind={f.kind}"]
        for label, value in (("payment", f.payment), ("label", f.label), ("condition", f.condition),
                             ("while", f.while_condition), ("type", f.ability_type), ("name", f.effect_name),
                             ("range", f.ability_range)):
            if value:
                head.append(f"{label}={value}")
        print(f"\n#{number} {card_id}:{index}  {' | '.join(head)}")
        print(f"  text: {' '.join(f.text.split())}")
        print(f"  tree: {form}")
        for granted in f.granted:
            gform = canonical(granted.reading.tree) if granted.reading else "ОШИБКА"
            print(f"  granted: kind={granted.kind} condition={granted.condition} tree={gform}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
