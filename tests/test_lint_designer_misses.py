"""What a designer would otherwise find by eye (issue 34, lint): a hyphen beside an icon, a
verbless lead before a hyphen dash, a full stop lost before a payment, a malformed heading, a
leading space; and the findings that were false or badly worded. Each with its exact place and
message, its fix and applicability, and the good texts — faithful («», «—», a feature a line) and
lossy (online client: no «», « - » or a close «-», one line)."""
from __future__ import annotations

import pytest

from berserk_judge.lint.engine import lint_text, make_card
from berserk_judge.lint.fix_apply import ReadingGuard, fix_card
from berserk_judge.lint.fix_model import apply_edits
from berserk_judge.lint.rules._text import shorten

HYPHEN = "дефис «-» между словами; здесь нужно тире «—»"
X_MSG = ("«{x}» не определено: его нет в оплате, нет пояснения «где {x} — …», его не объявляют вместе "
         "со способностью, и оно не берётся из способности, от которой зависит (505.7: X зависимой способности)")


def found(text: str, code: str, name: str = "Страж") -> list[tuple[int, int, str]]:
    return [(f.line, f.column, f.message) for f in lint_text(text, select=[code], name=name) if f.code == code]


def fixes(text: str, code: str) -> list:
    return [f.fix for f in lint_text(text, select=[code]) if f.code == code]


def safely_fixed(text: str, code: str) -> str:
    """The text after the code's safe fixes, through the reading guard (as `lint --fix`)."""
    findings = [f for f in lint_text(text, select=[code]) if f.code == code]
    new, applied = fix_card(make_card(text), findings, unsafe=False, guard=ReadingGuard())
    assert len(applied) == len(findings)            # the guard kept every fix: the reading is the same
    return new


# -- BJ501: a hyphen beside an icon, a hyphen followed by two spaces -----------------------------

@pytest.mark.parametrize("text, places, fixed", [
    ("При {strike} - может переместить атакованное существо на соседнюю клетку.", [(1, 14)],
     "При {strike} — может переместить атакованное существо на соседнюю клетку."),
    ("Строй: При {uchr} - атакованный получает отравление на 1. {tap}: {uchr} на 1-2-2.", [(1, 19)],
     "Строй: При {uchr} — атакованный получает отравление на 1. {tap}: {uchr} на 1-2-2."),
    ("{tap}: {uchr} на 1.\nКогда уничтожает существо {strike} - получает {counter}.", [(2, 36)],
     "{tap}: {uchr} на 1.\nКогда уничтожает существо {strike} — получает {counter}."),
    ("В конце хода, если не имеет {armor} - получает {counter}.", [(1, 37)],
     "В конце хода, если не имеет {armor} — получает {counter}."),
])
def test_bj501_a_hyphen_beside_an_icon_is_a_dash(text, places, fixed):
    assert found(text, "BJ501") == [(line, column, HYPHEN) for line, column in places]
    assert all(fix.safe for fix in fixes(text, "BJ501"))
    assert safely_fixed(text, "BJ501") == fixed


@pytest.mark.parametrize("text, column", [
    ("При гибели -  ранить стоящее рядом существо на 1.", 12),
    ("При {strike}  - ранить атакованного на 1.", 15),
])
def test_bj501_a_hyphen_beside_two_spaces_is_found_before_the_spacing_fix(text, column):
    assert found(text, "BJ501") == [(1, column, HYPHEN)]
    assert [code for code in ("BJ501", "BJ505") if found(text, code)] == ["BJ501", "BJ505"]
    both = [f.fix for f in lint_text(text, select=["BJ501", "BJ505"])]
    assert "  " not in apply_edits(text, both)[0] and "—" in apply_edits(text, both)[0]


