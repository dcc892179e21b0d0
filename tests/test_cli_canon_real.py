"""`berserk-judge canon` on real card text and on cards of a base."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from berserk_judge.cli.main import main

# `--card` without --base reads the demo base, as for a person at a terminal
pytestmark = pytest.mark.usefixtures("at_terminal")


def run(*args):
    return CliRunner().invoke(main, ["canon", *args])


def test_card_from_the_demo_base_with_abstract_legend():
    result = run("--card", "d1_25", "--abstract")
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "((С1, при этом С2), затем (С3 и С4))  [оплата: {tap}]",
        "  С1 = ранить цель на 1",
        "  С2 = излечить себя на 1",
        "  С3 = закрыть цель",
        "  С4 = получить {counter}",
    ]


def test_real_text_json_has_the_same_keys_and_the_feature_kind():
    result = run("--format", "json", "{tap}: ранить цель на 1 и закрыть ее, иначе получить {counter}.")
    [feature] = json.loads(result.output)["features"]
    assert feature["kind"] == "playable"
    assert feature["payment"] == "{tap}"
    assert feature["abstract"] == "((С1 и С2), иначе С3)"
    assert feature["atoms"] == ["ранить цель на 1", "закрыть ее", "получить {counter}"]
    assert feature["ambiguous"] is True
    assert feature["readings"] == [
        "((ранить цель на 1 и закрыть ее), иначе получить {counter})",
        "(ранить цель на 1 и (закрыть ее, иначе получить {counter}))",
    ]


def test_card_name_is_masked_before_reading():
    text = "Бон и Берроу получают {counter} и ранят цель на 1."
    masked = run("--abstract", "--name", "Бон и Берроу", text)
    assert masked.output.splitlines()[:3] == [
        "(С1 и С2)", "  С1 = Бон и Берроу получают {counter}", "  С2 = ранят цель на 1"]


def test_card_by_name_forgives_as_card_does_and_not_found_is_card_s_answer():
    """One lookup, one answer, one exit code (issue 29): canon --card finds what `card` finds."""
    from berserk_judge.cli.main import main

    assert run("--card", "Бьорн и Хельга").exit_code == 0
    for query in ("Бьорн и Хельг", "D1-23", "d1 23", ",mjhy b [tkmuf"):
        result = run("--card", query)
        assert (result.exit_code, result.output.splitlines()[0]) == (0, run("--card", "d1_23").output.splitlines()[0]), query
    for query in ("Кракозябра", "Пепельный"):
        canon_result = run("--card", query)
        card_result = CliRunner().invoke(main, ["card", query])
        explain_result = CliRunner().invoke(main, ["explain", "--card", query])
        assert canon_result.exit_code == card_result.exit_code == explain_result.exit_code == (
            1 if query == "Кракозябра" else 3)
        assert canon_result.stderr == card_result.stderr == explain_result.stderr
        assert canon_result.stdout == card_result.stdout and "Usage" not in canon_result.output


def test_card_base_comes_from_the_nearest_config(tmp_path, monkeypatch):
    base = tmp_path / "base"
    base.mkdir()
    (base / "x.yaml").write_text(
        "set: {id: x, name: Икс}\ncards:\n- id: x1\n  name: Проба\n  text: 'С1 и С2'\n", encoding="utf-8")
    (tmp_path / "berserk-judge.toml").write_text('cardbase = "base"\n', encoding="utf-8")
    sub = tmp_path / "deeper"
    sub.mkdir()
    monkeypatch.chdir(sub)
    result = run("--card", "x1")
    assert result.exit_code == 0
    assert result.output == "(С1 и С2)\n"
    (tmp_path / "berserk-judge.toml").write_text("cardbase = 5\n", encoding="utf-8")
    bad = run("--card", "x1")
    assert bad.exit_code == 2
    assert "ошибка настроек" in bad.output
