"""Judges' rulings as card data: the `rulings:` list loads with the card, `import --rulings` merges
a JSONL file of them into a base in place (by id, or by set and name), never twice."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_judge.cardbase.importer import import_jsonl
from berserk_judge.cardbase.load import format_problem, load_base
from berserk_judge.cardbase.rulings import cited_numbers, identity
from berserk_judge.cli.main import main

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPUS_FILES = [SHARED / "corpus" / "s1-voina-stihiy.jsonl", SHARED / "corpus" / "relaunch-9-sets.jsonl"]
RELAUNCH = SHARED / "rulings" / "relaunch.jsonl"

BASE = """\
# мой комментарий
set: {id: d1, name: Демо}
cards:
- id: d1_1
  name: Кшар  # имя
  rulings:
  - question: Старый?
    answer: Да.  # ответ
  text: '{tap}: ранить цель на 1.'  # noqa: BJ101
- id: d1_2
  name: Гном
  rulings: []
  text: |-
    Первая строка.
    Вторая.
  # noqa[2]: BJ505
- id: d1_3
  name: Эльф
  text: x
- id: d1_4
  name: Эльф
  element: Горы
  text: y
- id: d1_5
  name: Без текста
  element: Горы  # стихия
"""

RULINGS = [
    {"card_ids": ["d1_1"], "question": "старый", "answer": "да"},          # already there, other case
    {"card_ids": ["d1_1"], "question": "Новый?", "answer": "Нет: см. п. 505.7.\nИ ещё"},
    {"set": "d1", "name": "гном", "answer": "Ответ гному", "date": "2025-07-01", "id": "g1"},
    {"set": "d1", "name": "Эльф", "answer": "Обоим эльфам", "source": "судья"},   # both prints
    {"card_ids": ["d1_3", "zz"], "answer": "Только первому"},
    {"set": "d1", "name": "Нет такой", "answer": "x"},
    {"card_id": "d1_5", "answer": "Карте без текста"},
]


def _files(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def _setup(tmp_path, rulings=RULINGS, extra_lines=()):
    base = tmp_path / "base"
    base.mkdir()
    (base / "d1.yaml").write_text(BASE, encoding="utf-8")
    source = tmp_path / "r.jsonl"
    lines = [json.dumps(r, ensure_ascii=False) for r in rulings] + list(extra_lines)
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return base, source


def _run(*args):
    return CliRunner().invoke(main, ["import", *map(str, args)])


def test_loader_reads_a_cards_rulings_with_their_places(tmp_path):
    path = tmp_path / "d1.yaml"
    path.write_text("set: {id: d1, name: Демо}\ncards:\n- id: d1_1\n  name: Кшар\n  rulings:\n"
                    "  - question: Можно ли?\n    answer: Да.\n    rules: ['505.7', 505.10, 116]\n"
                    "    date: 2025-07-01\n    source: судья\n  text: x\n", encoding="utf-8")
    base = load_base([str(path)])
    assert base.problems == []
    (ruling,) = base.cards[0].rulings
    assert (ruling.question, ruling.answer, ruling.source, ruling.date) == ("Можно ли?", "Да.", "судья", "2025-07-01")
    assert ruling.rules == ("505.7", "505.10", "116")           # as written: 505.10 is not 505.1
    assert ruling.rule_places == ((8, 13, 20), (8, 22, 28), (8, 30, 33))   # quotes included
    assert (ruling.line, ruling.column) == (6, 5)
    assert "rulings" not in base.cards[0].fields


def test_loader_reports_rulings_attached_to_no_card(tmp_path):
    path = tmp_path / "d1.yaml"
    path.write_text("set: {id: d1, name: Демо, rulings: []}\nrulings: []\ncards:\n- id: d1_1\n  name: Кшар\n"
                    "  rulings:\n  - просто строка\n  - question: без ответа\n  - answer: Да.\n    extra: 1\n"
                    "    rules: пятьсот\n  text: x\n- name: Без id\n  rulings:\n  - answer: x\n  text: y\n",
                    encoding="utf-8")
    base = load_base([str(path)])
    got = [(p.kind, format_problem(p)) for p in base.problems]
    p = str(path)
    assert got == [
        ("ruling", f"{p}:1:27: список rulings в разделе set не относится ни к одной карте; ожидается rulings "
                   "внутри карты, у которой эти решения (решения не показаны)"),
        ("ruling", f"{p}:2:1: список rulings на верхнем уровне файла не относится ни к одной карте; ожидается "
                   "rulings внутри карты, у которой эти решения (решения не показаны)"),
        ("ruling", f"{p}:7:5: элемент rulings — строка «просто строка»; ожидается решение: отображение с полями "
                   "question и answer (не показано у карты)"),
        ("ruling", f"{p}:8:5: решение без ответа (поле answer пусто или его нет); ожидается answer: ответ "
                   "судьи (решение не показано у карты)"),
        ("schema", f"{p}:10:5: решение: неизвестное поле «extra»; ожидается одно из: id, question, answer, "
                   "source, date, rules"),
        ("schema", f"{p}:11:12: решение: поле rules — строка «пятьсот»; ожидается список номеров правил, "
                   "например rules: ['505.7', '116.3']"),
        ("schema", f"{p}:13:3: у карты нет поля id; ожидается непустая строка, например id: s1_58 (карта пропущена)"),
        ("ruling", f"{p}:14:3: решения карты, которая пропущена (см. сообщение о карте), не относятся ни к "
                   "одной карте базы; ожидается карта с id и name"),
    ]
    assert [r.answer for r in base.cards[0].rulings] == ["Да."]   # a bad field drops, the ruling stays


def test_cited_numbers_and_identity():
    assert cited_numbers("см. п. 539.4.1", "'523.3. Если …' и (См. п. 512.5.5), п. 506 и 2.5 раза") == [
        "539.4.1", "523.3", "512.5.5", "506"]
    assert identity({"question": "Можно ли?", "answer": "Да —  можно"}) == identity(
        {"question": "можно ли", "answer": "да - можно."})
    assert identity({"id": "7", "answer": "a"}) == identity({"id": "7", "answer": "b"}) == "id:7"


def test_import_rulings_merges_in_place_and_reports_what_it_could_not_place(tmp_path):
    base, source = _setup(tmp_path, extra_lines=["not json", json.dumps({"card_ids": ["d1_1"]})])
    result = _run("--rulings", source, "--out", base)
    assert result.exit_code == 0, result.output
    assert result.stdout == "Решения: добавлено 6 решений к 5 картам в 1 файле; уже были в базе: 1.\n"
    s = str(source)
    assert result.stderr.splitlines() == [
        f"{s}:8:1: строка не является JSON (Expecting value); ожидается объект решения, строка пропущена",
        f"{s}:9:1: нет поля answer (ответ судьи) или оно пусто; ожидается непустая строка, строка пропущена",
        f"{s}:5:1: «Эльф»: карт с id zz нет в базе; решение добавлено только к d1_3",
        f"{s}:6:1: «Нет такой» (выпуск d1): такой карты нет в базе; решение не добавлено",
        "Не размещено: 2 (см. сообщения выше).",
        "Пропущено строк: 2 (см. сообщения выше).",
    ]
    assert (base / "d1.yaml").read_text(encoding="utf-8") == """\
