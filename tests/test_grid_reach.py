"""Cheapest costs: Dijkstra for the band model, BFS for rule 506.1."""
import pytest

from berserk_judge.grid.bands import squares_for_bands
from berserk_judge.grid.board import parse_board
from berserk_judge.grid.cells import cell_name
from berserk_judge.grid.reach import (
    BAND,
    BERSERK,
    BLOCKED,
    NO_ROUTE,
    OCCUPIED,
    TOO_FAR,
    band_reach,
    berserk_reach,
    path_step_costs,
    reach,
    step_cost,
    unreachable_reason,
)

MIXED = """\
. . . . . .
. # E . . .
. . @ . # .
. A . . . .
. . . # . .
"""


def named(costs):
    return {cell_name(c): v for c, v in costs.items()}


def test_band_costs_with_diagonals_enemies_and_obstacles():
    board = parse_board(MIXED)
    result = band_reach(board, board.start, 4)
    assert named(result.costs) == {
        "a1": 4, "a2": 3, "a3": 2, "a4": 3, "a5": 4,
        "b1": 3, "b3": 1, "b4": 2, "b5": 4,
        "c1": 2, "c2": 1, "c3": 0, "c5": 3,
        "d1": 3, "d2": 2, "d3": 1, "d4": 2, "d5": 3,
        "e1": 4, "e2": 3, "e3": 2, "e4": 3, "e5": 4,
        "f2": 4, "f3": 4, "f4": 4,
    }
    # the enemy (c4) and the ally (b2) are passed, never ended on
    assert "c4" not in named(result.costs) and "b2" not in named(result.costs)
    assert named(result.best)["c4"] == 1 and named(result.best)["b2"] == 2


def test_diagonal_costs_two():
    board = parse_board(". . .\n. @ .\n. . .\n")
    assert named(band_reach(board, board.start, 2).costs) == {
        "a1": 2, "a2": 1, "a3": 2, "b1": 1, "b2": 0, "b3": 1, "c1": 2, "c2": 1, "c3": 2,
    }
    assert named(band_reach(board, board.start, 1).costs) == {
        "a2": 1, "b1": 1, "b2": 0, "b3": 1, "c2": 1,
    }


def test_leaving_an_enemy_costs_one_more():
    board = parse_board("@ E .\n")
    assert named(band_reach(board, board.start, 2).costs) == {"a1": 0}
    assert named(band_reach(board, board.start, 3).costs) == {"a1": 0, "c1": 3}


def test_ally_is_passed_without_surcharge():
    board = parse_board("@ A .\n")
    assert named(band_reach(board, board.start, 2).costs) == {"a1": 0, "c1": 2}


def test_obstacle_is_difficult_terrain_you_may_end_on():
    board = parse_board("@ # .\n")
    assert named(band_reach(board, board.start, 1).costs) == {"a1": 0, "b1": 1}
    assert named(band_reach(board, board.start, 2).costs) == {"a1": 0, "b1": 1}
    assert named(band_reach(board, board.start, 3).costs) == {"a1": 0, "b1": 1, "c1": 3}


def test_step_cost_is_at_most_three():
    board = parse_board("# .\nE .\n")
    assert step_cost(board, (0, 1), (1, 0)) == 3  # diagonal off an obstacle
    assert step_cost(board, (0, 0), (1, 1)) == 3  # diagonal off an enemy
    assert step_cost(board, (0, 0), (1, 0)) == 2
    assert step_cost(board, (1, 0), (1, 1)) == 1


def test_step_the_remaining_movement_cannot_pay_is_not_taken():
    # 2 squares: stepping onto the obstacle b1 costs 1, leaving it for c1
    # costs 2 with only 1 left -> that step is not taken, the mover stops on b1.
    board = parse_board(". . .\n@ # .\n")
    result = band_reach(board, board.start, 2)
    assert named(result.costs) == {"a1": 0, "a2": 1, "b1": 1, "b2": 2}
    assert "c1" not in named(result.costs) and "c2" not in named(result.costs)
    assert named(band_reach(board, board.start, 3).costs)["c1"] == 3


