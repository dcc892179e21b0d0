"""Every rule: a card text that triggers it (exact column and message) and one that must not."""
from __future__ import annotations

import pytest

from berserk_judge.cardbase.model import CardBase
from berserk_judge.lint.config import Layer, Settings
from berserk_judge.lint.engine import lint_base, lint_text, make_card
from berserk_judge.lint.registry import all_rules
from berserk_judge.lint.rule import Rule

X_MSG = ("«{x}» не определено: его нет в оплате, нет пояснения «где {x} — …», его не объявляют вместе "
         "со способностью, и оно не берётся из способности, от которой зависит (505.7: X зависимой способности)")

# code, triggering text, (column, message), a text that must not trigger
CASES = [
    ("BJ001", "{tap}: ранить цель на 1, затем, затем закрыть её.",
     (31, None), "{tap}: ранить цель на 1, затем закрыть её."),
    ("BJ101", "{tap}: ранить цель на 1, при этом ранить себя или закрыть цель.",
     (8, "неоднозначная группировка (примеры 505 не задают порядок этих связок): «при этом (правая часть)» и «или» — доходит ли правая "
         "часть «при этом» до «или» или заканчивается перед ним; прочтения: 1) ((ранить цель на 1, при "
         "этом ранить себя) или закрыть цель); 2) (ранить цель на 1, при этом (ранить себя или закрыть цель))"),
     "{tap}: ранить цель на 1, при этом ранить себя, затем закрыть цель."),
    ("BJ102", "{tap}: ранить цель на 1, ранить себя и закрыть цель или открыть цель.",
     (8, None), "{tap}: ранить цель на 1, ранить себя и закрыть цель."),
    ("BJ103", "При прыжке — бросьте кубик: если выпало 1 — ранить цель на 1; если выпало 2 — ранить цель на 2.",
     (61, "«;» между случаями «если … — …»: по 505.4.1 следующий случай тогда "
          "зависит от предыдущего; чтение берёт их как независимые случаи одного списка (выполнится "
          "не больше одного), так что текст расходится с буквой правил"),
     "{tap}: ранить цель на 1; если она летающая — ранить её ещё на 1."),
    ("BJ201", "Во время атаки — ранить цель на 1.",
     (1, "перед «—» стоит «Во время атаки» — не условие срабатывания (116.3), не метка и не оплата"),
     "Закрыть цель — ранить её на 1."),
    ("BJ202", "При атаке ранить цель на 1.",
     (1, "условие «При атаке» и эффект не разделены «—»; граница найдена только проверкой глагола "
         "(эффект начинается с «ранить»)"), "При атаке — ранить цель на 1."),
    ("BJ203", "При атаке: {tap}: ранить цель на 1.",
     (12, "у срабатывающей особенности есть оплата «{tap}»; по 116.2 её быть не может"),
     "{instant}{tap}: при атаке — ранить цель на 1."),
    ("BJ301", "{tap}: Воздействине «дар силы» — закрыть цель.",
     (8, "«Воздействине» — нет такого слова; похоже на тип способности «Воздействие»"),
     "{tap}: Воздействие «дар силы» — закрыть цель. +1 к следующему добиванию."),
    ("BJ302", "{tap}: ранить цель на 1 и получить {tpa}.",
     (36, "неизвестный значок {tpa}; возможно, {tap}"), "{tap}: ранить цель на 1 и получить {counter}."),
    ("BJ302", "{tap}{instant}: ранить цель на 1.",
     (6, "в оплате {instant} не первым; внезапное действие начинается с {instant} (115)"),
     "{instant}{tap}: ранить цель на 1."),
    ("BJ302", "{tap}2: ранить цель на 1.",
     (1, "в оплате число «2» после {tap}; количество пишется перед значком: 2{tap}"),
     "2{counter}{tap}: ранить цель на 1."),
    ("BJ302", "{tap}:", (1, "после оплаты нет эффекта"), "{tap}: закрыть цель."),
    ("BJ303", "Получает {zozl}.", (10, "значок {zozl} не опознан; возможно, {zoz}"), "Получает {zoz}."),
    ("BJ401", "{tap}: ранить цель на X.", (23, X_MSG.format(x="X")), "X{counter}{tap}: ранить цель на X."),
    ("BJ401", "Ранить цель на Х.", (16, X_MSG.format(x="Х")), "Ранить цель на Х, где Х — число ран на ней."),
    # the rulebook's example to 505.3 (2nd edition): the first ability's X is declared, the dependent one's computed from it (505.7)
    ("BJ401", "{tap}: ранить цель на Х, при этом ранить себя на 1.", (23, X_MSG.format(x="Х")),
     "{tap}: Снять с вашего существа Х дополнительных жизней, при этом излечить выбранное существо на Х."),
    # a trigger condition measures X even when it writes the letter in lower case (50082)
    ("BJ401", "При атаке — ранить цель на Х.", (28, X_MSG.format(x="Х")),
     "Когда ваше существо должно излечиться на х — вместо этого ранить цель на Х."),
    ("BJ401", "{tap}: получить -Х от атак до конца хода.", (18, X_MSG.format(x="Х")),
     "{tap}: потерять Х{counter}, при этом получить -Х от атак."),
    ("BJ501", "При гибели - ранить цель на 1.", (12, "дефис «-» между словами; здесь нужно тире «—»"),
     "При гибели — ранить цель на 1-2-2, получает -1 к {strike}."),
    ("BJ503", "{tap}: Заклинание «гипноз — закрыть.", (19, "незакрытая ««»: нет «»»"),
     "{tap}: Заклинание «гипноз» — закрыть (1 раз за бой)."),
    ("BJ503", "Закрыть цель).", (13, "лишняя «)»: нет открывающей «(»"), "Получает «{tap}: Заклинание «x» — закрыть»."),
    ("BJ504", "пpи атаке — ранить.", (1, "латинские буквы «p» в слове «пpи»"), "при атаке — ранить."),
    ("BJ504", "X{counter}{tap}: ранить цель на Х.",
     (33, "кириллическая Х рядом с латинской X в том же тексте; пишите переменную одной буквой"),
     "X{counter}{tap}: ранить цель на X."),
    ("BJ505", "{tap}:ранить цель.", (6, "нет пробела после «:»"), "{tap}: ранить цель, затем закрыть её."),
    ("BJ505", "ранить цель  на 1.", (12, "2 пробела подряд"), "ранить цель на 1."),
    ("BJ505", "Вконце вашего хода — ранить цель на 1.",
     (1, "нет пробела: «Вконце»; условие срабатывания пишется «В конце» (116.3)"),
     "В конце вашего хода — ранить цель на 1."),
    ("BJ506", "Эта особенность сраба-тывает 1 раз.",
     (17, "«сраба-тывает» похоже на остаток переноса; без дефиса: «срабатывает»"),
     "Кто-то по-прежнему получает {strike} из-за Тоа-Дан."),
    ("BJ507", '{tap}: Заклинание "гипноз" — закрыть.',
     (19, "прямые кавычки \"гипноз\"; в текстах карт приняты «ёлочки»"), "{tap}: Заклинание «гипноз» — закрыть."),
    ("BJ508", "Обязан напасть {strike} .", (24, "пробел перед «.»"), "Обязан напасть {strike}. И так далее ..."),
    ("BJ509", "ранить цель на 1,.", (17, "два знака препинания подряд: «,.»"), "ранить цель... и на 1."),
]


