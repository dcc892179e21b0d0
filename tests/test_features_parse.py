"""Feature parser on hand-written texts: splitting, kinds, heads, annotations,
granted features, name masking and segmentation, with exact expected values."""
from __future__ import annotations

import pytest

from berserk_judge.parser.reader.features import read_text
from berserk_judge.parser.reader.names import name_spans
from berserk_judge.parser.reader.split import split_features


def kinds(text, name=None):
    return [f.kind for f in read_text(text, name)]


def toks(feature):
    return [(t.kind.value, t.text) for t in feature.tokens]


def test_split_lines_and_sentences():
    text = "{tap}: Выстрел на 1. Может стрелять по стоящим рядом картам.\n+1 к {strike} по горным."
    got = [text[s:e] for (s, e), _ in split_features(text)]
    assert got == ["{tap}: Выстрел на 1.", "Может стрелять по стоящим рядом картам.", "+1 к {strike} по горным."]
    assert [line for _, line in split_features(text)] == [1, 1, 2]


def test_split_lossy_text_without_line_breaks():
    text = "Строй: {zom}.При рывке — может открыться.{tap}: Магический удар на 2. X {counter}{tap}: Разряд на X."
    got = [text[s:e] for (s, e), _ in split_features(text)]
    assert got == ["Строй: {zom}.", "При рывке — может открыться.", "{tap}: Магический удар на 2.",
                   "X {counter}{tap}: Разряд на X."]


def test_split_keeps_quotes_and_parentheses_whole():
    text = "Получает «Не может менять хозяина. Возвращает свой подтип» до конца хода (см. выше. Да)."
    assert len(split_features(text)) == 1


def test_split_errata_and_case_list():
    text = "[Эррата 2023.04.08]\nВ начале боя получает:\n+1 к {move}, если есть степное;\n{armor}1, если есть горное."
    got = [text[s:e] for (s, e), _ in split_features(text)]
    assert got[0] == "[Эррата 2023.04.08]"
    assert got[1].startswith("В начале боя получает:") and got[1].endswith("горное.")
    assert kinds(text) == ["errata", "triggered"]


@pytest.mark.parametrize("text,kind", [
    ("{tap}: Разряд на 1.", "playable"),
    ("X{counter}{tap}: Магический удар на X.", "playable"),
    ("{instant}, изгнать карту с вашего кладбища: Получить +2 к броску.", "playable"),
    ("Закрыть стоящее рядом ваше существо: ранить цель на 1.", "playable"),
    ("1 раз за ваш ход: ранить цель на 1.", "playable"),
    ("{instant}{tap}: Когда существо получает раны от удара — перераспределить эти раны.", "conditional"),
    ("При гибели — особый удар на 2.", "triggered"),
    ("В начале вашего хода может открыться.", "triggered"),
    ("Строй: +1 к {strike}.", "keyword"),
    ("Бешенство 3: атакованный получает проклятие.", "keyword"),
    ("{second}: Начинает бой с {counter}.", "keyword"),
    ("Неповоротливость.", "static"),
    ("До 3 раз за ход получает +1 к {strike}.", "static"),
    ("[Эррата 2023.04.08]", "errata"),
])
def test_kinds(text, kind):
    assert kinds(text) == [kind]


def test_playable_head_with_type_and_name():
    f = read_text("{counter}{tap}: Заклинание «мороз, мгла и ливень» — выбрать ряд; ранить его на 1.")[0]
    assert (f.payment, f.ability_type, f.effect_name) == ("{counter}{tap}", "Заклинание", "мороз, мгла и ливень")
    assert f.effect == "выбрать ряд; ранить его на 1"
    assert f.dash_before_effect and f.effect_name_quoted
    assert toks(f) == [("ATOM", "выбрать ряд"), ("DEP", ";"), ("ATOM", "ранить его на 1")]


def test_lossy_type_and_name_without_quotes_or_dash():
    f = read_text("{tap}: Воздействие дар силы свести {strike} вашего существа к сильному.")[0]
    assert (f.ability_type, f.effect_name, f.effect) == ("Воздействие", "дар силы", "свести {strike} вашего существа к сильному")
    assert not f.effect_name_quoted and not f.dash_before_effect


