"""Lint over the real corpus (read from ../shared/corpus, never copied): no exception."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from berserk_judge.cardbase.model import CardBase
from berserk_judge.lint.config import Settings
from berserk_judge.lint.engine import lint_base, make_card

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
FILES = ["s1-voina-stihiy.jsonl", "relaunch-9-sets.jsonl"]


def corpus_base(name: str) -> CardBase:
    cards = []
    with open(CORPUS / name, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            row = json.loads(line)
            cards.append(make_card(row.get("text") or "", id=str(row["id"]), name=row["name"],
                                   path=name, first_line=number))
    return CardBase(cards=cards, paths=[name])


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"real corpus not found at {CORPUS} (shared/ is not beside the repo)")
@pytest.mark.parametrize("name", FILES)
def test_lint_whole_corpus_file(name):
    base = corpus_base(name)
    result = lint_base(base, Settings())
    assert result.crashes == 0
    assert not result.load_errors
    assert result.cards == len(base.cards)
    codes = {f.code for f in result.findings}
    # what the corpus README promises is there is found
    if name.startswith("relaunch"):
        assert {"BJ501", "BJ504", "BJ505", "BJ506"} <= codes
    else:
        assert "BJ301" in codes  # "воздействине"
