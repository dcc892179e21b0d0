"""BJ510 invisible-character: every invisible character named, nothing else flagged."""
from __future__ import annotations

import pytest

from berserk_judge.lint.engine import lint_text


def messages(text: str) -> list[tuple[int, str]]:
    return [(f.start, f.message) for f in lint_text(text, select=["BJ510"])]


@pytest.mark.parametrize("char, name", [
    ("\u200b", "U+200B ZERO WIDTH SPACE"),
    ("\ufeff", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
    ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("\u00ad", "U+00AD SOFT HYPHEN"),
    ("\u2028", "U+2028 LINE SEPARATOR"),
    ("\x00", "U+0000 NULL"),
    ("\x01", "U+0001 (управляющий символ)"),
    ("\r", "U+000D CARRIAGE RETURN"),
    ("\ufffe", "U+FFFE (не символ Юникода)"),
])
def test_each_invisible_character_is_named(char, name):
    assert messages(f"Ранить цель{char} на 1.") == [(11, f"невидимый символ {name} в тексте; удалите его")]


def test_visible_layout_is_not_flagged():
    assert messages("Ранить цель\tна 1.\nПри гибели — ранить\u00a0цель на 2 «в бою».") == []


def test_every_occurrence_is_reported():
    assert [start for start, _ in messages("\u200bа\u200bб\u200b")] == [0, 2, 4]


def test_fix_deletes_the_character_and_keeps_words_apart():
    from berserk_judge.lint.fix_model import apply_edits

    for text, fixed in [("ранить\u200b цель", "ранить цель"),
                        ("ранить\u2028цель", "ранить цель"),
                        ("ранить \u2028цель", "ранить цель"),
                        ("\ufeffранить цель", "ранить цель")]:
        fixes = [f.fix for f in lint_text(text, select=["BJ510"])]
        assert {f.applicability for f in fixes} == {"safe"}
        assert apply_edits(text, fixes)[0] == fixed, text


def test_a_stray_control_character_does_not_change_the_reading():
    # 50064: «… (воздействие «штопор» )\x01» — the annotation is still an annotation
    from berserk_judge.parser import canonical, read_text

    [with_char] = read_text("При атаке — ранить существо на 3 (воздействие «штопор» )\x01")
    [without] = read_text("При атаке — ранить существо на 3 (воздействие «штопор» )")
    assert canonical(with_char.reading.tree) == canonical(without.reading.tree) == "ранить существо на 3"
    assert with_char.ability_type == without.ability_type == "воздействие"
