"""No data loss: atomic writes, --output never onto an input, import never merges or overwrites (issue 12)."""
from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from berserk_judge.cardbase.atomic import write_atomic
from berserk_judge.cardbase.load import load_base
from berserk_judge.cli.import_cmd import import_cmd
from berserk_judge.cli.lint_cmd import lint

GOOD = "set: {id: s, name: S}\ncards:\n- id: s1\n  name: Кшар\n  text: '{tap}:ранить цель на 1.'\n"


def jsonl(path, cards):
    path.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cards), encoding="utf-8")
    return path


def card(id, set_id, name="Имя", text="Ранить цель на 1.", set_name="Выпуск"):
    return {"id": id, "set": set_id, "set_name": set_name, "name": name, "text": text}


def test_write_atomic_replaces_whole_and_leaves_no_temp(tmp_path):
    target = tmp_path / "report.txt"
    target.write_text("старый отчёт", encoding="utf-8")
    os.chmod(target, 0o640)
    write_atomic(target, "новый отчёт")
    assert target.read_text(encoding="utf-8") == "новый отчёт"
    assert os.stat(target).st_mode & 0o777 == 0o640
    assert os.listdir(tmp_path) == ["report.txt"]


def test_write_atomic_failure_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "report.txt"
    target.write_text("старый отчёт", encoding="utf-8")

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        write_atomic(target, "новый")
    assert target.read_text(encoding="utf-8") == "старый отчёт"
    assert os.listdir(tmp_path) == ["report.txt"]


def test_lint_output_onto_an_input_file_is_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "a.yaml").write_text(GOOD, encoding="utf-8")
    result = CliRunner().invoke(lint, ["--isolated", "cards", "--output", "./cards/../cards/a.yaml"])
    assert result.exit_code == 2
    assert result.output == ("Ошибка: --output ./cards/../cards/a.yaml — это входной файл базы карт (cards/a.yaml); "
                             "отчёт записан не будет, укажите другой файл.\n")
    assert (tmp_path / "cards" / "a.yaml").read_text(encoding="utf-8") == GOOD


def test_lint_output_is_written_whole(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "out.json").write_text("старый", encoding="utf-8")
    result = CliRunner().invoke(lint, ["--isolated", "a.yaml", "--format", "json", "-o", "out.json"])
    assert result.exit_code == 1
    assert json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))[0]["code"] == "BJ505"
    assert sorted(os.listdir(tmp_path)) == ["a.yaml", "out.json"]


