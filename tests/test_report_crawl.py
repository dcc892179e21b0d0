"""Every link of the report opens (issue 36): the worklist shipped with 200 of 200 card links
`0#undefined` and no test followed one.

Three sites of the corpus as a user builds them — `import` with the judges' rulings, then
`report`, `report --all` and `report --compare` against an older copy — are crawled in Debian's
Chromium from index.html, at the desktop (1366×900) and the phone (390×844) width. On every page
everything the page draws is drawn (the cards' parts and neighbours, the chips, every search result
per set, every row of both worklist views) and every link collected. A link opens when its page
is a file of the site that the crawl loaded and its fragment is an element of that page (after
drawing), or a filter state the page reads back (#code=BJ101 on the summary, #card=… on the
worklist: the controls show it and rows are listed). Also: every page of the manifest is reached,
no request leaves the folder, no console error, no sideways scroll on the phone, and the
header takes less than 60 px there; a sample of links is clicked and lands below the sticky
header with the focus on its target.
"""
from __future__ import annotations

import json
import re
import shutil
from collections import defaultdict
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

import pytest
from click.testing import CliRunner

from berserk_judge.cli.report_cmd import report
from test_report_browser import PHONE, axe_or_fail, browser, launch, playwright, serious_violations, shots, unavailable  # noqa: F401

pytestmark = pytest.mark.browser
DESKTOP = {"width": 1366, "height": 900}
RULINGS = Path(__file__).resolve().parents[1].parent / "shared" / "rulings" / "relaunch.jsonl"


def corpus_files() -> list[Path]:
    from conftest import CORPUS

    files = sorted(CORPUS.glob("*.jsonl"))
    if not files:
        unavailable(f"корпус не найден: {CORPUS}")
    return files


def card_block(text: str, card: str) -> tuple[int, int]:
    """Where the block of card `card` is in a set file as `import` writes it (its id quoted or not)."""
    found = re.search(rf"^- id: '?{re.escape(card)}'?\n", text, re.M)
    end = text.find("\n- id:", found.start() + 1)
    return found.start(), len(text) if end < 0 else end + 1


def edit_card(text: str, card: str, old: str, new: str) -> str:
    """`old` → `new` inside the block of card `card` (exactly once)."""
    start, end = card_block(text, card)
    block = text[start:end]
    assert block.count(old) == 1, (card, old)
    return text[:start] + block.replace(old, new) + text[end:]


def drop_card(text: str, card: str) -> str:
    start, end = card_block(text, card)
    return text[:start] + text[end:]


@pytest.fixture(scope="module")
def corpus_sites(tmp_path_factory):
    """The corpus base as `import` makes it (with the rulings), its site, its --all site, and the
    --compare site of a later version: a card removed, one added, one renamed, a stat, a number
    and a quote changed."""
    files = corpus_files()
    root = tmp_path_factory.mktemp("crawl")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("BERSERK_JUDGE_CACHE_DIR", str(root / "cache"))
        args = [str(f) for f in files] + ["--out", str(root / "old")]
        if RULINGS.is_file():
            args += ["--rulings", str(RULINGS)]
        from berserk_judge.cli.import_cmd import import_cmd as import_command

        result = CliRunner().invoke(import_command, args)
        assert result.exit_code == 0, result.output
        shutil.copytree(root / "old", root / "new")
        s1 = root / "new" / "s1.yaml"
        text = s1.read_text(encoding="utf-8")
        ids = re.findall(r"^- id: '?([^'\n]+)'?$", text, re.M)
        text = drop_card(text, ids[5])
        text = edit_card(text, ids[7], "\n  name: ", "\n  name: Переименованный ")
        cost = re.search(r"\n  cost: (\d+)\n", text[slice(*card_block(text, ids[8]))])
        if cost:
            text = edit_card(text, ids[8], cost.group(0), f"\n  cost: {int(cost.group(1)) + 1}\n")
        text += ("\n- id: s1_new\n  name: Новичок сравнения\n  text: '{tap}: Выстрел на 3.'\n")
        s1.write_text(text, encoding="utf-8")
        sites = {}
        for name, extra in (("plain", []), ("all", ["--all"]), ("compare", ["--compare", str(root / "old")])):
            result = CliRunner().invoke(report, [str(root / "new"), *extra, "--out", str(root / name)])
            assert result.exit_code == 0, result.output
            sites[name] = root / name
    return sites


def html_pages(site: Path) -> set[str]:
    files = json.loads((site / "report.json").read_text(encoding="utf-8"))["site"]["files"]
    return {f for f in files if f.endswith(".html")}


