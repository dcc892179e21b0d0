"""Russian for click's own words (usage lines, errors, help sections).

Click looks its messages up through gettext; installing a small catalogue
into its modules makes every command speak Russian without wrapping each
one. Unknown messages fall through unchanged.
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
    "Missing parameter": "Не указан параметр",
    "Missing parameter: {param_name}": "Не указан параметр: {param_name}",
    "Missing {param_type}": "Не указан(а) {param_type}",
    "Missing command.": "не указана команда",
    "No such command {name!r}.": "нет такой команды: «{name}»",
    "No such option {name!r}.": "нет такой опции: {name}",
    "Option {name!r} does not take a value.": "опция {name} не принимает значения",
    "Invalid value for {param_hint}: {message}": "неверное значение {param_hint}: {message}",
    "Invalid value: {message}": "неверное значение: {message}",
    "{name} {filename!r} does not exist.": "{name} {filename!r} не существует.",
    "{name} {filename!r} is a directory.": "{name} {filename!r} — папка.",
    "{name} {filename!r} is a file.": "{name} {filename!r} — файл.",
    "{name} {filename!r} is not readable.": "{name} {filename!r} не читается.",
    "{name} {filename!r} is not writable.": "{name} {filename!r} недоступен для записи.",
    "Could not open file {filename!r}: {message}": "Не удалось открыть файл {filename!r}: {message}",
    "{value!r} is not a valid {number_type}.": "{value!r} — не {number_type}.",
    "{value} is not in the range {range}.": "{value} вне диапазона {range}.",
    "default: {default}": "по умолчанию: {default}",
    "env var: {var}": "переменная окружения: {var}",
    "file": "файл",
    "directory": "папка",
    "path": "путь",
    "integer": "целое число",
    "Aborted!": "Прервано.",
    "Argument {name!r} takes {nargs} values.": "Аргумент {name!r} принимает {nargs} значения.",
}

_PLURALS = {
    "Got unexpected extra argument ({args})": "лишние аргументы: {args}",
    "Got unexpected extra arguments ({args})": "лишние аргументы: {args}",
    "Did you mean {possibility}?": "(может быть, {possibility}?)",
    "(Did you mean one of: {possibilities}?)": "(может быть, {possibilities}?)",
    "Option {name!r} requires an argument.": "опции {name} нужно значение",
    "Option {name!r} requires {nargs} arguments.": "опции {name} нужно значений: {nargs}",
    "{value!r} is not {choice}.": "{value!r} — не {choice}.",
    "{value!r} is not one of {choices}.": "{value!r} — не из {choices}.",
}


def _gettext(message: str) -> str:
    return _MESSAGES.get(message, message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    chosen = singular if n == 1 else plural
    return _PLURALS.get(chosen, chosen)


def install() -> None:
    """Point click's gettext hooks at the Russian catalogue (idempotent)."""
    for name in ("core", "decorators", "exceptions", "formatting", "parser", "types", "termui"):
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:
            continue
        if hasattr(module, "_"):
            module._ = _gettext
        if hasattr(module, "ngettext"):
            module.ngettext = _ngettext
