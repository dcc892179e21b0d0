"""`berserk-judge grid`: exact text and JSON, exit codes, Russian errors."""
import json

import pytest
from click.testing import CliRunner

from berserk_judge.cli.grid_cmd import grid

MIXED = """\
. . . . . .
. # E . . .
. . @ . # .
. A . . . .
. . . # . .
"""

LEGEND_TAIL = "         # препятствие, E враг, A союзник, . свободно: где нет числа, там не остановиться в пределах запаса.\n"


@pytest.fixture
def mixed(tmp_path):
    path = tmp_path / "map.txt"
    path.write_text(MIXED, encoding="utf-8")
    return str(path)


def run(*args, input=None):
    return CliRunner().invoke(grid, list(args), input=input)


def test_reach_text_with_path(mixed):
    result = run("reach", mixed, "--bands", "1", "--bands", "1", "--to", "e4")
    assert result.exit_code == 0
    assert result.output == (
        "Модель полос дальности: запас 6 клеток движения (полосы 1 + 1, по 3 клетки за полосу).\n"
        "5 |  4  4  3  3  4  5\n"
        "4 |  3  2  E  2 3*  4\n"
        "3 |  2  1  @ 1*  2  4\n"
        "2 |  3  A  1  2  3  4\n"
        "1 |  4  3  2  3  4  5\n"
        "  +------------------\n"
        "     a  b  c  d  e  f\n"
        "Легенда: число — наименьшая стоимость в клетках движения; @ — начало (0); * — путь.\n"
        + LEGEND_TAIL +
        "Путь до e4: итого 3 из 6 клеток движения.\n"
        "  1. c3 → d3: 1 (шаг 1)\n"
        "  2. d3 → e4: 2 (шаг 1, диагональ +1)\n"
    )


def test_reach_text_without_path_shows_symbols_where_not_reachable(mixed):
    result = run("reach", mixed, "--squares", "3")
    assert result.exit_code == 0
    assert result.output == (
        "Модель полос дальности: запас 3 клетки движения.\n"
        "5 | . . 3 3 . .\n"
        "4 | 3 2 E 2 3 .\n"
        "3 | 2 1 @ 1 2 .\n"
        "2 | 3 A 1 2 3 .\n"
        "1 | . 3 2 3 . .\n"
        "  +------------\n"
        "    a b c d e f\n"
        "Легенда: число — наименьшая стоимость в клетках движения; @ — начало (0).\n"
        + LEGEND_TAIL
    )


