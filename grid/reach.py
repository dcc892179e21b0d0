"""Where the mover can get to, and at what cost.

Two rule sets:
* the range-band model (connectives.md §6): 8 neighbours, Dijkstra over
  per-step costs 1..3, obstacles are difficult terrain, characters can be
  passed but not ended on;
* rule 506.1: orthogonal steps into free cells, one unit each — plain BFS.
"""
from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

from grid.board import CHARACTERS, ENEMY, FREE, OBSTACLE, Board
from grid.cells import Cell

BAND = "band"
BERSERK = "berserk"
RULES = (BAND, BERSERK)

# Step surcharges, each a (reason, amount); reasons are stable identifiers.
BASE = "base"
DIAGONAL = "diagonal"
LEAVE_ENEMY = "leave_enemy"
LEAVE_OBSTACLE = "leave_obstacle"
MAX_STEP_COST = 3


@dataclass(frozen=True)
class Reach:
    """Cheapest costs from ``start``.

    ``costs`` holds only the cells the mover may end on; ``best`` every cell
    the search touched within the budget (including cells only passed
    through), ``parent`` the predecessor on one cheapest route."""

    rules: str
    start: Cell
    budget: int
    costs: dict[Cell, int]
    best: dict[Cell, int]
    parent: dict[Cell, Cell]

    def path(self, goal: Cell) -> list[Cell] | None:
        """One cheapest path start..goal, or None if goal is not an end cell."""
        if goal not in self.costs:
            return None
        path = [goal]
        while path[-1] != self.start:
            path.append(self.parent[path[-1]])
        path.reverse()
        return path


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


def band_reach(board: Board, start: Cell, budget: int) -> Reach:
    """Dijkstra on cells; a step the remaining budget cannot pay is not taken.

    Step costs depend only on the cell left and the direction, so a cell's
    cheapest cost is independent of how it was reached and Dijkstra is exact.
    Ties are broken by cell order so the reported path is deterministic."""
    best: dict[Cell, int] = {start: 0}
    parent: dict[Cell, Cell] = {}
    heap: list[tuple[int, Cell]] = [(0, start)]
    done: set[Cell] = set()
    while heap:
        cost, cell = heapq.heappop(heap)
        if cell in done:
            continue
        done.add(cell)
        for nxt in board.neighbours8(cell):
            new = cost + step_cost(board, cell, nxt)
            if new > budget or nxt in done:
                continue
            if new < best.get(nxt, budget + 1):
                best[nxt] = new
                parent[nxt] = cell
                heapq.heappush(heap, (new, nxt))
    costs = {c: v for c, v in best.items() if can_end_band(board, start, c)}
    return Reach(BAND, start, budget, costs, best, parent)


def berserk_reach(board: Board, start: Cell, moves: int) -> Reach:
    """506.1 by breadth-first search: every step costs one movement unit."""
    best: dict[Cell, int] = {start: 0}
    parent: dict[Cell, Cell] = {}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if best[cell] == moves:
            continue
        for nxt in board.neighbours4(cell):
            if nxt not in best and can_enter_berserk(board, start, nxt):
                best[nxt] = best[cell] + 1
                parent[nxt] = cell
                queue.append(nxt)
    return Reach(BERSERK, start, moves, dict(best), best, parent)


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
