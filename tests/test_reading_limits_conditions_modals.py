"""Readings a judge can rule by, round four (issue 25): nothing reported is lost, conditions never
swallow abilities, modal words keep their force. Every pattern is pinned with invented texts in two
styles: typeset («», —) and lossy (straight quotes, « - », «-», no «», features on one line).
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from berserk_judge.parser.engine.canonical_form import canonical
from berserk_judge.parser.reader.features import read_text
from berserk_judge.reports.canon import feature_record, render_text


def one(text: str, name: str | None = None):
    features = read_text(text, name)
    assert len(features) == 1, [f.text for f in features]
    return features[0]


def form(feature) -> str | None:
    return canonical(feature.reading.tree) if feature.reading is not None else None


def lint_codes(text: str, select: str) -> list:
    from berserk_judge.lint.engine import lint_text

    return lint_text(text, select=[select])


# -- 1. limits, durations and choosers are reported beside the tree --------------------------------

@pytest.mark.parametrize("text, limit, effect", [
    ("{tap}: Ранить цель на 1 (1 раз за ход).", "1 раз за ход", "Ранить цель на 1"),
    ("{tap}: ранить цель на 1 (три раза за ваш ход)", "три раза за ваш ход", "ранить цель на 1"),
    ("Один раз за бой, в свой ход, может ранить цель на 1.", "Один раз за бой", "(может в свой ход ранить цель на 1)"),
    ("Три раза за ваш ход, может ранить цель на 1", "Три раза за ваш ход", "(может ранить цель на 1)"),
    ("1 раз за ваш ход: ранить цель на 1.", "1 раз за ваш ход", "ранить цель на 1"),   # a limit as the payment
])
def test_a_limit_is_in_the_json_record(text, limit, effect):
    record = feature_record(one(text))
    assert (record["limit"], record["canonical"]) == (limit, effect)


def test_duration_and_chooser_fields_and_null_when_absent():
    record = feature_record(one("При атаке — ранить цель на 1 (до конца вашего хода)."))
    assert (record["limit"], record["duration"], record["chosen_by"]) == (None, "до конца вашего хода", None)
    record = feature_record(one("При атаке - ранить цель на 1 (1 раз за ход, по выбору атакованного)"))
    assert (record["limit"], record["duration"], record["chosen_by"]) == ("1 раз за ход", None, "по выбору атакованного")
    record = feature_record(one("При атаке — ранить цель на 1."))
    assert (record["limit"], record["duration"], record["chosen_by"]) == (None, None, None)


def test_the_human_form_brackets_the_limit():
    text = "При атаке — ранить цель на 1 (1 раз за ход)."
    assert render_text(read_text(text), text) == ["ранить цель на 1  [условие: При атаке; лимит: 1 раз за ход]"]
    text = "При атаке - ранить цель на 1 (1 раз за бой, по выбору атакованного)"
    assert render_text(read_text(text), text) == [
        "ранить цель на 1  [условие: При атаке; лимит: 1 раз за бой; выбор: по выбору атакованного]"]
    # a limit standing as the payment is printed once, as the payment
    text = "1 раз за ваш ход: ранить цель на 1."
    assert render_text(read_text(text), text) == ["ранить цель на 1  [оплата: 1 раз за ваш ход]"]


GOLDEN_JSON = {
    "features": [{
        "line": 1, "kind": "playable", "payment": "{tap}", "condition": None, "label": None,
        "ability_type": "Воздействие", "name": "удар", "range": None, "while": None, "limit": "1 раз за ход", "duration": None,
        "chosen_by": None, "headings": [], "replacement": None,
        "canonical": "(ранить цель на 1, при этом закрыть ее)",
        "abstract": "(С1, при этом С2)", "atoms": ["ранить цель на 1", "закрыть ее"], "choosers": [],
        "ambiguous": False, "readings": ["(ранить цель на 1, при этом закрыть ее)"], "pairs": [],
        "error": None, "granted": [],
    }],
}


def test_canon_json_golden_with_the_new_fields():
    from berserk_judge.cli.main import main

    result = CliRunner().invoke(main, ["canon", "{tap}: Воздействие «удар» — ранить цель на 1, при этом закрыть ее "
                                               "(1 раз за ход).", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == GOLDEN_JSON


def test_card_view_hover_and_report_show_the_limit():
    from berserk_judge.reports.html.model import feature_dict
    from berserk_judge.server.hover import render_feature

    feature = one("{tap}: ранить цель на 1 (1 раз за ход).")
    assert "* ограничение: 1 раз за ход" in render_feature(feature, "1")
    assert feature_dict(feature)["limit"] == "1 раз за ход"


# -- 2. «если … — С1, иначе — С2» after a trigger opener is a case of the effect ----------------------

@pytest.mark.parametrize("text", [
    "В начале хода, если рядом стоит существо противника — ранить его на 1, иначе — излечиться на 1.",
    "В начале хода, если рядом стоит существо противника - ранить его на 1, иначе излечиться на 1",
])
def test_an_answered_if_is_a_case_not_the_condition(text):
    f = one(text)
    assert (f.kind, f.condition, form(f)) == (
        "triggered", "В начале хода", "(если рядом стоит существо противника — ранить его на 1, иначе излечиться на 1)")


def test_an_if_without_else_stays_in_the_condition():
    f = one("При гибели, если рядом стоит существо противника — ранить его на 1.")
    assert (f.condition, form(f)) == ("При гибели, если рядом стоит существо противника", "ранить его на 1")


# -- 3. a condition never swallows an ability and a connective -------------------------------------

@pytest.mark.parametrize("text, condition, effect", [
    ("В конце хода если закрыт, ранить цель на 1, при этом - открывается.", "В конце хода если закрыт",
     "(ранить цель на 1, при этом открывается)"),
    ("В конце хода, если закрыт, получает +1 к {strike}, при этом — открывается.", "В конце хода, если закрыт",
     "(получает +1 к {strike}, при этом открывается)"),
    ("При {strike} выстрел на 1, дальность 3, при этом - закрывается", "При {strike}",
     "(выстрел на 1, дальность 3, при этом закрывается)"),
    ("При {strike} выстрел на 1, дальность 3, иначе - излечиться на 1.", "При {strike}",
     "(выстрел на 1, дальность 3, иначе излечиться на 1)"),
])
def test_the_connective_dash_is_not_the_conditions(text, condition, effect):
    f = one(text)
    assert (f.kind, f.condition, form(f)) == ("triggered", condition, effect)


@pytest.mark.parametrize("text", [
    "Если у героя сила недостаточна использовать артефакт — ранить цель на 1.",
    "Если у героя сила недостаточна использовать артефакт ранить цель на 1",
])
def test_a_short_adjective_keeps_its_infinitive_in_the_condition(text):
    f = one(text)
    assert (f.condition, form(f)) == ("Если у героя сила недостаточна использовать артефакт", "ранить цель на 1")


def test_a_dashless_condition_is_reported_with_the_boundary_found():
    text = "В конце хода если закрыт, ранить цель на 1, при этом - открывается."
    [finding] = lint_codes(text, "BJ202")
    assert finding.message == ("условие «В конце хода если закрыт» и эффект не разделены «—»; граница найдена "
                               "только проверкой глагола (эффект начинается с «ранить»)")
    from berserk_judge.lint.fix_model import apply_edits

    assert apply_edits(text, [finding.fix])[0] == "В конце хода если закрыт — ранить цель на 1, при этом - открывается."


def test_bj202_not_on_a_replacement_and_no_dash_inside_a_word():
    assert lint_codes("Вместо своей регенерации ранить цель на 1.", "BJ202") == []
    assert lint_codes("Вместо гибели вернуть Грифона в руку", "BJ202") == []
    [finding] = lint_codes("При атакеранить цель на 1.", "BJ202")
    assert finding.fix is None      # «При — атакеранить» would cut into a run-together word
    # «, то» ends the condition with its own word: nothing to report
    assert lint_codes("Если существо с сетью атаковано, то эта атака блокируется.", "BJ202") == []


# -- 4. a quoted name before «:» is a definition label -----------------------------------------------

@pytest.mark.parametrize("text, label", [
    ("«Оцепенение»: если при {strike} атакованный закрыт — он не открывается.", "«Оцепенение»"),
    ('"Оцепенение": если при {strike} атакованный закрыт - он не открывается', '"Оцепенение"'),
    ("Оцепенение: если при {strike} атакованный закрыт - он не открывается", "Оцепенение"),
])
def test_a_definition_label_is_not_an_ability(text, label):
    f = one(text)
    assert (f.kind, f.label, f.condition, form(f)) == (
        "triggered", label, "если при {strike} атакованный закрыт", "он не открывается")


def test_a_static_definition():
    f = one('"Опьянение": -1 к {strike}.')
    assert (f.kind, f.label, form(f)) == ("static", '"Опьянение"', "-1 к {strike}")


# -- 5. an icon payment without its colon --------------------------------------------------------------

@pytest.mark.parametrize("text, payment, effect", [
    ("{tap} Выстрел на 2.", "{tap}", "Выстрел на 2"),
    ("{counter}{tap} метание на 1-1-2", "{counter}{tap}", "метание на 1-1-2"),
])
def test_a_payment_without_colon_is_playable_and_reported(text, payment, effect):
    f = one(text)
    assert (f.kind, f.payment, form(f)) == ("playable", payment, effect)
    [finding] = lint_codes(text, "BJ304")
    assert finding.severity.name == "ERROR"
    assert finding.message == (f"после оплаты «{payment}» нет «:»; разыгрываемая особенность пишется "
                               "«[оплата]: [эффект]» (114)")
    assert finding.fix.applicability == "safe"
    from berserk_judge.lint.fix_model import apply_edits

    assert apply_edits(text, [finding.fix])[0] == text.replace(payment, payment + ":", 1)


def test_a_game_icon_alone_opens_no_payment():
    f = one("{counter} не теряются при разряде.")
    assert (f.kind, f.payment) == ("static", None)
    assert lint_codes("{tap}: ранить цель на 1.", "BJ304") == []


# -- 6. a minus sign of any kind opens a feature ------------------------------------------------------

@pytest.mark.parametrize("text, second", [
    ("+1 к {strike}. −1 от атак.", "−1 от атак"),                  # U+2212
    ("Неповоротливость. -1 от атак", "-1 от атак"),
    ("Ранить цель на 1 (1 раз за ход) –1 от атак.", "–1 от атак"),
    ("Ранить цель на 1 (1 раз за ход) −1 от атак", "−1 от атак"),
])
def test_a_minus_opens_a_new_feature(text, second):
    features = read_text(text)
    assert len(features) == 2 and form(features[1]) == second


# -- 7. two subjects sharing a verb are one ability ----------------------------------------------------

@pytest.mark.parametrize("text", [
    "{tap}: Воздействие «сила гор» — выбранное горное существо или нейтральное существо получает +1 к {strike}.",
    '{tap}: Воздействие "сила гор" - выбранное горное существо или нейтральное существо получает +1 к {strike}',
    "{tap}: Воздействие сила гор выбранное горное существо или нейтральное существо получает +1 к {strike}",
])
def test_two_subjects_share_one_verb(text):
    f = one(text)
    assert (f.ability_type, f.effect_name, form(f)) == (
        "Воздействие", "сила гор", "выбранное горное существо или нейтральное существо получает +1 к {strike}")


def test_two_predicates_are_still_two_abilities():
    f = one("При атаке ранить цель на 1 или излечить себя на 1.")
    assert form(f) == "(ранить цель на 1 или излечить себя на 1)"
    f = one("Вальхалла: ваше горное или лесное существо получает +1 к {move} до конца хода.")
    assert form(f) == "ваше горное или лесное существо получает +1 к {move} до конца хода"


# -- 8. the uniqueness mark is the card's property -----------------------------------------------------

@pytest.mark.parametrize("text, first", [
    ("[:unq]. Неповоротливость.", "Неповоротливость"),
    ("[:unq] {tap}: ранить цель на 1.", "ранить цель на 1"),
    ("Уникальность. При атаке — ранить цель на 1.", "ранить цель на 1"),
    ("Уникальность\nПри атаке - ранить цель на 1", "ранить цель на 1"),
])
def test_the_uniqueness_mark_is_no_feature(text, first):
    f = one(text)
    assert form(f) == first
    assert lint_codes(text, "BJ001") == [] and lint_codes(text, "BJ303") == []


def test_uniqueness_in_a_sentence_is_words():
    assert form(one("Уникальность существа не важна.")) == "Уникальность существа не важна"


@pytest.mark.parametrize("source, text", [
    ("[:unq]. Неповоротливость.", "Неповоротливость."),
    ("Уникальность. При атаке — ранить цель на 1.", "При атаке — ранить цель на 1."),
])
def test_import_moves_the_uniqueness_to_the_field(tmp_path, source, text):
    from berserk_judge.cardbase.importer import run_import
    from berserk_judge.cardbase.load import load_base

    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps({"id": "u1", "set": "u", "set_name": "У", "name": "Страж", "text": source},
                               ensure_ascii=False) + "\n", encoding="utf-8")
    result = run_import([path], tmp_path / "base")
    base = load_base([str(p) for p in result.written])
    assert not base.problems
    [card] = base.cards
    assert (card.text, card.fields.get("unique")) == (text, True)


# -- 9. modal abilities are not options ----------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "При гибели вы можете показать карту из колоды, при этом посмотреть ее; вы обязаны взять ее в отряд.",
    "При гибели - вы можете показать карту из колоды, при этом посмотреть ее; вы обязаны взять ее в отряд",
])
def test_an_obligation_stays_mandatory(text):
    assert form(one(text)) == ("((может (показать карту из колоды, при этом посмотреть ее)), "
                               "при этом вы обязаны взять ее в отряд)")


def test_a_restriction_makes_no_option():
    from berserk_judge.explain import explain_features

    for text in ("При атаке может нападать только на летающих.", "При атаке - может нападать только на летающих"):
        f = one(text)
        assert form(f) == "может нападать только на летающих"
        explanation = explain_features([f])[0]
        cited = [rule for _heading, steps in explanation.readings for step in steps for rule in step.rules]
        assert cited and not any(rule.startswith("116.7") for rule in cited), cited


def test_a_may_without_modal_covers_the_dependent():
    assert form(one("При атаке может ранить цель на 1, при этом излечиться на 1.")) == \
        "(может (ранить цель на 1, при этом излечиться на 1))"
    # words in parentheses are a clarification, not the ability's modality
    assert form(one("При атаке вы можете ранить цель на X, при этом излечиться на X (X не может быть больше 4).")) \
        == "(может (ранить цель на X, при этом излечиться на X (X не может быть больше 4)))"


# -- issue 29: «может» in a static feature is a permission (spec §1) --------------------------------

def test_may_in_a_static_feature_prints_as_written():
    assert form(one("Может ранить цель на 1.")) == "Может ранить цель на 1"
    assert form(one("Ранить цель на 1, при этом может закрыть ее.")) == "(Ранить цель на 1, при этом может закрыть ее)"
    assert form(one("При атаке — может ранить цель на 1.")) == "(может ранить цель на 1)"


# -- lossy «-» for «—» with no spaces (restyled editions) -------------------------------------------

@pytest.mark.parametrize("text, condition, effect", [
    ("В начале боя: выберите карту противника; если она {ordinary}-закрыть её, иначе-ранить её на 2.",
     "В начале боя", "(выберите карту противника, при этом (если она {ordinary} — закрыть её, иначе ранить её на 2))"),
    ("В начале боя: выберите карту противника; если она {ordinary} — закрыть её, иначе — ранить её на 2.",
     "В начале боя", "(выберите карту противника, при этом (если она {ordinary} — закрыть её, иначе ранить её на 2))"),
    ("При {strike}-может излечиться на 2, если после этого нет ран-не закрывается после этой атаки.", "При {strike}",
     "((может излечиться на 2) и (если после этого нет ран — не закрывается после этой атаки))"),   # issue 35: Келе
])
def test_an_attached_hyphen_is_a_dash(text, condition, effect):
    f = one(text)
    assert (f.condition, form(f)) == (condition, effect)


def test_an_attached_hyphen_before_a_heading_ends_the_condition():
    f = one('Когда получает раны от атаки карты противника-воздействие "позвать маму"-ваше существо может '
            'сразиться с атаковавшим.')
    assert (f.condition, f.ability_type, f.effect_name) == ("Когда получает раны от атаки карты противника",
                                                             "воздействие", "позвать маму")


@pytest.mark.parametrize("text", ["Гном-басаарг получает +1 к {strike}.", "Кто-то из них сраба-тывает.",
                                  "{tap}: Воздействие гром-молот выбранный гном получает +1 к {strike}."])
def test_hyphenated_words_stay_words(text):
    from berserk_judge.parser.reader.words import attached_dash

    assert all(attached_dash(w) is None for w in text.replace(".", " ").split())


# -- subjects the verb test must not give to the condition ---------------------------------------------

def test_a_phrase_opened_by_each_is_the_effects_subject():
    f = one("Когда открывается каждое стоящее рядом существо противника может переместиться на соседнюю клетку.")
    assert (f.condition, form(f)) == (
        "Когда открывается", "(может каждое стоящее рядом существо противника переместиться на соседнюю клетку)")


@pytest.mark.parametrize("text", [
    "Когда другое существо совершает рывок, если это третий рывок ваших карт за ход Командир Туллена открывается.",
    "Когда другое существо совершает рывок , если это третий рывок ваших карт за ход Командир Туллена открывается",
])
def test_a_verbless_if_clause_keeps_its_nouns(text):
    f = one(text, "Командор Туллена")
    assert (f.condition, form(f)) == (
        text.split(" Командир")[0], "Командир Туллена открывается")


def test_a_bare_once_in_a_clause_is_no_limit():
    f = one("В начале боя — покажите из колоды гнома (кроме Крома; карту с каждым названием можно показывать "
            "только один раз), при этом получите его строй.")
    assert feature_record(f)["limit"] is None
    assert feature_record(one("{tap}: ранить цель на 1 (один раз)."))["limit"] == "один раз"


@pytest.mark.parametrize("text, while_condition, effect", [
    ("Концентрация: Выбранное существо теряет {zoo}, пока Предатель в зоне битвы.", None,
     "Выбранное существо теряет {zoo}, пока Предатель в зоне битвы"),
    ("Концентрация: выбранное существо теряет {zoo},пока Предатель в зоне битвы", None,
     "выбранное существо теряет {zoo},пока Предатель в зоне битвы"),
    ("Строй: +1 к {strike}, пока рядом лес.", "пока рядом лес", "+1 к {strike}"),
])
def test_a_declared_keyword_keeps_its_while_in_the_ability(text, while_condition, effect):
    f = one(text)
    assert (f.while_condition, form(f)) == (while_condition, effect)


def test_canon_takes_a_text_opening_with_a_minus():
    from berserk_judge.cli.main import main

    result = CliRunner().invoke(main, ["canon", "-1 от выстрелов и метаний. При ударе — получает +1 к {strike}.",
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    assert [f["canonical"] for f in json.loads(result.output)["features"]] == ["-1 от выстрелов и метаний",
                                                                             "получает +1 к {strike}"]
    result = CliRunner().invoke(main, ["canon", "--formt", "json", "С1"])
    assert result.exit_code == 2


@pytest.mark.parametrize("text", [
    "{tap}: Пророчество 1; если показана карта нечётной стоимости — существо получает отравление на 1, если чётной — "
    "существо получает проклятие.",
    "{tap}: Пророчество 1; если показана карта нечётной стоимости существо получает отравление на 1, если чётной "
    "существо получает проклятие",
])
def test_a_case_list_with_an_elliptic_case(text):
    assert form(one(text)) == ("(Пророчество 1, при этом ((если показана карта нечётной стоимости — существо получает "
                               "отравление на 1) и (если чётной — существо получает проклятие)))")


@pytest.mark.parametrize("text", [
    "Когда открывается каждое стоящее рядом существо противника может переместиться на соседнюю клетку "
    "(по выбору противника), затем он ранит каждое стоящее рядом существо противника на 1.",
    "Когда открывается каждое стоящее рядом существо противника может переместиться на соседнюю клетку "
    "(по выбору противника) затем он ранит каждое стоящее рядом существо противника на 1",
])
def test_a_chooser_inside_the_effect_leaves_the_atom_and_names_the_may(text):
    f = one(text)
    assert form(f) == ("((противник может каждое стоящее рядом существо противника переместиться на соседнюю клетку), "
                       "затем он ранит каждое стоящее рядом существо противника на 1)")
    assert feature_record(f)["chosen_by"] == "по выбору противника"


@pytest.mark.parametrize("text, name", [
    ("{tap}: Воздействие дух мухомора выбранное существо до конца хода получает: {tap}: Магический удар на 1 "
     "(1 раз за ход).", "дух мухомора"),
    ("{tap}: Воздействие «дух мухомора» — выбранное существо до конца хода получает: {tap}: Магический удар на 1 "
     "(1 раз за ход).", "дух мухомора"),
])
def test_an_unquoted_granted_feature_keeps_its_limit(text, name):
    f = one(text)
    assert (f.effect_name, feature_record(f)["limit"], form(f)) == (
        name, None, "выбранное существо до конца хода получает: {tap}: Магический удар на 1 (1 раз за ход)")


@pytest.mark.parametrize("text, atype, name", [
    ("{instant} {tap} :Заклинаниезаморозки закрыть существо стоимостью 3 или менее.", "Заклинание", "заморозки"),
    ("{tap}: Воздействиесила гор - выбранное существо получает +1 к {strike}", "Воздействие", "сила гор"),
])
def test_a_type_run_together_with_its_name_heads_the_effect(text, atype, name):
    f = one(text)
    assert (f.ability_type, f.effect_name) == (atype, name)
    assert not form(f).lower().startswith(atype.lower())


@pytest.mark.parametrize("text, fixed", [
    ("При {strike} ранить цель на 1.", "При {strike} — ранить цель на 1."),
    ("Когда существо противника выполняет магическую способность ранить его на 1.",
     "Когда существо противника выполняет магическую способность — ранить его на 1."),
    ("При погружениина глубинуполучает +1 к {strike}.", None),     # the boundary is inside «глубинуполучает»
])
def test_bj202_dash_fix_only_where_a_dash_fits(text, fixed):
    from berserk_judge.lint.fix_model import apply_edits

    [finding] = lint_codes(text, "BJ202")
    assert (apply_edits(text, [finding.fix])[0] if finding.fix else None) == fixed
