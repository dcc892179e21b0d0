"""`lint --fix / --diff / --unsafe-fixes`, writing YAML in place, `canon --all`."""
from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from berserk_judge.reports import sarif

BASE = """\
# база для проверки исправлений
set: {id: f1, name: Проба}   # комментарий у set
cards:
# первая карта
- id: f1_1
  name: Кшар
  cost: 3   # цена
  text: '{tap}:ранить цель на 1,  затем закрыть её. Это ''цитата'' .'  # комментарий у текста
- id: f1_2
  name: Ост
  text: |-
    При гибели - ранить цель на 1.
    Строй: +1 к {strike} .

  element: Горы
- id: f1_3
  name: "Волхв"
  text: "{tap}: Заклинание \\"гипноз\\" - закрыть существо."
- id: f1_4
  name: Чистый
  text: При атаке — ранить цель на 1.
- id: f1_5
  name: Плоский
  text: Ранить цель на 1 , затем закрыть её.
- id: f1_6
  name: Сложенный
  text: >-
    Ранить цель
    на 1 .
- id: f1_7
  name: Подавленный
  text: 'Ранить цель на 1 .'  # noqa: BJ508
"""

FIXED = """\
# база для проверки исправлений
set: {id: f1, name: Проба}   # комментарий у set
cards:
# первая карта
- id: f1_1
  name: Кшар
  cost: 3   # цена
  text: '{tap}: ранить цель на 1, затем закрыть её. Это ''цитата''.'  # комментарий у текста
- id: f1_2
  name: Ост
  text: |-
    При гибели — ранить цель на 1.
    Строй: +1 к {strike}.

  element: Горы
- id: f1_3
  name: "Волхв"
  text: "{tap}: Заклинание «гипноз» — закрыть существо."
- id: f1_4
  name: Чистый
  text: При атаке — ранить цель на 1.
- id: f1_5
  name: Плоский
  text: Ранить цель на 1, затем закрыть её.
- id: f1_6
  name: Сложенный
  text: "Ранить цель на 1."
- id: f1_7
  name: Подавленный
  text: 'Ранить цель на 1 .'  # noqa: BJ508
"""


