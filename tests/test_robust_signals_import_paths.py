"""Round four of the hostile runs (issue 26, the CLI part; issue 29's «nothing lost»):
import never converts silently, a cache that cannot be written is a warning,
no temp files left behind, paths escaped in every command's output."""
from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from berserk_judge.cli.import_cmd import import_cmd


def card(id, set_id="s", name="Имя", text="Ранить цель на 1.", **extra):
    return {"id": id, "set": set_id, "set_name": "Выпуск", "name": name, "text": text, **extra}


def run_import(tmp_path, raw: bytes, *args):
    source = tmp_path / "in.jsonl"
    source.write_bytes(raw)
    result = CliRunner().invoke(import_cmd, [str(source), "--out", str(tmp_path / "out"), *args])
    return result, source


def lines(*cards) -> bytes:
    return "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cards).encode("utf-8")


# --- import: nothing converted or dropped silently ---------------------------------

@pytest.mark.parametrize("value, what", [({"a": [1, {"b": None}]}, "объект"), ([1, [2]], "вложенный список")])
def test_import_refuses_a_json_object_or_nested_list_in_a_field(tmp_path, value, what):
    result, source = run_import(tmp_path, lines(card("1", cost=value), card("2", cost=3)))
    assert result.exit_code == 0
    assert (f"{source}:1:1: поле cost — {what} JSON; ожидается строка, число или список из них, "
            "поле не импортировано\n") in result.output
    written = (tmp_path / "out" / "s.yaml").read_text(encoding="utf-8")
    assert "{'a'" not in written and "[2]" not in written and "'b'" not in written
    assert written.count("cost:") == 1 and "cost: 3" in written


def test_import_reads_utf8_with_a_bom_and_keeps_the_first_card(tmp_path):
    result, _ = run_import(tmp_path, b"\xef\xbb\xbf" + lines(card("1", name="Первый"), card("2")))
    assert result.exit_code == 0, result.output
    assert "BOM" not in result.output and "всего 2 карты" in result.output
    assert "name: Первый" in (tmp_path / "out" / "s.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("raw, reason", [
    (lines(card("1")).decode().encode("utf-16"), "файл в кодировке UTF-16 (или UTF-32), а не UTF-8; "
                                                 "пересохраните его в UTF-8 (например: iconv -f UTF-16 -t UTF-8)"),
    (lines(card("1")).decode().encode("utf-16-le"), "файл в кодировке UTF-16"),
    (b"", "файл пуст; ожидается файл JSONL (по карте в строке)"),
    (b"\n  \n", "файл пуст"),
])
def test_import_of_a_source_with_nothing_to_import_exits_1_with_the_reason(tmp_path, raw, reason):
    result, source = run_import(tmp_path, raw)
    assert result.exit_code == 1
    assert f"{source}: {reason}" in result.output
    assert result.output.endswith("Ошибка: ничего не импортировано: ни одна строка источников не стала картой "
                                  "(причины — выше); ничего не записано.\n")
    assert "Записано" not in result.output and not (tmp_path / "out").exists()


def test_import_where_every_line_is_bad_exits_1_in_russian(tmp_path):
    result, source = run_import(tmp_path, b"nope\n[1]\n{\"id\": 1,}\n")
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{source}:1:1: строка не является JSON (ожидается значение); ожидается объект карты, строка пропущена",
        f'{source}:2:1: строка не является объектом JSON; ожидается {{"id": ..., "name": ..., ...}}, строка пропущена',
        f"{source}:3:10: строка не является JSON (ожидается имя поля в двойных кавычках); ожидается объект карты, "
        "строка пропущена",
        "Ошибка: ничего не импортировано: ни одна строка источников не стала картой (причины — выше); "
        "ничего не записано.",
    ]


def test_import_of_an_integer_over_the_str_limit_is_a_message_not_a_traceback(tmp_path):
    big = b'{"id": "1", "set": "s", "name": "A", "text": "x", "cost": ' + b"9" * 5000 + b"}\n"
    result, source = run_import(tmp_path, big + lines(card("2")))
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"{source}:1:1: число из 5000 цифр; ожидается число не длиннее 4000 цифр, строка пропущена" in result.output
    assert "всего 1 карта" in result.output


# --- lint --fix never writes into the bundled demo base ---------------------------------

