"""`explain`: the rulebook's own explanations of the 505 examples, every node
and feature kind, ambiguous texts, X and payment timing, rule citations."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from conftest import SHARED
from berserk_judge.explain import FeatureExplanation, Step, explain_feature, explain_text, render_text
from berserk_judge.explain.rulemap import RULES, ambiguous_number, cite, quote

RULES_DIR = SHARED / "rules"


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
    assert blocks.rules == ("505, пример 1", "505.6") and blocks.depth == 0
    dep = find(steps, "Блок 1", "объявить С1", "только в случае её успеха", "разыгрывается С2")
    assert dep.rules == ("505, пример 1",) and dep.depth == 1
    both = find(steps, "Блок 2", "С3 и С4 независимы друг от друга")
    assert both.rules == ("505, пример 2",)


def test_e2_choice_then_dependent_pair_then_opponent_block():
    # «игрок выбирает … одну из способностей C1, С2, С3 или же … С4, в случае успеха которой
    # можно разыграть независимые друг от друга С5 и C6»
    steps = steps_of("[С1], [С2] или [С3], либо [С4], при этом [С5], [С6], затем [С7], "
                     "если противник не может или не хочет, [С8]")
    find(steps, "разыгрываются по порядку", "независимо от результата предыдущих")
    assert find(steps, "Блок 1", "игрок выбирает для розыгрыша ровно один из вариантов").rules == ("505.5",)
    assert find(steps, "Вариант 1", "одну из способностей, на свой выбор: С1, С2 или С3").rules == ("505.5",)
    assert find(steps, "Вариант 2", "С4", "только в случае её успеха", "(С5 и С6)").rules == ("505, пример 1",)
    assert find(steps, "С5 и С6 независимы друг от друга").depth == 3


def rulebook_sentence(*fragments: str) -> str:
    """The sentence of the 505 worked examples (000_…) holding the fragments, white space folded."""
    path = RULES_DIR / "000_9bdf050d0752382a.txt"
    if not path.is_file():
        pytest.skip(f"свод правил не найден: {path}")
    text = " ".join(path.read_text(encoding="utf-8").split())
    [sentence] = [s for s in re.split(r"(?<=\.) (?=[А-ЯЁ])", text) if all(f in s for f in fragments)]
    return sentence


def test_e2_last_sentence_against_the_rulebook():
    """Example 2 ends «Теперь, независимо от результатов выполнения предыдущего блока, Игрок выполняет
    С7, если хочет и может, иначе он вынужден выполнить C8». What agrees: the block is played whatever
    the first block gave, and C8 is then mandatory. What the example's sentence gets wrong by its own
    text and by 505.7 of the other edition («противник имеет право отказаться от получения эффекта,
    накладываемого способностью 1»): the one who may refuse C7 is the opponent, not the player; the
    explanation follows 505.7 and cites it."""
    sentence = rulebook_sentence("Теперь, независимо от результатов выполнения предыдущего блока")
    assert sentence.endswith("Игрок выполняет С7, если хочет и может, иначе он вынужден выполнить C8.")
    steps = steps_of("[С1], [С2] или [С3], либо [С4], при этом [С5], [С6], затем [С7], "
                     "если противник не может или не хочет, [С8]")
    find(steps, "каждый следующий блок разыгрывается независимо от результата предыдущих")
    opp = find(steps, "Блок 2", "отказаться от получения эффекта С7", "объявляется С8")
    assert opp.text.startswith("Блок 2 — (С7, если противник не может или не хочет, С8): противник вправе")
    assert opp.rules == ("505.7",) and opp.text.endswith("(505.7 отказ противника)")
    assert not any("Игрок выполняет С7" in s.text or "если хочет" in s.text for s in steps)


def test_e3_two_blocks_to_choose_from():
    # «игрок выбирает для розыгрыша один из двух блоков. В первом блоке Игрок может сыграть
    # независимо две способности C1 и C2, либо вместо этого сыграть способность C3, независимо
    # от неё – C4, а в случае её успеха – C5.»
    steps = steps_of("Или С1 и С2, или С3 и С4, при этом С5, либо С6, при выполнении С7, иначе С8")
    assert steps[0].text.startswith("Контролирующий игрок выбирает для розыгрыша ровно один из вариантов («либо»), "
                                    "на свой выбор")
    find(steps, "Вариант 1", "один из вариантов, на свой выбор: (С1 и С2) или (С3 и (С4, при этом С5))")
    find(steps, "С1 и С2 независимы друг от друга")
    find(steps, "С3 и (С4, при этом С5) независимы друг от друга")
    find(steps, "объявить С4; только в случае её успеха", "разыгрывается С5")


def test_e3_last_sentence_against_the_rulebook():
    """Example 3 ends «Альтернативный блок предлагает сыграть cпособность C6, и если эта способность
    произвела какие-то эффекты – сыграть способность С7, а если не произвела – способность С8».
    Both halves are said, each citing that example: C7 only when C6 produced an effect (the
    «при выполнении» pair), C8 instead when the pair produced none (the «иначе»)."""
    sentence = rulebook_sentence("Альтернативный блок предлагает")
    assert "если эта способность произвела какие-то эффекты – сыграть способность С7, а если не произвела – " \
           "способность С8" in sentence
    steps = steps_of("Или С1 и С2, или С3 и С4, при этом С5, либо С6, при выполнении С7, иначе С8")
    fallback = find(steps, "Вариант 2", "(С6, при этом С7)", "не произвела эффекта", "вместо неё разыгрывается С8")
    assert fallback.rules == ("505.6", "505, пример 3")
    assert fallback.text.endswith("(505.6 «в противном случае»; 505, пример 3)")
    execution = find(steps, "объявить С6", "«при выполнении»: С7 разыгрывается, только если С6 произвела эффект")
    assert execution.rules == ("505, пример 3",)


def test_may_example_1_any_of_both():
    # «Игрок может заявить только удар, только перемещение, обе способности или не заявить ничего»
    [step] = steps_of("Может С1 и С2")
    assert step.text == ("Игрок может разыграть любые из С1 и С2: только одну, несколько, все или "
                         "ни одной (505.6 «может»; 505.8)")
    assert step.rules == ("505.6", "505.8")


def test_may_example_2_optional_then_mandatory():
    # «Игрок может заявлять удар или не заявлять, но переместиться обязан, если есть легальная клетка»
    steps = steps_of("Может С1, затем С2")
    assert find(steps, "Блок 1", "С1 — по желанию игрока").rules == ("505.6",)
    block = find(steps, "Блок 2 — С2", "обязан заявить", "если для неё есть легальные цели")
    assert block.text.endswith("(505.6 «может», пример 2)") and block.rules == ("505.6, пример 2",)


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
    assert find(steps, "обязан объявить С1", "только в случае её успеха").rules == ("505, пример 1",)
    assert find(steps, "С2 — по желанию игрока").depth == 1


# -- every node kind -------------------------------------------------------------

def test_choice_of_abilities():
    [step] = steps_of("С1 или С2")
    assert step.text == ("Контролирующий игрок выбирает и разыгрывает одну из способностей, на свой выбор: "
                         "С1 или С2 (505.5)")


def test_condition_cites_nothing_the_folder_lacks():
    steps = steps_of("С1; если У1 — С2, иначе С3")
    step = find(steps, "если выполняется условие «У1», разыгрывается С2, иначе — С3")
    assert step.rules == () and step.depth == 1 and not step.text.endswith(")")
    find(steps_of("С1; если У1 — С2"), "только если выполняется условие «У1», разыгрывается С2",
         "не разыгрывается")


def test_fallback_in_other_words_e9():
    [step] = steps_of("С1, в противном случае – С2")
    assert step.text == ("Игрок обязан объявить С1; если сделать это нелегально, вместо неё объявляется С2 "
                         "(505.6 «в противном случае»)")


def test_bare_otherwise_also_cites_example_3():
    [step] = steps_of("С1, иначе С2")
    assert step.text == ("Игрок обязан объявить С1; если С1 нелегальна или не произвела эффекта, вместо неё "
                         "разыгрывается С2 (505.6 «в противном случае»; 505, пример 3)")


def test_opponent_fallback_e10():
    [step] = steps_of("С1; если противник не может или не хочет этого сделать – С2")
    assert step.text.startswith("Противник вправе отказаться от получения эффекта С1")
    assert step.rules == ("505.7",)


def test_may_over_a_dependent_pair_makes_both_optional():
    steps = steps_of("Может С1, при этом С2")
    find(steps, "Всё в (С1, при этом С2) — по желанию игрока")
    dep = find(steps, "С1; только в случае её успеха")
    assert dep.text.startswith("Игрок может объявить С1;")


@pytest.mark.parametrize("text, key, rules", [
    ("{tap}: Ранить существо на 1; излечить себя на 1.", "«;» между способностями — то же, что «при этом»",
     ("505.4.1", "505, пример 1")),
    ("{tap}: Уничтожить ваше существо — разряд на 4.", "Тире между способностями — то же, что «при этом»",
     ("505.4.2",)),
    ("{tap}: Уничтожить ваше существо - разряд на 4.", "Тире между способностями", ("505.4.2",)),
    ("{tap}: Уничтожить ваше существо, при этом разряд на 4.", "только в случае её успеха",
     ("505, пример 1",)),
    ("С1; С2", "«;» между способностями", ("505.4.1", "505, пример 1")),
    ("С1 – С2", "Тире между способностями", ("505.4.2",)),
])
def test_a_dependent_pair_cites_the_rule_of_its_mark(text, key, rules):
    assert find(steps_of(text), key).rules == rules


def test_cases_joined_by_semicolon_say_what_the_letter_of_505_4_1_means():
    steps = steps_of("При {strike} — бросьте кубик; если выпал чет — ранить цель на 2; "
                     "если выпал нечет — излечить себя на 1.")
    case = [s for s in steps if "случаи «если …», разделённые «;»" in s.text]
    assert case and all(s.rules == ("505.4.1",) for s in case)


# -- feature kinds: what the folder says about each, and nothing more ------------------

def test_playable_by_will_and_no_claim_about_when():
    steps = steps_of("{tap}: ранить цель на 1, затем может получить фишку")
    assert steps[0].text == ("Играемая особенность: её объявляют только по воле игрока; для объявления нужна "
                             "оплата «{tap}» — то, что стоит до двоеточия (114.1)")
    assert steps[1].text == ("Когда именно её можно объявить, свод не говорит: правило о моменте объявления "
                             "играемой особенности без «{instant}» в нём не приводится")
    assert steps[1].rules == ()
    assert not any("приоритет" in s.text for s in steps)
    assert steps[-1].text == ("Оплата «{tap}» производится после того, как игрок пройдёт все "
                              "способности особенности (505.3)")


def test_instant_feature_is_an_instant_action():
    # 114.1's example: «является внезапным действием. Объявить её можно в любой момент, когда игрок
    # обладает приоритетом»; 115.1: внезапные «содержат {instant} первым символом в оплате»
    steps = steps_of("{instant}{tap}: Разряд на 1.")
    instant = find(steps, "«{instant}» первым символом оплаты: это внезапное действие")
    assert instant.text.endswith("в любой момент, когда игрок обладает приоритетом (115.1; 114.1, пример)")
    assert instant.rules == ("115.1", "114.1, пример")
    assert not any("не говорит" in s.text for s in steps)


def test_payment_timing_only_for_a_compound_feature():
    # 505.3 speaks of «составная особенность»: a single ability says nothing about when it is paid
    assert not any("505.3" in s.rules for s in steps_of("{tap}: Разряд на 1."))
    assert any("505.3" in s.rules for s in steps_of("{tap}: Разряд на 1, затем получить фишку."))


def test_conditional_with_condition_and_instant():
    steps = steps_of("{instant}{tap}: если атакуют ваше существо, Воздействие «морозная стена» — "
                     "атакующее существо получает -2 к {strike} до конца боя.")
    first = find(steps, "Условная играемая особенность", "«если атакуют ваше существо»")
    assert first.rules == ("115.1", "115.1, пример")
    assert find(steps, "внезапная особенность").rules == ("115.1",)
    assert find(steps, "Тип способности: Воздействие «морозная стена»").rules == ("115.1",)


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
    assert not any("116.3.1" in s.rules for s in steps)     # «После»: the completion step, not 116.3.1


def test_triggered_may_inside_the_words_is_still_optional():
    steps = steps_of("В начале боя ваш слуа может нанести простой удар по стоящей рядом карте.")
    assert find(steps, "игрок может не объявлять особенность").rules == ("116.7",)
    assert not any("116.6" in s.rules for s in steps)


def test_triggered_may_in_a_later_block_and_limit():
    steps = steps_of("При гибели — ранить цель на 1, затем может получить фишку (1 раз за ход).")
    step = find(steps, "игрок может не объявлять особенность", "справа от «может» в том же блоке")
    assert step.rules == ("116.7", "505.6")
    assert find(steps, "Ограничение применения: 1 раз за ход").rules == ("116.2",)


def test_limit_of_a_playable_feature_cites_nothing():
    # 116.2 is about triggered features; no rule of the folder speaks of a playable one's limit
    step = find(steps_of("{tap}: ранить цель на 1 (1 раз за ход)."), "Ограничение применения")
    assert step.rules == ()


@pytest.mark.parametrize("condition", ["При {strike}", "При атаке", "Когда атакован", "Если наносит {direct}",
                                       "При выстреле по существу противника", "При ударе или промахе"])
def test_attack_trigger_fires_without_wounds(condition):
    step = find(steps_of(f"{condition} — получить фишку."), "Условие — атака")
    assert step.text.endswith("даже если ран не нанесено (116.3.1)")


@pytest.mark.parametrize("condition", ["При нанесении ран {strike}", "Когда получает раны от атаки",
                                       "Когда наносит 4 или более раны атакой"])
def test_attack_trigger_asking_for_wounds_says_so(condition):
    step = find(steps_of(f"{condition} — получить фишку."), "оно само требует ран")
    assert step.rules == ("116.3.1",)


def test_wounds_named_after_the_attack_do_not_ask_for_wounds():
    step = find(steps_of("При {strike} по карте без ран — получить фишку."), "Условие — атака")
    assert step.text.endswith("даже если ран не нанесено (116.3.1)")


@pytest.mark.parametrize("condition", ["При гибели", "В начале хода", "При объявлении атаки",
                                       "Если должен нанести ответный удар", "После атаки",
                                       "При гибели от атаки карты противника",       # fires on the death
                                       "Когда уничтожает карту выстрелом",            # on the destruction
                                       "Если может атаковать закрытое существо"])
def test_no_attack_statement_without_a_made_attack(condition):
    steps = steps_of(f"{condition} — получить фишку.")
    assert not any("независимо от её силы" in s.text for s in steps)
    # a declaration is 116.3.1's «если не указано обратного» (spec §1 «When a trigger fires»), nothing else is
    assert [s.rules for s in steps if "116.3.1" in s.rules] == ([("116.3.1",)] if "объявлении" in condition else [])


@pytest.mark.parametrize("condition, own", [
    ("При гибели", True), ("При {strike} в свой ход", True), ("Когда атакован", True),
    ("При гибели вашего существа", False),
    # «по …» names the target and «от …» where wounds come from, not whose strike it is (issue 27)
    ("При {strike} по существу противника", True), ("При {strike} вашего существа по закрытому существу", False),
    ("Когда получает раны от атаки карты противника", True), ("Когда погибает ваше существо", False),
    ("При атаке Рыцаря", False), ("В начале хода", False), ("При {strike} в ход противника", True),
    ("При гибели Скелета", False),                                    # another card, by its name
])
def test_condition_without_a_source_means_the_card_itself(condition, own):
    found = [s for s in explain_text(f"{condition} — получить фишку.", "Рыцарь бури")[0].readings[0][1]
             if "116.3.3" in s.rules]
    assert bool(found) == own
    if own:
        assert found[0].text == (f"В условии «{condition}» не назван источник (чья это способность или с кем это "
                                 "происходит): речь идёт о самой карте (116.3.3)")


def test_static_feature_cites_nothing():
    steps = steps_of("Пока рядом есть союзник — +1 к {strike}.")
    assert steps[-1].text == "Что особенность даёт: «+1 к {strike}»"   # a property, not an ability
    assert steps[0].text.startswith("Постоянная особенность") and steps[0].rules == ()
    assert find(steps, "Действует, только пока выполняется условие «Пока рядом есть союзник»").rules == ()
    assert all(not s.rules for s in steps)


@pytest.mark.parametrize("text, word", [("Трупоедство.", "Трупоедство"), ("Прыжок, дальность 3.", "Прыжок"),
                                        ("Неповоротливость", "Неповоротливость"), ("Инкарнация 3.", "Инкарнация"),
                                        ("Безответный удар.", "Безответный удар"),
                                        ("Вампиризм на X-1, где X — число нанесённых ран.", "Вампиризм")])
def test_keyword_named_as_a_keyword(text, word):
    [step, *rest] = steps_of(text)
    assert step.text == (f"«{word}» — ключевое слово (свойство со своим правилом); правило этого ключевого "
                         "слова в своде не приводится")
    assert step.rules == ()


@pytest.mark.parametrize("text, words", [("Герой-воин", "Герой-воин"), ("Ангел.", "Ангел"),
                                         ("Речная дева", "Речная дева"), ("Эльф, Инквизитор.", "Эльф, Инквизитор")])
def test_class_line_named_as_such(text, words):
    [step] = steps_of(text)
    assert step.text.startswith(f"«{words}» — строка класса (расы) карты, а не способность")
    assert step.rules == ()


def test_an_ability_with_values_is_not_a_keyword():
    assert not any("ключевое слово" in s.text for s in steps_of("Разряд на 1-2-2, дальность 4."))
    assert not any("ключевое слово" in s.text for s in steps_of("Максимум 12 {health}."))


def test_a_label_is_not_a_trigger():
    steps = steps_of("Строй: +1 к {strike}.")
    assert steps[0].text.startswith("«Строй:» — метка ключевого слова «Строй», а не оплата и не условие "
                                    "срабатывания; правило этого ключевого слова в своде не приводится")
    assert all("116.1" not in s.rules for s in steps)
    icon = steps_of("{second}: Начинает бой с {counter}.")
    assert icon[0].text.startswith("«{second}:» — метка-значок (если вы ходите вторым)")


def test_a_label_with_a_trigger_inside():
    steps = steps_of("Строй: При {strike} — получить фишку.")
    assert find(steps, "Срабатывающая особенность с условием «При {strike}»").rules == ("116.1", "116.3")
    assert find(steps_of("На глубине: Трупоедство."), "«Трупоедство» — ключевое слово")


def test_a_label_with_a_trigger_inside_is_named():
    """The reader gives a labelled feature its body's kind (spec §1: «Строй: При … — …» is triggered,
    label «Строй»): explain names the label, then the body's own kind and moment."""
    steps = steps_of("Строй: При {strike} — получить фишку.")
    assert steps[0].text.startswith("«Строй:» — метка «Строй», а не оплата и не условие срабатывания; то, что после "
                                    "неё, — особенность своего вида")
    assert steps[1].text.startswith("Срабатывающая особенность с условием «При {strike}»")


