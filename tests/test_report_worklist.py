"""Issue 28: findings an editor can work through (findings.html) — filters with live counts (has
findings, several codes at once, severity), sort by card, code and severity, one row per finding
with a CSV made in the page, and triage kept in the browser and downloaded as `# noqa` lines or
per-file-ignores that really silence the finding; in Debian's Chromium, axe at 1366 and 390 px."""
from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from berserk_judge.cli.lint_cmd import lint
from berserk_judge.cli.report_cmd import report
from report_fixtures import SECOND_SET_YAML, write_base
from berserk_judge.reports.html import worklist
from test_report_browser import unavailable, PHONE, axe_script, serious_violations, browser, no_sideways_scroll, page, playwright, shots  # noqa: F401

pytestmark = pytest.mark.browser

# a third set in the lossy style (straight quotes, « - », features on one line) and a formula-like name
LOSSY_YAML = """set: {id: q1, name: Без ёлочек}
cards:
- id: q1_1
  name: "=СУММ(1)"
  text: 'Вначале хода - ранить цель на 1. {tap}: закрыть "цель" - ранить ее на 1.'
- id: q1_2
  name: Тихий
  text: 'Броня 1.'
"""


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    root = tmp_path_factory.mktemp("worklist")
    base = write_base(root / "base")
    (base / "t2.yaml").write_text(SECOND_SET_YAML, encoding="utf-8")
    (base / "q1.yaml").write_text(LOSSY_YAML, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def site(root):
    import os

    here = os.getcwd()
    os.chdir(root)     # the report names files relative to the current folder, as `lint` does
    try:
        result = CliRunner().invoke(report, ["base", "--out", "site"])
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    return root / "site"


def findings_of(site):
    model = json.loads((site / "report.json").read_text(encoding="utf-8"))
    return [(e["id"], e["name"], e["path"], f) for e in model["cards"] for f in e["findings"]]


def open_worklist(page, site, width=1366):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto((site / "findings.html").as_uri())
    page.wait_for_selector("#worklist[data-ready]")


def shown_rows(page):
    return page.locator("#wl-body tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].slice(0, 3).map(c => c.innerText.trim()))")


def test_the_data_is_one_short_row_per_finding(site):
    model = json.loads((site / "report.json").read_text(encoding="utf-8"))
    data = worklist.build(model)
    all_findings = findings_of(site)
    assert len(data["rows"]) == len(all_findings) == model["summary"]["findings"]
    cards = [e["id"] for e in model["cards"]]
    assert [(cards[r[0]], data["codes"][r[1]], data["messages"][r[3]], r[4]) for r in data["rows"]] == [
        (cid, f["code"], f["message"], f["line"]) for cid, _, _, f in all_findings]
    assert (site / "findings-data.js").read_text(encoding="utf-8").startswith("window.BJ_FINDINGS = JSON.parse(")


def test_filters_have_live_counts_and_combine_codes(site, page, tmp_path):
    open_worklist(page, site)
    everything = findings_of(site)
    assert page.locator("#wl-status").inner_text() == f"Находок: {len(everything)} из {len(everything)}"
    codes = sorted({f["code"] for *_, f in everything})
    assert len(codes) >= 3
    counts = lambda: dict(page.locator("#wl-codes label").evaluate_all(
        "ls => ls.map(l => [l.querySelector('input').value, l.querySelector('.count').textContent])"))
    assert counts() == {c: f"({sum(f['code'] == c for *_, f in everything)})" for c in codes}
    # two codes at once: their union; the other codes' counts say what ticking them would add
    first, second = codes[0], codes[1]
    page.check(f"#wl-codes input[value={first}]")
    page.check(f"#wl-codes input[value={second}]")
    wanted = [(cid, f["code"]) for cid, _, _, f in everything if f["code"] in (first, second)]
    assert [(row[0].split()[-1], row[1]) for row in shown_rows(page)] == wanted
    assert counts()[codes[2]] == f"({sum(f['code'] == codes[2] for *_, f in everything)})"
    # severity counts follow the chosen codes
    sev = dict(page.locator("#wl-sevs label").evaluate_all(
        "ls => ls.map(l => [l.querySelector('input').value, l.querySelector('.count').textContent])"))
    assert sev == {s: f"({sum(f['severity'] == s and f['code'] in (first, second) for *_, f in everything)})"
                   for s in ("error", "warning", "info")}
    page.screenshot(path=str(shots(tmp_path) / "worklist-filtered-desktop.png"), full_page=True)
    page.click("#wl-reset")
    page.check("#wl-sevs input[value=info]")
    assert {row[2] for row in shown_rows(page)} == {"сведение"}
    assert page.locator("#wl-status").inner_text() == \
        f"Находок: {sum(f['severity'] == 'info' for *_, f in everything)} из {len(everything)}"


def test_sort_by_code_and_severity_and_the_card_view(site, page):
    open_worklist(page, site)
    everything = findings_of(site)
    page.select_option("#wl-sort", "code")
    assert [row[1] for row in shown_rows(page)] == sorted(f["code"] for *_, f in everything)
    page.select_option("#wl-sort", "severity")
    rank = {"ошибка": 0, "предупреждение": 1, "сведение": 2}
    shown = [rank[row[2]] for row in shown_rows(page)]
    assert shown == sorted(shown) and shown[0] == min(rank[{"error": "ошибка", "warning": "предупреждение",
                                                             "info": "сведение"}[f["severity"]]] for *_, f in everything)
    page.select_option("#wl-sort", "card")
    page.check("input[name=view][value=cards]")
    with_findings = list(dict.fromkeys(cid for cid, *_ in everything))
    assert [row[0].split()[-1] for row in shown_rows(page)] == with_findings
    page.uncheck("#wl-has")
    model = json.loads((site / "report.json").read_text(encoding="utf-8"))
    rows = shown_rows(page)
    assert len(rows) == len(model["cards"])
    assert any(row[2] == "замечаний нет" for row in rows)


def test_csv_is_made_in_the_page_one_row_per_finding(site, page, tmp_path):
    open_worklist(page, site)
    with page.expect_download() as info:
        page.click("#wl-csv")
    download = info.value
    assert download.suggested_filename == "findings.csv"
    text = open(download.path(), encoding="utf-8-sig").read()
    table = list(csv.reader(io.StringIO(text)))
    assert table[0] == ["карта", "название", "выпуск", "файл", "строка", "столбец", "код", "важность",
                        "сообщение", "разбор", "причина"]
    sev_ru = {"error": "ошибка", "warning": "предупреждение", "info": "сведение"}
    expected = [[cid, ("'" + name) if name[:1] in "=+-@" else name, cid.split("_")[0], path, str(f["line"]),
                 str(f["column"]), f["code"], sev_ru[f["severity"]], f["message"], "", ""]
                for cid, name, path, f in findings_of(site)]
    assert table[1:] == expected
    assert any(row[1] == "'=СУММ(1)" for row in table[1:])      # a name a spreadsheet would run stays text
    assert any("<script>" in row[1] for row in table[1:])        # the hostile name, as text


def test_triage_is_kept_and_downloads_lines_that_silence_it(site, root, page, tmp_path):
    open_worklist(page, site)
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("#worklist[data-ready]")
    everything = findings_of(site)
    target = next(i for i, (cid, *_ , f) in enumerate(everything) if cid == "t1_2")
    cid, name, path, finding = everything[target]
    row = page.locator("#wl-body tr").nth(target)
    row.locator("select").select_option("false")
    row.locator("input").fill("так и задумано")
    other = next(i for i, (c, *_ , f) in enumerate(everything) if c == "q1_1")
    page.locator("#wl-body tr").nth(other).locator("select").select_option("wontfix")
    assert page.locator("#wl-triage-status").inner_text() == \
        "Разобрано 2 находки: ложная тревога — 1, не исправлять — 1."
    page.screenshot(path=str(shots(tmp_path) / "worklist-triage-desktop.png"))
    # kept in the browser: a reload shows the same marks; the filter finds them
    page.reload()
    page.wait_for_selector("#worklist[data-ready]")
    row = page.locator("#wl-body tr").nth(target)
    assert row.locator("select").input_value() == "false"
    assert row.locator("input").input_value() == "так и задумано"
    page.select_option("#wl-triaged", "open")
    assert page.locator("#wl-body tr").count() == len(everything) - 2
    page.select_option("#wl-triaged", "false")
    assert [r[0].split()[-1] for r in shown_rows(page)] == ["t1_2"]
    with page.expect_download() as info:
        page.click("#wl-noqa")
    noqa = open(info.value.path(), encoding="utf-8").read()
    assert f"#   {finding['code']}: ложная тревога — так и задумано" in noqa
    assert f"# {path}:" in noqa and f"t1_2 «{name}»" in noqa
    assert f"# noqa: {finding['code']}\n" in noqa
    with page.expect_download() as info:
        page.click("#wl-ignores")
    ignores = open(info.value.path(), encoding="utf-8").read()
    q1_codes = sorted({f["code"] for c, *_, f in everything if c == "q1_1"} & {everything[other][3]["code"]})
    assert f'"{path}" = ["{finding["code"]}"]' in ignores
    assert f'"base/q1.yaml" = [{", ".join(json.dumps(c) for c in q1_codes)}]' in ignores
    # the settings lines silence exactly those findings: lint with them as berserk-judge.toml
    import os

    def lint_here():
        here = os.getcwd()
        os.chdir(root)
        try:
            result = CliRunner().invoke(lint, ["base", "--format", "json"])
        finally:
            os.chdir(here)
        return {(f["card"], f["code"]) for f in json.loads(result.stdout)}

    before = lint_here()
    assert ("t1_2", finding["code"]) in before and ("q1_1", q1_codes[0]) in before
    (root / "berserk-judge.toml").write_text(ignores, encoding="utf-8")
    try:
        left = lint_here()
    finally:
        (root / "berserk-judge.toml").unlink()
    assert ("t1_2", finding["code"]) not in left and ("q1_1", q1_codes[0]) not in left
    assert left and left < before   # the other findings stay


def test_phone_width_and_axe(site, page, tmp_path):
    script = axe_script()
    found = {}
    for width in (1366, PHONE["width"]):
        open_worklist(page, site, width)
        page.locator("#wl-body tr select").first.select_option("wontfix")
        assert no_sideways_scroll(page) <= width
        if width == PHONE["width"]:
            page.screenshot(path=str(shots(tmp_path) / "worklist-phone.png"), full_page=True)
        page.check("input[name=view][value=cards]")
        for view in ("findings", "cards"):
            page.check(f"input[name=view][value={view}]")
            if script is None:
                continue
            violations = serious_violations(page, script)
            if violations:
                found[(width, view)] = violations
    if script is None:
        unavailable("axe-core не найден")
    assert found == {}
