"""Errors of the grid core: pure data, so the shell decides how to print them."""
from __future__ import annotations


class GridError(ValueError):
    """Bad input for the grid core; carries a Russian message and, when the
    fault lies in the map text, its 1-based line and column."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


class MapError(GridError):
    """The map text is malformed (ragged rows, unknown symbol, two «@», ...)."""


class CellError(GridError):
    """A cell name is malformed or names a cell off the map."""


class NoStartError(GridError):
    """A command needs the mover («@» or --from) and the map has none."""
