"""Large maps (issue 15, item 12): a bound on the map with a Russian message,
and a few bytes per cell for the search and the output instead of ~500."""
from __future__ import annotations

import json
import random
import tracemalloc

import pytest
from click.testing import CliRunner

from berserk_judge.cli.grid_cmd import MAX_MAP_BYTES, grid
from berserk_judge.grid.board import MAX_CELLS, parse_board
from berserk_judge.grid.payload import reach_json, reach_payload
from berserk_judge.grid.reach import BAND, BERSERK, reach
from berserk_judge.grid.render import render_reach
from tree_snapshot import changes, snapshot

pytestmark = pytest.mark.scale   # a large generated input: time, memory, growth


def random_map(width: int, height: int, seed: int) -> str:
    rng = random.Random(seed)
    cells = rng.choices([".", "#", "E", "A"], weights=[70, 15, 8, 7], k=width * height)
    cells[(height // 2) * width + width // 2] = "@"
    return "\n".join(" ".join(cells[r * width:(r + 1) * width]) for r in range(height)) + "\n"


def test_a_map_over_the_bound_is_refused(tmp_path):
    path = tmp_path / "big.txt"
    path.write_text(("." + " ." * 500 + "\n") * 500, encoding="utf-8")
    before = snapshot(tmp_path)
    result = CliRunner().invoke(grid, ["reach", str(path), "--squares", "3", "--from", "a1"])
    assert result.exit_code == 2
    assert result.output == (f"Ошибка: {path}, строка 1, столбец 1: карта слишком велика: 501×500 = 250 500 клеток, "
                             "а можно не больше 250 000 (например, 500×500): на такой карте поиск пути занял бы "
                             "слишком много памяти\n")
    assert changes(before, snapshot(tmp_path)) == []
    assert MAX_CELLS == 250_000


def test_a_map_file_over_the_byte_bound_is_not_read_whole(tmp_path):
    path = tmp_path / "huge.txt"
    path.write_bytes(b". " * (MAX_MAP_BYTES // 2) + b".\n")
    result = CliRunner().invoke(grid, ["adjacent", str(path), "a1"])
    assert result.exit_code == 2
    assert result.output == (f"Ошибка: {path}: файл карты больше 8 МБ — это не карта клеток "
                             "(карта — не больше 250 000 клеток)\n")
    result = CliRunner().invoke(grid, ["adjacent", "-", "a1"], input=path.read_bytes())
    assert result.output.startswith("Ошибка: <stdin>: файл карты больше 8 МБ")


def test_search_and_output_take_a_few_bytes_per_cell():
    board = parse_board(random_map(100, 100, seed=3))
    cells = 100 * 100
    tracemalloc.start()
    try:
        result = reach(board, board.start, 3 * cells)
        after_search = tracemalloc.get_traced_memory()[1]
        text = render_reach(board, result)
        pieces = sum(len(piece) for piece in reach_json(result))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert after_search / cells < 20     # was ~270 (three dicts of tuples and a heap); now ~13
    assert (peak - len(text)) / cells < 40  # beyond the text itself (~6 bytes a cell)
    assert len(result.costs) > cells // 2 and pieces > 0


@pytest.mark.parametrize("seed", range(6))
def test_streamed_json_is_the_payload_dumped(seed):
    rng = random.Random(seed)
    board = parse_board(random_map(rng.randint(1, 12), rng.randint(1, 12), seed))
    for rules in (BAND, BERSERK):
        for budget in (0, 2, 7, 500):
            result = reach(board, board.start, budget, rules)
            for goal in (None, (0, 0), (board.width - 1, board.height - 1)):
                expected = json.dumps(reach_payload(result, goal), ensure_ascii=False, indent=2)
                assert "".join(reach_json(result, goal)) == expected