def test_reach_path_step_costs_explain_surcharges(tmp_path):
    path = tmp_path / "m.txt"
    path.write_text(". . .\n@ E .\n", encoding="utf-8")
    result = run("reach", str(path), "--squares", "5", "--to", "c2")
    assert result.exit_code == 0
    assert result.output.endswith(
        "Путь до c2: итого 3 из 5 клеток движения.\n"
        "  1. a1 → b2: 2 (шаг 1, диагональ +1)\n"
        "  2. b2 → c2: 1 (шаг 1)\n"
    )
    result = run("reach", str(path), "--squares", "5", "--to", "c1")
    assert result.output.endswith(
        "Путь до c1: итого 3 из 5 клеток движения.\n"
        "  1. a1 → b1: 1 (шаг 1)\n"
        "  2. b1 → c1: 2 (шаг 1, выход из клетки врага +1)\n"
    )
    result = run("reach", str(path), "--squares", "1", "--to", "c1", "--format", "json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {"costs": {"a1": 0, "a2": 1}, "path": None, "total": None}
    assert result.stderr == "Ошибка: клетка c1 недостижима: нужно 3 клетки движения, а запас 1\n"


def test_reach_json_exact(mixed):
    result = run("reach", mixed, "--squares", "2", "--to", "d4", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.output) == {
        "costs": {
            "a3": 2, "b3": 1, "b4": 2, "c1": 2, "c2": 1, "c3": 0,
            "d2": 2, "d3": 1, "d4": 2, "e3": 2,
        },
        "path": ["c3", "d4"],
        "total": 2,
    }
    assert list(json.loads(result.output)["costs"])[:3] == ["a3", "b3", "b4"]  # name order


def test_reach_to_the_start_cell(mixed):
    result = run("reach", mixed, "--squares", "0", "--to", "c3", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.output) == {"costs": {"c3": 0}, "path": ["c3"], "total": 0}
    text = run("reach", mixed, "--squares", "0", "--to", "c3").output
    assert text.endswith("Путь до c3: итого 0 из 0 клеток движения.\n  Персонаж уже стоит в этой клетке.\n")


def test_reach_json_without_to_has_only_costs(mixed):
    result = run("reach", mixed, "--squares", "0", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.output) == {"costs": {"c3": 0}}


def test_combined_bands_equal_nine_squares(tmp_path):
    path = tmp_path / "row.txt"
    path.write_text(" ".join(["@"] + ["."] * 11) + "\n", encoding="utf-8")
    combined = run("reach", str(path), "--bands", "1", "--bands", "2", "--format", "json")
    squares = run("reach", str(path), "--squares", "9", "--format", "json")
    assert combined.exit_code == 0
    assert combined.output == squares.output
    assert json.loads(combined.output)["costs"] == {f"{chr(97 + i)}1": i for i in range(10)}
    text = run("reach", str(path), "--bands", "1", "--bands", "2")
    assert text.output.startswith(
        "Модель полос дальности: запас 9 клеток движения (полосы 1 + 2, по 3 клетки за полосу).\n"
    )


def test_unpayable_step_is_not_taken(tmp_path):
    path = tmp_path / "m.txt"
    path.write_text("@ # .\n", encoding="utf-8")
    result = run("reach", str(path), "--squares", "2", "--format", "json")
    assert json.loads(result.output) == {"costs": {"a1": 0, "b1": 1}}
    result = run("reach", str(path), "--squares", "2", "--to", "c1")
    assert result.exit_code == 1
    assert "Ошибка: клетка c1 недостижима: нужно 3 клетки движения, а запас 2\n" in result.output


def test_from_on_an_obstacle(tmp_path):
    path = tmp_path / "m.txt"
    path.write_text("# . .\n", encoding="utf-8")
    result = run("reach", str(path), "--from", "a1", "--squares", "2", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.output) == {"costs": {"a1": 0, "b1": 2}}


def test_unreachable_target_exits_1_with_reason(mixed):
    result = run("reach", mixed, "--bands", "1", "--to", "c4", "--format", "json")
    assert result.exit_code == 1
    assert result.stdout.startswith("{")
    data = json.loads(result.stdout)
    assert data["path"] is None and data["total"] is None and data["costs"]["c3"] == 0
    assert result.stderr == (
        "Ошибка: клетка c4 недостижима: в ней стоит враг — через клетку с персонажем "
        "можно пройти, но нельзя в ней остановиться\n"
    )


def test_rule_506_text_and_json(mixed):
    result = run("reach", mixed, "--rules", "berserk", "--moves", "2", "--to", "d4")
    assert result.exit_code == 0
    assert result.output == (
        "Правило 506.1: шаги только по горизонтали и вертикали в свободные клетки, "
        "1 единица движения за шаг; запас: 2 единицы движения.\n"
        "5 |  .  .  .  .  .  .\n"
        "4 |  .  #  E 2*  .  .\n"
        "3 |  2  1  @ 1*  #  .\n"
        "2 |  .  A  1  2  .  .\n"
        "1 |  .  .  2  #  .  .\n"
        "  +------------------\n"
        "     a  b  c  d  e  f\n"
        "Легенда: число — наименьшая стоимость в единицах движения (506.1); @ — начало (0); * — путь.\n"
        + LEGEND_TAIL +
        "Путь до d4: итого 2 из 2 единиц движения.\n"
        "  1. c3 → d3: 1 (шаг 506.1)\n"
        "  2. d3 → d4: 1 (шаг 506.1)\n"
    )
    data = json.loads(run("reach", mixed, "--rules", "berserk", "--moves", "2", "--format", "json").output)
    assert data == {"costs": {"a3": 2, "b3": 1, "c1": 2, "c2": 1, "c3": 0, "d2": 2, "d3": 1, "d4": 2}}


def test_rule_506_obstacle_cannot_be_entered(mixed):
    result = run("reach", mixed, "--rules", "berserk", "--moves", "5", "--to", "e3")
    assert result.exit_code == 1
    assert result.stderr == (
        "Ошибка: клетка e3 недостижима по правилу 506.1: в ней препятствие, "
        "а шагать можно только в свободные клетки\n"
    )


@pytest.mark.parametrize(
    "frm, to, ring, band",
    [
        ("a1", "a1", 0, 0), ("a1", "b2", 1, 1), ("a1", "c1", 2, 2), ("a1", "d4", 3, 3),
        ("a1", "f6", 5, 3), ("a1", "g2", 6, 4), ("a1", "j1", 9, 4), ("a1", "k5", 10, 5),
        ("a1", "o1", 14, 5), ("a1", "p16", 15, 6), ("p16", "a1", 15, 6),
    ],
)
def test_distance_json_every_band_boundary(frm, to, ring, band):
    field = "\n".join(" ".join(["."] * 16) for _ in range(16)) + "\n"
    result = run("distance", "-", frm, to, "--format", "json", input=field)
    assert result.exit_code == 0
    assert json.loads(result.output) == {"from": frm, "to": to, "ring": ring, "band": band}


def test_distance_text(mixed):
    assert run("distance", mixed, "a1", "f5").output == "От a1 до f5: кольцо 5, полоса 3 (кольца 3–5).\n"
    assert run("distance", mixed, "b2", "c3").output == (
        "От b2 до c3: кольцо 1, полоса 1 (кольцо 1). Клетки стоят рядом (506.1).\n"
    )
    assert run("distance", mixed, "C3", "c3").output == (
        "От c3 до c3: кольцо 0, полоса 0 (кольцо 0). Это одна и та же клетка.\n"
    )


def test_distance_needs_no_mover():
    result = run("distance", "-", "a1", "b1", "--format", "json", input=". .\n")
    assert result.exit_code == 0


def test_adjacent_corner_edge_and_json(mixed):
    corner = run("adjacent", mixed, "a1")
    assert corner.exit_code == 0
    assert corner.output == "Рядом с a1 (506.1, включая диагонали) — 3 клетки: a2, b1, b2 (союзник).\n"
    edge = run("adjacent", mixed, "b1", "--format", "json")
    assert json.loads(edge.output) == {"cells": ["a1", "a2", "b2", "c1", "c2"]}
    middle = run("adjacent", mixed, "b3", "--format", "json")
    assert json.loads(middle.output) == {"cells": ["a2", "a3", "a4", "b2", "b4", "c2", "c3", "c4"]}
    top_right = run("adjacent", mixed, "f5", "--format", "json")
    assert json.loads(top_right.output) == {"cells": ["e4", "e5", "f4"]}
    text = run("adjacent", mixed, "b3").output
    assert text == (
        "Рядом с b3 (506.1, включая диагонали) — 8 клеток: a2, a3, a4, b2 (союзник), "
        "b4 (препятствие), c2, c3 (@), c4 (враг).\n"
    )


def test_map_from_stdin(mixed):
    result = run("reach", "-", "--squares", "1", "--format", "json", input=MIXED)
    assert json.loads(result.output) == {"costs": {"b3": 1, "c2": 1, "c3": 0, "d3": 1}}


@pytest.mark.parametrize(
    "text, message",
    [
        (". . x\n. . .\n", "<stdin>, строка 1, столбец 5: неизвестный символ «x»"),
        (". . .\n. .\n", "<stdin>, строка 2, столбец 4: неровные строки: в этой строке 2 клетки, "
                         "а в первой строке карты (строка 1) — 3"),
        (". @\n@ .\n", "<stdin>, строка 2, столбец 1: второй «@» на карте"),
        ("", "<stdin>, строка 1, столбец 1: карта пуста"),
    ],
)
def test_malformed_map_is_exit_2_with_line_and_column(text, message):
    result = run("adjacent", "-", "a1", input=text)
    assert result.exit_code == 2
    assert result.stderr.startswith("Ошибка: " + message)
    assert "Traceback" not in result.output


def test_malformed_map_file_names_the_file(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text(". .\n. Z\n", encoding="utf-8")
    result = run("distance", str(path), "a1", "b1")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"Ошибка: {path}, строка 2, столбец 3: неизвестный символ «Z»")


def test_missing_mover_for_reach(mixed):
    result = run("reach", "-", "--squares", "2", input=". .\n. .\n")
    assert result.exit_code == 2
    assert result.stderr == (
        "Ошибка: <stdin>: на карте нет «@»: не указано, откуда движется персонаж "
        "(поставьте «@» на карту или укажите --from)\n"
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["distance", "MAP", "a1", "g1"], "Ошибка: КУДА: клетка «g1» (столбец 7, строка 1) вне карты размером 6×5 (a1–f5)\n"),
        (["distance", "MAP", "1a", "a1"], "Ошибка: ОТКУДА: неверное имя клетки «1a»"),
        (["adjacent", "MAP", "a9"], "Ошибка: КЛЕТКА: клетка «a9» (столбец 1, строка 9) вне карты"),
        (["reach", "MAP", "--squares", "3", "--to", "z1"], "Ошибка: --to: клетка «z1»"),
        (["reach", "MAP", "--squares", "3", "--from", "a1"], "Ошибка: на карте уже есть «@» в c3"),
    ],
)
def test_bad_cells_exit_2(mixed, args, message):
    result = run(*[mixed if a == "MAP" else a for a in args])
    assert result.exit_code == 2
    assert result.stderr.startswith(message)


