"""Where the mover can get to, and at what cost.

Two rule sets:
* the range-band model (connectives.md §6): 8 neighbours, Dijkstra over
  per-step costs 1..3, obstacles are difficult terrain, characters can be
  passed but not ended on;
* rule 506.1: orthogonal steps into free cells, one unit each — plain BFS.
"""
from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

from berserk_judge.grid.board import CHARACTERS, ENEMY, FREE, OBSTACLE, Board
from berserk_judge.grid.cells import Cell

BAND = "band"
BERSERK = "berserk"
RULES = (BAND, BERSERK)

# Step surcharges, each a (reason, amount); reasons are stable identifiers.
BASE = "base"
DIAGONAL = "diagonal"
LEAVE_ENEMY = "leave_enemy"
LEAVE_OBSTACLE = "leave_obstacle"
MAX_STEP_COST = 3


class CellValues(Mapping):
    """{cell: value} over a flat array, one slot per cell (-1: no value).

    A dict keyed by (column, row) tuples costs about 200 bytes a cell; the
    search keeps 4. Cells are numbered column-major (`column * height +
    row`), which is the order of the (column, row) tuples, so iterating
    gives the cells sorted, as a sorted dict would.
    """

    def __init__(self, height: int, values: array, keep: bytearray | None = None):
        self._height = height
        self._values = values
        self._keep = keep  # 1 where the cell counts (None: every cell with a value)
        self._len: int | None = None

    def _index(self, cell) -> int:
        col, row = cell
        if not (0 <= row < self._height and 0 <= col):
            return -1
        index = col * self._height + row
        return index if index < len(self._values) else -1

    def __getitem__(self, cell) -> int:
        index = self._index(cell) if isinstance(cell, tuple) and len(cell) == 2 else -1
        if index < 0 or self._values[index] < 0 or (self._keep is not None and not self._keep[index]):
            raise KeyError(cell)
        return self._values[index]

    def __iter__(self):
        height, keep = self._height, self._keep
        for index, value in enumerate(self._values):
            if value >= 0 and (keep is None or keep[index]):
                yield divmod(index, height)

    def __len__(self) -> int:
        if self._len is None:
            self._len = sum(1 for _ in self)
        return self._len

    def __repr__(self) -> str:
        return f"CellValues({dict(self.items())!r})"


@dataclass(frozen=True)
class Reach:
    """Cheapest costs from ``start``.

    ``costs`` holds only the cells the mover may end on; ``best`` every cell
    the search touched within the budget (including cells only passed
    through), ``parent`` the predecessor on one cheapest route. All three
    are read-only mappings over flat arrays (CellValues)."""

    rules: str
    start: Cell
    budget: int
    costs: Mapping[Cell, int]
    best: Mapping[Cell, int]
    parent: Mapping[Cell, Cell]

    def path(self, goal: Cell) -> list[Cell] | None:
        """One cheapest path start..goal, or None if goal is not an end cell."""
        if goal not in self.costs:
            return None
        path = [goal]
        while path[-1] != self.start:
            path.append(self.parent[path[-1]])
        path.reverse()
        return path


class _Parents(Mapping):
    """{cell: predecessor cell} over a flat array of cell numbers (-1: none)."""

    def __init__(self, height: int, numbers: array):
        self._cells = CellValues(height, numbers)
        self._height = height

    def __getitem__(self, cell) -> Cell:
        return divmod(self._cells[cell], self._height)

    def __iter__(self):
        return iter(self._cells)

    def __len__(self) -> int:
        return len(self._cells)


def step_parts(board: Board, frm: Cell, to: Cell) -> list[tuple[str, int]]:
    """Why a band-model step costs what it costs: base 1, +1 diagonal,
    +1 for leaving an enemy's or an obstacle's cell (the start cell counts)."""
    parts = [(BASE, 1)]
    if frm[0] != to[0] and frm[1] != to[1]:
        parts.append((DIAGONAL, 1))
    here = board.at(frm)
    if here == ENEMY:
        parts.append((LEAVE_ENEMY, 1))
    elif here == OBSTACLE:
        parts.append((LEAVE_OBSTACLE, 1))
    return parts


def step_cost(board: Board, frm: Cell, to: Cell) -> int:
    return min(MAX_STEP_COST, sum(amount for _, amount in step_parts(board, frm, to)))


def can_end_band(board: Board, start: Cell, cell: Cell) -> bool:
    """Band model: end on free cells and obstacles, never on another character."""
    return cell == start or board.at(cell) not in CHARACTERS


def can_enter_berserk(board: Board, start: Cell, cell: Cell) -> bool:
    """506.1: only free cells (the start cell is the mover's own)."""
    return cell == start or board.at(cell) == FREE


def _terrain(board: Board) -> str:
    """The map as one string, column-major: the symbol of cell number i."""
    return "".join("".join(board.rows[row][col] for row in range(board.height)) for col in range(board.width))