@pytest.mark.parametrize("text", [
    "{tap}: Разряд на 1-2-2, дальность 4.",
    "+1 к {strike} и -1 от атак по {strike}.",
    "Получает {armor} 1 - 2 до конца хода.",           # a range
    "При {strike} — может переместить атакованное существо.",
    "При {strike}-{uchr} ранить цель на 1.",           # no spaces: not this pattern
])
def test_bj501_silent_near_icons(text):
    assert found(text, "BJ501") == []


# -- BJ201: a verbless lead before a hyphen dash ---------------------------------------------------

def bj201(dash: str, lead: str) -> str:
    return f"перед «{dash}» стоит «{lead}» — не условие срабатывания (116.3), не метка и не оплата"


@pytest.mark.parametrize("text, place, dash, lead", [
    ("В ход противника - получает +1 к {strike}.", (1, 1), "-", "В ход противника"),
    ("{tap}: {uchr} на 1. В течение вашего хода - может нападать дважды.", (1, 21), "-", "В течение вашего хода"),
    ("В ход противника-получает +1 к {strike}.", (1, 1), "-", "В ход противника"),
    ("{tap}: {uchr} на 1.\nВ течение вашего хода — может нападать дважды.", (2, 1), "—", "В течение вашего хода"),
])
def test_bj201_reports_a_verbless_lead_before_any_dash(text, place, dash, lead):
    assert found(text, "BJ201") == [(*place, bj201(dash, lead))]


@pytest.mark.parametrize("text", [
    "+1 к излечению, если хозяин — страж леса.",        # spec §2: the dash means "is"
    "+1 к излечению, если хозяин - страж леса.",
    "При гибели - ранить стоящее рядом существо на 1.",
    "Закрыть цель - ранить её на 1.",
])
def test_bj201_silent_on_a_dash_meaning_is_and_on_real_conditions(text):
    assert found(text, "BJ201") == []
    # and the dash fix makes no BJ201 either: a fix never opens a new finding
    after = apply_edits(text, [f for f in fixes(text, "BJ501") if f is not None])[0]
    assert found(after, "BJ201") == []


# -- BJ513: a full stop lost before a payment; BJ001 names it ----------------------------------

STOP = "оплата «{payment}:» посреди предложения: похоже, перед ней потерялась точка"


@pytest.mark.parametrize("text, column, payment, good", [
    ("Ярость 1 {tap}: ранить цель на 1.", 10, "{tap}", "Ярость 1. {tap}: ранить цель на 1."),
    ("При атаке - получить +1 к {strike} (до конца хода) {tap}: ранить цель на 1.", 52, "{tap}",
     "При атаке - получить +1 к {strike} (до конца хода). {tap}: ранить цель на 1."),
    ("При атаке — ранить цель на 1 (1 раз за ход) 2 {counter}: Разряд на 4.", 45, "2 {counter}",
     "При атаке — ранить цель на 1 (1 раз за ход). 2 {counter}: Разряд на 4."),
])
def test_bj513_a_payment_in_mid_sentence(text, column, payment, good):
    assert found(text, "BJ513") == [(1, column, STOP.format(payment=payment))]
    [fix] = fixes(text, "BJ513")
    assert not fix.safe and apply_edits(text, [fix])[0] == good


def test_bj001_on_the_number_before_the_payment_names_the_lost_stop():
    assert found("Ярость 1 {tap}: ранить цель на 1.", "BJ001") == [
        (1, 8, "особенность прочитана не полностью: не разобрано «1» (столбец 8): похоже, это конец "
               "предыдущей особенности, а перед оплатой «{tap}:» потерялась точка (BJ513)")]
    assert found("Ярость 1. {tap}: ранить цель на 1.", "BJ001") == []


@pytest.mark.parametrize("text", [
    "Ярость 1.\n{tap}: ранить цель на 1.",                          # faithful: a feature a line
    "Ярость 1\n{tap}: ранить цель на 1.",                           # a line break ends a feature
    "Ваш эльф получает {tap}: Выстрел на 1 до конца хода.",          # a granted feature without quotes
    "[Эррата 2023. 04. 08] {tap}: {uchr} на 1.",                     # an errata marker
    "На глубине: {instant} {tap} : ранить цель на 1.",               # one payment, spaced
    "{tap}: ранить цель на 1. {counter}{tap}: ранить цель на 2.",
])
def test_bj513_silent_before_payments(text):
    assert found(text, "BJ513") == []