def test_trigger_by_dash_and_by_verb_test():
    f = read_text("При гибели — особый удар на 2.")[0]
    assert (f.condition, f.condition_by_verb_test, f.effect) == ("При гибели", False, "особый удар на 2")
    f = read_text("При ударе Кобольд может излечиться на X.", "Кобольд")[0]
    assert (f.condition, f.condition_by_verb_test, f.effect) == ("При ударе", True, "Кобольд может излечиться на X")
    f = read_text("В начале вашего хода может ранить себя на 1.")[0]
    assert f.condition == "В начале вашего хода"
    assert toks(f) == [("MAY", "может"), ("ATOM", "ранить себя на 1")]


def test_condition_with_subordinate_clause():
    f = read_text("В начале хода, если стоит в вашем первом ряду, получает +1 к выстрелам до конца хода.")[0]
    assert f.condition == "В начале хода, если стоит в вашем первом ряду"
    assert f.effect == "получает +1 к выстрелам до конца хода"


def test_annotations():
    f = read_text("{counter}{tap}: Воздействие «украсть оружие» (1 раз за бой) — ранить цель на 1 "
                  "(до конца хода противника) (по выбору атакованного).")[0]
    assert [(a.kind, a.text) for a in f.annotations] == [
        ("limit", "1 раз за бой"), ("duration", "до конца хода противника"), ("chooser", "по выбору атакованного")]
    f = read_text("При гибели ранить существо на 3 (воздействие «штопор»).")[0]
    assert (f.ability_type, f.effect_name) == ("воздействие", "штопор")
    assert [a.kind for a in f.annotations] == ["type_name"]
    text = "Строй: {armor}2 (пока в строю с элитным существом)."
    f = read_text(text)[0]    # spec §1: a parenthesised «(пока …)» is the ability's words, not a while
    assert (f.annotations, f.while_condition, f.effect) == ([], None, "{armor}2 (пока в строю с элитным существом)")


def test_while_conditions():
    f = read_text("Пока не имеет ран, получает +1 к {strike}.")[0]
    assert (f.kind, f.while_condition, f.effect) == ("static", "Пока не имеет ран", "получает +1 к {strike}")
    f = read_text("-1 от дальних атак, пока не имеет ран.")[0]
    assert (f.while_condition, f.effect) == ("пока не имеет ран", "-1 от дальних атак")


def test_granted_feature_is_parsed_recursively_with_card_spans():
    text = "Пока на Бон и Берроу нет {counter} — получает «{tap}: {uchr} на 2, при этом может получить {counter}»."
    f = read_text(text, "Бон и Берроу")[0]
    assert f.while_condition == "Пока на Бон и Берроу нет {counter}"
    (g,) = f.granted
    assert (g.kind, g.payment) == ("playable", "{tap}")
    assert text[g.span[0]:g.span[1]] == "{tap}: {uchr} на 2, при этом может получить {counter}"
    assert g.reading.canonical == "({uchr} на 2, при этом (может получить {counter}))"
    f = read_text('Имеет "Бестелесный: -1 от {strike}" до конца хода.')[0]
    assert [g.kind for g in f.granted] == ["keyword"]


def test_name_masking_inflected_forms():
    text = "Гнома-поджигателя и Гном - поджигатель; по Степному волколаку"
    assert [text[s:e] for s, e in name_spans(text, "Гном-поджигатель")] == ["Гнома-поджигателя", "Гном - поджигатель"]
    assert [text[s:e] for s, e in name_spans(text, "Степной волколак")] == ["Степному волколаку"]
    other = "по Чёрному коту"
    assert [other[s:e] for s, e in name_spans(other, "Черный кот")] == ["Чёрному коту"]


def test_name_with_i_is_not_a_connective():
    f = read_text("При гибели — ранить Бон и Берроу на 2.", "Бон и Берроу")[0]
    assert toks(f) == [("ATOM", "ранить Бон и Берроу на 2")]
    f = read_text("При гибели — ранить Бон и Берроу на 2.")[0]   # without the name the verb test still holds
    assert toks(f) == [("ATOM", "ранить Бон и Берроу на 2")]


