"""Fixes: the model, each rule's fix on its own examples, the reading guard."""
from __future__ import annotations

import json

import pytest

from berserk_judge.lint.engine import lint_text, make_card
from berserk_judge.lint.finding import Finding, Severity
from berserk_judge.lint.fix_model import SAFE, UNSAFE, Edit, Fix, apply_edits, safe_fix
from berserk_judge.lint.fix_apply import ReadingGuard, fix_card
from berserk_judge.lint.registry import all_rules

RULES = {rule.code: rule for rule in all_rules()}
# what each unit declares (its `fix_applicability`): a new rule with a fix needs no edit here
SAFE_CODES = {code for code, rule in RULES.items() if rule.fix_applicability == SAFE}
UNSAFE_CODES = {code for code, rule in RULES.items() if rule.fix_applicability == UNSAFE}
CHOICE_CODES = {code for code, rule in RULES.items() if rule.fix_applicability == "choice"}   # one per reading


def fix_all(text: str, code: str) -> str:
    """Apply the rule's fixes (safe and unsafe) until none is left."""
    for _ in range(10):
        fixes = [f.fix for f in lint_text(text, select=[code]) if f.code == code and f.fix]
        if not fixes:
            return text
        text, applied = apply_edits(text, fixes)
        assert applied
    raise AssertionError("no fixed point")


@pytest.mark.parametrize("code", sorted(SAFE_CODES | UNSAFE_CODES))
def test_fix_of_the_bad_example_gives_the_good_one(code):
    doc = RULES[code].doc()
    findings = [f for f in lint_text(doc.bad, select=[code]) if f.code == code]
    assert findings and all(f.fix is not None for f in findings)
    expected = SAFE if code in SAFE_CODES else UNSAFE
    assert {f.fix.applicability for f in findings} == {expected}
    assert fix_all(doc.bad, code) == doc.good


def test_rules_declare_their_fixes():
    """Every declaration is one of the three kinds, and the rules that fix are still there."""
    declared = {code: rule.fix_applicability for code, rule in RULES.items() if rule.fix_applicability}
    assert set(declared.values()) <= {SAFE, UNSAFE, "choice"}
    assert {"BJ501", "BJ505", "BJ304"} <= SAFE_CODES and {"BJ202", "BJ513"} <= UNSAFE_CODES
    assert CHOICE_CODES == {"BJ101"}


def test_only_these_rules_offer_fixes():
    offering = set()
    for code, rule in RULES.items():
        doc = rule.doc()
        if doc.bad and any(f.fix for f in lint_text(doc.bad, select=[code]) if f.code == code):
            offering.add(code)
    assert offering == SAFE_CODES | UNSAFE_CODES


@pytest.mark.parametrize("text,code,fixed", [
    ('Получает «Заклинание "гипноз" — закрыть существо».', "BJ507",
     "Получает «Заклинание «гипноз» — закрыть существо»."),
    ("Ранить цель на 1;, затем закрыть её.", "BJ509", "Ранить цель на 1; затем закрыть её."),
    ("Вначале вашего хода — ранить цель на 1.", "BJ505", "В начале вашего хода — ранить цель на 1."),
    ("Ранить цель на 1.  \nЗакрыть цель.", "BJ505", "Ранить цель на 1.\nЗакрыть цель."),
    ("Обязан напасть ( если может ) .", "BJ508", "Обязан напасть (если может)."),
    ("{tap}: если выпало 1 — ранить цель на 1; если выпало 2 — ранить цель на 2.", "BJ103",
     "{tap}: если выпало 1 — ранить цель на 1, если выпало 2 — ранить цель на 2."),
    ("При атаке ранить цель на 1.", "BJ202", "При атаке — ранить цель на 1."),
    ("Получает на 1 рану больше (заклинаниене является атакой).", "BJ301",
     "Получает на 1 рану больше (заклинание не является атакой)."),
])
def test_fixes_on_other_texts(text, code, fixed):
    assert fix_all(text, code) == fixed


def test_bj507_no_fix_when_a_straight_quote_is_unpaired():
    text = 'Получает "стену огня". Может переместить вашу "стену огня на её клетку; убрать "стены огня".'
    findings = lint_text(text, select=["BJ507"])
    assert len(findings) == 2 and all(f.fix is None for f in findings)
    assert [f.fix is None for f in lint_text('Пишется "как"есть".', select=["BJ507"])] == [True]