@pytest.mark.parametrize(
    "args, message",
    [
        (["reach", "MAP"], "укажите запас движения: --bands N или --squares N"),
        (["reach", "MAP", "--bands", "1", "--squares", "3"], "укажите либо --bands, либо --squares, но не оба"),
        (["reach", "MAP", "--moves", "3"], "--moves — только для --rules berserk (правило 506.1)"),
        (["reach", "MAP", "--rules", "berserk"], "для --rules berserk укажите --moves N"),
        (["reach", "MAP", "--rules", "berserk", "--moves", "2", "--bands", "1"], "по правилу 506.1 запас задаётся --moves N"),
        (["reach", "MAP", "--squares", "-1"], "неверное значение --squares: -1 — число должно быть не меньше 0"),
        (["reach", "MAP", "--bands", "x"], "неверное значение --bands: «x» — не целое число"),
        (["reach", "MAP", "--squares", "2", "--format", "xml"], "неверное значение --format: «xml» — допустимо: text, json"),
        (["reach", "MAP", "--rules", "chess", "--squares", "1"], "неверное значение --rules: «chess»"),
        (["distance", "MAP", "a1"], "не указан аргумент КУДА"),
        (["reach", "MAP", "--sqares", "1"], "нет такой опции: --sqares (может быть, --squares?)"),
        (["reach", "MAP", "--to"], "опции --to нужно значение"),
        (["adjacent", "MAP", "a1", "b1"], "лишние аргументы: b1"),
        (["nope"], "нет такой команды: «nope»"),
    ],
)
def test_usage_errors_exit_2_in_russian(mixed, args, message):
    result = run(*[mixed if a == "MAP" else a for a in args])
    assert result.exit_code == 2
    assert result.stderr.startswith("Использование: ")
    assert "\nОшибка: " in result.stderr and message in result.stderr
    assert "Error" not in result.stderr and "Usage" not in result.stderr


