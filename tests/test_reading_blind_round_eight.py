"""Readings a judge can rule by (issue 34, the third and fourth blind pairs): each row a blind judge
counted wrong whose pattern the spec settles, pinned with invented texts in two styles — typeset
(«», —) and lossy (no quotes, « - » or «-», one line):

1. an unquoted name that lists nouns («мороз, мгла и ливень», «буря и град») runs to the dash or the
   effect's first predicate (pattern listed-unquoted-name; 116.1's «[тип] «имя» – [эффект]»), and
   a condition before it ends at the type (spec §2, «Headings are not abilities»);
2. an intro of its own before a list of options («получить одно из: А; Б», «он получает одно из: …»)
   is an ability the options depend on, as a colon joins a case list to its opener (spec §1 lists
   after a colon, §2 «Case lists»): «(получить одно из, при этом (А или Б))»; «выберите одно: А; Б»
   opening the effect stays the choice itself;
3. a redirect misspelt as the prints have it («пернаправить») is still a redirect: conditional (116.5);
4. a feature that opens with «Вместо …» and no dash is a replacement, static (spec §1: «Вместо» opens
   no trigger of 116.3, «Replacements» are no triggers), its words whole and the event in `replacement`
   (pattern instead-static; two blind judges), a compound effect too (its words open the first atom:
   the judge of the sheet of 961f6ff on Гаргулья and Ящерка); with its dash («Вместо гибели — …») or
   with a 116.3 opener beside it («Вместо движения или при движении — …») it reads as before;
5. «:» typed with the Russian layout on («{tap}Ж выстрел …») is the payment's colon: a playable
   feature, and BJ304's safe fix replaces the «Ж»;
6. a granted playable feature that lost its «» («имеет {instant}, потерять жетон инкарнации: …»,
   «получает {tap}: Выстрел на 1-2-2 до конца хода, затем …») is read as one in quotes is: its
   payment, limit and connectives are its own, up to a closing duration, «, затем» or «;».
"""
from __future__ import annotations

import pytest

from reading_rows import record


# -- 1. a listed unquoted name ----------------------------------------------------------------------

@pytest.mark.parametrize("text, condition, kind_name, form", [
    ("{tap}: Заклинание мороз, мгла и ливень выбрать ряд; до конца хода каждое существо в нем получает -1 к "
     "{strike}.", None, ("Заклинание", "мороз, мгла и ливень"),
     "(выбрать ряд, при этом до конца хода каждое существо в нем получает -1 к {strike})"),
    ("{tap}: Заклинание «мороз, мгла и ливень» — выбрать ряд; до конца хода каждое существо в нем получает -1 к "
     "{strike}.", None, ("Заклинание", "мороз, мгла и ливень"),
     "(выбрать ряд, при этом до конца хода каждое существо в нем получает -1 к {strike})"),
    ("{tap}: Воздействие гром, молния или град ранить выбранное существо на 2.", None,
     ("Воздействие", "гром, молния или град"), "ранить выбранное существо на 2"),
    ("В начале боя заклинание буря и град - выбрать ряд.", "В начале боя", ("заклинание", "буря и град"),
     "выбрать ряд"),
    ("В начале боя — заклинание «буря и град» — выбрать ряд.", "В начале боя", ("заклинание", "буря и град"),
     "выбрать ряд"),
    ("{tap}: Воздействие луна, солнце и звезды Кобольд получает +1 к {strike}.", None,
     ("Воздействие", "луна, солнце и звезды"), "Кобольд получает +1 к {strike}"),
])
def test_a_listed_unquoted_name_heads_the_effect(text, condition, kind_name, form):
    got = record(text)
    assert (got["condition"], (got["ability_type"], got["name"]), got["canonical"]) == (condition, kind_name, form)


@pytest.mark.parametrize("text, name, rng, form", [
    # a parameter after the comma ends the name, as before
    ("{tap}: Заклинание буря, дальность 3 - ранить выбранное существо на 2.", "буря", "дальность 3",
     "ранить выбранное существо на 2"),
])
def test_a_parameter_still_ends_the_name(text, name, rng, form):
    got = record(text)
    assert (got["name"], got["range"], got["canonical"]) == (name, rng, form)


# -- 2. an intro of its own before a list of options ------------------------------------------------

