"""The HTML report shows a card's rulings on its entry (full and compact), from what the base holds."""
from __future__ import annotations

import json

from click.testing import CliRunner

from berserk_judge.cli.main import main

BASE = """\
set: {id: d1, name: Демо}
cards:
- id: d1_1
  name: Кшар
  rulings:
  - question: Можно ли <script>alert(1)</script> закрыть?
    answer: |-
      Да, {tap}.
      Второй строкой.
    source: судья
    date: '2025-07-01'
    rules: ['505.7', '116.3']
  text: '{tap}: ранить цель на 1, при этом ранить себя или закрыть цель.'
- id: d1_2
  name: Гном
  rulings:
  - answer: Только ответ.
  text: '{tap}: закрыть цель.'
- id: d1_3
  name: Эльф
  text: '{tap}: открыть цель.'
"""


def _site(tmp_path):
    base = tmp_path / "cards"
    base.mkdir()
    (base / "d1.yaml").write_text(BASE, encoding="utf-8")
    out = tmp_path / "site"
    result = CliRunner().invoke(main, ["report", str(base), "--out", str(out)])
    assert result.exit_code in (0, 1), result.output
    return out


def test_report_model_and_page_show_the_rulings(tmp_path):
    site = _site(tmp_path)
    model = json.loads((site / "report.json").read_text(encoding="utf-8"))
    by_id = {card["id"]: card for card in model["cards"]}
    assert by_id["d1_1"]["compact"] is False and by_id["d1_2"]["compact"] is True
    assert by_id["d1_1"]["rulings"] == [{
        "question": "Можно ли <script>alert(1)</script> закрыть?", "answer": "Да, {tap}.\nВторой строкой.",
        "source": "судья", "date": "2025-07-01", "rules": ["505.7", "116.3"], "print": ""}]
    assert by_id["d1_2"]["rulings"] == [{"question": "", "answer": "Только ответ.", "source": "", "date": "",
                                        "rules": [], "print": ""}]
    assert by_id["d1_3"]["rulings"] == []
    page = (site / "cards-d1.html").read_text(encoding="utf-8")
    full = page[page.index('id="d1_1"'):page.index('id="d1_2"')]
    block = full[full.index('<section class="rulings">'):full.index("</section>", full.index('class="rulings"'))]
    assert "<h3>Решения судей: 1</h3>" in block
    assert "<b>Вопрос:</b> Можно ли &lt;script&gt;alert(1)&lt;/script&gt; закрыть?" in block
    assert "<script>alert" not in page                 # a hostile ruling stays inert
    assert '<i class="ico i-tap" role="img" title="закрыть">{tap}</i>' in block   # {tap} drawn as on the card text
    assert "Второй строкой." in block
    assert '<p class="rsrc">источник: судья; дата: 2025-07-01; правила: 505.7, 116.3</p>' in block
    compact = page[page.index('id="d1_2"'):page.index('id="d1_3"')]
    assert '<p class="ra"><b>Ответ:</b> Только ответ.</p></li>' in compact and "rsrc" not in compact
    last = page[page.index('id="d1_3"'):]
    assert 'class="rulings"' not in last.split("</article>", 1)[0]