# -- BJ305: a malformed heading ----------------------------------------------------------------

def heading(what: str, kind: str) -> str:
    return f"{what}; по 114.1/116.1 пишется «{kind} «имя» — эффект»"


@pytest.mark.parametrize("text, span, what, kind, title, fixed", [
    # a subject's participle phrase or «которое …» clause after the name: the subject ends the name
    # (blind sheet d091515: Ловчий, Тролль-ужас; the reader kept such headings in the atom)
    ("{tap}: Воздействие западня следующее существо противника, вошедшее в бой, закрывается.", (8, 27),
     "имя без кавычек и без «—» после него: программа угадала имя «западня», а за ним — «следующее существо…»",
     "Воздействие", "взять «западня» в кавычки и поставить «—» после имени (граница угадана)",
     "{tap}: Воздействие «западня» — следующее существо противника, вошедшее в бой, закрывается."),
    ("При атаке - Заклинание морок существо противника, стоящее рядом, получает -1 к удару", (13, 29),
     "имя без кавычек и без «—» после него: программа угадала имя «морок», а за ним — «существо противника…»",
     "Заклинание", "взять «морок» в кавычки и поставить «—» после имени (граница угадана)",
     "При атаке - Заклинание «морок» — существо противника, стоящее рядом, получает -1 к удару"),
    ("{tap}: Воздействие сладострастная аура существо получает отравление на 1.", (8, 39),
     "имя без кавычек и без «—» после него: программа угадала имя «сладострастная аура», а за ним — "
     "«существо получает…»", "Воздействие",
     "взять «сладострастная аура» в кавычки и поставить «—» после имени (граница угадана)",
     "{tap}: Воздействие «сладострастная аура» — существо получает отравление на 1."),
    ("{instant}{tap}: Воздействие черная метка когда бросок кубика существа равен 1 ранить его на 2.", (17, 41),
     "имя без кавычек и без «—» после него: программа угадала имя «черная метка», а за ним — «когда бросок…»",
     "Воздействие", "взять «черная метка» в кавычки и поставить «—» после имени (граница угадана)",
     "{instant}{tap}: Воздействие «черная метка» — когда бросок кубика существа равен 1 ранить его на 2."),
])
def test_bj305_an_unquoted_name_without_a_dash_is_a_guess(text, span, what, kind, title, fixed):
    [finding] = lint_text(text, select=["BJ305"])
    assert (finding.line, finding.column, finding.end_column) == (1, *span)
    assert finding.message == heading(what, kind)
    assert (finding.fix.title, finding.fix.applicability) == (title, "unsafe")
    assert apply_edits(text, [finding.fix])[0] == fixed


@pytest.mark.parametrize("text, column, what, kind, fixed", [
    ("{tap}: Заклинание гипноз - закрыть существо.", 8, "имя «гипноз» не в кавычках", "Заклинание",
     "{tap}: Заклинание «гипноз» - закрыть существо."),
    ("{tap}: Заклинание «гипноз» закрыть существо.", 8, "после имени «гипноз» нет «—» перед «закрыть существо»",
     "Заклинание", "{tap}: Заклинание «гипноз» — закрыть существо."),
    ('При выстреле воздействие "незаживающие раны" атакованный не может излечиваться.', 14,
     "после имени «незаживающие раны» нет «—» перед «атакованный не…»", "воздействие",
     'При выстреле воздействие "незаживающие раны" — атакованный не может излечиваться.'),
])
def test_bj305_a_missing_quote_or_dash_alone_has_a_safe_fix(text, column, what, kind, fixed):
    assert found(text, "BJ305") == [(1, column, heading(what, kind))]
    assert safely_fixed(text, "BJ305") == fixed


