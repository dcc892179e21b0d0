"""The Markdown errata list under a CommonMark renderer (markdown-it-py): what is written is what renders.

A card text, a diff and a heading must come out of the renderer as the same
characters, whatever markup characters, line starts or spaces they hold.
"""
from __future__ import annotations

import html
import re

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_judge.cli.report_cmd import report
from berserk_judge.reports.markdown_errata import code_block, code_span, diff_markdown, escape, render
from report_fixtures import write_base

markdown_it = pytest.importorskip("markdown_it", reason="нет markdown-it-py (pip install -e '.[test]')")
MD = markdown_it.MarkdownIt("commonmark")
# every character CommonMark gives a meaning to, and what card texts hold
ALPHABET = st.sampled_from(list("аб X1 9.)(-+*_=#>|`~[]!<&\\{}«»—:;,\"'") + ["\n", "  ", "1. ", "- ", "    "])


def as_text(rendered: str) -> str:
    """The text a reader sees in one rendered paragraph, line breaks as \\n."""
    assert rendered.startswith("<p>") and rendered.endswith("</p>\n"), rendered
    body = rendered[3:-5].replace("<br />\n", "\n")
    assert "<" not in body.replace("&lt;", ""), rendered
    return html.unescape(body)


@settings(max_examples=300, deadline=None)
@given(st.lists(ALPHABET, max_size=30).map("".join))
def test_any_text_renders_as_itself(text):
    expected = "\n".join(line if line else " " for line in text.split("\n"))
    assert as_text(MD.render(escape(text))) == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["equal", "delete", "insert"]), st.lists(ALPHABET, min_size=1, max_size=6)
                          .map("".join)), max_size=8))
def test_a_diff_renders_with_del_and_ins_only(parts):
    pieces = [{"op": op, "text": text} for op, text in parts]
    rendered = MD.render(diff_markdown(pieces))
    assert rendered.startswith("<p>") and rendered.count("<p>") == 1, rendered
    # the inserted and kept words, read without the tags, are the new text (spaces shown as marks)
    assert re.sub(r"<(/?)(del|ins)>", "", rendered).count("<") == rendered.count("<br />") + 2
    tags = re.findall(r"</?(?:del|ins)>", rendered)
    assert len(tags) == 2 * sum(1 for op, _ in parts if op != "equal")


def test_code_span_and_block_keep_backticks():
    assert MD.render(code_span("a `b` ``c``")) == "<p><code>a `b` ``c``</code></p>\n"
    assert MD.render(code_block("x\n```\ny")) == '<pre><code class="language-text">x\n```\ny\n</code></pre>\n'


def test_known_breakages_of_the_first_version_render_right():
    """`**` beside «», a dash after a word and `~~` (not CommonMark) once rendered as raw marks."""
    pieces = [{"op": "equal", "text": "ранить "}, {"op": "delete", "text": "-"}, {"op": "insert", "text": "—"},
              {"op": "equal", "text": " цель"}, {"op": "delete", "text": "балласа"},
              {"op": "insert", "text": "«балласа»"}, {"op": "equal", "text": " на 2"},
              {"op": "delete", "text": ";"}, {"op": "insert", "text": ","}]
    assert MD.render(diff_markdown(pieces)) == (
        "<p>ранить <del>-</del><ins>—</ins> цель<del>балласа</del><ins>«балласа»</ins> на 2"
        "<del>;</del><ins>,</ins></p>\n")


def test_the_whole_errata_list_renders_each_card_under_its_set(tmp_path):
    base = write_base(tmp_path / "base")
    result = CliRunner().invoke(report, [str(base), "--format", "markdown", "--out", "-"])
    assert result.exit_code == 0, result.output
    page = MD.render(result.stdout)
    assert "<h2>Замечания к текстам</h2>\n<h3>Выпуск «Тестовый выпуск» (t1)</h3>\n<h4>Сумрачный загонщик (t1_1)</h4>" in page
    assert "<h4>&lt;script&gt;alert(1)&lt;/script&gt; (t1_2)</h4>" in page
    assert "<script>" not in page and "<b>" not in page
    assert "~~" not in result.stdout and "**" not in result.stdout
    # the rewording: a diff, then the plain final text to copy
    assert ("<p>Итоговый текст:</p>\n<pre><code class=\"language-text\">{tap}: ранить цель на 1 — закрыть ее. "
            "&lt;b&gt;жирно&lt;/b&gt; &lt;script&gt;alert(«x»)&lt;/script&gt;\n</code></pre>") in page
    assert "Чистый лучник" not in page


def test_all_lists_every_card_with_its_stats(tmp_path):
    base = write_base(tmp_path / "base")
    result = CliRunner().invoke(report, [str(base), "--all", "--format", "markdown", "--out", "-"])
    assert result.exit_code == 0, result.output
    page = MD.render(result.stdout)
    assert "<h2>Карты</h2>" in page
    assert ("<h4>Чистый лучник (t1_3)</h4>\n<p>стоимость: 2; стихия: Леса; жизни: 4; удар: 1–1–2</p>\n"
            "<p>{tap}: Выстрел на 1.</p>\n<p>Замечаний нет.</p>") in page


def test_markdown_out_never_replaces_the_settings_file(tmp_path, monkeypatch):
    """`report --format markdown --out berserk-judge.toml` replaced the settings with the errata
    (exit 0) while `lint --output` refused the same: one guard, the config file included."""
    base = write_base(tmp_path / "base")
    config = tmp_path / "berserk-judge.toml"
    config.write_text("[tool.berserk-judge]\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(report, [str(base), "--format", "markdown", "--out", "berserk-judge.toml"])
    assert result.exit_code == 2
    assert f"--out berserk-judge.toml — это файл настроек ({config})" in result.stderr
    assert config.read_text(encoding="utf-8") == "[tool.berserk-judge]\n"
