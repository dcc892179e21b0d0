"""Readings a judge can rule by (issue 34, the third and fourth blind pairs): each row a blind judge
counted wrong whose pattern the spec settles, pinned with invented texts in two styles — typeset
(«», —) and lossy (no quotes, « - » or «-», one line):

1. an unquoted name that lists nouns («мороз, мгла и ливень», «буря и град») runs to the dash or the
   effect's first predicate (pattern listed-unquoted-name; 116.1's «[тип] «имя» – [эффект]»), and
   a condition before it ends at the type (spec §2, «Headings are not abilities»).
"""
from __future__ import annotations

import pytest

from berserk_judge.parser.reader.features import read_text
from berserk_judge.reports.canon import feature_record


def record(text: str, name: str | None = "Кобольд") -> dict:
    found = read_text(text, name)
    assert len(found) == 1, [f.text for f in found]
    return feature_record(found[0])


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
