"""`import --rulings` loses nothing (issue 38, and the «нет в базе» rulings of issue 35): two
rulings are the same only when their words are; a malformed ruling is refused by its line and the
rest written; CRLF files get CRLF lines; `rulings: ~`, `[]`, and a file ending in a ruling without
its last line break take new rulings; no message names an id twice; a name the base spells otherwise
gets its close names, and its `source_card` places it where that id and a close name agree."""
from __future__ import annotations

import json

from click.testing import CliRunner

from berserk_judge.cardbase.load import load_base
from berserk_judge.cardbase.rulings import identity
from berserk_judge.cli.main import main


def _base(tmp_path, text: str, newline: str = "\n"):
    base = tmp_path / "base"
    base.mkdir(exist_ok=True)
    (base / "a.yaml").write_bytes(text.replace("\n", newline).encode("utf-8"))
    return base


def _rulings(tmp_path, *rows, raw_lines=()):
    source = tmp_path / "r.jsonl"
    lines = [json.dumps(row, ensure_ascii=False) for row in rows] + list(raw_lines)
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return source


def _run(source, base):
    return CliRunner().invoke(main, ["import", "--rulings", str(source), "--out", str(base)])


def _answers(base, card_id):
    return [r.answer for r in next(c for c in load_base([str(base)]).cards if c.id == card_id).rulings]


CARDS = "set: {id: a, name: А}\ncards:\n- id: a_1\n  name: Кшар\n  text: x\n- id: a_2\n  name: Гном\n  text: y\n"


def test_a_sign_makes_another_answer():
    assert identity({"question": "Сколько?", "answer": "-1"}) != identity({"question": "Сколько?", "answer": "1"})
    assert identity({"question": "Сколько?", "answer": "+1"}) != identity({"question": "Сколько?", "answer": "1"})
    assert identity({"question": "Сколько?", "answer": "–1"}) == identity({"question": "Сколько?", "answer": "-1"})
    # the same words: case, ё/е, punctuation and spacing do not count
    assert identity({"question": "«Можно» ли ещё?", "answer": "Да —  можно."}) == identity(
        {"question": "\"можно\" ли еще", "answer": "да, можно"})


def test_one_after_minus_one_is_stored(tmp_path):
    base = _base(tmp_path, CARDS)
    source = _rulings(tmp_path, {"card_ids": ["a_1"], "question": "Сколько ран?", "answer": "-1"},
                      {"card_ids": ["a_1"], "question": "Сколько ран?", "answer": "1"})
    result = _run(source, base)
    assert result.exit_code == 0, result.output
    assert result.stdout == "Решения: добавлено 2 решения к 1 карте в 1 файле; уже были в базе: 0.\n"
    assert _answers(base, "a_1") == ["-1", "1"]


def test_a_malformed_ruling_is_refused_by_its_line_and_the_rest_is_written(tmp_path):
    base = _base(tmp_path, CARDS)
    good = {"card_ids": ["a_2"], "answer": "Хорошее решение", "rules": ["505.7"]}
    source = _rulings(tmp_path, {"card_ids": ["a_1"], "answer": "плохое", "rules": ["5"]}, good,
                      {"card_ids": ["a_1"], "answer": "плохое", "rules": ["505..7"]},
                      {"card_ids": ["a_1"], "answer": "плохое", "rules": ["²"]},
                      {"card_ids": ["a_1"], "answer": "Ещё хорошее"})
    result = _run(source, base)
    assert result.exit_code == 0, result.output
    hint = ("— не номер правила; ожидается список номеров правил из трёх цифр и подпунктов через точку, например "
            "[\"505.7\"], строка пропущена")
    assert result.stderr.splitlines() == [
        f"{source}:1:1: поле rules: «5» {hint}", f"{source}:3:1: поле rules: «505..7» {hint}",
        f"{source}:4:1: поле rules: «²» {hint}", "Пропущено строк: 3 (см. сообщения выше)."]
    assert result.stdout == "Решения: добавлено 2 решения к 2 картам в 1 файле; уже были в базе: 0.\n"
    assert _answers(base, "a_1") == ["Ещё хорошее"] and _answers(base, "a_2") == ["Хорошее решение"]


