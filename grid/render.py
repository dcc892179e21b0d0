"""Russian text for the terminal: maps with costs, paths, distances, neighbours.

Pure functions from results to strings; the CLI only prints them."""
from __future__ import annotations

from typing import Callable

from berserk_judge.grid import reach as rc
from berserk_judge.grid.bands import rings_of_band
from berserk_judge.grid.board import ALLY, ENEMY, FREE, MOVER, OBSTACLE, Board
from berserk_judge.grid.cells import Cell, cell_name, column_letters
from berserk_judge.russian.plural import plural

CONTENT_NAMES = {
    FREE: "свободно",
    OBSTACLE: "препятствие",
    ENEMY: "враг",
    ALLY: "союзник",
}

PART_NAMES = {
    rc.BASE: "шаг 1",
    rc.DIAGONAL: "диагональ +1",
    rc.LEAVE_ENEMY: "выход из клетки врага +1",
    rc.LEAVE_OBSTACLE: "выход с препятствия +1",
}

PATH_MARK = "*"


def units(n: int, rules: str) -> str:
    """«3 клетки движения» / «1 единица движения» (506.1 counts units)."""
    if rules == rc.BERSERK:
        return f"{n} {plural(n, 'единица', 'единицы', 'единиц')} движения"
    return f"{n} {plural(n, 'клетка', 'клетки', 'клеток')} движения"


def render_grid(board: Board, token: Callable[[Cell], str]) -> str:
    """Lay out one token per cell in aligned columns: row numbers on the left,
    column letters below, like a chess diagram (a1 bottom-left).

    `token(cell)` is asked twice per cell (the widest token, then the rows)
    rather than kept in a dict: a large map would hold hundreds of bytes a cell."""
    letters = [column_letters(c) for c in range(board.width)]
    width = max([len(token((col, row))) for col in range(board.width) for row in range(board.height)]
                + [len(x) for x in letters])
    label = len(str(board.height))
    lines = []
    for row in range(board.height - 1, -1, -1):
        cells = " ".join(token((col, row)).rjust(width) for col in range(board.width))
        lines.append(f"{str(row + 1).rjust(label)} | {cells}")
    lines.append(" " * label + " +-" + "-" * ((width + 1) * board.width - 1))
    lines.append(" " * label + "   " + " ".join(x.rjust(width) for x in letters))
    return "\n".join(lines)


def map_token(board: Board, cell: Cell) -> str:
    """The map as written: terrain, with «@» on the mover's cell."""
    return MOVER if cell == board.start else board.at(cell)


def cost_tokens(board: Board, result: rc.Reach, path: list[Cell] | None = None) -> Callable[[Cell], str]:
    """Each end cell shows its cheapest cost, the start «@», the rest its symbol."""
    on_path = set(path or []) - {result.start}
    costs = result.costs

    def token(cell: Cell) -> str:
        if cell == result.start:
            text = MOVER
        else:
            cost = costs.get(cell)
            text = map_token(board, cell) if cost is None else str(cost)
        return text + PATH_MARK if cell in on_path else text

    return token


def budget_line(rules: str, budget: int, bands: tuple[int, ...] = ()) -> str:
    if rules == rc.BERSERK:
        return (
            "Правило 506.1: шаги только по горизонтали и вертикали в свободные клетки, "
            f"1 единица движения за шаг; запас: {units(budget, rules)}."
        )
    if bands:
        joined = " + ".join(str(b) for b in bands)
        what = "полоса" if len(bands) == 1 and bands[0] == 1 else "полосы"
        how = f" ({what} {joined}, по 3 клетки за полосу)"
    else:
        how = ""
    return f"Модель полос дальности: запас {units(budget, rules)}{how}."


def legend(rules: str, with_path: bool) -> str:
    unit = "единицах движения (506.1)" if rules == rc.BERSERK else "клетках движения"
    text = (
        f"Легенда: число — наименьшая стоимость в {unit}; @ — начало (0)"
        + (f"; {PATH_MARK} — путь" if with_path else "")
        + ".\n         # препятствие, E враг, A союзник, . свободно: "
        "где нет числа, там не остановиться в пределах запаса."
    )
    return text


