"""`import` against data it cannot write faithfully or at all (issue 38): a number that is not
finite is refused as a field (YAML would read `nan` back as text), a line over the bound is skipped
by its number without being held in memory, a 300-character set id gets a short file name, and a
write that fails halfway says which files were written."""
from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from berserk_judge.cardbase.importer import set_file_name
from berserk_judge.cardbase.load import load_base
from berserk_judge.cli.main import main


def _run(*args):
    return CliRunner().invoke(main, ["import", *map(str, args)])


def _line(card_id, set_id="a", **fields):
    return json.dumps({"id": card_id, "set": set_id, "set_name": "А", "name": "Кшар", "text": "Ранить цель на 1.",
                       **fields}, ensure_ascii=False)


def test_a_number_that_is_not_finite_is_refused_as_a_field(tmp_path):
    source = tmp_path / "c.jsonl"
    source.write_text("\n".join([
        _line("a1").replace('"text"', '"cost": NaN, "text"'),
        _line("a2").replace('"text"', '"health": Infinity, "text"'),
        _line("a3").replace('"text"', '"strike": [1, -Infinity], "text"'),
        _line("a4").replace('"text"', '"cost": 1e999, "move": 2, "text"'),
    ]) + "\n", encoding="utf-8")
    result = _run(source, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    tail = "не конечное; ожидается конечное число (YAML прочитал бы его как текст), поле не импортировано"
    assert result.stderr.splitlines() == [
        f"{source}:1:1: поле cost — число NaN, {tail}", f"{source}:2:1: поле health — число Infinity, {tail}",
        f"{source}:3:1: поле strike — число -Infinity, {tail}", f"{source}:4:1: поле cost — число 1e999, {tail}"]
    text = (tmp_path / "out" / "a.yaml").read_text(encoding="utf-8")
    assert "nan" not in text and "inf" not in text
    base = load_base([str(tmp_path / "out")])
    assert base.problems == []
    assert [c.fields for c in base.cards] == [{}, {}, {}, {"move": 2}]


def test_a_line_over_the_bound_is_skipped_and_never_held(tmp_path):
    """A 3 MB one-line text next to good cards: the good ones are written, the long line is named,
    and the import's peak memory stays far from what taking it cost (about 45× the line)."""
    source = tmp_path / "c.jsonl"
    with open(source, "w", encoding="utf-8") as out:
        out.write(_line("a1") + "\n")
        out.write(_line("a2", text="При атаке ранить цель на 1. " * 60_000) + "\n")    # ~3 MB of Cyrillic
        out.write(_line("a3") + "\n")
    # the peak of this process's own memory (VmHWM): ru_maxrss of a child counts its parent's peak
    # too (the test process's, inherited over fork and exec)
    code = ("import re, sys\nfrom berserk_judge.cli.main import main\n"
            "try:\n    main(['import', sys.argv[1], '--out', sys.argv[2]])\nexcept SystemExit as exc:\n"
            "    peak = re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read()).group(1)\n"
            "    print('PEAK', peak, exc.code, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code, str(source), str(tmp_path / "out")], capture_output=True,
                          text=True, timeout=300)
    lines = done.stderr.splitlines()
    assert lines[0] == (f"{source}:2:1: строка длиннее 1 МиБ; ожидается одна карта не длиннее 1 МиБ (текст карты "
                        "такой длины — это ошибка источника), строка пропущена")
    peak_kb, code_ = int(lines[-1].split()[1]), lines[-1].split()[2]
    assert code_ in ("0", "None")
    assert peak_kb < 80_000, peak_kb           # 24 MB; 143 MB when the whole line was taken (2.9 MB source)
    assert [c.id for c in load_base([str(tmp_path / "out")]).cards] == ["a1", "a3"]


def test_a_long_set_id_gets_a_short_file_name(tmp_path):
    long_id = "x" * 300
    name = set_file_name(long_id)
    assert len(name) < 64 and name.startswith("x" * 40 + "-") and name.endswith(".yaml")
    assert set_file_name(long_id + "y") != name                      # long ids stay apart
    assert set_file_name("ж" * 100).startswith("ж" * 40 + "-")       # bytes count too
    assert set_file_name("s1") == "s1.yaml"
    source = tmp_path / "c.jsonl"
    source.write_text(_line("b1", "b") + "\n" + _line("l1", long_id) + "\n", encoding="utf-8")
    result = _run(source, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["b.yaml", name]
    assert [c.set_id for c in load_base([str(tmp_path / "out")]).cards] == ["b", long_id]


def test_a_write_that_fails_halfway_says_what_was_written(tmp_path, monkeypatch):
    import errno

    from berserk_judge.cardbase import importer

    real = importer.write_atomic

    def full_on_c(target, data, **kwargs):
        if target.name == "c.yaml":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(target, data, **kwargs)

    monkeypatch.setattr(importer, "write_atomic", full_on_c)
    source = tmp_path / "c.jsonl"
    source.write_text("\n".join(_line(f"{s}1", s) for s in "bcd") + "\n", encoding="utf-8")
    result = _run(source, "--out", tmp_path / "out")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'out' / 'c.yaml'}: не записан (")
    assert lines[-1] == "Ошибка: не записано 1 файл базы (причины — выше); записаны: b.yaml, d.yaml."
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["b.yaml", "d.yaml"]
