"""Fuzzing harness shared by tests/test_fuzz.py (small budget) and bench/bench_fuzz.py (large).

Each target runs one command in-process (click's CliRunner) on one generated
input and returns None when the command behaved — an exit code 0, 1 or 2 and
no exception — or the traceback text when it did not. Inputs: random Unicode,
random bytes, random YAML documents (dumped data and raw YAML syntax soup) and
card texts assembled from fragments of the real corpus (../shared/corpus;
built-in fragments when it is absent).
"""
from __future__ import annotations

import io
import json
import re
import tempfile
import traceback
from functools import lru_cache
from pathlib import Path

from click.testing import CliRunner
from hypothesis import strategies as st

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"

FALLBACK_FRAGMENTS = [
    "При атаке", "При гибели", "В начале хода", "если", "{tap}", "{counter}", "{instant}", "X", ":", " — ",
    " - ", ";", ",", ".", "\n", "«", "»", "(", ")", "ранить цель на 1", "закрыть", "может", "и", "или", "либо",
    "затем", "при этом", "иначе", "если противник не может или не хочет", "получает", "Выстрел на 2",
    "1 раз за ход", "Строй:", "Пока", "С1", "[С2]", "У1", "существо", "Броня 2",
]
ODD_CHARS = ["\x00", "\x07", "\x0b", "\r", "\t", "\u200b", "\u202e", "\ufeff", "\u2028", "\u2029", "\x85",
             "\ufffe", "\u00ad", "\U0001F600", "\\", "'", '"', "#", "&", "*", "!", "%", "|", ">", "{", "}", "[", "]"]
YAML_SOUP = ["set:", "cards:", "- ", "id: ", "name: ", "text: ", "|-", "|", ">", "'", '"', "&a ", "*a", "[", "]",
             "{", "}", ": ", "\n", "  ", "    ", "# noqa: BJ101", "!!str ", "!!binary ", "%YAML 1.2\n", "---\n",
             "...\n", "\t", "\\x07", "\x07", "\\ud800", "? ", "<<: ", "~", "null", "8", "nan", "-1", "0x1F",
             "2001-01-01", "noqa: [BJ1]", "cost: ", "Кшар", "{tap}: ранить цель на 1.", "\ufeff"]


