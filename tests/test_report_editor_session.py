"""Issue 36: an editor's session with the worklist (findings.html), as it goes on a corpus set.

Filter (codes and set, kept in the URL), mark four findings (by mouse, and by keyboard — the arrow
keys only move the choice, Enter records it), edit the base (the set's first card deleted, so every
line below moves; one marked finding fixed in its text), rebuild the report into the same folder,
reload, export. The three marks of unchanged findings are kept (they were keyed by line and column
and three of eight were lost in one rebuild); the fixed one is reported as a mark without a finding,
exported with the rest, and removed on request; a file of marks loads back. Marks of the first
worklist («id|code|line|column» in localStorage) move to their finding where that is certain.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from berserk_judge.cardbase.importer import run_import
from berserk_judge.cardbase.load import load_base
from berserk_judge.cli.report_cmd import report
from test_report_browser import PHONE, browser, launch, no_sideways_scroll, page, playwright, shots, unavailable  # noqa: F401

pytestmark = pytest.mark.browser
SET_FILE = "s1-voina-stihiy.jsonl"


def build(root: Path) -> dict:
    """`report base --out site` run in `root` (files are named relative to it, as `lint` names them)."""
    here = os.getcwd()
    os.chdir(root)
    try:
        result = CliRunner().invoke(report, ["base", "--out", "site"])
    finally:
        os.chdir(here)
    assert result.exit_code == 0, result.output
    return json.loads((root / "site" / "report.json").read_text(encoding="utf-8"))


def quoted(text: str) -> str:
    """A text as `import` writes it in YAML: single-quoted."""
    return "'" + text.replace("'", "''") + "'"


def card_block(yaml_text: str, card: str) -> tuple[int, int]:
    found = re.search(rf"^- id: '?{re.escape(card)}'?\n", yaml_text, re.M)
    end = yaml_text.find("\n- id:", found.start() + 1)
    return found.start(), len(yaml_text) if end < 0 else end + 1


def fixed_in_yaml(yaml_text: str, card: str, text: str, finding: dict) -> str | None:
    """The set file with the finding's suggestion applied to the card's text, as an editor types it
    (the line of a `text: |-` block, or the quoted one-line text); None where that is not one place."""
    start, end = card_block(yaml_text, card)
    block = yaml_text[start:end]
    new = text[:finding["start"]] + finding["suggestion"] + text[finding["end"]:]
    if "\n" in text:
        at = text.rfind("\n", 0, finding["start"]) + 1
        line_end = text.find("\n", at)
        old_line = "    " + text[at:None if line_end < 0 else line_end] + "\n"
        new_line = "    " + new[at:None if new.find("\n", at) < 0 else new.find("\n", at)] + "\n"
    else:
        old_line, new_line = "  text: " + quoted(text) + "\n", "  text: " + quoted(new) + "\n"
    if block.count(old_line) != 1:
        return None
    return yaml_text[:start] + block.replace(old_line, new_line) + yaml_text[end:]


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    from conftest import CORPUS

    if not (CORPUS / SET_FILE).is_file():
        unavailable(f"корпус не найден: {CORPUS / SET_FILE}")
    root = tmp_path_factory.mktemp("editor")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BERSERK_JUDGE_CACHE_DIR", str(root / "cache"))
        run_import([CORPUS / SET_FILE], root / "base")
        model = build(root)
    [yaml_file] = (root / "base").glob("*.yaml")
    texts = {c.id: c.text or "" for c in load_base([str(yaml_file)]).cards}
    cards = model["cards"]
    first = cards[0]["id"]                       # deleted by the edit: every line below it moves

    def unique(entry, f):
        return sum(g["code"] == f["code"] for g in entry["findings"]) == 1

    candidates = [(e["id"], f) for e in cards[1:] for f in e["findings"] if unique(e, f)]
    yaml_text = yaml_file.read_text(encoding="utf-8")
    fixed = next((cid, f) for cid, f in candidates
                 if f["suggestion"] and fixed_in_yaml(yaml_text, cid, texts[cid], f) is not None)
    kept, used = [], {fixed[0]}
    for cid, f in candidates:
        if cid not in used and len(kept) < 3:
            kept.append((cid, f))
            used.add(cid)
    return {"root": root, "yaml": yaml_file, "texts": texts, "first": first, "kept": kept, "fixed": fixed}


def open_worklist(page, root: Path, fragment: str = "") -> None:
    page.goto((root / "site" / "findings.html").as_uri() + fragment)
    page.wait_for_selector("#worklist[data-ready]")


def row(page, card: str, code: str):
    """The worklist row of a card's finding of `code` (one per card: the session picks such findings)."""
    rows = page.locator("#wl-body tr").filter(has=page.locator(f"td:first-child .cid:text-is('{card}')")) \
        .filter(has=page.locator(f"td:nth-child(2) a:text-is('{code}')"))
    assert rows.count() == 1, (card, code, rows.count())
    return rows.first


