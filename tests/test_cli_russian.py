"""Every command speaks Russian: --help, typos, bad values, missing values.

One mechanism (cli.click_catalogue + cli.click_russian) serves all commands, so the same
mistake reads the same everywhere and no English click text leaks out.
"""
import re

import pytest
from click.testing import CliRunner

from berserk_judge.cli.grid_cmd import grid
from berserk_judge.cli.main import SUBCOMMANDS, main

ENGLISH = (
    "Usage", "Error", "Options", "Commands", "Arguments", "Show this message", "Show the version",
    "Try ", "Missing", "No such", "Invalid", "Did you mean", "requires", "unexpected",
    "is not", "does not", "required", "default:", "Choose from", "INTEGER", "OPTIONS", "COMMAND",
)

# every command path, with positional arguments that get past argument parsing
COMMANDS = {
    ("canon",): [],
    ("coverage",): [],
    ("import",): ["src.jsonl", "--out", "out"],
    ("lint",): [],
    ("rule",): [],
    ("card",): ["d1_1"],
    ("explain",): ["С1"],
    ("rules",): ["505", "--rulebook", "нет"],
    ("rulebook",): ["505", "--rulebook", "нет"],      # `rules` is its old name, kept (issue 35)
    ("report",): ["--out", "out"],
    ("clean",): [],
    ("server",): [],
    ("grid",): None,  # a group: no options of its own but --help
    ("grid", "adjacent"): ["map.txt", "a1"],
    ("grid", "distance"): ["map.txt", "a1", "b1"],
    ("grid", "reach"): ["map.txt", "--squares", "1"],
}

# a typo of a real option, and click's suggestion for it
TYPOS = {
    ("canon",): ("--abstrct", "(может быть, --abstract?)"),
    ("coverage",): ("--formt", "(может быть, --format?)"),
    ("import",): ("--ot", "(может быть, --out?)"),
    ("lint",): ("--severty", "(может быть, --severity?)"),
    ("rule",): ("--formt", "(может быть, --format?)"),
    ("card",): ("--formt", "(может быть, --format?)"),
    ("explain",): ("--quot", "(может быть, --quote?)"),
    ("rules",): ("--rulebok", "(может быть, --rulebook?)"),
    ("rulebook",): ("--rulebok", "(может быть, --rulebook?)"),
    ("report",): ("--compre", "(может быть, --compare?)"),
    ("clean",): ("--isolatd", "(может быть, --isolated?)"),
    ("server",): ("--stdoi", "(может быть, --stdio?)"),
    ("grid",): ("--hepl", "(может быть, --help?)"),
    ("grid", "adjacent"): ("--formt", "(может быть, --format?)"),
    ("grid", "distance"): ("--formt", "(может быть, --format?)"),
    ("grid", "reach"): ("--sqares", "(может быть, --squares?)"),
}

# commands with --format, and what it allows
FORMATS = {
    ("canon",): "text, json, jsonl",
    ("coverage",): "text, json",
    ("lint",): "text, json, sarif, github",
    ("rule",): "text, markdown, json",
    ("card",): "text, json",
    ("explain",): "text, json",
    ("rules",): "text, json",
    ("rulebook",): "text, json",
    ("report",): "html, markdown",
    ("grid", "adjacent"): "text, json",
    ("grid", "distance"): "text, json",
    ("grid", "reach"): "text, json",
}


def run(*args):
    return CliRunner().invoke(main, list(args))


def assert_no_english(text: str) -> None:
    leaked = [word for word in ENGLISH if word in text]
    assert not leaked, f"английский текст click: {leaked}\n{text}"


def assert_usage_error(result, path: tuple[str, ...], message: str) -> None:
    assert result.exit_code == 2, result.output
    command = " ".join(("main", *path))
    assert result.stderr.startswith(f"Использование: {command} [ОПЦИИ]"), result.stderr
    assert f"\nСправка: {command} --help\n" in result.stderr
    assert f"\nОшибка: {message}" in result.stderr, result.stderr
    assert_no_english(result.stderr)


def test_every_command_is_covered():
    assert {path[0] for path in COMMANDS} == set(SUBCOMMANDS)
    assert {path[1] for path in COMMANDS if len(path) == 2} == set(grid.commands)
    assert set(TYPOS) == set(COMMANDS)


@pytest.mark.parametrize("path", [(), *COMMANDS], ids=lambda p: " ".join(p) or "main")
def test_help_is_russian(path):
    result = run(*path, "--help")
    assert result.exit_code == 0
    first = result.output.splitlines()[0]
    assert first.startswith(" ".join(("Использование: main", *path, "[ОПЦИИ]")))
    assert "\nОпции:\n" in result.output
    assert "Показать эту справку и выйти." in result.output
    assert_no_english(result.output)


