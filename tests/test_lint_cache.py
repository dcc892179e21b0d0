"""The lint cache, --jobs and the progress bar (issues 12 and 19: speed).

What must hold: a cached or parallel lint says exactly what a plain lint says;
a changed file is read again; a damaged entry is ignored and rewritten; every
field of a finding survives the cache (also fields added later). The cache's
and the workers' safety (issue 15) is in test_lint_cache_safety.py.
"""
from __future__ import annotations

import dataclasses
import enum
import io
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from click.testing import CliRunner

from berserk_judge.cardbase.load import load_base
from berserk_judge.cli.main import main
from berserk_judge.cli.progress import DelayedProgress, wanted
from berserk_judge.lint.cache import LintCache
from berserk_judge.lint.config import Settings
from berserk_judge.lint.engine import CardChecker, FileResult, lint_base
from berserk_judge.lint.finding import Finding, Severity
from berserk_judge.lint.parallel import check_file, lint_paths

REPO = Path(__file__).resolve().parents[1]


def run(*args, env=None):
    return CliRunner().invoke(main, list(args), env=env)


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(folder))
    return folder


def lint_out(*args):
    result = run("lint", *args, "--isolated", "--exit-zero")
    assert result.exit_code == 0, result.output
    return result.stdout


# -- every field survives -------------------------------------------------------

# fields whose type admits only some values: a valid non-default one
_CHOSEN = {"applicability": "unsafe"}

def _sample(tp, seed: int):
    """A value of type `tp` that differs from any default (generic: new fields included)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return tp(**{f.name: _CHOSEN.get(f.name) or _sample(hints[f.name], seed + i)
                     for i, f in enumerate(dataclasses.fields(tp))})
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return list(tp)[-1]
    if tp is str:
        return f"значение {seed} «тире —»"
    if tp is int:
        return 1000 + seed
    if tp is float:
        return seed + 0.5
    if tp is bool:
        return True
    if origin in (typing.Union, getattr(__import__("types"), "UnionType")):
        return _sample(next(a for a in args if a is not type(None)), seed)
    if origin is list:
        return [_sample(args[0], seed), _sample(args[0], seed + 1)]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (_sample(args[0], seed), _sample(args[0], seed + 1))
        return tuple(_sample(a, seed + i) for i, a in enumerate(args))
    if origin is dict:
        return {f"k{seed}": _sample(args[1], seed)}
    if tp is typing.Any:
        return {"список": [1, "два", None, True]}
    raise AssertionError(f"no sample for {tp!r}")


def test_every_finding_field_survives_the_cache(tmp_path):
    finding = _sample(Finding, 1)
    defaults = Finding(code="", name="", severity=Severity.INFO, message="", path="", line=0, column=0,
                       end_column=0)
    for f in dataclasses.fields(Finding):  # the sample really sets every field
        assert getattr(finding, f.name) != getattr(defaults, f.name), f.name
    outcome = FileResult(path="cards/x.yaml", findings=[finding])
    cache = LintCache(tmp_path / "c", code="test")
    assert cache.put("key", outcome)
    back = cache.get("cards/x.yaml", "key")
    assert back is not None and back.findings == [finding]
    assert type(back.findings[0].rules) is tuple and type(back.findings[0].severity) is Severity


def test_file_results_round_trip(base_dir, tmp_path):
    checker = CardChecker(Settings())
    cache = LintCache(tmp_path / "c", code="test")
    for path in sorted(base_dir.glob("*.yaml")):
        outcome = check_file(str(path), checker)
        assert outcome.ids and outcome.findings and outcome.marks and outcome.spots
        assert cache.put("k", outcome)
        assert cache.get(str(path), "k") == outcome
        assert cache.get(str(path), "other key") is None


_DASHES = """set: {{id: {set}, name: Тире}}
cards:
- id: {set}_1
  name: Первый
  text: 'При гибели {a} ранить цель на 1.'{noqa1}
- id: {set}_2
  name: Второй
  text: 'При атаке {b} ранить цель на 2.'{noqa2}
