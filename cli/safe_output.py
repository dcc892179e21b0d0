"""Every text the CLI prints goes through one guard: no line can start a CI runner's command.

Card texts, rulings, names, ids, paths and config keys come from other people's
files, and `card`, `explain --card`, `canon`, `report`, `clean`, `rules`, `grid`
print them. A line of such a text that starts (after its blanks) with `::`
is a GitHub Actions workflow command (`::error file=…::…` is an annotation),
`##[error]` is Azure Pipelines' form, and a CR is a line break to both. So the
command group runs every command with its standard output and error wrapped
in a `GuardedStream` (`guarded_output`): the first character of such a line
start is named (`reports.escape.guard_line_starts`), the rest of the text is
printed as it is — a multi-line card text stays readable. Values that must
stay on one line (an id, a path in a message) are made so where they are
printed (`reports.escape.visible`).

Two outputs are not guarded: `lint --format github`, whose lines are workflow
commands by design (its values are escaped by `reports.github`: `raw_stream`),
and the language server, whose standard streams carry JSON-RPC.
"""
from __future__ import annotations

import contextlib
import sys

from berserk_judge.reports.escape import guard_line_starts


class GuardedStream:
    """A text stream that writes through `guard_line_starts`, keeping track of where a line
    starts across writes (a `:` at the end of one write and `:error` in the next is one
    line start). Binary writes are refused: nothing here writes bytes to a standard stream."""

    def __init__(self, stream):
        self._stream = stream
        self._at_line_start = True
        self._held = ""

    @property
    def raw(self):
        """The stream beneath, for output that is commands by design (lint --format github)."""
        return self._stream

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        safe, self._at_line_start, self._held = guard_line_starts(self._held + text, self._at_line_start)
        if safe:
            self._stream.write(safe)
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def release(self) -> None:
        """Write what was held back (a last `:` or `#`): nothing follows it any more."""
        if self._held:
            held, self._held = self._held, ""
            self._stream.write(held)
            self._at_line_start = False

    def __getattr__(self, name):
        if name == "buffer":          # click would write bytes there, past the guard
            raise AttributeError(name)
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded_output():
    """Run the body with sys.stdout and sys.stderr guarded; restored (and flushed) after."""
    saved = sys.stdout, sys.stderr
    guards = [GuardedStream(stream) if stream is not None else None for stream in saved]
    sys.stdout, sys.stderr = guards
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
        for guard in guards:
            if guard is not None:
                with contextlib.suppress(OSError, ValueError):
                    guard.release()


def raw_stream(stream):
    """The stream beneath a GuardedStream (any other stream as it is)."""
    return stream.raw if isinstance(stream, GuardedStream) else stream
