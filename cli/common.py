"""Small pieces several commands share."""
from __future__ import annotations

import click


def configured_base() -> list[str] | None:
    """The card base of the nearest config file (None → the demo base).

    A bad config file is a usage error (exit 2), as in `lint`.
    """
    from lint.config import ConfigError, configured_cardbase

    try:
        return configured_cardbase()
    except ConfigError as exc:
        raise click.UsageError(f"ошибка настроек: {exc}") from None
