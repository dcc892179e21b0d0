"""Russian click building blocks shared by every command.

Importing this module installs the Russian catalogue (`cli.click_catalogue`), so a command
module that builds on these pieces speaks Russian even when invoked on its own
(tests call `grid`, `lint`, ... directly, not through `cli.main`).

* `Command`, `Group` — usage lines say «[ОПЦИИ]» and «КОМАНДА [АРГУМЕНТЫ]...»;
  a `Group`'s subcommands are `Command`s unless told otherwise.
* `Choice` — «неверное значение --format: «xml» — допустимо: text, json».
* `NonNegativeInt` — «неверное значение --squares: -1 — число должно быть не меньше 0».
"""
from __future__ import annotations

import click

from berserk_judge.cli import click_catalogue as i18n

i18n.install()

OPTIONS_METAVAR = "[ОПЦИИ]"
_SUBCOMMAND_METAVARS = {
    "COMMAND [ARGS]...": "КОМАНДА [АРГУМЕНТЫ]...",
    "[COMMAND] [ARGS]...": "[КОМАНДА] [АРГУМЕНТЫ]...",
    "COMMAND1 [ARGS]... [COMMAND2 [ARGS]...]...": "КОМАНДА1 [АРГУМЕНТЫ]... [КОМАНДА2 [АРГУМЕНТЫ]...]...",
    "[COMMAND1] [ARGS]... [COMMAND2 [ARGS]...]...": "[КОМАНДА1] [АРГУМЕНТЫ]... [КОМАНДА2 [АРГУМЕНТЫ]...]...",
}


class _Russian:
    """Mixin for click commands and groups: [ОПЦИИ] in the usage line, and every
    usage error shows the usage line (click's parser forgets the context for
    «опции --to нужно значение», so that one would print without it)."""

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        kwargs.setdefault("options_metavar", OPTIONS_METAVAR)
        super().__init__(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            if exc.ctx is None:
                exc.ctx, exc.cmd = ctx, ctx.command
            raise


class Command(_Russian, click.Command):
    """A click command with Russian usage lines."""


class Group(_Russian, click.Group):
    """A click group with Russian usage lines; subcommands default to `Command`, subgroups to `Group`."""

    command_class = Command
    group_class = type

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        self.subcommand_metavar = _SUBCOMMAND_METAVARS.get(self.subcommand_metavar, self.subcommand_metavar)


class Choice(click.Choice):
    """click.Choice that names the allowed values without quotes."""

    def _allowed(self, ctx: click.Context | None) -> str:
        return ", ".join(self._normalized_mapping(ctx=ctx).values())

    def get_invalid_choice_message(self, value, ctx) -> str:  # noqa: ANN001
        from berserk_judge.reports.escape import visible

        return f"«{visible(str(value))}» — допустимо: {self._allowed(ctx)}"

    def get_missing_message(self, param, ctx) -> str:  # noqa: ANN001
        return f"допустимо: {self._allowed(ctx)}"


class NonNegativeInt(click.ParamType):
    """A whole number ≥ 0 (a budget, a count); metavar N."""

    name = "N"
    minimum = 0

    def convert(self, value, param, ctx):  # noqa: ANN001, ANN201
        if isinstance(value, int):
            number = value
        else:
            try:
                number = int(str(value).strip())
            except ValueError:
                self.fail(f"«{value}» — не целое число", param, ctx)
        if number < self.minimum:
            self.fail(f"{number} — число должно быть не меньше {self.minimum}", param, ctx)
        return number


class PositiveInt(NonNegativeInt):
    """A whole number ≥ 1 (a number of workers): click's IntRange would print «[x>=1]»."""

    minimum = 1
