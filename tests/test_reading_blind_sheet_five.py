"""Readings a judge can rule by (the fifth blind sheet): a limit written
inside the effect is taken out of the atom and reported beside the tree
(spec §1, «Annotations are reported, never lost»: «A limit …, wherever it
stands, … taken out of the atom»). Two blind judges counted the same row
wrong in both styles: the limit was reported and also kept in the words
(«… (только по карте противника, 3 раза за ход)»), so it read twice. A
parenthesis that also holds a clarification keeps the clarification; the
limit and its comma go. Invented texts, typeset («», —) and lossy
(straight quotes or none, « - » or «-»).
"""
from __future__ import annotations

import pytest

from berserk_judge.parser import read_text
from berserk_judge.reports.canon import feature_record


def record(text: str, name: str = "Кобольд") -> dict:
    found = [feature_record(f) for f in read_text(text, name)]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("text, limit, form", [
    # the limit after a clarification, at the effect's end
    ("При прыжке вашего существа — особый удар исподтишка на 1-2-2 (только по карте противника, 3 раза за ход).",
     "3 раза за ход", "особый удар исподтишка на 1-2-2 (только по карте противника)"),
    ("При прыжке вашего существа особый удар исподтишка на 1-2-2 (только по карте противника, 3 раза за ход)",
     "3 раза за ход", "особый удар исподтишка на 1-2-2 (только по карте противника)"),
    # the limit first, the clarification after it
    ("{tap}: ранить цель на 2 (1 раз за бой, только по карте противника), при этом закрыть ее.",
     "1 раз за бой", "(ранить цель на 2 (только по карте противника), при этом закрыть ее)"),
    # a parenthesis of the limit alone, inside the effect: it goes, with its space
    ("Бешенство 3: бросьте кубик (1 раз за ход) и получите +1 к {strike}.",
     "1 раз за ход", "(бросьте кубик и получите +1 к {strike})"),
    ("Бешенство 3: добивание на Х (не более 2 раз за ход), где Х - число ваших ран.",
     "не более 2 раз за ход", "добивание на Х, где Х - число ваших ран"),
    # before a colon: no space is left before it
    ("В начале вашего хода - получить одно из (1 раз за бой): \"Строй\" или +1 к {move}.",
     "1 раз за бой", "получить одно из: \"Строй\" или +1 к {move}"),
])
def test_a_limit_inside_the_effect_is_reported_and_not_kept_in_the_words(text, limit, form):
    found = record(text)
    assert found["limit"] == limit
    assert found["canonical"] == form


@pytest.mark.parametrize("text, form", [
    # no limit in the parenthesis: it stays whole
    ("{tap}: ранить цель на 2 (только по карте противника), при этом закрыть ее.",
     "(ранить цель на 2 (только по карте противника), при этом закрыть ее)"),
    # a limit inside a granted feature is the granted feature's, in its quotes
    ("При атаке — Кобольд получает «{tap}: ранить цель на 1 (1 раз за ход), затем закрыть ее» до конца хода.",
     "Кобольд получает «{tap}: ранить цель на 1 (1 раз за ход), затем закрыть ее» до конца хода"),
])
def test_what_is_not_the_features_own_limit_stays_in_the_words(text, form):
    found = record(text)
    assert found["limit"] is None
    assert found["canonical"] == form