def test_limit_alone_is_no_payment():
    steps = steps_of("1 раз за ход: ранить цель на 1")
    assert steps[0].text.startswith("Играемая особенность без оплаты")
    assert not any("505.3" in s.rules for s in steps)


def test_unread_feature():
    [step] = steps_of("С1 и и С2")
    assert step.text.startswith("Особенность прочитана не полностью (после связки «и»")
    assert step.rules == ()


# -- who chooses -------------------------------------------------------------------

def test_chosen_target_is_chosen_by_the_controller():
    step = find(steps_of("{tap}: Ранить выбранное существо на 2."), "«выбранное существо» выбирает игрок, "
                                                                     "контролирующий карту")
    assert step.rules == ("116.8, пример",)


def test_chosen_target_is_named_up_to_its_noun():
    """The whole phrase, not its first two words («выбранное стоящее», 70147)."""
    step = find(steps_of("До начала хода противника — выбранное стоящее рядом его существо получает отравление на 1."),
                "выбирает игрок")
    assert step.text.startswith("«выбранное стоящее рядом его существо» выбирает игрок, контролирующий карту")
    step = find(steps_of("{tap}: Ранить выбранное противником существо на 2."), "выбирает противник")
    assert step.text.startswith("«выбранное противником существо» выбирает противник")