@pytest.mark.parametrize("code,bad,expected,good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_rule_triggers_and_not(code, bad, expected, good):
    found = [f for f in lint_text(bad, select=[code]) if f.code == code]
    assert found, f"{code} must fire on {bad!r}"
    column, message = expected
    assert found[0].column == column
    if message is not None:
        assert found[0].message == message
    assert found[0].line == 1 and found[0].end_column > found[0].column
    assert not [f for f in lint_text(good, select=[code]) if f.code == code], f"{code} must not fire on {good!r}"


def test_bj001_names_unread_part_and_column():
    (f,) = [f for f in lint_text("{tap}: ранить цель на 1, затем, затем закрыть её.", select=["BJ001"])]
    assert "не разобрано «, затем» (столбец 31)" in f.message


def test_bj101_readings_field_holds_every_reading():
    (f,) = lint_text("{tap}: ранить цель на 1, при этом ранить себя или закрыть цель.", select=["BJ101"])
    assert f.readings == ["((ранить цель на 1, при этом ранить себя) или закрыть цель)",
                          "(ранить цель на 1, при этом (ранить себя или закрыть цель))"]
    assert f.rules == ("505",)


def test_bj102_not_duplicated_by_bj101():
    text = "{tap}: ранить цель на 1, ранить себя и закрыть цель или открыть цель."
    codes = [f.code for f in lint_text(text, select=["BJ1"])]
    assert codes == ["BJ102"]


def test_bj502_flags_minority_dash_across_the_base():
    cards = [make_card("При гибели — ранить цель на 1.", id="a", path="a.yaml"),
             make_card("При атаке — ранить цель на 2.", id="b", path="a.yaml"),
             make_card("При гибели – закрыть цель.", id="c", path="a.yaml")]
    settings = Settings(layers=[Layer(select=["BJ502"])])
    result = lint_base(CardBase(cards=cards), settings)
    assert [(f.card, f.column, f.message) for f in result.findings] == [
        ("c", 12, "тире «–» после условия срабатывания; в базе в этой роли обычно «—» (2 из 3)")]


def test_bj502_roles_are_separate():
    # en dash as the "при этом" connective, em dash after conditions: consistent by role
    cards = [make_card("При гибели — ранить цель на 1.", id="a"),
             make_card("Закрыть цель – ранить её.", id="b")]
    result = lint_base(CardBase(cards=cards), Settings(layers=[Layer(select=["BJ502"])]))
    assert result.findings == []


def test_every_rule_documents_itself():
    for rule in all_rules():
        doc = rule.doc()
        assert rule.code and rule.name and rule.message, rule
        assert rule.name == rule.name.lower() and " " not in rule.name
        assert doc.summary and doc.finds and doc.why and doc.bad and doc.good, rule.code


@pytest.mark.parametrize("rule", [r for r in all_rules()
                                  if not r.engine_emitted and not r.base_wide and not r.examples_are_yaml],
                         ids=lambda r: r.code)
def test_doc_examples_hold(rule):
    """The «Плохо» example triggers the rule and the «Хорошо» one does not."""
    doc = rule.doc()
    assert any(f.code == rule.code for f in lint_text(doc.bad, select=[rule.code]))
    assert not any(f.code == rule.code for f in lint_text(doc.good, select=[rule.code]))


def test_codes_unique_and_required_present():
    codes = [r.code for r in all_rules()]
    # all_rules() keys its table by code, so count the rule classes themselves
    defined = [cls.code for cls in Rule.__subclasses__() if cls.code]
    assert len(defined) == len(set(defined)) == len(codes)
    for code in ("BJ001", "BJ101", "BJ102", "BJ103", "BJ201", "BJ202", "BJ203", "BJ301", "BJ302",
                 "BJ401", "BJ501", "BJ502", "BJ503", "BJ504", "BJ505", "BJ900"):
        assert code in codes


def test_bj103_names_the_cases_own_opener_and_the_rule_of_its_mark():
    """«когда …» cases are named as such; a «;» cites 505.4.1, a dash 505.4.2."""
    text = ("В начале хода — выберите до 3 существ; когда погибает первое из них — ранить цель на 1; "
            "когда погибают двое — ранить цель на 2.")
    found = [f for f in lint_text(text, select=["BJ103"])]
    assert [f.message for f in found] == ["«;» между случаями «когда … — …»: по 505.4.1 следующий случай "
                                          "тогда зависит от предыдущего"]