def stored(page) -> dict:
    return page.evaluate("""(() => { const key = 'berserk-judge:triage:' + location.pathname.replace(/[^/]*$/, '');
        return JSON.parse(localStorage.getItem(key) || '{}'); })()""")


def downloaded(page, link: str) -> str:
    with page.expect_download() as info:
        page.click(link)
    return Path(info.value.path()).read_text(encoding="utf-8-sig")


def test_marks_survive_an_edit_that_moves_lines_and_the_gone_one_is_reported(session, page, tmp_path):  # noqa: F811
    root, kept, fixed = session["root"], session["kept"], session["fixed"]
    marked = kept + [fixed]
    codes = sorted({f["code"] for _, f in marked})
    open_worklist(page, root)
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_selector("#worklist[data-ready]")
    # filter: the codes of the findings to mark, and the set
    if not page.evaluate("document.getElementById('wl-codes-box').open"):
        page.click("#wl-codes-box summary")
    for code in codes:
        page.check(f"#wl-codes input[value={code}]")
    page.select_option("#wl-set", "s1")
    assert page.url.endswith("#code=" + "%2C".join(codes) + "&set=s1")
    model = json.loads((root / "site" / "report.json").read_text(encoding="utf-8"))
    wanted = sum(f["code"] in codes for e in model["cards"] for f in e["findings"])
    total = model["summary"]["findings"]
    assert page.inner_text("#wl-status") == f"Находок: {wanted} из {total}"
    places = {cid: row(page, cid, f["code"]).locator("td.place").inner_text() for cid, f in kept}
    # mark: by mouse, with a reason; by keyboard (the arrows only move the choice); by mouse twice
    (a, fa), (b, fb), (c, fc) = kept
    row(page, a, fa["code"]).locator("select").select_option("false")
    row(page, a, fa["code"]).locator("input").fill("так задумано")
    select = row(page, b, fb["code"]).locator("select")
    select.focus()
    page.keyboard.press("ArrowDown")
    assert len(stored(page)["marks"]) == 1                  # ArrowDown marked nothing
    assert row(page, b, fb["code"]).locator(".wl-pending").is_visible()
    page.keyboard.press("Escape")
    assert select.input_value() == "" and len(stored(page)["marks"]) == 1
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert select.input_value() == "wontfix" and len(stored(page)["marks"]) == 2
    row(page, c, fc["code"]).locator("select").select_option("false")
    row(page, fixed[0], fixed[1]["code"]).locator("select").select_option("wontfix")
    assert page.inner_text("#wl-triage-status") == "Разобрано 4 находки: ложная тревога — 2, не исправлять — 2."
    page.screenshot(path=str(shots(tmp_path) / "session-marked.png"))

    # the edit: the first card deleted (every card below moves up), the fixed finding's text corrected
    yaml_file, texts = session["yaml"], session["texts"]
    text = yaml_file.read_text(encoding="utf-8")
    start = re.search(rf"^- id: '?{re.escape(session['first'])}'?\n", text, re.M).start()
    text = text[:start] + text[text.index("\n- id:", start + 1) + 1:]
    cid, f = fixed
    text = fixed_in_yaml(text, cid, texts[cid], f)
    yaml_file.write_text(text, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BERSERK_JUDGE_CACHE_DIR", str(root / "cache"))
        build(root)

    # reload: the filters from the URL, the marks of the unchanged findings, the fixed one reported
    page.reload()
    page.wait_for_selector("#worklist[data-ready]")
    assert page.url.endswith("#code=" + "%2C".join(codes) + "&set=s1")
    assert sorted(page.eval_on_selector_all("#wl-codes input:checked", "xs => xs.map(x => x.value)")) == codes
    assert page.input_value("#wl-set") == "s1"
    for (card, finding), status in zip(kept, ("false", "wontfix", "false")):
        r = row(page, card, finding["code"])
        assert r.locator("td.place").inner_text() != places[card]     # its line moved …
        assert r.locator("select").input_value() == status            # … and its mark stayed
    assert row(page, a, fa["code"]).locator("input").input_value() == "так задумано"
    assert page.locator("#wl-body tr").filter(has=page.locator(f"td:first-child .cid:text-is('{cid}')")) \
        .filter(has=page.locator(f"td:nth-child(2) a:text-is('{f['code']}')")).count() == 0
    assert page.inner_text("#wl-triage-status") == ("Разобрано 3 находки: ложная тревога — 2, не исправлять — 1. "
                                                    "Без находки: 1 отметка (список ниже).")
    assert page.locator("#wl-gone").is_visible()
    assert page.inner_text("#wl-gone-h") == "Отметки без находки: 1"
    gone = page.inner_text("#wl-gone-list li")
    assert gone.startswith(f"{cid} «") and f" · {f['code']} " in gone and "не исправлять" in gone
    page.screenshot(path=str(shots(tmp_path) / "session-rebuilt.png"), full_page=True)

    # export: the # noqa lines of the kept marks, and every mark as a file (the gone one too)
    noqa = downloaded(page, "#wl-noqa")
    assert all(f"— {card} «" in noqa for card, _ in kept) and f"— {cid} «" not in noqa
    marks = json.loads(downloaded(page, "#wl-marks"))
    assert marks["format"] == "berserk-judge-triage"
    assert sorted((m["card"], m["code"], m["status"], m["found"]) for m in marks["marks"]) == sorted(
        [(a, fa["code"], "false", True), (b, fb["code"], "wontfix", True), (c, fc["code"], "false", True),
         (cid, f["code"], "wontfix", False)])
    csv_text = downloaded(page, "#wl-csv")
    assert f"{a}," in csv_text and "так задумано" in csv_text
    # the gone one removed; then everything forgotten and loaded back from the file
    page.click("#wl-gone-list button")
    assert not page.locator("#wl-gone").is_visible()
    assert len(stored(page)["marks"]) == 3
    saved = tmp_path / "triage.json"
    saved.write_text(json.dumps(marks, ensure_ascii=False), encoding="utf-8")
    page.click("#wl-forget")
    assert stored(page)["marks"] == {}
    page.set_input_files("#wl-load", str(saved))
    page.wait_for_function("document.getElementById('wl-load-note').textContent.startsWith('Загружено')")
    assert page.inner_text("#wl-load-note") == "Загружено отметок: 4."
    assert row(page, b, fb["code"]).locator("select").input_value() == "wontfix"
    assert page.inner_text("#wl-gone-h") == "Отметки без находки: 1"
    page.set_viewport_size(PHONE)
    assert no_sideways_scroll(page) <= PHONE["width"]


def test_marks_of_the_first_worklist_move_to_their_findings_where_certain(session, page):  # noqa: F811
    """«id|code|line|column» marks: at the same place, or the card's only finding of the code at
    another line, they move; a card's code found twice elsewhere than marked cannot be told apart."""
    root = session["root"]
    model = json.loads((root / "site" / "report.json").read_text(encoding="utf-8"))
    by_card = {e["id"]: e for e in model["cards"]}
    (a, fa), (b, fb), _ = session["kept"]
    twice = next(e for e in model["cards"]
                 if any(sum(g["code"] == f["code"] for g in e["findings"]) > 1 for f in e["findings"]))
    code2 = next(f["code"] for f in twice["findings"] if sum(g["code"] == f["code"] for g in twice["findings"]) > 1)
    fa_now = next(f for f in by_card[a]["findings"] if f["code"] == fa["code"])
    old = {f"{a}|{fa['code']}|{fa_now['line']}|{fa_now['column']}": {"s": "false", "r": "старая"},   # the same place
           f"{b}|{fb['code']}|1|1": {"s": "wontfix", "r": ""},                                      # moved, one of its code
           f"{twice['id']}|{code2}|1|1": {"s": "false", "r": ""}}                                   # which of two?
    open_worklist(page, root)
    page.evaluate("""old => { localStorage.clear();
        localStorage.setItem('berserk-judge:triage:' + location.pathname.replace(/[^/]*$/, ''), JSON.stringify(old)); }""", old)
    page.reload()
    page.wait_for_selector("#worklist[data-ready]")
    assert row(page, a, fa["code"]).locator("select").input_value() == "false"
    assert row(page, a, fa["code"]).locator("input").input_value() == "старая"
    assert row(page, b, fb["code"]).locator("select").input_value() == "wontfix"
    assert page.inner_text("#wl-gone-h") == "Отметки без находки: 1"
    assert page.inner_text("#wl-gone-list li").startswith(f"{twice['id']} · {code2} «строка 1, столбец 1»")
    marks = stored(page)
    assert marks["v"] == 2 and len(marks["marks"]) == 3        # migrated once, the unsure one kept as it was
