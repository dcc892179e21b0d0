"""Import JSONL → YAML card base: exact texts, stable bytes, bad lines reported."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_judge.cardbase.importer import SetData, import_jsonl, render_set, run_import
from berserk_judge.cardbase.load import load_base

CORPUS = Path(__file__).parents[1].parent / "shared" / "corpus"
CORPUS_FILES = [CORPUS / "s1-voina-stihiy.jsonl", CORPUS / "relaunch-9-sets.jsonl"]
needs_corpus = pytest.mark.skipif(
    not all(p.exists() for p in CORPUS_FILES),
    reason=f"real card corpus not found at {CORPUS} (it is kept outside the repository)",
)


def card_line(**fields) -> str:
    data = {"id": "x1", "set": "x", "set_name": "Икс", "number": 1, "name": "Кшар", "text": ""}
    data.update(fields)
    return json.dumps(data, ensure_ascii=False)


def write_jsonl(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def read_corpus() -> list[dict]:
    cards = []
    for path in CORPUS_FILES:
        with path.open(encoding="utf-8") as handle:
            cards.extend(json.loads(line) for line in handle if line.strip())
    return cards


@pytest.fixture(scope="module")
def corpus_base(tmp_path_factory):
    if not all(p.exists() for p in CORPUS_FILES):
        pytest.skip(f"real card corpus not found at {CORPUS} (it is kept outside the repository)")
    out = tmp_path_factory.mktemp("corpus_base")
    written = import_jsonl(CORPUS_FILES, out)
    return out, written, load_base([str(out)])


@needs_corpus
def test_corpus_round_trip_keeps_every_text_exactly(corpus_base):
    _, written, base = corpus_base
    assert base.problems == []
    assert sorted(p.name for p in written) == [
        "10.yaml", "20.yaml", "21.yaml", "22.yaml", "30.yaml", "40.yaml", "50.yaml", "60.yaml", "70.yaml", "s1.yaml"]
    cards = {card.id: card for card in base.cards}
    source = read_corpus()
    assert len(cards) == len(source) == 1710
    for data in source:
        card = cards[data["id"]]
        assert card.text == data["text"], data["id"]
        assert card.name == data["name"]
        assert (card.set_id, card.set_name) == (data["set"], data["set_name"])
        for key, value in data.items():
            if key not in ("id", "name", "text", "set", "set_name") and value is not None:
                assert card.fields[key] == value, (data["id"], key)


@needs_corpus
def test_corpus_text_lines_point_at_their_file_lines(corpus_base):
    _, _, base = corpus_base
    files: dict[str, list[str]] = {}
    checked = 0
    for card in base.cards:
        lines = files.setdefault(card.path, Path(card.path).read_text(encoding="utf-8").split("\n"))
        assert "\n".join(t.text for t in card.text_lines) == card.text
        for text_line in card.text_lines:
            raw = lines[text_line.line - 1]
            if raw.startswith("  text: ") and ("''" in raw or '\\' in raw):
                continue  # escapes shift columns (documented in cardbase.textmap)
            assert raw[text_line.column - 1:].startswith(text_line.text), (card.id, text_line)
            checked += 1
    assert checked > 1700


@needs_corpus
def test_multiline_corpus_texts_are_literal_blocks(corpus_base):
    out, _, base = corpus_base
    card = base.find("s1_2")
    assert len(card.text_lines) == 3
    text = (out / "s1.yaml").read_text(encoding="utf-8")
    assert "  text: |-\n    {tap}: {uchr} на 1.\n    {counter}{tap}: Особый удар «молниеносный выпад» на 3.\n" in text
    assert [t.line for t in card.text_lines] == [card.text_lines[0].line + i for i in range(3)]


@needs_corpus
def test_corpus_import_is_byte_identical_twice(tmp_path):
    first = import_jsonl(CORPUS_FILES, tmp_path / "a")
    second = import_jsonl(CORPUS_FILES, tmp_path / "b")
    assert [p.name for p in first] == [p.name for p in second]
    for a, b in zip(first, second):
        assert a.read_bytes() == b.read_bytes()


def test_import_is_byte_identical_twice_without_corpus(tmp_path):
    source = write_jsonl(tmp_path, "c.jsonl", [
        card_line(id="x2", text="{tap}: «раз» — два\nтри  "),
        card_line(id="x1", text="При гибели - 'x'", strike=[1, 2, 3], cost=4, elite=False),
    ])
    first = import_jsonl([source], tmp_path / "a")
    second = import_jsonl([source], tmp_path / "b")
    assert first[0].read_bytes() == second[0].read_bytes()
    assert first[0].read_text(encoding="utf-8") == (
        "# Импортировано berserk-judge из: c.jsonl\n"
        "set:\n"
        "  id: x\n"
        "  name: Икс\n"
        "cards:\n"
        "- id: x2\n"
        "  name: Кшар\n"
        "  number: 1\n"
        "  text: |-\n"
        "    {tap}: «раз» — два\n"
        "    три  \n"
        "\n"
        "- id: x1\n"
        "  name: Кшар\n"
        "  number: 1\n"
        "  cost: 4\n"
        "  elite: false\n"
        "  strike: [1, 2, 3]\n"
        "  text: 'При гибели - ''x'''\n"
    )


TRICKY_TEXTS = [
    "",
    "  ведущие и хвостовые пробелы  ",
    "двойной  пробел",
    "кавычки ' и \" и «ёлочки»",
    "{tap}: {uchr} на 1 # не комментарий: да",
    "- похоже на список",
    "[в скобках]",
    "строка\r\nс CRLF",
    "управляющий\x01символ",
    "табуляция\tвнутри",
    "\tтабуляция в начале\nи вторая строка",
    " пробел в начале\nвторая",
    "\nпустая первая строка",
    "текст с переводом строки в конце\n",
    "две\n\nстроки через пустую",
    "хвостовые пробелы\nна каждой  \nстроке ",
    "разделитель\u2028строк",
    "BOM\ufeffвнутри",
    "обратная \\ косая",
    "true",
    "123",
    "null",
]


def round_trip(tmp_path: Path, text: str) -> str:
    path = tmp_path / "t.yaml"
    path.write_bytes(render_set(SetData("t", "Т", [{"id": "t1", "name": "Т", "text": text}])).encode("utf-8"))
    base = load_base([str(path)])
    # random text may hold "{...}": an unknown icon is reported, not a load failure
    assert [p for p in base.problems if "неизвестный значок" not in p.message] == []
    return base.cards[0].text


@pytest.mark.parametrize("text", TRICKY_TEXTS)
def test_tricky_texts_survive(tmp_path, text):
    assert round_trip(tmp_path, text) == text


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40))
def test_any_text_survives(tmp_path_factory, text):
    assert round_trip(tmp_path_factory.mktemp("h"), text) == text


def test_bad_lines_are_reported_and_the_rest_imported(tmp_path):
    source = tmp_path / "c.jsonl"
    source.write_bytes("\n".join([
        card_line(id="x1"),
        '{"id": "x2", "name": ',
        "[1, 2]",
        card_line(id="x3", name=None),
        card_line(id="x1", name="Повтор"),
        card_line(id="x4", text=5),
    ]).encode("utf-8") + b"\n\xff\xfe\n" + card_line(id="x5").encode("utf-8") + b"\n")
    result = run_import([source], tmp_path / "out")
    assert [(p.line, p.column, p.message) for p in result.problems] == [
        (2, 22, "строка не является JSON (ожидается значение); ожидается объект карты, строка пропущена"),
        (3, 1, 'строка не является объектом JSON; ожидается {"id": ..., "name": ..., ...}, строка пропущена'),
        (4, 1, "нет поля name или оно не строка; ожидается непустая строка, строка пропущена"),
        (5, 1, f"повторный id «x1» (уже был: {source}:1); ожидается id, единственный во всём корпусе, строка пропущена"),
        (6, 1, "поле text не строка; ожидается строка, строка пропущена"),
        (7, 1, "строка не в кодировке UTF-8 (байт 0xFF); ожидается UTF-8, строка пропущена"),
    ]
    assert all(p.path == str(source) for p in result.problems)
    assert [c["id"] for c in result.sets[0].cards] == ["x1", "x5"]
    assert [c.id for c in load_base([str(tmp_path / "out")]).cards] == ["x1", "x5"]


def test_cli_summary_and_exit_codes(tmp_path):
    from berserk_judge.cli.main import main

    source = write_jsonl(tmp_path, "c.jsonl", [card_line(id="x1"), card_line(id="y1", set="y", set_name="Игрек")])
    runner = CliRunner()
    result = runner.invoke(main, ["import", str(source), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert result.output == (
        f"Записано файлов: 2 в {tmp_path / 'out'}; всего 2 карты.\n"
        "  x.yaml: «Икс» (x) — 1 карта\n"
        "  y.yaml: «Игрек» (y) — 1 карта\n"
    )
    missing = tmp_path / "nope.jsonl"
    result = runner.invoke(main, ["import", str(missing), str(source), "--out", str(tmp_path / "out2")])
    assert result.exit_code == 2
    assert f"{missing}: не удалось прочитать файл (файл не найден); ожидается файл JSONL" in result.output
    assert (tmp_path / "out2" / "x.yaml").exists()  # the readable source was still imported
    assert runner.invoke(main, ["import", str(source)]).exit_code == 2  # --out is required
    assert runner.invoke(main, ["import", "--out", str(tmp_path)]).exit_code == 2
