"""The rulebook's own «ПРИМЕР» features (114–116, 505) read as its explanations describe.

The examples are read from ../shared/rules (never copied here); the tests skip
with a reason when the folder is absent. The extraction lost the icons (a
space stands where {tap}, {instant} or {strike} stood), so each example has a
small table of (fragment with the lost icon → restored fragment), applied to
the text taken from the file. The expectations (kind, payment, condition,
ability type and name, canonical tree) restate what the rulebook's
explanation says about each example, in the project's notation (spec §4).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from berserk_judge.parser import abstract_canonical, canonical, read_abstract, read_text

RULES = Path(__file__).parents[1].parent / "shared" / "rules"
FEATURE_KINDS = "003_0a4c9897c47b3fb6.txt"      # 114, 115, 116
CONNECTIVES = "000_9bdf050d0752382a.txt"        # 505, worked examples and «может»
CONNECTIVES_2 = "001_fec2e4a9d21bd585.txt"      # 505, the other edition

pytestmark = pytest.mark.skipif(not RULES.is_dir(), reason=f"правила не найдены: {RULES}")

_OPEN = "“\""
_CLOSE = re.compile(r"[”\"](?=\.?\s+[А-ЯЁA-Z]|\.?\s*$|\s+можно)")
_SENTENCE_END = re.compile(r"\.(?=\s+[А-ЯЁ])")


def quoted_after(name: str, locator: str, after: str = "") -> str:
    """The example text in quotes after `locator` in a rules file, white space folded.

    The example ends at the closing quote that ends the sentence (inner quotes of a
    name are followed by a dash), or, where the extraction lost the closing quote,
    at the end of the sentence."""
    text = " ".join((RULES / name).read_text(encoding="utf-8").split())
    at = text.index(locator, text.index(after) if after else 0) + len(locator)
    start = min(i for i in (text.find(q, at) for q in _OPEN) if i >= 0) + 1
    close = _CLOSE.search(text, start)
    stop = _SENTENCE_END.search(text, start)
    end = min(m.start() for m in (close, stop) if m is not None)
    return text[start:end].strip()


def located(name: str, locator: str) -> str:
    """"505.6 ПРИМЕР 1:" → the first "ПРИМЕР 1:" after "505.6"; a locator without a section
    number is found from the start of the file."""
    after, _, what = locator.rpartition(" ПРИМЕР")
    if after and re.fullmatch(r"[\d.]+|Если использование составной особенности", after):
        return quoted_after(name, "ПРИМЕР" + what, after)
    return quoted_after(name, locator)


def restored(name: str, locator: str, repairs: tuple[tuple[str, str], ...]) -> str:
    text = located(name, locator)
    for lost, back in repairs:
        assert lost in text, f"the rulebook example changed: {lost!r} not in {text!r}"
        text = text.replace(lost, back, 1)
    return text


# (file, locator, icon repairs, kind, payment, condition, ability type, name, canonical form)
EXAMPLES = [
    # 114.1: Шаман-Душегрыз — playable, an instant action (its payment opens with {instant})
    (FEATURE_KINDS, "Шаман-Душегрыз имеет текст",
     ((":Заклинание", "{instant}{tap}: Заклинание"), ("карте и закрывается", "карте {strike} и закрывается")),
     "playable", "{instant}{tap}", None, "Заклинание", "гипноз",
     "(Открытое существо противника наносит по стоящей рядом карте {strike} и закрывается)"),
    # 115.1: Отшельница — conditional playable, paid by tapping; the condition is «когда … удара»
    (FEATURE_KINDS, "Отшельница имеет текст", ((":Когда", "{tap}: Когда"),),
     "conditional", "{tap}", "Когда существо получает раны от удара", None, None,
     "перераспределить эти раны на других ваших существ"),
    # the same with {instant}{tap}, as 115.1 says such features usually are
    (FEATURE_KINDS, "Отшельница имеет текст", ((":Когда", "{instant}{tap}: Когда"),),
     "conditional", "{instant}{tap}", "Когда существо получает раны от удара", None, None,
     "перераспределить эти раны на других ваших существ"),
    # 116.3.3: Степной Волколак — triggered at its own death
    (FEATURE_KINDS, "Степной Волколак", (), "triggered", None, "При гибели", None, None, "особый удар на 2"),
    # 116.5: Бешеный маг — the condition is omitted: a redirect happens only when an attack is declared
    (FEATURE_KINDS, "Бешеный маг имеет текст",
     ((": Заклинание", "{instant}: Заклинание"), ("перенаправить с карты", "перенаправить {strike} с карты")),
     "conditional", "{instant}", None, "Заклинание", "магический трюк",
     "перенаправить {strike} с карты на стоящее рядом с ней существо в вашем отряде"),
    # 116.8: Тан Ханеранга — one triggered feature, one condition
    (FEATURE_KINDS, "Тан Ханеранга имеет текст", (("следующему", "следующему {strike}"),),
     "triggered", None, "При гибели вашего существа со строем в ход противника", None, None,
     "существа, которые стояли с ним в строю, получают +2 к следующему {strike}"),
    # 505.7: Осклизг — one ability; its parenthesis stays in its words
    (CONNECTIVES, "Осклизг имеет текст", ((":Воздействие", "{tap}: Воздействие"),),
     "playable", "{tap}", None, "Воздействие", "эликсиры Ракштольна",
     "перераспределить 4 (или менее) раны со стоящего рядом болотного существа на себя"),
    # 505.8: several abilities after «может»: either, both or none
    (CONNECTIVES_2, "505.8 ПРИМЕР.", (), "triggered", None, "В начале хода противника", None, None,
     "(может (открыться и переместиться на соседнюю клетку))"),
]

# 505.3 and 505.4.2 in the other edition: the payment icon before ":" was lost
PAYMENT_EXAMPLES = [
    ("Если использование составной особенности ПРИМЕР.", "(Снять с вашего существа Х дополнительных жизней, при этом "
                                                 "излечить выбранное существо на Х)"),
    ("505.4.2. ПРИМЕР.", "(Уничтожить ваше существо, при этом разряд на 4)"),
]

# 505.6 examples of «может» in the first edition: effects, read as the effect of a triggered feature
MAY_EXAMPLES = [
    ("505.6 ПРИМЕР 1:", "(может (нанести особый удар и переместиться))"),
    ("505.6 ПРИМЕР 2:", "((может нанести особый удар), затем переместиться)"),
    ("505.6 ПРИМЕР 3:", "(Нанести особый удар, затем (может переместиться))"),
    ("505.6 ПРИМЕР 4:", "(Нанести особый удар, при этом (может переместиться))"),
]

# 505 worked examples 1–3 (abstract): the trees of spec section 2, E1–E3
ABSTRACT_EXAMPLES = [
    ("ПРИМЕР 1: Особенность", "((С1, при этом С2), затем (С3 и С4))"),
    ("ПРИМЕР 2: Особенность", "(((С1 или С2 или С3) либо (С4, при этом (С5 и С6))), затем "
                              "(С7, если противник не может или не хочет, С8))"),
    ("ПРИМЕР З: Особенность", "(((С1 и С2) или (С3 и (С4, при этом С5))) либо ((С6, при этом С7), иначе С8))"),
]


@pytest.mark.parametrize("name,locator,repairs,kind,payment,condition,atype,ename,form", EXAMPLES,
                         ids=[f"{e[1][:24]}-{i}" for i, e in enumerate(EXAMPLES)])
def test_feature_kind_examples(name, locator, repairs, kind, payment, condition, atype, ename, form):
    text = restored(name, locator, repairs)
    [feature] = read_text(text)
    assert (feature.kind, feature.payment, feature.condition) == (kind, payment, condition)
    assert (feature.ability_type, feature.effect_name) == (atype, ename)
    assert canonical(feature.reading.tree) == form
    assert feature.read_completely


@pytest.mark.parametrize("locator,form", PAYMENT_EXAMPLES)
def test_dependent_examples_with_a_payment(locator, form):
    text = located(CONNECTIVES_2, locator)
    assert text.startswith(":"), text          # the icon before ":" was lost
    [feature] = read_text("{tap}" + text)
    assert (feature.kind, feature.payment) == ("playable", "{tap}")
    assert canonical(feature.reading.tree) == form


@pytest.mark.parametrize("locator,form", MAY_EXAMPLES)
def test_may_examples(locator, form):
    effect = located(CONNECTIVES, locator)
    [feature] = read_text("При атаке — " + effect)
    assert canonical(feature.reading.tree) == form


@pytest.mark.parametrize("locator,form", ABSTRACT_EXAMPLES)
def test_worked_examples(locator, form):
    [feature] = read_abstract(quoted_after(CONNECTIVES, locator))
    assert abstract_canonical(feature.reading.tree)[0] == form
    assert not feature.reading.ambiguous


def test_omitted_condition_the_rules_fix_is_not_reported():
    """116.5: without its payment, the Бешеный маг example has neither payment nor condition,
    and the rules fix its moment (a redirect happens when an attack is declared): BJ205 is silent
    on it (spec §1), and still reports the same text with an effect whose moment nobody fixes."""
    from berserk_judge.lint.engine import lint_text

    text = restored(FEATURE_KINDS, "Бешеный маг имеет текст", ((": Заклинание", "Заклинание"),))
    assert "перенаправить" in text
    assert lint_text(text, select=["BJ205"]) == []
    wounding = text.replace("перенаправить с карты на", "ранить")
    [finding] = lint_text(wounding, select=["BJ205"])
    assert finding.message.startswith("у особенности тип способности «Заклинание», но нет ни оплаты")
