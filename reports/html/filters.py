"""How values become page text: invisible characters shown, icons drawn, spaces made visible, plurals.

Every `{{ value }}` of every template passes through `visible` (Jinja's
finalize), so a NUL, an escape character or a bidi override in an id, a name
or a text is shown by name (`<U+0000 NULL>`) instead of reaching the page raw.
"""
from __future__ import annotations

import jinja2
from markupsafe import Markup

from berserk_judge.cardbase.chars import show_invisible
from berserk_judge.reports.html.icons import with_icons


def visible(value):
    """A string with invisible characters named; anything else (numbers, markup) as it is."""
    if isinstance(value, str) and not isinstance(value, Markup) and not value.isprintable():
        return show_invisible(value)
    return value


def icons(text: str) -> Markup:
    """Card text for the page: invisible characters named, `{tap}` and the like drawn as symbols."""
    return with_icons(visible(text or ""))


def shown_space(text: str) -> str:
    """White space alone made visible (␣, ↵), so a removed or added space can be seen."""
    if text.strip():
        return text
    return text.replace(" ", "␣").replace("\t", "␣").replace("\n", "↵\n")


def plural(n: int, one: str, few: str, many: str) -> str:
    """The form of the noun after `n` (`{{ n }} {{ n | plural("карта", "карты", "карт") }}`)."""
    from berserk_judge.russian.plural import plural as form

    return form(n, one, few, many)


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("berserk_judge.reports.html", "templates"),
        autoescape=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined, finalize=visible,
    )
    env.filters.update(plural=plural, shown_space=shown_space, icons=icons)
    return env
