"""The report's CPU time (issue 28: at most twice a cold lint's): shortcuts that must give what
the long way gives."""
from __future__ import annotations

from pathlib import Path

import pytest

from berserk_judge.parser import morph_analyzer
from berserk_judge.reports.html.search_index import _FORMS, inflections, name_words

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def _corpus_words() -> list[str]:
    import json

    words = []
    for path in sorted(CORPUS.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                words += name_words(str(json.loads(line).get("name") or ""))
    return sorted(set(words))


def test_inflections_from_one_lexeme_are_pymorphys_inflect():
    """The search index inflects each name word four times from one lexeme: the same forms as
    pymorphy3's Parse.inflect, for every name word of the corpus and words whose case needs
    its rare-case fix (loct2, gen2) or has no such form."""
    words = _corpus_words()
    if len(words) < 500:
        pytest.skip("no corpus in ../shared")
    words += ["лесу", "чаю", "ножницы", "сани", "кофе", "его", "быстро", "огонь-птица"]
    morph = morph_analyzer()
    wanted = [*_FORMS, {"loct"}, {"gen2"}, {"sing", "loc2"}]
    differ = []
    for word in words:
        parse = morph.parse(word)[0]
        ours = [None if f is None else (f[0], str(f[1])) for f in inflections(morph, parse, wanted)]
        theirs = [None if f is None else (f.word, str(f.tag)) for f in (parse.inflect(set(g)) for g in wanted)]
        if ours != theirs:
            differ.append((word, ours, theirs))
    assert differ == []
    assert any(f is None for f in inflections(morph, morph.parse("быстро")[0], wanted))   # a word with no such form
