"""The plain lint's «[*] Можно исправить с --fix: N» is what `--fix` then reports fixed
(issue 25): a reported finding counts as fixed when it is gone — by its own fix or by an
overlapping one — and fixes of findings the first lint never reported (a fix opens them)
are counted apart. Checked on the corpus imported as a YAML base, as the import tests do."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from berserk_judge.cardbase.importer import import_jsonl
from berserk_judge.cardbase.load import load_base
from berserk_judge.cardbase.model import CardBase
from berserk_judge.cli.lint_fix_output import FixRun, summary
from berserk_judge.lint.config import Settings
from berserk_judge.lint.engine import lint_base, make_card
from berserk_judge.lint.fix_apply import fix_base
from berserk_judge.reports.text import fixable_line

CORPUS = Path(__file__).parents[1].parent / "shared" / "corpus"
CORPUS_FILES = [CORPUS / "s1-voina-stihiy.jsonl", CORPUS / "relaunch-9-sets.jsonl"]


@pytest.fixture(scope="module")
def corpus_yaml(tmp_path_factory):
    if not all(p.exists() for p in CORPUS_FILES):
        pytest.skip(f"корпус не найден: {CORPUS} (нужна папка ../shared рядом с репозиторием)")
    out = tmp_path_factory.mktemp("corpus_yaml")
    import_jsonl(CORPUS_FILES, out)
    return load_base([str(out)])


def predicted(result) -> tuple[int, int]:
    line = fixable_line(result.findings) or ""
    safe = re.search(r"с --fix: (\d+)", line)
    unsafe = re.search(r"(?:ещё (\d+) — с --fix --unsafe-fixes|--unsafe-fixes: (\d+))", line)
    return (int(safe.group(1)) if safe else 0,
            int(next(g for g in unsafe.groups() if g)) if unsafe else 0)


def test_the_prediction_is_what_fix_applies_on_the_corpus(corpus_yaml):
    settings = Settings()
    safe, unsafe = predicted(lint_base(corpus_yaml, settings))
    assert safe > 1000 and unsafe > 100
    run = FixRun(fix_base(corpus_yaml, settings))
    assert run.fixed == safe
    assert summary(run, written=False).startswith(f"Можно исправить {safe} замечани")
    everything = FixRun(fix_base(corpus_yaml, settings, unsafe=True))
    assert everything.fixed == safe + unsafe
    # the corpus has fixes that open findings of their own (a typo fixed, then the missing dash)
    assert everything.opened >= 1
    assert f"Исправления открыли ещё {everything.opened} " in summary(everything, written=True)


def base_of(*texts: str) -> CardBase:
    cards = [make_card(text, id=f"c{i}", name="Стрелок", path="cards.yaml", first_line=i * 3 + 1)
             for i, text in enumerate(texts)]
    return CardBase(cards=cards, paths=["cards.yaml"])


@pytest.mark.parametrize("text", [
    # BJ301 (unsafe) makes the feature readable: then BJ202. (A typo within the word's stem, «ввстрел»,
    # is read as the ability already, and BJ202 is found before the fix; one in its ending is not.)
    "При ударе выстрл на 1 по карте.",
    "При ударе выстрл на 1 по карте",
])
def test_a_fix_that_opens_a_finding_is_counted_apart(text):
    base = base_of(text)
    settings = Settings()
    result = lint_base(base, settings)
    assert [f.code for f in result.findings if f.fix is not None] == ["BJ301"]
    run = FixRun(fix_base(base, settings, unsafe=True))
    assert run.outcome.texts["c0"] == "При ударе — выстрел на 1 по карте" + text[len("При ударе выстрл на 1 по карте"):]
    assert (run.fixed, run.opened) == (1, 1)
    assert summary(run, written=True) == ("Исправлено 1 замечание, осталось 0. Исправления открыли ещё 1 "
                                          "замечание (первая проверка их не находила); оно тоже исправлено.")


def test_a_finding_an_overlapping_fix_removes_counts_as_fixed():
    # two spaces where BJ202's unsafe fix puts « — »: the BJ505 finding goes with it
    base = base_of("При гибели  ранить цель на 1.")
    settings = Settings()
    safe, unsafe = predicted(lint_base(base, settings))
    assert (safe, unsafe) == (1, 1)
    run = FixRun(fix_base(base, settings, unsafe=True))
    assert [f.code for f in run.outcome.fixed] == ["BJ202"]   # BJ505's own fix never applies
    assert run.outcome.texts["c0"] == "При гибели — ранить цель на 1."
    assert (run.fixed, run.opened) == (2, 0)