@pytest.mark.parametrize("effect,expected", [
    ("{tap}: Получить {direct} и {zoal}.", [("ATOM", "Получить {direct} и {zoal}")]),
    ("{tap}: Излечить существо на 2 и снять с него отравление.",
     [("ATOM", "Излечить существо на 2"), ("AND", "и"), ("ATOM", "снять с него отравление")]),
    ("{tap}: Ранить всех на 1, они получают отравление на 1.",
     [("ATOM", "Ранить всех на 1"), ("COMMA", ","), ("ATOM", "они получают отравление на 1")]),
    ("{tap}: Закрыть существо, которое не передвигалось, при этом ранить его.",
     [("ATOM", "Закрыть существо, которое не передвигалось"), ("DEP", ", при этом"), ("ATOM", "ранить его")]),
    ("При ударе — заблокировать удар, при этом прыжок, дальность 2.",
     [("ATOM", "заблокировать удар"), ("DEP", ", при этом"), ("ATOM", "прыжок, дальность 2")]),
    ("{tap}: Магический удар на X, где X — число ран.", [("ATOM", "Магический удар на X, где X — число ран")]),
    ("При ударе — оно не может атаковать и двигаться.", [("ATOM", "оно не может атаковать и двигаться")]),
    ("{tap}: Пророчество 1; если карта {elite} — ранить цель на 2, иначе ранить ее на 1.",
     [("ATOM", "Пророчество 1"), ("DEP", ";"), ("COND", "карта {elite}"), ("ATOM", "ранить цель на 2"),
      ("ELSE", ", иначе"), ("ATOM", "ранить ее на 1")]),
    ("При ударе — переместить цель; если атакованный не может или не хочет этого — ранить его на 2.",
     [("ATOM", "переместить цель"), ("OPP", "; если атакованный не может или не хочет этого —"),
      ("ATOM", "ранить его на 2")]),
    ("В конце хода вы можете посмотреть карты, затем положить их.",
     [("MAY", "вы можете"), ("ATOM", "посмотреть карты"), ("THEN", ", затем"), ("ATOM", "положить их")]),
    ("При ударе — это существо должно закрыться либо получить 2 раны.",
     [("ATOM", "это существо должно закрыться"), ("EITHER", "либо"), ("ATOM", "получить 2 раны")]),
    ("При ударе — ваше существо, обладающее разрядом, магическим ударом или заклинанием, получает -1.",
     [("ATOM", "ваше существо, обладающее разрядом, магическим ударом или заклинанием, получает -1")]),
])
def test_segmentation(effect, expected):
    assert toks(read_text(effect)[0]) == expected


def test_static_may_is_a_permission_not_optional():
    assert toks(read_text("Может двигаться по диагонали.")[0]) == [("ATOM", "Может двигаться по диагонали")]


def test_condition_dash_alternative():
    f = read_text("При всплытии - закрыть цель - ранить её на 1.")[0]
    assert f.condition == "При всплытии"
    assert f.reading.canonical == "(закрыть цель, при этом ранить её на 1)"
    (alt,) = [a for a in f.reading.alternatives if a.pair == "condition-dash"]
    assert (alt.condition, alt.canonical) == ("При всплытии - закрыть цель", "ранить её на 1")


@pytest.mark.parametrize("text,canon", [
    ("При всплытии - в конце этого хода - открыться.", "в конце этого хода - открыться"),   # a moment: atom words
    ("При разряде — если цель летающая — ранить её на 1.", "(если цель летающая — ранить её на 1)"),
])
def test_second_dash_closing_an_in_effect_condition_is_no_dependent(text, canon):
    # the dash after an in-effect condition is never DEPENDENT, so «condition-dash» does not apply
    f = read_text(text)[0]
    assert f.reading.canonical == canon and not f.reading.ambiguous


def test_spans_point_into_the_card_text():
    text = "-1 от атак.\n{tap}: Воздействие «дыхание леса» — излечить существо на 2 и снять с него отравление."
    f = read_text(text)[1]
    assert f.line == 2
    assert text[f.payment_span[0]:f.payment_span[1]] == "{tap}"
    assert text[f.effect_name_span[0]:f.effect_name_span[1]] == "дыхание леса"
    for t in f.tokens:
        assert text[t.start:t.end].startswith(t.text.split()[0])


def test_unread_when_grammar_rejects():
    f = read_text("{tap}: ранить цель на 1, при этом, затем ранить его на 2.")[0]
    assert not f.read_completely and f.error is not None and f.unread


@pytest.mark.parametrize("text", ["", " ", "«", "(((", "{tap}:", "При", "—", ":", "\n\n", "{tap}: «»", "Пока —",
                                  "При ударе —", "если — —", "[Эррата", "Или", "Либо а, либо", ";;;", "X{counter}"])