def _demo_bytes():
    from berserk_judge.cardbase.discover import demo_base_path

    return {path.name: path.read_bytes() for path in sorted(demo_base_path().glob("*.yaml"))}


@pytest.mark.parametrize("how", ["folder", "file", "link"])
def test_lint_fix_refuses_the_demo_folder_given_as_a_path(tmp_path, monkeypatch, how):
    from berserk_judge.cardbase.discover import demo_base_path
    from berserk_judge.cli.lint_cmd import lint

    monkeypatch.chdir(tmp_path)
    before = _demo_bytes()
    demo = demo_base_path()
    first = sorted(demo.glob("*.yaml"))[0]
    if how == "link":
        (tmp_path / "demo").symlink_to(demo)
    target = {"folder": str(demo), "file": str(first), "link": "demo"}[how]
    result = CliRunner().invoke(lint, ["--isolated", "--fix", target])
    assert result.exit_code == 2
    shown = {"folder": str(first), "file": str(first), "link": f"demo/{first.name}"}[how]
    assert result.output == (f"Ошибка: --fix не записывает во встроенную демо-базу ({shown}); "
                             "скопируйте её и исправляйте копию (или посмотрите исправления: --diff)\n")
    assert _demo_bytes() == before
    assert CliRunner().invoke(lint, ["--isolated", "--diff", target]).exit_code == 1   # --diff still shows them


# --- a cache that cannot be written is a warning ----------------------------------------------

BAD_CARD = "set: {id: s, name: S}\ncards:\n- id: s1\n  name: Кшар\n  text: 'ранить цель на 1'\n"


