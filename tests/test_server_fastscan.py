"""The split's fast scans (str.find and C sums instead of regexes under `^`)
answer exactly as the regexes they replace, on texts written both ways."""
from __future__ import annotations

import re

import pytest

from berserk_judge.server import incremental
from berserk_judge.server.lines import LineIndex

SAMPLES = [
    "",
    "cards:\n- id: a\n  text: «Ранить цель» — на 2\n",
    "set: {id: s, name: S}\ncards:\n- id: a\n  text: 'ранить цель на 2*2, A&B!'\n",
    "cards:\n  - id: a\n    text: - ранить цель - 2\n---\n",
    "cards:\n- id: a\n...\n",
    "---\ncards: []\n",
    "cards: # комментарий\r\n- id: a\r\n  text: \"x\"\r\n",
    "cards:\n- id: a\r  text: x\n",
    "\ufeffcards:\n- id: a\n",
    "cards:\n- id: &a a\n- id: *a\n",
    "cards:\n- id: a\n  text: !!str x\n  name: x\u2028y\n",
    "cards  :\ncards:\n- id: a\ncards: \n",
    "x: 1\ncardsx:\n  cards:\n- id: a\n",
    "cards:\n- id: a\n  text: \"\\tx\"\n\t- id: b\n",
    "cards:\n- id: a\x0b\n\x85\n\x1d",
]


@pytest.mark.parametrize("source", SAMPLES)
def test_fast_scans_equal_the_regexes(source):
    assert incremental._unsure(source) == bool(incremental._UNSURE.search(source))
    assert [m.span() for m in incremental._cards_lines(source)] == \
        [m.span() for m in incremental._CARDS_AT.finditer(source)]
    assert incremental._property_starts(source) == [m.start() for m in incremental._PROPERTY.finditer(source)]


@pytest.mark.parametrize("source", SAMPLES + ["a", "a\n", "\n\n", "ab\ncd\n\nef"])
def test_line_starts_equal_the_regex(source):
    assert list(LineIndex(source).starts) == [0] + [m.end() for m in re.finditer(r"\r\n|\n|\r", source)]


def test_split_of_an_indented_sequence_with_comments():
    source = ("set: {id: s, name: S}\ncards:\n  - id: a\n    text: «Ранить цель»\n  # о b\n"
              "  - id: b\n    text: - ранить - 1\nother: 1\n")
    layout = incremental.split(source)
    assert [first for first, _ in layout.items] == [2, 5]
    assert layout.items[0][1] == "  - id: a\n    text: «Ранить цель»\n  # о b\n"
    assert layout.tail == "other: 1\n" and layout.tail_line == 7


def _block_file(count: int) -> str:
    texts = ["При гибели — ранить цель на {n}.", "{{tap}}: ранить цель на {n} - закрыть ее",
             "Опыт в атаке. При атаке – ранить цель на {n}"]
    items = [f"- id: c{n}\n  name: Карта {n}\n  text: '{texts[n % 3].format(n=n % 4 + 1)}'\n" for n in range(count)]
    return "set:\n  id: s\n  name: S\ncards:\n" + "".join(items)


def test_an_edit_rechecks_only_the_edited_card_and_equals_lint(tmp_path):
    from berserk_judge.cardbase.load import load_file
    from berserk_judge.lint.engine import lint_base
    from berserk_judge.server.analysis import DocumentLinter
    from berserk_judge.server.workspace import Workspace, real

    path = tmp_path / "cards.yaml"
    text = _block_file(60)
    path.write_text(text, encoding="utf-8")
    scope = Workspace([str(tmp_path)]).scope_for(real(str(path)))
    linter = DocumentLinter()
    linter.lint(real(str(path)), text, scope, None)
    assert linter.checked == 60
    for edited in (text.replace("ранить цель на 2.", "ранить цель на 3 .", 1),
                   text.replace("ранить цель на 2.", "ранить цель на 2 – и закрыть ее.", 1)):
        path.write_text(edited, encoding="utf-8")
        _, found = linter.lint(real(str(path)), edited, scope, None)
        assert linter.checked == 1
        def shown(findings):
            return [(f.code, f.line, f.column, f.end_column, f.start, f.end, f.message) for f in findings]

        assert shown(found) == shown(lint_base(load_file(real(str(path))), scope.settings).findings)
        assert {f.code for f in found} >= {"BJ502"}