"""


def test_a_result_keeps_no_cards_but_the_waiting_ones(tmp_path):
    """Memory flat in the size of the base: a file's result holds findings and
    marks, and a card only when its `# noqa` waits for the base-wide findings;
    the join then suppresses exactly as a lint of the whole base does."""
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "a.yaml").write_text(_DASHES.format(set="a", a="—", b="—", noqa1="", noqa2=""), encoding="utf-8")
    (folder / "b.yaml").write_text(_DASHES.format(set="b", a="–", b="—", noqa1="  # noqa: BJ502",
                                                  noqa2="  # noqa: BJ502"), encoding="utf-8")
    checker = CardChecker(Settings())
    first, second = (check_file(str(folder / name), checker) for name in ("a.yaml", "b.yaml"))
    assert first.pending == [] and len(first.marks) == 2
    assert [card.id for card in second.pending] == ["b_1", "b_2"]
    expected = lint_base(load_base([str(folder)]), Settings())
    codes = [(f.card, f.code) for f in expected.findings]
    assert ("b_2", "BJ900") in codes and ("b_1", "BJ502") not in codes and expected.suppressed == 1
    for jobs, cache in ((1, None), (2, None), (1, LintCache(tmp_path / "c", code="t")),
                        (2, LintCache(tmp_path / "c", code="t"))):
        got = lint_paths([str(folder)], Settings(), jobs=jobs, cache=cache)
        assert (got.findings, got.suppressed) == (expected.findings, expected.suppressed), (jobs, cache)


# -- the cache in use -------------------------------------------------------------

def file_entries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.msgpack") if not p.name.startswith("output-"))


def test_warm_lint_equals_cold_and_uses_the_cache(base_dir, cache_dir, monkeypatch):
    cold = lint_out(str(base_dir), "--no-cache")
    cold_json = lint_out(str(base_dir), "--no-cache", "--format", "json")
    assert not cache_dir.exists()  # --no-cache writes nothing
    first = lint_out(str(base_dir))
    assert len(file_entries(cache_dir)) == 2 and len(list(cache_dir.glob("output-*"))) == 1 and first == cold
    assert (cache_dir / ".gitignore").read_text(encoding="utf-8").endswith("*\n")
    assert (cache_dir / "CACHEDIR.TAG").read_text(encoding="utf-8").startswith(
        "Signature: 8a477f597d28d172789f06886806bc55\n")

    import berserk_judge.lint.parallel
    from berserk_judge import lint

    def no_reading(*args, **kwargs):
        raise AssertionError("a cached file was read again")

    monkeypatch.setattr(lint.parallel, "check_file", no_reading)
    assert lint_out(str(base_dir), "--jobs", "1") == cold            # the stored output
    assert lint_out(str(base_dir), "--format", "json", "--jobs", "1") == cold_json   # from the file entries
    monkeypatch.setattr(lint.parallel, "lint_paths", no_reading)
    assert lint_out(str(base_dir), "--format", "json") == cold_json  # now stored too


def test_changed_file_is_read_again_alone(base_dir, cache_dir, monkeypatch):
    lint_out(str(base_dir))
    path = base_dir / "d1-probuzhdenie-kamnya.yaml"
    source = path.read_text(encoding="utf-8")
    before = lint_out(str(base_dir))
    assert "Выстрел на 2, дальность 3." in source and f"{path}:22:" not in before
    path.write_text(source.replace("Выстрел на 2, дальность 3.", "Выстрел на 2, дальность 3..", 1),
                    encoding="utf-8")
    import berserk_judge.lint.parallel
    from berserk_judge import lint

    checked = []
    original = lint.parallel.check_file
    monkeypatch.setattr(lint.parallel, "check_file", lambda path, *a, **k: checked.append(path) or original(path, *a, **k))
    after = lint_out(str(base_dir))
    assert checked == [str(path)]   # only the changed file; the base-wide checks still see every card
    monkeypatch.setattr(lint.parallel, "check_file", original)
    assert after == lint_out(str(base_dir), "--no-cache")
    assert f"{path}:22:" in after and after != before


@pytest.mark.parametrize("damage", ["garbage", "truncated", "wrong type", "wrong key", "empty"])
def test_damaged_entry_is_ignored_and_rewritten(base_dir, cache_dir, damage):
    import msgspec

    expected = lint_out(str(base_dir), "--no-cache")
    lint_out(str(base_dir))
    for entry in cache_dir.glob("*.msgpack"):
        raw = entry.read_bytes()
        head, _, body = raw.partition(b"\n")
        if damage == "garbage":
            entry.write_bytes(head + b"\n\x00\xff not msgpack")
        elif damage == "truncated":
            entry.write_bytes(raw[: len(raw) // 2])
        elif damage == "wrong type":
            data = msgspec.msgpack.decode(body)
            if "ids" in data:
                data["ids"][0][1] = "три"
            else:
                data["findings"] = "много"
            entry.write_bytes(head + b"\n" + msgspec.msgpack.encode(data))
        elif damage == "wrong key":  # an entry made under other settings must not be used
            data = msgspec.msgpack.decode(body)
            data["findings"] = [] if "ids" in data else 0
            entry.write_bytes(b"0" * 64 + b"\n" + msgspec.msgpack.encode(data))
        else:
            entry.write_bytes(b"")
    assert lint_out(str(base_dir), "--jobs", "1") == expected
    for entry in cache_dir.glob("*.msgpack"):  # rewritten whole
        head = entry.read_bytes().partition(b"\n")[0]
        assert len(head) == 64 and head != b"0" * 64
    assert not list(cache_dir.glob(".tmp-*"))


def test_settings_are_part_of_the_key(base_dir, cache_dir):
    lint_out(str(base_dir))
    for options in (["--ignore", "BJ5"], ["--select", "BJ1"], ["--severity", "error"]):
        assert lint_out(str(base_dir), *options) == lint_out(str(base_dir), *options, "--no-cache")


def test_failed_write_leaves_no_temp_file(tmp_path, monkeypatch):
    cache = LintCache(tmp_path / "c", code="test")
    outcome = FileResult(path="a.yaml", findings=[_sample(Finding, 3)])
    assert cache.put("k1", outcome)

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("berserk_judge.lint.cache.os.replace", broken_replace)
    assert not cache.put("k2", outcome)
    assert [p.name for p in (tmp_path / "c").iterdir() if p.name.startswith(".tmp-")] == []
    assert cache.get("a.yaml", "k1") == outcome  # the old entry is intact


def test_clean_removes_the_cache(base_dir, cache_dir):
    lint_out(str(base_dir))
    assert cache_dir.is_dir()
    (cache_dir / "cards-index").mkdir()   # a sub-folder of another command's data goes too
    (cache_dir / "cards-index" / "index.bin").write_bytes(b"x")
    result = run("clean", "--isolated")
    assert result.exit_code == 0
    assert result.output == f"Кэш удалён: {cache_dir}\n"
    assert not cache_dir.exists()
    result = run("clean", "--isolated")
    assert result.exit_code == 0 and result.output == f"Кэша нет: {cache_dir}\n"


def test_default_cache_folder_is_next_to_the_config(tmp_path, monkeypatch, base_dir):
    monkeypatch.delenv("BERSERK_JUDGE_CACHE_DIR")
    (tmp_path / "berserk-judge.toml").write_text('cardbase = "cards"\n', encoding="utf-8")
    sub = tmp_path / "cards"
    monkeypatch.chdir(sub)
    result = run("lint", "--exit-zero")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / ".berserk-judge-cache").iterdir())
    assert {".gitignore", "CACHEDIR.TAG"} <= set(names) and len(names) == 5  # two files, one output
    assert run("clean").output == f"Кэш удалён: {tmp_path / '.berserk-judge-cache'}\n"


# -- --jobs ----------------------------------------------------------------------

@pytest.fixture
def corpus_base(corpus_dir, tmp_path) -> Path:
    from berserk_judge.cardbase.importer import import_jsonl

    out = tmp_path / "corpus-base"
    import_jsonl(sorted(corpus_dir.glob("*.jsonl")), out)
    return out


def test_cold_warm_and_any_jobs_give_the_same_bytes(corpus_dir, base_dir, tmp_path, monkeypatch):
    """The output of the default lint cold (cache written), warm (the stored
    output), after one file changed (its entry alone read again), --jobs 1 and
    --jobs 2 without the cache: byte for byte the same."""
    from berserk_judge.cardbase.importer import import_jsonl

    import_jsonl([corpus_dir / "s1-voina-stihiy.jsonl"], base_dir)   # 200 real cards beside the demo's
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(tmp_path / "fresh-cache"))
    args = ["lint", str(base_dir), "--isolated"]
    one = run(*args, "--no-cache", "--jobs", "1")
    outputs = [run(*args, "--no-cache", "--jobs", "2"), run(*args), run(*args)]
    assert [r.exit_code for r in outputs] == [1, 1, 1] == [one.exit_code] * 3
    assert all(r.stdout_bytes == one.stdout_bytes for r in outputs)
    assert one.stdout.count("\n") > 50 and len(list(base_dir.glob("*.yaml"))) == 3
    path = sorted(base_dir.glob("*.yaml"))[-1]
    path.write_bytes(path.read_bytes().replace(b" 1.", b" 1..", 1))
    changed = run(*args)
    assert changed.stdout_bytes == run(*args, "--no-cache", "--jobs", "1").stdout_bytes
    assert changed.stdout_bytes != one.stdout_bytes


def test_per_file_lint_equals_whole_base_lint_across_files(tmp_path, base_dir):
    """Duplicate ids across files and BJ502 (dashes across the base) need the
    whole base: the per-file way must still agree with load_base + lint_base."""
    d1 = (base_dir / "d1-probuzhdenie-kamnya.yaml").read_text(encoding="utf-8")
    # a third file repeating an id of d1 twice, and dashes of another kind
    extra = d1.replace("set: {id: d1", "set: {id: d3", 1).replace(" — ", " – ")
    (base_dir / "e3-povtor.yaml").write_text(extra, encoding="utf-8")
    (base_dir / "e4-povtor.yaml").write_text(extra, encoding="utf-8")
    paths = [str(base_dir), str(tmp_path / "missing")]
    settings = Settings()
    expected = lint_base(load_base(paths), settings)
    assert any("повторный id" in f.message for f in expected.findings)
    assert any(f.code == "BJ502" for f in expected.findings)
    cache = LintCache(tmp_path / "c", code="test")
    for jobs, with_cache in ((1, None), (2, None), (2, cache), (1, cache)):
        got = lint_paths(paths, settings, jobs=jobs, cache=with_cache)
        assert got.findings == expected.findings, (jobs, with_cache)
        assert (got.cards, got.files, got.suppressed, got.crashes) == \
            (expected.cards, expected.files, expected.suppressed, expected.crashes)


def test_jobs_must_be_positive():
    result = run("lint", "--jobs", "0")
    assert result.exit_code == 2
    assert "--jobs" in result.stderr and "0" in result.stderr


# -- progress ------------------------------------------------------------------------

class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_only_on_a_terminal_and_without_q():
    assert wanted(False, FakeTerminal())
    assert not wanted(True, FakeTerminal())
    assert not wanted(False, io.StringIO())


def test_progress_appears_after_the_delay():
    stream = FakeTerminal()
    quick = DelayedProgress(10, "Проверка файлов", True, delay=60, stream=stream)
    for _ in range(10):
        quick(1)
    quick.close()
    assert stream.getvalue() == ""
    slow = DelayedProgress(10, "Проверка файлов", True, delay=0, stream=stream)
    for _ in range(10):
        slow(1)
    slow.close()
    assert "Проверка файлов" in stream.getvalue() and "10/10" in stream.getvalue()


def test_no_progress_when_not_a_terminal(base_dir):
    result = run("lint", str(base_dir), "--isolated", "--jobs", "1")
    assert result.stderr == ""


# -- startup ---------------------------------------------------------------------------

def test_version_imports_nothing_heavy():
    code = ("import sys\nsys.argv = ['berserk-judge', '--version']\nfrom berserk_judge.cli.main import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "heavy = ('lark', 'ruamel', 'pymorphy3', 'jinja2', 'rapidfuzz', 'parser', 'lint', 'cardbase')\n"
            "rooms = {m.split('.')[1] if m.startswith('berserk_judge.') else m.split('.')[0] for m in sys.modules}\n"
            "print(sorted(rooms & set(heavy)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    assert out.stdout.splitlines() == ["berserk-judge 0.1.0", "[]"]


def test_non_regular_file_is_not_read_for_the_cache(tmp_path):
    import os

    from berserk_judge.lint.inputs import read_input

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert read_input(str(fifo)).raw is None  # returns at once, reads nothing
    assert read_input(str(tmp_path / "missing.yaml")).raw is None


def test_version_constant_is_the_package_version():
    from importlib import metadata

    import berserk_judge

    assert berserk_judge.__version__ == metadata.version("berserk-judge")
