"""The map: parsing the plain-text grid and asking what stands where.

The text lists rows top to bottom, so the last line is row 1 (chess-style).
Errors point at the line and column of the text, because that is where the
user has to fix them.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from berserk_judge.grid.cells import Cell, cell_name, parse_cell_name
from berserk_judge.grid.errors import CellError, MapError, NoStartError
from berserk_judge.russian.plural import plural

FREE = "."
OBSTACLE = "#"
ENEMY = "E"
ALLY = "A"
MOVER = "@"
SYMBOLS = (FREE, OBSTACLE, ENEMY, ALLY, MOVER)
CHARACTERS = (ENEMY, ALLY)  # other characters: pass through, never end on

# A real field is 5×6; a scenario map a few dozen cells a side. The search
# keeps a few hundred bytes per cell (costs, routes, the printed map), so a
# bound keeps a mistaken or hostile map from taking gigabytes: 3000×3000
# took more than 4 GB.
MAX_CELLS = 250_000


@dataclass(frozen=True)
class Board:
    """A rectangular map. ``rows[r][c]`` is the terrain of cell (c, r), row 0
    at the bottom; the mover's cell holds what lies under it (FREE for «@»)."""

    width: int
    height: int
    rows: tuple[str, ...]  # one character per cell
    start: Cell | None = None

    def contains(self, cell: Cell) -> bool:
        col, row = cell
        return 0 <= col < self.width and 0 <= row < self.height

    def at(self, cell: Cell) -> str:
        col, row = cell
        return self.rows[row][col]

    def cells(self) -> list[Cell]:
        return [(c, r) for c in range(self.width) for r in range(self.height)]

    def neighbours8(self, cell: Cell) -> list[Cell]:
        """The cells «рядом» (506.1): sharing an edge or a corner."""
        col, row = cell
        found = []
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                other = (col + dc, row + dr)
                if (dc or dr) and self.contains(other):
                    found.append(other)
        return found

    def neighbours4(self, cell: Cell) -> list[Cell]:
        """Orthogonal neighbours: the only steps rule 506.1 allows."""
        col, row = cell
        found = []
        for other in ((col - 1, row), (col, row - 1), (col, row + 1), (col + 1, row)):
            if self.contains(other):
                found.append(other)
        return found

    def span(self) -> str:
        """«5×4 (a1–e4)» for messages."""
        last = cell_name((self.width - 1, self.height - 1))
        return f"{self.width}×{self.height} (a1–{last})"

    def locate(self, name: str) -> Cell:
        """Cell for a user-given name, or CellError if malformed or off the map."""
        cell = parse_cell_name(name)
        if not self.contains(cell):
            col, row = cell
            raise CellError(
                f"клетка «{name}» (столбец {col + 1}, строка {row + 1}) вне карты "
                f"размером {self.span()}"
            )
        return cell

    def with_start(self, cell: Cell) -> Board:
        """The same map with the mover put on ``cell`` (--from).

        The cell keeps its terrain: a mover started on «#» or beside an «E» in
        the same cell pays the leaving surcharge of the band model."""
        if self.start is not None and self.start != cell:
            raise CellError(
                f"на карте уже есть «@» в {cell_name(self.start)}; --from {cell_name(cell)} "
                "противоречит ему — уберите «@» с карты или --from"
            )
        return replace(self, start=cell)

    def require_start(self) -> Cell:
        if self.start is None:
            raise NoStartError(
                "на карте нет «@»: не указано, откуда движется персонаж "
                "(поставьте «@» на карту или укажите --from)"
            )
        return self.start


def parse_board(text: str) -> Board:
    """Parse the map text; raise MapError with line and column on any fault.

    Blank lines before and after the map are ignored; a blank line inside it
    is an error, since it would silently shift the row numbers."""
    lines = text.splitlines()
    numbered = [(i + 1, line) for i, line in enumerate(lines)]
    while numbered and not numbered[0][1].strip():
        numbered.pop(0)
    while numbered and not numbered[-1][1].strip():
        numbered.pop()
    if not numbered:
        raise MapError("карта пуста: нет ни одной строки клеток", line=1, column=1)

    for lineno, line in numbered:
        if not line.strip():
            raise MapError("пустая строка внутри карты", line=lineno, column=1)

    first_line, first_tokens = numbered[0][0], _tokens(numbered[0][1])
    width = len(first_tokens)
    too_big(width, len(numbered))
    start_pos: tuple[int, int, int, int] | None = None  # line, column, col, text-row
    text_rows: list[str] = []  # one character per cell: the map is kept compact
    for text_row, (lineno, line) in enumerate(numbered):
        tokens = first_tokens if text_row == 0 else _tokens(line)
        for column, token in tokens:
            if token not in SYMBOLS:
                hint = (
                    "; клетки разделяются пробелами"
                    if len(token) > 1 and all(ch in SYMBOLS for ch in token)
                    else ""
                )
                raise MapError(
                    f"неизвестный символ «{token}»; допустимы: . (свободно), # (препятствие), "
                    f"E (враг), A (союзник), @ (движущийся персонаж){hint}",
                    line=lineno,
                    column=column,
                )
        if len(tokens) != width:
            if len(tokens) > width:
                column = tokens[width][0]
            else:
                column = len(numbered[text_row][1].rstrip()) + 1
            raise MapError(
                f"неровные строки: в этой строке {len(tokens)} {plural(len(tokens), 'клетка', 'клетки', 'клеток')}, "
                f"а в первой строке карты (строка {first_line}) — {width}",
                line=lineno,
                column=column,
            )
        for index, (column, token) in enumerate(tokens):
            if token == MOVER:
                if start_pos is not None:
                    raise MapError(
                        f"второй «@» на карте (первый — строка {start_pos[0]}, "
                        f"столбец {start_pos[1]}): движется один персонаж",
                        line=lineno,
                        column=column,
                    )
                start_pos = (lineno, column, index, text_row)
        text_rows.append("".join(FREE if t == MOVER else t for _, t in tokens))

    height = len(text_rows)
    start = None
    if start_pos is not None:
        start = (start_pos[2], height - 1 - start_pos[3])
    rows = tuple(reversed(text_rows))
    return Board(width=width, height=height, rows=rows, start=start)


def too_big(width: int, height: int) -> None:
    """MapError when a map of width × height cells exceeds MAX_CELLS."""
    cells = width * height
    if cells > MAX_CELLS:
        raise MapError(
            f"карта слишком велика: {width}×{height} = {_thousands(cells)} "
            f"{plural(cells, 'клетка', 'клетки', 'клеток')}, а можно не больше {_thousands(MAX_CELLS)} "
            "(например, 500×500): на такой карте поиск пути занял бы слишком много памяти",
            line=1, column=1,
        )


def _thousands(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def _tokens(line: str) -> list[tuple[int, str]]:
    """Whitespace-separated tokens with their 1-based character columns."""
    tokens = []
    i = 0
    n = len(line)
    while i < n:
        if line[i].isspace():
            i += 1
            continue
        j = i
        while j < n and not line[j].isspace():
            j += 1
        tokens.append((i + 1, line[i:j]))
        i = j
    return tokens

