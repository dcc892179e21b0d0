"""The corpus re-typed as another edition or the online client would type it (not a benchmark:
a generator, for `lint` and `--fix` runs over texts no card file holds).

    python bench/restyle_corpus.py ../shared/corpus/*.jsonl --out /tmp/restyled.jsonl
    berserk-judge import /tmp/restyled.jsonl --out /tmp/restyled-base

Deterministic: each card gets one of three styles by a checksum of its id, and the
same input always gives the same output. Every style writes the text on one line
(features joined by a space) and puts «;» between the cases of a case list
(«…, если выпало 2 — …» → «…; если выпало 2 — …», spec §2: the same reading);
then:

* online client: no quotes at all, « - » for every dash;
* another edition: straight quotes "…" (nested ones too), a tight «-» for every dash;
* mixed: straight quotes, « - » for a dash after a condition or a name, a tight «-» elsewhere.

The output is written to the path given (never into the repository): the texts are card
texts of the publisher, read from ../shared at run time.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import zlib
from pathlib import Path

STYLES = ("online", "edition", "mixed")

_DASH_RE = re.compile(r"\s*[—–]\s*")
# a case after a comma inside a case list: «…, если …» once the sentence has had «если … —»
_CASE_COMMA_RE = re.compile(r",\s+(?=если\s)")


def style_of(card_id: str) -> str:
    return STYLES[zlib.crc32(card_id.encode("utf-8")) % len(STYLES)]


def restyle(text: str, style: str) -> str:
    """The text as `style` types it."""
    if not text:
        return text
    out = " ".join(line.strip() for line in text.split("\n") if line.strip())
    out = _cases_by_semicolon(out)
    if style == "online":
        out = out.replace("«", "").replace("»", "")
        out = _DASH_RE.sub(" - ", out)
    elif style == "edition":
        out = out.replace("«", '"').replace("»", '"')
        out = _DASH_RE.sub(lambda m: "-" if m.start() and m.end() < len(out) else m.group(0), out)
    else:
        out = out.replace("«", '"').replace("»", '"')
        out = _DASH_RE.sub(lambda m: " - " if _after_head(out, m.start()) else "-", out)
    return out


def _after_head(text: str, at: int) -> bool:
    """A dash that closes a condition («При гибели —») or a name («"гипноз" —»): the first
    dash of its sentence, or one after a quote."""
    sentence = text[text.rfind(".", 0, at) + 1:at]
    return sentence.rstrip().endswith('"') or not any(ch in sentence for ch in "—–-")


def _cases_by_semicolon(text: str) -> str:
    """«, если» → «; если» where the sentence already holds a case «если … —»."""
    def swap(match: re.Match) -> str:
        sentence = text[text.rfind(".", 0, match.start()) + 1:match.start()]
        case = re.search(r"(?i)(?<![\w-])если(?![\w-])", sentence)
        return "; " if case and re.search(r"[—–]", sentence[case.end():]) else match.group(0)

    return _CASE_COMMA_RE.sub(swap, text)


def restyled_rows(paths: list[Path]):
    """Every card of the JSONL files, its text restyled; ids and names kept."""
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    continue
                row = json.loads(line)
                row["text"] = restyle(row.get("text") or "", style_of(str(row["id"])))
                yield row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="+", type=Path, help="JSONL files of the corpus")
    parser.add_argument("--out", type=Path, required=True, help="the JSONL file to write")
    args = parser.parse_args(argv)
    with open(args.out, "w", encoding="utf-8") as handle:
        for row in restyled_rows(args.corpus):
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
