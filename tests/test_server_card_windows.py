"""A fix rewrites its card, not the file (server.cardwindow): a quick fix,
every safe fix, a fix of a range, a noqa and the schema's fixes, on block and
flow-style files, give exactly the bytes the whole-file writer (`lint --fix`)
gives — while the writer is given one card, not 20,000."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from berserk_judge.cardbase import write
from berserk_judge.lint.fix_model import apply_edits as apply_fix
from berserk_judge.server.actions import fix_all_edit, fix_edit, noqa_edit, offers
from berserk_judge.server.analysis import DocumentLinter, analyse
from berserk_judge.server.workspace import Workspace, real

# invented texts in both styles: faithful («», —, one feature a line) and lossy (no «», « - », «;»)
TEXTS = [
    "«Лук»: при гибели - ранить цель на 1.",
    '"Копьё": при гибели - ранить цель на 2 , и ещё  раз.',
    "{tap}: ранить цель на 1 и закрыть ее, иначе излечить себя на 1.",
    "При атаке - ранить цель на 1; при защите - излечить себя на 2",
    "Строй:  ранить цель на 1.",
]


def block_file(count: int) -> str:
    out = ["# a comment before the set\nset: {id: w, name: Окна}\ncards:\n"]
    for number in range(count):
        text = TEXTS[number % len(TEXTS)]
        if number % 3 == 0:
            out.append(f"- id: w{number}\n  name: Карта {number}\n  text: |-\n    {text}\n")
        elif number % 3 == 1:
            out.append(f"- id: w{number}\n  name: Карта {number}\n  text: {json.dumps(text, ensure_ascii=False)}\n")
        else:
            out.append(f"- id: w{number}\n  name: Карта {number}\n  cost: 3\n  text: '{text}'  # a comment\n")
    return "".join(out)


def json_file(count: int) -> str:
    cards = [{"id": f"j{number}", "name": f"Карта {number}", "text": TEXTS[number % len(TEXTS)]}
             for number in range(count)]
    return json.dumps({"set": {"id": "j", "name": "Одна строка"}, "cards": cards}, ensure_ascii=False)


def flow_file(count: int) -> str:
    cards = ", ".join(f"{{id: f{number}, name: Карта {number}, text: {json.dumps(TEXTS[number % len(TEXTS)], ensure_ascii=False)}}}"
                      for number in range(count))
    return f"set: {{id: f, name: Поток}}\ncards: [{cards}]\n"


def analysed(tmp_path: Path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    scope = Workspace([str(tmp_path)]).scope_for(real(str(path)))
    linter = DocumentLinter()
    analysis = analyse(linter, path.as_uri(), real(str(path)), 1, text, scope, None)
    return analysis, linter


def applied(analysis, text: str, edits) -> str:
    """The buffer after TextEdits (positions through an index of the buffer's own lines)."""
    spans = sorted(((analysis.lines.offset(e.range.start.line, e.range.start.character),
                     analysis.lines.offset(e.range.end.line, e.range.end.character), e.new_text) for e in edits),
                   reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def lint_fix(tmp_path: Path, name: str, text: str) -> str:
    copy = tmp_path / "cli" / name
    copy.parent.mkdir(exist_ok=True)
    copy.write_text(text, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "berserk_judge", "lint", "--fix", "--isolated", str(copy)],
                   capture_output=True, check=False, cwd=copy.parent)
    return copy.read_text(encoding="utf-8")


class Counting:
    """The writer, counting the characters it is given."""

    def __init__(self, monkeypatch):
        self.sizes = []
        original = write.rewrite_texts

        def counted(source, texts):
            self.sizes.append(len(source))
            return original(source, texts)

        monkeypatch.setattr(write, "rewrite_texts", counted)


@pytest.mark.parametrize("name, make", [("block.yaml", block_file), ("json.yaml", json_file),
                                        ("flow.yaml", flow_file)])
def test_each_quick_fix_is_the_writers_and_rewrites_one_card(tmp_path, monkeypatch, name, make):
    text = make(60)
    analysis, _ = analysed(tmp_path, name, text)
    counting = Counting(monkeypatch)
    fixable = [f for f in analysis.findings if f.fix is not None and f.fix.edits]
    assert len(fixable) > 20
    for finding in fixable:
        card = analysis.card(finding.card)
        edits = fix_edit(analysis, finding)
        assert edits is not None and len(edits) == 1, finding
        new_text, _ = apply_fix(card.text, [finding.fix])
        assert applied(analysis, text, edits) == _ORIGINAL_REWRITE(text, {card.id: (card.text, new_text)}), finding
    # the writer was given one card's stand-in each time, never the file
    assert counting.sizes and max(counting.sizes) < len(text) / 10


_ORIGINAL_REWRITE = write.rewrite_texts   # the whole-file writer, unpatched


@pytest.mark.parametrize("name, make", [("block.yaml", block_file), ("json.yaml", json_file),
                                        ("flow.yaml", flow_file)])
def test_every_safe_fix_equals_lint_fix_byte_for_byte(tmp_path, monkeypatch, name, make):
    text = make(40)
    analysis, linter = analysed(tmp_path, name, text)
    counting = Counting(monkeypatch)
    edits = fix_all_edit(analysis, linter, None)
    assert len(edits) > 10   # one edit a changed card, not one for the file
    assert applied(analysis, text, edits) == lint_fix(tmp_path, name, text)
    assert max(counting.sizes) < len(text)   # cards in chunks of their own items


def test_a_range_fixes_only_its_cards(tmp_path):
    text = block_file(12)
    analysis, linter = analysed(tmp_path, "range.yaml", text)
    ids = {"w3", "w4"}
    edits = fix_all_edit(analysis, linter, None, cards=ids)
    assert edits
    fixed = applied(analysis, text, edits)
    after, _ = analysed(tmp_path, "range.yaml", fixed)
    before = {card.id: card.text for card in analysis.base.cards}
    changed = {card.id for card in after.base.cards if card.text != before[card.id]}
    assert changed == ids


@pytest.mark.parametrize("name, make", [("block.yaml", block_file), ("json.yaml", json_file)])
def test_noqa_in_the_cards_own_item_silences_it(tmp_path, name, make):
    text = make(10)
    analysis, linter = analysed(tmp_path, name, text)
    finding = next(f for f in analysis.findings if f.code == "BJ501")
    edits = noqa_edit(analysis, finding, linter)
    assert edits and len(edits) == 1
    silenced = applied(analysis, text, edits)
    again, _ = analysed(tmp_path, name, silenced)
    assert not [f for f in again.findings if f.code == "BJ501" and f.card == finding.card]
    assert len(again.findings) < len(analysis.findings)
    if name == "json.yaml":   # a flow mapping gets a `noqa` field, written as its keys are
        assert '"noqa": ["BJ501"], "id"' in silenced


def test_offers_look_only_at_the_cards_around_the_range(tmp_path, monkeypatch):
    text = block_file(200)
    analysis, _ = analysed(tmp_path, "near.yaml", text)
    finding = next(f for f in analysis.findings if f.card == "w101" and f.fix is not None)
    placed = []
    original = type(analysis).finding_span

    def counted(self, f):
        placed.append(f)
        return original(self, f)

    monkeypatch.setattr(type(analysis), "finding_span", counted)
    start, end = original(analysis, finding)
    titles = [offer.title for offer in offers(analysis, start, end)]
    assert any(finding.code in title for title in titles) and titles[-1] == "Исправить всё безопасное в файле"
    assert {f.card for f in placed} <= {"w100", "w101", "w102"}


def test_the_schemas_fixes_rename_a_field_and_correct_a_type(tmp_path):
    from berserk_judge.server.schema_help import fix_edit as schema_edit, fixes

    text = ("set: {id: v, name: V}\ncards:\n- id: v1\n  name: Лучник\n  elemnt: Горы\n  type: creatur\n"
            "  cost: '5'\n  text: ранить цель на 1.\n")
    analysis, _ = analysed(tmp_path, "schema.yaml", text)
    said = {f.message.split(";")[0]: f for f in analysis.findings if f.code == "BJ003"}
    renamed = applied(analysis, text, schema_edit(analysis, said["неизвестное поле «elemnt» (может быть, element?)"],
                                                  "element", True))
    assert "  element: Горы\n" in renamed
    typed = fixes(analysis, said["поле type — строка «creatur»"])
    assert typed[0][:2] == ("Заменить тип «creatur» на creature — существо (BJ003)", "creature")
    cost = fixes(analysis, said["поле cost — строка «5»"])
    assert cost == [("Записать cost числом: 5 (BJ003)", "5", False)]
    fixed = applied(analysis, text, schema_edit(analysis, said["поле cost — строка «5»"], "5", False))
    assert "  cost: 5\n" in fixed
