"""Loading a YAML card base: validation messages, positions, robustness."""
from __future__ import annotations

from pathlib import Path

import pytest

from berserk_judge.cardbase.icons import KNOWN_ICONS, UNIDENTIFIED_ICONS, find_icons
from berserk_judge.cardbase.load import format_problem, load_base
from berserk_judge.cardbase.model import Problem

GOOD = """\
set:
  id: t1
  name: Тест
cards:
- id: t1_1
  name: Кшар
  text: '{tap}: ранить цель на 1.'
"""


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def messages(base) -> list[str]:
    return [format_problem(p) for p in base.problems]


def test_good_file_loads_without_problems(tmp_path):
    path = write(tmp_path, "a.yaml", GOOD)
    base = load_base([path])
    assert base.problems == []
    card = base.cards[0]
    assert (card.id, card.name, card.set_id, card.set_name) == ("t1_1", "Кшар", "t1", "Тест")
    assert (card.path, card.line, card.column) == (path, 5, 3)


def test_broken_yaml_beside_good_file(tmp_path):
    good = write(tmp_path, "a.yaml", GOOD)
    bad = write(tmp_path, "b.yaml", "set: {id: b, name: B}\ncards:\n- id: b1\n  name: a: b\n  text: ''\n")
    base = load_base([str(tmp_path)])
    assert [c.id for c in base.cards] == ["t1_1"]
    assert base.paths == [good, bad]
    assert messages(base) == [
        f"{bad}:4:10: ошибка YAML: двоеточие с пробелом внутри значения без кавычек; "
        "возьмите значение в кавычки (mapping values are not allowed here)"
    ]


def test_unclosed_quote_is_reported_with_position(tmp_path):
    bad = write(tmp_path, "b.yaml", "set: {id: b, name: B}\ncards:\n- id: b1\n  name: x\n  text: 'abc\n")
    base = load_base([bad])
    assert len(base.problems) == 1
    problem = base.problems[0]
    assert (problem.line, problem.column) == (6, 1)
    assert problem.message.startswith("ошибка YAML: файл оборвался: не закрыта кавычка или скобка")


def test_non_utf8_file_is_a_problem_and_others_load(tmp_path):
    write(tmp_path, "a.yaml", GOOD)
    bad = tmp_path / "b.yaml"
    bad.write_bytes("set: {id: b, name: B}\ncards:\n- id: b1\n  name: Жук".encode("utf-8") + b"\xff\n")
    base = load_base([str(tmp_path)])
    assert [c.id for c in base.cards] == ["t1_1"]
    assert messages(base) == [
        f"{bad}:4:12: файл не в кодировке UTF-8: байт 0xFF не читается; "
        "ожидается текст в UTF-8 (пересохраните файл в UTF-8)"
    ]


def test_missing_path_is_a_problem(tmp_path):
    missing = str(tmp_path / "nope.yaml")
    base = load_base([missing])
    assert base.cards == []
    assert base.problems == [Problem(missing, 0, 0, "файл или папка не найдены; ожидается путь к базе карт YAML", kind="unreadable")]
    assert format_problem(base.problems[0]) == f"{missing}: файл или папка не найдены; ожидается путь к базе карт YAML"


def test_empty_folder_and_empty_file(tmp_path):
    empty_dir = tmp_path / "empty"
    empty_dir.mkdir()
    empty_file = write(tmp_path, "e.yaml", "\n")
    base = load_base([str(empty_dir), empty_file])
    assert messages(base) == [
        f"{empty_dir}: в папке нет файлов *.yaml или *.yml; ожидается база карт",
    ]
    # a YAML file named explicitly without a top-level cards: or set: is no card file (issue 37):
    # skipped as discovery skips it, named by -v
    assert base.skipped == [empty_file]
    with_set = write(tmp_path, "s.yaml", "set: {id: s, name: S}\n")   # a card file missing its cards
    assert messages(load_base([with_set])) and load_base([with_set]).skipped == []


