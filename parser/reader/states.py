"""What a condition's predicate names: a lasting state or an event (spec §1, «A state is not a
trigger»): the vocabulary of the reader's pattern `state-as-while`, the one place that decides it
(`explain`, `card` and the hover read the feature's kind and `while`).

A state is a lasting condition of a card: a stative verb («находится», «стоит», «есть», «нет»), a
short adjective, or a short participle of a verb whose result lasts («закрыт», «открыт», «ранен»,
«отравлен»). A participle of an action happening to the card («атакован», «выбран», «назначен»)
names an event, and so does a condition that names one by its noun: «ранен ударом», «бросок кубика
… равен 6» (a roll's result is known at the roll), «атакован {strike}».
"""
from __future__ import annotations

import re

from berserk_judge.parser.reader import morph

# short participles of verbs whose result is a lasting state («закрыт», «ранен»); «атакован», «назначен»,
# «выбран» name an event that happened to the card, not a state it is in
STATE_LEMMAS = frozenset({"закрыть", "открыть", "ранить", "вскрыть", "скрыть", "повернуть", "отравить",
                          "проклясть", "окружить", "поднять", "опустить"})
STATE_WORDS = frozenset({"находится", "находятся", "стоит", "стоят", "есть", "нет"})
# nouns (and icons) of events: a condition naming one is an event, whatever else it says
EVENT_NOUN = re.compile(r"(?<!\w)(?:брос\w*|атак\w*|удар\w*|выстрел\w*|разряд\w*|метани\w*|нападени\w*|гибел\w*|"
                        r"перемещени\w*|движени\w*|излечени\w*|вызов\w*|рывк\w*|прыжк\w*)|\{strike\}", re.I)


def state_word(word: str) -> bool:
    """The word is a state predicate: a stative word, a short adjective, or a short participle
    of a verb in STATE_LEMMAS (any other short participle names an event)."""
    if word in STATE_WORDS:
        return True
    found = morph.parses(word)
    if not found:
        return False
    tag = found[0].tag
    if tag.POS == "ADJS":
        return True
    return tag.POS == "PRTS" and found[0].normal_form in STATE_LEMMAS


def names_an_event(condition: str) -> bool:
    """The condition names an event by its noun or icon («бросок кубика», «ударом», «{strike}»)."""
    return EVENT_NOUN.search(condition or "") is not None
