"""The report's small parts: names, places, stats, icons, the search vocabulary, diagram labels, legend."""
from __future__ import annotations

import os
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from berserk_judge.lint.engine import make_card
from berserk_judge.reports.html import diagram as diagram_module
from berserk_judge.reports.html.diagram import condition_label, diagram, legend
from berserk_judge.reports.html.filters import environment, visible
from berserk_judge.reports.html.icons import ICONS, icons_css, with_icons
from berserk_judge.reports.html.naming import Names, slug
from berserk_judge.reports.html.places import Places
from berserk_judge.reports.html.search_index import build, trigrams, word_forms
from berserk_judge.reports.html.stats import short_stats, stats_of


@given(st.lists(st.text(max_size=12), max_size=12))
def test_names_are_distinct_safe_and_keep_a_safe_key(keys):
    names = Names(keys, reserved=("main",))
    given_names = [names.new(key) for key in keys]
    assert len({n.casefold() for n in given_names}) == len(given_names)
    assert all(slug(n) == n and n.casefold() != "main" for n in given_names)
    for key in keys:
        if slug(key) == key and key.casefold() != "main" and [k.casefold() for k in keys].count(key.casefold()) == 1:
            assert key in given_names


def test_a_long_id_slugs_short_and_apart():
    first, second = slug("а" * 300), slug("а" * 299 + "б")
    assert first != second and len(first.encode("utf-8")) < 120
    assert slug(first) == first


def test_places_never_show_an_absolute_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    base = tmp_path / "elsewhere" / "cards"
    base.mkdir(parents=True)
    (base / "s1.yaml").write_text("", encoding="utf-8")
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    places = Places([str(base)])
    assert places.sources == ["cards"]
    assert places.path(str(base / "s1.yaml")) == "cards/s1.yaml"
    assert places.path("/somewhere/else/x.yaml") == "x.yaml"
    assert places.path("local/x.yaml") == "local/x.yaml"
    assert Places(None).sources == ["демо-база"]
    demo = Path(__file__).resolve().parents[1] / "cardbase" / "demo" / "d1.yaml"
    assert not os.path.isabs(Places(None).path(str(demo)))


def test_stats_in_reading_order_in_russian():
    card = make_card("Броня 1.", id="c1")
    card.fields.update({"strike": [1, 2, 3], "cost": 4, "element": "Горы", "type": "flyer", "elite": True,
                        "rarity": "ultrarare", "noqa": ["BJ101"], "custom": "x"})
    stats = stats_of(card)
    assert [(s["label"], s["value"]) for s in stats] == [
        ("стоимость", "4"), ("стихия", "Горы"), ("вид карты", "летающее существо"), ("удар", "1–2–3"),
        ("кристалл", "золотой (элитная)"), ("редкость", "сверхредкая"), ("custom", "x")]
    assert short_stats(stats) == "4 · Горы · ⚔1–2–3"


def test_icons_are_symbols_with_names_and_copy_back():
    html = str(with_icons("{tap}: <b>{tpa}</b> {zom}"))
    assert html == ('<i class="ico i-tap" role="img" title="закрыть">{tap}</i>: '
                    '&lt;b&gt;{tpa}&lt;/b&gt; <i class="ico i-zom" role="img" title="защита от магии">{zom}</i>')
    assert '.i-tap::before{content:"↷"}' in icons_css() and '.i-zom::before{content:"ЗоМ"}' in icons_css()
    from berserk_judge.cardbase.icons import KNOWN_ICONS

    assert set(ICONS) == set(KNOWN_ICONS)


def test_invisible_characters_are_named_in_every_template_value():
    template = environment().from_string('<p title="{{ v }}">{{ v }}</p>')
    assert template.render(v="a\x00b\u202ec") == (
        '<p title="a&lt;U+0000 NULL&gt;b&lt;U+202E RIGHT-TO-LEFT OVERRIDE&gt;c">'
        'a&lt;U+0000 NULL&gt;b&lt;U+202E RIGHT-TO-LEFT OVERRIDE&gt;c</p>')
    assert visible("строка\nвторая") == "строка\nвторая" and visible(3) == 3


