"""A heading type that is a sentence's subject (pattern type-as-subject): «Заклинание не действует …»
is no heading with the name «не». Faithful and lossy styles; a name's own odd first word stays one."""
from __future__ import annotations

import pytest

from reading_rows import record


@pytest.mark.parametrize("text, kind, form", [
    ("Заклинание не действует на это существо.", "static", "Заклинание не действует на это существо"),
    ("воздействие может быть сыграно только в ваш ход", "static", "воздействие может быть сыграно только в ваш ход"),
    ("При атаке - воздействие не может быть отменено", "triggered", "воздействие не может быть отменено"),
    ("Заклинание невозможно сыграть на это существо.", "static", "Заклинание невозможно сыграть на это существо"),
])
def test_a_type_before_its_predicate_is_no_heading(text, kind, form):
    found = record(text)
    assert (found["kind"], found["ability_type"], found["name"], found["canonical"]) == (kind, None, None, form)


@pytest.mark.parametrize("text, kind_word, title, form", [
    # a typo («шит» for «щит», masculine: no agreement with the type) and a conjunction open names
    ("{tap}: Заклинание шит света другое существо получает защиту от выстрелов", "Заклинание", "шит света",
     "другое существо получает защиту от выстрелов"),
    ("{tap}:воздействие а мне летать охота бросить кубик", "воздействие", "а мне летать охота", "бросить кубик"),
    ("{tap}: Воздействие «не тронь» — закрыть цель.", "Воздействие", "не тронь", "закрыть цель"),
])
def test_a_name_opening_with_an_odd_word_is_still_a_name(text, kind_word, title, form):
    found = record(text)
    assert (found["ability_type"], found["name"], found["canonical"]) == (kind_word, title, form)


@pytest.mark.parametrize("text, kind_word, title, form", [
    # the subject's participle phrase or «которое …» clause after an unquoted name ends the name (pattern
    # participle-subject, as after a trigger condition): blind sheet d091515, Ловчий and Тролль-ужас
    ("{tap}: Воздействие западня следующее существо противника, вошедшее в бой, закрывается.", "Воздействие",
     "западня", "следующее существо противника, вошедшее в бой, закрывается"),
    ("{tap}:Заклинание страх существо противника,которое не получало ран,получает -3 к {health}", "Заклинание",
     "страх", "существо противника,которое не получало ран,получает -3 к {health}"),
])
def test_a_subjects_phrase_after_an_unquoted_name_ends_the_name(text, kind_word, title, form):
    found = record(text)
    assert (found["ability_type"], found["name"], found["canonical"]) == (kind_word, title, form)