def test_bj101_silent_when_the_second_dash_ends_an_in_effect_condition():
    # the second dash ends an in-effect timing condition (spec §1), never «при этом»: no undecided pair,
    # so no finding (and no «, при этом» rewording that would change the reading)
    assert lint_text("При гибели - в начале следующего хода - возродиться на клетке.", select=["BJ101"]) == []


def choices(text: str) -> list[tuple[str, str]]:
    (finding,) = lint_text(text, select=["BJ101"])
    assert finding.fix is None            # nothing --fix (or --unsafe-fixes) applies: the editor chooses
    return [(c.title, apply_edits(text, [c])[0]) for c in finding.choices]


@pytest.mark.parametrize("text,fixed", [
    ("{tap}: ранить цель на 1, при этом ранить себя или закрыть цель.",
     "{tap}: или ранить цель на 1, при этом ранить себя, или закрыть цель."),
    ("{tap}: ранить цель на 1, при этом ранить себя или закрыть цель",
     "{tap}: или ранить цель на 1, при этом ранить себя, или закрыть цель"),
])
def test_bj101_offers_a_fix_per_reading_named_by_what_it_keeps(text, fixed):
    # reading 2, (С1, при этом (С2 или С3)), has no rewording the reader reads back as exactly that
    # («при этом или A, или B» reads as one ability), so only reading 1 is offered
    assert choices(text) == [("оставить прочтение 1: ((ранить цель на 1, при этом ранить себя) или закрыть цель)",
                              fixed)]


@pytest.mark.parametrize("text,fixed", [
    ("При гибели - ранить цель на 1 - закрыть цель.", "При гибели - ранить цель на 1, при этом закрыть цель."),
    ("При гибели — ранить цель на 1 — закрыть цель", "При гибели — ранить цель на 1, при этом закрыть цель"),
])
def test_bj101_condition_dash_choice_keeps_the_condition_ending_at_the_first_dash(text, fixed):
    [(title, new)] = choices(text)
    assert title.startswith("оставить прочтение 1: «При гибели» — (ранить цель на 1, при этом закрыть цель)")
    assert new == fixed


def test_bj101_choices_are_not_applied_by_unsafe_fixes_and_not_counted():
    from berserk_judge.cardbase.model import CardBase
    from berserk_judge.lint.config import Settings
    from berserk_judge.lint.engine import lint_base
    from berserk_judge.lint.fix_apply import fix_base
    from berserk_judge.reports.text import fixable_line

    text = "{tap}: ранить цель на 1, при этом ранить себя или закрыть цель."
    base = CardBase(cards=[make_card(text, id="c1", name="Н", path="c.yaml")], paths=["c.yaml"])
    result = lint_base(base, Settings())
    assert [f.code for f in result.findings] == ["BJ101"] and fixable_line(result.findings) is None
    outcome = fix_base(base, Settings(), unsafe=True)
    assert outcome.texts == {} and outcome.fixed == []
    data = result.findings[0].to_dict()
    assert data["fix"] is None and [c["title"][:21] for c in data["choices"]] == ["оставить прочтение 1:"]


def test_fix_round_trips_through_json():
    fix = Fix("заменить", [Edit(5, 6, "—", 3, 10, 3, 11), Edit(1, 1, " ")], UNSAFE, "меняет прочтение")
    data = json.loads(json.dumps(fix.to_dict(), ensure_ascii=False))
    back = Fix.from_dict(data)
    assert back == fix and back.edits[1].line == 3 and back.edits[0].line is None  # sorted by start
    assert Fix.from_dict(None) is None
    finding = Finding("BJ501", "hyphen-as-dash", Severity.WARNING, "m", "p", 1, 2, 3, fix=fix)
    assert finding.to_dict()["fix"] == fix.to_dict()
    assert Finding("BJ501", "x", Severity.INFO, "m", "p", 1, 2, 3).to_dict()["fix"] is None
    with pytest.raises(ValueError):
        Fix("x", [], "maybe")


