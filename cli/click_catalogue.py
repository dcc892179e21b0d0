"""Russian for click's own words (usage lines, errors, help sections).

Click looks its messages up through gettext; installing a small catalogue
into its modules makes every command speak Russian without wrapping each
one. Unknown messages fall through unchanged.

A few message shapes are built by click from parts the catalogue never sees
(parameter names and suggestions quoted with repr, a period glued after a
missing parameter's name); `install` also replaces those few helpers so that
every command says «неверное значение --format: …», «не указан аргумент TO»,
«нет такой опции: --sqares (может быть, --squares?)» (the closest first,
compared without the dashes: `--bogus` suggests nothing, not --jobs).
The Russian building blocks commands use (command classes, Choice,
NonNegativeInt) live beside this module, in `cli.click_russian`.
"""
from __future__ import annotations

import importlib

_MESSAGES = {
    "Usage:": "Использование:",
    "Options": "Опции",
    "Commands": "Команды",
    "Positional arguments": "Аргументы",
    "Show this message and exit.": "Показать эту справку и выйти.",
    "Show the version and exit.": "Показать версию и выйти.",
    "Error: {message}": "Ошибка: {message}",
    "Try '{command} {option}' for help.": "Справка: {command} {option}",
    "Missing argument": "не указан аргумент",
    "Missing option": "не указана опция",
    "Missing parameter": "не указан параметр",
    "Missing parameter: {param_name}": "не указан параметр: {param_name}",
    "Missing {param_type}": "не указан(а) {param_type}",
    "Missing command.": "не указана команда",
    "No such command {name!r}.": "нет такой команды: «{name}»",
    "No such option {name!r}.": "нет такой опции: {name}",
    "Option {name!r} does not take a value.": "опция {name} не принимает значения",
    "Invalid value for {param_hint}: {message}": "неверное значение {param_hint}: {message}",
    "Invalid value: {message}": "неверное значение: {message}",
    "Choose from:\n\t{choices}": "допустимо: {choices}",
    "{name} {filename!r} does not exist.": "{name} «{filename}» не существует",
    "{name} {filename!r} is a directory.": "{name} «{filename}» — папка",
    "{name} {filename!r} is a file.": "{name} «{filename}» — файл",
    "{name} {filename!r} is not readable.": "{name} «{filename}» не читается",
    "{name} {filename!r} is not writable.": "{name} «{filename}» недоступен для записи",
    "{name} {filename!r} is not executable.": "{name} «{filename}» не исполняемый",
    "Could not open file {filename!r}: {message}": "не удалось открыть файл «{filename}»: {message}",
    "unknown error": "неизвестная ошибка",
    "{value!r} is not a valid {number_type}.": "«{value}» — не число",
    "{value!r} is not a valid UUID.": "«{value}» — не UUID",
    "{value} is not in the range {range}.": "{value} вне диапазона {range}",
    "Value must be an iterable.": "значение должно быть списком",
    "Argument {name!r} takes {nargs} values.": "аргументу {name} нужно значений: {nargs}",
    "default: {default}": "по умолчанию: {default}",
    "env var: {var}": "переменная окружения: {var}",
    "required": "обязательно",
    "(dynamic)": "(вычисляется)",
    "deprecated": "устарело",
    "DeprecationWarning: The command {name!r} is deprecated.{extra_message}":
        "Внимание: команда «{name}» устарела.{extra_message}",
    "file": "файл",
    "directory": "папка",
    "path": "путь",
    "Aborted!": "Прервано.",
}

_PLURALS = {
    "Got unexpected extra argument ({args})": "лишние аргументы: {args}",
    "Got unexpected extra arguments ({args})": "лишние аргументы: {args}",
    "Did you mean {possibility}?": "(может быть, {possibility}?)",
    "(Did you mean one of: {possibilities}?)": "(может быть, {possibilities}?)",
    "Option {name!r} requires an argument.": "опции {name} нужно значение",
    "Option {name!r} requires {nargs} arguments.": "опции {name} нужно значений: {nargs}",
    # plain click.Choice; cli.click_russian.Choice lists the choices without quotes
    "{value!r} is not {choice}.": "«{value}» — допустимо: {choice}",
    "{value!r} is not one of {choices}.": "«{value}» — допустимо: {choices}",
}


