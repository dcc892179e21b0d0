"""The language server under files and clients that are not the usual ones:
a card file on one line (flow style) stays linear, a `*` or `&` inside a text
keeps incremental re-checking on, long lines convert positions by blocks."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from berserk_judge.cardbase.load import load_file
from berserk_judge.server.analysis import Analysis, DocumentLinter, analyse
from berserk_judge.server.diagnostics import diagnostics
from berserk_judge.server.docs import RuleDocs
from berserk_judge.server.incremental import IncrementalLoader, split
from berserk_judge.server.lines import UTF8, UTF16, UTF32, LineIndex, units
from berserk_judge.server.workspace import Workspace, real

HEAD = "set: {id: s, name: S}\ncards:\n"


def flow_file(count: int) -> str:
    """A card file written on one line, both text styles: «» and — / straight quotes and « - »."""
    texts = ["«Лук»: при гибели — ранить цель на {n}.", '"Лук": при гибели - ранить цель на {n} и 2*2.',
             "{{tap}}: ранить цель на {n}, A&B"]
    items = []
    for number in range(count):
        text = texts[number % len(texts)].format(n=number % 5 + 1).replace('"', '\\"')
        items.append(f'{{id: f{number}, name: Карта {number}, text: "{text}"}}')
    return "set: {id: f, name: F}\ncards: [" + ", ".join(items) + "]\n"


def _analyse(linter: DocumentLinter, path: Path, text: str, scope) -> Analysis:
    return analyse(linter, path.as_uri(), real(str(path)), 1, text, scope, None)


def buffer_place(analysis: Analysis, finding) -> tuple[int, int]:
    """A finding's 1-based line and column in the buffer (through the analysis's marks)."""
    at = analysis.mark(finding.line, finding.column)
    line = analysis.lines.line_of(at)
    return line + 1, at - analysis.lines.starts[line] + 1


# -- a flow-style file --------------------------------------------------------------------------

def test_a_flow_style_file_keeps_memory_linear(tmp_path):
    path = tmp_path / "flow.yaml"
    text = flow_file(300)
    path.write_text(text, encoding="utf-8")
    scope = Workspace([str(tmp_path)]).scope_for(real(str(path)))
    linter = DocumentLinter()
    for edit in range(4):
        edited = text.replace("id: f1,", "id: f1" + "x" * edit + ",", 1)
        analysis = _analyse(linter, path, edited, scope)
        assert len(analysis.base.cards) == 300
        items = diagnostics(analysis, RuleDocs())
        assert items and all(d.range.start.line == 1 for d in items)
        for card in analysis.base.cards:
            analysis.places(card)
    # each card's cached places are kept by its own scalar as written (its length and digest),
    # never the rest of the line
    held = sum(length for length, _, _ in linter.places.values())
    assert held < 2 * len(text), (held, len(text))
    assert max(length for length, _, _ in linter.places.values()) < 200


def test_a_flow_style_file_gets_lints_findings_and_places(tmp_path):
    from berserk_judge.lint.config import Settings
    from berserk_judge.lint.engine import lint_base

    path = tmp_path / "flow.yaml"
    text = flow_file(12)
    path.write_text(text, encoding="utf-8")
    expected = lint_base(load_file(str(path)), Settings(root=tmp_path)).findings
    scope = Workspace([str(tmp_path)]).scope_for(real(str(path)))
    analysis = _analyse(DocumentLinter(), path, text, scope)
    # the cards are placed by virtual lines (server.flow): each finding's place in the buffer is lint's
    assert analysis.virtual_marks is not None
    assert [(f.code, f.card, *buffer_place(analysis, f), f.message) for f in analysis.findings] == \
        [(f.code, f.card, f.line, f.column, f.message) for f in expected]
    dashes = [f for f in analysis.findings if f.code == "BJ501"]
    assert dashes
    for finding in dashes:   # the range holds the hyphen the finding names, on the one long line
        start, end = analysis.finding_span(finding)
        assert text[start:end] == "-", finding


def test_a_long_line_converts_positions_like_a_short_one():
    rnd = random.Random(26)
    for _ in range(40):
        text = "".join(rnd.choice("ab б😀\r\n") if rnd.random() < 0.02 else rnd.choice("abб😀 ")
                       for _ in range(rnd.randint(1000, 5000)))
        for encoding in (UTF8, UTF16, UTF32):
            index = LineIndex(text, encoding)
            for offset in rnd.sample(range(len(text) + 1), 30):
                line, character = index.position(offset)
                start = index.starts[line]
                assert character == units(text[start:offset], encoding)
                if text[offset - 1:offset + 1] != "\r\n":
                    assert index.offset(line, character) == offset


# -- `*` and `&` in texts --------------------------------------------------------------------------

@pytest.mark.parametrize("item", [
    "- id: a\n  name: A\n  text: квадрат 2*2 и A&B, 3 * 4 & 5\n",
    "- id: a\n  name: A\n  text: 'звезда*: а & б'\n",
    "- id: a\n  name: A\n  text: \"Звезда*\" - A&B\n",
    "- id: a\n  name: A\n  text: |-\n    2*2 = 4 & ещё\n",
])
def test_a_star_or_ampersand_in_a_text_keeps_the_split(item):
    assert split(HEAD + item) is not None


@pytest.mark.parametrize("item", [
    "- id: a\n  name: &n A\n  text: *n\n",
    "- &c\n  id: a\n  name: A\n  text: b\n",
    "-\t&c\n  id: a\n  name: A\n  text: b\n",
    "- id: a\n  name: A\n  text: !!str b\n",
    "- {id: a, name: A, text: *x}\n",
    "- id: a\n  name: A\n  <<: *base\n",
    '- id: a\n  "name":*x\n',
    "- id: a\n  name: A\n  text:\n    *x\n",
    "- id: a\n  name: A\n  text: [*x]\n",
    "- id: a\n  name: A\n  text: ? *x\n",
    "- id: a\n  name: A\n  text: a\n- *b\n",
])
def test_an_anchor_alias_or_tag_still_turns_the_split_off(item):
    assert split(HEAD + item) is None


@pytest.mark.filterwarnings("ignore::Warning")
def test_texts_with_stars_are_checked_card_by_card_and_exactly():
    cards = "".join(f"- id: a{n}\n  name: А{n}\n  text: «Квадрат» 2*{n} — A&B\n" for n in range(6))
    source = HEAD + cards
    loader = IncrementalLoader()
    loader.load("x.yaml", source, {})
    edited = source.replace("2*3", "2*4")
    part = loader.load("x.yaml", edited, {})
    assert loader.composed == 1
    whole = load_file("x.yaml", {}, source=edited)
    assert part.cards == whole.cards and part.problems == whole.problems
    # anchors and aliases typed into the file at random places: still exactly the whole load
    rnd = random.Random(7)
    for _ in range(120):
        lines = edited.splitlines(keepends=True)
        at = rnd.randrange(2, len(lines))
        cut = rnd.randrange(len(lines[at]))
        lines[at] = lines[at][:cut] + rnd.choice(["*a", "&a ", " *a", " &a x", "!!str ", ", *b", "[*a]"]) \
            + lines[at][cut:]
        changed = "".join(lines)
        assert loader.load("x.yaml", changed, {}).cards == load_file("x.yaml", {}, source=changed).cards
        if rnd.random() < 0.3:
            edited = changed


# -- quick fixes: the diagnostic they name, titles with the words they change ------------------------

def _two_dash_card(tmp_path: Path):
    """One line, two BJ501 hyphens: one fixable, one in a text the reading guard holds the fix of? No:
    simply two findings of one code on one line, each with its own fix and its own words."""
    path = tmp_path / "dash.yaml"
    text = (HEAD + "- id: d1\n  name: Тень\n  text: 'При гибели - ранить цель на 1. При атаке - закрыть цель.'\n"
            '- id: d2\n  name: Свет\n  text: "Лук: при гибели - ранить цель на 2 и 2*2."\n')
    path.write_text(text, encoding="utf-8")
    scope = Workspace([str(tmp_path)]).scope_for(real(str(path)))
    return text, _analyse(DocumentLinter(), path, text, scope)


def test_a_quick_fix_belongs_to_the_diagnostic_it_names(tmp_path):
    from berserk_judge.server.actions import Named, offers

    text, analysis = _two_dash_card(tmp_path)
    first, second = [f for f in analysis.findings if f.code == "BJ501" and f.card == "d1"]
    items = {(d.data["start"]): d for d in diagnostics(analysis, RuleDocs()) if d.code == "BJ501"}
    for finding, other in ((first, second), (second, first)):
        d = items[finding.start]
        line_start = analysis.lines.starts[d.range.start.line]
        # the cursor at the line's start, the diagnostic named: by its data, and (Neovim 0.7) without it
        for data in (d.data, None):
            named = [Named(d.code, d.range.start.line, d.range.start.character, d.range.end.character, data)]
            fixes = [o for o in offers(analysis, line_start, line_start, named) if o.action == "fix"]
            assert [o.finding for o in fixes] == [finding], data
        # in bytes, as Neovim 0.7 sends columns
        line = analysis.lines.line_text(d.range.start.line)
        in_bytes = len(line[:d.range.start.character].encode("utf-8"))
        named = [Named(d.code, d.range.start.line, in_bytes, in_bytes + 1, None)]
        assert [o.finding for o in offers(analysis, line_start, line_start, named) if o.action == "fix"] == [finding]


def test_quick_fix_titles_carry_the_words_they_change(tmp_path):
    from berserk_judge.server.actions import offers

    text, analysis = _two_dash_card(tmp_path)
    titles = [o.title for o in offers(analysis, 0, len(text)) if o.action == "fix"]
    assert titles == [
        "заменить дефис на тире «—»: «гибели - ранить» → «гибели — ранить» (BJ501)",
        "заменить дефис на тире «—»: «атаке - закрыть» → «атаке — закрыть» (BJ501)",
        "заменить дефис на тире «—»: «гибели - ранить» → «гибели — ранить» (BJ501)",
    ]


# -- completion inside texts, both writing styles ------------------------------------------------------

@pytest.mark.parametrize("line, expected", [
    ("  text: 'При атаке - {co", ["{counter}"]),
    ("  text: «Лук»: {ins", ["{instant}"]),
    ('  text: "{tap}: воз', ["воздействие"]),
    ("    Строй: Заклинание. Мета", ["Метание"]),
    ("  text: При гибели — Конц", ["Концентрация:"]),
])
def test_completion_while_typing_a_text(line, expected):
    from berserk_judge.server.editing import completions, in_text

    items = completions(line, 3, len(line))
    assert [item.label for item in items] == expected
    for item in items:   # the edit replaces what was typed of the word
        assert item.text_edit.range.end.character == len(line)
        typed = len(line) - item.text_edit.range.start.character
        assert item.label.lstrip("{").lower().startswith(line[len(line) - typed:].lower())
    assert in_text(None, 3, "  text: 'При", 11) and not in_text(None, 3, "  name: При", 11)