@pytest.mark.parametrize("code, reason", [(28, "на диске нет места"), (30, "файловая система только для чтения")])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_cache_that_cannot_be_written_is_a_warning_and_the_findings_are_printed(
        tmp_path, monkeypatch, code, reason, jobs):
    import berserk_judge.cardbase.cachedir
    from berserk_judge import cardbase
    import berserk_judge.lint.cache as lint_cache
    from berserk_judge.cli.lint_cmd import lint

    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    for n in range(3):
        (tmp_path / "cards" / f"c{n}.yaml").write_text(BAD_CARD.replace("s1", f"s{n}"), encoding="utf-8")
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    clean = CliRunner().invoke(lint, ["--isolated", "--no-cache", "-j", jobs, "cards"])

    def fails(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(cardbase.cachedir, "prepare_folder", fails)
    monkeypatch.setattr(lint_cache, "write_entry", fails)
    result = CliRunner().invoke(lint, ["--isolated", "-j", jobs, "cards"])
    assert result.exit_code == clean.exit_code == 1
    assert result.stdout == clean.stdout and "BJ" in result.stdout
    assert result.stderr == (f"Предупреждение: кэш не записан ({tmp_path / 'cache'}: {reason}); "
                             "находки выведены, следующая проверка будет не быстрее этой.\n")
    assert not (tmp_path / "cache").exists()


# --- SIGTERM / Ctrl-C: no temporary file left, exit 128 + signal ------------------------------

def _temps(folder):
    return sorted(name for name in os.listdir(folder) if name.endswith(".tmp"))


@pytest.mark.parametrize("signum, code", [(15, 143), (2, 130)])
def test_a_signal_during_a_report_write_removes_its_temp_file(tmp_path, monkeypatch, signum, code):
    import signal

    from berserk_judge.cli.main import main

    base = tmp_path / "cards"
    base.mkdir()
    (base / "a.yaml").write_text(BAD_CARD, encoding="utf-8")
    out = tmp_path / "site"
    real_fsync, calls = os.fsync, []

    def killed_mid_write(fd):
        calls.append(fd)
        if len(calls) == 3:          # a page is on disk as a temp file, not yet renamed
            assert _temps(out)
            os.kill(os.getpid(), signum)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", killed_mid_write)
    result = CliRunner().invoke(main, ["report", str(base), "--out", str(out)])
    monkeypatch.undo()
    assert len(calls) == 3
    assert result.exit_code == code
    assert result.output.endswith("\nПрервано.\n")
    assert _temps(out) == []
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL   # the handler is the command's only


@pytest.mark.parametrize("signum, code", [(15, 143), (2, 130)])
def test_a_signal_during_import_leaves_no_temp_file_in_a_real_process(tmp_path, signum, code):
    import subprocess
    import sys
    import time

    source = tmp_path / "many.jsonl"
    source.write_bytes(lines(*(card(f"x{n}", name=f"Имя {n}", text="Ранить цель на 1. " * 4)
                               for n in range(20000))))
    out = tmp_path / "out"
    child = subprocess.Popen([sys.executable, "-m", "berserk_judge", "import", str(source), "--out", str(out)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (out.is_dir() and _temps(out)):
        time.sleep(0.005)
    assert _temps(out), "the import finished before a temp file was seen"
    child.send_signal(signum)
    _, err = child.communicate(timeout=60)
    assert child.returncode == code
    assert err.decode().endswith("Прервано.\n") and b"Traceback" not in err
    assert _temps(out) == []


def test_ctrl_c_exits_130_even_with_exit_zero(tmp_path, monkeypatch):
    import berserk_judge.lint.parallel
    from berserk_judge import lint
    from berserk_judge.cli.main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_text(BAD_CARD, encoding="utf-8")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(lint.parallel, "check_file", interrupted)
    result = CliRunner().invoke(main, ["lint", "--isolated", "--no-cache", "-j", "1", "--exit-zero", "a.yaml"])
    assert result.exit_code == 130
    assert result.output == "\nПрервано.\n"


def test_stale_temp_files_of_a_killed_run_are_swept_on_the_next_write(tmp_path):
    import time

    from berserk_judge.cardbase import atomic

    old = time.time() - 3600
    stale = [".cards-s.html.ab12_x9z.tmp", ".c4_70.yaml.k2j4l5m6.tmp"]
    for name in stale:
        (tmp_path / name).write_text("половина", encoding="utf-8")
        os.utime(tmp_path / name, (old, old))
    young = ".index.html.aaaaaaaa.tmp"            # a live writer's: being written right now
    (tmp_path / young).write_text("пишется", encoding="utf-8")
    foreign = [".notes.tmp", "draft.abcdefgh.tmp.txt", ".my.file.12.tmp", ".kept.yaml.abcdefgh.new"]
    for name in foreign:
        (tmp_path / name).write_text("чужое", encoding="utf-8")
        os.utime(tmp_path / name, (old, old))
    atomic._SWEPT.discard(os.path.realpath(tmp_path))
    atomic.write_atomic(tmp_path / "index.html", "новое")
    assert sorted(os.listdir(tmp_path)) == sorted([young, *foreign, "index.html"])


# --- tracebacks: a huge number in a card field, a NUL in the configured cardbase -----------

@pytest.mark.parametrize("field, value", [("cost", "0x" + "f" * 4000), ("health", "0b" + "1" * 20000),
                                          ("strike", "[1, 2, 0x" + "f" * 4000 + "]")])
def test_a_huge_number_in_a_card_field_is_a_schema_finding_in_card_and_report(tmp_path, monkeypatch, field, value):
    from berserk_judge.cli.main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "hex").mkdir()
    (tmp_path / "hex" / "h.yaml").write_text(
        f"set: {{id: s, name: S}}\ncards:\n- id: h1\n  name: Кшар\n  {field}: {value}\n"
        "  text: '{tap}: ранить цель на 1.'\n", encoding="utf-8")
    what = "список из 3 элементов" if field == "strike" else "число длиннее 3900 цифр"
    shown = CliRunner().invoke(main, ["card", "--base", "hex", "h1"])
    assert shown.exit_code == 0, shown.output
    assert f"5:{len(field) + 5}: BJ003 [ошибка] поле {field} — {what}; ожидается" in shown.output
    report = CliRunner().invoke(main, ["report", "hex", "--out", "site"])
    assert report.exit_code == 0, report.output
    assert report.output.startswith("Отчёт записан: site; карт: 1")
    as_json = CliRunner().invoke(main, ["lint", "--isolated", "--format", "json", "hex"])
    assert json.loads(as_json.stdout)[0]["message"].startswith(f"поле {field} — {what}")


@pytest.mark.parametrize("command", [["card", "Кшар"], ["explain", "--card", "Кшар"], ["canon", "--all"],
                                     ["coverage"], ["lint"]])
def test_a_nul_in_the_configured_cardbase_is_a_settings_error(tmp_path, monkeypatch, command):
    from berserk_judge.cli.main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "berserk-judge.toml").write_text('[tool.berserk-judge]\ncardbase = ["a\\u0000b"]\n', encoding="utf-8")
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert (f"{tmp_path / 'berserk-judge.toml'}: ключ «cardbase»: в пути нулевой символ (U+0000), такого пути не "
            "бывает; ожидается путь или список путей к базе карт\n") in result.output


# --- --out through a dangling link or a loop of links -----------------------------------------

@pytest.mark.parametrize("kind", ["dangling", "loop"])
def test_out_that_is_a_broken_link_says_so(tmp_path, monkeypatch, kind):
    from berserk_judge.cli.main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "a.yaml").write_text(BAD_CARD, encoding="utf-8")
    (tmp_path / "in.jsonl").write_bytes(lines(card("1")))
    if kind == "dangling":
        os.symlink(tmp_path / "nowhere", "out")
        reason = f"это ссылка на {tmp_path / 'nowhere'}, а там ничего нет"
    else:
        os.symlink("out2", "out")
        os.symlink("out", "out2")
        reason = "это ссылка, а ссылки указывают друг на друга по кругу"
    imported = CliRunner().invoke(main, ["import", "in.jsonl", "--out", "out"])
    assert imported.exit_code == 2
    assert imported.output == f"Ошибка: --out out: {reason}; ничего не записано, укажите папку.\n"
    report = CliRunner().invoke(main, ["report", "cards", "--out", "out"])
    assert report.exit_code == 2
    assert report.output == f"Ошибка: out: не удалось создать папку ({reason})\n"
    assert not (tmp_path / "nowhere").exists()


