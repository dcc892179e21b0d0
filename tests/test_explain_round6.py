"""`explain`, issue 35's after-pass: what the judges' rulings still contradicted — a strength named in an
attack's condition, a redirect or block at the attack's declaration, a fight's own moment, an ability that
uses the result of the one before it, a later moment inside a condition, a clarification after a while,
a «пока» or a maximum closing several abilities, «своё» under another player's «может». Invented texts,
each in a faithful and a lossy style."""
from __future__ import annotations

import pytest

from berserk_judge.explain import explain_text


def texts_of(text: str, name: str | None = "Страж башни") -> list[str]:
    [explanation] = explain_text(text, name)
    return [s.text for s in explanation.readings[0][1]]


def one(steps: list[str], *fragments: str) -> str:
    found = [s for s in steps if all(f in s for f in fragments)]
    assert len(found) == 1, (fragments, steps)
    return found[0]


def none(steps: list[str], fragment: str) -> None:
    assert not any(fragment in s for s in steps), (fragment, steps)


@pytest.mark.parametrize("text", [
    "При слабом разряде или магическом ударе вашего существа оно получает +1 к следующему разряду (3 раза за ход).",
    "При слабом {strike} по Стражу башни - он получает {counter}",
])
def test_a_strength_in_the_condition_is_no_regardless_of_strength(text):
    # 116.3.1 «независимо от силы … если не указано обратного»: the judges' ruling on Тейа (weak only)
    steps = texts_of(text)
    one(steps, "оно само называет её силу", "«слабом»", "атака другой силы её не вызывает")
    none(steps, "независимо от её силы")


@pytest.mark.parametrize("text", [
    "При дальней атаке по существу в вашем втором ряду может перенаправить эту атаку на Стража башни.",
    "Если существо с сетью атаковано, то эта атака блокируется, а сеть исчезает",
])
def test_a_redirect_or_block_fires_at_the_attacks_declaration(text):
    # the judges' rulings on Гномий король: the redirect is made when the attack is declared (116.5)
    steps = texts_of(text)
    one(steps, "меняет саму атаку из условия", "срабатывает при объявлении атаки", "(116.3.1)", "(116.5)")
    none(steps, "на шаге наложения эффекта (116.4)")
    none(steps, "независимо от её силы")


@pytest.mark.parametrize("text", [
    "Когда Страж башни сражается, бросьте кубик два раза и выберите один из результатов бросков.",
    "Когда Страж башни сражается - бросьте кубик два раза и выберите один из результатов бросков",
])
def test_a_fight_is_its_own_moment_and_the_choice_uses_the_rolls(text):
    # the judges' ruling on Воин храма: the two rolls are the fight's own roll, the choice among them
    steps = texts_of(text)
    one(steps, "называет свой момент («сражается»)", "правила из папки этот момент не уточняют")
    one(steps, "называет результат того, что стоит перед ней («результатов»)", "не независимы")
    none(steps, "независимы друг от друга")


@pytest.mark.parametrize("text", [
    "После метания в начале своего следующего хода не открывается, если не стоит рядом с вашим артефактом.",
    "После метания в начале своего следующего хода - не открывается, если не стоит рядом с вашим артефактом",
])
def test_a_later_moment_inside_the_condition(text):
    # the judges' ruling on Громобой: the adjacency is checked at the start of his next turn
    steps = texts_of(text, "Громобой")
    one(steps, "более поздний момент — «в начале своего следующего хода»", "смотрит на положение тогда")
    none(steps, "на шаге завершения способности")


@pytest.mark.parametrize("text", [
    "Карты противника могут объявлять разряд только по Стражу башни, пока он стоит рядом с существом "
    "противника (вне зависимости от дальности).",
    "Карты противника могут объявлять разряд только по Стражу башни, пока он стоит рядом с существом "
    "противника (вне зависимости от дальности)",
])
def test_a_clarification_after_a_while_is_the_abilitys(text):
    # the judges' ruling on Аргвальд: the discharges reach him whatever their range
    steps = texts_of(text)
    one(steps, "условие «пока он стоит рядом с существом противника»; скобка «(вне зависимости от дальности)» "
               "после него поясняет саму способность")


@pytest.mark.parametrize("text", [
    "В начале хода — клетка поверхности считается глубиной и не считается поверхностью, пока Страж башни в отряде.",
    "В начале хода - клетка поверхности считается глубиной и не считается поверхностью, пока Страж башни в отряде",
])
def test_a_while_closing_several_abilities_is_not_given_to_the_last_alone(text):
    # the judges' ruling on Ману Кварат: the flooded cells turn back when he leaves
    steps = texts_of(text)
    one(steps, "«пока Страж башни в отряде» стоит в конце", "«клетка поверхности считается глубиной» и "
               "«не считается поверхностью»", "правила из папки не говорят")


