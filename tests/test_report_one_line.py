"""A feature's one-line form (compact report entries, compare) keeps what the canonical
form leaves out: the keyword label and a static feature's «пока …»."""
from berserk_judge.parser import read_text
from berserk_judge.reports.canon import feature_record
from berserk_judge.reports.html.compare import one_line


def _lines(text: str) -> list[str]:
    return [one_line(feature_record(f) | {"text": f.text}) for f in read_text(text)]


def test_keyword_label_is_kept():
    assert _lines("Строй: +1 к дальности выстрела.") == ["Строй: +1 к дальности выстрела"]


def test_payment_and_condition_stay_in_front():
    assert _lines("{tap}: Выстрел на 1, дальность 3.") == ["{tap}: Выстрел на 1, дальность 3"]
    assert _lines("При атаке — ранить цель на 1.") == ["При атаке — ранить цель на 1"]


def test_while_condition_where_the_text_has_it():
    after, before = _lines("+1 к удару, пока Велит атакован.\nПока на поле боя, получает защиту от заклинаний.")
    assert after.endswith(", пока Велит атакован") and after.startswith("+1 к удару")
    assert before.startswith("Пока на поле боя, ")
