"""Dijkstra and BFS against an exhaustive search of every step sequence.

The brute force shares nothing with grid/reach.py except the map: it
re-derives the step rules from connectives.md §6 and enumerates all move
sequences within the budget, keeping the cheapest cost per end cell."""
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_judge.grid.board import parse_board
from berserk_judge.grid.reach import BAND, BERSERK, band_reach, berserk_reach, path_step_costs

SYMBOLS = [".", ".", ".", "#", "E", "A"]  # free cells weighted up


def brute_band(board, start, budget):
    best = {}

    def walk(cell, spent):
        if cell == start or board.at(cell) in (".", "#"):
            best[cell] = min(best.get(cell, spent), spent)
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                nxt = (cell[0] + dc, cell[1] + dr)
                if (dc or dr) and 0 <= nxt[0] < board.width and 0 <= nxt[1] < board.height:
                    cost = 1 + (1 if dc and dr else 0) + (1 if board.at(cell) in ("E", "#") else 0)
                    if spent + min(cost, 3) <= budget:
                        walk(nxt, spent + min(cost, 3))

    walk(start, 0)
    return best


def brute_berserk(board, start, moves):
    best = {}

    def walk(cell, spent):
        best[cell] = min(best.get(cell, spent), spent)
        if spent == moves:
            return
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nxt = (cell[0] + dc, cell[1] + dr)
            if 0 <= nxt[0] < board.width and 0 <= nxt[1] < board.height:
                if nxt == start or board.at(nxt) == ".":
                    walk(nxt, spent + 1)

    walk(start, 0)
    return best


@st.composite
def boards(draw):
    width = draw(st.integers(1, 4))
    height = draw(st.integers(1, 4))
    cells = draw(st.lists(st.sampled_from(SYMBOLS), min_size=width * height, max_size=width * height))
    start = draw(st.integers(0, width * height - 1))
    mover_on_map = draw(st.booleans())
    if mover_on_map:
        cells[start] = "@"
    text = "\n".join(" ".join(cells[r * width:(r + 1) * width]) for r in range(height)) + "\n"
    board = parse_board(text)
    if not mover_on_map:  # --from: the mover may stand on an obstacle or with a character
        board = board.with_start((start % width, height - 1 - start // width))
    return board


@settings(max_examples=100, deadline=None)
@given(boards(), st.integers(0, 6))
def test_dijkstra_matches_brute_force(board, budget):
    result = band_reach(board, board.start, budget)
    assert result.costs == brute_band(board, board.start, budget)
    for cell, cost in result.costs.items():
        path = result.path(cell)
        assert path[0] == board.start and path[-1] == cell
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(path, path[1:]))
        assert sum(path_step_costs(board, path, BAND)) == cost <= budget


@settings(max_examples=100, deadline=None)
@given(boards(), st.integers(0, 6))
def test_bfs_506_matches_brute_force(board, moves):
    result = berserk_reach(board, board.start, moves)
    assert result.costs == brute_berserk(board, board.start, moves)
    for cell, cost in result.costs.items():
        path = result.path(cell)
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
        assert all(c == board.start or board.at(c) == "." for c in path)
        assert len(path) - 1 == sum(path_step_costs(board, path, BERSERK)) == cost <= moves
