"""`berserk-judge grid`: movement and distance on a map of cells (rule 506).

Thin shell over the pure `grid` package: reads the map (file or stdin), turns
core errors into Russian messages with file, line and column, picks exit codes:
0 success, 1 the --to cell cannot be reached, 2 usage or input error.
"""
from __future__ import annotations

import json
import sys

import click

from berserk_judge.cli.click_russian import Choice, Group, NonNegativeInt
from berserk_judge.grid import payload, render
from berserk_judge.grid.bands import band_of_ring, ring, squares_for_bands
from berserk_judge.grid.board import MAX_CELLS, Board, parse_board
from berserk_judge.grid.cells import Cell
from berserk_judge.grid.errors import GridError
from berserk_judge.grid.reach import BAND, BERSERK, reach as compute_reach

STDIN_LABEL = "<stdin>"
MAX_MAP_BYTES = 8 * 2 ** 20  # read no further: a map of MAX_CELLS cells is a few megabytes at most
EXIT_UNREACHABLE = 1
EXIT_USAGE = 2


class InputError(click.ClickException):
    """Bad input content (map, cell name): «Ошибка: …» without a usage line, exit code 2. The
    message is one line: a path or a cell name given with a line break shows it named."""

    exit_code = EXIT_USAGE

    def __init__(self, message: str) -> None:
        from berserk_judge.reports.escape import visible

        super().__init__(visible(message))


# --- shared pieces ------------------------------------------------------------

def _read_map(source: str) -> tuple[str, Board]:
    """Read and parse MAP ('-' = stdin); returns (label for messages, board)."""
    label = STDIN_LABEL if source == "-" else source
    try:
        if source == "-":
            raw = sys.stdin.buffer.read(MAX_MAP_BYTES + 1)
        else:
            from berserk_judge.cardbase.oserror import regular_file_problem

            reason = regular_file_problem(source)
            if reason is not None:
                raise InputError(f"«{source}»: {reason}")
            with open(source, "rb") as handle:
                raw = handle.read(MAX_MAP_BYTES + 1)
    except FileNotFoundError:
        raise InputError(f"файл карты «{source}» не найден") from None
    except IsADirectoryError:
        raise InputError(f"«{source}» — каталог, а не файл карты") from None
    except PermissionError:
        raise InputError(f"нет прав на чтение файла карты «{source}»") from None
    except OSError as exc:
        raise InputError(f"не удалось прочитать файл карты «{source}»: {exc.strerror}") from None
    if len(raw) > MAX_MAP_BYTES:
        raise InputError(f"{label}: файл карты больше {MAX_MAP_BYTES // 2 ** 20} МБ — это не карта клеток "
                         f"(карта — не больше {MAX_CELLS:,} клеток)".replace(",", " "))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{label}: карта не в кодировке UTF-8 (байт {exc.start + 1})") from None
    try:
        return label, parse_board(text)
    except GridError as exc:
        raise InputError(_where(label, exc)) from None


def _where(label: str, exc: GridError) -> str:
    if exc.line is not None:
        return f"{label}, строка {exc.line}, столбец {exc.column}: {exc.message}"
    return f"{label}: {exc.message}"


def _cell(board: Board, name: str, what: str) -> Cell:
    """A user-given cell, or an InputError naming the argument it came from."""
    try:
        return board.locate(name)
    except GridError as exc:
        raise InputError(f"{what}: {exc.message}") from None


def _emit(fmt: str, text, data) -> None:
    """Print the text or the JSON; each is built only when asked (callables):
    on a large map either one holds a few hundred bytes a cell. `data()` is a
    dict, or the JSON text in pieces (payload.reach_json)."""
    if fmt == "json":
        value = data()
        if isinstance(value, dict):
            click.echo(json.dumps(value, ensure_ascii=False, indent=2))
        else:
            batch: list[str] = []
            for piece in value:
                batch.append(piece)
                if len(batch) >= 4096:  # one write per few thousand cells, not one per cell
                    click.echo("".join(batch), nl=False)
                    batch.clear()
            click.echo("".join(batch))
    else:
        click.echo(text())


MAP_HELP = "Файл карты: строки клеток через пробел (. # E A @); «-» — читать со стандартного ввода."
FORMAT_OPTION = click.option(
    "--format", "fmt", type=Choice(("text", "json")), default="text", show_default=False,
    help="Формат вывода: text (по умолчанию) или json.",
)


# --- commands -----------------------------------------------------------------

@click.group(cls=Group)
def grid() -> None:
    """Движение и расстояния на карте клеток (правило 506 и модель полос дальности).

    Карта — текст: одна строка на ряд клеток, клетки через пробел:
    «.» свободно, «#» препятствие, «E» враг, «A» союзник, «@» движущийся
    персонаж. Клетки названы как на шахматной доске: a1 — левая нижняя,
    столбцы a, b, c, ... слева направо, строки 1, 2, 3, ... снизу вверх.

    Коды выхода: 0 — успех, 1 — клетка --to недостижима,
    2 — ошибка в команде или в карте.
    """