# --- searches that must not be read as names -------------------------------------------------

@pytest.mark.parametrize("query, message", [
    ("cost>=" + "9" * 5000, "«cost>=" + "9" * 33 + "…»: стоимость из 5000 цифр; ожидается число не длиннее "
                            "9 цифр (например, cost>=3)"),
    ('o:"ранить', '«o:"ранить»: кавычка " не закрыта; ожидается o:"слова фразы"'),
    ('o:"ранить цель', '«o:"ранить»: кавычка " не закрыта; ожидается o:"слова фразы"'),
    ("текст:«ранить", "«текст:«ранить»: кавычка « не закрыта; ожидается текст:«слова фразы»"),
    ('o:"', '«o:"»: кавычка " не закрыта; ожидается o:"слова фразы"'),
])
def test_a_broken_search_is_a_search_error_not_a_name(query, message, at_terminal):
    from berserk_judge.cli.main import main

    result = CliRunner().invoke(main, ["card", query])
    assert result.exit_code == 2
    assert result.output.endswith(f"Ошибка: поиск: {message}\n")


def test_a_closed_phrase_and_a_cost_of_nine_digits_still_search():
    from berserk_judge.cardbase.query import Term, parse

    assert parse('o:"ранить цель" cost<=000000003') == [Term("text", ":", "ранить цель"), Term("cost", "<=", "000000003")]
    assert parse("mv=999999999") == [Term("cost", "=", "999999999")]


# --- paths with a newline are one line in every command's output -------------------------------

FORGED = "x\n::error file=a.yaml,line=1::forged"


def _forged_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(("::error file=a.yaml", "::error::"))]


@pytest.mark.parametrize("command", [
    ["card", "s1", "--base", FORGED], ["explain", "--card", "s1", "--base", FORGED],
    ["canon", "--all", "--base", FORGED], ["canon", "--card", "s1", "--base", FORGED],
    ["rules", "101", "--rulebook", FORGED], ["coverage", FORGED], ["lint", "--isolated", FORGED],
    ["card", "a\n::error::b", "--base", "cards"], ["card", 'o:"a\n::error::b"', "--base", "cards"],
])
def test_a_path_or_query_with_a_newline_forges_no_line(tmp_path, monkeypatch, command):
    from berserk_judge.cli.main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "a.yaml").write_text(BAD_CARD, encoding="utf-8")
    result = CliRunner().invoke(main, command)
    assert result.exit_code in (1, 2), result.output
    assert _forged_lines(result.output) == []
    assert "x<U+000A LINE FEED>::error" in result.output or "a<U+000A LINE FEED>::error" in result.output