def test_missing_id_and_name(tmp_path):
    path = write(tmp_path, "a.yaml", GOOD + "- name: Без id\n  text: ''\n- id: t1_3\n  text: ''\n")
    base = load_base([path])
    assert [c.id for c in base.cards] == ["t1_1"]
    assert messages(base) == [
        f"{path}:8:3: у карты нет поля id; ожидается непустая строка, например id: s1_58 (карта пропущена)",
        f"{path}:10:3: у карты нет поля name; ожидается непустая строка — название карты (карта пропущена)",
    ]
    assert base.problems[1].card_id == "t1_3"


def test_missing_text_loads_card_with_empty_text(tmp_path):
    path = write(tmp_path, "a.yaml", GOOD + "- id: t1_2\n  name: Немой\n")
    base = load_base([path])
    assert base.find("t1_2").text == ""
    assert messages(base) == [
        f"{path}:8:3: у карты нет поля text; ожидается строка (для карты без текста — text: '')"
    ]


def test_wrong_types(tmp_path):
    path = write(tmp_path, "a.yaml", GOOD + (
        "- id: 10001\n"
        "  name: Число\n"
        "  cost: пять\n"
        "  elite: 'да'\n"
        "  strike: [1, 2]\n"
        "  type: dragon\n"
        "  noqa: [bj101]\n"
        "  text: ''\n"
    ))
    base = load_base([path])
    card = base.find("10001")
    assert card is not None and "cost" not in card.fields
    assert messages(base) == [
        f"{path}:8:7: поле id — число 10001; ожидается строка: возьмите id в кавычки: id: '10001'",
        f"{path}:10:9: поле cost — строка «пять»; ожидается целое число",
        f"{path}:11:10: поле elite — строка «да»; ожидается true или false",
        f"{path}:12:11: поле strike — список из 2 элементов; ожидается список из трёх целых чисел [слабый, средний, сильный]",
        f"{path}:13:9: поле type — строка «dragon»; ожидается одно из: creature, flyer, companion, parasite, artifact, terrain, equipment",
        f"{path}:14:9: поле noqa — список из 1 элементов; ожидается список кодов правил, например noqa: [BJ101]",
    ]


def test_unknown_field_and_duplicate_key(tmp_path):
    path = write(tmp_path, "a.yaml", GOOD + "  txt: x\n  name: Другое\n")
    base = load_base([path])
    assert base.cards[0].name == "Кшар"
    assert messages(base) == [
        f"{path}:8:3: неизвестное поле «txt» (может быть, text?); ожидается одно из: id, name, text, number, "
        "element, cost, elite, unique, type, class, rarity, health, move, strike, errata, noqa, rulings",
        f"{path}:9:3: карта: повторный ключ «name» (первый в строке 6); ожидается каждый ключ один раз, взят первый",
    ]


def test_structure_errors(tmp_path):
    no_set = write(tmp_path, "a.yaml", "cards:\n- id: x1\n  name: X\n  text: ''\n")
    not_list = write(tmp_path, "b.yaml", "set: {id: b, name: B}\ncards: 5\n")
    not_map = write(tmp_path, "c.yaml", "- 1\n- 2\n")
    card_not_map = write(tmp_path, "d.yaml", "set: {id: d, name: D}\ncards:\n- просто строка\n")
    not_map_with_key = write(tmp_path, "e.yaml", "- 1\ncards:\n")
    base = load_base([no_set, not_list, not_map, card_not_map, not_map_with_key])
    assert base.find("x1").set_id == "a"  # the file's stem stands in for the set id
    assert messages(base)[:3] == [
        f"{no_set}:1:1: нет раздела set; ожидается set: {{id: ..., name: ...}} (взят id «a» по имени файла)",
        f"{not_list}:2:8: раздел cards не является списком; ожидается список карт «- id: ...»",
        f"{card_not_map}:3:3: элемент списка cards — строка «просто строка»; "
        "ожидается карта: отображение с полями id, name, text",
    ]
    assert base.skipped == [not_map]   # no top-level cards: or set: — no card file (issue 37)
    assert len(messages(base)) == 4 and str(not_map_with_key) in messages(base)[3]