@grid.command()
@click.argument("map_source", metavar="КАРТА", help=MAP_HELP)
@click.argument("frm", metavar="ОТКУДА", help="Первая клетка, например a1.")
@click.argument("to", metavar="КУДА", help="Вторая клетка, например c4.")
@FORMAT_OPTION
def distance(map_source: str, frm: str, to: str, fmt: str) -> None:
    """Кольцо и полоса дальности между двумя клетками.

    Кольцо — наибольшее из смещений по строке и по столбцу (углы тоже рядом);
    полосы: кольцо 0 → 0, 1 → 1, 2 → 2, 3–5 → 3, 6–9 → 4, 10–14 → 5, 15+ → 6.
    """
    _, board = _read_map(map_source)
    a = _cell(board, frm, "ОТКУДА")
    b = _cell(board, to, "КУДА")
    r = ring(a, b)
    bd = band_of_ring(r)
    _emit(fmt, lambda: render.render_distance(a, b, r, bd), lambda: payload.distance_payload(a, b, r, bd))


@grid.command()
@click.argument("map_source", metavar="КАРТА", help=MAP_HELP)
@click.argument("cell", metavar="КЛЕТКА", help="Клетка, соседей которой перечислить.")
@FORMAT_OPTION
def adjacent(map_source: str, cell: str, fmt: str) -> None:
    """Клетки «рядом» с данной: 8 соседей, включая диагонали (506.1).

    У клетки на краю карты их 5, в углу — 3.
    """
    _, board = _read_map(map_source)
    c = _cell(board, cell, "КЛЕТКА")
    cells = sorted(board.neighbours8(c))
    _emit(fmt, lambda: render.render_adjacent(board, c, cells), lambda: payload.adjacent_payload(cells))


@grid.command(short_help="Куда дойдёт персонаж и за сколько: карта наименьших стоимостей.")
@click.argument("map_source", metavar="КАРТА", help=MAP_HELP)
@click.option(
    "--rules", type=Choice((BAND, BERSERK)), default=BAND,
    help="band (по умолчанию) — модель полос дальности; berserk — правило 506.1.",
)
@click.option(
    "--bands", type=NonNegativeInt(), multiple=True,
    help="Запас в полосах (по 3 клетки); можно несколько раз: --bands 1 --bands 2 = 9 клеток. "
         "По умолчанию нет: в модели полос нужен ровно один из --bands и --squares.",
)
@click.option("--squares", type=NonNegativeInt(), help="Запас в клетках движения. По умолчанию нет (см. --bands).")
@click.option("--moves", type=NonNegativeInt(), help="Единицы движения по правилу 506.1; для --rules berserk обязательно, "
                   "по умолчанию нет.")
@click.option("--to", "goal", metavar="КЛЕТКА", help="Показать один самый дешёвый путь до этой клетки.")
@click.option(
    "--from", "frm", metavar="КЛЕТКА",
    help="Откуда движется персонаж, если «@» нет на карте; клетка может быть "
         "препятствием (тогда выход из неё дороже).",
)
@FORMAT_OPTION
@click.pass_context
def reach(
    ctx: click.Context,
    map_source: str,
    rules: str,
    bands: tuple[int, ...],
    squares: int | None,
    moves: int | None,
    goal: str | None,
    frm: str | None,
    fmt: str,
) -> None:
    """Куда персонаж может дойти и за сколько: карта наименьших стоимостей.

    Модель полос (--rules band): шаг к любому из 8 соседей стоит 1, по
    диагонали +1, выход из клетки врага или препятствия +1 (не больше 3 за
    шаг). Через препятствие можно пройти и на нём остановиться, через
    персонажа — пройти, но не остановиться. Шаг, который не оплатить
    остатком запаса, не делается.

    Правило 506.1 (--rules berserk): шаги только по горизонтали и вертикали в
    свободные клетки, 1 единица движения за шаг.

    С --to печатается один самый дешёвый путь по шагам; если клетка
    недостижима — сообщение и код выхода 1.
    """
    budget = _budget(ctx, rules, bands, squares, moves)
    _, board = _read_map(map_source)
    if frm is not None:
        start = _cell(board, frm, "--from")
        try:
            board = board.with_start(start)
        except GridError as exc:
            raise InputError(exc.message) from None
    else:
        try:
            start = board.require_start()
        except GridError as exc:
            raise InputError(_where(STDIN_LABEL if map_source == "-" else map_source, exc)) from None
    target = _cell(board, goal, "--to") if goal is not None else None

    result = compute_reach(board, start, budget, rules)
    _emit(
        fmt,
        lambda: render.render_reach(board, result, bands=bands, goal=target),
        lambda: payload.reach_json(result, target),
    )
    if target is not None and target not in result.costs:
        click.echo(f"Ошибка: {render.unreachable_message(board, result, target)}", err=True)
        ctx.exit(EXIT_UNREACHABLE)


def _budget(
    ctx: click.Context, rules: str, bands: tuple[int, ...], squares: int | None, moves: int | None
) -> int:
    """Check which budget options fit the rule set; return the budget."""
    if rules == BERSERK:
        if bands or squares is not None:
            raise click.UsageError(
                "--bands и --squares — для модели полос; по правилу 506.1 запас "
                "задаётся --moves N", ctx,
            )
        if moves is None:
            raise click.UsageError("для --rules berserk укажите --moves N (единицы движения, 506.1)", ctx)
        return moves
    if moves is not None:
        raise click.UsageError(
            "--moves — только для --rules berserk (правило 506.1); в модели полос "
            "укажите --bands N или --squares N", ctx,
        )
    if bands and squares is not None:
        raise click.UsageError("укажите либо --bands, либо --squares, но не оба", ctx)
    if not bands and squares is None:
        raise click.UsageError("укажите запас движения: --bands N или --squares N", ctx)
    return squares if squares is not None else squares_for_bands(bands)


if __name__ == "__main__":  # pragma: no cover
    grid(sys.argv[1:])
