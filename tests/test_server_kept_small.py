"""What an open document keeps between edits, kept small without changing
an answer: the kept diagnostics of per-card findings are found by identity
only (no second index of them), a finding without readings or choices
shares one empty tuple, a card's dash roles are counted again rather than
cached (a file's joined texts are cached), and the allocator is asked for
one heap (glibc)."""
from __future__ import annotations

import platform

from berserk_judge.cardbase.load import demo_base_path
from berserk_judge.lint.rules import bj5_typography
from berserk_judge.server import heap
from berserk_judge.server.analysis import Analysis, DocumentLinter
from berserk_judge.server.diagnostics import _alike, _per_card_codes
from berserk_judge.server.docs import RuleDocs
from berserk_judge.server.workspace import Workspace, real

EXTRA = ("- id: z1\n  name: Лук\n  text: 'При гибели — ранить цель на 1.'\n"
         "- id: z2\n  name: Копьё\n  text: 'При гибели – ранить цель на 2.'\n"
         "- id: z3\n  name: Меч\n  text: 'При атаке – ранить цель на 3 .'\n")


def _analysed(tmp_path, text: str, linter: DocumentLinter, version: int = 1) -> Analysis:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    scope = Workspace([str(tmp_path)]).scope_for(real(str(path)))
    base, findings = linter.lint(real(str(path)), text, scope, None)
    analysis = Analysis(path.as_uri(), real(str(path)), version, text, scope, base, findings,
                        reader=linter.reader, known_places=linter.places, shown=linter.shown,
                        known_lines=linter.lines)
    linter.lines = analysis.lines
    return analysis


def test_only_findings_made_anew_by_each_join_are_kept_by_what_they_say(tmp_path):
    text = (demo_base_path() / "d1-probuzhdenie-kamnya.yaml").read_text(encoding="utf-8") + EXTRA
    linter, docs = DocumentLinter(), RuleDocs()
    analysis = _analysed(tmp_path, text, linter)
    first = analysis.shown.items(analysis, docs)
    codes = {f.code for f in analysis.findings}
    assert "BJ502" in codes and codes & _per_card_codes()   # both kinds are there
    kept_alike = {key[0] for key in linter.shown._alike}
    assert kept_alike and not kept_alike & _per_card_codes()
    # a keystroke in another card: the base-wide finding (made anew) and the per-card ones keep their JSON
    edited = text.replace("ранить цель на 3 .", "ранить цель на 4 .")
    again = _analysed(tmp_path, edited, linter, version=2)
    second = again.shown.items(again, docs)
    base_wide = [f for f in again.findings if f.code == "BJ502"]
    assert base_wide and all(_alike(f) in linter.shown._alike for f in base_wide)
    unchanged = {pair for pair in first if b'"z3"' not in pair[1]}
    assert unchanged <= set(second)
    assert sum(1 for pair in second if pair in unchanged) == len(unchanged)


def test_findings_without_readings_or_choices_share_the_empty_tuple(tmp_path):
    text = (demo_base_path() / "d1-probuzhdenie-kamnya.yaml").read_text(encoding="utf-8") + EXTRA
    analysis = _analysed(tmp_path, text, DocumentLinter())
    per_card = [f for f in analysis.findings if f.code in _per_card_codes()]
    assert per_card
    for finding in per_card:
        assert finding.readings == () or len(finding.readings) > 0 and type(finding.readings) is list
        assert finding.choices == () or len(finding.choices) > 0


def test_a_cards_dash_roles_are_counted_again_and_a_long_text_is_kept():
    bj5_typography._kept_dash_roles.cache_clear()
    short = "При гибели — ранить цель на 1. При атаке – ранить цель на 2."
    assert bj5_typography.dash_roles(short) == tuple(bj5_typography._dash_roles(short))
    assert bj5_typography._kept_dash_roles.cache_info().currsize == 0
    joined = "\n".join([short] * (bj5_typography.KEPT_FROM // len(short) + 1))
    roles = bj5_typography.dash_roles(joined)
    assert roles == tuple(bj5_typography._dash_roles(joined)) and len(roles) > 2
    assert bj5_typography._kept_dash_roles.cache_info().currsize == 1
    assert bj5_typography.dash_roles(joined) is roles


def test_the_allocator_is_asked_for_one_heap_only_where_it_is_glibc(monkeypatch):
    if platform.system() == "Linux" and platform.libc_ver()[0] == "glibc":
        assert heap.one_arena() is True
    monkeypatch.setattr(heap, "_libc", lambda: None)   # musl, macOS, Windows: nothing asked, nothing raised
    assert heap.one_arena() is False
