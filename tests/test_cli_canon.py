"""`berserk-judge canon` on abstract text: output, JSON keys, carets, exit codes."""
from __future__ import annotations

import json

from click.testing import CliRunner

from berserk_judge.cli.main import main

KEYS = {"line", "kind", "payment", "condition", "label", "ability_type", "canonical",
        "abstract", "atoms", "ambiguous", "readings"}


def run(*args, input=None):
    return CliRunner().invoke(main, ["canon", *args], input=input)


def test_text_output_one_line_per_feature():
    result = run("[С1], при этом [С2], затем [С3] и [С4]\nМожет С1 и С2")
    assert result.exit_code == 0
    assert result.output == "((С1, при этом С2), затем (С3 и С4))\n(может (С1 и С2))\n"


def test_ambiguous_feature_shows_each_reading_marked():
    result = run("С1 и С2, иначе С3")
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "((С1 и С2), иначе С3)  [неоднозначно]",
        "  чтение 1 (по умолчанию): ((С1 и С2), иначе С3)",
        "  чтение 2: (С1 и (С2, иначе С3))   "
        "(иначе / если противник не может или не хочет ↔ и, или)",
    ]


def test_json_keys_are_stable():
    result = run("--format", "json", "С1, при этом С2 или С3")
    assert result.exit_code == 0
    [feature] = json.loads(result.output)["features"]
    assert KEYS <= set(feature)
    assert feature["kind"] == "abstract"
    assert feature["line"] == 1
    assert feature["canonical"] == "((С1, при этом С2) или С3)"
    assert feature["atoms"] == ["С1", "С2", "С3"]
    assert feature["ambiguous"] is True
    assert feature["readings"] == ["((С1, при этом С2) или С3)", "(С1, при этом (С2 или С3))"]


def test_condition_is_reported_beside_the_tree():
    result = run("--format", "json", "При С0 — С1 и С2")
    [feature] = json.loads(result.output)["features"]
    assert feature["condition"] == "При С0"
    assert feature["canonical"] == "(С1 и С2)"


def test_unreadable_input_has_column_and_caret_and_the_rest_is_still_read():
    result = run("С1 и С2\nС1 и и С2\nС3 или С4")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "(С1 и С2)",
        "строка 2, столбец 6: после связки «и» ожидалась способность, а стоит связка «и»",
        "  С1 и и С2",
        "       ^",
        "(С3 или С4)",
    ]
    assert "Traceback" not in result.output


def test_unknown_word_in_abstract_text_points_at_it():
    result = run("С1 и Х2")
    assert result.exit_code == 1
    assert "строка 1, столбец 6: неизвестное слово «Х2»" in result.output
    assert result.output.splitlines()[-1] == "       ^^"


def test_json_error_record():
    result = run("--format", "json", "(С1 и С2")
    [feature] = json.loads(result.output)["features"]
    assert feature["canonical"] is None
    assert feature["error"] == {"message": "не закрыта скобка «(»", "start": 0, "end": 1}


def test_stdin():
    result = run("-", input="С1; С2\n")
    assert result.output == "(С1, при этом С2)\n"


def test_usage_errors_exit_2():
    assert run().exit_code == 2
    assert run("С1", "--format", "xml").exit_code == 2
    assert run("С1", "--card", "x").exit_code == 2


def test_abstract_payment_label_and_condition_are_reported_beside_the_tree():
    result = run("--format", "json", "{tap}: С1 и С2\nСтрой: С1 или С2\n{instant}{tap}: При С0 — С1; С2")
    features = json.loads(result.output)["features"]
    assert [(f["payment"], f["label"], f["condition"], f["canonical"]) for f in features] == [
        ("{tap}", None, None, "(С1 и С2)"),
        (None, "Строй", None, "(С1 или С2)"),
        ("{instant}{tap}", None, "При С0", "(С1, при этом С2)"),
    ]
    text = run("Бешенство 3: может С1")
    assert text.output == "(может С1)  [метка: Бешенство 3]\n"
