"""When a command may fall back to the bundled demo base: only for a person at a terminal.

The demo base exists for someone trying the tool by hand. In CI, in a
pre-commit hook, in the GitHub action or in a script it would check cards
nobody owns and fail a build over them, so there a command without a path
and without card files says so instead: `lint`, `coverage` and `report`
exit 0 with nothing to do (as Ruff does when it finds no files), the
commands that look a card up exit 2. Paths given on the command line never
fall back to the demo. Only the shell decides this: it alone knows about
terminals and the environment.
"""
from __future__ import annotations

import os
import sys

import click

NO_CARD_FILES = ("файлов карт нет: в текущей папке и ниже нет YAML с разделом cards, и база не задана "
                 "(cardbase в настройках); демо-база берётся только в терминале")
NO_BASE = ("база карт не задана: укажите --base ПУТЬ или cardbase в [tool.berserk-judge] "
           "(демо-база берётся только в терминале)")
_FALSE = ("", "0", "false", "no", "off")


def person_at_terminal() -> bool:
    """Standard output is a terminal, and this is not CI, pre-commit or a GitHub action.

    Output alone decides (not input): a command whose output goes to a file or a pipe is run by
    a script, and the answer does not depend on where its caller's input happens to come from."""
    if os.environ.get("CI", "").strip().lower() not in _FALSE:
        return False
    if os.environ.get("GITHUB_ACTIONS") or os.environ.get("PRE_COMMIT"):
        return False
    return _isatty(sys.stdout)


def _isatty(stream) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):  # a closed stream
        return False


def lookup_base(configured: list[str] | None) -> list[str] | None:
    """The base a card look-up reads: the configured one, else the demo (None) at a terminal;
    elsewhere a usage error (exit 2)."""
    if configured or person_at_terminal():
        return configured
    raise click.UsageError(NO_BASE)


def targets_without_demo(targets: list[str] | None, origin: str | None) -> tuple[list[str] | None, str | None]:
    """`cardbase.discover.default_targets`'s answer, with the demo (None) replaced by nothing to
    check ([]) and the note NO_CARD_FILES when no person is at a terminal."""
    if targets is None and not person_at_terminal():
        return [], NO_CARD_FILES
    return targets, origin