def test_duplicate_ids_across_files(tmp_path):
    first = write(tmp_path, "a.yaml", GOOD)
    second = write(tmp_path, "b.yaml", GOOD.replace("t1\n", "t2\n").replace("Кшар", "Другой"))
    base = load_base([first, second])
    assert [c.name for c in base.cards] == ["Кшар"]
    assert messages(base) == [
        f"{second}:5:7: повторный id «t1_1»: уже есть в {first}:5; "
        "ожидается id, единственный во всей базе (карта пропущена)"
    ]
    assert base.problems[0].card_id == "t1_1"


def test_unknown_icon_points_at_the_placeholder(tmp_path):
    path = write(tmp_path, "a.yaml", GOOD + "- id: t1_2\n  name: X\n  text: |-\n    {tap}: ранить.\n    При атаке — {tpa} и {wolf}.\n")
    base = load_base([path])
    assert base.find("t1_2") is not None
    assert messages(base) == [
        f"{path}:12:17: неизвестный значок {{tpa}}; ожидается известный значок (может быть, {{tap}}?)"
    ]


def test_block_scalar_lines_map_to_file_lines(tmp_path):
    path = write(tmp_path, "a.yaml", GOOD + (
        "- id: t1_2\n"
        "  name: Бон и Берроу\n"
        "  text: |-\n"
        "    {tap}: ранить цель на 1.\n"
        "      отступ сохранён  \n"
        "\n"
        "    # это текст, не комментарий\n"
    ))
    card = load_base([path]).find("t1_2")
    assert card.text == "{tap}: ранить цель на 1.\n  отступ сохранён  \n\n# это текст, не комментарий"
    assert [(t.text, t.line, t.column) for t in card.text_lines] == [
        ("{tap}: ранить цель на 1.", 11, 5),
        ("  отступ сохранён  ", 12, 5),
        ("", 13, 5),
        ("# это текст, не комментарий", 14, 5),
    ]
    offset = card.text.index("отступ")
    assert card.locate(offset) == (12, 7)
    lines = Path(path).read_text(encoding="utf-8").split("\n")
    assert lines[12 - 1][7 - 1:].startswith("отступ")


@pytest.mark.parametrize("value, column", [
    ("'{tap}: ранить цель на 1.'", 10),
    ('"{tap}: ранить цель на 1."', 10),
    ("ранить цель на 1.", 9),
])
def test_one_line_scalar_column(tmp_path, value, column):
    path = write(tmp_path, "a.yaml", GOOD.replace("'{tap}: ранить цель на 1.'", value))
    card = load_base([path]).cards[0]
    (line,) = card.text_lines
    assert (line.line, line.column, line.offset) == (7, column, 0)
    raw = Path(path).read_text(encoding="utf-8").split("\n")[6]
    assert raw[column - 1:].startswith(card.text)


def test_double_quoted_text_with_escaped_line_break(tmp_path):
    path = write(tmp_path, "a.yaml", GOOD.replace("'{tap}: ранить цель на 1.'", '"первая\\nвторая"'))
    card = load_base([path]).cards[0]
    assert [(t.text, t.line, t.column) for t in card.text_lines] == [("первая", 7, 10), ("вторая", 7, 18)]


def test_noqa_comments_one_line_header_and_below(tmp_path):
    path = write(tmp_path, "a.yaml", (
        GOOD.replace("1.'", "1.'  # noqa: BJ101")
        + "- id: t1_2\n"
        "  name: X\n"
        "  text: |-  # noqa: BJ102\n"
        "    строка 1\n"
        "    строка 2\n"
        "  # noqa[2]: BJ103, BJ104\n"
        "  # noqa[7]: BJ105\n"
        "# noqa: BJ999 — this one is above the next card, not below the text\n"
        "- id: t1_3\n"
        "  name: Y\n"
        "  text: 'z'\n"
    ))
    base = load_base([path])
    one, block, other = base.cards
    assert one.text_lines[0].comment == "# noqa: BJ101"
    assert [(n.codes, n.line, n.column, n.text_line) for n in one.noqa_comments] == [(("BJ101",), 7, 37, 0)]
    assert Path(path).read_text(encoding="utf-8").split("\n")[6][37 - 1:] == "# noqa: BJ101"
    assert [t.comment for t in block.text_lines] == ["# noqa: BJ102", "# noqa: BJ102  # noqa[2]: BJ103, BJ104"]
    assert [(n.codes, n.line, n.column, n.text_line) for n in block.noqa_comments] == [
        (("BJ102",), 10, 13, None),
        (("BJ103", "BJ104"), 13, 3, 1),
    ]
    assert other.noqa_comments == [] and other.text_lines[0].comment is None
    assert messages(base) == [f"{path}:14:3: noqa[7]: в тексте карты нет строки 7; ожидается номер от 1 до 2"]