UNSEPARATED = "имя без кавычек и без «—» после него; где оно кончается, не угадать, и «{words}…» прочитано вместе с эффектом"

# a type run together with its name (BJ511 gives the space; the heading is still unseparated: said before
# the fix, so the fix makes no new finding — tests/test_lint_fix_makes_no_new_finding.py, Глемсель)
GLUED = ("{tap} :Воздействиеисполинский рост до конца хода ваше существо получает +2 к следующему {strike}, "
         "при этом получить {token}.")


@pytest.mark.parametrize("text, span, words, kind", [
    # faithful: a feature a line, «—» elsewhere; the heading alone has neither quotes nor a dash
    ("{tap}: Воздействие буря снега в следующий ход противника он может двигаться только на 1 клетку.", (8, 30),
     "Воздействие буря снега", "Воздействие"),
    # lossy (online client): one line, no «», a tight payment
    ("{tap}:Воздействие иллюзия пророчество 2", (7, 38), "Воздействие иллюзия пророчество", "Воздействие"),
    ("{tap}:Воздействие отнять меч следующее существо вошедшее в бой закрывается", (7, 29),
     "Воздействие отнять меч", "Воздействие"),   # an infinitive after the type is the name's
    (GLUED, (8, 35), "Воздействиеисполинский рост", "Воздействие"),
])
def test_bj305_a_heading_the_reader_could_not_separate_is_said_without_a_fix(text, span, words, kind):
    """Blind sheet 5944f2a, Ловчий: the reader keeps such a heading in the ability (spec §2: a
    heading needs quotes or a dash) and BJ305 was silent, as it spoke only of a guessed name."""
    [finding] = lint_text(text, select=["BJ305"])
    assert (finding.line, finding.column, finding.end_column) == (1, *span)
    assert finding.message == heading(UNSEPARATED.format(words=words), kind)
    assert finding.fix is None


@pytest.mark.parametrize("text", [
    "{tap}: Заклинание «гипноз» — закрыть существо.",
    "Заклинание не действует на это существо.",                     # the type is a sentence's subject
    "Воздействие невозможно, пока существо закрыто.",
    '{tap}: Заклинание "гипноз" - закрыть существо.',
    "При гибели — ранить цель на 3 (воздействие «штопор»).",
    "При гибели ранить цель на 3 (воздействие штопор).",           # an annotation: not a heading
    "В начале боя — воздействие «интриги»:\n{first}: ранить цель на 1.\n{second}: закрыть цель.",
    "{tap}: Метание копья на 1, дальность 3.",                      # the type word is the ability
])
def test_bj305_silent_on_well_formed_headings(text):
    assert found(text, "BJ305") == []


# -- BJ505: a leading space --------------------------------------------------------------------

@pytest.mark.parametrize("text, place, what, fixed", [
    (" +1 к {strike} по горным. Неповоротливость.", (1, 1), "пробел в начале текста",
     "+1 к {strike} по горным. Неповоротливость."),
    ("+1 к {strike} по горным.\n  Неповоротливость.", (2, 1), "пробел в начале строки",
     "+1 к {strike} по горным.\nНеповоротливость."),
])
def test_bj505_a_leading_space(text, place, what, fixed):
    assert found(text, "BJ505") == [(*place, what)]
    assert safely_fixed(text, "BJ505") == fixed


# -- false findings gone -----------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Свести первую за ход атаку вашего существа к сильной (воздействие «ярость», 1 раз за ход).",
    "Может свести первую за ход атаку вашего существа к сильной (воздействие ярость)",
    "Свести среднюю атаку по вашему существу к слабой.",
])
def test_bj205_every_bringing_of_an_attack_has_its_moment_fixed_by_116_5(text):
    assert found(text, "BJ205") == []


