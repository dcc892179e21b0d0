"""Ctrl-C and SIGTERM end a command the way shells expect, leaving nothing half-written.

Python's default SIGTERM kills the process at once: no `finally` runs, so a
temporary file of cardbase.atomic (`.c4_70.yaml.XXXX.tmp`, `.cards-X.html.XXXX.tmp`)
stays in the output folder. Here SIGTERM raises `Terminated` in the main
process, so every `finally` of a write removes its temporary file, as Ctrl-C
(KeyboardInterrupt) already does. The exit code is 128 + the signal — 130 for
Ctrl-C, 143 for SIGTERM — whatever the command's options say (`--exit-zero`
only forgives findings). Worker processes that inherit the handler die by the
signal's default action, as before.
"""
from __future__ import annotations

import os
import signal
import sys
from contextlib import contextmanager


class Terminated(BaseException):
    """SIGTERM arrived (a BaseException: no `except Exception` swallows it)."""


@contextmanager
def interruptible():
    """Run a command: SIGTERM → Terminated; Ctrl-C or SIGTERM → «Прервано.», exit 130 / 143."""
    owner = os.getpid()

    def on_term(signum, frame):  # noqa: ANN001 - signal's signature
        if os.getpid() != owner:   # a forked worker: the default action, as before
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise Terminated()

    try:
        previous = signal.signal(signal.SIGTERM, on_term)
    except ValueError:   # not the main thread (a test runner's thread): nothing to install
        previous = None
    try:
        yield
    except KeyboardInterrupt:
        _stopped(128 + signal.SIGINT)
    except Terminated:
        _stopped(128 + signal.SIGTERM)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _stopped(code: int) -> None:
    try:
        sys.stderr.write("\nПрервано.\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    sys.exit(code)