def test_noqa_field_and_positions(tmp_path):
    path = write(tmp_path, "a.yaml", GOOD + "  noqa: [BJ101, BJ202]\n")
    card = load_base([path]).cards[0]
    assert card.fields["noqa"] == ["BJ101", "BJ202"]
    assert card.field_positions["noqa"] == (8, 9)


def test_fields_are_plain_python(tmp_path):
    path = write(tmp_path, "a.yaml", GOOD + "  cost: 3\n  elite: true\n  strike: [1, 2, 3]\n  class: [Орк]\n")
    fields = load_base([path]).cards[0].fields
    assert fields == {"cost": 3, "elite": True, "strike": [1, 2, 3], "class": ["Орк"]}
    assert type(fields["strike"]) is list and type(fields["class"][0]) is str


def test_find_icons_and_known_names():
    assert find_icons("{instant}{tap}: {uchr} на 2, 3{counter}") == [
        ("instant", 0, 9), ("tap", 9, 14), ("uchr", 16, 22), ("counter", 30, 39)]
    assert find_icons("{ tap } и {}") == [(" tap ", 0, 7), ("", 10, 12)]
    assert {"tap", "counter", "zozl", "wolf"} <= KNOWN_ICONS
    assert UNIDENTIFIED_ICONS == {"wolf", "human", "tok", "atk", "attack", "zozl"}
    assert "tpa" not in KNOWN_ICONS


def test_problem_kinds_tell_consumers_what_went_wrong(tmp_path):
    broken = tmp_path / "a.yaml"
    broken.write_text("set: {id: a, name: A\ncards: [\n", encoding="utf-8")
    odd = tmp_path / "b.yaml"
    odd.write_text(
        "set: {id: b, name: B}\n"
        "cards:\n"
        "- id: b1\n"
        "  name: Карта\n"
        "  txt: опечатка в имени поля\n"
        "  text: |-\n"
        "    {tap}: {wlf} на 1.\n"
        "  # noqa[5]: BJ101\n",
        encoding="utf-8")
    base = load_base([str(broken), str(odd), str(tmp_path / "missing.yaml")])
    kinds = sorted((Path(p.path).name, p.kind) for p in base.problems)
    assert kinds == [("a.yaml", "unreadable"), ("b.yaml", "icon"), ("b.yaml", "noqa"),
                     ("b.yaml", "schema"), ("missing.yaml", "unreadable")]


@pytest.mark.parametrize("value", ["true", "True", "TRUE", "false", "False", "FALSE", "yes", "off", "tRue",
                                   "'true'", "!!bool yes", "!!bool FALSE", "12", "-3", "012", "0x1F", "1_000",
                                   "[1, 2, 3]", "[1, [2]]", "слово", "''", "~", "1.5"])
def test_fast_scalar_values_are_the_constructors(value):
    """The loader's shortcut past ruamel's constructor gives the constructor's value, or steps aside."""
    from ruamel.yaml import YAML

    from berserk_judge.cardbase.load import _SLOW, _constant_version_resolver, _fast_scalar, _plain

    yaml = YAML(typ="safe", pure=False)
    yaml.Resolver = _constant_version_resolver()
    node = yaml.compose(f"a: {value}\n").value[0][1]
    fast = _fast_scalar(node)
    expected = _plain(yaml.constructor.construct_object(node, deep=True))
    assert fast is _SLOW or (type(fast) is type(expected) and fast == expected)
    if value in ("true", "FALSE", "12", "слово", "[1, 2, 3]"):
        assert fast is not _SLOW   # the usual values of a card file take the shortcut