# мой комментарий
set: {id: d1, name: Демо}
cards:
- id: d1_1
  name: Кшар  # имя
  rulings:
  - question: Старый?
    answer: Да.  # ответ
  - question: 'Новый?'
    answer: |-
      Нет: см. п. 505.7.
      И ещё
    rules: ['505.7']
  text: '{tap}: ранить цель на 1.'  # noqa: BJ101
- id: d1_2
  name: Гном
  rulings:
  - answer: Ответ гному
    date: '2025-07-01'
    id: g1
  text: |-
    Первая строка.
    Вторая.
  # noqa[2]: BJ505
- id: d1_3
  name: Эльф
  rulings:
  - answer: Обоим эльфам
    source: судья
  - answer: Только первому
  text: x
- id: d1_4
  name: Эльф
  element: Горы
  rulings:
  - answer: Обоим эльфам
    source: судья
  text: y
- id: d1_5
  name: Без текста
  element: Горы  # стихия
  rulings:
  - answer: Карте без текста
"""
    loaded = load_base([str(base)])
    assert [p.message for p in loaded.problems] == [
        "у карты нет поля text; ожидается строка (для карты без текста — text: '')"]
    assert [len(c.rulings) for c in loaded.cards] == [2, 1, 2, 1, 1]
    assert [n.raw for c in loaded.cards for n in c.noqa_comments] == ["# noqa: BJ101", "# noqa[2]: BJ505"]
    before = _files(base)
    again = _run("--rulings", source, "--out", base)
    assert again.exit_code == 0
    assert again.stdout == "Решения: добавлено 0 решений к 0 картам в 0 файлах; уже были в базе: 7.\n"
    assert _files(base) == before


def test_a_corpus_lines_rulings_key_is_not_a_card_field(tmp_path):
    source = tmp_path / "c.jsonl"
    source.write_text(json.dumps({"id": "x1", "set": "x", "set_name": "Икс", "name": "Кшар", "text": "t",
                                  "rulings": [{"answer": "Да."}]}, ensure_ascii=False) + "\n", encoding="utf-8")
    result = _run(source, "--out", tmp_path / "b")
    assert result.exit_code == 0, result.output
    base = load_base([str(tmp_path / "b")])
    assert base.problems == [] and base.cards[0].rulings == ()
    assert "rulings" not in (tmp_path / "b" / "x.yaml").read_text(encoding="utf-8")


def test_import_rulings_exit_codes(tmp_path):
    base, source = _setup(tmp_path)
    missing = _run("--rulings", tmp_path / "nope.jsonl", "--out", base)
    assert missing.exit_code == 2
    assert missing.stderr.splitlines()[-1] == "Ошибка: файл решений не прочитан; ничего не добавлено."
    no_base = _run("--rulings", source, "--out", tmp_path / "nothing")
    assert no_base.exit_code == 2
    assert no_base.stderr == (f"Ошибка: --out {tmp_path / 'nothing'}: папки базы нет; решения добавляются в "
                              "существующую базу карт (сначала импортируйте карты).\n")
    bare = _run("--out", base)
    assert bare.exit_code == 2 and bare.stderr.endswith(
        "\nОшибка: не указан аргумент ИСТОЧНИК...\n(чтобы только добавить решения судей в базу — укажите "
        "--rulings ФАЙЛ)\n")
    no_out = _run("--rulings", source)
    assert no_out.exit_code == 2 and "\nОшибка: не указана опция --out\n" in no_out.stderr


def test_import_rulings_refuses_a_card_written_on_one_line(tmp_path):
    base, source = _setup(tmp_path, rulings=[{"card_ids": ["f1"], "answer": "Да."}])
    (base / "d1.yaml").write_text("set: {id: d1, name: Демо}\ncards:\n- {id: f1, name: Кшар, text: x}\n",
                                  encoding="utf-8")
    before = _files(base)
    result = _run("--rulings", source, "--out", base)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{source}:1:1: решение для карты «f1» не добавлено в {base / 'd1.yaml'}: карта «f1» записана в одну "
        "строку {…}",
        "Ошибка: не добавлено 1 решение: их не удалось вписать в файл базы (причины — выше); остальные записаны."]
    assert _files(base) == before


@pytest.mark.skipif(not RELAUNCH.exists() or not all(p.exists() for p in CORPUS_FILES),
                    reason="corpus or rulings not found in ../shared")
def test_relaunch_rulings_round_trip_on_the_corpus_base(tmp_path):
    out = tmp_path / "base"
    import_jsonl(CORPUS_FILES, out)
    untouched = _files(out)
    first = _run("--rulings", RELAUNCH, "--out", out)
    assert first.exit_code == 0, first.output
    assert first.stdout == "Решения: добавлено 744 решения к 533 картам в 6 файлах; уже были в базе: 0.\n"
    assert first.stderr.count("такой карты нет в базе; решение не добавлено") == 4
    # issue 35 → 38: a name the base spells otherwise gets its close names, as `card` finds them; the
    # source's own id of the card places it where that id and a close name agree
    lines = first.stderr.splitlines()
    assert f"{RELAUNCH}:134:1: «Орк-берсерк» (выпуск 40): такой карты нет в базе; решение не добавлено; " \
           "похожие: «Орк-берсеркер» (40022)" in lines
    assert f"{RELAUNCH}:280:1: «Ледовый змей» (выпуск 10): карты с таким именем нет в базе; решение отнесено к " \
           "s1_36, 10036 «Ледяной змей»: эту карту называет поле source_card (s1_36), и её имя близко к имени " \
           "в решении" in lines
    assert lines[-1] == "Размещено по полю source_card: 2 (см. сообщения выше)."
    base = load_base([str(out)])
    assert base.problems == []
    assert sum(len(card.rulings) for card in base.cards) == 744
    changed = {name for name, digest in _files(out).items() if untouched[name] != digest}
    assert changed == {"10.yaml", "20.yaml", "30.yaml", "40.yaml", "50.yaml", "s1.yaml"}
    # every source ruling sits on each card it names, with the numbers its text cites
    by_id = {card.id: card for card in base.cards}
    for line in RELAUNCH.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        for card_id in data["card_ids"]:
            assert data["answer"] in [r.answer for r in by_id[card_id].rulings]
    kronga = [r for r in by_id["10093"].rulings if r.rules]
    assert kronga[0].rules == ("523.3", "515.5", "534.3", "116.3", "116.4")
    # lint over the merged base: no ruling is detached; with the shared rulebook (114–116, 505, 506),
    # BJ601 names exactly the numbers the rulings cite from other sections, on both prints of a set-10 card
    from berserk_judge.lint.config import Layer, Settings
    from berserk_judge.lint.engine import lint_base

    settings = Settings(layers=[Layer(select=["BJ6"])])
    settings.rulebook = str(SHARED / "rules")
    found = [(f.code, f.card, f.message.split(" ")[4].rstrip(",")) for f in lint_base(base, settings).findings]
    expected = [("BJ601", card, number) for card in ("10093", "s1_93") for number in ("523.3", "515.5", "534.3")]
    expected += [("BJ601", card, number) for card, number in (("10102", "539.4.1"), ("s1_102", "539.4.1"),
                                                              ("10114", "512.5.5"), ("s1_114", "512.5.5"))]
    assert sorted(found) == sorted(expected)
    after_first = _files(out)
    second = _run("--rulings", RELAUNCH, "--out", out)
    assert second.exit_code == 0
    assert second.stdout == "Решения: добавлено 0 решений к 0 картам в 0 файлах; уже были в базе: 744.\n"
    assert _files(out) == after_first


LETTERS = st.sampled_from(list("аб вг:#'\"\\-—«»{}[]|>\n\t ") + ["\x85", "\u2028", "\x07", "é", "😀", "\ufeff"])


@settings(max_examples=120, deadline=None)
@given(st.text(LETTERS, max_size=30), st.text(LETTERS, min_size=1, max_size=40).filter(lambda a: a.strip()),
       st.sampled_from(["text", "rulings", "none"]))
def test_any_ruling_text_comes_back_exactly(question, answer, layout):
    from berserk_judge.cardbase.load import load_file
    from berserk_judge.cardbase.rulings_import import splice_rulings

    card = {"text": "- id: a\n  name: A\n  text: x  # noqa: BJ505\n",
            "rulings": "- id: a\n  name: A\n  rulings:\n  - answer: старый\n  text: x\n",
            "none": "- id: a\n  name: A\n  element: Горы\n"}[layout]
    source = "set: {id: s, name: S}\ncards:\n" + card + "- id: b\n  name: B\n  text: y\n"
    ruling = {"answer": answer} if not question else {"question": question, "answer": answer}
    out = splice_rulings(source, {"a": [ruling]})
    before, after = load_file("x.yaml", source=source), load_file("x.yaml", source=out)
    assert [r.to_dict() for r in after.cards[0].rulings] == [r.to_dict() for r in before.cards[0].rulings] + [
        {"question": question, "answer": answer}]
    assert [(c.id, c.text, c.fields, c.noqa_comments and c.noqa_comments[0].raw) for c in after.cards] == [
        (c.id, c.text, c.fields, c.noqa_comments and c.noqa_comments[0].raw) for c in before.cards]


def test_bad_bytes_and_surrogates_are_named_lines_never_a_traceback(tmp_path):
    base, _ = _setup(tmp_path)
    source = tmp_path / "bad.jsonl"
    source.write_bytes(b'{"card_ids": ["d1_3"], "answer": "\xff"}\n'
                       b'{"card_ids": ["d1_3"], "answer": "\\ud800"}\n'
                       b'{"card_ids": "d1_3", "answer": "x"}\n'
                       b'{"card_ids": ["d1_3"], "answer": "x", "rules": "505"}\n'
                       b'[1]\n' + b'[' * 100000 + b'\n')
    result = _run("--rulings", source, "--out", base)
    assert result.exit_code == 0, result.output
    s = str(source)
    assert result.stderr.splitlines() == [
        f"{s}:1:1: строка не в кодировке UTF-8 (байт 0xFF); ожидается UTF-8, строка пропущена",
        f"{s}:2:1: в поле answer одиночный суррогат — это не символ текста; ожидается текст в Юникоде, "
        "строка пропущена",
        f"{s}:3:1: поле card_ids не список id карт; ожидается, например, [\"50006\"], строка пропущена",
        f"{s}:4:1: поле rules не список номеров правил; ожидается, например, [\"505.7\"], строка пропущена",
        f"{s}:5:1: строка не является объектом JSON; ожидается {{\"answer\": ..., \"card_ids\": [...], ...}}, "
        "строка пропущена",
        f"{s}:6:1: слишком глубокая вложенность значений JSON; ожидается объект решения, строка пропущена",
        "Пропущено строк: 6 (см. сообщения выше).",
    ]
    assert result.stdout == "Решения: добавлено 0 решений к 0 картам в 0 файлах; уже были в базе: 0.\n"