@pytest.mark.parametrize("text, form", [
    ("В начале хода — получить одно из (1 раз за бой):\n{ova}1 и рывок;\n+1 к {move};\n{stamina} и +1 к {strike}.",
     "(получить одно из, при этом ({ova}1 и рывок или +1 к {move} или {stamina} и +1 к {strike}))"),
    ("В начале хода - получить одно из (1 раз за бой): {ova}1 и рывок; +1 к {move}; {stamina} и +1 к {strike}",
     "(получить одно из, при этом ({ova}1 и рывок или +1 к {move} или {stamina} и +1 к {strike}))"),
    ("До набора отряда - можете показать Кобольда; возьмите его в отряд бесплатно; он получает одно из: "
     '"Полёт"; "+1 к {strike}".',
     '(может (показать Кобольда, при этом (возьмите его в отряд бесплатно, при этом (он получает одно из, при '
     'этом ("Полёт" или "+1 к {strike}")))))'),
    ("В начале хода — выберите одно: ранить цель на 1; излечить себя на 2.",
     "(ранить цель на 1 или излечить себя на 2)"),
    ("При атаке - ранить цель на 1; выберите одно: ранить ее на 1; излечить себя на 2",
     "(ранить цель на 1, при этом (выберите одно, при этом (ранить ее на 1 или излечить себя на 2)))"),
])
def test_an_intro_of_its_own_heads_the_options(text, form):
    got = record(text)
    assert got["canonical"] == form
    assert record(form)["canonical"] == form        # the form reads back to itself


def test_the_options_limit_is_reported():
    got = record("В начале хода — получить одно из (1 раз за бой):\n{ova}1 и рывок;\n+1 к {move}.")
    assert (got["kind"], got["condition"], got["limit"]) == ("triggered", "В начале хода", "1 раз за бой")


# -- 3. a misspelt redirect -------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "{tap}: Воздействие «отвод» — пернаправить дальнюю атаку существа противника на стоящую рядом карту.",
    "{tap}: воздействие отвод - пернаправить дальнюю атаку существа противника на стоящую рядом карту",
])
def test_a_misspelt_redirect_is_conditional(text):
    got = record(text)
    assert (got["kind"], got["name"]) == ("conditional", "отвод")


# -- 4. «Вместо …» without a dash: a static replacement ----------------------------------------------

@pytest.mark.parametrize("text, limit, form, replacement", [
    ("Вместо гибели возвращается в колоду.", None, "Вместо гибели возвращается в колоду", "Вместо гибели"),
    ("Вместо рывка может поменяться местами с вашим стоящим рядом существом",
     None, "Вместо рывка может поменяться местами с вашим стоящим рядом существом", "Вместо рывка"),
    ("Вместо гибели, если существо становится артефактом без ран (1 раз за бой), если артефакт становится "
     "существом без ран.", "1 раз за бой",
     "Вместо гибели, если существо становится артефактом без ран, если артефакт становится существом без ран",
     "Вместо гибели"),
    ("Вместо гибели может вернуться в руку (1 раз за бой).", "1 раз за бой",
     "(может Вместо гибели вернуться в руку)", "Вместо гибели"),
    # a compound effect: static too, «Вместо …» opening its first atom (the whole effect replaces)
    ("Вместо гибели полностью излечиться и стать артефактом (1 раз за бой).", "1 раз за бой",
     "(Вместо гибели полностью излечиться и стать артефактом)", "Вместо гибели"),
    ("Вместо гибели полностью излечиться и стать артефактом (1 раз за бой)", "1 раз за бой",
     "(Вместо гибели полностью излечиться и стать артефактом)", "Вместо гибели"),
    ("Вместо гибели хозяина Кобольда излечить его на 2, затем уничтожить Кобольда.", None,
     "(Вместо гибели хозяина Кобольда излечить его на 2, затем уничтожить Кобольда)",
     "Вместо гибели хозяина Кобольда"),
    ("Вместо гибели хозяина Кобольда, если он стоит в вашем первом ряду излечить его на 2, затем уничтожить "
     "Кобольда", None,
     "(Вместо гибели хозяина Кобольда, если он стоит в вашем первом ряду излечить его на 2, затем уничтожить "
     "Кобольда)", "Вместо гибели хозяина Кобольда, если он стоит в вашем первом ряду"),
    ("Вместо гибели может ранить всех существ в вашем отряде на 1, при этом получает Х дополнительных "
     "{health} (3 раза за бой).", "3 раза за бой",
     "(может (Вместо гибели ранить всех существ в вашем отряде на 1, при этом получает Х дополнительных "
     "{health}))", "Вместо гибели"),
])
def test_instead_without_a_dash_is_a_static_replacement(text, limit, form, replacement):
    got = record(text)
    assert (got["kind"], got["condition"], got["limit"], got["canonical"], got["replacement"]) == (
        "static", None, limit, form, replacement)


