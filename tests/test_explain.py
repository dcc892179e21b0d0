"""`explain`: the rulebook's own explanations of the 505 examples, every node
and feature kind, ambiguous texts, X and payment timing, rule citations."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from cli.main import main
from conftest import SHARED
from explain import FeatureExplanation, Step, explain_feature, explain_text, render_text
from explain.rulemap import RULES, ambiguous_number, cite, quote

RULES_DIR = SHARED / "rules"
CITATION = re.compile(r" \((?:\d{3}[^()]*)\)$")


def steps_of(text: str, reading: int = 0, name: str | None = None) -> list[Step]:
    [explanation] = explain_text(text, name)
    return explanation.readings[reading][1]


def find(steps: list[Step], *fragments: str) -> Step:
    """The one step saying all the fragments."""
    found = [s for s in steps if all(f in s.text for f in fragments)]
    assert len(found) == 1, (fragments, [s.text for s in steps])
    return found[0]


# -- the rulebook's worked examples (000_…: «Таким образом …») -----------------

def test_e1_dependent_then_independent_block():
    # «выполнение Способности 2 зависит от Способности 1, но Способности 3 и 4 могут быть
    # заявлены в любом случае, независимо от результата выполнения первых двух»
    steps = steps_of("[С1], при этом [С2], затем [С3] и [С4]")
    blocks = find(steps, "разыгрываются по порядку", "независимо от результата предыдущих")
    assert blocks.rules == ("505", "505.6") and blocks.depth == 0
    dep = find(steps, "Блок 1", "объявить С1", "только в случае её успеха", "разыгрывается С2")
    assert dep.rules == ("505.4",) and dep.depth == 1
    both = find(steps, "Блок 2", "С3 и С4 независимы друг от друга")
    assert both.rules == ("505",)


def test_e2_choice_then_dependent_pair_then_opponent_block():
    # «игрок выбирает … одну из способностей C1, С2, С3 или же … С4, в случае успеха которой
    # можно разыграть независимые друг от друга С5 и C6. Теперь, независимо от результатов
    # выполнения предыдущего блока, … С7 …, иначе он вынужден выполнить C8»
    steps = steps_of("[С1], [С2] или [С3], либо [С4], при этом [С5], [С6], затем [С7], "
                     "если противник не может или не хочет, [С8]")
    find(steps, "разыгрываются по порядку", "независимо от результата предыдущих")
    assert find(steps, "Блок 1", "игрок выбирает для розыгрыша ровно один из вариантов").rules == ("505.5",)
    assert find(steps, "Вариант 1", "одну из способностей: С1, С2 или С3").rules == ("505.5",)
    assert find(steps, "Вариант 2", "С4", "только в случае её успеха", "(С5 и С6)").rules == ("505.4",)
    assert find(steps, "С5 и С6 независимы друг от друга").depth == 3
    opp = find(steps, "Блок 2", "отказаться от получения эффекта С7", "объявляется С8")
    assert opp.rules == ("505.7",)
    assert opp.text.endswith("(505.7 отказ противника)")


def test_e3_two_blocks_to_choose_from():
    # «игрок выбирает для розыгрыша один из двух блоков. В первом блоке Игрок может сыграть
    # независимо две способности C1 и C2, либо вместо этого сыграть способность C3, независимо
    # от неё – C4, а в случае её успеха – C5. Альтернативный блок предлагает сыграть C6, и если
    # эта способность произвела какие-то эффекты – С7, а если не произвела – С8»
    steps = steps_of("Или С1 и С2, или С3 и С4, при этом С5, либо С6, при выполнении С7, иначе С8")
    assert steps[0].text.startswith("Игрок выбирает для розыгрыша ровно один из вариантов")
    find(steps, "Вариант 1", "один из вариантов: (С1 и С2) или (С3 и (С4, при этом С5))")
    find(steps, "С1 и С2 независимы друг от друга")
    find(steps, "С3 и (С4, при этом С5) независимы друг от друга")
    find(steps, "объявить С4; только в случае её успеха", "разыгрывается С5")
    fallback = find(steps, "Вариант 2", "(С6, при этом С7)", "не произвела эффекта",
                    "вместо неё разыгрывается С8")
    assert fallback.rules == ("505.6",) and "«в противном случае»" in fallback.text
    find(steps, "объявить С6; только в случае её успеха", "разыгрывается С7")


def test_may_example_1_any_of_both():
    # «Игрок может заявить только удар, только перемещение, обе способности или не заявить ничего»
    [step] = steps_of("Может С1 и С2")
    assert step.text == ("Игрок может разыграть любые из С1 и С2: только одну, несколько, все или "
                         "ни одной (505.6 «может», 505.8)")
    assert step.rules == ("505.6", "505.8")


def test_may_example_2_optional_then_mandatory():
    # «Игрок может заявлять удар или не заявлять, но переместиться обязан, если есть легальная клетка»
    steps = steps_of("Может С1, затем С2")
    assert find(steps, "Блок 1", "С1 — по желанию игрока").rules == ("505.6",)
    find(steps, "Блок 2 — С2", "обязан заявить", "если для неё есть легальные цели")


def test_may_example_3_mandatory_then_optional_regardless():
    # «Игрок должен заявить удар, если есть легальные цели … затем может переместиться …
    # Возможность заявить перемещение не зависит от того, был ли объявлен удар и был ли он успешен»
    steps = steps_of("С1, затем может С2")
    find(steps, "Блок 1 — С1", "обязан заявить", "легальные цели")
    find(steps, "Блок 2", "С2 — по желанию игрока")
    find(steps, "каждый следующий блок разыгрывается независимо от результата предыдущих")


def test_may_example_4_optional_only_after_success():
    # «Игрок должен заявить удар, если есть легальные цели … затем, если удар был совершен,
    # может переместиться»
    steps = steps_of("С1, при этом может С2")
    assert find(steps, "обязан объявить С1", "только в случае её успеха").rules == ("505.4",)
    assert find(steps, "С2 — по желанию игрока").depth == 1


# -- every node kind -------------------------------------------------------------

def test_choice_of_abilities():
    [step] = steps_of("С1 или С2")
    assert step.text == "Игрок выбирает и разыгрывает одну из способностей: С1 или С2 (505.5)"


def test_condition_with_else():
    steps = steps_of("С1; если У1 — С2, иначе С3")
    step = find(steps, "если выполняется условие «У1», разыгрывается С2, иначе — С3")
    assert step.rules == ("505",) and step.depth == 1


def test_condition_without_else():
    steps = steps_of("С1; если У1 — С2")
    find(steps, "только если выполняется условие «У1», разыгрывается С2", "не разыгрывается")


def test_fallback_e9():
    [step] = steps_of("С1, в противном случае – С2")
    assert step.text == ("Игрок обязан объявить С1; если сделать это нелегально или С1 не произвела "
                         "эффекта, вместо неё разыгрывается С2 (505.6 «в противном случае»)")


def test_opponent_fallback_e10():
    [step] = steps_of("С1; если противник не может или не хочет этого сделать – С2")
    assert step.text.startswith("Противник вправе отказаться от получения эффекта С1")
    assert step.rules == ("505.7",)


def test_may_over_a_dependent_pair_makes_both_optional():
    steps = steps_of("Может С1, при этом С2")
    find(steps, "Всё в (С1, при этом С2) — по желанию игрока")
    dep = find(steps, "С1; только в случае её успеха")
    assert dep.text.startswith("Игрок может объявить С1;")


def test_every_statement_ends_with_its_rule_numbers():
    texts = ["[С1], [С2] или [С3], либо [С4], при этом [С5], [С6], затем [С7], "
             "если противник не может или не хочет, [С8]",
             "При гибели — ранить цель на X, затем может получить фишку (1 раз за ход).",
             "{instant}{tap}: перенаправить атаку на себя.", "Строй: +1 к {strike}.",
             "Пока рядом есть союзник — +1 к {strike}.", "X{counter}{tap}: ранить цель на X."]
    for text in texts:
        for explanation in explain_text(text):
            for _, steps in explanation.readings:
                for step in steps:
                    assert CITATION.search(step.text), step.text
                    assert step.rules, step.text


# -- every feature kind ----------------------------------------------------------

def test_playable_and_payment_after_all_abilities():
    steps = steps_of("{tap}: ранить цель на 1, затем может получить фишку")
    assert steps[0].text.startswith("Играемая особенность: её объявляют только по воле игрока")
    assert steps[0].rules == ("114.1",)
    assert steps[-1].text == ("Оплата «{tap}» производится после того, как игрок пройдёт все "
                              "способности особенности (505.3)")


def test_conditional_with_condition_and_instant():
    steps = steps_of("{instant}{tap}: если атакуют ваше существо, Воздействие «морозная стена» — "
                     "атакующее существо получает -2 к {strike} до конца боя.")
    first = find(steps, "Условная играемая особенность", "«если атакуют ваше существо»")
    assert first.rules == ("115.1",)
    find(steps, "внезапное действие")
    find(steps, "Тип способности: Воздействие «морозная стена»")


def test_conditional_with_omitted_condition():
    steps = steps_of("{instant}{tap}: перенаправить атаку на себя.")
    assert find(steps, "условие не записано").rules == ("115.1", "116.5")


def test_triggered_at_effect_step_mandatory_once():
    steps = steps_of("При гибели — ранить всех стоящих рядом существ на 1.")
    assert find(steps, "Срабатывающая особенность с условием «При гибели»").rules == ("116.1", "116.3")
    assert find(steps, "на шаге наложения эффекта").rules == ("116.4",)
    assert find(steps, "обязан объявить особенность").rules == ("116.6",)
    assert find(steps, "сработает только 1 раз").rules == ("116.8",)


def test_triggered_after_at_completion_step_optional():
    steps = steps_of("После атаки — может ранить цель на 1.")
    assert find(steps, "на шаге завершения способности").rules == ("116.4",)
    assert find(steps, "игрок может не объявлять особенность").rules == ("116.7",)


def test_triggered_may_inside_the_words_is_still_optional():
    steps = steps_of("В начале боя ваш слуа может нанести простой удар по стоящей рядом карте.")
    assert find(steps, "игрок может не объявлять особенность").rules == ("116.7",)
    assert not any("116.6" in s.rules for s in steps)


def test_triggered_partly_optional_and_limit():
    steps = steps_of("При гибели — ранить цель на 1, затем может получить фишку (1 раз за ход).")
    assert find(steps, "«Может» стоит не в начале").rules == ("116.6", "505.6")
    assert find(steps, "Ограничение применения: 1 раз за ход").rules == ("116.2",)


def test_keyword_label():
    steps = steps_of("Строй: +1 к {strike}.")
    assert steps[0].text.startswith("«Строй:» — метка, а не оплата")


def test_static_with_while():
    steps = steps_of("Пока рядом есть союзник — +1 к {strike}.")
    assert steps[0].rules == ("114–116",)
    find(steps, "Действует только при условии «Пока рядом есть союзник»")


def test_limit_alone_is_no_payment():
    steps = steps_of("1 раз за ход: ранить цель на 1")
    assert steps[0].text.startswith("Играемая особенность без оплаты")
    assert not any("505.3" in s.rules for s in steps)


def test_unread_feature():
    [step] = steps_of("С1 и и С2")
    assert step.text.startswith("Особенность прочитана не полностью (после связки «и»")


# -- X (505.7 in 000_…) ------------------------------------------------------------

def test_x_of_a_dependent_ability_from_the_previous_result():
    steps = steps_of("{tap}: Снять с вашего существа Х дополнительных жизней, при этом излечить "
                     "выбранное существо на Х.")
    x = find(steps, "Значение X для «излечить выбранное существо на Х»", "в момент её объявления",
             "на основе результата «Снять с вашего существа Х дополнительных жизней»")
    assert x.rules == ("505.7",) and x.text.endswith("(505.7 X)")
    assert find(steps, "Оплата «{tap}»").rules == ("505.3",)


def test_x_from_payment_and_undefined():
    assert find(steps_of("X{counter}{tap}: ранить цель на X"), "X задан оплатой «X{counter}{tap}»")
    assert find(steps_of("{tap}: ранить цель на X"), "X ничем не определён").rules == ("505.7",)


# -- ambiguous texts -----------------------------------------------------------------

def test_ambiguous_text_one_explanation_per_reading():
    [explanation] = explain_text("С1 и С2, иначе С3")
    assert isinstance(explanation, FeatureExplanation)
    assert [head for head, _ in explanation.readings] == ["((С1 и С2), иначе С3)", "(С1 и (С2, иначе С3))"]
    first, second = (steps for _, steps in explanation.readings)
    assert first[0].text.startswith("Игрок обязан объявить (С1 и С2); если сделать это нелегально")
    assert second[0].text.startswith("С1 и (С2, иначе С3) независимы друг от друга")
    feature = explanation.feature
    assert explain_feature(feature, 1) == second


def test_condition_dash_reading_moves_the_condition():
    [explanation] = explain_text("При С0 — С1 — С2")
    heads = [head for head, _ in explanation.readings]
    assert heads == ["«При С0» — (С1, при этом С2)", "«При С0 — С1» — С2"]
    find(explanation.readings[1][1], "условием «При С0 — С1»")


def test_render_text_exact():
    out = render_text(explain_text("С1, при этом может С2"))
    assert out == (
        "Особенность 1 (строка 1): С1, при этом может С2\n"
        "  (С1, при этом (может С2))\n"
        "    • Игрок обязан объявить С1; только в случае её успеха (если она выполнена) разыгрывается "
        "(может С2), а если С1 не выполнена, (может С2) не разыгрывается (505.4)\n"
        "      • (может С2): С2 — по желанию игрока: он может её не объявлять (505.6 «может»)\n")


def test_render_text_ambiguous_headings():
    out = render_text(explain_text("С1 и С2, иначе С3")).splitlines()
    assert out[1] == "  Текст неоднозначен: правила допускают 2 чтения; объяснение для каждого."
    assert out[2] == "  чтение 1 (по умолчанию): ((С1 и С2), иначе С3)"
    assert "  чтение 2: (С1 и (С2, иначе С3))" in out


# -- the rule table and quotes -------------------------------------------------------

def test_one_table_maps_both_editions():
    assert ambiguous_number("505.6") and ambiguous_number("505.7")
    assert not ambiguous_number("505.4") and not ambiguous_number("505.8")
    assert cite("fallback") == "(505.6 «в противном случае»)"
    assert cite("may", "may-several") == "(505.6 «может», 505.8)"
    assert RULES["may"].editions == {"000_9bdf050d0752382a": "505.6", "001_fec2e4a9d21bd585": "505.8"}
    assert RULES["x"].editions["001_fec2e4a9d21bd585"] is None


@pytest.fixture(scope="module")
def book():
    if not RULES_DIR.is_dir():
        pytest.skip(f"свод правил не найден: {RULES_DIR} (нужна папка ../shared рядом с репозиторием)")
    from rulebook import load_rulebook

    return load_rulebook(RULES_DIR)


def test_quotes_come_from_the_edition_the_spec_means(book):
    assert quote(book, "may").startswith("505.6 [000_9bdf050d0752382a.txt]: Если особенность содержит "
                                         "в себе слово “может”")
    assert quote(book, "fallback").startswith("505.6 [001_fec2e4a9d21bd585.txt]: Если составная "
                                              "особенность содержит запись \"[способность 1], в противном")
    assert quote(book, "x").startswith("505.7 [000_9bdf050d0752382a.txt]: Если для зависимых")
    assert quote(book, "opponent").startswith("505.7 [001_fec2e4a9d21bd585.txt]:")
    assert quote(book, "payment").startswith("505.3 (в тексте без номера) [001_fec2e4a9d21bd585.txt]: "
                                             "Если использование составной особенности требует оплаты")
    assert quote(None, "may") is None


def test_explain_feature_with_rulebook_quotes_each_rule_once(book):
    [explanation] = explain_text("{tap}: С1, иначе С2")
    steps = explain_feature(explanation.feature, 0, book)
    assert "в противном случае" in find(steps, "вместо неё разыгрывается С2").quote
    assert find(steps, "Оплата").quote.startswith("505.3 (в тексте без номера)")


# -- the command -----------------------------------------------------------------------

def run(*args):
    return CliRunner().invoke(main, ["explain", *args])


def test_cli_text():
    result = run("Может С1 и С2")
    assert result.exit_code == 0
    assert result.output == ("Особенность 1 (строка 1): Может С1 и С2\n  (может (С1 и С2))\n"
                             "    • Игрок может разыграть любые из С1 и С2: только одну, несколько, все "
                             "или ни одной (505.6 «может», 505.8)\n")


def test_cli_card_from_demo_base():
    result = run("--card", "ведун ледяных троп")
    assert result.exit_code == 0
    assert result.output.startswith("Ведун ледяных троп  [d1_3]  выпуск d1 «Пробуждение камня»\n\n"
                                    "Особенность 1 (строка 1): {instant}{tap}: если атакуют")
    assert "условие не записано" in result.output


def test_cli_card_several_matches_exit_1():
    result = run("--card", "Пепельный")
    assert result.exit_code == 1
    assert "d1_4\tПепельный страж" in result.stdout


def test_cli_quote_needs_a_rulebook(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("С1 или С2", "--quote")
    assert result.exit_code == 2
    assert "свод правил не задан" in result.stderr


def test_cli_quote(book):
    result = run("С1 или С2", "--quote", "--rulebook", str(RULES_DIR))
    assert result.exit_code == 0
    assert result.output.splitlines()[3].startswith(
        "      │ 505.5 [001_fec2e4a9d21bd585.txt]: Если составная особенность содержит запись")


def test_cli_unread_exit_1_and_usage_exit_2():
    assert run("С1 и и С2").exit_code == 1
    assert run().exit_code == 2
    assert run("С1", "--card", "d1_1").exit_code == 2


def test_cli_json():
    result = run("С1 и С2, иначе С3", "--format", "json")
    payload = json.loads(result.output)
    [feature] = payload["features"]
    assert [r["canonical"] for r in feature["readings"]] == ["((С1 и С2), иначе С3)", "(С1 и (С2, иначе С3))"]
    assert feature["readings"][0]["steps"][0]["rules"] == ["505.6"]


def test_cli_card_several_matches_json():
    result = run("--card", "Пепельный", "--format", "json")
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["cards"] == []
    assert "d1_4" in [c["id"] for c in payload["candidates"]]


def test_cli_empty_text_is_a_message_not_silence():
    result = run("   ")
    assert result.exit_code == 1
    assert result.stderr == "Ошибка: пустой текст — объяснять нечего.\n"
    assert result.stdout == ""