def test_start_on_an_obstacle_counts_when_leaving():
    board = parse_board("# . .\n").with_start((0, 0))
    assert named(band_reach(board, board.start, 1).costs) == {"a1": 0}
    assert named(band_reach(board, board.start, 2).costs) == {"a1": 0, "b1": 2}
    assert named(band_reach(board, board.start, 3).costs) == {"a1": 0, "b1": 2, "c1": 3}


def test_start_in_an_enemy_cell_counts_when_leaving():
    board = parse_board(". E .\n").with_start((1, 0))
    assert named(band_reach(board, board.start, 2).costs) == {"a1": 2, "b1": 0, "c1": 2}


def test_combined_band_moves():
    board = parse_board(" ".join(["@"] + ["."] * 11) + "\n")
    result = band_reach(board, board.start, squares_for_bands([1, 2]))
    assert result.budget == 9
    assert max(result.costs.values()) == 9
    assert sorted(named(result.costs)) == sorted(cell_name((c, 0)) for c in range(10))


def test_zero_budget_reaches_only_the_start():
    board = parse_board(". .\n@ .\n")
    assert named(band_reach(board, board.start, 0).costs) == {"a1": 0}
    assert named(berserk_reach(board, board.start, 0).costs) == {"a1": 0}


def test_path_and_step_costs():
    board = parse_board(MIXED)
    result = band_reach(board, board.start, 6)
    path = result.path(board.locate("f5"))
    assert [cell_name(c) for c in path] == ["c3", "d3", "e4", "f5"]
    assert path_step_costs(board, path, BAND) == [1, 2, 2]
    assert sum(path_step_costs(board, path, BAND)) == result.costs[board.locate("f5")] == 5
    assert result.path(board.start) == [board.start]
    assert result.path(board.locate("c4")) is None  # the enemy's cell


def test_rule_506_orthogonal_free_cells_only():
    board = parse_board(". . .\n# @ E\n. . .\n")
    assert named(berserk_reach(board, board.start, 1).costs) == {"b1": 1, "b2": 0, "b3": 1}
    assert named(berserk_reach(board, board.start, 2).costs) == {
        "a1": 2, "a3": 2, "b1": 1, "b2": 0, "b3": 1, "c1": 2, "c3": 2,
    }


def test_rule_506_no_diagonal_no_passing_through():
    board = parse_board("# .\n@ #\n")
    assert named(berserk_reach(board, board.start, 5).costs) == {"a1": 0}
    assert named(band_reach(board, board.start, 2).costs) == {"a1": 0, "a2": 1, "b1": 1, "b2": 2}
    corridor = parse_board("@ A . .\n")
    assert named(berserk_reach(corridor, corridor.start, 9).costs) == {"a1": 0}


def test_rule_506_path_around_an_obstacle():
    board = parse_board(". . .\n@ # .\n")
    result = reach(board, board.start, 4, BERSERK)
    assert named(result.costs) == {"a1": 0, "a2": 1, "b2": 2, "c2": 3, "c1": 4}
    path = result.path(board.locate("c1"))
    assert [cell_name(c) for c in path] == ["a1", "a2", "b2", "c2", "c1"]
    assert path_step_costs(board, path, BERSERK) == [1, 1, 1, 1]


@pytest.mark.parametrize(
    "rules, budget, goal, reason, needed",
    [
        (BAND, 4, "c4", OCCUPIED, None),
        (BAND, 4, "f5", TOO_FAR, 5),
        (BERSERK, 9, "b4", BLOCKED, None),
        (BERSERK, 9, "b2", OCCUPIED, None),
        (BERSERK, 2, "f5", TOO_FAR, 5),
    ],
)
def test_unreachable_reasons(rules, budget, goal, reason, needed):
    board = parse_board(MIXED)
    result = reach(board, board.start, budget, rules)
    assert unreachable_reason(board, result, board.locate(goal)) == (reason, needed)


def test_unreachable_no_route():
    board = parse_board("@ # .\n")
    result = reach(board, board.start, 5, BERSERK)
    assert unreachable_reason(board, result, board.locate("c1")) == (NO_ROUTE, None)


def test_unknown_rules():
    board = parse_board("@\n")
    with pytest.raises(ValueError):
        reach(board, board.start, 1, "chess")