def test_chosen_by_the_opponent():
    step = find(steps_of("{tap}: Ранить выбранное противником существо на 2."), "выбирает противник")
    assert step.rules == ()


def test_by_choice_of_the_attacked():
    step = find(steps_of("При {strike} — переместить атакованное существо на соседнюю клетку "
                         "(по выбору атакованного)."), "Выбор делает атакованный")
    assert step.text == ("Выбор делает атакованный («по выбору атакованного»), а не контролирующий игрок; "
                         "правила об этом в своде нет")


def test_opponent_may():
    steps = steps_of("При {strike} — противник может сбросить карту, иначе ранить его на 2.")
    may = find(steps, "по желанию противника («противник может»), а не контролирующего игрока")
    assert may.rules == ()
    trigger = find(steps, "«Может» в тексте — решает противник")
    assert trigger.rules == ("116.6", "116.7")
    assert not any(s.text.startswith("Игрок может объявить") for s in steps)
    find(steps, "Противник может выполнить «сбросить карту»")
    assert not any("по желанию игрока" in s.text for s in steps)


def test_opponent_may_from_the_readers_chooser_attribute():
    """The reader may record who decides on the MAY node (`chooser`); explain reads it when present."""
    from dataclasses import dataclass

    from berserk_judge.parser import Atom, May

    @dataclass(frozen=True)
    class ChoosingMay(May):
        chooser: str = "opponent"

    [explanation] = explain_text("При гибели — может ранить цель на 1.")
    feature = explanation.feature
    feature.reading.tree = ChoosingMay(Atom("ранить цель на 1"))
    steps = explain_feature(feature)
    find(steps, "по желанию противника («противник может»)")