class _Template(str):
    """A message template whose values from the command line — a command's or an option's name,
    a value, a file name — are shown on one line (reports.escape.visible): `grid 'x<LF>::error::…'`
    echoed the line break raw, and a line of its own after it."""

    _VALUES = ("name", "value", "filename", "args")

    def format(self, *args, **kwargs) -> str:  # noqa: A003 - str.format's name
        from berserk_judge.reports.escape import visible

        for key in self._VALUES:
            if isinstance(kwargs.get(key), str):
                kwargs[key] = visible(kwargs[key])
        return str.format(self, *args, **kwargs)


def _gettext(message: str) -> str:
    return _Template(_MESSAGES.get(message, message))


def _ngettext(singular: str, plural: str, n: int) -> str:
    chosen = singular if n == 1 else plural
    return _Template(_PLURALS.get(chosen, chosen))


# --- message shapes click builds from parts ------------------------------------

def _error_hint(param, ctx=None) -> str:  # noqa: ANN001 - click's signature
    """The parameter's name in messages: --format, TO (click quotes them)."""
    from click.core import Argument, Option

    if isinstance(param, Argument):
        return param.human_readable_name
    hint = " / ".join(param.opts) or param.human_readable_name
    if isinstance(param, Option) and param.show_envvar and param.envvar:
        envvars = [param.envvar] if isinstance(param.envvar, str) else param.envvar
        hint += " (" + _gettext("env var: {var}").format(var=", ".join(envvars)) + ")"
    return hint


def _join_param_hints(param_hint) -> str | None:  # noqa: ANN001
    if param_hint is not None and not isinstance(param_hint, str):
        return " / ".join(param_hint)
    return param_hint


def close_options(name: str, options) -> list[str]:
    """The options a mistyped one may have meant, the closest first.

    Compared without the leading dashes (every option shares them: with them
    `--bogus` looked like `--jobs` and `--verbose`), at least 0.6 alike, and
    only those nearly as close as the best (`--severty`: --severity, not
    --select too)."""
    from difflib import SequenceMatcher

    bare = name.lstrip("-")
    scored = sorted(((SequenceMatcher(None, bare, option.lstrip("-")).ratio(), option) for option in set(options)),
                    key=lambda pair: (-pair[0], pair[1]))
    scored = [(ratio, option) for ratio, option in scored if ratio >= 0.6]
    return [option for ratio, option in scored if ratio >= scored[0][0] - 0.15][:3] if scored else []


def _no_such_option_init(self, option_name, message=None, possibilities=None, ctx=None):  # noqa: ANN001
    """NoSuchOption with close_options' suggestions instead of difflib's on the dashed names."""
    _original_no_such_option_init(self, option_name, message, None, ctx)
    self.possibilities = close_options(option_name, possibilities) if possibilities else None


_original_no_such_option_init = None


def _format_possibilities(possibilities: list[str]) -> str:
    text = ", ".join(possibilities)   # in the order given: the closest first
    return _ngettext(
        "Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", len(possibilities)
    ).format(possibility=text, possibilities=text)


def _missing_message(self) -> str:  # noqa: ANN001 - replaces MissingParameter.format_message
    """«не указан аргумент TO», «не указана опция --out» (no period after the name)."""
    hint = self.param_hint
    if hint is None and self.param is not None:
        hint = self.param.get_error_hint(self.ctx)
    hint = _join_param_hints(hint)
    param_type = self.param_type
    if param_type is None and self.param is not None:
        param_type = self.param.param_type_name
    if param_type in ("argument", "option", "parameter"):
        missing = _gettext(f"Missing {param_type}")
    else:
        missing = _gettext("Missing {param_type}").format(param_type=param_type)
    text = f"{missing} {hint}" if hint else missing
    extra = [self.message] if self.message else []
    if self.param is not None:
        type_extra = self.param.type.get_missing_message(param=self.param, ctx=self.ctx)
        if type_extra:
            extra.append(type_extra)
    return "; ".join([text, *extra])


_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types", "termui",
            "shell_completion", "_termui_impl")


def install() -> None:
    """Point click's gettext hooks at the Russian catalogue (idempotent)."""
    for name in _MODULES:
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:
            continue
        if hasattr(module, "_"):
            module._ = _gettext
        if hasattr(module, "ngettext"):
            module.ngettext = _ngettext
    from click import core, exceptions

    for cls in (core.Parameter, core.Option, core.Argument):
        cls.get_error_hint = _error_hint
    exceptions._join_param_hints = _join_param_hints
    exceptions._format_possibilities = _format_possibilities
    global _original_no_such_option_init
    if _original_no_such_option_init is None:
        _original_no_such_option_init = exceptions.NoSuchOption.__init__
        exceptions.NoSuchOption.__init__ = _no_such_option_init
    exceptions.MissingParameter.format_message = _missing_message