def test_a_ruling_the_file_cannot_take_does_not_hold_back_the_others_of_that_file(tmp_path):
    base = _base(tmp_path, "set: {id: a, name: А}\ncards:\n- {id: f_1, name: Кшар, text: x}\n"
                           "- id: a_2\n  name: Гном\n  text: y\n")
    source = _rulings(tmp_path, {"card_ids": ["f_1"], "answer": "В одну строку"},
                      {"card_ids": ["a_2"], "answer": "Гному"})
    result = _run(source, base)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{source}:1:1: решение для карты «f_1» не добавлено в {base / 'a.yaml'}: карта «f_1» записана в одну "
        "строку {…}",
        "Ошибка: не добавлено 1 решение: их не удалось вписать в файл базы (причины — выше); остальные записаны."]
    assert result.stdout == "Решения: добавлено 1 решение к 1 карте в 1 файле; уже были в базе: 0.\n"
    assert _answers(base, "a_2") == ["Гному"]


def test_a_crlf_file_gets_crlf_lines(tmp_path):
    base = _base(tmp_path, CARDS + "- id: a_3\n  name: Эльф\n  rulings:\n  - answer: Старое\n  text: z\n",
                 newline="\r\n")
    source = _rulings(tmp_path, {"card_ids": ["a_1", "a_3"], "question": "Можно?", "answer": "Да.\nНо не всегда"})
    assert _run(source, base).exit_code == 0
    raw = (base / "a.yaml").read_bytes()
    assert raw.count(b"\n") == raw.count(b"\r\n") and b"\xd0\x9d\xd0\xbe \xd0\xbd\xd0\xb5" in raw   # «Но не»
    assert _answers(base, "a_1") == ["Да.\nНо не всегда"] and _answers(base, "a_3") == ["Старое", "Да.\nНо не всегда"]


def test_empty_rulings_and_a_last_ruling_without_its_line_break_take_new_rulings(tmp_path):
    text = ("set: {id: a, name: А}\ncards:\n- id: a_1\n  name: Кшар\n  rulings: ~\n  text: x\n"
            "- id: a_2\n  name: Гном\n  rulings: []  # пока нет\n  text: y\n"
            "- id: a_3\n  name: Эльф\n  rulings:\n  text: z\n"
            "- id: a_4\n  name: Тролль\n  text: w\n  rulings:\n  - answer: Старое")    # no last line break
    base = _base(tmp_path, text)
    source = _rulings(tmp_path, {"card_ids": ["a_1", "a_2", "a_3", "a_4"], "answer": "Новое"})
    result = _run(source, base)
    assert result.exit_code == 0, result.output
    assert result.stdout == "Решения: добавлено 4 решения к 4 картам в 1 файле; уже были в базе: 0.\n"
    assert (base / "a.yaml").read_text(encoding="utf-8") == (
        "set: {id: a, name: А}\ncards:\n- id: a_1\n  name: Кшар\n  rulings:\n  - answer: Новое\n  text: x\n"
        "- id: a_2\n  name: Гном\n  rulings:   # пока нет\n  - answer: Новое\n  text: y\n"
        "- id: a_3\n  name: Эльф\n  rulings:\n  - answer: Новое\n  text: z\n"
        "- id: a_4\n  name: Тролль\n  text: w\n  rulings:\n  - answer: Старое\n  - answer: Новое\n")
    again = _run(source, base)
    assert again.exit_code == 0 and again.stdout.endswith("уже были в базе: 4.\n")


def test_a_message_names_each_id_once(tmp_path):
    base = _base(tmp_path, CARDS)
    source = _rulings(tmp_path, {"card_ids": ["a_1", "a_1", "zz", "zz"], "answer": "Да."})
    result = _run(source, base)
    assert result.stderr.splitlines() == [
        f"{source}:1:1: «Кшар»: карт с id zz нет в базе; решение добавлено только к a_1",
        "Не размещено: 1 (см. сообщения выше)."]
    assert result.stdout == "Решения: добавлено 1 решение к 1 карте в 1 файле; уже были в базе: 0.\n"