# -- X (505.7 in 000_…) ------------------------------------------------------------

def test_x_of_a_dependent_ability_from_the_previous_result():
    steps = steps_of("{tap}: Снять с вашего существа Х дополнительных жизней, при этом излечить "
                     "выбранное существо на Х.")
    x = find(steps, "Значение X для «излечить выбранное существо на Х»", "в момент её объявления",
             "на основе результата «Снять с вашего существа Х дополнительных жизней»")
    assert x.rules == ("505.7",) and x.text.endswith("(505.7 X)")
    assert find(steps, "Оплата «{tap}»").rules == ("505.3",)


def test_x_from_the_payment_where_clause_condition_or_nowhere():
    payment = find(steps_of("X{counter}{tap}: ранить цель на X"), "X задан оплатой «X{counter}{tap}»")
    assert payment.rules == ("114.1", "505.7")
    where = find(steps_of("{tap}: +X к {strike}, где X — число ваших гномов."), "X определён самим текстом")
    assert where.rules == ()
    condition = find(steps_of("При {strike} величиной X — излечить себя на X."), "X задан условием")
    assert condition.rules == ()
    assert find(steps_of("{tap}: ранить цель на X"), "X не задан ни оплатой").rules == ("505.7",)
    # an X inside a granted feature in quotes is that feature's own (its condition gives it)
    steps = steps_of("Пока не имеет ран, получает «Если должен излечиться на X — ранить цель на X».")
    assert not any(s.depth == 0 and "X не задан" in s.text for s in steps)
    assert find(steps, "X задан условием «Если должен излечиться на X»").depth == 1