def test_never_raises(text):
    for f in read_text(text, "Бон и Берроу"):
        assert f.kind in {"playable", "conditional", "triggered", "keyword", "static", "errata", "unknown"}


@pytest.mark.parametrize("text,canon", [
    # lossy text: "если" cases without a dash end by the verb test
    ("{tap}: Пророчество 1; если выпало четное число атака блокируется.",
     "(Пророчество 1, при этом (если выпало четное число — атака блокируется))"),
    ("{tap}: Пророчество 1; если показанная карта {elite} это существо получает {counter}.",
     "(Пророчество 1, при этом (если показанная карта {elite} — это существо получает {counter}))"),
    ("{tap}: Пророчество 1; если показан компаньон может вызвать его, если показан паразит может вызвать его на себя.",
     "(Пророчество 1, при этом ((если показан компаньон — (может вызвать его)) и "
     "(если показан паразит — (может вызвать его на себя))))"),
    # a trailing ", если ..." without a dash stays in the ability before it
    ("{tap}: Выстрел на 1, при этом закройте атакованное существо, если оно получало раны в этот ход.",
     "(Выстрел на 1, при этом закройте атакованное существо, если оно получало раны в этот ход)"),
    # "затем, если ...": the comma belongs to the connective
    ("{tap}: Ранить цель на 1, затем, если она закрыта — ранить её на 1.",
     "(Ранить цель на 1, затем (если она закрыта — ранить её на 1))"),
    # a while-clause followed by "затем" is not the effect's trailing condition
    ("При {strike} — получает +1 к {strike}, пока стоит рядом с вами, затем ранить цель на 1.",
     "(получает +1 к {strike}, пока стоит рядом с вами, затем ранить цель на 1)"),
    # a dash after a type and name inside the effect is a separator, not "при этом"
    # (since round six the heading leaves the atom for `headings`, spec §2)
    ("При {strike} — подлость 1; воздействие «вальс» — поменяться местами с атакованным.",
     "(подлость 1, при этом поменяться местами с атакованным)"),
])
def test_reading_quality_segmentation(text, canon):
    [feature] = read_text(text)
    assert feature.read_completely
    assert feature.reading.canonical == canon


def test_reading_quality_heads():
    [f] = read_text("Отпор: {tap}: Разряд на 1.")
    assert (f.kind, f.label, f.payment, f.reading.canonical) == ("playable", "Отпор", "{tap}", "Разряд на 1")   # the body's kind (spec §1)
    [f] = read_text("Строй: {armor}: 1.")           # an icon that is not a payment stays in the effect
    assert f.payment is None
    [f] = read_text("Вначале вашего хода может открыться.")
    assert (f.kind, f.condition, f.reading.canonical) == ("triggered", "Вначале вашего хода", "(может открыться)")
    [f] = read_text("Когда получает проклятие теряет благословление.")
    assert (f.condition, f.reading.canonical) == ("Когда получает проклятие", "теряет благословление")
    [f] = read_text("Когда ваш пират атакует он получает +1 к броску кубика.")
    assert f.condition == "Когда ваш пират атакует"     # a pronoun after the verb starts the effect


@pytest.mark.parametrize("text,form,atoms", [
    ("{tap}: выберите одно: ранить цель на 1; излечить себя на 2; закрыть цель.",
     "(С1 или С2 или С3)", ["ранить цель на 1", "излечить себя на 2", "закрыть цель"]),
    ("В начале вашего хода — выберите одно: до конца хода получает +1 к {strike}; получает +2 к {move}.",
     "(С1 или С2)", ["до конца хода получает +1 к {strike}", "получает +2 к {move}"]),
    # options introduced after another ability: the intro is an ability the options depend on, as a
    # colon joins a case list to its opener (spec §2 «Case lists»; issue 34)
    ("{tap}: ранить цель на 1; выберите одно: излечить себя на 2; закрыть цель.",
     "(С1, при этом (С2, при этом (С3 или С4)))",
     ["ранить цель на 1", "выберите одно", "излечить себя на 2", "закрыть цель"]),
])
def test_list_of_options_is_a_choice(text, form, atoms):
    from berserk_judge.parser.engine.canonical_form import abstract_canonical

    [feature] = read_text(text)
    got, legend = abstract_canonical(feature.reading.tree)
    assert got == form
    assert [words for _, words in legend] == atoms
    assert not feature.reading.ambiguous