def band_reach(board: Board, start: Cell, budget: int) -> Reach:
    """Dijkstra on cells; a step the remaining budget cannot pay is not taken.

    Step costs depend only on the cell left and the direction, so a cell's
    cheapest cost is independent of how it was reached and Dijkstra is exact.
    Costs are small integers (1..3 a step), so the queue is a list of
    buckets by cost (Dial's algorithm); a bucket is taken in cell order, as
    a heap of (cost, cell) would pop it, so the reported path is the same
    deterministic one."""
    width, height = board.width, board.height
    terrain = _terrain(board)
    size = width * height
    best = array("i", [-1]) * size
    parent = array("i", [-1]) * size
    done = bytearray(size)
    origin = start[0] * height + start[1]
    best[origin] = 0
    buckets: dict[int, list[int]] = {0: [origin]}
    cost = 0
    while buckets:
        if cost not in buckets:
            cost += 1
            continue
        for index in sorted(set(buckets.pop(cost))):
            if done[index] or best[index] != cost:
                continue
            done[index] = 1
            col, row = divmod(index, height)
            here = terrain[index]
            leave = 1 if here == ENEMY or here == OBSTACLE else 0
            for dc in (-1, 0, 1):
                c = col + dc
                if not 0 <= c < width:
                    continue
                for dr in (-1, 0, 1):
                    r = row + dr
                    if (dc or dr) and 0 <= r < height:
                        nxt = c * height + r
                        new = cost + min(MAX_STEP_COST, 1 + (1 if dc and dr else 0) + leave)
                        if new > budget or done[nxt]:
                            continue
                        if best[nxt] < 0 or new < best[nxt]:
                            best[nxt] = new
                            parent[nxt] = index
                            buckets.setdefault(new, []).append(nxt)
        cost += 1
    ends = bytearray(size)
    for index in range(size):
        if best[index] >= 0 and (index == origin or terrain[index] not in CHARACTERS):
            ends[index] = 1
    return Reach(BAND, start, budget, CellValues(height, best, ends), CellValues(height, best),
                 _Parents(height, parent))


def berserk_reach(board: Board, start: Cell, moves: int) -> Reach:
    """506.1 by breadth-first search: every step costs one movement unit."""
    width, height = board.width, board.height
    terrain = _terrain(board)
    size = width * height
    best = array("i", [-1]) * size
    parent = array("i", [-1]) * size
    origin = start[0] * height + start[1]
    best[origin] = 0
    queue = deque([origin])
    while queue:
        index = queue.popleft()
        if best[index] == moves:
            continue
        col, row = divmod(index, height)
        # the order of neighbours4: (c-1, r), (c, r-1), (c, r+1), (c+1, r)
        for c, r in ((col - 1, row), (col, row - 1), (col, row + 1), (col + 1, row)):
            if 0 <= c < width and 0 <= r < height:
                nxt = c * height + r
                if best[nxt] < 0 and (nxt == origin or terrain[nxt] == FREE):
                    best[nxt] = best[index] + 1
                    parent[nxt] = index
                    queue.append(nxt)
    values = CellValues(height, best)
    return Reach(BERSERK, start, moves, values, values, _Parents(height, parent))


def unlimited(board: Board, start: Cell, rules: str) -> Reach:
    """The same search with no budget: tells "too far" from "no way at all"."""
    limit = board.width * board.height * MAX_STEP_COST
    if rules == BAND:
        return band_reach(board, start, limit)
    return berserk_reach(board, start, limit)


def reach(board: Board, start: Cell, budget: int, rules: str = BAND) -> Reach:
    if rules == BAND:
        return band_reach(board, start, budget)
    if rules == BERSERK:
        return berserk_reach(board, start, budget)
    raise ValueError(f"unknown rules {rules!r}")


def path_step_costs(board: Board, path: list[Cell], rules: str) -> list[int]:
    """Cost of each step of a path under the given rules."""
    if rules == BERSERK:
        return [1] * (len(path) - 1)
    return [step_cost(board, a, b) for a, b in zip(path, path[1:])]


# Why a goal is missing from Reach.costs.
OCCUPIED = "occupied"      # another character stands there (both rule sets)
BLOCKED = "blocked"        # 506.1: an obstacle cannot be entered
TOO_FAR = "too_far"        # reachable, but not within the budget
NO_ROUTE = "no_route"      # 506.1: walled off by obstacles and characters


def unreachable_reason(board: Board, result: Reach, goal: Cell) -> tuple[str, int | None]:
    """Reason code and, for TOO_FAR, the cost actually needed."""
    if goal in result.costs:
        raise ValueError("goal is reachable")
    what = board.at(goal)
    if what in CHARACTERS:
        return OCCUPIED, None
    if result.rules == BERSERK and what == OBSTACLE:
        return BLOCKED, None
    full = unlimited(board, result.start, result.rules)
    if goal in full.costs:
        return TOO_FAR, full.costs[goal]
    return NO_ROUTE, None