# -- granted features ----------------------------------------------------------------

@pytest.mark.parametrize("text", ['Ваши существа имеют: "{tap}: Разряд на 1".',
                                  "Ваши существа имеют «{tap}: Разряд на 1».",
                                  "Получает «{tap}: Разряд на 1»."])
def test_granted_feature_explained_as_its_own(text):
    steps = steps_of(text)
    granted = find(steps, "Даёт особенность «{tap}: Разряд на 1» — это отдельная особенность")
    inner = steps[steps.index(granted) + 1:]
    assert inner[0].text.startswith("Играемая особенность") and inner[0].depth == granted.depth + 1
    assert inner[0].rules == ("114.1",)


# -- ambiguous texts -----------------------------------------------------------------

def test_ambiguous_text_one_explanation_per_reading():
    [explanation] = explain_text("С1 и С2, иначе С3")
    assert isinstance(explanation, FeatureExplanation)
    assert [head for head, _ in explanation.readings] == ["((С1 и С2), иначе С3)", "(С1 и (С2, иначе С3))"]
    first, second = (steps for _, steps in explanation.readings)
    assert first[0].text.startswith("Игрок обязан объявить (С1 и С2); если (С1 и С2) нелегальна")
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
        "(может С2), а если С1 не выполнена, (может С2) не разыгрывается (505, пример 1)\n"
        "      • (может С2): С2 — по желанию игрока: он может её не объявлять (505.6 «может»)\n")


