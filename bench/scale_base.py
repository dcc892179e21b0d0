"""A card base of N cards whose texts are all different, grown from the corpus.

A benchmark over the corpus repeated (1,687 distinct texts in 10,000 cards)
flatters any cache keyed by text. This builder varies each corpus text the
way real sets differ from one another, so that every card text is new while
the mix of feature kinds stays the corpus' own:

* numbers: each number of the text may become another small number;
* names: the card gets a name of its own (a word of another card's name added),
  and the text's mentions of the old name follow it;
* word order inside lists: «горных, лесных и болотных» → «лесных, горных и …»;
* dash and quote habits: « — » as « – » or « - », «…» as "…" or without quotes.

Variants are drawn from a seeded random generator, so a size and a seed
always give the same base. Cards without text are kept as they are (the
corpus has a few). A text that no variant makes new (rare: a short text
without numbers, lists, dashes or quotes) gets its numbers drawn from a wider
range, then, as a last resort, a number-bearing feature of the corpus
appended; `stats` counts how often each happened.
"""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

SET_SIZE = 200

_NUMBER = re.compile(r"(?<![\w{.])\d{1,2}(?![\w}])")
_TRIPLE = re.compile(r"(?<![\w-])([а-яё]{3,}), ([а-яё]{3,}) (и|или) ([а-яё]{3,})(?![\w-])")
_PAIR = re.compile(r"(?<![\w-])([а-яё]{3,}) (и|или) ([а-яё]{3,})(?![\w-])")
_GUILLEMETS = re.compile(r"«([^«»\n]{1,80})»")
_DASH = re.compile(r" [—–] ")


@dataclass
class BuildStats:
    cards: int = 0
    with_text: int = 0
    distinct_texts: int = 0
    widened: int = 0        # needed numbers from a wider range
    appended: int = 0       # needed a corpus feature appended
    kinds: dict[str, int] = field(default_factory=dict)


def corpus_records(corpus: Path) -> list[dict]:
    records = []
    for source in sorted(corpus.glob("*.jsonl")):
        for line in source.read_text(encoding="utf-8").splitlines():
            if line.strip():
                records.append(json.loads(line))
    if not records:
        raise SystemExit(f"no corpus cards in {corpus}")
    return records


def _numbers(text: str, rng: random.Random, top: int) -> str:
    return _NUMBER.sub(lambda m: str(rng.randint(1, top)) if rng.random() < 0.7 else m.group(), text)


def _lists(text: str, rng: random.Random) -> str:
    def triple(m: re.Match) -> str:
        items = [m.group(1), m.group(2), m.group(4)]
        rng.shuffle(items)
        return f"{items[0]}, {items[1]} {m.group(3)} {items[2]}"

    def pair(m: re.Match) -> str:
        left, right = m.group(1), m.group(3)
        if left[-2:] != right[-2:] or rng.random() < 0.5:  # only words alike in form: list items
            return m.group()
        return f"{right} {m.group(2)} {left}"

    return _PAIR.sub(pair, _TRIPLE.sub(triple, text))


def _habits(text: str, rng: random.Random) -> str:
    dash = rng.choice((None, " — ", " – ", " - "))
    if dash is not None:
        text = _DASH.sub(dash, text)
    quotes = rng.choice((None, None, '"{}"', "{}"))
    if quotes is not None:
        text = _GUILLEMETS.sub(lambda m: quotes.format(m.group(1)), text)
    return text


def _vary(text: str, rng: random.Random, top: int) -> str:
    return _habits(_lists(_numbers(text, rng, top), rng), rng)


def build_records(records: list[dict], cards: int, seed: int = 19) -> tuple[list[dict], BuildStats]:
    """`cards` card records (sets of SET_SIZE, fresh ids) with pairwise different texts."""
    rng = random.Random(seed)
    texts = [r for r in records if (r.get("text") or "").strip()]
    numbered = [r["text"] for r in texts if _NUMBER.search(r["text"]) and len(r["text"]) < 120]
    name_words = sorted({w for r in records for w in str(r.get("name", "")).split() if len(w) > 3})
    seen: set[str] = set()
    stats = BuildStats(cards=cards)
    out = []
    for index in range(cards):
        source = records[index % len(records)]
        record = dict(source)
        set_number = index // SET_SIZE + 1
        record.update(id=f"s{set_number:03d}_{index % SET_SIZE + 1}", set=f"s{set_number:03d}",
                      set_name=f"Замер {set_number}", number=index % SET_SIZE + 1)
        if index >= len(records):
            old_name = str(source.get("name", ""))
            new_name = f"{old_name} {rng.choice(name_words)}".strip()
            record["name"] = new_name
            if record.get("text") and old_name and old_name in record["text"]:
                record["text"] = record["text"].replace(old_name, new_name)
        text = record.get("text") or ""
        if text.strip():
            record["text"] = text = _distinct(text, rng, seen, numbered, stats, fresh=index < len(records))
            stats.with_text += 1
        kind = str(record.get("type", ""))
        stats.kinds[kind] = stats.kinds.get(kind, 0) + 1
        out.append(record)
    stats.distinct_texts = len(seen)
    return out, stats


def _distinct(text: str, rng: random.Random, seen: set[str], numbered: list[str], stats: BuildStats,
              fresh: bool) -> str:
    if fresh and text not in seen:  # the first round keeps the corpus as it is
        seen.add(text)
        return text
    for attempt in range(40):
        top = 9 if attempt < 20 else 99
        candidate = _vary(text, rng, top)
        if candidate not in seen:
            stats.widened += attempt >= 20
            seen.add(candidate)
            return candidate
    while True:
        candidate = f"{_vary(text, rng, 9)} {_numbers(rng.choice(numbered), rng, 99)}"
        if candidate not in seen:
            stats.appended += 1
            seen.add(candidate)
            return candidate


def build_base(corpus: Path, cards: int, out: Path, seed: int = 19) -> tuple[int, BuildStats]:
    """Write the base into `out` (one YAML file per set, by cardbase.importer); (files, stats)."""
    from berserk_judge.cardbase.importer import import_jsonl

    built, stats = build_records(corpus_records(corpus), cards, seed)
    out.mkdir(parents=True, exist_ok=True)
    jsonl = out.parent / f"{out.name}.jsonl"
    with open(jsonl, "w", encoding="utf-8") as handle:
        for record in built:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    written = import_jsonl([jsonl], out)
    jsonl.unlink()
    return len(written), stats


def _main() -> None:
    """`python bench/scale_base.py CARDS OUT [CORPUS]`: build, then print the
    statistics and a card to look up (id, misspelt name) as JSON. The scale
    benchmark builds in a child process, so that its own memory does not
    count in the peak of the processes it forks."""
    import sys
    from dataclasses import asdict

    repo = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(repo))
    cards, out = int(sys.argv[1]), Path(sys.argv[2])
    corpus = Path(sys.argv[3]) if len(sys.argv) > 3 else repo.parent / "shared" / "corpus"
    files, stats = build_base(corpus, cards, out)
    from berserk_judge.cardbase.load import load_file

    first = load_file(str(sorted(out.glob("*.yaml"))[0])).cards
    card = next(c for c in first[len(first) // 2:] if len(c.name) > 6)
    typo = card.name[:3] + card.name[4] + card.name[3] + card.name[5:]
    print(json.dumps({"files": files, "stats": asdict(stats), "card_id": card.id, "typo": typo},
                     ensure_ascii=False))


if __name__ == "__main__":
    _main()
