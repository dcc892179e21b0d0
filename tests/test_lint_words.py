"""BJ511–BJ514: words a typesetter broke (run together, hyphen leftovers whose halves are words,
a lost full stop, a Latin letter as a Russian word). Precision first: names, quotes, icons and
abstract texts never trigger them; invented texts in two styles (with «» and —, and lossy)."""
from __future__ import annotations

import pytest

from berserk_judge.lint.engine import lint_text

CODES = ["BJ511", "BJ512", "BJ513", "BJ514"]


def found(text: str, name: str = "Страж") -> list[tuple[str, int, str]]:
    from berserk_judge.cardbase.model import CardBase
    from berserk_judge.lint.config import Settings
    from berserk_judge.lint.engine import lint_base, make_card

    base = CardBase(cards=[make_card(text, id="c1", name=name, path="c.yaml")], paths=["c.yaml"])
    return [(f.code, f.column, f.message) for f in lint_base(base, Settings()).findings if f.code in CODES]


def fixed(text: str, code: str) -> str:
    from berserk_judge.lint.fix_model import apply_edits

    fixes = [f.fix for f in lint_text(text, select=[code]) if f.fix is not None]
    return apply_edits(text, fixes)[0]


@pytest.mark.parametrize("text,column,message,good", [
    ("{tap}: Может объявитьособый удар на 2.", 14,
     "«объявитьособый» — нет такого слова; похоже на два слова без пробела: «объявить особый»",
     "{tap}: Может объявить особый удар на 2."),
    ("{direct} погероям", 10, "«погероям» — нет такого слова; похоже на два слова без пробела: «по героям»",
     "{direct} по героям"),
    ("+1 квыстрелу, +1 к {armor}.", 4, "«квыстрелу» — нет такого слова; похоже на два слова без пробела: «к выстрелу»",
     "+1 к выстрелу, +1 к {armor}."),
    ('{tap} :Заклинаниезаморозки закрыть существо', 8,
     "«Заклинаниезаморозки» — нет такого слова; похоже на два слова без пробела: «Заклинание заморозки»",
     "{tap} :Заклинание заморозки закрыть существо"),
    ("При погружениина глубину - ранить цель на 1", 5,
     "«погружениина» — нет такого слова; похоже на два слова без пробела: «погружении на»",
     "При погружении на глубину - ранить цель на 1"),
])
def test_bj511_run_together_words(text, column, message, good):
    assert found(text) == [("BJ511", column, message)]
    assert fixed(text, "BJ511") == good


@pytest.mark.parametrize("text,applicability", [
    ("{direct} погероям.", "safe"),                                  # the reading stays: --fix applies it
    ("Получает +1 квыстрелу.", "safe"),
    ("{tap}: Может объявитьособый удар на 2.", "unsafe"),            # the ability becomes readable
    ("{tap} :Заклинаниевласть Кватуса закрыть существо.", "safe"),     # the reader already heads a glued type
])
def test_bj511_fix_is_safe_only_when_the_reading_stays(text, applicability):
    [finding] = lint_text(text, select=["BJ511"])
    assert finding.fix.applicability == applicability


def test_bj511_two_splits_are_named_and_not_fixed():
    [(code, _, message)] = found("Получает отравлениена 1.")
    assert message.endswith("«отравление на» или «отравлен иена»")
    assert [f.fix for f in lint_text("Получает отравлениена 1.", select=["BJ511"])] == [None]


@pytest.mark.parametrize("text,name", [
    ("-2 от немагических атак. Ваши нетёмные существа получают +1 к {strike}.", "Страж"),   # не- together
    ("Ранить небестелесное существо на 1", "Страж"),
    ("При атаке Кракена — ранить цель на 1.", "Щупальце Кракена"),       # the card's name, inflected
    ("Вызвать Гхарундура на свободную клетку", "Гхарундур"),
    ("Заклинание «объявитьособый» — ранить цель на 1.", "Страж"),          # quoted
    ('Заклинание "объявитьособый" - ранить цель на 1', "Страж"),
    ("При дальнеи атаке — ранить цель на 1.", "Страж"),                   # a lost «й», not a glue
    ("Если стощее рядом существо закрыто — ранить его на 1.", "Страж"),   # a typo, not «с тощее»
    ("Вконце хода — ранить цель на 1.", "Страж"),                        # BJ505's glued opener
    ("С1, при этом погероям С2", "Страж"),                                 # abstract text
    ("{tap}: вызвать симбиота на себя. Ваши элементали имеют {ova} 1.", "Страж"),   # game words
])
def test_bj511_silent(text, name):
    assert [f for f in found(text, name) if f[0] == "BJ511"] == []


