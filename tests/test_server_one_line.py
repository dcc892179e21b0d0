"""A card file on one line (server.flow): `{"set": …, "cards": […]}` (JSON, valid
YAML) or `cards: [{…}, …]` is found by `lint DIR` as `lint FILE` reads it,
checked by the server, and an edit re-checks its own card only, with every
place, message and diagnostic as `lint` gives them."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from berserk_judge.cardbase.load import load_file
from berserk_judge.lint.engine import lint_base
from berserk_judge.server.analysis import DocumentLinter, analyse
from berserk_judge.server.diagnostics import diagnostics
from berserk_judge.server.docs import RuleDocs
from berserk_judge.server.flow import split_flow
from berserk_judge.server.workspace import Workspace, real

# invented texts, both styles: faithful («», —) and lossy (straight quotes, « - », «;», doubled spaces)
TEXTS = ["«Лук»: при гибели — ранить цель на {n}.", '"Копьё": при гибели - ранить цель на {n} ,  и 2*2.',
         "{{tap}}: ранить цель на {n} и закрыть ее, иначе излечить себя на 1; A&B",
         "Строй: ранить цель на {n} и", ""]


def cards(count: int, prefix: str = "j") -> list[dict]:
    out = []
    for number in range(count):
        card = {"id": f"{prefix}{number}", "name": f"Карта {number}",
                "text": TEXTS[number % len(TEXTS)].format(n=number % 5 + 1)}
        if number % 7 == 3:
            card["cost"] = "4"   # a load problem (BJ003) inside an item
        out.append(card)
    return out


def json_line(count: int, prefix: str = "j") -> str:
    return json.dumps({"set": {"id": prefix, "name": "Одна строка"}, "cards": cards(count, prefix)},
                      ensure_ascii=False)


def place(analysis, finding) -> tuple[int, int]:
    at = analysis.mark(finding.line, finding.column)
    line = analysis.lines.line_of(at)
    return line + 1, at - analysis.lines.starts[line] + 1


def lint_said(path: Path, text: str):
    from berserk_judge.lint.config import Settings

    return lint_base(load_file(str(path), {}, source=text), Settings(root=path.parent)).findings


def test_lint_dir_finds_a_one_line_json_file_as_lint_file_reads_it(tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    (base / "set.yaml").write_text(json_line(30), encoding="utf-8")
    (base / "other.yaml").write_text('{"title": "не карты", "items": [{"cards": 1}]}', encoding="utf-8")

    def run(*args):
        done = subprocess.run([sys.executable, "-m", "berserk_judge", "lint", "--format", "json", *args],
                              cwd=base, capture_output=True, text=True)
        return [(f["code"], f["line"], f["column"]) for f in json.loads(done.stdout)]

    by_file = run("set.yaml")
    assert len(by_file) > 20
    assert run(".") == by_file   # the folder's card file is read; the other JSON, whose `cards` is nested, is not


@pytest.mark.parametrize("make", [json_line, lambda n: "set: {id: f, name: Поток}\ncards: "
                                  + json.dumps(cards(n, "f"), ensure_ascii=False) + "\n"])
def test_edits_recheck_one_card_and_say_what_lint_says(tmp_path, make):
    path = tmp_path / "one.yaml"
    text = make(60)
    path.write_text(text, encoding="utf-8")
    scope = Workspace([str(tmp_path)]).scope_for(real(str(path)))
    linter = DocumentLinter()
    docs = RuleDocs()
    rnd = random.Random(5)
    for step in range(8):
        analysis = analyse(linter, path.as_uri(), real(str(path)), step, text, scope, None)
        assert analysis.virtual_marks is not None   # placed by virtual lines (server.flow)
        if step:
            assert linter.loader.composed == 1 and linter.checked == 1
        expected = lint_said(path, text)
        assert [(f.code, f.card, *place(analysis, f), f.message) for f in analysis.findings] == \
            [(f.code, f.card, f.line, f.column, f.message) for f in expected]
        assert any("(столбец" in f.message for f in expected)   # BJ001 quotes the buffer's column
        # each diagnostic's range: where the finding's own characters are
        for finding, diagnostic in zip(analysis.findings, diagnostics(analysis, docs)):
            start, end = analysis.finding_span(finding)
            assert analysis.lines.position(start) == (diagnostic.range.start.line, diagnostic.range.start.character)
        # type a letter into a text in the middle of the line, or take one out
        at = text.index("ранить", rnd.randrange(len(text) // 3, 2 * len(text) // 3))
        text = text[:at] + ("а" if step % 2 == 0 else "") + text[at + (0 if step % 2 == 0 else 1):]


def test_repeated_ids_and_keys_are_told_at_their_real_lines(tmp_path):
    path = tmp_path / "many.yaml"
    items = [json.dumps(card, ensure_ascii=False) for card in cards(6)]
    items[4] = items[1]                                                  # a repeated id
    items[2] = items[2][:-1] + ', "name": "Ещё имя"}'                      # a repeated key
    text = '{"set": {"id": "j", "name": "Несколько строк"},\n "cards": [\n  ' + ",\n  ".join(items) + "\n]}\n"
    path.write_text(text, encoding="utf-8")
    scope = Workspace([str(tmp_path)]).scope_for(real(str(path)))
    analysis = analyse(DocumentLinter(), path.as_uri(), real(str(path)), 1, text, scope, None)
    assert analysis.virtual_marks is not None
    expected = lint_said(path, text)
    assert any("повторный id" in f.message for f in expected) and any("первый в строке" in f.message
                                                                       for f in expected)
    assert [(f.code, *place(analysis, f), f.message) for f in analysis.findings] == \
        [(f.code, f.line, f.column, f.message) for f in expected]


@pytest.mark.parametrize("text", [
    '{"set": {"id": "a", "name": "A"}, "cards": [{"id": "a1", "name": "Б", "text": "x"}, "просто строка"]}',
    '{"set": {"id": "a", "name": "A"}, "cards": [{"id": "a1", "name": "Б", "text": "x"} # c\n]}',
    '{"set": &s {"id": "a", "name": "A"}, "cards": [{"id": "a1", "name": "Б", "text": "x"}]}',
    '{"set": {"id": "a", "name": "A"}, "cards": [{"id": "a1", "name": "Б", "text": "x"}, x]}',
])
def test_what_the_cut_is_not_sure_of_is_loaded_whole(tmp_path, text):
    assert split_flow(text) is None
    path = tmp_path / "odd.yaml"
    path.write_text(text, encoding="utf-8")
    scope = Workspace([str(tmp_path)]).scope_for(real(str(path)))
    linter = DocumentLinter()
    analysis = analyse(linter, path.as_uri(), real(str(path)), 1, text, scope, None)
    assert analysis.virtual_marks is None and linter.loader.composed == -1
    assert [(f.code, f.line, f.column) for f in analysis.findings] == \
        [(f.code, f.line, f.column) for f in lint_said(path, text)]


def test_an_edit_inside_one_item_scans_that_item_again(tmp_path, monkeypatch):
    from berserk_judge.server import flow

    text = json_line(40)
    layout = split_flow(text)
    at = text.index("ранить", len(text) // 2)
    edited = text[:at] + "а" + text[at:]
    scanned = []
    original = flow._TOKEN.finditer

    class Counting:
        def finditer(self, source, start=0, end=sys.maxsize):
            scanned.append(min(end, len(source)) - start)
            return original(source, start, end)

    monkeypatch.setattr(flow, "_TOKEN", Counting())
    again = split_flow(edited, layout)
    assert max(scanned) < 400   # the item, not the line
    monkeypatch.undo()
    whole = split_flow(edited)
    assert list(again.items) == list(whole.items) and list(again.marks()) == list(whole.marks())
