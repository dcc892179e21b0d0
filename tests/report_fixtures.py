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
