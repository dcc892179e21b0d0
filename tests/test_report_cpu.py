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


def _entry(anchor: str, text: str, steps: list[str]) -> dict:
    reading = {"n": 1, "canonical": text, "why": "", "explain": steps, "diagram": {"t": "atom", "text": text}}
    feature = {"kind": "playable", "kind_ru": "разыгрываемая", "ambiguous": False, "text": text, "error": None,
               "shown_readings": [reading], "granted": [], "has_diagram": False}
    return {"anchor": anchor, "stats": [], "compact": False, "text": text, "features": [feature],
            "segments": [{"text": text, "findings": [], "ends": [], "severity": None}], "findings": [],
            "rewording": None}


def test_strings_kept_once_by_number_give_the_pages_their_strings_as_they_are():
    """Packed entries hold their page data's strings as StringIds numbers (each string once in the
    site, its «quoted» parts cut once): the shared table and every page's data are the same as
    from the strings themselves, in both styles of text (with «» and —, and lossy)."""
    from berserk_judge.reports.html import lazy

    frame = "Цель «Выстрел на 2» текст не называет: её выбирает игрок"
    pages = {
        "a.html": [_entry("a1", "{tap}: Выстрел на 2 — цель.", [frame, "Когда именно её можно объявить?"]),
                   _entry("a2", "Ранить цель на 1.", ["Игрок обязан объявить «Ранить цель на 1»; затем «иначе»"])],
        "b.html": [_entry("b1", "Выстрел на 2 - цель, \"лечить\" себя", [frame, "Когда именно её можно объявить?"])],
    }
    plain = lazy.site_data(pages)
    ids = lazy.StringIds()
    kept = {name: [{"anchor": e["anchor"], "lazy": lazy.card_parts(e, ids)} for e in cards]
            for name, cards in pages.items()}
    assert lazy.site_data(kept, ids) == plain
    assert "Цель «" in plain[1] and "Выстрел на 2" in plain[1]    # the frame's parts are shared with it
    for name in pages:
        assert lazy.page_data(kept[name], plain[1], ids) == lazy.page_data(pages[name], plain[1])
    assert len(ids.texts) == len(set(ids.texts))
    assert ids.parts[ids.id(frame)] == tuple(ids.id(p) for p in lazy.quoted_parts(frame))
    ids.seal()
    assert ids.texts and not ids.parts