@pytest.mark.parametrize("text, condition, form", [
    ("Вместо гибели — возвращается в колоду.", "Вместо гибели", "возвращается в колоду"),
    ("Вместо гибели - возвращается в колоду", "Вместо гибели", "возвращается в колоду"),
    ("Вместо движения или при движении — может поменяться местами со стоящим рядом существом.",
     "Вместо движения или при движении", "(может поменяться местами со стоящим рядом существом)"),
])
def test_instead_with_its_dash_reads_as_a_trigger(text, condition, form):
    got = record(text)
    assert (got["kind"], got["condition"], got["canonical"]) == ("triggered", condition, form)


def test_a_static_replacement_is_explained_as_a_replacement():
    from berserk_judge.explain import explain_text

    [feature] = explain_text("Вместо гибели возвращается в колоду.")
    texts = [step.text for step in feature.readings[0][1]]
    assert texts[0].startswith("«Вместо гибели» — замена: эффект применяется вместо названного события")
    assert not any(t.startswith("Постоянная особенность") for t in texts)


# -- 5. «Ж» for «:» ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["{tap}Ж выстрел на 1-2-2, дальность 4.", "{tap}Ж выстрел на 1-2-2,дальность 4"])
def test_a_russian_layout_colon_after_a_payment(text):
    from berserk_judge.lint.engine import lint_text

    got = record(text)
    assert (got["kind"], got["payment"], got["canonical"]) == ("playable", "{tap}", text[7:].rstrip("."))
    [finding] = [f for f in lint_text(text) if f.code == "BJ304"]
    assert (finding.column, finding.end_column) == (1, 7)
    assert finding.fix.title == "заменить «Ж» на «:» (набрано в русской раскладке)"
    assert [(e.start, e.end, e.replacement) for e in finding.fix.edits] == [(5, 6, ":")]


def test_a_word_after_a_payment_is_no_colon():
    assert record("{tap}Жрец получает +1 к {strike}.")["kind"] == "static"


# -- 6. a granted playable feature without its quotes ------------------------------------------------

@pytest.mark.parametrize("text, form, granted", [
    ("Пока на кладбище, имеет {instant}, потерять жетон инкарнации: ослабить выбранную атаку на 2 (минимум до 1, "
     "1 раз за ход).",
     "имеет {instant}, потерять жетон инкарнации: ослабить выбранную атаку на 2 (минимум до 1, 1 раз за ход)",
     ("{instant}, потерять жетон инкарнации", "1 раз за ход", "ослабить выбранную атаку на 2 (минимум до 1)")),
    ("Пока на кладбище, имеет «{instant}, потерять жетон инкарнации: ослабить выбранную атаку на 2 (минимум до 1, "
     "1 раз за ход)».",
     "имеет «{instant}, потерять жетон инкарнации: ослабить выбранную атаку на 2 (минимум до 1, 1 раз за ход)»",
     ("{instant}, потерять жетон инкарнации", "1 раз за ход", "ослабить выбранную атаку на 2 (минимум до 1)")),
    ("Пока нет ран получает {tap}: ранить цель на 2, при этом может получить {counter}",
     "получает {tap}: ранить цель на 2, при этом может получить {counter}",
     ("{tap}", None, "(ранить цель на 2, при этом (может получить {counter}))")),
    ("{tap}: Ваш эльф получает {tap}: Выстрел на 1-2-2 до конца хода, затем выберите ваше существо; оно получает "
     "+1 к {strike}.",
     "(Ваш эльф получает {tap}: Выстрел на 1-2-2 до конца хода, затем (выберите ваше существо, при этом оно "
     "получает +1 к {strike}))",
     ("{tap}", None, "Выстрел на 1-2-2")),
])
def test_a_granted_payment_without_quotes_is_its_own_feature(text, form, granted):
    got = record(text)
    assert got["canonical"] == form and got["limit"] is None
    [inner] = got["granted"]
    assert (inner["payment"], inner["limit"], inner["canonical"]) == granted