def test_findings_carry_file_positions_of_edits():
    (finding,) = lint_text("При гибели - ранить цель на 1.", select=["BJ501"])
    (edit,) = finding.fix.edits
    assert (edit.start, edit.end, edit.replacement) == (11, 12, "—")
    assert (edit.line, edit.column, edit.end_line, edit.end_column) == (1, 12, 1, 13)


def test_apply_edits_skips_overlaps_and_keeps_order():
    text = "abcdef"
    first = safe_fix("1", Edit(1, 3, "X"))
    overlapping = safe_fix("2", Edit(2, 4, "Y"))
    later = safe_fix("3", Edit(4, 5, "Z"))
    insert_touching = safe_fix("4", Edit(3, 3, "+"))
    new, applied = apply_edits(text, [later, overlapping, insert_touching, first])
    assert new == "aXdZf"
    assert applied == [first, later]
    # what was skipped applies on the next pass
    assert apply_edits("abc", [safe_fix("i", Edit(1, 1, "-")), safe_fix("j", Edit(2, 2, "+"))])[0] == "a-b+c"
    assert apply_edits("abc", [safe_fix("bad", Edit(2, 9, ""))]) == ("abc", [])


def _finding(fix: Fix) -> Finding:
    return Finding("BJ999", "test", Severity.WARNING, "m", "<текст>", 1, 1, 2, card="пример", fix=fix)


def test_guard_demotes_a_safe_fix_that_changes_the_reading():
    text = "{tap}: ранить цель на 1 или закрыть цель."
    at = text.index("или")
    meaning = _finding(safe_fix("заменить «или» на «и»", Edit(at, at + 3, "и")))
    spacing = _finding(safe_fix("пробел", Edit(6, 7, "  ")))
    new, applied = fix_card(make_card(text), [meaning, spacing], unsafe=False, guard=ReadingGuard())
    assert applied == [spacing] and new == "{tap}:  ранить цель на 1 или закрыть цель."
    assert meaning.fix.applicability == UNSAFE
    assert meaning.fix.demoted == ("исправление меняет прочтение карты: особенность 1: было "
                                   "(ранить цель на 1 или закрыть цель), стало (ранить цель на 1 и закрыть цель)")
    assert spacing.fix.safe and spacing.fix.demoted is None


def test_guard_demoted_fix_is_applied_with_unsafe_fixes():
    text = "{tap}: ранить цель на 1 или закрыть цель."
    at = text.index("или")
    meaning = _finding(safe_fix("заменить «или» на «и»", Edit(at, at + 3, "и")))
    new, applied = fix_card(make_card(text), [meaning], unsafe=True, guard=ReadingGuard())
    assert applied == [meaning] and "1 и закрыть" in new and meaning.fix.demoted


def test_guard_keeps_typographic_fixes_of_a_real_rule():
    # ",;" read as «;» (при этом): keeping «;» keeps the reading
    text = "{tap}: ранить цель на 1,; закрыть цель."
    findings = [f for f in lint_text(text) if f.fix]
    new, applied = fix_card(make_card(text), findings, unsafe=False, guard=ReadingGuard())
    assert new == "{tap}: ранить цель на 1; закрыть цель." and len(applied) == 1


def test_guard_demotes_a_real_rule_fix():
    # ";," before «затем»: the reader leaves the feature unread; without «,» it reads it
    text = "{tap}: ранить цель на 1;, затем закрыть цель."
    (finding,) = [f for f in lint_text(text) if f.fix]
    new, applied = fix_card(make_card(text), [finding], unsafe=False, guard=ReadingGuard())
    assert (new, applied) == (text, [])
    assert finding.fix.demoted == ("исправление меняет прочтение карты: особенность 1: было (не прочитана), "
                                   "стало (ранить цель на 1, затем закрыть цель)")


@pytest.mark.parametrize("code", sorted(CHOICE_CODES))
def test_a_choice_of_the_bad_example_gives_the_good_one(code):
    doc = RULES[code].doc()
    [finding] = [f for f in lint_text(doc.bad, select=[code]) if f.code == code]
    assert finding.fix is None and finding.choices
    assert doc.good in [apply_edits(doc.bad, [c])[0] for c in finding.choices]
