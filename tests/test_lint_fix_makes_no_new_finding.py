"""`lint --fix` (safe fixes) never makes a finding the text did not have (issue 34): over the whole
corpus, over a copy of it re-typed as another edition or the online client would type it
(bench/restyle_corpus.py, generated from ../shared at test time, never stored), and over invented
texts that once did. Per card and code, the findings after each pass of the fixes are at most
those before them (a finding that only a fix reveals was missed, even when a later pass fixes it);
and the fixes reach a fixed point (a fix that undoes another would run to the pass limit).

A new finding after a safe fix is either a false finding the fix made, or one the lint missed
before the fix (it should have been reported on the text as written): both are bugs.
"""
from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path

import pytest

from berserk_judge.cardbase.importer import run_import
from berserk_judge.cardbase.load import load_base
from berserk_judge.cardbase.model import CardBase
from berserk_judge.lint.config import Settings
from berserk_judge.lint.engine import lint_base, make_card
from berserk_judge.lint.fix_apply import MAX_PASSES, ReadingGuard, fix_base

from conftest import CORPUS

BENCH = Path(__file__).resolve().parents[1] / "bench"

# Codes a safe fix may add, and why. Empty: no finding appears after the fix that was not there
# before, on any card. (Were one ever needed, it would name the code and the reason here: a
# finding that only a fixed text can have, e.g. a rule that needs the fixed typography to read.)
ALLOWED: dict[str, str] = {}


def restyler():
    spec = importlib.util.spec_from_file_location("restyle_corpus_under_test", BENCH / "restyle_corpus.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bases(tmp_path_factory):
    if not CORPUS.is_dir():
        pytest.skip(f"корпус не найден: {CORPUS} (нужна папка ../shared рядом с репозиторием)")
    sources = sorted(CORPUS.glob("*.jsonl"))
    folder = tmp_path_factory.mktemp("fix-new")
    restyled = folder / "restyled.jsonl"
    restyler().main([str(p) for p in sources] + ["--out", str(restyled)])
    out = {}
    for name, inputs in (("corpus", sources), ("restyled", [restyled])):
        result = run_import(inputs, folder / name)
        assert not result.problems and result.written
        out[name] = load_base([str(p) for p in result.written])
    return out


def new_findings(base: CardBase) -> tuple[dict[str, Counter], int]:
    """Per card, the codes whose findings grew with the safe fixes; and the passes taken."""
    settings, guard = Settings(), ReadingGuard()
    results = []

    def lint(current):
        results.append(lint_base(current, settings, reader=guard.read_card))
        return results[-1]

    outcome = fix_base(base, settings, guard=guard, lint=lint)   # the first lint is the "before"
    before = Counter((finding.card, finding.code) for finding in results[0].findings)
    grown: dict[str, Counter] = {}
    # after every pass, not only the last: a finding a later pass fixed was still missed at first
    for result in results[1:]:
        after = Counter((finding.card, finding.code) for finding in result.findings)
        for (card, code), count in (after - before).items():
            if code not in ALLOWED:
                seen = grown.setdefault(card, Counter())
                seen[code] = max(seen[code], count)
    return grown, outcome.passes


@pytest.mark.parametrize("name", ["corpus", "restyled"])
def test_safe_fixes_make_no_new_finding(bases, name):
    grown, passes = new_findings(bases[name])
    assert grown == {}
    assert passes < MAX_PASSES          # a fixed point: no fix undoes another


def test_the_restyled_copy_is_another_typing_of_the_same_cards(bases):
    """The restyler types the same cards otherwise: same ids and names, no «», no em dash, one line."""
    original, restyled = bases["corpus"], bases["restyled"]
    assert [(c.id, c.name) for c in original.cards] == [(c.id, c.name) for c in restyled.cards]
    texts = [c.text for c in restyled.cards]
    assert not any("«" in t or "»" in t or "—" in t or "\n" in t for t in texts)
    faithful = sum(1 for c in original.cards if c.id.startswith("s1_") and c.text)   # set 1 as printed
    assert sum(t != c.text for t, c in zip(texts, original.cards)) > faithful


# invented texts whose safe fixes once made a finding (issue 34): lossy and faithful
@pytest.mark.parametrize("text", [
    "+1 к излечению, если хозяин - страж леса.",                 # dash fix → BJ201 on «—» meaning "is"
    "В ход противника - получает +1 к {strike}.",               # BJ201 only after the dash fix
    "При гибели -  ранить стоящее рядом существо на 1.",        # BJ501 only after the spacing fix
    "+X к {strike}, где X-количество {counter} на Камнедреве.",  # BJ504 turned X back and forth
    "При гибели - воздействие мародёрство - получить {armor}X.",  # BJ401 once the name was quoted
    "{tap}: Заклинание гипноз - закрыть существо.\nПри {strike} - может получить {counter}.",
])
def test_safe_fixes_of_invented_texts_make_no_new_finding(text):
    base = CardBase(cards=[make_card(text, id="c1", name="Страж", path="c.yaml")], paths=["c.yaml"])
    grown, passes = new_findings(base)
    assert grown == {} and passes < MAX_PASSES
