"""The card pages as report.js draws them from their data, in Debian's Chromium: each part of an
entry, every card before printing, find-in-page text, fixes with icons, the layout faults of
issue 28 (sticky header over a target, shared link, a 425-letter word), and axe at two widths."""
from __future__ import annotations

import pytest

from report_fixtures import SECOND_SET_YAML, write_base
from test_report_browser import (unavailable, PHONE, axe_script, browser, build, launch, no_sideways_scroll, page,  # noqa: F401
                                 playwright, shots)

pytestmark = pytest.mark.browser

LONG = "Ы" * 425
LONG_YAML = f"""set: {{id: w1, name: Длинный выпуск}}
cards:
- id: w1_1
  name: "{LONG}"
  cost: 3
  text: '{{tap}}: Ранить цель на 1 - закрыть ее. Имеет "{{strike}}: ранить на 1".'
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("drawn")
    base = write_base(root / "base")
    (base / "t2.yaml").write_text(SECOND_SET_YAML, encoding="utf-8")
    (base / "w1.yaml").write_text(LONG_YAML, encoding="utf-8")
    return build(root, base)


def test_an_entry_is_drawn_with_stats_marks_findings_and_rewording(site, page):
    page.goto((site / "cards-t1.html").as_uri() + "#t1_2")
    card = page.locator("#t1_2")
    assert card.locator(".ctext .hl.sev-warning").first.get_attribute("title").startswith("BJ501: ")
    assert card.locator(".ctext sup.fref a").first.get_attribute("href") == "#t1_2~1"
    first = card.locator("ol.findings li").first
    assert first.get_attribute("id") == "t1_2~1" and first.get_attribute("class") == "sev-warning"
    assert first.locator(".code").inner_text() == "BJ501"
    assert first.locator(".sugg").inner_text() == "заменить - на —"
    assert card.locator(".rewording h3").inner_text() == "Предлагаемая редакция"
    assert card.locator(".rewording .diff del").first.inner_text() == "-"
    # the word diff keeps the spaces between words: the new text reads as the final text
    assert card.locator(".rewording .diff").evaluate(
        "d => [...d.childNodes].filter(n => n.nodeName !== 'DEL').map(n => n.textContent).join('')") \
        == card.locator("pre.final").inner_text()


def test_a_fix_shows_icons_not_placeholders(site, page):
    page.goto((site / "cards-w1.html").as_uri() + "#w1_1")
    quotes = page.locator("#w1_1 ol.findings li", has=page.locator(".code", has_text="BJ507"))
    ins = quotes.locator(".sugg ins")
    assert ins.locator("i.ico.i-strike[role=img][title='простой удар']").count() == 1
    # drawn as its symbol; the placeholder inside is drawn at size 0, for copying only
    assert ins.locator("i.ico").evaluate("i => getComputedStyle(i, '::before').content") == '"⚔"'
    assert ins.locator("i.ico").evaluate("i => getComputedStyle(i).fontSize") == "0px"


def test_every_card_is_drawn_before_printing_and_found_in_page_without_drawing(site, page):
    page.goto((site / "cards-t1.html").as_uri())
    # find-in-page reaches every card's name and text as markup, drawn or not
    names = page.eval_on_selector_all("article.card h2", "hs => hs.map(h => h.textContent)")
    assert len(names) == page.locator("article.card").count() and all(names)
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert page.locator("article.card[data-pending]").count() == 0
    assert page.locator("#t1_1 .reading").count() == 2


def test_a_425_letter_name_wraps_on_a_phone(site, page):
    page.set_viewport_size(PHONE)
    page.goto((site / "cards-w1.html").as_uri())
    page.wait_for_load_state("load")
    assert no_sideways_scroll(page) <= PHONE["width"]


def test_the_sticky_header_does_not_cover_a_link_target(site, page):
    page.set_viewport_size(PHONE)
    page.goto((site / "index.html").as_uri())
    page.wait_for_selector("#search-panel[data-ready]")
    page.click(".top-nav a[href='index.html#search-panel']")
    page.wait_for_timeout(300)
    header = page.evaluate("document.querySelector('.top').getBoundingClientRect().bottom")
    heading = page.evaluate("document.querySelector('#search-panel h2').getBoundingClientRect().top")
    assert heading >= header, (heading, header)


def test_a_shared_link_opens_at_its_results_and_the_error_tile_filters(site, page, tmp_path):
    page.set_viewport_size(PHONE)
    page.goto((site / "index.html").as_uri() + "#sev=warning")
    page.wait_for_selector("#search-panel[data-ready]")
    page.wait_for_function("document.querySelectorAll('#results li').length > 0")
    top = page.evaluate("document.getElementById('search-panel').getBoundingClientRect().top")
    assert 0 <= top < 200, top
    page.screenshot(path=str(shots(tmp_path) / "results-phone.png"))
    # a code's badge is coloured by its severity
    assert page.locator("#results li[data-id='t1_2'] .badge", has_text="BJ501").get_attribute("class") == "badge sev-warning"
    page.goto((site / "index.html").as_uri())
    link = page.locator(".tile.sev-warning a")
    assert link.get_attribute("href") == "index.html#sev=warning"


@pytest.mark.parametrize("width", [1366, 390])
def test_axe_on_a_drawn_card_page(site, page, width):
    script = axe_script()
    if script is None:
        unavailable("нет axe-core (npm install --no-save axe-core@4)")
    page.set_viewport_size({"width": width, "height": 900})
    page.goto((site / "cards-t1.html").as_uri())
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    page.add_script_tag(path=str(script))
    found = page.evaluate("axe.run().then(r => r.violations.filter(v => ['serious', 'critical'].includes(v.impact))"
                          ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', ')))")
    assert found == []