@pytest.mark.parametrize("text,name,condition", [
    # a subject with a genitive modifier or a parenthesis opens the effect
    ("При атаке существо противника получает рану.", None, "При атаке"),
    ("В начале хода противника стоящее рядом существо противника (по его выбору) обязано напасть на Яргуса {strike}.",
     "Яргус", "В начале хода противника"),
    ("При сильной атаке карты противника следующая атака его карты сводится к слабой.", None,
     "При сильной атаке карты противника"),
    ("В начале боя каждое стоящее рядом существо противника получает рану.", None, "В начале боя"),
    # a genitive that can be nominative, a condition's own object or subject, a prepositional phrase stay
    ("В начале хода противника получает {counter}.", None, "В начале хода противника"),
    ("Когда уничтожает существо противника получает +1 к {strike}.", None, "Когда уничтожает существо противника"),
    ("При перемещении на вашу половину поля боя получает {counter}.", None, "При перемещении на вашу половину поля боя"),
    # (an effect that gets a lasting +2 to a state would be a static feature's while since round six, spec §1)
    ("Если напротив стоит существо противника получает рану.", None, "Если напротив стоит существо противника"),
])
def test_condition_end_with_genitive_subject(text, name, condition):
    [f] = read_text(text, name)
    assert (f.kind, f.condition, f.condition_by_verb_test) == ("triggered", condition, True)
    assert f.read_completely


def test_condition_object_keeps_a_following_may():
    [f] = read_text("Когда уничтожает существо противника может получить {counter}.")
    assert (f.condition, f.reading.canonical) == ("Когда уничтожает существо противника", "(может получить {counter})")


@pytest.mark.parametrize("text,expected,canon", [
    ("При ударе Кобольд может излечиться на X, при этом теряет все особенности.",
     [("MAY", "может"), ("ATOM", "Кобольд излечиться на X"), ("DEP", ", при этом"), ("ATOM", "теряет все особенности")],
     "(может (Кобольд излечиться на X, при этом теряет все особенности))"),
    ("При ударе — Кобольд также может открыться.", [("MAY", "может"), ("ATOM", "Кобольд также открыться")],
     "(может Кобольд также открыться)"),
    ("{tap}: Ранить цель на 1; Кобольд может открыться.",
     [("ATOM", "Ранить цель на 1"), ("DEP", ";"), ("MAY", "может"), ("ATOM", "Кобольд открыться")],
     "(Ранить цель на 1, при этом (может Кобольд открыться))"),
    # another player as the subject: that player's option, the MAY node names the chooser (spec section 2)
    ("При ударе противник может перенаправить удар.", [("MAY", "противник может"), ("ATOM", "перенаправить удар")],
     "(противник может перенаправить удар)"),
    # a noun phrase as the subject: MAY, and the phrase stays at the start of the ability's words
    ("При ударе каждая ваша карта может получить {counter}.",
     [("MAY", "может"), ("ATOM", "каждая ваша карта получить {counter}")],
     "(может каждая ваша карта получить {counter})"),
    # a pronoun or «вместо этого» before «может», «может сразу же»: MAY wraps, the words stay
    # at the start of the ability (spec section 2: words before «может» are never dropped)
    ("При ударе он может открыться.", [("MAY", "может"), ("ATOM", "он открыться")], "(может он открыться)"),
    ("При ударе вместо этого он может сразу же открыться.",
     [("MAY", "может"), ("ATOM", "вместо этого он сразу же открыться")],
     "(может вместо этого он сразу же открыться)"),
    ("Строй: при ударе — может открыться.", [("MAY", "может"), ("ATOM", "открыться")], "(может открыться)"),
    # a static feature with a limit is a declared ability: an option (spec section 1)
    ("Может открыться (1 раз за бой).", [("MAY", "Может"), ("ATOM", "открыться")], "(может открыться)"),
    # a static feature: a permission, not an option
    ("Кобольд может двигаться по диагонали.", [("ATOM", "Кобольд может двигаться по диагонали")],
     "Кобольд может двигаться по диагонали"),
])
def test_words_before_may_are_kept(text, expected, canon):
    [f] = read_text(text, "Кобольд")
    assert toks(f) == expected
    assert f.reading.canonical == canon
    # every character of the effect belongs to a token
    covered = "".join(f.effect[t.start - f.effect_span[0]:t.end - f.effect_span[0]] for t in f.tokens)
    assert covered.replace(" ", "") == f.effect.replace(" ", "")
