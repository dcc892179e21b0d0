"""Issue 28: a changed card (report --compare OLD) links to its compare entry and shows what it
was — the old name, the old value of a stat — and the compare entry links back to the card; in
Debian's Chromium, axe at 1366 and 390 px. The versions are report_fixtures' (one change of each
class); a renamed card in the lossy style is added here («Новое имя» → straight quotes, « - »)."""
from __future__ import annotations

import re

import pytest

from report_fixtures import write_versions
from test_report_browser import unavailable, PHONE, axe_script, serious_violations, browser, build, no_sideways_scroll, page, playwright, shots  # noqa: F401

pytestmark = pytest.mark.browser

LOSSY_OLD = """set: {id: v2, name: Вторые версии}
cards:
- id: v2_1
  name: Лучник "старый"
  cost: 2
  text: "{tap}: Выстрел на 1 - закрыть ее"
"""
LOSSY_NEW = LOSSY_OLD.replace('Лучник "старый"', 'Лучник "новый"').replace("cost: 2", "cost: 3")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("changed")
    old, new = write_versions(root)
    (old / "v2.yaml").write_text(LOSSY_OLD, encoding="utf-8")
    (new / "v2.yaml").write_text(LOSSY_NEW, encoding="utf-8")
    return build(root, new, "--compare", old)


def was_of(page_html: str, anchor: str) -> str:
    article = re.search(rf'<article class="card" id="{anchor}">.*?</article>', page_html, re.S).group()
    found = re.search(r'<p class="was">.*?</p>', article, re.S)
    return found.group() if found else ""


def test_a_changed_card_shows_its_old_name_and_values_without_javascript(site):
    v1 = (site / "cards-v1.html").read_text(encoding="utf-8")
    v2 = (site / "cards-v2.html").read_text(encoding="utf-8")
    assert was_of(v1, "v1_5") == ('<p class="was"><a href="changes.html#change-v1_5">Изменение в сравнении: '
                                  'название</a>; прежнее название: <del>Старое имя</del></p>')
    assert was_of(v1, "v1_4") == ('<p class="was"><a href="changes.html#change-v1_4">Изменение в сравнении: '
                                  'характеристики</a>; было: стоимость <del>3</del> → <ins>4</ins></p>')
    assert was_of(v1, "v1_6") == ('<p class="was"><a href="changes.html#change-v1_6">Новая карта — в сравнении: '
                                  'новая карта</a></p>')
    assert was_of(v1, "v1_3").startswith('<p class="was"><a href="changes.html#change-v1_3">Изменение в сравнении: смысл')
    assert was_of(v2, "v2_1") == ('<p class="was"><a href="changes.html#change-v2_1">Изменение в сравнении: '
                                  'характеристики, название</a>; прежнее название: <del>Лучник &#34;старый&#34;</del>; '
                                  'было: стоимость <del>2</del> → <ins>3</ins></p>')
    changes = (site / "changes.html").read_text(encoding="utf-8")
    # and back: the compare entry's title is a link to the card
    assert '<h3><a href="cards-v1.html#v1_5">Новое имя</a></h3>' in changes
    assert '<h3><a href="cards-v2.html#v2_1">Лучник &#34;новый&#34;</a></h3>' in changes


def test_a_report_without_compare_has_no_such_line(tmp_path):
    from report_fixtures import write_base

    site = build(tmp_path, write_base(tmp_path / "base"))
    assert 'class="was"' not in (site / "cards-t1.html").read_text(encoding="utf-8")


def test_card_to_compare_entry_and_back(site, page, tmp_path):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto((site / "cards-v1.html").as_uri() + "#v1_5")
    assert page.inner_text("#v1_5 .was") == "Изменение в сравнении: название; прежнее название: Старое имя"
    page.locator("#v1_5").screenshot(path=str(shots(tmp_path) / "changed-card-entry.png"))
    page.click("#v1_5 .was a")
    page.wait_for_load_state("load")
    assert page.url.endswith("changes.html#change-v1_5")
    assert page.locator(":target").get_attribute("id") == "change-v1_5"
    assert page.locator(":target").is_visible()
    page.click("#change-v1_5 h3 a")
    page.wait_for_load_state("load")
    assert page.url.endswith("cards-v1.html#v1_5")
    assert page.locator(":target h2").inner_text() == "Новое имя"


def test_changed_cards_at_both_widths_and_axe(site, page, tmp_path):
    script = axe_script()
    found = {}
    for width in (1366, PHONE["width"]):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto((site / "cards-v2.html").as_uri() + "#v2_1")
        page.locator("#v2_1 .was").wait_for()
        assert no_sideways_scroll(page) <= width
        if width == PHONE["width"]:
            page.screenshot(path=str(shots(tmp_path) / "changed-card-phone.png"))
        if script is None:
            continue
        violations = serious_violations(page, script)
        if violations:
            found[width] = violations
    if script is None:
        unavailable("axe-core не найден")
    assert found == {}