def render_reach(
    board: Board,
    result: rc.Reach,
    bands: tuple[int, ...] = (),
    goal: Cell | None = None,
) -> str:
    """The header, the cost map, the legend and, with a reachable goal, the path."""
    path = result.path(goal) if goal is not None else None
    parts = [
        budget_line(result.rules, result.budget, bands),
        render_grid(board, cost_tokens(board, result, path)),
        legend(result.rules, path is not None and len(path) > 1),
    ]
    if path is not None:
        parts.append(render_path(board, result, path))
    return "\n".join(parts)


def render_path(board: Board, result: rc.Reach, path: list[Cell]) -> str:
    """One cheapest path, step by step with what each step cost."""
    goal = path[-1]
    total = result.costs[goal]
    of = (
        plural(result.budget, "единицы", "единиц", "единиц")
        if result.rules == rc.BERSERK
        else plural(result.budget, "клетки", "клеток", "клеток")
    )
    lines = [f"Путь до {cell_name(goal)}: итого {total} из {result.budget} {of} движения."]
    if len(path) == 1:
        lines.append("  Персонаж уже стоит в этой клетке.")
    costs = rc.path_step_costs(board, path, result.rules)
    for i, (a, b) in enumerate(zip(path, path[1:])):
        if result.rules == rc.BERSERK:
            why = "шаг 506.1"
        else:
            why = ", ".join(PART_NAMES[p] for p, _ in rc.step_parts(board, a, b))
        lines.append(f"  {i + 1}. {cell_name(a)} → {cell_name(b)}: {costs[i]} ({why})")
    return "\n".join(lines)


def unreachable_message(board: Board, result: rc.Reach, goal: Cell) -> str:
    """Russian explanation of why --to cannot be reached."""
    name = cell_name(goal)
    reason, needed = rc.unreachable_reason(board, result, goal)
    rule = " по правилу 506.1" if result.rules == rc.BERSERK else ""
    head = f"клетка {name} недостижима{rule}"
    if reason == rc.OCCUPIED:
        who = CONTENT_NAMES[board.at(goal)]
        if result.rules == rc.BERSERK:
            return f"{head}: в ней стоит {who}, а шагать можно только в свободные клетки"
        return f"{head}: в ней стоит {who} — через клетку с персонажем можно пройти, но нельзя в ней остановиться"
    if reason == rc.BLOCKED:
        return f"{head}: в ней препятствие, а шагать можно только в свободные клетки"
    if reason == rc.TOO_FAR:
        return f"{head}: нужно {units(needed, result.rules)}, а запас {result.budget}"
    return f"{head}: к ней нет пути по свободным клеткам"


def render_distance(frm: Cell, to: Cell, ring: int, band: int) -> str:
    first, last = rings_of_band(band)
    if last is None:
        rings = f"кольца {first} и дальше"
    elif first == last:
        rings = f"кольцо {first}"
    else:
        rings = f"кольца {first}–{last}"
    text = f"От {cell_name(frm)} до {cell_name(to)}: кольцо {ring}, полоса {band} ({rings})."
    if ring == 0:
        text += " Это одна и та же клетка."
    elif ring == 1:
        text += " Клетки стоят рядом (506.1)."
    return text


def render_adjacent(board: Board, cell: Cell, cells: list[Cell]) -> str:
    """The cells «рядом» with what stands in each, for ruling on adjacency."""
    def describe(c: Cell) -> str:
        if c == board.start:
            return f"{cell_name(c)} (@)"
        what = board.at(c)
        return cell_name(c) if what == FREE else f"{cell_name(c)} ({CONTENT_NAMES[what]})"

    listed = ", ".join(describe(c) for c in cells)
    count = f"{len(cells)} {plural(len(cells), 'клетка', 'клетки', 'клеток')}"
    return f"Рядом с {cell_name(cell)} (506.1, включая диагонали) — {count}: {listed}."
