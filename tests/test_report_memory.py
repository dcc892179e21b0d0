"""The report's memory (issue 28: 10,000 cards peaked at 351 MB, target 250): the model holds no
parse of a card, packed entries come back equal to the plain ones (their features, segments and
stats as the page data made of them), and a site made from packed entries is the same site,
byte for byte."""
from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest

from berserk_judge.parser.reader.features import Feature
from berserk_judge.reports.html import lazy, model as page_model
from berserk_judge.reports.html.packed import KEPT_FINDING, PackedCards
from berserk_judge.reports.html.site import _script_bytes, _script_data, render_pages, saved_json, saved_model
from report_fixtures import write_base

pytestmark = pytest.mark.scale   # a large generated input: time, memory, growth

DEMO = Path(__file__).resolve().parents[1] / "cardbase" / "demo"


def _model(base, pack: bool, all_cards: bool = True, compare=None) -> dict:
    from berserk_judge.cardbase.load import load_base
    from berserk_judge.lint.config import load_settings
    from berserk_judge.lint.engine import lint_base
    from berserk_judge.reports.html.compare import compare as compare_bases

    cards = load_base([str(base)])
    reader = page_model.shared_reader()
    result = lint_base(cards, load_settings(), reader=reader)
    changes = None
    if compare is not None:
        old = load_base([str(compare)])
        old_reader = page_model.shared_reader()
        old_result = lint_base(old, load_settings(), reader=old_reader)
        by_card = lambda findings: {c: [f for f in findings if f.card == c] for c in {f.card for f in findings}}  # noqa: E731
        changes = compare_bases(old, cards, by_card(old_result.findings), by_card(result.findings),
                                old_reader=old_reader, new_reader=reader)
    return page_model.build(cards, result, all_cards=all_cards, changes=changes, sources=[str(base)],
                            reader=reader, pack=pack)


def _plain(value):
    """An entry as plain data: each reading's diagram and explanation read out."""
    if isinstance(value, page_model.Reading):
        return {**{k: _plain(v) for k, v in value.items()}, "diagram": value["diagram"], "explain": value["explain"]}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@pytest.fixture(scope="module")
def bases(tmp_path_factory):
    root = tmp_path_factory.mktemp("memory")
    return write_base(root / "base"), DEMO


@pytest.mark.parametrize("which", [0, 1])
def test_packed_entries_come_back_equal_to_the_plain_ones(bases, which):
    plain, packed = _model(bases[which], pack=False), _model(bases[which], pack=True)
    assert isinstance(packed["cards"], PackedCards) and isinstance(plain["cards"], list)
    assert len(packed["cards"]) == len(plain["cards"]) > 2
    unpacked = list(packed["cards"])
    drawn = ("features", "segments", "stats")     # kept as what report.js draws of them: `lazy`

    def kept(e):     # a finding as far as KEPT_FINDING, a rewording as its counts: the rest is in `lazy`
        e = {k: v for k, v in e.items() if k not in drawn}
        e["findings"] = [{k: f[k] for k in KEPT_FINDING} for f in e["findings"]]
        if e["rewording"]:
            e["rewording"] = {"safe": e["rewording"]["safe"], "unsafe": e["rewording"]["unsafe"]}
        return e

    assert [{k: v for k, v in e.items() if k != "lazy"} for e in unpacked] == [kept(e) for e in plain["cards"]]
    assert any(e["rewording"] for e in unpacked) and any(e["findings"] for e in unpacked)
    texts = packed["cards"].strings.texts       # the page data's strings, each kept once, by number
    assert [([texts[n] for n in e["lazy"][0]], e["lazy"][1]) for e in unpacked] == [
        lazy.card_parts(e) for e in plain["cards"]]
    assert len(texts) == len(set(texts)) < sum(len(e["lazy"][0]) for e in unpacked)
    assert any(e["lazy"][1].get("x") for e in unpacked) and any(e["lazy"][1].get("d") for e in unpacked)
    assert [list(e) for e in unpacked] == [[k for k in e if k not in drawn] + ["lazy"] for e in plain["cards"]]
    assert packed["cards"][-1]["id"] == plain["cards"][-1]["id"]
    assert [e["id"] for e in packed["cards"][1:3]] == [e["id"] for e in plain["cards"][1:3]]
    assert packed["summary"] == plain["summary"] and packed["pages"] == plain["pages"]
    # each read is a fresh entry: a page changing its copy changes no other page's
    first = packed["cards"][0]
    first["name"] = "испорчено"
    assert packed["cards"][0]["name"] == plain["cards"][0]["name"]


def test_a_site_of_packed_entries_is_the_same_site(bases, tmp_path):
    for base in bases:
        sites = [render_pages(_model(base, pack=pack), "Отчёт") for pack in (False, True)]
        assert list(sites[0]) == list(sites[1])
        for name in sites[0]:
            assert sites[0][name] == sites[1][name], name