@pytest.mark.parametrize("command", [["card", "s1"], ["explain", "--card", "s1"], ["canon", "--all"],
                                     ["rules", "101"], ["coverage"], ["lint"]])
def test_a_settings_path_with_a_newline_forges_no_line(tmp_path, monkeypatch, command):
    from berserk_judge.cli.main import main

    folder = tmp_path / FORGED.replace("/", "_")
    folder.mkdir()
    (folder / "berserk-judge.toml").write_text('[tool.berserk-judge]\nselect = ["ZZ9"]\nrulebook = "r"\n',
                                              encoding="utf-8")
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 2, result.output
    assert _forged_lines(result.output) == []
    assert "x<U+000A LINE FEED>::error" in result.output


def test_a_card_file_name_with_a_newline_is_one_line(tmp_path, monkeypatch):
    from berserk_judge.cli.main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / f"{FORGED.replace('/', '_')}.yaml").write_text(BAD_CARD, encoding="utf-8")
    for command in (["card", "s1", "--base", "cards"], ["explain", "--card", "s1", "--base", "cards"],
                    ["canon", "--all", "--base", "cards"], ["lint", "--isolated", "cards"],
                    ["lint", "--isolated", "--format", "github", "cards"], ["coverage", "cards"]):
        result = CliRunner().invoke(main, command)
        assert result.exception is None or isinstance(result.exception, SystemExit), command
        assert _forged_lines(result.output) == [], command


# --- JSON is valid UTF-8 for a file name that is not -----------------------------------------

@pytest.mark.parametrize("command", [["lint", "--isolated", "--format", "json", "nu"],
                                     ["card", "s1", "--format", "json", "--base", "nu"],
                                     ["lint", "--isolated", "--format", "sarif", "nu"]])
def test_a_non_utf8_file_name_is_percent_escaped_in_json_as_in_sarif(tmp_path, monkeypatch, command):
    import subprocess
    import sys

    (tmp_path / "nu").mkdir()
    with open(os.fsencode(tmp_path / "nu") + b"/bad\xffname.yaml", "wb") as out:
        out.write(BAD_CARD.encode("utf-8"))
    child = subprocess.run([sys.executable, "-m", "berserk_judge", *command], cwd=tmp_path, capture_output=True)
    text = child.stdout.decode("utf-8")            # strict: a lone surrogate would not decode
    assert "\\udc" not in text and "\udcff" not in text
    data = json.loads(text)
    assert '"nu/bad%FFname.yaml"' in text
    if command[0] == "card":
        assert data["cards"][0]["path"] == "nu/bad%FFname.yaml"


def test_json_text_escapes_bytes_and_replaces_other_lone_surrogates():
    from berserk_judge.reports.escape import json_text

    assert json_text(["a\udc80\udcff", "b\ud800", "%41 как есть"], indent=None) == \
        '["a%80%FF", "b\ufffd", "%41 как есть"]'


# --- lint --output /dev/stdout: into a pipe, under >> ----------------------------------------

def _lint_child(tmp_path, stdout, *extra):
    import subprocess
    import sys

    (tmp_path / "cards").mkdir(exist_ok=True)
    (tmp_path / "cards" / "a.yaml").write_text(BAD_CARD, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "berserk_judge", "lint", "--isolated", "--no-cache", "cards", *extra],
                          cwd=tmp_path, stdout=stdout, stderr=subprocess.PIPE)


def test_output_dev_stdout_into_a_pipe_writes_the_report(tmp_path):
    import subprocess

    plain = _lint_child(tmp_path, subprocess.PIPE)
    piped = _lint_child(tmp_path, subprocess.PIPE, "--output", "/dev/stdout")
    assert piped.returncode == plain.returncode == 1, piped.stderr.decode()
    assert piped.stdout == plain.stdout and b"BJ" in piped.stdout


