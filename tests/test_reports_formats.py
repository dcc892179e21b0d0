"""Output formats over the same findings: text, json, sarif (schema-valid), github."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from berserk_judge.cardbase.model import CardBase
from berserk_judge.cli.lint_cmd import lint
from berserk_judge.cli.rule_cmd import rule
from berserk_judge.lint.config import Settings
from berserk_judge.lint.engine import lint_base, make_card
from berserk_judge.reports import github, json_report, sarif, text

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def result():
    cards = [
        make_card("{tap}: ранить цель на 1, при этом ранить себя или закрыть цель.", id="c1", path="cards/a.yaml",
                  first_line=4, column=9),
        make_card("При гибели - ранить цель на X.", id="c2", path="cards/a.yaml", first_line=9,
                  column=9),
    ]
    return lint_base(CardBase(cards=cards, paths=["cards/a.yaml"]), Settings())


def test_text_lines(result):
    out = text.render(result)
    assert out.splitlines()[0] == (
        "cards/a.yaml:4:16: BJ101 [c1] неоднозначная группировка (примеры 505 не задают порядок этих связок): «при этом (правая часть)» и "
        "«или» — доходит ли правая часть «при этом» до «или» или заканчивается перед ним; прочтения: "
        "1) ((ранить цель на 1, при этом ранить себя) или закрыть цель); 2) (ранить цель на 1, при этом "
        "(ранить себя или закрыть цель))")
    assert "cards/a.yaml:9:20: BJ501 [c2] дефис «-» между словами; здесь нужно тире «—»" in out.splitlines()


def test_json_keys(result):
    data = json.loads(json_report.render(result))
    assert all(list(item) == list(json_report.KEYS) for item in data)
    first = data[0]
    assert first["code"] == "BJ101" and first["name"] == "ambiguous-grouping"
    assert first["severity"] == "warning" and first["rules"] == ["505"]
    assert first["line"] == 4 and first["column"] == 16 and first["end_column"] > 16
    assert first["card"] == "c1" and first["path"] == "cards/a.yaml"
    assert len(first["readings"]) == 2


@pytest.fixture(scope="module")
def sarif_schema():
    return json.loads(sarif.schema_path().read_text(encoding="utf-8"))


def test_sarif_validates_against_schema(result, sarif_schema):
    doc = sarif.build(result)
    jsonschema.Draft4Validator.check_schema(sarif_schema)
    jsonschema.Draft4Validator(sarif_schema).validate(doc)
    run = doc["runs"][0]
    ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert "BJ101" in ids and "BJ900" in ids
    first = run["results"][0]
    assert first["ruleId"] == "BJ101" and ids[first["ruleIndex"]] == "BJ101"
    assert first["level"] == "warning"
    assert first["locations"][0]["physicalLocation"]["region"] == {"startLine": 4, "startColumn": 16,
                                                                   "endColumn": first["locations"][0][
                                                                       "physicalLocation"]["region"]["endColumn"]}
    assert first["properties"]["readings"]


def test_sarif_schema_catches_a_broken_document(result, sarif_schema):
    doc = sarif.build(result)
    doc["runs"][0]["results"][0]["level"] = "fatal"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(sarif_schema).validate(doc)


def test_sarif_fingerprint_survives_line_moves():
    def fingerprints(first_line):
        card = make_card("При гибели - ранить цель на X.", id="c2", path="a.yaml", first_line=first_line)
        doc = sarif.build(lint_base(CardBase(cards=[card]), Settings()))
        return [(r["ruleId"], r["partialFingerprints"]) for r in doc["runs"][0]["results"]]

    assert fingerprints(3) == fingerprints(30)
    prints = [fp[sarif.FINGERPRINT_KEY] for _, fp in fingerprints(3)]
    assert len(set(prints)) == len(prints)


def test_github_annotations(result):
    lines = github.render(result).splitlines()
    assert lines[0].startswith("::warning file=cards/a.yaml,line=4,col=16,endColumn=")
    assert ",title=BJ101 ambiguous-grouping::[c1] неоднозначная группировка" in lines[0]
    error = [l for l in lines if "BJ401" in l][0]
    assert error.startswith("::error file=cards/a.yaml,line=9,col=")


def test_github_escaping():
    card = make_card("{tap}: ранить  на 1", id="c%1", path="a,b:c.yaml")
    (f,) = lint_base(CardBase(cards=[card]), Settings()).findings
    line = github.annotation(f)
    assert line.startswith("::warning file=a%2Cb%3Ac.yaml,")
    assert "::[c%251] " in line


def test_info_is_notice_in_github_and_note_in_sarif():
    card = make_card('Получает {wolf}.', id="c", path="a.yaml")
    res = lint_base(CardBase(cards=[card]), Settings())
    assert github.render(res).startswith("::notice ")
    assert sarif.build(res)["runs"][0]["results"][0]["level"] == "note"


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_every_format_from_the_cli(tmp_path, monkeypatch, fmt, sarif_schema):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "b.yaml").write_text(
        "set: {id: b, name: B}\ncards:\n- id: b1\n  name: Ч\n  text: 'При гибели - ранить цель.'\n",
        encoding="utf-8")
    res = CliRunner().invoke(lint, ["b.yaml", "--format", fmt])
    assert res.exit_code == 1
    out = res.output
    if fmt == "text":
        assert out.startswith("b.yaml:5:21: BJ501 [b1] ")
    elif fmt == "json":
        assert json.loads(out)[0]["code"] == "BJ501"
    elif fmt == "sarif":
        doc = json.loads(out)
        jsonschema.Draft4Validator(sarif_schema).validate(doc)
        loc = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"] == {"uri": "b.yaml", "uriBaseId": "%SRCROOT%"}
    else:
        assert out.startswith("::warning file=b.yaml,line=5,col=21,endColumn=22,title=BJ501 hyphen-as-dash::[b1] ")


def test_sarif_on_demo_base_is_valid(sarif_schema):
    res = CliRunner().invoke(lint, ["--format", "sarif"])
    jsonschema.Draft4Validator(sarif_schema).validate(json.loads(res.output))


def test_docs_rules_md_matches_registry():
    res = CliRunner().invoke(rule, ["--format", "markdown"])
    committed = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert res.output == committed, "regenerate: berserk-judge rule --format markdown > docs/rules.md"


def test_pre_commit_hook_declared():
    from ruamel.yaml import YAML

    hooks = YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = hooks
    assert hook["id"] == "berserk-judge-lint" and hook["entry"] == "berserk-judge lint"
    assert hook["language"] == "python"


def test_github_paths_are_relative_to_the_workspace(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    inside = make_card("{tap}: ранить  на 1", id="c1", path=str(tmp_path / "cards" / "a.yaml"))
    outside = make_card("{tap}: ранить  на 1", id="c2", path="/elsewhere/b.yaml")
    lines = github.render(lint_base(CardBase(cards=[inside, outside]), Settings())).splitlines()
    assert sorted(line.split(",")[0] for line in lines) == [
        "::warning file=/elsewhere/b.yaml", "::warning file=cards/a.yaml"]


def test_text_names_a_whole_file_problem_by_its_path_only(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from berserk_judge.cli.main import main

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["lint", "nope.yaml"])
    assert result.exit_code == 2
    assert result.output.splitlines()[0] == "nope.yaml: BJ000 файл или папка не найдены; ожидается путь к базе карт YAML"
    assert "Найдено 1 замечание (ошибок: 1)." in result.output