@pytest.mark.parametrize("text", [
    "Когда ваша карта выполняет добивание на Х может излечить её на Х и объявить разряд на Х (максимум на 3, "
    "2 раза за ход).",
    "Когда ваша карта выполняет добивание на Х - может излечить ее на Х и объявить разряд на Х (максимум на 3, "
    "2 раза за ход)",
])
def test_a_closing_maximum_bounds_every_x(text):
    # the judges' ruling on Нальдан: heal 3 and discharge 3 after a finishing blow of 4
    steps = texts_of(text)
    one(steps, "«максимум на 3» стоит в скобке в конце особенности", "в каждой из них")


@pytest.mark.parametrize("text", [
    "Противник может перенаправить {strike} Стража башни на любое свое существо, стоящее рядом с ним.",
    "Противник может перенаправить {strike} Стража башни на любое своё существо, стоящее рядом с ним",
])
def test_own_under_another_players_may_is_theirs(text):
    steps = texts_of(text)
    one(steps, "выбирает противник — тот, чьи это карты")
    none(steps, "выбирает игрок, контролирующий карту")


@pytest.mark.parametrize("text", [
    "{tap}: Заклинание «эгида» — каждая ваша горная карта может потерять Х{counter}.",
    "{tap}: Заклинание эгида - каждая ваша горная карта может потерять Х{counter}",
])
def test_every_one_of_your_cards_is_no_choice(text):
    none(texts_of(text), "какое именно, текст не говорит")


@pytest.mark.parametrize("text", [
    "Противник может перенаправить {strike} Стража башни на любое свое существо, стоящее рядом с ним.",
    "противник может перенаправить {strike} Стража башни на любое своё существо рядом с ним",
])
def test_a_redirect_without_a_condition_is_declared_at_the_attack(text):
    # 116.5: the rules fix its condition (the blind explain sheet: Волот is no permanent feature)
    steps = texts_of(text)
    one(steps, "Условие срабатывания в записи опущено", "перенаправить атаку можно, только когда она объявлена")
    none(steps, "Постоянная особенность")


@pytest.mark.parametrize("text, words", [
    ("{instant}: Свести {strike} вашего существа с компаньоном к сильному (1 раз за ход).",
     "эффект меняет атаку, которую называет (её силу или величину)"),
    ("{instant}{tap}: перенаправить выстрел по вашему существу на Стража башни",
     "эффект перенаправляет, блокирует или отменяет атаку, которую называет"),
])
def test_an_omitted_condition_names_only_what_the_effect_does(text, words):
    # the blind explain sheet: «(удар, выстрел, разряд, заклинание)» listed attacks the text does not name
    steps = texts_of(text)
    one(steps, "условие не записано", words)
    none(steps, "удар, выстрел, разряд, заклинание")


@pytest.mark.parametrize("text", [
    "+1 к выстрелу, пока в вашем отряде есть хотя бы 3 карты с выстрелом или разрядом разной дальности "
    "(без модификаторов, включая неограниченную).",
    "+1 к выстрелу, пока в вашем отряде есть хотя бы 3 карты с выстрелом или разрядом разной дальности "
    "(без модификаторов, включая неограниченную)",
])
def test_a_parenthesis_qualifying_the_whiles_noun_stays_in_the_while(text):
    # the judges' ruling on Рейнджер: range modifiers are not counted in the condition
    steps = texts_of(text)
    one(steps, "условие «пока в вашем отряде есть хотя бы 3 карты", "(без модификаторов, включая неограниченную)»")
    none(steps, "поясняет саму способность")


@pytest.mark.parametrize("text", [
    "Пророчество 1; показанная карта получает отравление на 1 и -1 к {strike} показанной карты до конца хода.",
    "Пророчество 1, при этом показанная карта получает отравление на 1 и получает -1 к {strike}",
])
def test_a_shown_card_is_no_result_of_the_ability_before(text):
    # the judges' ruling on Грезы Архааля: the −1 is given even if the poison fails
    none(texts_of(text), "не независимы")


@pytest.mark.parametrize("text", [
    "При разряде по Стражу башни он получает {counter}.",
    "При разряде по Стражу башни - он получает {counter}",
])
def test_an_attack_on_the_card_itself_is_no_attack_of_its_own(text):
    # the explanation sheet's recheck on Аргвальд: «по Аргвальду» names the target; 116.3.3 (the card as the
    # source) would have him discharge at himself
    none(texts_of(text), "116.3.3")


@pytest.mark.parametrize("text", [
    "Пророчество 1, при этом ранить выбранное существо на X, где X — стоимость показанной карты.",
    "Пророчество 1; ранить выбранное существо на Х, где Х - стоимость показанной карты",
])
def test_a_where_x_of_a_dependent_ability_is_counted_at_its_declaration(text):
    # 505.7: X of a dependent ability, not tied to the payment, is counted when that ability is declared
    steps = texts_of(text)
    one(steps, "X определён самим текстом", "вычисляют в момент её объявления", "(505.7")
    none(steps, "в какой момент его считать, свод не говорит")
