"""Issue 28: cross-links of a card entry — its other prints (the same name in another set) link to
each other, and each card links to the previous and next card (across pages through the pager);
in Debian's Chromium, axe at 1366 and 390 px."""
from __future__ import annotations

import pytest

from report_fixtures import SECOND_SET_YAML, write_base
from berserk_judge.reports.html.prints import other_prints
from test_report_browser import unavailable, PHONE, axe_script, serious_violations, browser, build, no_sideways_scroll, page, playwright, shots  # noqa: F401

pytestmark = pytest.mark.browser

# a reprint of «Молотобоец» (t2_1) in the lossy style, its name in another case and with «ё»
REPRINT_YAML = """set: {id: p1, name: Переиздание}
cards:
- id: p1_1
  name: "МОЛОТОБОЕЦ"
  text: '{tap}: Выстрел на 2'
- id: p1_2
  name: Тихий сборщик
  text: "Броня 1. {tap}: ранить цель на 1 - закрыть ее"
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("crosslinks")
    base = write_base(root / "base")
    (base / "t2.yaml").write_text(SECOND_SET_YAML, encoding="utf-8")
    (base / "p1.yaml").write_text(REPRINT_YAML, encoding="utf-8")
    return build(root, base)


def test_other_prints_are_the_same_name_folded():
    cards = [{"name": "Молотобоец", "page": "a.html", "anchor": "x1", "id": "x1", "set": "x", "set_name": "Икс"},
             {"name": "  МОЛОТОБОЕЦ ", "page": "b.html", "anchor": "y1", "id": "y1", "set": "y"},
             {"name": "Ёж", "page": "a.html", "anchor": "x2", "id": "x2", "set": "x"},
             {"name": "Еж", "page": "a.html", "anchor": "x3", "id": "x3", "set": "x"},
             {"name": "Один", "page": "a.html", "anchor": "x4", "id": "x4", "set": "x"}]
    assert other_prints(cards) == {
        "a.html#x1": [{"page": "b.html", "anchor": "y1", "id": "y1", "set": "y"}],
        "b.html#y1": [{"page": "a.html", "anchor": "x1", "id": "x1", "set": "Икс"}],
        "a.html#x2": [{"page": "a.html", "anchor": "x3", "id": "x3", "set": "x"}],
        "a.html#x3": [{"page": "a.html", "anchor": "x2", "id": "x2", "set": "x"}]}


def test_prints_link_to_each_other_without_javascript(site):
    t2 = (site / "cards-t2.html").read_text(encoding="utf-8")
    p1 = (site / "cards-p1.html").read_text(encoding="utf-8")
    assert '<p class="prints">Другие печати: <a href="cards-p1.html#p1_1">p1_1 · Переиздание</a></p>' in t2
    assert '<p class="prints">Другие печати: <a href="cards-t2.html#t2_1">t2_1 · Второй выпуск</a></p>' in p1
    assert '<a href="cards-t2.html#t2_2">t2_2 · Второй выпуск</a>' in p1   # «Тихий сборщик» too
    assert t2.count('class="prints"') == 2 and 'href="cards-t1.html#' not in p1   # no print of another name


def test_a_print_link_opens_the_other_print(site, page, tmp_path):
    page.goto((site / "cards-p1.html").as_uri() + "#p1_1")
    page.click("#p1_1 .prints a")
    page.wait_for_load_state("load")
    assert page.url.endswith("cards-t2.html#t2_1")
    assert page.locator(":target").get_attribute("id") == "t2_1"
    page.locator("#t2_1 .prints a").wait_for()
    assert page.locator("#t2_1 .prints a").get_attribute("href") == "cards-p1.html#p1_1"


def test_previous_and_next_card(site, page, tmp_path):
    page.goto((site / "cards-t1.html").as_uri() + "#t1_2")
    nav = page.locator("#t1_2 nav.cardnav")
    nav.wait_for()
    assert nav.get_attribute("aria-label") == "Соседние карты: <script>alert(1)</script>"
    assert nav.locator("a[rel=prev]").inner_text() == "← Сумрачный загонщик"
    assert nav.locator("a[rel=prev]").get_attribute("href") == "#t1_1"
    assert nav.locator("a[rel=next]").inner_text() == "Чистый лучник →"
    # the nav comes after every drawn part of the entry
    assert page.locator("#t1_2 > *").last.evaluate("n => n.className") == "cardnav"
    page.screenshot(path=str(shots(tmp_path) / "cardnav-desktop.png"))
    nav.locator("a[rel=next]").click()
    assert page.url.endswith("#t1_3")
    last = page.locator("#t1_3 nav.cardnav")
    last.wait_for()
    pages = [p.get_attribute("href") for p in page.locator("#pager a[rel=next]").all()]
    assert last.locator("a[rel=next]").inner_text() == "следующая страница →"
    assert last.locator("a[rel=next]").get_attribute("href") == pages[0]
    page.goto((site / "cards-p1.html").as_uri() + "#p1_1")
    first = page.locator("#p1_1 nav.cardnav")
    first.wait_for()
    assert first.locator("a[rel=prev]").count() == (1 if page.locator("#pager a[rel=prev]").count() else 0)


def test_phone_width_and_axe(site, page, tmp_path):
    script = axe_script()
    found = {}
    for width in (1366, PHONE["width"]):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto((site / "cards-t2.html").as_uri() + "#t2_1")
        page.locator("#t2_1 nav.cardnav").wait_for()
        assert no_sideways_scroll(page) <= width
        if width == PHONE["width"]:
            page.screenshot(path=str(shots(tmp_path) / "crosslinks-phone.png"))
        if script is None:
            continue
        violations = serious_violations(page, script)
        if violations:
            found[width] = violations
    if script is None:
        unavailable("axe-core не найден")
    assert found == {}