@lru_cache(maxsize=1)
def corpus_texts() -> tuple[str, ...]:
    texts = []
    if CORPUS.is_dir():
        for path in sorted(CORPUS.glob("*.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                text = json.loads(line).get("text") or ""
                if text:
                    texts.append(text)
    return tuple(texts)


@lru_cache(maxsize=1)
def fragments() -> tuple[str, ...]:
    """Words, icons, punctuation and short phrases cut from corpus texts."""
    found = set(FALLBACK_FRAGMENTS)
    for text in corpus_texts():
        found.update(re.findall(r"\{\w+\}|[\w-]+|[^\w\s]|\n", text))
        found.update(re.findall(r"[^,.;:—]{3,40}[,.;:—]?", text)[:6])
    return tuple(sorted(found))


def card_texts():
    """Card-like texts: corpus fragments in random order, real texts with a random insertion."""
    soup = st.lists(st.sampled_from(fragments()), max_size=30).map(lambda parts: " ".join(parts))
    spaced = st.lists(st.sampled_from(fragments()), max_size=30).map("".join)
    if not corpus_texts():
        return st.one_of(soup, spaced)
    mutated = st.tuples(st.sampled_from(corpus_texts()), st.integers(0, 10_000),
                        st.one_of(st.sampled_from(ODD_CHARS + list(fragments()[:200])), st.text(max_size=3))
                        ).map(lambda t: t[0][: t[1] % (len(t[0]) + 1)] + t[2] + t[0][t[1] % (len(t[0]) + 1):])
    return st.one_of(soup, spaced, mutated)


def any_texts():
    return st.one_of(st.text(max_size=80), card_texts(),
                     st.lists(st.sampled_from(ODD_CHARS + ["С1", " и ", "(", ")"]), max_size=40).map("".join))


_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
                     st.text(max_size=20), st.sampled_from(["8", "nan", "~", "С1", "{tap}"]))


def yaml_documents():
    """Bytes of a YAML file: dumped card-shaped data, raw YAML syntax soup, or random bytes."""
    def dump(data) -> bytes:
        from ruamel.yaml import YAML

        stream = io.StringIO()
        try:
            YAML(typ="safe", pure=True).dump(data, stream)
        except Exception:  # noqa: BLE001 - some generated data is not representable; use its JSON
            return json.dumps(data, ensure_ascii=False, default=str).encode("utf-8", "surrogatepass")
        return stream.getvalue().encode("utf-8", "surrogatepass")

    values = st.recursive(_scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)
    card = st.fixed_dictionaries({"id": st.one_of(st.text(max_size=6), st.integers()), "name": _scalars,
                                  "text": st.one_of(card_texts(), _scalars)},
                                 optional={"cost": values, "noqa": values, "extra": values})
    shaped = st.fixed_dictionaries({"set": st.one_of(values, st.fixed_dictionaries(
        {"id": _scalars, "name": _scalars})), "cards": st.one_of(st.lists(card, max_size=4), values)})
    soup = st.lists(st.sampled_from(YAML_SOUP + ODD_CHARS), max_size=60).map(
        lambda parts: "".join(parts).encode("utf-8", "surrogatepass"))
    return st.one_of(shaped.map(dump), values.map(dump), soup, st.binary(max_size=200))


def jsonl_documents():
    """Bytes of a corpus JSONL file: card objects with odd fields, broken lines, random bytes."""
    line = st.one_of(
        st.fixed_dictionaries({"id": st.one_of(st.text(max_size=6), st.integers()),
                               "set": st.one_of(st.text(max_size=6), st.sampled_from(["a b", "a_b", "a/b", "A_B"])),
                               "name": _scalars, "text": st.one_of(card_texts(), _scalars)},
                              optional={"set_name": _scalars, "cost": _scalars, "number": _scalars}).map(
            lambda d: json.dumps(d, ensure_ascii=False)),
        st.text(max_size=40), st.sampled_from(["{", "[" * 3000, '{"id": "\\ud800", "set": "s", "name": "x"}', ""]))
    return st.one_of(st.lists(line, max_size=6).map(lambda ls: "\n".join(ls).encode("utf-8", "surrogatepass")),
                     st.binary(max_size=200))


def grid_inputs():
    cell = st.one_of(st.from_regex(r"[a-e][1-5]", fullmatch=True), st.text(max_size=8),
                     st.sampled_from(["a" + "1" * 5000, "zzzzz1", "a0", "A1", "c3"]))
    board = st.one_of(
        st.lists(st.lists(st.sampled_from([".", "#", "E", "A", "@", "x", " "]), min_size=1, max_size=6).map(" ".join),
                 max_size=6).map("\n".join),
        st.text(max_size=40))
    return st.tuples(board, cell, cell, st.sampled_from(["distance", "reach", "adjacent"]))


# -- targets -------------------------------------------------------------------

def _outcome(result) -> str | None:
    """None when the command behaved; else what went wrong, with the traceback."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return "".join(traceback.format_exception(*result.exc_info))
    if result.exit_code not in (0, 1, 2):
        return f"код выхода {result.exit_code}\n{result.output[-2000:]}"
    if "Traceback (most recent call last)" in result.output:
        return result.output[-4000:]
    return None


def _invoke(command, args, stdin: bytes | None = None):
    return CliRunner().invoke(command, args, input=stdin, catch_exceptions=True)


def run_canon(text: str) -> str | None:
    from berserk_judge.cli.canon_cmd import canon

    for args in (["--", text], ["--format", "json", "--abstract", "--", text]):
        problem = _outcome(_invoke(canon, args))
        if problem:
            return f"canon {args[:-1]} {text!r}\n{problem}"
    problem = _outcome(_invoke(canon, ["-"], stdin=text.encode("utf-8", "surrogatepass")))
    return f"canon - <<< {text!r}\n{problem}" if problem else None


def run_lint(document: bytes) -> str | None:
    from berserk_judge.cli.lint_cmd import lint

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.yaml"
        path.write_bytes(document)
        for fmt in ("text", "json", "sarif", "github"):
            problem = _outcome(_invoke(lint, ["--isolated", "--format", fmt, str(path)]))
            if problem:
                return f"lint --format {fmt} <<< {document!r}\n{problem}"
    return None


def run_coverage(document: bytes, suffix: str = ".yaml") -> str | None:
    from berserk_judge.cli.coverage_cmd import coverage

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"cards{suffix}"
        path.write_bytes(document)
        problem = _outcome(_invoke(coverage, [str(path), "--format", "json"]))
    return f"coverage {suffix} <<< {document!r}\n{problem}" if problem else None


def run_import(document: bytes) -> str | None:
    from berserk_judge.cli.import_cmd import import_cmd

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corpus.jsonl"
        path.write_bytes(document)
        result = _invoke(import_cmd, [str(path), "--out", str(Path(folder) / "out")])
        problem = _outcome(result)
        if problem is None and result.exit_code == 0 and (Path(folder) / "out").is_dir():
            problem = _outcome(_invoke(__import__("berserk_judge.cli.lint_cmd", fromlist=["lint"]).lint,
                                       ["--isolated", str(Path(folder) / "out")]))
    return f"import <<< {document!r}\n{problem}" if problem else None


def run_card_text(text: str) -> str | None:
    """A card text inside a well-formed card file: lint and coverage must read it."""
    from berserk_judge.cardbase.emit import double_quoted

    document = f"set: {{id: f, name: F}}\ncards:\n- id: f1\n  name: Фазз\n  text: {double_quoted(text)}\n"
    return run_lint(document.encode("utf-8", "surrogatepass")) or run_coverage(
        document.encode("utf-8", "surrogatepass"))


def run_grid(case) -> str | None:
    from berserk_judge.cli.grid_cmd import grid

    board, a, b, sub = case
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "map.txt"
        path.write_text(board, encoding="utf-8", errors="surrogatepass")
        args = {"distance": [sub, str(path), a, b], "reach": [sub, str(path), "--to", b],
                "adjacent": [sub, str(path), a]}[sub]
        for extra in ([], ["--format", "json"]):
            problem = _outcome(_invoke(grid, args + extra))
            if problem:
                return f"grid {args} <<< {board!r}\n{problem}"
    return None


def hostile_ids():
    """A card file whose ids, names and file name hold line breaks, NUL, escape
    sequences and workflow-command look-alikes (issue 15, item 9)."""
    odd = st.lists(st.sampled_from(ODD_CHARS + ["\n", "::error::x", "::warning file=a", "%0A", "\x1b[31m", "s"]),
                   min_size=1, max_size=6).map("".join)
    return st.tuples(odd, odd, st.sampled_from(["cards.yaml", "::error::c.yaml", "a\nb.yaml", "\x1b.yaml"]))


def run_output_escape(case) -> str | None:
    """Every format stays well-formed: UTF-8, no NUL or ESC, no line of the text
    output starting a workflow command, one command per line in github."""
    from berserk_judge.cardbase.emit import double_quoted
    from berserk_judge.cli.lint_cmd import lint

    card_id, name, file_name = case
    document = (f"set: {{id: f, name: F}}\ncards:\n- id: {double_quoted(card_id)}\n  name: {double_quoted(name)}\n"
                "  text: 'ранить цель на 1 .'\n")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / file_name
        path.write_bytes(document.encode("utf-8", "surrogatepass"))
        for fmt in ("text", "github", "json", "sarif"):
            result = _invoke(lint, ["--isolated", "--no-cache", "--format", fmt, str(path)])
            problem = _outcome(result)
            if problem is None:
                try:
                    out = result.stdout_bytes.decode("utf-8")
                except UnicodeDecodeError as exc:
                    problem = f"вывод не UTF-8: {exc}"
                else:
                    lines = out.splitlines()
                    if "\x00" in out or "\x1b" in out:
                        problem = "NUL или ESC в выводе"
                    elif fmt == "text" and any(line.lstrip().startswith("::") for line in lines):
                        problem = "строка текстового вывода начинается с ::"
                    elif fmt == "github" and not all(line.startswith(("::error ", "::warning ", "::notice "))
                                                     for line in lines):
                        problem = "лишняя строка в выводе github"
                    elif fmt in ("json", "sarif"):
                        json.loads(out)
            if problem:
                return f"lint --format {fmt} id={card_id!r} name={name!r} file={file_name!r}\n{problem}"
    return None


# name -> (strategy factory, target)
TARGETS = {
    "canon": (any_texts, run_canon),
    "lint": (yaml_documents, run_lint),
    "coverage-yaml": (yaml_documents, run_coverage),
    "coverage-jsonl": (jsonl_documents, lambda d: run_coverage(d, ".jsonl")),
    "import": (jsonl_documents, run_import),
    "card-text": (card_texts, run_card_text),
    "grid": (grid_inputs, run_grid),
    "output-escape": (hostile_ids, run_output_escape),
}
