"""Entry point: a click group whose subcommands are imported only when used.

Heavy imports (lark, pymorphy3, jinja2) live inside the subcommand modules, so
`--help` and `--version` start fast.
"""
from __future__ import annotations

import importlib

import click

from cli import i18n

i18n.install()

# command name -> "module:attribute"; each module is a thin click wrapper.
SUBCOMMANDS: dict[str, str] = {
    "canon": "cli.canon_cmd:canon",
    "import": "cli.import_cmd:import_cmd",
    "coverage": "cli.coverage_cmd:coverage",
    "lint": "cli.lint_cmd:lint",
    "rule": "cli.rule_cmd:rule",
    "grid": "cli.grid_cmd:grid",
}

SHORT_HELP: dict[str, str] = {
    "canon": "Каноническая запись особенностей текста или карты.",
    "import": "Импорт корпуса JSONL в базу карт YAML.",
    "coverage": "Сколько особенностей базы прочитано полностью.",
    "lint": "Проверка текстов карт: находки с кодом и местом.",
    "rule": "Описание правил проверки (все или одно по коду).",
    "grid": "Движение и расстояния на карте клеток (правило 506).",
}


class LazyGroup(click.Group):
    """A group that imports a subcommand's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = SUBCOMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                return None  # not built yet
            raise
        command = getattr(module, attr)
        _russian_metavars(command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, SHORT_HELP.get(name, "")) for name in self.list_commands(ctx)]
        with formatter.section("Команды"):
            formatter.write_dl(rows)


def _russian_metavars(command: click.Command) -> None:
    """Usage lines say [ОПЦИИ] like the rest of the Russian help."""
    if command.options_metavar == "[OPTIONS]":
        command.options_metavar = "[ОПЦИИ]"
    for sub in getattr(command, "commands", {}).values():
        _russian_metavars(sub)


CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}


@click.group(cls=LazyGroup, context_settings=CONTEXT_SETTINGS, options_metavar="[ОПЦИИ]",
             subcommand_metavar="КОМАНДА [АРГУМЕНТЫ]...")
@click.version_option(package_name="berserk-judge", message="berserk-judge %(version)s")
def main() -> None:
    """berserk-judge — судья и линтер текстов карт «Берсерка».

    Читает тексты карт по правилам 114–116, 505 и 506, показывает
    каноническую расстановку скобок, находит неоднозначные и ошибочные тексты.
    """


if __name__ == "__main__":  # pragma: no cover
    main()