@pytest.mark.parametrize("path", [("grid",), ("grid", "reach"), ("grid", "distance")])
def test_help_sections_for_arguments_and_commands(path):
    output = run(*path, "--help").output
    if path == ("grid",):
        assert "\nКоманды:\n" in output
        assert "КОМАНДА [АРГУМЕНТЫ]..." in output.splitlines()[0]
    else:
        assert "\nАргументы:\n" in output


@pytest.mark.parametrize("path", list(TYPOS), ids=" ".join)
def test_typo_option(path):
    typo, hint = TYPOS[path]
    result = run(*path, typo)
    assert_usage_error(result, path, f"нет такой опции: {typo} {hint}\n")


@pytest.mark.parametrize("path", list(FORMATS), ids=" ".join)
def test_bad_choice(path):
    result = run(*path, *COMMANDS[path], "--format", "xml")
    assert_usage_error(result, path, f"неверное значение --format: «xml» — допустимо: {FORMATS[path]}\n")


@pytest.mark.parametrize("path", list(FORMATS), ids=" ".join)
def test_option_without_value(path):
    result = run(*path, *COMMANDS[path], "--format")
    assert_usage_error(result, path, "опции --format нужно значение\n")


@pytest.mark.parametrize(
    "args, path, message",
    [
        (["nope"], (), "нет такой команды: «nope»"),
        (["grid", "reahc"], ("grid",), "нет такой команды: «reahc» (может быть, reach?)"),
        (["grid", "nope"], ("grid",), "нет такой команды: «nope»"),
        (["import"], ("import",), "не указан аргумент ИСТОЧНИК..."),
        (["import", "a.jsonl"], ("import",), "не указана опция --out"),
        (["grid", "distance", "map.txt", "a1"], ("grid", "distance"), "не указан аргумент КУДА"),
        (["rule", "BJ101", "BJ102"], ("rule",), "лишние аргументы: BJ102"),
        (["card"], ("card",), "не указан аргумент ЗАПРОС"),
        (["rules"], ("rules",), "не указан аргумент ЗАПРОС"),
        (["explain"], ("explain",), "укажите либо ТЕКСТ, либо --card (ровно одно из двух)"),
        (["canon"], ("canon",), "укажите ТЕКСТ, --card ЗАПРОС или --all (все карты базы) — ровно одно из трёх"),
        (["canon", "a", "b", "c"], ("canon",), "лишние аргументы: b c"),
        (["canon", "--abstract=yes", "x"], ("canon",), "опция --abstract не принимает значения"),
        (["lint", "--severity", "fatal"], ("lint",), "неверное значение --severity: «fatal» — допустимо: info, warning, error"),
        (["grid", "reach", "m", "--squares", "-1"], ("grid", "reach"), "неверное значение --squares: -1 — число должно быть не меньше 0"),
        (["grid", "reach", "m", "--bands", "x"], ("grid", "reach"), "неверное значение --bands: «x» — не целое число"),
    ],
)
def test_same_wording_everywhere(args, path, message):
    assert_usage_error(run(*args), path, message + "\n")


def test_commands_are_russian_without_main():
    from berserk_judge.cli.lint_cmd import lint

    result = CliRunner().invoke(lint, ["--format", "xml"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Использование: lint [ОПЦИИ]")
    assert "Ошибка: неверное значение --format: «xml»" in result.stderr
    assert_no_english(result.stderr)


def test_only_option_names_and_metavars_are_latin_in_usage_lines():
    for path in COMMANDS:
        first = run(*path, "--help").output.splitlines()[0]
        assert re.fullmatch(r"Использование: main[ a-z]* \[ОПЦИИ\].*", first), first


def test_mistyped_command_gets_a_suggestion():
    from click.testing import CliRunner

    from berserk_judge.cli.main import main

    result = CliRunner().invoke(main, ["gird"])
    assert result.exit_code == 2
    assert "Ошибка: нет такой команды: «gird» (может быть, grid?)" in result.output


@pytest.mark.parametrize("typo, hint", [
    ("--bogus", ""),                                # nothing alike: no guess (was «--jobs, --verbose?»)
    ("--jbos", " (может быть, --jobs?)"),
    ("--extend-ignor", " (может быть, --extend-ignore?)"),
    ("--no-cach", " (может быть, --no-cache?)"),
])
def test_a_suggestion_is_the_closest_option_not_any_sharing_the_dashes(typo, hint):
    assert_usage_error(run("lint", typo), ("lint",), f"нет такой опции: {typo}{hint}\n")


@pytest.mark.parametrize("path", [(), ("grid",)], ids=lambda p: " ".join(p) or "main")
def test_no_command_line_of_a_group_s_help_is_cut(path):
    output = run(*path, "--help").output
    listed = output[output.index("Команды:"):]
    assert "..." not in listed and "…" not in listed


def test_report_help_names_its_own_placeholder():
    output = run("report", "--help").output
    assert "ПУТЬ/report.json" in output and "DIR" not in output

