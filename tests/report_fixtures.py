"""A tiny card base for the report tests: an ambiguous text with errata, a hostile name and text."""
from __future__ import annotations

from pathlib import Path

BASE_YAML = """\
set: {id: t1, name: Тестовый выпуск}
cards:
- id: t1_1
  name: Сумрачный загонщик
  errata: ['2024.01.15']
  text: |-
    [Эррата 2023.04.08]
    {tap}: ранить цель на 1 и закрыть ее, иначе излечить себя на 1.
- id: t1_2
  name: <script>alert(1)</script>
  text: '{tap}: ранить цель на 1 - закрыть ее. <b>жирно</b> <script>alert("x")</script>'
- id: t1_3
  name: Чистый лучник
  cost: 2
  element: Леса
  health: 4
  strike: [1, 1, 2]
  text: '{tap}: Выстрел на 1.'
"""


def write_base(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "t1.yaml").write_text(BASE_YAML, encoding="utf-8")
    return folder


# A second set for the browser: clean cards with stats, and a name to misspell and inflect.
SECOND_SET_YAML = """\
set: {id: t2, name: Второй выпуск}
cards:
- id: t2_1
  name: Молотобоец
  cost: 5
  element: Горы
  type: creature
  health: 9
  move: 1
  strike: [2, 3, 4]
  text: '{tap}: Выстрел на 2.'
- id: t2_2
  name: Тихий сборщик
  cost: 2
  element: Леса
  text: 'Броня 1.'
"""

# Two versions of one set with one change of each class (card id -> class).
VERSION_CLASSES = {"v1_1": "typography", "v1_2": "wording", "v1_3": "meaning", "v1_4": "stats",
                   "v1_5": "name", "v1_6": "added", "v1_7": "removed"}
_OLD = """\
set: {id: v1, name: Версии}
cards:
- id: v1_1
  name: Кавычник
  text: 'Заклинание «дар» — излечить цель на 1.'
- id: v1_2
  name: Ограниченный
  text: '{tap}: ранить на 1 всех степных и тёмных существ (1 раз за ход).'
- id: v1_3
  name: Связник
  text: '{tap}: ранить цель на 1 и закрыть ее.'
- id: v1_4
  name: Дорожающий
  cost: 3
  text: '{tap}: Выстрел на 1.'
- id: v1_5
  name: Старое имя
  text: '{tap}: Выстрел на 2.'
- id: v1_7
  name: Уходящий
  text: '{tap}: Выстрел на 3.'
"""
_NEW_EDITS = [("'Заклинание «дар» —", "'Заклинание \"дар\" —"), ("всех степных и тёмных существ", "всех тёмных и степных существ"),
              ("на 1 и закрыть ее", "на 1, затем закрыть ее"), ("cost: 3", "cost: 4"),
              ("name: Старое имя", "name: Новое имя")]


def write_versions(root: Path) -> tuple[Path, Path]:
    """old/ and new/ bases differing by one change of each class (VERSION_CLASSES)."""
    new = _OLD
    for old_words, new_words in _NEW_EDITS:
        assert new.count(old_words) == 1, old_words
        new = new.replace(old_words, new_words)
    new = new.replace("- id: v1_7\n  name: Уходящий\n  text: '{tap}: Выстрел на 3.'\n",
                      "- id: v1_6\n  name: Новичок\n  text: '{tap}: Выстрел на 3.'\n")
    for name, text in (("old", _OLD), ("new", new)):
        (root / name).mkdir(parents=True, exist_ok=True)
        (root / name / "v1.yaml").write_text(text, encoding="utf-8")
    return root / "old", root / "new"