def test_render_text_ambiguous_headings():
    out = render_text(explain_text("С1 и С2, иначе С3")).splitlines()
    assert out[1] == "  Текст неоднозначен: правила допускают 2 чтения; объяснение для каждого."
    assert out[2] == "  чтение 1 (по умолчанию): ((С1 и С2), иначе С3)"
    assert "  чтение 2: (С1 и (С2, иначе С3))" in out


def test_payload_renders_as_the_explanations_do(book):
    from berserk_judge.explain import add_quotes, payload

    explanations = explain_text("{tap}: С1, иначе С2")
    data = json.loads(json.dumps(payload(explanations)))
    assert render_text(data) == render_text(explanations)
    quoted = add_quotes(data, book)
    assert render_text(quoted) == render_text(explain_text("{tap}: С1, иначе С2", rulebook=book))


# -- the rule table and quotes -------------------------------------------------------

def test_one_table_names_the_subject_of_a_number_in_two_editions():
    assert ambiguous_number("505.6") and ambiguous_number("505.7")
    assert not ambiguous_number("505.4.1") and not ambiguous_number("505.8") and not ambiguous_number("114.1")
    assert cite("fallback") == "(505.6 «в противном случае»)"
    assert cite("may", "may-several") == "(505.6 «может»; 505.8)"
    assert cite("dependent") == "(505, пример 1)" and cite("instant-moment") == "(114.1, пример)"
    assert cite("payment") == "(505.3)"
    assert RULES["may"].edition == "000_9bdf050d0752382a" and RULES["fallback"].edition == "001_fec2e4a9d21bd585"


