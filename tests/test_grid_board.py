"""Map parsing and cell names: grid/board.py, grid/cells.py."""
import pytest

from berserk_judge.grid.board import ENEMY, FREE, OBSTACLE, parse_board
from berserk_judge.grid.cells import cell_name, column_index, column_letters, parse_cell_name
from berserk_judge.grid.errors import CellError, MapError, NoStartError

MAP = """\
. # E
A @ .
"""


def test_rows_read_bottom_up_and_mover_cell_is_free():
    board = parse_board(MAP)
    assert (board.width, board.height) == (3, 2)
    assert board.start == (1, 0)  # b1: the last text line is row 1
    assert board.at((1, 0)) == FREE
    assert board.at((1, 1)) == OBSTACLE  # b2
    assert board.at((2, 1)) == ENEMY  # c2
    assert board.at(board.locate("a1")) == "A"


def test_blank_lines_around_the_map_and_tabs_are_accepted():
    board = parse_board("\n\n.\t.  @\n. . .\n\n")
    assert (board.width, board.height) == (3, 2)
    assert board.start == (2, 1)


def test_map_without_mover_parses_but_reach_needs_one():
    board = parse_board(". .\n. .\n")
    assert board.start is None
    with pytest.raises(NoStartError, match="нет «@»"):
        board.require_start()


@pytest.mark.parametrize(
    "text, line, column, fragment",
    [
        (". . x\n. . .\n", 1, 5, "неизвестный символ «x»"),
        (". . .\n. .\n", 2, 4, "неровные строки: в этой строке 2 клетки"),
        (". . .\n. . . .\n", 2, 7, "в этой строке 4 клетки, а в первой строке карты (строка 1) — 3"),
        (". @ .\n. . @\n", 2, 5, "второй «@» на карте (первый — строка 1, столбец 3)"),
        (". . .\n\n. . .\n", 2, 1, "пустая строка внутри карты"),
        ("\n. .. .\n", 2, 3, "клетки разделяются пробелами"),
        ("e . .\n", 1, 1, "неизвестный символ «e»"),
        ("   \n\n", 1, 1, "карта пуста"),
    ],
)
def test_malformed_maps_report_line_and_column(text, line, column, fragment):
    with pytest.raises(MapError) as info:
        parse_board(text)
    assert (info.value.line, info.value.column) == (line, column)
    assert fragment in info.value.message


@pytest.mark.parametrize(
    "col, letters", [(0, "a"), (7, "h"), (25, "z"), (26, "aa"), (27, "ab"), (51, "az"), (52, "ba")]
)
def test_column_letters_roundtrip(col, letters):
    assert column_letters(col) == letters
    assert column_index(letters) == col


def test_cell_names():
    assert parse_cell_name("a1") == (0, 0)
    assert parse_cell_name("C4") == (2, 3)
    assert parse_cell_name("aa10") == (26, 9)
    assert cell_name((7, 7)) == "h8"


@pytest.mark.parametrize("bad", ["", "1a", "a", "a0", "a01", "4", "a-1", "ж3", "a 1"])
def test_bad_cell_names(bad):
    with pytest.raises(CellError, match="неверное имя клетки"):
        parse_cell_name(bad)


def test_cell_off_the_map():
    board = parse_board(MAP)
    with pytest.raises(CellError) as info:
        board.locate("d1")
    assert info.value.message == "клетка «d1» (столбец 4, строка 1) вне карты размером 3×2 (a1–c2)"
    with pytest.raises(CellError, match="строка 3"):
        board.locate("a3")


def test_with_start_keeps_terrain_and_rejects_a_second_mover():
    board = parse_board(". # E\nA . .\n")
    moved = board.with_start((1, 1))
    assert moved.start == (1, 1) and moved.at((1, 1)) == OBSTACLE
    with pytest.raises(CellError, match="уже есть «@» в b1"):
        parse_board(MAP).with_start((0, 0))
    assert parse_board(MAP).with_start((1, 0)).start == (1, 0)


def test_neighbours_corner_edge_middle():
    board = parse_board(". . .\n. . .\n. . .\n")
    assert sorted(board.neighbours8((0, 0))) == [(0, 1), (1, 0), (1, 1)]
    assert len(board.neighbours8((1, 0))) == 5
    assert len(board.neighbours8((1, 1))) == 8
    assert sorted(board.neighbours4((1, 1))) == [(0, 1), (1, 0), (1, 2), (2, 1)]