# in the page: draw everything it would draw on scrolling or on demand, then its links and ids
DRAW_AND_COLLECT = """async (deep) => {
  const page = location.pathname.split('/').pop();
  const more = async (button) => { let n = 0; while (button && !button.hidden && n++ < 10000) button.click(); };
  const links = new Set();
  const collect = () => document.querySelectorAll('a[href]').forEach(a => links.add(a.href));
  if (window.BJ_DRAW_ALL) window.BJ_DRAW_ALL();
  const toc = document.getElementById('page-cards');
  if (toc && !toc.open) { toc.open = true; await new Promise(r => setTimeout(r, 50)); }
  document.querySelectorAll('details').forEach(d => d.open = true);
  collect();
  if (deep && page === 'index.html' && document.getElementById('set')) {
    const sets = [...document.querySelectorAll('#set option')].map(o => o.value).filter(Boolean);
    for (const s of sets) {
      location.hash = 'set=' + encodeURIComponent(s);
      await new Promise(r => setTimeout(r, 0));
      await more(document.getElementById('more'));
      collect();
    }
    location.hash = '';
  }
  if (deep && page === 'findings.html') {
    for (const hash of ['', 'view=cards&all=1']) {
      location.hash = hash;
      await new Promise(r => setTimeout(r, 0));
      await more(document.getElementById('wl-more'));
      collect();
    }
  }
  return { links: [...links], ids: [...document.querySelectorAll('[id]')].map(e => e.id),
           sideways: document.documentElement.scrollWidth - innerWidth,
           header: document.querySelector('header.top').getBoundingClientRect().height };
}"""

# in the page: the filter state its controls show, for a fragment such as #code=BJ101&sev=error
STATE = """async (hash) => {
  if (location.hash.slice(1) !== hash)
    await new Promise(done => { addEventListener('hashchange', done, { once: true }); location.hash = hash; });
  const $ = id => document.getElementById(id);
  if ($('worklist')) {
    const checked = name => [...document.querySelectorAll('#wl-form input[name=' + name + ']:checked')].map(i => i.value).join(',');
    return { rows: $('wl-body').rows.length, state: { code: checked('code'), sev: checked('sev'), set: $('wl-set').value,
             file: $('wl-file').value, tri: $('wl-triaged').value,
             card: $('wl-card').hidden ? '' : $('wl-card-name').textContent } };
  }
  const value = id => $(id) ? ($(id).type === 'checkbox' ? ($(id).checked ? '1' : '') : $(id).value) : '';
  return { rows: document.querySelectorAll('#results li').length,
           state: { q: value('q'), code: value('code'), sev: value('sev'), set: value('set'), chg: value('chg'),
                    amb: value('amb'), clean: value('clean') } };
}"""


def ready(page) -> None:
    """The page's scripts have run: the summary's search and the worklist mark themselves ready."""
    page.wait_for_load_state("load")
    name = urlsplit(page.url).path.rsplit("/", 1)[-1]
    if name == "index.html":
        page.wait_for_selector("#search-panel[data-ready]", state="attached")
    elif name == "findings.html":
        page.wait_for_selector("#worklist[data-ready]", state="attached")


def crawl(context, site: Path, viewport: dict, deep: bool) -> dict:
    """Every page reachable from index.html: its links and element ids; errors and requests seen.
    `deep`: every search result (set by set) and every worklist row too, not only those a page
    shows at first (the links do not depend on the width: the desktop crawl goes deep)."""
    page = context.new_page()
    page.set_viewport_size(viewport)
    errors, outside = [], []
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
    page.on("console", lambda m: errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(("file:", "data:", "blob:")) else None)
    base = site.as_uri() + "/"
    seen: dict[str, dict] = {}
    queue = ["index.html"]
    while queue:
        name = queue.pop()
        if name in seen:
            continue
        page.goto(base + name)
        ready(page)
        got = page.evaluate(DRAW_AND_COLLECT, deep)
        seen[name] = got
        for link in got["links"]:
            target = urlsplit(link)
            assert target.scheme == "file", (name, link)      # no network, no other scheme
            file = unquote(target.path).rsplit("/", 1)[-1]
            if unquote(target.path).startswith(unquote(urlsplit(base).path)) and file.endswith(".html"):
                queue.append(file)
    page.close()
    return {"pages": seen, "errors": errors, "outside": outside}


