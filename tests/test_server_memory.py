"""What an open document costs the language server, per card.

The server keeps each card of an open document between edits (so an edit
re-checks one card); a 20,000-card file must stay within 300 MB. Measured
with tracemalloc (allocations, not the machine's resident pages: the same
count on a busy machine or a quiet one), after the rules' and the reader's
own caches were filled by the same file, so what is counted is the
document's state: its cards, kept findings and diagnostics, text places,
line index and at most 128 readings. Before: 20.4 KB a card on this file
(every card's field positions as a dict of tuples, a slim copy of every card
in the base index, a FileResult a card, diagnostics as objects, copies of
item texts and of lines); 13.5 KB; now 8.2 KB (a kept diagnostic's lines
and place packed into one bytes, findings without lists of their own when
they have no readings or choices, digests as keys instead of tuples).
"""
from __future__ import annotations

import gc
import sys
import tracemalloc
from pathlib import Path

import pytest

from berserk_judge.server.analysis import Analysis, DocumentLinter
from berserk_judge.server.docs import RuleDocs
from berserk_judge.server.workspace import Workspace, real

pytestmark = pytest.mark.scale   # a large generated input: time, memory, growth

CARDS = 800
BOUND = 11_000   # bytes a card


def test_an_open_document_holds_a_bounded_number_of_bytes_per_card(tmp_path, corpus_dir, monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1]))
    from bench import scale_base

    monkeypatch.setattr(scale_base, "SET_SIZE", CARDS)
    scale_base.build_base(corpus_dir, CARDS, tmp_path / "base")
    target = sorted((tmp_path / "base").glob("*.yaml"))[0]
    text = target.read_text(encoding="utf-8")
    path = real(str(target))
    scope = Workspace([str(tmp_path / "base")]).scope_for(path)
    docs = RuleDocs()
    warm = DocumentLinter()   # the rules' and the reader's module caches: filled, not counted
    warm.lint(path, text, scope, None)
    del warm
    gc.collect()
    tracemalloc.start(1)
    try:
        start = tracemalloc.get_traced_memory()[0]
        linter = DocumentLinter()
        base, findings = linter.lint(path, text, scope, None)
        analysis = Analysis(target.as_uri(), path, 1, text, scope, base, findings, reader=linter.reader,
                            known_places=linter.places, shown=linter.shown, known_lines=linter.lines)
        linter.lines = analysis.lines
        shown = analysis.shown.items(analysis, docs)
        assert len(analysis.base.cards) == CARDS and len(shown) == len(findings) > 0
        del base, findings, shown
        gc.collect()
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    per_card, peak_per_card = (held - start) / CARDS, (peak - start) / CARDS
    assert per_card < BOUND, f"{per_card:.0f} bytes a card held"
    assert peak_per_card < BOUND + 2_000, f"{peak_per_card:.0f} bytes a card at the peak"
    assert sys.getrefcount(analysis) > 1   # alive to the end of the measure


def test_a_first_load_by_chunks_equals_the_whole_load(monkeypatch):
    """A large buffer is composed CHUNK cards at a time on its first load:
    the cards and problems are exactly the whole load's, a repeated id (in
    the file, and one an earlier file claimed), a broken card and texts in
    both styles included; a chunk YAML cannot read falls back to the whole
    load, which says where."""
    from berserk_judge.cardbase.load import demo_base_path, load_file
    from berserk_judge.server import incremental
    from berserk_judge.server.incremental import IncrementalLoader

    monkeypatch.setattr(incremental, "CHUNK", 3)
    source = (demo_base_path() / "d1-probuzhdenie-kamnya.yaml").read_text(encoding="utf-8")
    source += ("- id: x1\n  name: Лук\n  text: '«Лук»: при гибели — ранить цель на 1.'\n"
               "- id: x2\n  name: Стрела\n  text: '\"Стрела\": при гибели - ранить цель на 2 , и ещё  раз.'\n"
               "- id: x1\n  name: Копьё\n  text: \"«Копьё»: при гибели - ранить цель на 3 ,\"\n"
               "- id: x4\n  text: без имени\n"
               "- id: claimed\n  name: Щит\n  text: ранить цель на 1\n")
    earlier = load_file("earlier.yaml", {}, source="set: {id: e, name: E}\ncards:\n"
                                                   "- id: claimed\n  name: Щит\n  text: ранить\n")
    claimed = {card.id: card for card in earlier.cards}
    said = []
    for text, ids in ((source, {}), (source, claimed), (source + "- id: y\n  name: [\n", {})):
        loader = IncrementalLoader()
        part = loader.load("d1.yaml", text, dict(ids))
        whole = load_file("d1.yaml", dict(ids), source=text)
        assert part.cards == whole.cards and part.problems == whole.problems
        unreadable = any(p.kind == "unreadable" for p in whole.problems)
        assert loader.composed == -1 if unreadable else loader.composed > 8   # by chunks, not whole
        said.append(" ".join(p.message for p in whole.problems))
    assert "повторный id «x1»" in said[0] and "«claimed»" not in said[0]
    assert "повторный id «claimed»" in said[1]
    assert "ошибка YAML" in said[2]
    # the next edit composes only the card it changed
    loader = IncrementalLoader()
    loader.load("d1.yaml", source, {})
    again = loader.load("d1.yaml", source.replace("цель на 2 ,", "цель на 2,"), {})
    assert loader.composed == 1
    assert again.cards == load_file("d1.yaml", {}, source=source.replace("цель на 2 ,", "цель на 2,")).cards