def test_bj205_still_reports_an_ability_with_no_moment():
    assert [column for _, column, _ in found("Ранить первое за ход существо (воздействие «ярость»).", "BJ205")] == [1]


@pytest.mark.parametrize("text", [
    "{tap}: выбрать ваше существо силой Х, при этом оно получает «{tap}: Метание на Х» до конца хода.",
    'В начале хода - может выбрать ваше существо силой Х, при этом оно получает "{tap}: Метание на Х" до конца хода.',
])
def test_bj401_an_x_the_text_binds_before_a_granted_feature(text):
    assert found(text, "BJ401") == []


@pytest.mark.parametrize("text, column", [
    ("В начале хода — ваше существо получает «{tap}: Метание на Х» до конца хода.", 59),
    # a dash after an unquoted name is a separator too: no ability the X could be taken from (505.7)
    ("При гибели - воздействие мародёрство - получить {armor}X.", 56),
])
def test_bj401_still_reports_an_unbound_x(text, column):
    assert found(text, "BJ401") == [(1, column, X_MSG.format(x=text[column - 1]))]


@pytest.mark.parametrize("text, pairs, fixed", [
    ('Ваши существа имеют "{tap}: Метание "лягушки" на 1-2-2, дальность 3".',
     [(21, '{tap}: Метание "лягушки" на 1…'), (37, "лягушки")],
     "Ваши существа имеют «{tap}: Метание «лягушки» на 1-2-2, дальность 3»."),
    ('При {strike} - атакованный получает "В конце своего хода - воздействие "пчёлы" - ранить себя на 1".',
     [(37, "В конце своего хода - воздейс…"), (72, "пчёлы")],
     "При {strike} - атакованный получает «В конце своего хода - воздействие «пчёлы» - ранить себя на 1»."),
])
def test_bj507_pairs_nested_straight_quotes_by_where_they_stand(text, pairs, fixed):
    assert found(text, "BJ507") == [
        (1, column, f'прямые кавычки "{inner}"; в текстах карт приняты «ёлочки»') for column, inner in pairs]
    assert safely_fixed(text, "BJ507") == fixed


# -- messages ---------------------------------------------------------------------------------

def test_bj303_names_the_fly_mark_in_russian_and_suggests_the_word_by_its_place():
    message = ("метка онлайн-клиента [:fly] — полёт: в тексте он пишется словом («получает полёт», "
               "«существо с полётом»), а летающее существо — это тип карты, а не текст; значка для неё нет")
    assert found("При атаке — получает [:fly] до конца хода.", "BJ303") == [(1, 22, message)]
    suggestions = [f.suggestion for text in ("При атаке — получает [:fly].", "Существо с [:fly] получает +1.",
                                             "+1 к {strike} по [:fly].")
                   for f in lint_text(text, select=["BJ303"])]
    assert suggestions == ["полёт", "полётом", None]
    assert all("type" not in m and "flyer" not in m for _, _, m in found("Ранить. [:fly] Броня 1.", "BJ303"))


@pytest.mark.parametrize("text, limit, shown", [
    ("Максимум 12 {health}, при этом", 19, "Максимум 12…"),       # the cut fell inside «{health}»
    ("Максимум 12 {health}, при этом", 22, "Максимум 12 {health},…"),
    ("коротко", 30, "коротко"),
])
def test_a_shortened_quote_never_cuts_an_icon(text, limit, shown):
    assert shorten(text, limit) == shown


def test_bj507_message_never_cuts_an_icon_in_half():
    [(_, _, message)] = found('Имеет "Вампиризм. Максимум 12 {health} до конца хода".', "BJ507")
    assert message == 'прямые кавычки "Вампиризм. Максимум 12…"; в текстах карт приняты «ёлочки»'


