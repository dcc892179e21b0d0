"""The bundled demo base: loads cleanly and shows every construct of the spec."""
from __future__ import annotations

import re

import pytest

from berserk_judge.cardbase.load import demo_base_path, load_base


@pytest.fixture(scope="module")
def demo():
    return load_base()


def texts(base) -> str:
    return "\n".join(card.text for card in base.cards)


def test_demo_is_the_default_and_loads_without_problems(demo):
    assert demo.problems == []
    assert [p.rsplit("/", 1)[-1] for p in demo.paths] == ["d1-probuzhdenie-kamnya.yaml", "d2-spornye-teksty.yaml"]
    assert all(p.startswith(str(demo_base_path())) for p in demo.paths)
    assert {card.set_id for card in demo.cards} == {"d1", "d2"}
    assert 30 <= len(demo.cards) <= 50
    assert len({card.id for card in demo.cards}) == len(demo.cards)


def test_every_card_text_line_points_into_its_file(demo):
    for card in demo.cards:
        lines = open(card.path, encoding="utf-8").read().split("\n")
        for text_line in card.text_lines:
            assert lines[text_line.line - 1][text_line.column - 1:].startswith(text_line.text), card.id


@pytest.mark.parametrize("pattern", [
    r"^\{tap\}: ",                                  # playable
    r"^\{instant\}\{tap\}: ",                       # conditional playable
    r"^При [^—\n]+ — ",                             # triggered
    r"^В начале хода — ",
    r"^Строй: ", r"^Вальхалла: ", r"^\{first\}: ",  # keyword labels
    r"^Неповоротливость\.$",                        # static
    r"^Пока .+ — ",                                 # while-condition
    r"^\[Эррата 2024\.01\.15\]$",                   # errata marker
    r" и закрыть", r" или ранить", r", либо ", r", затем ", r", при этом ", r", при выполнении ",
    r"; ", r" – ", r", иначе ", r"в противном случае", r"если противник не может или не хочет",
    r"\bили [^,\n]+, или ", r"\bЛибо [^,\n]+, либо ",  # paired forms
    r"\bможет ", r"\bНе может ", r"\bвы можете ", r"\bмогут ",
    r"если [^—\n]+ — [^,\n]+, иначе ",              # in-effect condition with else
    r"получает «\{tap\}: ", r'имеют "\{instant\}',  # granted features
    r"\(воздействие «[^»]+»\)", r"\(1 раз за бой\)", r"\(по выбору атакованного\)",
    r"где X — ", r"^X\{counter\}\{tap\}: ",
])
def test_demo_covers_construct(demo, pattern):
    assert re.search(pattern, texts(demo), re.MULTILINE), pattern


def test_names_with_and_and_hyphen(demo):
    assert demo.find("Бьорн и Хельга").text.startswith("{tap}: Бьорн и Хельга ")
    assert "Гнома-рудознатца" in demo.find("Гном-рудознатец").text


def test_faulty_and_ambiguous_cards_are_there(demo):
    by_id = {card.id: card.text for card in demo.cards}
    assert by_id["d2_1"] == "{tap}: ранить цель на 1 и закрыть ее, иначе излечить себя на 1."
    assert re.search(r", при этом [^,]+ или ", by_id["d2_2"])
    assert by_id["d2_6"].startswith("При гибели ") and "—" not in by_id["d2_6"]
    assert by_id["d2_7"].startswith("{counter}{tap}: При атаке — ")
    assert "воздйствие" in by_id["d2_8"]
    assert by_id["d2_9"].count("«") == 1 and "»" not in by_id["d2_9"]
    assert "При гибели - " in by_id["d2_10"]
    assert re.search(r"[а-я][a-z]|[a-z][а-я]", by_id["d2_11"])
    assert "  " in by_id["d2_12"]
    assert " X" in by_id["d2_13"] and "где X" not in by_id["d2_13"]


def test_demo_noqa_comments(demo):
    used = demo.find("d2_14")
    unused = demo.find("d2_15")
    below = demo.find("d2_16")
    assert used.text_lines[0].comment == unused.text_lines[0].comment == "# noqa: BJ101"
    assert [(n.codes, n.text_line) for n in below.noqa_comments] == [(("BJ101",), 1)]
    assert [t.comment for t in below.text_lines] == [None, "# noqa[2]: BJ101"]


def test_each_deliberate_card_has_an_explaining_comment():
    source = (demo_base_path() / "d2-spornye-teksty.yaml").read_text(encoding="utf-8")
    for match in re.finditer(r"^- id: (d2_\d+)$", source, re.MULTILINE):
        before = source[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        assert re.match(r"# (AMBIGUOUS|FAULTY|QUESTIONABLE)", before), match.group(1)