@pytest.mark.parametrize("name", ["/dev/stdout", "/proc/self/fd/1", "report.txt"])
def test_output_onto_the_own_stdout_appends_and_keeps_the_file(tmp_path, name):
    import subprocess

    report = tmp_path / "report.txt"
    report.write_text("старое содержимое\n", encoding="utf-8")
    inode = os.stat(report).st_ino
    expected = _lint_child(tmp_path, subprocess.PIPE).stdout
    with open(report, "ab") as shell_append:          # `>> report.txt`
        child = _lint_child(tmp_path, shell_append, "--output", name)
    assert child.returncode == 1, child.stderr.decode()
    assert report.read_bytes() == "старое содержимое\n".encode() + expected
    assert os.stat(report).st_ino == inode            # written in place, never renamed over


# --- a cardbase from the settings is printed relative, as `lint cards/` prints it ----------------

def test_a_configured_cardbase_prints_relative_paths_in_text_json_and_coverage(tmp_path, monkeypatch):
    from berserk_judge.cli.main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "a.yaml").write_text(BAD_CARD, encoding="utf-8")
    (tmp_path / "berserk-judge.toml").write_text('[tool.berserk-judge]\ncardbase = "cards"\n', encoding="utf-8")
    for fmt in ("text", "json", "github"):
        configured = CliRunner().invoke(main, ["lint", "--no-cache", "--format", fmt])
        given = CliRunner().invoke(main, ["lint", "--no-cache", "--format", fmt, "cards"])
        assert configured.exit_code == given.exit_code == 1
        assert str(tmp_path) not in configured.stdout, fmt
        assert configured.stdout.replace("cardbase", "") .count("cards/a.yaml") >= 1
        if fmt != "text":
            assert configured.stdout == given.stdout, fmt
    assert CliRunner().invoke(main, ["lint", "--no-cache"]).stdout.startswith("cards/a.yaml:5:10: BJ")
    coverage = CliRunner().invoke(main, ["coverage"])
    assert coverage.stdout.startswith("cards/a.yaml: особенностей 1, прочитано 1 (100.00%)\n")
    as_json = CliRunner().invoke(main, ["coverage", "--format", "json"])
    assert json.loads(as_json.stdout)["files"][0]["path"] == "cards/a.yaml"


