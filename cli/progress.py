"""A progress bar on stderr that appears only when the work takes a while.

Shown on a terminal once the work has run for more than `delay` seconds
(click's progress bar); never when stderr is not a terminal or with `-q`, so
logs, pipes and CI output stay clean.
"""
from __future__ import annotations

import sys
import time

import click


class DelayedProgress:
    """Call with the number of units just done; `close()` at the end."""

    def __init__(self, total: int, label: str, enabled: bool, delay: float = 1.0, stream=None):
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and total > 1
        self.delay = delay
        self.started = time.monotonic()
        self.done = 0
        self.bar = None

    def __call__(self, units: int) -> None:
        self.done += units
        if not self.enabled:
            return
        if self.bar is None:
            if time.monotonic() - self.started < self.delay:
                return
            self.bar = click.progressbar(length=self.total, label=self.label, file=self.stream,
                                         show_pos=True, show_eta=False)
            self.bar.__enter__()
            self.bar.update(self.done)
        else:
            self.bar.update(units)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


def wanted(quiet: bool, stream=None) -> bool:
    """A bar only for a person watching a terminal."""
    stream = stream if stream is not None else sys.stderr
    try:
        return not quiet and stream.isatty()
    except (AttributeError, ValueError):
        return False
