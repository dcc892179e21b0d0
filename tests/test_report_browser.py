"""The report in a real browser: Debian's Chromium driven by Playwright, no browser download.

Skipped, with the reason, only where Playwright or /usr/bin/chromium is missing
or Chromium cannot start. Screenshots go to the test's temp folder, or to
$BJ_REPORT_SCREENSHOTS when set (to look at them).
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.report_cmd import report
from report_fixtures import write_base

CHROMIUM = Path(os.environ.get("BJ_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DEMO = Path(__file__).resolve().parents[1] / "cardbase" / "demo"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("browser")
    base = write_base(root / "base")
    result = CliRunner().invoke(report, [str(DEMO), str(base), "--out", str(root / "site")])
    assert result.exit_code == 0, result.output
    return root / "site"


@pytest.fixture(scope="module")
def playwright():
    sync_api = pytest.importorskip("playwright.sync_api", reason="нет Playwright для Python (pip install -e '.[test]')")
    if not CHROMIUM.exists():
        pytest.skip(f"Chromium не найден: {CHROMIUM} (Debian: apt-get install chromium; .ci/run ставит его сам)")
    manager = sync_api.sync_playwright().start()
    yield manager
    manager.stop()


def launch(playwright, profile: Path, **options):
    """Debian's Chromium with a fresh profile; skip the test when it cannot start."""
    try:
        return playwright.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), args=ARGS, headless=True,
            viewport={"width": 1280, "height": 900}, **options)
    except Exception as exc:  # noqa: BLE001 - any launch failure means: cannot test here
        pytest.skip(f"Chromium не запускается: {str(exc).splitlines()[0]}")


@pytest.fixture(scope="module")
def browser(playwright, tmp_path_factory):
    context = launch(playwright, tmp_path_factory.mktemp("chromium-profile"))
    yield context
    context.close()


@pytest.fixture
def page(browser):
    page = browser.new_page()
    page.dialogs = []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    yield page
    page.close()


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("BJ_REPORT_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def visible_rows(page) -> list[str]:
    return page.eval_on_selector_all("#results li", "rows => rows.map(r => r.dataset.id)")


def test_search_by_name_shows_that_card_only(site, page, tmp_path):
    page.goto((site / "index.html").as_uri())
    page.wait_for_selector("#search-panel[data-ready]")
    assert visible_rows(page) == []
    started = time.perf_counter()
    page.fill("#q", "кузнец-оборотень")
    page.wait_for_function("document.querySelectorAll('#results li').length === 1")
    elapsed = time.perf_counter() - started
    assert visible_rows(page) == ["d2_2"]
    assert page.inner_text("#results li a") == "Кузнец-оборотень"
    total = len(json.loads((site / "report.json").read_text(encoding="utf-8"))["cards"])
    assert page.inner_text("#status") == f"Найдено: 1 из {total}"
    assert "q=%D0%BA" in page.url or "q=кузнец" in page.url
    print(f"поиск по названию в Chromium: {elapsed * 1000:.0f} мс")
    assert elapsed < 2.0, elapsed
    page.screenshot(path=str(shots(tmp_path) / "search.png"))


def test_code_filter_and_url_state(site, page):
    model = json.loads((site / "report.json").read_text(encoding="utf-8"))
    expected = sorted(e["id"] for e in model["cards"] if "BJ101" in e["codes"])
    assert len(expected) >= 3
    page.goto((site / "index.html").as_uri())
    page.wait_for_selector("#search-panel[data-ready]")
    page.select_option("#code", "BJ101")
    page.wait_for_function(f"document.querySelectorAll('#results li').length === {len(expected)}")
    assert sorted(visible_rows(page)) == expected
    assert page.url.endswith("#code=BJ101")
    page.fill("#q", "закрыть")
    page.wait_for_function("location.hash.includes('q=')")
    url = page.url
    narrowed = sorted(visible_rows(page))
    assert narrowed and set(narrowed) <= set(expected)
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector("#search-panel[data-ready]")
    assert page.input_value("#code") == "BJ101" and page.input_value("#q") == "закрыть"
    assert sorted(visible_rows(page)) == narrowed


def test_open_a_card_anchor(site, page, tmp_path):
    page.goto((site / "cards-d2.html").as_uri() + "#d2_2")
    target = page.locator(":target")
    assert target.get_attribute("id") == "d2_2"
    assert target.is_visible()
    # the browser scrolls to the anchor after layout: wait for it (a loaded machine is slow)
    page.wait_for_function("(() => { const r = document.querySelector(':target').getBoundingClientRect();"
                           " return r.top >= 0 && r.top < 300; })()", timeout=10_000)
    assert page.locator("#d2_2 .reading").count() == 2
    page.screenshot(path=str(shots(tmp_path) / "card-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto((site / "cards-d2.html").as_uri() + "#d2_1")
    page.wait_for_load_state("load")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    page.screenshot(path=str(shots(tmp_path) / "card-phone.png"))
    page.goto((site / "index.html").as_uri())
    page.screenshot(path=str(shots(tmp_path) / "index-phone.png"), full_page=True)
    assert (shots(tmp_path) / "card-phone.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_html_in_a_card_renders_as_text(site, page):
    page.goto((site / "cards-t1.html").as_uri() + "#t1_2")
    assert page.inner_text("#t1_2 h2") == "<script>alert(1)</script>"
    assert '<b>жирно</b> <script>alert(' in page.inner_text("#t1_2 .ctext")
    assert page.locator("#t1_2 .ctext b, #t1_2 .ctext script").count() == 0
    page.goto((site / "index.html").as_uri() + "#q=alert")
    page.wait_for_selector("#search-panel[data-ready]")
    assert visible_rows(page) == ["t1_2"]
    assert page.inner_text("#results li a") == "<script>alert(1)</script>"
    assert page.dialogs == []


def test_readable_without_javascript(site, playwright, tmp_path):
    context = launch(playwright, tmp_path / "profile", java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto((site / "index.html").as_uri())
        assert not page.locator("#search-panel").is_visible()
        assert page.locator("svg.chart").is_visible()
        page.click("text=карты (14)")
        assert page.url.endswith("cards-d2.html")
        assert page.locator("article.card").count() == 14
    finally:
        context.close()


def test_a_bar_of_the_chart_filters_by_its_code(site, page):
    page.goto((site / "index.html").as_uri())
    page.wait_for_selector("#search-panel[data-ready]")
    page.click('svg.chart a[href="index.html#code=BJ101"] rect')
    page.wait_for_function("document.querySelectorAll('#results li').length > 0")
    assert page.input_value("#code") == "BJ101"
    assert page.evaluate("document.getElementById('search-panel').getBoundingClientRect().top") < 100