def test_changed_cards_keep_their_link_to_the_compare_entry_when_packed(bases, tmp_path):
    """`was` is set after the entries are packed: it comes back on every read."""
    new = tmp_path / "new"
    new.mkdir()
    for path in DEMO.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        (new / path.name).write_text(text.replace("cost: 3", "cost: 4", 1), encoding="utf-8")
    plain, packed = _model(new, False, compare=DEMO), _model(new, True, compare=DEMO)
    assert [e.get("was") for e in packed["cards"]] == [e.get("was") for e in plain["cards"]]
    assert any(e.get("was") for e in packed["cards"])
    sites = [render_pages(m, "Отчёт") for m in (plain, packed)]
    assert all(sites[0][name] == sites[1][name] for name in sites[0])


def test_the_model_holds_no_parse_of_any_card(bases):
    """A reading keeps its diagram and explanation made, not the feature they are made from:
    the parses of 10,000 cards' features kept by the model were ~50 MB of the peak."""
    for pack in (False, True):
        model = _model(bases[0], pack=pack)
        gc.collect()
        seen, stack, features = set(), [model], 0
        while stack:
            obj = stack.pop()
            if id(obj) in seen or isinstance(obj, (str, bytes, int, float, type)):
                continue
            seen.add(id(obj))
            features += isinstance(obj, Feature)
            stack.extend(gc.get_referents(obj))
        assert features == 0
        # there were diagrams to keep
        assert any("d" in lazy.entry_parts(e)[1] for e in model["cards"])


def test_data_scripts_as_bytes_are_the_scripts_encoded():
    value = {"t": 'a</script><!-- "\\ \u2028 ё', "n": [1, None], "d": "«Выстрел на 2» — цель"}
    assert _script_bytes("X", value) == _script_data("X", value).encode("utf-8")
    script = _script_data("X", value)
    literal = script[len("window.X = JSON.parse("):-len(");\n")].replace("<\\/", "</")
    assert json.loads(json.loads(literal)) == value


def test_light_entries_are_the_entries_without_what_only_a_page_draws(bases):
    from berserk_judge.reports.html.packed import light_entries

    plain, packed = _model(bases[1], pack=False), _model(bases[1], pack=True)
    page_only = {"features", "segments", "forms", "stats", "lazy"}
    light = list(light_entries(packed))
    assert light == [{k: v for k, v in e.items() if k not in page_only} for e in list(packed["cards"])]
    assert light_entries(plain) is plain["cards"]
    assert all(not page_only & set(e) for e in light) and any(e["findings"] for e in light)


@pytest.mark.parametrize("which", [0, 1])
def test_report_json_as_bytes_is_the_json_of_the_saved_model(bases, which):
    """report.json is encoded entry by entry into one buffer (the whole text at once was the peak):
    the same bytes as the JSON of the whole dict, encoded as write_atomic encodes a str."""
    model = _model(bases[which], pack=True)
    site = {"generator": "berserk-judge", "files": ["index.html", "report.json"]}
    whole = json.dumps({**saved_model(model), "site": site}, ensure_ascii=False, separators=(",", ":")) + "\n"
    assert saved_json(model, site) == whole.encode("utf-8", errors="backslashreplace")
    assert json.loads(saved_json(model, site))["cards"][0]["id"] == model["cards"][0]["id"]


def test_an_entry_of_strings_as_numbers_comes_back_as_each_page_numbers_it():
    """card_parts numbers an entry's strings -2, -3, … in first use; a page renumbers them and
    gets the table it would get drawing the entry itself (the same numbers, in the same order)."""
    entry = {"stats": [{"key": "cost", "label": "Стоимость", "value": "3"}], "compact": False,
             "text": "Ранить цель на 1.", "segments": [{"text": "Ранить цель на 1.", "findings": [1], "ends": [1],
                                                      "severity": "warning"}],
             "features": [], "findings": [], "rewording": {"text": "Ранить цель на 1", "unsafe": 0, "diff": [
                 {"op": "equal", "text": "Ранить цель на 1"}, {"op": "delete", "text": ".", "safe": True}]},
             "anchor": "a"}
    strings, data = lazy.card_parts(entry)
    assert strings == ["cost", "Стоимость", "3", "warning"]
    assert data == {"st": [[-2, -3, -4]], "o": 1, "t": [[17, [1], [1], -5]], "w": [-1, 0], "r": [[0, 16, 1], [1, 1, 1]]}
    shared = {"3": 0, "warning": 1}
    assert lazy.page_data([entry], shared)["c"]["a"] == {"st": [[2, 3, 0]], "o": 1, "t": [[17, [1], [1], 1]],
                                                        "w": [-1, 0], "r": [[0, 16, 1], [1, 1, 1]]}
    drawn = lazy.Strings(shared)
    assert lazy.page_data([entry], shared)["s"] == ["cost", "Стоимость"]
    assert lazy.card_data(entry, drawn) == lazy.page_data([entry], shared)["c"]["a"] and drawn.table == ["cost", "Стоимость"]
