"""The writers compose a card file as the loader does (issue 38): a raw U+2028 or NEL in a plain
scalar — which the C composer refuses and the loader reads with the pure one — no longer ends
`lint --fix` or `--diff` in a ScannerError traceback, and with several files `--fix` works out
every file's new contents before it writes any."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from berserk_judge.cardbase.load import load_base
from berserk_judge.cli.main import main

# faithful and lossy styles; the name of each card holds a raw line separator or NEL
FILES = {
    "a.yaml": "set: {id: a, name: А}\ncards:\n- id: a_1\n  name: Кш\u2028ар\n  text: \"Ранить цель на 1 .\"\n",
    "b.yaml": "set: {id: b, name: Б}\ncards:\n- id: b_1\n  name: Гн\x85ом\n  text: \"При атаке - ранить цель на 1 .\"\n",
}


@pytest.fixture
def base(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "base"
    folder.mkdir()
    for name, text in FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def lint(*args):
    return CliRunner().invoke(main, ["lint", "--isolated", "--no-cache", "--select", "BJ508", *args])


def test_fix_and_diff_read_what_the_loader_reads(base):
    diff = lint("--diff", "base")
    assert diff.exception is None or isinstance(diff.exception, SystemExit), diff.exception
    assert diff.exit_code == 1, diff.output
    assert "-  text: \"Ранить цель на 1 .\"\n+  text: \"Ранить цель на 1.\"\n" in diff.stdout
    assert "\\ No newline at end of file" not in diff.stdout    # a diff splits lines at LF only
    fixed = lint("--fix", "base")
    assert fixed.exit_code == 0, fixed.output
    assert (base / "a.yaml").read_text(encoding="utf-8") == FILES["a.yaml"].replace("1 .", "1.")
    assert (base / "b.yaml").read_text(encoding="utf-8") == FILES["b.yaml"].replace("1 .", "1.")
    names = [card.name for card in load_base([str(base)]).cards]
    assert names == ["Кш\u2028ар", "Гн ом"]       # as the loader read them before the fix


def test_fix_writes_no_file_when_another_cannot_be_worked_out(base, monkeypatch):
    from berserk_judge.cardbase import write

    real = write.rewrite_texts

    def fails_on_b(source, texts):
        if "b_1" in texts:
            raise RuntimeError("a fault in the writer")
        return real(source, texts)

    monkeypatch.setattr(write, "rewrite_texts", fails_on_b)
    before = {name: (base / name).read_bytes() for name in FILES}
    result = lint("--fix", "base")
    assert isinstance(result.exception, RuntimeError)
    assert {name: (base / name).read_bytes() for name in FILES} == before   # a.yaml not written either


def test_a_file_the_loader_cannot_read_is_named_not_a_traceback():
    from berserk_judge.cardbase.write import WriteError, rewrite_texts

    with pytest.raises(WriteError, match="^файл не читается как YAML"):
        rewrite_texts("cards:\n- id: a\n  text: [x\n", {"a": ("x", "y")})