def broken_links(context, site: Path, crawled: dict, viewport: dict, states_too: bool) -> list[str]:
    """The links whose page is missing or whose fragment is neither an element nor (`states_too`)
    a state the page reads back."""
    pages = crawled["pages"]
    folder = unquote(urlsplit(site.as_uri() + "/").path)
    states: dict[str, set[str]] = defaultdict(set)
    broken = []
    for name, got in pages.items():
        for link in got["links"]:
            target = urlsplit(link)
            path = unquote(target.path)
            file = path[len(folder):] if path.startswith(folder) else path
            if file not in pages:
                broken.append(f"{name}: {link} (страницы нет)")
                continue
            fragment = unquote(target.fragment)
            if not fragment:
                continue
            if "=" in fragment:
                if states_too:
                    states[file].add(target.fragment)
            elif fragment not in set(pages[file]["ids"]):
                broken.append(f"{name}: {link} (нет элемента #{fragment})")
    page = context.new_page()
    page.set_viewport_size(viewport)
    for file, fragments in states.items():
        page.goto(site.as_uri() + "/" + file)
        ready(page)
        fragments = sorted(fragments)
        if file == "findings.html":
            # every link asks the worklist what it opens (the parser and the filter the page uses),
            # a sample is opened as a reader does (the fragment changes, the controls show it)
            opens = page.evaluate("hashes => hashes.map(h => BJ_WORKLIST_OPENS(h))", fragments)
            for fragment, got in zip(fragments, opens):
                wanted = dict(parse_qsl(fragment))
                if dict(parse_qsl(got["hash"])) != wanted or not got["rows"] or \
                        ("card" in wanted and set(got["cards"]) != {wanted["card"]}):
                    broken.append(f"{file}#{fragment}: открывает {got['hash']}, строк {got['rows']}")
            fragments = fragments[::max(1, len(fragments) // 12)]
        for fragment in fragments:
            got = page.evaluate(STATE, fragment)
            wanted = dict(parse_qsl(fragment))
            shown = {k: got["state"].get(k) for k in wanted}
            if "card" in wanted:
                shown["card"] = wanted["card"] if f"({wanted['card']})" in got["state"]["card"] else got["state"]["card"]
            if shown != wanted or not got["rows"]:
                broken.append(f"{file}#{fragment}: показано {shown}, строк {got['rows']}")
    page.close()
    return broken


@pytest.fixture(scope="module")
def crawled(corpus_sites, playwright, tmp_path_factory):  # noqa: F811
    """The three sites crawled at both widths, once for the tests below."""
    context = launch(playwright, tmp_path_factory.mktemp("crawl-profile"))
    out = {}
    try:
        for name, site in corpus_sites.items():
            for width, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                got = crawl(context, site, viewport, deep=width == "desktop")
                got["broken"] = broken_links(context, site, got, viewport, states_too=width == "desktop")
                out[name, width] = got
    finally:
        context.close()
    return out


@pytest.mark.parametrize("width", ["desktop", "phone"])
@pytest.mark.parametrize("name", ["plain", "all", "compare"])
def test_every_link_of_every_page_opens(corpus_sites, crawled, name, width):
    got = crawled[name, width]
    assert set(got["pages"]) == html_pages(corpus_sites[name])     # every page is reached by links
    links = sum(len(p["links"]) for p in got["pages"].values())
    print(f"{name}, {width}: {len(got['pages'])} страниц, {links} ссылок")
    assert links > (5000 if width == "desktop" else 2000)
    assert got["broken"] == []
    assert got["errors"] == [] and got["outside"] == []


@pytest.mark.parametrize("name", ["plain", "all", "compare"])
def test_the_phone_has_no_sideways_scroll_and_a_short_header(crawled, name):
    pages = crawled[name, "phone"]["pages"]
    assert {n: p["sideways"] for n, p in pages.items() if p["sideways"] > 0} == {}
    assert max(p["header"] for p in pages.values()) < 60      # was 101 of 844 px: two lines of links


def test_the_worklist_links_open_their_cards(corpus_sites, crawled):
    """The bug of round four: every card link of findings.html was `0#undefined`."""
    for name in ("plain", "compare"):
        links = crawled[name, "desktop"]["pages"]["findings.html"]["links"]
        cards = [link for link in links if "/cards-" in link]
        assert len(cards) > 1000 and all(re.search(r"/cards-[\w.-]+\.html#.+$", link) for link in cards), cards[:5]
        assert not any("undefined" in link or link.rsplit("/", 1)[-1].startswith("0#") for link in links)


@pytest.mark.parametrize("width", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_followed_link_lands_below_the_header_with_the_focus(corpus_sites, playwright, tmp_path_factory, width, tmp_path):  # noqa: F811
    """Links clicked as a reader would: a worklist row, a result of the search (Enter), a finding's
    number in the text, a rule's page, «По выпускам»; each lands below the sticky header and its
    target has the focus."""
    site = corpus_sites["plain"]
    context = launch(playwright, tmp_path_factory.mktemp("land-profile"), viewport=width)
    page = context.new_page()

    def landed(expect_id: str) -> None:
        page.wait_for_function("id => document.activeElement && document.activeElement.id === id", arg=expect_id)
        top, header = page.evaluate("""id => [document.getElementById(id).getBoundingClientRect().top,
            document.querySelector('header.top').getBoundingClientRect().bottom]""", expect_id)
        assert header <= top < width["height"] / 2, (expect_id, top, header)

    try:
        page.goto((site / "findings.html").as_uri() + "#code=BJ508")
        ready(page)
        link = page.locator("#wl-body tr a[href*='cards-']").nth(3)
        href = link.get_attribute("href")
        with page.expect_navigation():
            link.click()
        ready(page)
        landed(href.split("#", 1)[1])
        # a finding's number in the text leads to the finding
        ref = page.locator(":target .fref a").first
        ref_id = ref.get_attribute("href")[1:]
        ref.click()
        landed(ref_id)
        page.goto((site / "index.html").as_uri())
        ready(page)
        page.keyboard.press("/")
        assert page.evaluate("document.activeElement.id") == "q"
        page.keyboard.type("кочевник")
        page.wait_for_function("document.getElementById('status').dataset.query === 'кочевник'")
        # the two prints of «Кочевник» (10001 and s1_1) are one result, the other print a link in it
        assert page.locator("#results li").count() == 1
        assert page.inner_text("#status").startswith("Найдено: 2 из ")
        other = page.locator("#results li .prints a")
        assert other.count() == 1 and other.get_attribute("href").startswith("cards-")
        first = page.locator("#results li a.rname").first
        card = first.get_attribute("href").split("#", 1)[1]
        first.focus()
        with page.expect_navigation():
            page.keyboard.press("Enter")
        ready(page)
        landed(card)
        page.screenshot(path=str(shots(tmp_path) / f"landed-{width['width']}.png"))
        page.goto((site / "rules.html").as_uri() + "#BJ202")
        landed("BJ202")
        page.goto((site / "index.html").as_uri() + "#cards-by-set")
        ready(page)
        landed("cards-by-set")
        sets = page.evaluate("(() => { const t = document.querySelector('table.sets'); return [t.scrollWidth, t.parentNode.clientWidth]; })()")
        assert sets[0] <= sets[1], sets          # «По выпускам» fits its panel (overflowed by 16 px at 390)
        page.screenshot(path=str(shots(tmp_path) / f"sets-{width['width']}.png"))
    finally:
        context.close()


def test_the_worklist_of_the_corpus_first_screen_and_axe(corpus_sites, playwright, tmp_path_factory, tmp_path):  # noqa: F811
    """At 1366×900 the filters (21 codes on the corpus) leave the first rows on the first screen;
    with a mark whose finding is gone the page lists it; axe finds nothing serious at both widths."""
    script = axe_or_fail()
    site = corpus_sites["plain"]
    context = launch(playwright, tmp_path_factory.mktemp("wl-profile"), viewport=DESKTOP)
    page = context.new_page()
    try:
        page.goto((site / "findings.html").as_uri())
        ready(page)
        page.evaluate("""() => localStorage.setItem('berserk-judge:triage:' + location.pathname.replace(/[^/]*$/, ''),
            JSON.stringify({v: 2, marks: {'["нет-такой","BJ202","В начале хода",1]': {s: 'wontfix', r: '', n: 'Пропавшая', m: ''}}}))""")
        page.reload()
        ready(page)
        top = page.evaluate("document.querySelector('#wl-body tr').getBoundingClientRect().top")
        assert top < DESKTOP["height"] * 2 / 3, top
        assert page.inner_text("#wl-gone-h") == "Отметки без находки: 1"
        page.screenshot(path=str(shots(tmp_path) / "worklist-corpus-desktop.png"))
        # a message's icons are drawn as on the card pages («при {strike}» showed raw)
        icons = page.evaluate("""() => { const known = Object.keys(BJ_INDEX.icons).join('|');
            const raw = new RegExp('\\{(' + known + ')\\}');
            const cells = [...document.querySelectorAll('#wl-body td.msg')];
            return [cells.reduce((n, td) => n + td.querySelectorAll('i.ico[role=img][title]').length, 0),
                    cells.filter(td => [...td.childNodes].some(n => n.nodeType === 3 && raw.test(n.data))).length]; }""")
        assert icons[0] > 0 and icons[1] == 0, icons
        found = {}
        for viewport in (DESKTOP, PHONE):
            page.set_viewport_size(viewport)
            page.evaluate("document.getElementById('wl-codes-box').open = true")
            violations = serious_violations(page, script)
            if violations:
                found[viewport["width"]] = violations
        page.screenshot(path=str(shots(tmp_path) / "worklist-corpus-phone.png"))
        assert found == {}
    finally:
        context.close()