def run(*args):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def cards(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "cards" / "f1.yaml"
    path.parent.mkdir()
    path.write_bytes(BASE.encode("utf-8"))
    return path


def test_fix_changes_only_the_texts(cards):
    code, out, err = run("lint", "--isolated", "--extend-ignore", "BJ205", str(cards), "--fix")
    assert cards.read_text(encoding="utf-8") == FIXED
    assert code == 0
    assert out.splitlines() == ["Замечаний нет (подавлено: 1).", "Проверено карт: 7.",
                                "Исправлено 9 замечаний, осталось 0."]
    assert [p.name for p in cards.parent.iterdir()] == ["f1.yaml"]  # no temp file left


def test_second_fix_changes_nothing(cards):
    run("lint", "--isolated", "--extend-ignore", "BJ205", str(cards), "--fix")
    before = cards.read_bytes()
    code, out, _ = run("lint", "--isolated", "--extend-ignore", "BJ205", str(cards), "--fix")
    assert cards.read_bytes() == before and code == 0
    assert out.splitlines()[-1] == "Исправлено 0 замечаний, осталось 0."


def test_diff_writes_nothing(cards):
    code, out, err = run("lint", "--isolated", "--extend-ignore", "BJ205", str(cards), "--diff")
    assert cards.read_bytes() == BASE.encode("utf-8")
    assert code == 1
    path = str(cards)
    assert out.startswith(f"--- {path}\n+++ {path}\n@@ -5,28 +5,26 @@\n")
    assert "\n-    При гибели - ранить цель на 1.\n" in out and "\n+    При гибели — ранить цель на 1.\n" in out
    assert err.strip() == "Можно исправить 9 замечаний; останется 0."
    cards.write_text(FIXED, encoding="utf-8")
    code, out, err = run("lint", "--isolated", "--extend-ignore", "BJ205", str(cards), "--diff")
    assert (code, out) == (0, "")


def test_fix_select_fixes_only_those_codes(cards):
    code, out, _ = run("lint", "--isolated", str(cards), "--fix", "--select", "BJ501")
    text = cards.read_text(encoding="utf-8")
    assert "При гибели — ранить" in text and "закрыть существо" in text
    assert "{strike} ." in text and "'{tap}:ранить" in text  # BJ508, BJ505 untouched
    assert out.splitlines()[-1] == "Исправлено 2 замечания, осталось 0."


def test_unsafe_fixes_only_when_asked(tmp_path):
    path = tmp_path / "u.yaml"
    path.write_text("set: {id: u, name: U}\ncards:\n- id: u1\n  name: U\n  text: При атаке ранить цель на 1.\n",
                    encoding="utf-8")
    code, out, _ = run("lint", "--isolated", str(path), "--fix", "--select", "BJ202")
    assert "При атаке ранить" in path.read_text(encoding="utf-8") and code == 1
    assert "[*] Можно исправить с --fix --unsafe-fixes: 1 (исправления могут менять смысл)." in out
    code, out, _ = run("lint", "--isolated", str(path), "--fix", "--unsafe-fixes", "--select", "BJ202")
    assert path.read_text(encoding="utf-8").endswith("  text: При атаке — ранить цель на 1.\n")
    assert code == 0 and out.splitlines()[-1] == "Исправлено 1 замечание, осталось 0."


def test_file_changed_since_read_is_not_written(cards, monkeypatch):
    import berserk_judge.lint.fix_apply
    from berserk_judge import lint

    real = lint.fix_apply.fix_base

    def meanwhile(*args, **kwargs):  # an editor saves the file while the linter works
        outcome = real(*args, **kwargs)
        cards.write_text(BASE + "# правка\n", encoding="utf-8")
        return outcome

    monkeypatch.setattr(lint.fix_apply, "fix_base", meanwhile)
    code, out, err = run("lint", "--isolated", str(cards), "--fix")
    assert code == 2
    assert err.strip() == (f"Ошибка: {cards} не записан: файл изменился после чтения; "
                           "запустите проверку снова")
    assert cards.read_text(encoding="utf-8") == BASE + "# правка\n"


def test_write_is_atomic(tmp_path, monkeypatch):
    from berserk_judge.cardbase import write

    path = tmp_path / "a.yaml"
    path.write_text("old", encoding="utf-8")
    seen = []

    def broken_replace(src, dst):
        seen.append((Path(src).parent, Path(src).read_text(encoding="utf-8")))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    digest = write.read_source(str(path)).digest
    with pytest.raises(OSError):
        write.write_text_file(str(path), "new", False, digest)
    assert seen == [(tmp_path, "new")]          # written to a temp file in the same folder
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.yaml"]


def test_write_refuses_a_changed_file(tmp_path):
    from berserk_judge.cardbase import write

    path = tmp_path / "a.yaml"
    path.write_text("old", encoding="utf-8")
    digest = write.read_source(str(path)).digest
    path.write_text("edited", encoding="utf-8")
    with pytest.raises(write.FileChanged):
        write.write_text_file(str(path), "new", False, digest)
    assert path.read_text(encoding="utf-8") == "edited"


def test_rewrite_keeps_crlf_bom_and_block_indentation():
    from berserk_judge.cardbase.write import rewrite_texts

    source = "set: {id: s, name: S}\r\ncards:\r\n- id: a\r\n  name: A\r\n  text: |-\r\n      X - Y\r\n      Z\r\n"
    out = rewrite_texts(source, {"a": ("X - Y\nZ", "X — Y\nZ")})
    assert out == source.replace("X - Y", "X — Y")


def test_rewrite_refuses_other_text(tmp_path):
    from berserk_judge.cardbase.write import FileChanged, rewrite_texts

    with pytest.raises(FileChanged):
        rewrite_texts("cards:\n- id: a\n  name: A\n  text: B\n", {"a": ("C", "D")})


def test_plain_text_that_would_not_read_back_is_quoted():
    from berserk_judge.cardbase.write import rewrite_texts

    out = rewrite_texts("cards:\n- id: a\n  name: A\n  text: a - b\n", {"a": ("a - b", "a: b")})
    assert out == "cards:\n- id: a\n  name: A\n  text: 'a: b'\n"


def test_json_and_sarif_carry_the_fix(cards):
    code, out, _ = run("lint", "--isolated", str(cards), "--format", "json", "--select", "BJ501")
    first = json.loads(out)[0]
    assert first["fix"] == {"title": "заменить дефис на тире «—»", "applicability": "safe", "demoted": None,
                            "edits": [{"start": 11, "end": 12, "replacement": "—",
                                       "line": 12, "column": 16, "end_line": 12, "end_column": 17}]}
    code, out, _ = run("lint", "--isolated", str(cards), "--format", "sarif")
    doc = json.loads(out)
    schema = json.loads(sarif.schema_path().read_text(encoding="utf-8"))
    jsonschema.Draft4Validator(schema).validate(doc)
    fixes = [r["fixes"][0] for r in doc["runs"][0]["results"] if r["ruleId"] == "BJ501"]
    assert fixes[0]["artifactChanges"][0]["replacements"] == [{
        "deletedRegion": {"startLine": 12, "startColumn": 16, "endLine": 12, "endColumn": 17},
        "insertedContent": {"text": "—"}}]
    assert fixes[0]["description"]["text"] == "заменить дефис на тире «—»"
    deletion = next(r["fixes"][0] for r in doc["runs"][0]["results"] if r["ruleId"] == "BJ508")
    assert "insertedContent" not in deletion["artifactChanges"][0]["replacements"][0]


def test_canon_all_json_and_jsonl(cards):
    code, out, _ = run("canon", "--all", "--base", str(cards), "--format", "json")
    data = json.loads(out)
    assert [c["id"] for c in data["cards"]] == [f"f1_{i}" for i in range(1, 8)]
    assert data["cards"][3] == {"id": "f1_4", "name": "Чистый", "features": [data["cards"][3]["features"][0]]}
    assert data["cards"][3]["features"][0]["condition"] == "При атаке"
    assert data["cards"][3]["features"][0]["canonical"] == "ранить цель на 1"
    code, out, _ = run("canon", "--all", "--base", str(cards), "--format", "jsonl")
    lines = out.splitlines()
    assert len(lines) == 7 and [json.loads(line) for line in lines] == data["cards"]


def test_canon_all_usage_errors(cards):
    assert run("canon", "ранить цель", "--format", "jsonl")[0] == 2
    assert run("canon", "ранить цель", "--all")[0] == 2


def test_canon_all_is_unchanged_by_fix_up_to_typography(cards):
    from berserk_judge.lint.fix_apply import normalize

    def readings():
        _, out, _ = run("canon", "--all", "--base", str(cards), "--format", "json")
        return [[(f["kind"], f["abstract"], [normalize(a) for a in f["atoms"]], normalize(f["condition"]))
                 for f in card["features"]] for card in json.loads(out)["cards"]]

    before = readings()
    run("lint", "--isolated", str(cards), "--fix")
    assert readings() == before


def test_fix_never_writes_the_bundled_demo_base(tmp_path, monkeypatch, at_terminal):
    monkeypatch.chdir(tmp_path)
    code, out, err = run("lint", "--isolated", "--fix")
    assert code == 2 and "--fix не записывает во встроенную демо-базу" in err
    code, out, err = run("lint", "--isolated", "--diff")
    assert code == 1 and out.startswith("--- ")


def test_fix_on_the_real_s1_corpus(corpus_dir, tmp_path, monkeypatch):
    """The imported s1 base: --fix keeps every reading, a second --fix changes nothing."""
    from berserk_judge.cardbase.importer import run_import
    from berserk_judge.lint.fix_apply import normalize

    monkeypatch.chdir(tmp_path)
    out = tmp_path / "base"
    run_import([corpus_dir / "s1-voina-stihiy.jsonl"], out)
    (path,) = out.glob("*.yaml")
    original = path.read_text(encoding="utf-8")

    def readings():
        _, text, _ = run("canon", "--all", "--base", str(out), "--format", "jsonl")
        return [[(f["kind"], f["abstract"], f["ambiguous"], [normalize(a) for a in f["atoms"]],
                  normalize(f["condition"]), normalize(f["payment"])) for f in json.loads(line)["features"]]
                for line in text.splitlines()]

    before = readings()
    code, _, _ = run("lint", "--isolated", str(out), "--fix", "-q")
    fixed = path.read_text(encoding="utf-8")
    assert fixed != original and readings() == before
    changed = [(a, b) for a, b in zip(original.splitlines(), fixed.splitlines()) if a != b]
    assert len(original.splitlines()) == len(fixed.splitlines())
    assert changed and all(a.lstrip().startswith("text:") or a.startswith("    ") for a, _ in changed)
    run("lint", "--isolated", str(out), "--fix", "-q")
    assert path.read_text(encoding="utf-8") == fixed