def test_import_never_merges_sets_whose_ids_make_one_file_name(tmp_path):
    source = jsonl(tmp_path / "c.jsonl", [card("1", "a b"), card("2", "a_b"), card("3", "a/b"), card("4", "A_B")])
    result = CliRunner().invoke(import_cmd, [str(source), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert sorted(os.listdir(tmp_path / "out")) == ["A_B-4.yaml", "a_b-2.yaml", "a_b-3.yaml", "a_b.yaml"]
    base = load_base([str(tmp_path / "out")])
    assert sorted((c.id, c.set_id) for c in base.cards) == [("1", "a b"), ("2", "a_b"), ("3", "a/b"), ("4", "A_B")]
    assert base.problems == []


def test_import_does_not_overwrite_a_hand_edited_file_without_force(tmp_path):
    source = jsonl(tmp_path / "c.jsonl", [card("1", "s")])
    out = tmp_path / "out"
    runner = CliRunner()
    assert runner.invoke(import_cmd, [str(source), "--out", str(out)]).exit_code == 0
    assert runner.invoke(import_cmd, [str(source), "--out", str(out)]).exit_code == 0  # same bytes: fine
    edited = (out / "s.yaml").read_text(encoding="utf-8") + "- id: 2\n  name: Моя карта\n  text: Правка.\n"
    (out / "s.yaml").write_text(edited, encoding="utf-8")
    result = runner.invoke(import_cmd, [str(source), "--out", str(out)])
    assert result.exit_code == 2
    assert result.output == (f"{out / 's.yaml'}: файл уже есть, и его содержимое отличается от импортируемого\n"
                             f"Ошибка: ничего не записано: в {out} уже есть файлы с другим содержимым (1); "
                             "чтобы перезаписать их, добавьте --force.\n")
    assert (out / "s.yaml").read_text(encoding="utf-8") == edited
    assert runner.invoke(import_cmd, [str(source), "--out", str(out), "--force"]).exit_code == 0
    assert "Моя карта" not in (out / "s.yaml").read_text(encoding="utf-8")


TRICKY_NAMES = ["8", "nan", "NaN", ".nan", ".inf", "1e3", "0x10", "1_000", "12:30", "2001-01-01", "null", "~",
                "Yes", "off", "=", "<<", "-", "- x", "a: b", "#x", "@x", "`x", "%x", "!x", "&x", "*x", "|x", ">x",
                "'x", '"x', "x #y", "?x", "[x]", "{x}", "x,y", "Ы ", " Ы", "a\u2028b", "a\u0085b", "\ufeffЫ"]
TRICKY_TEXTS = ["строка\u2028вторая", "первая\nвторая\u2028третья", "a\u2029b\nc", "x\r\ny", "x\ry\nz",
                "  отступ\nдальше", "конец\n", "\x07звон\nи ещё", "таб\tв тексте\nещё", "\ufeffBOM\nещё",
                "кавычки ' и \" и \\", "", "# не комментарий", "пробел в конце \nи тут  "]


def test_import_round_trips_tricky_names_and_texts(tmp_path):
    cards = [card(f"n{i}", "n", name=name, text=f"Текст {i}.") for i, name in enumerate(TRICKY_NAMES)]
    cards += [card(f"t{i}", "t", text=text) for i, text in enumerate(TRICKY_TEXTS)]
    source = jsonl(tmp_path / "c.jsonl", cards)
    result = CliRunner().invoke(import_cmd, [str(source), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    base = load_base([str(tmp_path / "out")])
    assert [p for p in base.problems if p.kind == "unreadable"] == []
    assert [(c.id, c.name, c.text) for c in base.cards] == [(c["id"], c["name"], c["text"]) for c in cards]


def test_import_refuses_lines_it_cannot_write(tmp_path):
    source = tmp_path / "c.jsonl"
    source.write_text('{"id": "1", "set": "s", "name": "\\ud800", "text": "x"}\n'
                      + '{"id": ' + "[" * 100000 + "\n"
                      + json.dumps(card("2", "s")) + "\n", encoding="utf-8")
    result = CliRunner().invoke(import_cmd, [str(source), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0
    assert f"{source}:1:1: в строке одиночный суррогат U+D800 — это не символ текста; ожидается текст в Юникоде, " \
           "строка пропущена" in result.output
    assert f"{source}:2:1: слишком глубокая вложенность значений JSON; ожидается объект карты, строка пропущена" \
        in result.output
    assert [c.id for c in load_base([str(tmp_path / "out")]).cards] == ["2"]


def test_import_verifies_every_file_before_writing(tmp_path, monkeypatch):
    """A rendering the loader would read differently is never written as is."""
    import berserk_judge.cardbase.importer as importer

    real = importer.render_set

    def lossy(set_data, quote_all=False):
        text = real(set_data, quote_all)
        return text if quote_all else text.replace("Ранить", "Ранит")

    monkeypatch.setattr(importer, "render_set", lossy)
    source = jsonl(tmp_path / "c.jsonl", [card("1", "s")])
    result = importer.run_import([source], tmp_path / "out")
    assert result.problems == []
    assert load_base([str(tmp_path / "out")]).cards[0].text == "Ранить цель на 1."

    monkeypatch.setattr(importer, "render_set", lambda set_data, quote_all=False: real(set_data).replace("1.", "2."))
    result = importer.run_import([source], tmp_path / "out2")
    assert result.written == []
    assert [p.message for p in result.problems] == [
        "файл не записан: после записи он читается не так, как источник (карта 1: поле text); "
        "это ошибка berserk-judge — сообщите о ней"]
    assert not (tmp_path / "out2" / "s.yaml").exists()


def test_write_atomic_verify_failure_keeps_the_old_file(tmp_path):
    target = tmp_path / "s.yaml"
    target.write_text("старое", encoding="utf-8")
    seen = []

    def reject(temp):
        seen.append(temp.read_text(encoding="utf-8"))
        raise ValueError("не сходится")

    with pytest.raises(ValueError):
        write_atomic(target, "новое", verify=reject)
    assert seen == ["новое"]
    assert target.read_text(encoding="utf-8") == "старое"
    assert os.listdir(tmp_path) == ["s.yaml"]