def test_a_name_spelt_otherwise_gets_close_names_and_source_card_places_it(tmp_path):
    base = _base(tmp_path, "set: {id: s1, name: Старый}\ncards:\n- id: s1_7\n  name: Морозный змей\n  text: x\n"
                           "- id: s1_9\n  name: Горный тролль\n  text: y\n")
    (base / "b.yaml").write_text("set: {id: '10', name: Новый}\ncards:\n- id: '10007'\n  name: Морозный змей\n"
                                 "  text: x\n- id: '10008'\n  name: Огненный пёс\n  text: z\n", encoding="utf-8")
    source = _rulings(
        tmp_path,
        {"source_card": "s1_7", "set": "10", "name": "Морозовый змей", "card_ids": [], "answer": "По id и имени"},
        {"source_card": "s1_9", "set": "10", "name": "Огнений пёс", "card_ids": [], "answer": "Чужой id"},
        {"set": "10", "name": "Морозовый змей", "card_ids": [], "answer": "Без source_card"},
        {"source_card": "s1_7", "set": "10", "name": "Нечто иное", "card_ids": [], "answer": "Имя далеко"})
    result = _run(source, base)
    assert result.exit_code == 0, result.output
    s = str(source)
    assert result.stderr.splitlines() == [
        f"{s}:1:1: «Морозовый змей» (выпуск 10): карты с таким именем нет в базе; решение отнесено к s1_7, 10007 "
        "«Морозный змей»: эту карту называет поле source_card (s1_7), и её имя близко к имени в решении",
        f"{s}:2:1: «Огнений пёс» (выпуск 10): такой карты нет в базе; решение не добавлено; похожие: "
        "«Огненный пёс» (10008)",
        f"{s}:3:1: «Морозовый змей» (выпуск 10): такой карты нет в базе; решение не добавлено; похожие: "
        "«Морозный змей» (10007)",
        f"{s}:4:1: «Нечто иное» (выпуск 10): такой карты нет в базе; решение не добавлено",
        "Не размещено: 3 (см. сообщения выше).",
        "Размещено по полю source_card: 1 (см. сообщения выше).",
    ]
    assert _answers(base, "s1_7") == ["По id и имени"] and _answers(base, "10007") == ["По id и имени"]
    assert _answers(base, "s1_9") == [] and _answers(base, "10008") == []


def test_a_line_separator_in_a_plain_name_does_not_stop_the_merge(tmp_path):
    """The loader reads a raw U+2028 or NEL in a plain scalar (the pure composer); the splice
    composes the file the same way, so it no longer ends in a ScannerError traceback."""
    base = _base(tmp_path, "set: {id: a, name: А}\ncards:\n- id: a_1\n  name: Кш\u2028ар\n  text: x\n"
                           "- id: a_2\n  name: Гн\x85ом\n  text: y\n")
    source = _rulings(tmp_path, {"card_ids": ["a_1", "a_2"], "answer": "Да."})
    result = _run(source, base)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    assert _answers(base, "a_1") == ["Да."] and _answers(base, "a_2") == ["Да."]
    assert [c.name for c in load_base([str(base)]).cards] == ["Кш\u2028ар", "Гн ом"]   # as before the merge


def test_a_line_over_the_bound_is_skipped_by_its_number(tmp_path):
    from berserk_judge.cardbase.jsonl import MAX_LINE_BYTES

    base = _base(tmp_path, CARDS)
    huge = json.dumps({"card_ids": ["a_1"], "answer": "я" * (MAX_LINE_BYTES // 2 + 1)})
    source = _rulings(tmp_path, {"card_ids": ["a_2"], "answer": "Да."}, raw_lines=[huge])
    result = _run(source, base)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == (f"{source}:2:1: строка длиннее 1 МиБ; ожидается одно решение не "
                                             "длиннее 1 МиБ, строка пропущена")
    assert _answers(base, "a_2") == ["Да."] and _answers(base, "a_1") == []