def test_coverage_says_ошибка_like_every_other_command(tmp_path, monkeypatch):
    from berserk_judge.cli.main import main

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["coverage", "missing.yaml"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Ошибка: missing.yaml: файл или папка не найдены")
    assert "проблема" not in result.output


# --- YAML errors speak Russian (the position kept) ---------------------------------------------

@pytest.mark.parametrize("source, where, russian", [
    ("cards:\n- id: s1\n  name: [\n", "4:1", "ожидается значение, а найдено конец файла"),
    ("set: {id: s\ncards: x: y\n", "2:6", "ожидается «,» или «}», а найдено «:»"),
    ("cards:\n- id: s1\n  name: @x\n", "3:9", "символ «@» не может начинать значение; возьмите значение в кавычки"),
    ('cards:\n- id: s1\n  name: "a\\qb"\n', "3:12",
     "неизвестная последовательность «\\q» в двойных кавычках; обратную косую черту пишите как «\\\\»"),
    ("cards:\n- id: s1\n  name: &\n", "3:10",
     "ожидается имя якоря или ссылки (буквы, цифры), а найдено конец строки; возьмите значение в кавычки"),
    ("cards: []\n---\nx: 1\n", "2:1", "в файле больше одного документа YAML (---); ожидается один"),
])
def test_yaml_errors_are_in_russian_at_their_position(tmp_path, monkeypatch, source, where, russian):
    from berserk_judge.cli.lint_cmd import lint

    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_text(source, encoding="utf-8")
    result = CliRunner().invoke(lint, ["--isolated", "--no-cache", "a.yaml"])
    assert result.exit_code == 2
    line = result.stdout.splitlines()[0]
    assert line.startswith(f"a.yaml:{where}: BJ000 ошибка YAML: {russian} (")


def test_every_yaml_problem_ruamel_words_gets_russian():
    import re

    from berserk_judge.cardbase.load import yaml_problem_in_russian

    for english in ("expected <block end>, but found '<scalar>'", "mapping keys are not allowed here",
                    "found undefined tag handle '!x!'", "something new in ruamel"):
        words = re.sub(r"«[^»]*»", "", yaml_problem_in_russian(english)).replace("YAML", "")
        assert not any("a" <= ch <= "z" for ch in words), english


# --- lint's columns inside escaped quoted strings -------------------------------------------------

def _file_position(source: str, offset: int) -> tuple[int, int]:
    before = source[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


@pytest.mark.parametrize("value, char", [
    ('"\\"Кш\\" ранить цель на 1 - вот"', "-"),
    ("'It''s ''x'' ранить цель на 1 - вот'", "-"),
    ('"\\u00abА\\u00bb: ранить цель на 1 - вот"', "-"),
    ('"\\u00abА\\u00bb: ранить - вот\\nи ещё \\x41: ранить цель на 1 - вот"', "-"),
    ('"\\U0001F600 \\\\ \\t ранить - вот"', "-"),
])
def test_lint_columns_inside_escaped_quoted_strings_are_exact(tmp_path, monkeypatch, value, char):
    from berserk_judge.cardbase.load import load_base
    from berserk_judge.cli.lint_cmd import lint

    monkeypatch.chdir(tmp_path)
    source = f"set: {{id: s, name: S}}\ncards:\n- id: e1\n  name: Кшар\n  text: {value}\n"
    (tmp_path / "a.yaml").write_text(source, encoding="utf-8")
    card = load_base(["a.yaml"]).cards[0]
    raw_line = source.splitlines()[4]
    expected, start = [], 0
    while (at := raw_line.find(f" {char} ", start)) >= 0:   # the file's own hyphens between words
        expected.append((5, at + 2))
        start = at + 1
    offsets = [i for i in range(1, len(card.text) - 1) if card.text[i - 1:i + 2] == f" {char} "]
    assert [card.locate(i) for i in offsets] == expected
    result = CliRunner().invoke(lint, ["--isolated", "--no-cache", "--select", "BJ501", "--format", "json", "a.yaml"])
    assert [(f["line"], f["column"]) for f in json.loads(result.stdout)] == expected


def test_lint_places_equal_the_servers_exact_places_on_random_escaped_texts():
    import random

    from berserk_judge.cardbase.emit import double_quoted
    from berserk_judge.cardbase.load import load_file
    from berserk_judge.server.textspan import mark_line_starts, text_places

    rnd = random.Random(26)
    alphabet = ["а", "б", " ", "'", '"', "\\", "«", "»", "—", "\t", "😀", "\x07", "\u00a0", "x", "{", "}", ":", "#"]
    checked = 0
    for _ in range(300):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 30))).strip(" \t") or "а"
        if rnd.random() < 0.5 and all(ch.isprintable() for ch in text):
            value = "'" + text.replace("'", "''") + "'"
        else:
            value = double_quoted(text)
        source = f"cards:\n- id: a\n  name: A\n  text: {value}\n"
        cards = load_file("x.yaml", source=source).cards
        if not cards or cards[0].text != text:
            continue
        card = cards[0]
        places = text_places(source, mark_line_starts(source), card)
        for offset in range(len(text)):
            exact = _file_position(source, places.span(offset, offset + 1)[0])
            assert card.locate(offset) == exact, (value, offset)
            checked += 1
    assert checked > 3000


def test_sigterm_during_a_parallel_lint_ends_the_workers_at_once(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    (tmp_path / "cards").mkdir()
    for number in range(6):
        body = "".join(f"- id: f{number}_{n}\n  name: Имя {n}\n  text: 'Ранить цель на 1 - вот. Ранить цель на 2.'\n"
                       for n in range(1500))
        (tmp_path / "cards" / f"f{number}.yaml").write_text(f"set: {{id: f{number}, name: F}}\ncards:\n{body}",
                                                            encoding="utf-8")
    child = subprocess.Popen([sys.executable, "-m", "berserk_judge", "lint", "--isolated", "--no-cache", "-j", "2",
                              "cards"], cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    workers: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(workers) < 2 and child.poll() is None:
        time.sleep(0.05)
        workers = subprocess.run(["pgrep", "-P", str(child.pid)], capture_output=True, text=True).stdout.split()
    assert len(workers) == 2, "no workers seen"
    time.sleep(0.5)
    started = time.monotonic()
    child.send_signal(signal.SIGTERM)
    _, err = child.communicate(timeout=30)
    assert time.monotonic() - started < 10
    assert child.returncode == 143 and err.decode().endswith("Прервано.\n")
    time.sleep(0.5)
    assert [pid for pid in workers if os.path.exists(f"/proc/{pid}")] == []