@pytest.fixture(scope="module")
def book():
    if not RULES_DIR.is_dir():
        pytest.skip(f"свод правил не найден: {RULES_DIR} (нужна папка ../shared рядом с репозиторием)")
    from berserk_judge.rulebook import load_rulebook

    return load_rulebook(RULES_DIR)


def test_quotes_come_from_the_edition_the_spec_means(book):
    assert quote(book, "may").startswith("505.6 [разделы 505–506, издание 1]: Если особенность содержит "
                                         "в себе слово “может”")
    assert quote(book, "fallback").startswith("505.6 [раздел 505, издание 2]: Если составная "
                                              "особенность содержит запись \"[способность 1], в противном")
    assert quote(book, "x").startswith("505.7 [разделы 505–506, издание 1]: Если для зависимых")
    assert quote(book, "opponent").startswith("505.7 [раздел 505, издание 2]:")
    assert quote(book, "payment") == ("505.3 [раздел 505, издание 2]: Если использование составной особенности "
                                      "требует оплаты, то оплата происходит после того, как игрок пройдёт все "
                                      "её способности")
    assert quote(book, "dependent") == (
        "505, пример 1 [разделы 505–506, издание 1]: То есть выполнение Способности 2 зависит от Способности 1, "
        "но Способности 3 и 4 могут быть заявлены в любом случае, независимо от результата выполнения первых "
        "двух способностей.")
    assert quote(None, "may") is None


def test_explain_feature_with_rulebook_quotes_each_rule_once(book):
    [explanation] = explain_text("{tap}: С1, в противном случае С2")
    steps = explain_feature(explanation.feature, 0, book)
    assert "в противном случае" in find(steps, "вместо неё объявляется С2").quote
    assert find(steps, "Оплата").quote.startswith("505.3 [раздел 505, издание 2]")


# -- the command -----------------------------------------------------------------------

