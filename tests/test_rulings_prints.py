"""The rulings of every print of a card in the report and the editor's hover, labelled as `card`
labels them (issue 35): a reprint without rulings of its own shows those given on the other print
with «[печать ID]», and a ruling carried by both prints is shown once, unlabelled.

The real pair is Ясновидящая 20019/60017 of the corpus (the rulings on 20019 only), imported
with the judges' rulings as a user does it; the rest is an invented base.
"""
from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from conftest import CORPUS, SHARED
from test_server_core import _server_analysis

RULINGS = SHARED / "rulings" / "relaunch.jsonl"
PAIR = ("20019", "60017")      # one name in two sets; the rulings are given on 20019 only


class RulingItems(HTMLParser):
    """The text of every ruling (`<li>` of `section.rulings`) of every card (`article` id)."""

    def __init__(self):
        super().__init__()
        self.cards: dict[str, list[str]] = {}
        self.card = None
        self.depth = 0          # open tags inside the rulings section
        self.item = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "article":
            self.card = attrs.get("id")
            self.cards.setdefault(self.card, [])
        elif tag == "section" and attrs.get("class") == "rulings":
            self.depth = 1
        elif self.depth:
            self.depth += 1
            if tag == "li":
                self.item = []

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1
            if tag == "li" and self.item is not None:
                self.cards[self.card].append(" ".join(" ".join(self.item).split()))
                self.item = None

    def handle_data(self, data):
        if self.item is not None:
            self.item.append(data)


def ruling_items(page) -> dict[str, list[str]]:
    parser = RulingItems()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.cards


@pytest.fixture(scope="module")
def real_pair(tmp_path_factory):
    """The two prints of the corpus imported with the judges' rulings, and the report of them."""
    if not CORPUS.is_dir() or not RULINGS.is_file():
        pytest.fail(f"нет корпуса или решений в {SHARED} (нужна папка ../shared рядом с репозиторием)")
    root = tmp_path_factory.mktemp("pair")
    lines = [line for path in sorted(CORPUS.glob("*.jsonl")) for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and json.loads(line)["id"] in PAIR]
    assert len(lines) == 2
    (root / "two.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BERSERK_JUDGE_CACHE_DIR", str(root / "cache"))
        imported = CliRunner().invoke(main, ["import", str(root / "two.jsonl"), "--out", str(root / "base"),
                                             "--rulings", str(RULINGS)])
        assert imported.exit_code == 0, imported.output
        reported = CliRunner().invoke(main, ["report", str(root / "base"), "--out", str(root / "site")])
        assert reported.exit_code in (0, 1), reported.output
        card = CliRunner().invoke(main, ["card", PAIR[1], "--base", str(root / "base")])
        assert card.exit_code == 0, card.output
    given = [json.loads(line) for line in RULINGS.read_text(encoding="utf-8").splitlines() if line.strip()]
    questions = [r["question"] for r in given if PAIR[0] in r["card_ids"]]
    assert questions and not [r for r in given if PAIR[1] in r["card_ids"]]
    return root, questions, card.stdout


def test_the_report_page_of_a_reprint_shows_the_other_prints_rulings_labelled(real_pair):
    root, questions, card_view = real_pair
    items = ruling_items(root / "site" / "cards-60.html")[PAIR[1]]
    assert [item.split(" [печать ")[0] for item in items] == [f"Вопрос: {q}" for q in questions]
    assert all(f"[печать {PAIR[0]}] Ответ: " in item for item in items)
    # the labels are `card`'s: «1. Вопрос: …  [печать 20019]»
    assert card_view.count(f"  [печать {PAIR[0]}]") == len(questions)
    model = json.loads((root / "site" / "report.json").read_text(encoding="utf-8"))
    by_id = {c["id"]: c for c in model["cards"]}
    assert [r["print"] for r in by_id[PAIR[1]]["rulings"]] == [f"печать {PAIR[0]}"] * len(questions)
    assert [r["question"] for r in by_id[PAIR[0]]["rulings"]] == questions   # the print that has them


def test_the_hover_of_a_reprint_shows_the_other_prints_rulings_labelled(real_pair):
    from berserk_judge.server.hover import feature_hover

    root, questions, _ = real_pair
    path = root / "base" / "60.yaml"
    analysis, _, index = _server_analysis(path)
    hover = feature_hover(analysis, analysis.text.index("Разряд"), None, index)
    block = hover.markdown[hover.markdown.index("**Решения судей**"):]
    assert block.startswith(f"**Решения судей** ({len(questions)})\n")
    assert block.count(f" \\[печать {PAIR[0]}\\]\n") == len(questions)
    assert f"1. **Вопрос:** {questions[0]} \\[печать {PAIR[0]}\\]\n" in block
    assert "**Решения судей**" not in feature_hover(analysis, analysis.text.index("Разряд"), None).markdown


# -- an invented base: one ruling on both prints, one on a print only -------------------------

FIRST = """\
set: {id: p1, name: Первый}
cards:
- id: p1_1
  name: Орк-громила
  rulings:
  - question: Можно ли  закрыть ОРКА дважды?
    answer: Нет.
  text: '{tap}: ранить цель на 1.'
"""
SECOND = """\
set: {id: t2, name: Второй}
cards:
- id: t2_1
  name: Орк громила
  rulings:
  - question: Можно ли закрыть орка дважды?
    answer: Нет
  - answer: Рана наносится и закрытому существу.
  text: '{tap}: ранить цель на 1.'
- id: t2_2
  name: Гном
  text: '{tap}: закрыть цель.'
"""
SHARED_RULING = "Вопрос: Можно ли закрыть ОРКА дважды? Ответ: Нет."


@pytest.fixture(scope="module")
def invented(tmp_path_factory):
    root = tmp_path_factory.mktemp("prints")
    base = root / "base"
    base.mkdir()
    (base / "p1.yaml").write_text(FIRST, encoding="utf-8")
    (base / "t2.yaml").write_text(SECOND, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BERSERK_JUDGE_CACHE_DIR", str(root / "cache"))
        result = CliRunner().invoke(main, ["report", str(base), "--out", str(root / "site")])
    assert result.exit_code in (0, 1), result.output
    return base, root / "site"


def test_a_ruling_on_both_prints_is_shown_once_on_each_page(invented):
    _, site = invented
    own = [SHARED_RULING, "Ответ: Рана наносится и закрытому существу. [печать t2_1]"]
    assert ruling_items(site / "cards-p1.html") == {"p1_1": own}
    # the print that carries both: its own spelling of the shared ruling first, nothing twice
    assert ruling_items(site / "cards-t2.html") == {
        "t2_1": ["Вопрос: Можно ли закрыть орка дважды? Ответ: Нет",
                 "Ответ: Рана наносится и закрытому существу. [печать t2_1]"],
        "t2_2": []}
    page = (site / "cards-p1.html").read_text(encoding="utf-8")
    assert '<p class="prints">Другие печати: <a href="cards-t2.html#t2_1">t2_1 · Второй</a></p>' in page


def test_the_hover_shows_a_ruling_on_both_prints_once(invented):
    from berserk_judge.server.hover import feature_hover

    base, _ = invented
    analysis, _, index = _server_analysis(base / "p1.yaml")
    hover = feature_hover(analysis, analysis.text.index("ранить"), None, index)
    assert hover.markdown.endswith(
        "\n\n**Решения судей** (2)\n\n"
        "1. **Вопрос:** Можно ли закрыть ОРКА дважды?\n"
        "   **Ответ:** Нет.\n"
        "2. **Ответ:** Рана наносится и закрытому существу. \\[печать t2\\_1\\]\n")
