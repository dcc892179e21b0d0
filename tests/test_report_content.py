"""The report's content: anchors, underlined findings, readings, diagrams, errata, rewording, escaping."""
from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from berserk_judge.cli.report_cmd import report
from berserk_judge.reports.html import adapters
from berserk_judge.reports.html.diagram import diagram
from berserk_judge.reports.html.diff import apply_edits, word_diff
from berserk_judge.reports.html.model import card_entry, text_segments
from report_fixtures import write_base


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("report")
    base = write_base(root / "base")
    out = root / "site"
    result = CliRunner().invoke(report, [str(base), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def page_data(path):
    """The lazy parts of a card page (reports.html.lazy) as report.js reads them."""
    html = path.read_text(encoding="utf-8")
    start = html.index('<script type="application/json" id="bj-page">') + len('<script type="application/json" id="bj-page">')
    return json.loads(html[start:html.index("</script>", start)]) | {"_site": path.parent}


def built_model(base, *flags):
    """The whole page model of a base, as the report builds it (report.json keeps only part of it)."""
    from berserk_judge.cardbase.load import load_base
    from berserk_judge.lint.config import load_settings
    from berserk_judge.lint.engine import lint_base
    from berserk_judge.reports.html import model as page_model

    cards = load_base([str(base)])
    reader = page_model.shared_reader()
    result = lint_base(cards, load_settings(), reader=reader)
    return page_model.build(cards, result, all_cards="--all" in flags, sources=[str(base)], reader=reader)


@pytest.fixture(scope="module")
def full(site):
    return built_model(site.parent / "base")


def data_strings(data):
    """The strings a page's data refers to: the site's shared table, then the page's own."""
    shared = (data["_site"] / "report-strings.js").read_text(encoding="utf-8")
    table = json.loads(json.loads(shared[shared.index("JSON.parse(") + 11:shared.rindex(")")]))
    return table + data["s"]


def model_of(site):
    return json.loads((site / "report.json").read_text(encoding="utf-8"))


def test_files_of_the_site(site):
    assert sorted(p.name for p in site.iterdir()) == [
        "cards-t1.html", "common.js", "findings-data.js", "findings.html", "findings.js", "icon.svg", "index.html", "report-strings.js", "report.css", "report.js", "report.json", "rule-help.js",
        "rules.html", "search-index.js"]


def test_every_card_has_an_entry_a_clean_one_compact_with_its_stats(site, full):
    model = model_of(site)
    assert [(e["id"], e["anchor"], e["page"], e["compact"]) for e in model["cards"]] == [
        ("t1_1", "t1_1", "cards-t1.html", False), ("t1_2", "t1_2", "cards-t1.html", False),
        ("t1_3", "t1_3", "cards-t1.html", True)]
    assert "stats" not in model["cards"][2] and "text" not in model["cards"][2]   # page data, not report.json
    clean = full["cards"][2]
    assert clean["stats_short"] == "2 · Леса · ♥4 · ⚔1–1–2"
    assert clean["forms"] == ["{tap}: Выстрел на 1"] and clean["features"] == []
    page = (site / "cards-t1.html").read_text(encoding="utf-8")
    assert '<article class="card" id="t1_1"' in page
    assert '<article class="card compact" id="t1_3">' in page
    data = page_data(site / "cards-t1.html")
    strings = data_strings(data)
    assert [[strings[n] for n in row] for row in data["c"]["t1_3"]["st"]] == [
        ["cost", "стоимость", "2"], ["element", "стихия", "Леса"], ["health", "жизни", "4"], ["strike", "удар", "1–1–2"]]
    assert model["summary"]["entries"] == 3 and model["summary"]["full_entries"] == 2


def test_findings_are_underlined_at_their_spans(site, full):
    assert [(f["code"], f["start"], f["end"]) for f in model_of(site)["cards"][1]["findings"]] == [
        ("BJ501", 24, 25), ("BJ507", 65, 68)]
    entry = full["cards"][1]
    marked = [(s["text"], s["findings"], s["severity"]) for s in text_segments(entry["text"], entry["findings"])
              if s["findings"]]
    assert marked == [("-", [1], "warning"), ('"x"', [2], "info")]
    data = page_data(site / "cards-t1.html")
    strings = data_strings(data)
    card = data["c"]["t1_2"]
    assert card["o"] == 1      # the text is shown as it is: its pieces are lengths into it
    cuts = [0]
    for length, *_ in card["t"]:
        cuts.append(cuts[-1] + length)
    drawn = [(entry["text"][a:b], ns, strings[sev]) for (a, b), (_, ns, _ends, sev) in zip(zip(cuts, cuts[1:]), card["t"])
             if ns]
    assert drawn == marked      # report.js draws <span class="hl sev-warning" title="BJ501: …">
    assert [(strings[f[0]], strings[f[2]]) for f in data["c"]["t1_2"]["f"]] == [("BJ501", "warning"), ("BJ507", "info")]


def test_ambiguous_text_shows_both_readings_with_diagrams(site, full):
    model = model_of(site)
    feature = full["cards"][0]["features"][1]
    assert feature["kind"] == "playable" and feature["payment"] == "{tap}"
    readings = feature["readings"]
    assert readings == [
        "((ранить цель на 1 и закрыть ее), иначе излечить себя на 1)",
        "(ранить цель на 1 и (закрыть ее, иначе излечить себя на 1))"]
    assert "features" not in model["cards"][0]     # readings, diagrams and steps are page data
    data = page_data(site / "cards-t1.html")
    [first, second] = data["c"]["t1_1"]["d"]
    strings = data_strings(data)
    assert [first[0], strings[first[2][0]]] == [1, "fallback"] and [second[0], strings[second[2][0]]] == [2, "all"]
    [feature_data] = data["c"]["t1_1"]["x"]      # the errata feature is not explained
    assert [strings[r[1]] for r in feature_data[6]] == readings
    assert model["summary"]["ambiguous"][0]["id"] == "t1_1"


def test_errata_marker_and_field(site, full):
    entry = model_of(site)["cards"][0]
    assert entry["errata"] == {"markers": ["[Эррата 2023.04.08]"], "entries": ["2024.01.15"]}
    assert full["cards"][0]["features"][0]["kind"] == "errata"
    page = (site / "cards-t1.html").read_text(encoding="utf-8")
    assert '<li>в тексте: <span class="mark">[Эррата 2023.04.08]</span></li>' in page
    assert '<li>в базе (errata:): <span class="mark">2024.01.15</span></li>' in page


def test_html_in_card_texts_is_escaped(site):
    for name in ("index.html", "cards-t1.html"):
        page = (site / name).read_text(encoding="utf-8")
        assert "<script>alert" not in page and "<b>жирно" not in page
    page = (site / "cards-t1.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;b&gt;жирно&lt;/b&gt;" in page
    index = (site / "search-index.js").read_text(encoding="utf-8")
    assert "</script>" not in index and "<\\/script>" in index


def test_no_external_urls(site):
    url = re.compile(r"""(?:https?:|ftp:)?//[\w.-]+\.\w+""")
    for path in site.iterdir():
        text = path.read_text(encoding="utf-8")
        text = text.replace('xmlns="http://www.w3.org/2000/svg"', "")  # a namespace name, never fetched
        assert not url.search(text), (path.name, url.search(text).group(0))
        assert "@import" not in text


def test_summary_counts_and_chart(site):
    summary = model_of(site)["summary"]
    assert summary["by_code"] == [
        {"code": "BJ101", "name": "ambiguous-grouping", "title": "Неоднозначная группировка способностей",
         "count": 1, "severity": "warning"},
        {"code": "BJ501", "name": "hyphen-as-dash", "title": "Дефис вместо тире между словами",
         "count": 1, "severity": "warning"},
        {"code": "BJ507", "name": "straight-quotes", "title": "Прямые кавычки вместо «ёлочек»",
         "count": 1, "severity": "info"}]
    assert summary["coverage"] == {"features": 4, "read": 4, "percent": 100.0}
    index = (site / "index.html").read_text(encoding="utf-8")
    assert index.count('class="bar sev-') == 3
    assert ('<a class="crow" href="index.html#code=BJ101"><span class="clabel">BJ101</span> '
            '<span class="cname">Неоднозначная группировка способностей</span>') in index
    assert '<option value="BJ501">BJ501 · Дефис вместо тире между словами (1)</option>' in index
    assert "ambiguous-grouping" not in index and "hyphen-as-dash" not in index
    assert '<a href="cards-t1.html#t1_1">Сумрачный загонщик</a>' in index


def test_all_gives_every_card(tmp_path):
    base = write_base(tmp_path / "base")
    result = CliRunner().invoke(report, [str(base), "--out", str(tmp_path / "s"), "--all"])
    assert result.exit_code == 0, result.output
    model = json.loads((tmp_path / "s" / "report.json").read_text(encoding="utf-8"))
    assert [e["id"] for e in model["cards"]] == ["t1_1", "t1_2", "t1_3"]
    assert model["cards"][2]["findings"] == [] and not model["cards"][2]["compact"]
    assert built_model(base, "--all")["cards"][2]["features"][0]["canonical"] == "Выстрел на 1"


def test_diagram_marks_may_as_dashed_and_conditions_with_their_words():
    from berserk_judge.parser import read_text

    feature = read_text("При атаке — может ранить цель на 1, при этом закрыть ее.")[0]
    shape = diagram(feature.reading.tree)
    assert json.dumps(shape, ensure_ascii=False).count('"dashed": true') == 1
    assert shape["t"] == "frame"


def test_word_diff_rebuilds_both_texts():
    pieces = word_diff("ранить цель на 1 - закрыть", "ранить цель на 2 — закрыть")
    assert pieces == [("equal", "ранить цель на "), ("delete", "1 -"), ("insert", "2 —"), ("equal", " закрыть")]
    assert word_diff("ранить цель на 1, закрыть", "ранить врага на 1; закрыть") == [
        ("equal", "ранить "), ("delete", "цель"), ("insert", "врага"), ("equal", " на 1"),
        ("delete", ","), ("insert", ";"), ("equal", " закрыть")]


def test_rewording_applies_safe_and_unsafe_fixes_word_by_word():
    text = "ранить цель на 1 - закрыть ее"
    edits = [adapters.Edit(17, 18, "—", True), adapters.Edit(15, 16, "2", False)]
    new, pieces = apply_edits(text, edits)
    assert new == "ранить цель на 2 — закрыть ее"
    assert pieces == [("equal", "ранить цель на ", True), ("delete", "1", False), ("insert", "2", False),
                      ("equal", " ", True), ("delete", "-", True), ("insert", "—", True),
                      ("equal", " закрыть ее", True)]


def _fake_finding(start, end, replacement, applicability, code="BJ501"):
    from berserk_judge.lint.finding import Finding, Severity
    from berserk_judge.lint.fix_model import Edit, Fix

    finding = Finding(code=code, name="hyphen-as-dash", severity=Severity.WARNING, message="дефис",
                      path="x.yaml", line=1, column=start + 1, end_column=end + 1, card="t1_2",
                      start=start, end=end)
    finding.fix = Fix("исправить", [Edit(start, end, replacement)], applicability)
    return finding


def test_suggested_fixes_adapter_takes_every_edit_in_text_order():
    plain = _fake_finding(1, 2, "x", "safe")
    plain.fix = None
    good = _fake_finding(24, 25, "—", "safe")
    risky = _fake_finding(15, 16, "2", "unsafe")
    twice = _fake_finding(24, 25, "—", "safe")
    assert adapters.suggested_fixes([plain, twice, risky, good]) == [
        adapters.Edit(15, 16, "2", False), adapters.Edit(24, 25, "—", True)]


def test_card_entry_carries_the_rewording_diff():
    from berserk_judge.lint.engine import make_card

    card = make_card("{tap}: ранить цель на 1 - закрыть ее.", id="t1_2")
    entry = card_entry(card, [_fake_finding(24, 25, "—", "safe"), _fake_finding(22, 23, "2", "unsafe")], [])
    assert entry["rewording"]["text"] == "{tap}: ранить цель на 2 — закрыть ее."
    assert entry["rewording"]["safe"] == 1 and entry["rewording"]["unsafe"] == 1
    changed = [(p["op"], p["text"], p["safe"]) for p in entry["rewording"]["diff"] if p["op"] != "equal"]
    assert changed == [("delete", "1", False), ("insert", "2", False), ("delete", "-", True), ("insert", "—", True)]


def test_rewording_is_rendered_with_unsafe_marks(tmp_path, monkeypatch):
    from berserk_judge.reports.html import model as page_model

    monkeypatch.setattr(page_model.adapters, "suggested_fixes",
                        lambda findings: [adapters.Edit(24, 25, "—", True)] if findings and findings[0].card == "t1_2"
                        else [])
    base = write_base(tmp_path / "base")
    result = CliRunner().invoke(report, [str(base), "--out", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "s" / "cards-t1.html").read_text(encoding="utf-8")
    data = page_data(tmp_path / "s" / "cards-t1.html")
    strings = data_strings(data)
    text, at, pieces = built_model(tmp_path / "base")["cards"][1]["text"], 0, []
    for op, ref, safe in data["c"]["t1_2"]["r"]:       # kept and deleted pieces: lengths into the text
        if op == 2:
            pieces.append((op, strings[ref], safe))
        else:
            pieces.append((op, text[at:at + ref], safe))
            at += ref
    assert data["c"]["t1_2"]["w"] == [-1, 0]     # the final text is what report.js joins
    assert [p for p in pieces if p[0]] == [(1, "-", 1), (2, "—", 1)]     # report.js draws <del>-</del><ins>—</ins>
    assert "".join(text for op, text, _ in pieces if op != 1).startswith("{tap}: ранить цель на 1 — закрыть ее. <b>")
    assert "<script>alert" not in page and '\\u003cscript>alert' in page    # data never closes its element


def test_explain_adapter_indents_steps_of_the_chosen_reading():
    from berserk_judge.parser import read_abstract

    [feature] = read_abstract("С1 и С2, иначе С3")
    first, second = adapters.explain_steps(feature, 0), adapters.explain_steps(feature, 1)
    assert first[0].startswith("Игрок обязан объявить (С1 и С2); если (С1 и С2) нелегальна")
    assert first[1].startswith("  (С1 и С2): С1 и С2 независимы друг от друга")
    assert second[0].startswith("С1 и (С2, иначе С3) независимы друг от друга")
    assert all(line.endswith(")") for line in first + second)


def test_zero_width_finding_still_covers_a_character():
    segments = text_segments("абв", [{"n": 1, "start": 3, "end": 3, "severity": "info"}])
    assert [(s["text"], s["findings"]) for s in segments] == [("аб", []), ("в", [1])]


def test_nested_findings_are_numbered_once_where_each_ends():
    findings = [{"n": 1, "start": 0, "end": 6, "severity": "warning"},
                {"n": 2, "start": 2, "end": 4, "severity": "error"}]
    segments = text_segments("abcdef", findings)
    assert [(s["text"], s["findings"], s["ends"], s["severity"]) for s in segments] == [
        ("ab", [1], [], "warning"), ("cd", [1, 2], [2], "error"), ("ef", [1], [1], "warning")]


def test_suggestion_shown_as_a_replacement_of_the_span(site):
    data = page_data(site / "cards-t1.html")
    strings = data_strings(data)
    first = data["c"]["t1_2"]["f"][0]      # report.js: заменить <del class="ws">-</del> на <ins class="ws">—</ins>
    assert (strings[first[7]], strings[first[6]]) == ("-", "—")


def test_a_card_with_errata_but_no_findings_gets_an_entry(tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    (base / "e.yaml").write_text(
        "set: {id: e1, name: Эррата}\ncards:\n"
        "- id: e1_1\n  name: Чистый\n  text: '{tap}: Выстрел на 1.'\n"
        "- id: e1_2\n  name: Исправленный\n  errata: '2024.01.15'\n  text: '{tap}: Выстрел на 2.'\n",
        encoding="utf-8")
    result = CliRunner().invoke(report, [str(base), "--out", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    model = json.loads((tmp_path / "s" / "report.json").read_text(encoding="utf-8"))
    assert [(e["id"], e["compact"]) for e in model["cards"]] == [("e1_1", True), ("e1_2", False)]
    assert model["summary"]["errata"] == [{"id": "e1_2", "name": "Исправленный", "anchor": "e1_2",
                                           "page": "cards-e1.html", "marks": ["2024.01.15"]}]
    index = (tmp_path / "s" / "index.html").read_text(encoding="utf-8")
    assert '<a href="cards-e1.html#e1_2">Исправленный</a>' in index


def test_a_removed_space_is_shown():
    from berserk_judge.reports.html.filters import environment

    macros = environment().get_template("macros.html.j2").module
    html = str(macros.diffline([{"op": "equal", "text": "на"}, {"op": "delete", "text": "  "},
                                {"op": "insert", "text": " "}, {"op": "equal", "text": "1"}]))
    assert html == 'на<del>␣␣</del><ins class="space" title="пробел"> </ins>1'
    assert "␣" in (Path(__file__).resolve().parents[1] / "reports/html/static/report.css").read_text(encoding="utf-8")


def test_no_absolute_path_in_the_site(site):
    """The base was given by an absolute path; the site names it by its folder only."""
    root = str(site.parent)
    assert root.startswith("/")
    for path in site.iterdir():
        assert root not in path.read_text(encoding="utf-8"), path.name
    model = model_of(site)
    assert model["sources"] == ["base"] and {e["path"] for e in model["cards"]} == {"base/t1.yaml"}
    assert "база: base · 3 карты · 3 находки" in (site / "index.html").read_text(encoding="utf-8")


def test_search_index_is_a_json_string_that_parses_back_to_the_data():
    from berserk_judge.reports.html.site import _script_data

    value = {"t": 'a</script><!-- "\\ \u2028 ё', "n": [1, None]}
    script = _script_data("X", value)
    assert script.startswith("window.X = JSON.parse(") and script.endswith(");\n")
    assert "</" not in script
    literal = script[len("window.X = JSON.parse("):-len(");\n")].replace("<\\/", "</")
    assert json.loads(json.loads(literal)) == value
