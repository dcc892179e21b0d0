"""The card index checks each entry against what it was built from and heals (issue 38): a
column that keeps its format with one id changed never shows another card (`card s_3` showed
s_2's), a record edited in place is not served, and an entry or a folder of the index replaced
by a folder, a file or a link is rebuilt on the next call — one warning, not one on every call."""
from __future__ import annotations

import os
import shutil
import zlib

import pytest
from click.testing import CliRunner

from berserk_judge.cardbase.index import INDEX_DIR, unsealed
from berserk_judge.cli.main import main

CARDS = ("set: {id: s, name: Выпуск}\ncards:\n"
         + "".join(f"- id: s_{n}\n  name: Карта {word}\n  text: \"Ранить цель на {n}.\"\n"
                   for n, word in ((1, "первая"), (2, "вторая"), (4, "четвёртая"))))
WARNING = "Предупреждение: указатель карт был повреждён ("


@pytest.fixture
def ws(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "s.yaml").write_text(CARDS, encoding="utf-8")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "keep.txt").write_text("моё\n", encoding="utf-8")
    return tmp_path


def card(ws, query, cache="cache"):
    result = CliRunner().invoke(main, ["card", query, "--base", "cards"],
                                env={"BERSERK_JUDGE_CACHE_DIR": str(ws / cache)})
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def index(ws):
    return ws / "cache" / INDEX_DIR


def column(ws, name):
    [manifest] = (index(ws) / "bases").glob("*.json")
    return manifest.with_suffix("." + name)


def test_an_id_changed_in_its_column_never_shows_another_card(ws):
    assert card(ws, "s_2")[0] == 0
    ids = column(ws, "id")
    assert ids.read_text(encoding="utf-8") == "Ls_1\ns_2\ns_4"
    ids.write_text("Ls_1\ns_3\ns_4", encoding="utf-8")       # the same format, one id changed
    code, out, err = card(ws, "s_3")
    assert code == 1 and "Карта вторая" not in out
    assert err.startswith(WARNING) and "не сходится её контрольная сумма" in err and err.count(WARNING) == 1
    assert card(ws, "s_3")[0] == 1 and card(ws, "s_3")[2].count(WARNING) == 0
    assert card(ws, "s_2") == card(ws, "s_2", cache="fresh")


def test_a_record_edited_in_place_is_not_served(ws):
    good = card(ws, "s_2")
    [entry] = (index(ws) / "files").iterdir()
    data = zlib.decompress(entry.read_bytes())
    entry.write_bytes(zlib.compress(data.replace("на 2.".encode(), "на 9.".encode())))
    code, out, err = card(ws, "s_2")
    assert (code, out) == good[:2] and err.startswith(WARNING)
    assert card(ws, "s_2") == good


def _replace(path, kind, outside):
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()
    if kind == "folder":
        path.mkdir()
        (path / "x").write_text("x", encoding="utf-8")
    elif kind == "file":
        path.write_text("моё\n", encoding="utf-8")
    elif kind == "link":
        path.symlink_to(outside / "keep.txt")
    elif kind == "fifo":
        os.mkfifo(path)


DAMAGE = [  # (what, how, the query that reads it): a lookup by id reads ids, names, lengths, records, views
    ("id", "folder", "s_2"), ("folded_name", "folder", "s_2"), ("lengths", "folder", "s_2"),
    ("name", "folder", "Карта"), ("record", "folder", "s_2"), ("view", "folder", "s_2"),
    ("files/", "file", "s_2"), ("files/", "link", "s_2"), ("bases/", "fifo", "s_2"), ("views/", "file", "s_2"),
]


@pytest.mark.parametrize("what, kind, query", DAMAGE, ids=[f"{w} {k}" for w, k, _ in DAMAGE])
def test_a_damaged_entry_heals_on_the_next_call(ws, what, kind, query):
    expected = card(ws, query, cache="fresh")
    assert card(ws, query) == expected
    if what == "record":
        [target] = (index(ws) / "files").iterdir()
    elif what == "view":
        [target] = (index(ws) / "views").glob("*/*.json")
    elif what.endswith("/"):
        target = index(ws) / what.rstrip("/")
    else:
        target = column(ws, what)
    _replace(target, kind, ws / "outside")
    first, second, third = (card(ws, query) for _ in range(3))
    assert first[:2] == expected[:2] and first[2].count(WARNING) <= 1
    assert second == expected and third == expected                # healed: no warning any more
    assert (ws / "outside" / "keep.txt").read_text(encoding="utf-8") == "моё\n"


def test_every_entry_is_sealed_with_its_digest(ws):
    card(ws, "s_2")
    [manifest] = (index(ws) / "bases").glob("*.json")
    [entry] = (index(ws) / "files").iterdir()
    [view] = (index(ws) / "views").glob("*/*.json")
    for blob in (manifest.read_bytes(), zlib.decompress(entry.read_bytes()), view.read_bytes()):
        assert unsealed(blob) is not None
        assert unsealed(blob[:-1] + b"x") is None