def test_bj504_keeps_the_variable_x_of_a_hyphenated_word_and_reaches_a_fixed_point():
    text = "+X к {strike}, где X-количество {counter} на Камнедреве."
    assert found(text, "BJ504") == []
    mixed = "X{counter}{tap}: ранить цель на Х, где Х-число ран."
    for _ in range(3):                # the fix makes the variable one letter and stays so
        mixed = apply_edits(mixed, fixes(mixed, "BJ504"))[0]
    assert mixed == "X{counter}{tap}: ранить цель на X, где X-число ран." and found(mixed, "BJ504") == []


# -- BJ101: a fix per reading --------------------------------------------------------------------

def titles(text: str) -> list[str]:
    return [choice.title for f in lint_text(text, select=["BJ101"]) for choice in f.choices]


def test_bj101_offers_the_reading_a_paired_form_states():
    assert titles("{tap}: закрыть цель или ранить цель на 1, иначе ранить себя на 1.") == [
        "оставить прочтение 2: (закрыть цель или (ранить цель на 1, иначе ранить себя на 1))"]
    assert titles("{tap}: ранить цель на 1, при этом ранить себя или закрыть цель.") == [
        "оставить прочтение 1: ((ранить цель на 1, при этом ранить себя) или закрыть цель)"]


@pytest.mark.xfail(strict=True, reason="the reader does not yet read a paired «или …, или …» after "
                                       "«при этом» (spec §2: paired forms bracket explicitly); BJ101 offers "
                                       "the rewording once the reader reads it as reading 2")
def test_bj101_offers_the_second_reading_once_the_reader_reads_the_paired_form_after_a_connective():
    assert titles("{tap}: ранить цель на 1, при этом ранить себя или закрыть цель.") == [
        "оставить прочтение 1: ((ранить цель на 1, при этом ранить себя) или закрыть цель)",
        "оставить прочтение 2: (ранить цель на 1, при этом (ранить себя или закрыть цель))"]


# -- BJ202 follows the reading ------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "При атаке ранить цель на 1.",
    "В начале хода противника если открыт, ранить цель на 1, при этом - закрывается.",
    "В начале хода противника если открыт, выстрел на 1, дальность 3, при этом - закрывается.",
    "В конце хода, если рядом стоит существо противника воздействиепеснь сирены может переместить его.",
    "При {strike} ваше существо, обладающее {zoo}, получает +1 к {strike}.",
    "{tap}: ранить цель на 1.\nКогда ваш пират нападает получить {counter}.",
])
def test_bj202_takes_its_boundary_and_its_fix_from_the_reading(text):
    """The place, the first word of the effect and the dash of the fix are the reader's condition
    and effect, whatever they are: a reading fixed (misreadings 1–2, issue 34) moves them too."""
    from berserk_judge.parser import read_text

    spans = {f.condition_span: f.effect_span for f in read_text(text, "Страж") if f.condition_span}
    for finding in lint_text(text, select=["BJ202"]):
        condition = (finding.start, finding.end)
        assert condition in spans
        effect = spans[condition]
        assert f"(эффект начинается с «{text[effect[0]:].split()[0]}»)" in finding.message
        if finding.fix is not None:
            [edit] = finding.fix.edits
            assert (edit.start, edit.end, edit.replacement) == (condition[1], effect[0], " — ")


@pytest.mark.parametrize("text, column", [
    # a tight hyphen closing an in-effect moment (the moment and its dash open the ability's words, spec §2)
    ("{tap}: ранить цель на 1, при гибели Бронзового дракона-вернуть его в руку.", 55),
    ("{tap}: Разряд на 1-2-2, при среднем или сильном разряде-атакованный получает отравление на 1", 56),
    ("-1 от атак. В начале хода противника — выбрать цель; в конце этого хода-ранить ее на 2.", 72),
])
def test_bj501_a_hyphen_closing_a_moment_in_the_effect(text, column):
    assert found(text, "BJ501") == [(1, column, HYPHEN)]
    assert safely_fixed(text, "BJ501") == text[:column - 1] + " — " + text[column:]
