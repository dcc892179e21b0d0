"""`explain`, issue 27: who chooses, «либо» inside one ability, restrictions and obligations,
notes in parentheses, replacements, a moment the text names, strike triggers without a source,
classes from the base's class data. Invented texts, each in a faithful and a lossy style."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from berserk_judge.explain import explain_text
from berserk_judge.explain.lines import class_names, line_kind


def steps_of(text: str, name: str | None = None, classes=()):
    [explanation] = explain_text(text, name, classes=classes)
    return explanation.readings[0][1]


def find(steps, *fragments: str):
    found = [s for s in steps if all(f in s.text for f in fragments)]
    assert len(found) == 1, (fragments, [s.text for s in steps])
    return found[0]


def texts(steps) -> str:
    return "\n".join(s.text for s in steps)


# -- who chooses ------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "{tap}: Выбранное существо противника получает «Не может атаковать до конца хода» или ранится на 2 "
    "(по выбору противника).",
    '{tap}:Выбранное существо противника получает "Не может атаковать до конца хода" или ранится на 2 '
    '(по выбору противника)',
])
def test_a_choice_names_the_chooser_the_text_gives(text):
    step = find(steps_of(text), "Разыгрывается одна из способностей")
    assert "выбирает противник («по выбору противника»), а не контролирующий игрок" in step.text
    assert step.rules == ("505.5",)
    # no second statement naming the controller as the one who chooses the option
    assert not any(s.text.startswith("Контролирующий игрок выбирает") for s in steps_of(text))
    assert not any(s.text.startswith("Выбор делает противник") for s in steps_of(text))


@pytest.mark.parametrize("text", [
    "При {strike} по закрытому существу — оно должно открыться либо получить 1 рану (по выбору атакованного).",
    "При {strike} по закрытому существу - оно должно открыться либо получить 1 рану (по выбору атакованного)",
])
def test_either_with_a_chooser_annotation(text):
    step = find(steps_of(text), "ровно один из вариантов («либо»)")
    assert "выбирает атакованный («по выбору атакованного»)" in step.text and step.rules == ("505.5",)


def test_a_choice_without_a_chooser_is_the_controllers():
    step = find(steps_of("{tap}: Ранить цель на 1 или закрыть её."), "одну из способностей")
    assert step.text.startswith("Контролирующий игрок выбирает и разыгрывает одну из способностей, на свой выбор")


@pytest.mark.parametrize("text", [
    "При движении на соседнюю клетку противник обязан переместить любое своё существо на соседнюю клетку; "
    "если он не может или не хочет этого сделать — получает +1 к {strike}.",
    "При движении на соседнюю клетку противник обязан переместить любое свое существо на соседнюю клетку; "
    "если он не может или не хочет этого сделать - получает +1 к {strike}",
])
def test_any_own_creature_is_chosen_by_its_owner(text):
    steps = steps_of(text)
    step = find(steps, "выбирает противник — тот, чьи это карты")
    assert step.text.startswith("«любое сво") and step.rules == ()
    assert find(steps, "Противник (в тексте — «он») вправе отказаться").rules == ("505.7",)


def test_any_target_left_to_the_text_is_the_controllers():
    step = find(steps_of("{tap}: Ранить любое существо противника на 1."), "«любое существо» выбирает игрок")
    assert step.rules == ("116.8, пример",)


@pytest.mark.parametrize("text, said", [
    ("{tap}: Ранить цель на X.", "кто выбирает X, текст не говорит"),
    ("X{tap}: Ранить цель на X.", "его определяет игрок, который платит"),
    ("{tap}: Ранить цель на X, где X — число ваших существ.", "его никто не выбирает"),
])
def test_who_chooses_x(text, said):
    find(steps_of(text), said)


# -- «либо» inside one ability's words -----------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Когда получает раны от удара в ход противника может объявить рывок, дальность 2, либо магический удар на 2.",
    "Когда получает раны от удара в ход противника может объявить рывок, дальность 2 либо магический удар на 2",
])
def test_either_inside_one_ability_is_a_choice_of_one(text):
    """Read as one ability (the words hold the «либо») or as an Either node: either way one statement
    says one of the two is played, the controller choosing (505.5)."""
    steps = [s for s in steps_of(text) if s.rules == ("505.5",)]
    assert len(steps) == 1, texts(steps_of(text))
    step = steps[0]
    assert "«объявить рывок, дальность 2»" in step.text and "«магический удар на 2»" in step.text
    assert "на выбор контролирующего игрока" in step.text or "Контролирующий игрок выбирает" in step.text


# -- restrictions and obligations ------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "При {strike} по летающему существу — оно теряет полёт; пока оно не летает, оно может нападать только на "
    "Вирма (1 раз за бой).",
    "При {strike} по летающему существу - оно теряет полёт; пока оно не летает, оно может нападать только на "
    "Вирма (1 раз за бой)",
])
def test_a_restriction_is_not_an_option(text):
    steps = steps_of(text, "Вирм")
    find(steps, "«может нападать только …» — ограничение")
    assert not any("116.7" in s.rules for s in steps), texts(steps)
    assert find(steps, "В тексте нет «может»").rules == ("116.6",)


@pytest.mark.parametrize("text", ["Существа противника, стоящие рядом, могут атаковать только Стража.",
                                  "существа противника стоящие рядом могут атаковать только Стража"])
def test_a_static_restriction(text):
    steps = steps_of(text, "Страж")
    find(steps, "«могут атаковать только …» — ограничение")
    assert not any("обязан" in s.text and "может" not in s.text for s in steps)


def test_a_may_over_only_words_is_a_restriction_not_an_option():
    """The reader may put a MAY over «нападать только на …»: explain reads it as the restriction."""
    from berserk_judge.parser import Atom, May
    from berserk_judge.explain.generate import _optional_root, _restriction_may

    node = May(Atom("нападать только на Снирка"))
    assert _restriction_may(node) and _optional_root(node) is False
    assert not _restriction_may(May(Atom("переместиться на соседнюю клетку")))


@pytest.mark.parametrize("text", [
    "До начала боя вы можете показать противнику карту из руки, при этом взять карту; вы обязаны сыграть её первой.",
    "До начала боя вы можете показать противнику карту из руки, при этом взять карту; вы обязаны сыграть ее первой",
])
def test_an_obligation_is_not_put_under_may(text):
    """Whatever the reader puts under the «может»: no statement calls the obligation optional; where
    the «может» block holds it, the statement excepts it."""
    steps = steps_of(text)
    optional = [s for s in steps if "по желанию" in s.text and "обязаны" in s.text]
    # (the reader of issue 25 covers the «;» chain with the MAY; a reader that stops the MAY before
    # «вы обязаны» leaves no such statement, and the invariant holds as well)
    assert not any("обязаны" in s.text and "по желанию игрока:" in s.text for s in steps)
    for step in optional:
        assert "кроме «вы обязаны сыграть е" in step.text
        assert "это обязанность (в тексте — «обязаны»), и «может» её необязательной не делает" in step.text


# -- a note in parentheses is not a use limit -------------------------------------------------------

@pytest.mark.parametrize("text", [
    # (the dash after the condition: spec §1, the first dash ends the condition whatever verbs stand before it)
    "В начале боя и при каждом слабом {strike} — возьмите из колоды карту (кроме Гурта; каждую карту можно брать "
    "только один раз), Гурт получает +1 к {strike} до конца боя.",
    "В начале боя и при каждом слабом {strike} - возьмите из колоды карту (кроме Гурта; каждую карту можно брать "
    "только один раз), Гурт получает +1 к {strike} до конца боя",
])
def test_a_note_is_not_a_116_2_limit_and_a_sourceless_strike_is_the_cards_own(text):
    steps = steps_of(text, "Гурт")
    # the reader keeps such a parenthesis in the ability's words (spec §1): it is said, never as 116.2
    said = [s for s in steps if "(кроме Гурта; каждую карту можно брать только один раз)" in s.text]
    assert said and all(not s.rules or "116.2" not in s.rules for s in said)
    assert not any("116.2" in s.rules for s in steps)
    assert find(steps, "«при каждом слабом {strike}»", "не назван источник").rules == ("116.3.3",)
    assert find(steps, "«при каждом слабом {strike}»: условие — атака", "даже если ран не нанесено").rules == ("116.3.1",)
    assert not any("«В начале боя»" in s.text for s in steps)       # no attack, no source, no 116.4 step for it


def test_a_real_use_limit_still_cites_116_2():
    steps = steps_of("При {strike} — ранить цель на 1 (1 раз за ход).")
    assert find(steps, "Ограничение применения: 1 раз за ход").rules == ("116.2",)


# -- replacements --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Если должна погибнуть в результате гибели союзника, вместо этого получает броню 1.",
    "Если должна погибнуть в результате гибели союзника вместо этого получает броню 1",
    "Если должно погибнуть, вместо этого может вернуться в колоду.",
])
def test_a_replacement_takes_the_events_place(text):
    steps = steps_of(text)
    head = steps[0]
    assert "— замена: когда должно произойти «погибнуть», вместо этого применяется эффект" in head.text
    assert "замену не объявляют, когда игрок получит приоритет" in head.text and head.rules == ()
    assert not any("как только игрок получает приоритет" in s.text for s in steps)
    assert not any(r.startswith("116") for s in steps for r in s.rules)


def test_a_granted_replacement_keeps_its_limit_without_116_2():
    steps = steps_of("Пока не имеет ран, получает «Если должен излечиться — вместо этого может открыться "
                     "(1 раз за ход)».", "Серк")
    find(steps, "когда должно произойти «излечиться»")
    assert find(steps, "Ограничение применения: 1 раз за ход").rules == ()


# -- the moment the text names --------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Отмените первую за ход противника атаку его стоящего рядом летающего существа (воздействие «порыв»).",
    'Отмените первую за ход противника атаку его стоящего рядом летающего существа (воздействие "порыв")',
])
def test_a_moment_named_by_the_text(text):
    steps = steps_of(text)
    assert "момент назван самим текстом — «первую за ход противника атаку его стоящего рядом летающего " \
           "существа»" in steps[0].text
    assert "не говорят ни текст, ни свод" not in texts(steps)


def test_a_redirection_moment_is_given_by_the_rules():
    steps = steps_of("Перенаправить атаку с карты на себя (воздействие «щит»).")
    head = steps[0]
    assert "однозначно задают правила" in head.text and head.rules == ("116.5",)


def test_a_declared_feature_with_no_moment_still_says_so():
    steps = steps_of("Ранить цель на 1 (воздействие «укол»).")
    assert "в какой момент — не говорят ни текст, ни свод" in steps[0].text


# -- classes are not keywords -------------------------------------------------------------------

def test_a_class_from_the_base_is_not_a_keyword():
    assert line_kind("Линунг") == ("keyword", "Линунг")          # the dictionary does not know it
    assert line_kind("Линунг", frozenset({"линунг"})) == ("class", "Линунг")
    step = steps_of("Линунг.", classes=("Линунг",))[0]
    assert step.text.startswith("«Линунг» — строка класса (расы) карты, а не способность")


def test_class_names_of_cards():
    class Card:
        def __init__(self, fields):
            self.fields = fields

    assert class_names([Card({"class": ["Линунг", "Демон"]}), Card({}), Card({"class": "Гном"}),
                        {"class": ["Тоа-Дан"]}]) == {"линунг", "демон", "гном", "тоа-дан"}


def test_cli_takes_class_names_from_base(tmp_path):
    (tmp_path / "b.yaml").write_text(
        "set:\n  id: t1\n  name: Тест\ncards:\n  - id: t1_1\n    name: Криомаг\n    class: [Линунг]\n"
        "    text: \"Линунг.\"\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", "Линунг.", "--base", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "«Линунг» — строка класса (расы) карты" in result.output
    plain = CliRunner().invoke(main, ["explain", "Линунг."])
    assert "«Линунг» — ключевое слово" in plain.output


@pytest.mark.parametrize("text", ["{tap}: Разряд на 1.", "{tap}:Разряд на 1", "{tap}: Выстрел на 1-2-3, дальность 4."])
def test_an_attack_target_is_chosen_by_the_controller(text):
    step = find(steps_of(text), "текст не называет: её выбирает игрок, контролирующий карту")
    assert step.text.startswith("Цель «") and step.rules == ("116.8, пример",)


@pytest.mark.parametrize("text", ["{tap}: Добивание на 2, только по хозяину.", "{tap}: Ранить выбранное существо на 2."])
def test_a_fixed_or_chosen_target_gets_no_open_target_statement(text):
    assert not any(s.text.startswith("Цель «") for s in steps_of(text))


@pytest.mark.parametrize("text", ["При {strike} — оно может получить полёт; пока оно летает, оно получает +1 к {strike}.",
                                  "При {strike} - оно может получить полет; пока оно летает оно получает +1 к {strike}"])
def test_a_may_after_a_pronoun_says_the_text_does_not_say_who(text):
    step = find(steps_of(text), "«может» стоит после «оно»")
    assert ("если «оно» — карта контролирующего игрока, решает он; если карта противника, кто решает, "
            "текст не говорит") in step.text


@pytest.mark.parametrize("text, noun", [
    ("{tap}: Ранить стоящее рядом существо на 2.", "существо"),
    ("{tap}:ранить стоящее рядом существо противника на 2", "существо"),
    ("В начале боя — покажите из колоды существо; получить фишку.", "существо"),
    ("В начале боя покажите из колоды существо, получить фишку", "существо"),
])
def test_an_instruction_leaving_the_creature_open_says_who_chooses(text, noun):
    step = find(steps_of(text), "текст не называет, какое именно")
    assert f"(«{noun}»): выбирает игрок, контролирующий карту" in step.text and step.rules == ("116.8, пример",)


@pytest.mark.parametrize("text", ["{tap}: Ранить это существо на 2.", "{tap}: Ранить каждое существо на 1.",
                                  "{tap}: Взять карту.", "{tap}: Ранить выбранное существо на 2.",
                                  "При {strike} переместить атакованное существо на 1 клетку.",
                                  "После гибели переместиться на клетку, которую она занимала.",
                                  "Игнорирует особенности, обязывающие выбирать цель выстрела."])
def test_a_fixed_creature_or_a_drawn_card_is_no_choice(text):
    assert not any("какое именно" in s.text or s.text.startswith("Цель «") for s in steps_of(text))



@pytest.mark.parametrize("text, items", [
    ("До начала вашего хода Оборотень получает либо {regen}2, либо +2 к {strike} (до конца хода противника).",
     "(«Оборотень получает {regen}2» либо «Оборотень получает +2 к {strike}»)"),
    ("До начала вашего хода Оборотень получает либо {regen} 2 либо +2 к {strike} (до конца хода противника)",
     "(«Оборотень получает {regen} 2» либо «Оборотень получает +2 к {strike}»)"),
])
def test_a_shared_head_of_paired_either(text, items):
    find(steps_of(text, "Оборотень"), "варианты соединены «либо»", items)


@pytest.mark.parametrize("text", [
    "Когда ваше существо погибает, Шаггон получает +1 к {strike} (если он на поле боя) либо фишку (если он на кладбище).",
    "{tap}: ранить цель на 1 и «При ударе — излечиться на 2» (До начала хода — получить {wolf} либо {human}).",
])
def test_either_of_cases_or_inside_parentheses_is_no_choice(text):
    assert not any("варианты соединены «либо»" in s.text for s in steps_of(text, "Шаггон"))


def test_mark_classes_turns_a_stored_keyword_statement_into_a_class_line():
    from berserk_judge.explain import mark_classes, payload

    data = payload(explain_text("Линунг.\nТрупоедство."))
    mark_classes(data, ["Линунг"])
    steps = [f["readings"][0]["steps"][0]["text"] for f in data["features"]]
    assert steps[0].startswith("«Линунг» — строка класса (расы) карты, а не способность")
    assert steps[1].startswith("«Трупоедство» — ключевое слово")


def test_cli_card_uses_the_cards_class_field(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "b.yaml").write_text(
        "set:\n  id: t1\n  name: Тест\ncards:\n  - id: t1_1\n    name: Криомаг\n    class: [Линунг]\n"
        "    text: \"Линунг.\"\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["explain", "--card", "t1_1", "--base", str(tmp_path / "b.yaml")])
    assert result.exit_code == 0, result.output
    assert "«Линунг» — строка класса (расы) карты" in result.output
    assert "ключевое слово" not in result.output


@pytest.mark.parametrize("text", [
    "При {strike} — оно теряет полёт, а оно может нападать только на Вирма; когда Вирм покидает поле боя — "
    "это существо ранится на 2.",
    "При {strike} - оно теряет полет, а оно может нападать только на Вирма; когда Вирм покидает поле боя - "
    "это существо ранится на 2",
])
def test_a_restriction_before_a_semicolon_is_not_declared(text):
    steps = steps_of(text, "Вирм")
    marks = [s for s in steps if set(s.rules) & {"505.4.1", "505.4.2"} and "может нападать только" in s.text]
    for step in marks:          # the reader of issue 25 joins them by «;»; each such statement says so
        assert "ограничение, а не способность: его не объявляют" in step.text, texts(steps)
    assert not any("объявить «оно может нападать" in s.text or "объявить «а оно может нападать" in s.text
                   for s in steps), texts(steps)


def test_a_granted_replacement_without_its_quotes_keeps_its_limit_too():
    steps = steps_of("Пока не имеет ран, получает Если должен излечиться - вместо этого может открыться "
                     "(1 раз за ход)", "Серк")
    find(steps, "когда должно произойти «излечиться»")
    assert find(steps, "Ограничение применения: 1 раз за ход").rules == ()