def test_word_forms_give_lemma_and_the_stem_of_the_forms():
    assert word_forms("молотобоец") == ("молотобоец", "молотобо")
    assert word_forms("горный") == ("горный", "горн")
    assert word_forms("s1") == ("s1", "")


def test_search_vocabulary_and_trigrams():
    model = {"cards": [{"id": "c1", "name": "Молотобоец гор", "set": "s", "page": "cards-s.html", "anchor": "c1",
                        "text": "{tap}: Выстрел на 1.", "codes": [], "severities": [], "ambiguous": False,
                        "change": None, "findings": [], "stats_short": "5 · Горы"}], "changes": None}
    index = build(model)
    assert index["words"] == [["молотобоец", "", "молотобо"], ["гор", "гора", "гор"]]
    assert index["cards"][0]["w"] == [0, 1] and index["cards"][0]["k"] == "5 · Горы"
    assert index["tri"][" мо"] == [0] and sorted(index["tri"]["гор"]) == [1]
    assert trigrams("ab") == {" ab", "ab "}


def test_condition_labels_have_no_doubled_opener():
    assert condition_label("если атакован") == "если атакован"
    assert condition_label("Когда существо гибнет") == "Когда существо гибнет"
    assert condition_label("в начале хода") == "в начале хода"
    assert condition_label("выпало 1") == "если выпало 1"


def test_every_frame_a_diagram_draws_is_in_the_legend():
    from berserk_judge.parser import read_text

    kinds = {row["kind"] for row in legend()}
    assert kinds == {kind for kind, *_ in diagram_module._FRAMES.values()} | {"condition", "may"}
    assert {"отказ противника", "либо"} <= {row["label"] for row in legend()}
    texts = ["При атаке — может ранить цель на 1, при этом закрыть ее.", "{tap}: ранить цель на 1 или закрыть ее.",
             "{tap}: либо ранить цель на 1, либо закрыть ее.", "{tap}: ранить цель на 1, затем закрыть ее."]
    seen = set()

    def walk(node):
        if node["t"] == "frame":
            seen.add(node["kind"])
            for item in node["items"]:
                walk(item)

    for text in texts:
        for feature in read_text(text):
            if feature.reading is not None:
                walk(diagram(feature.reading.tree))
    assert seen and seen <= kinds


def test_a_string_cut_at_its_quotes_is_stored_once_per_part():
    from berserk_judge.reports.html import lazy

    sentence = "Цель «Выстрел на 2» текст не называет: её выбирает игрок, контролирующий карту"
    assert lazy.quoted_parts(sentence) == ["Цель «", "Выстрел на 2", "» текст не называет: её выбирает игрок, "
                                           "контролирующий карту"]
    assert lazy.quoted_parts("«коротко»") is None and lazy.quoted_parts("без кавычек, но длинная строка текста") is None
    nested = 'Что особенность даёт: «получить "дар Сота" «в бою»» - и всё'
    assert "".join(lazy.quoted_parts(nested)) == nested
    s = lazy.Strings()
    first, second = s.of(sentence), s.of("Эффект — одна способность: «Выстрел на 2»")
    # the ability is one entry of the table, both sentences lists of numbers that join back
    assert s.table.count("Выстрел на 2") == 1

    def text(n):
        value = s.table[n]
        return value if isinstance(value, str) else "".join(text(k) for k in value)

    assert text(first) == sentence and text(second) == "Эффект — одна способность: «Выстрел на 2»"


def test_shared_strings_keep_their_parts_shared():
    from berserk_judge.reports.html import lazy

    entry = {"stats": [{"key": "k", "label": "Цель «Удар на 3» здесь не называется никак", "value": "1"}],
             "compact": True, "anchor": "x1"}
    table, shared = lazy.site_data({"a.html": [entry], "b.html": [entry]})
    composite = table[shared["Цель «Удар на 3» здесь не называется никак"]]
    assert [table[n] for n in composite] == ["Цель «", "Удар на 3", "» здесь не называется никак"]
    assert lazy.page_data([entry], shared)["s"] == []   # nothing of its own: all in the shared table