def test_missing_file(tmp_path):
    result = run("distance", str(tmp_path / "nope.txt"), "a1", "a1")
    assert result.exit_code == 2
    assert result.stderr == f"Ошибка: файл карты «{tmp_path / 'nope.txt'}» не найден\n"


def test_directory_and_bad_encoding(tmp_path):
    assert "каталог, а не файл карты" in run("distance", str(tmp_path), "a1", "a1").stderr
    path = tmp_path / "cp.txt"
    path.write_bytes(". \xff\n".encode("latin-1"))
    result = run("distance", str(path), "a1", "a1")
    assert result.exit_code == 2
    assert "не в кодировке UTF-8 (байт 3)" in result.stderr


def test_help_is_russian():
    result = run("reach", "--help")
    assert result.exit_code == 0
    assert result.output.startswith("Использование: grid reach [ОПЦИИ] КАРТА\n")
    assert "Опции:" in result.output and "Аргументы:" in result.output
    assert "Показать эту справку и выйти." in result.output
    assert "Options" not in result.output


def test_registered_in_main_cli(mixed):
    from berserk_judge.cli.main import main

    result = CliRunner().invoke(main, ["grid", "distance", mixed, "a1", "b2", "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.output) == {"from": "a1", "to": "b2", "ring": 1, "band": 1}