def run(*args):
    return CliRunner().invoke(main, ["explain", *args])


def test_cli_text():
    result = run("Может С1 и С2")
    assert result.exit_code == 0
    assert result.output == ("Особенность 1 (строка 1): Может С1 и С2\n  (может (С1 и С2))\n"
                             "    • Игрок может разыграть любые из С1 и С2: только одну, несколько, все "
                             "или ни одной (505.6 «может»; 505.8)\n")


def test_cli_card_from_demo_base(at_terminal):
    result = run("--card", "ведун ледяных троп")
    assert result.exit_code == 0
    assert result.output.startswith("Ведун ледяных троп  [d1_3]  выпуск d1 «Пробуждение камня»\n\n"
                                    "Особенность 1 (строка 1): {instant}{tap}: если атакуют")
    assert "условие не записано" in result.output


def test_cli_card_several_matches_exit_3(at_terminal):
    result = run("--card", "Пепельный")
    assert result.exit_code == 3
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
        "      │ 505.5 [раздел 505, издание 2]: Если составная особенность содержит запись")


def test_cli_unread_exit_1_and_usage_exit_2():
    assert run("С1 и и С2").exit_code == 1
    assert run().exit_code == 2
    assert run("С1", "--card", "d1_1").exit_code == 2


def test_cli_json():
    result = run("С1 и С2, иначе С3", "--format", "json")
    payload = json.loads(result.output)
    [feature] = payload["features"]
    assert [r["canonical"] for r in feature["readings"]] == ["((С1 и С2), иначе С3)", "(С1 и (С2, иначе С3))"]
    assert feature["readings"][0]["steps"][0]["rules"] == ["505.6", "505, пример 3"]
    assert feature["readings"][0]["steps"][0]["topics"] == ["fallback", "fallback-effect"]


def test_cli_card_several_matches_json(at_terminal):
    result = run("--card", "Пепельный", "--format", "json")
    assert result.exit_code == 3
    payload = json.loads(result.stdout)
    assert payload["cards"] == []
    assert "d1_4" in [c["id"] for c in payload["candidates"]]


def test_cli_empty_text_is_a_message_not_silence():
    result = run("   ")
    assert result.exit_code == 1
    assert result.stderr == "Ошибка: пустой текст — объяснять нечего.\n"
    assert result.stdout == ""


@pytest.mark.parametrize("text", ["Вместо гибели возвращается в колоду.",
                                  "Вместо рывка может поменяться местами с вашим стоящим рядом существом."])
def test_a_replacement_is_not_explained_as_a_trigger(text):
    """«Вместо …» replaces an event: 116.3 does not list it among the openers, so nothing
    of 116 (priority, 116.6–116.8) is claimed and no number is cited for it."""
    steps = steps_of(text)
    head = steps[0]
    assert head.text.startswith(f"«{text.split(' ', 2)[0]} {text.split(' ', 2)[1]}» — замена: эффект применяется "
                                "вместо названного события")
    assert head.rules == ()
    assert not any(rule.startswith("116") for step in steps for rule in step.rules)


@pytest.mark.parametrize("limit", ["Дважды за бой", "1 раз за ход", "Трижды за бой"])
def test_a_limit_alone_before_the_colon_is_not_a_payment(limit):
    head = steps_of(f"{limit}: закрыть выбранное существо.")[0]
    assert head.text.startswith("Играемая особенность без оплаты") and f"«{limit}»" in head.text


def test_icon_cases_are_cases_by_who_moves_first_not_independent_abilities():
    """«{first}: А. {second}: Б, В»: one case applies; the parts after a label go with it (10194)."""
    steps = steps_of("В начале боя — воздействие «интриги»: {first}: ранить цель на 1. "
                     "{second}: закройте карту, она не открывается.")
    step = find(steps, "по очерёдности хода")
    assert step.text == ("Случаи по очерёдности хода, разыгрывается только подходящий: {first} — если вы ходите "
                         "первым: «ранить цель на 1»; {second} — если вы ходите вторым: «закройте карту, она не "
                         "открывается». Правила этих меток в своде нет")   # a labelled case is one ability
    assert step.rules == ()
    assert not any("независимы" in s.text for s in steps)