@pytest.mark.parametrize("text,column,word,joined", [
    ("При атаке против-ника — ранить цель на 1.", 11, "против-ника", "противника"),
    ("При атаке против-ника - ранить цель на 1", 11, "против-ника", "противника"),
    ("Не может получать дополни-тельные {health}.", 19, "дополни-тельные", "дополнительные"),
    ("В начале своего следующе-го хода — открыться", 17, "следующе-го", "следующего"),
])
def test_bj512_hyphen_leftover_of_two_words(text, column, word, joined):
    assert found(text) == [("BJ512", column,
                            f"«{word}» похоже на остаток переноса (обе половины — слова); без дефиса: «{joined}»")]
    assert fixed(text, "BJ512") == text.replace(word, joined)


@pytest.mark.parametrize("text,name", [
    ("Эльф-следопыт получает +1 к {strike}.", "Страж"),         # a name: «эльфследопыт» is no word
    ("При атаке Погонщика Тоа-Дана — ранить цель на 1.", "Погонщик Тоа-Дана"),
    ("Эта особенность сраба-тывает 1 раз за бой.", "Страж"),    # halves are not words: BJ506
    ("Получает «против-ника» до конца хода.", "Страж"),          # quoted
    ("Может двигаться по-прежнему.", "Страж"),                   # a hyphenated word of its own
])
def test_bj512_silent(text, name):
    assert [f for f in found(text, name) if f[0] == "BJ512"] == []


@pytest.mark.parametrize("text,column,word,good", [
    ("При атаке — получить +1 к {strike} до конца хода Получает броню 1.", 50, "Получает",
     "При атаке — получить +1 к {strike} до конца хода. Получает броню 1."),
    ("При атаке - получить +1 к {strike} до конца хода Получает броню 1", 50, "Получает",
     "При атаке - получить +1 к {strike} до конца хода. Получает броню 1"),
    ("Ранить цель на 1 (1 раз за ход) Отражает выстрелы.", 33, "Отражает",
     "Ранить цель на 1 (1 раз за ход). Отражает выстрелы."),
])
def test_bj513_missing_full_stop(text, column, word, good):
    assert found(text) == [("BJ513", column,
                            f"«{word}» с заглавной буквы посреди предложения: похоже, перед ним потерялась точка")]
    [finding] = lint_text(text, select=["BJ513"])
    assert finding.fix is not None and not finding.fix.safe      # a new feature: the reading changes
    assert fixed(text, "BJ513") == good


@pytest.mark.parametrize("text,name", [
    ("Существо получает Может нападать дважды до конца хода.", "Страж"),   # a granted feature, quotes lost
    ("Получает особенность Погибает, когда Линнет покидает поле боя.", "Линнет"),
    ("Получает «Ранить цель на 1» до конца хода.", "Страж"),
    ("При атаке — ранить цель на 1. Получает броню 1.", "Страж"),
    ("При атаке Гибнет — ранить цель на 1.", "Гибнет"),                   # the card's name
    ("Строй: Получает броню 1.", "Страж"),
    ("С1 и С2 Получает С3.", "Страж"),
])
def test_bj513_silent(text, name):
    assert [f for f in found(text, name) if f[0] == "BJ513"] == []


@pytest.mark.parametrize("text,column,letter,russian", [
    ("{tap}: вернуть существо c кладбища в руку.", 25, "c", "с"),
    ("{tap}: вернуть существо c кладбища в руку", 25, "c", "с"),
    ("Ранить каждое существо y которого есть {counter}.", 24, "y", "у"),
    ("Ранить цель на 1, a затем закрыть её.", 19, "a", "а"),
])
def test_bj514_lone_latin_letter(text, column, letter, russian):
    assert found(text) == [("BJ514", column, f"латинская «{letter}» вместо русской «{russian}»")]
    assert fixed(text, "BJ514") == text[:column - 1] + russian + text[column:]


@pytest.mark.parametrize("text", [
    "{tap}: ранить цель на X.",                                     # the variable
    "Ранить на X, а Y — значение {health} изгнанного существа.",    # another variable
    "{tap}: ранить цель на 1 (см. правило a).",                     # not among Russian words on both sides
    "Получает {armor} 1.",
])
def test_bj514_silent(text):
    assert [f for f in found(text) if f[0] == "BJ514"] == []


def test_the_word_rules_stay_linear_on_a_long_text():
    import time

    from berserk_judge.lint.engine import CardContext, make_card
    from berserk_judge.lint.registry import rules_by_code

    text = "Ранить цель квыстрелу до конца хода Получает броню c кладбища против-ника. " * 2000
    ctx = CardContext(make_card(text, id="x", name="Страж"))
    ctx.__dict__["features"] = []   # the rules alone, without the reader
    for code in CODES:
        start = time.process_time()
        hits = list(rules_by_code()[code]().check(ctx))
        assert len(hits) == 2000 and time.process_time() - start < 3.0, code
