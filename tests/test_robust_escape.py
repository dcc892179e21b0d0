"""Ids, names and paths with line breaks, NUL and undecodable bytes in every
non-HTML format (issue 15, item 9): one finding stays one line, no line of
the output can start a GitHub Actions workflow command, JSON and SARIF are
valid UTF-8 and parse back to the same id and path."""
from __future__ import annotations

import json
import os

import jsonschema
import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main
from berserk_judge.reports import sarif
from berserk_judge.reports.escape import json_text, line_start_safe, visible
from tree_snapshot import changes, snapshot

HOSTILE_ID = "s1\n::error file=x.yaml,line=1::подделка"
CARDS = ('set: {id: s, name: S}\ncards:\n'
         '- id: "s1\\n::error file=x.yaml,line=1::подделка"\n  name: "Кшар\\0"\n  text: "ранить цель на 1 ."\n'
         '- id: "s2\\0\\e[31m"\n  name: Z\n  text: "ранить цель на 2 ."\n')
ODD_NAME = os.fsdecode(b"b\xff\n::warning::x.yaml")  # a byte that is not UTF-8 and a line break


def lint(fmt, *paths):
    result = CliRunner().invoke(main, ["lint", "--isolated", "--no-cache", "--select", "BJ508,BJ003",
                                       "--format", fmt, *paths], catch_exceptions=False)
    return result.exit_code, result.stdout_bytes, result.stderr


@pytest.fixture
def base(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "base"
    folder.mkdir()
    (folder / "a.yaml").write_text(CARDS, encoding="utf-8")
    (folder / ODD_NAME).write_text(CARDS.replace("s1", "t1").replace("s2", "t2"), encoding="utf-8")
    (tmp_path / "::error file=y::z.yaml").write_text(CARDS.replace("s1", "u1").replace("s2", "u2"),
                                                     encoding="utf-8")
    return tmp_path


def test_text_output_keeps_every_finding_on_one_line(base):
    before = snapshot(base)
    code, out, err = lint("text", "base", "::error file=y::z.yaml")
    assert code == 1 and err == ""
    text = out.decode("utf-8")  # strict: no raw surrogate or invalid byte reached the output
    lines = text.splitlines()
    assert lines[:4] == [
        "./::error file=y::z.yaml:5:26: BJ508 [u1<U+000A LINE FEED>::error file=x.yaml,line=1::подделка] "
        "пробел перед «.»",
        "./::error file=y::z.yaml:8:26: BJ508 [u2<U+0000 NULL><U+001B ESCAPE>[31m] пробел перед «.»",
        "base/a.yaml:5:26: BJ508 [s1<U+000A LINE FEED>::error file=x.yaml,line=1::подделка] пробел перед «.»",
        "base/a.yaml:8:26: BJ508 [s2<U+0000 NULL><U+001B ESCAPE>[31m] пробел перед «.»",
    ]
    assert lines[4] == ("base/b<байт 0xFF><U+000A LINE FEED>::warning::x.yaml:5:26: BJ508 "
                        "[t1<U+000A LINE FEED>::error file=x.yaml,line=1::подделка] пробел перед «.»")
    assert not any(line.lstrip().startswith("::") for line in lines)
    assert "\x00" not in text and "\x1b" not in text
    assert changes(before, snapshot(base)) == []


def test_github_output_forges_no_command(base):
    code, out, err = lint("github", "base", "::error file=y::z.yaml")
    text = out.decode("utf-8")
    lines = text.splitlines()
    assert len(lines) == 6  # one command per finding, nothing else
    assert all(line.startswith("::warning file=") for line in lines)
    assert lines[0].startswith("::warning file=%3A%3Aerror file=y%3A%3Az.yaml,line=5,")
    assert lines[2] == ("::warning file=base/a.yaml,line=5,col=26,endColumn=28,title=BJ508 space-before-punctuation"
                        "::[s1%0A::error file=x.yaml,line=1::подделка] пробел перед «.»")
    assert lines[3].endswith("::[s2<U+0000 NULL><U+001B ESCAPE>[31m] пробел перед «.»")
    assert lines[4].startswith("::warning file=base/b<байт 0xFF>%0A%3A%3Awarning%3A%3Ax.yaml,line=5,")
    assert "\x00" not in text and "\x1b" not in text


def test_json_output_is_utf8_and_round_trips_ids_and_paths(base):
    code, out, err = lint("json", "base")
    findings = json.loads(out.decode("utf-8"))
    assert [f["card"] for f in findings] == [HOSTILE_ID, "s2\x00\x1b[31m",
                                            HOSTILE_ID.replace("s1", "t1"), "t2\x00\x1b[31m"]
    # a byte that is not UTF-8 is %XX, as in SARIF: `\udcff` would be a lone surrogate, which
    # strict JSON parsers reject (issue 26)
    assert findings[2]["path"] == "base/b%FF\n::warning::x.yaml"
    assert b"\\u0000" in out and b"\\udcff" not in out


def test_sarif_output_is_valid_and_its_uris_are_encoded(base):
    code, out, err = lint("sarif", "base")
    log = json.loads(out.decode("utf-8"))
    jsonschema.validate(log, json.loads(sarif.schema_path().read_text(encoding="utf-8")))
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]]
    assert uris == ["base/a.yaml", "base/a.yaml", "base/b%FF%0A%3A%3Awarning%3A%3Ax.yaml",
                    "base/b%FF%0A%3A%3Awarning%3A%3Ax.yaml"]
    assert log["runs"][0]["results"][0]["locations"][0]["logicalLocations"] == [
        {"name": HOSTILE_ID, "kind": "object"}]


def test_escape_helpers():
    assert visible("обычный текст, «кавычки»\tтаб") == "обычный текст, «кавычки»\tтаб"
    assert visible("a\nb\r\x00\u2028\u200b") == ("a<U+000A LINE FEED>b<U+000D CARRIAGE RETURN><U+0000 NULL>"
                                                "<U+2028 LINE SEPARATOR><U+200B ZERO WIDTH SPACE>")
    assert visible("a\nb\r", keep="\r\n") == "a\nb\r"
    assert visible("x\udcff\ud800") == "x<байт 0xFF><U+D800 (одиночный суррогат)>"
    assert line_start_safe("::error x") == "./::error x" and line_start_safe("  ::x") == "./  ::x"
    assert line_start_safe("a::b") == "a::b"
    assert json_text({"p": "a\udcff\x00"}, indent=None) == '{"p": "a%FF\\u0000"}'
    json_text({"p": "a\udcff"}).encode("utf-8")  # never a raw surrogate


def test_canon_all_prints_each_card_header_on_one_line(base):
    result = CliRunner().invoke(main, ["canon", "--all", "--base", "base/a.yaml"], catch_exceptions=False)
    assert result.stdout.splitlines()[0] == ("[s1<U+000A LINE FEED>::error file=x.yaml,line=1::подделка] "
                                             "Кшар<U+0000 NULL>")
    assert not any(line.lstrip().startswith("::") for line in result.stdout.splitlines())
