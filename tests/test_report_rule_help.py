"""Issue 28: rule help beside each finding (why, bad and good example) and the rule catalogue
rendered into the site (rules.html), from the registry `berserk-judge rule` reads; in Chromium."""
from __future__ import annotations

import pytest

from berserk_judge.lint.registry import all_rules, get_rule
from report_fixtures import write_base
from berserk_judge.reports.html.rule_help import help_data, rule_entries
from test_report_browser import unavailable, PHONE, axe_script, serious_violations, browser, build, launch, no_sideways_scroll, page, playwright, shots  # noqa: F401

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("rules")
    return build(root, write_base(root / "base"))


def test_the_catalogue_is_the_registry():
    entries = rule_entries()
    assert [e["code"] for e in entries] == sorted(r.code for r in all_rules())
    bj501 = next(e for e in entries if e["code"] == "BJ501")
    doc = get_rule("BJ501").doc()
    assert (bj501["why"], bj501["bad"], bj501["good"]) == (doc.why, doc.bad, doc.good)
    assert help_data(entries)["BJ501"] == [get_rule("BJ501").name, bj501["summary"], doc.why, doc.bad, doc.good]


def test_rules_page_has_an_anchor_per_rule_without_javascript(site):
    html = (site / "rules.html").read_text(encoding="utf-8")
    for rule in all_rules():
        assert f'<section class="rule-entry panel" id="{rule.code}"' in html
    assert '<a href="rules.html" aria-current="page">Правила</a>' in html
    assert '<a href="rules.html">Правила</a>' in (site / "index.html").read_text(encoding="utf-8")


def test_a_finding_links_to_its_rule_and_explains_it(site, page, tmp_path):
    page.goto((site / "cards-t1.html").as_uri() + "#t1_2")
    first = page.locator("#t1_2 ol.findings li").first
    assert first.locator("a.code").inner_text() == "BJ501"
    assert first.locator("a.code").get_attribute("href") == "rules.html#BJ501"
    help_box = first.locator("details.rule-help")
    assert help_box.locator("summary").inner_text() == "Почему это важно · " + get_rule("BJ501").name
    assert not help_box.locator("pre.bad").is_visible()
    help_box.locator("summary").click()
    doc = get_rule("BJ501").doc()
    assert help_box.locator("pre.bad").inner_text() == doc.bad
    assert help_box.locator("pre.good").inner_text() == doc.good
    page.screenshot(path=str(shots(tmp_path) / "rule-help-desktop.png"))
    help_box.locator("a.rule-link").click()
    page.wait_for_load_state("load")
    assert page.url.endswith("rules.html#BJ501")
    target = page.locator(":target")
    assert target.get_attribute("id") == "BJ501"
    # the sticky header leaves the rule's heading visible
    top = page.evaluate("document.getElementById('BJ501-h').getBoundingClientRect().top")
    header = page.evaluate("document.querySelector('header.top').getBoundingClientRect().bottom")
    assert top >= header - 1
    page.screenshot(path=str(shots(tmp_path) / "rules-desktop.png"))


def test_phone_width_and_axe(site, page, tmp_path):
    page.set_viewport_size(PHONE)
    found = {}
    script = axe_script()
    for url, opened in [((site / "rules.html").as_uri() + "#BJ101", False),
                        ((site / "cards-t1.html").as_uri() + "#t1_2", True)]:
        for width in (1366, PHONE["width"]):
            page.set_viewport_size({"width": width, "height": 844})
            page.goto(url)
            if opened:
                page.locator("#t1_2 details.rule-help summary").first.click()
            assert no_sideways_scroll(page) <= width
            if width == PHONE["width"]:
                page.screenshot(path=str(shots(tmp_path) / f"rules-phone-{'card' if opened else 'page'}.png"))
            if script is None:
                continue
            violations = serious_violations(page, script)
            if violations:
                found[(url, width)] = violations
    if script is None:
        unavailable("axe-core не найден")
    assert found == {}
