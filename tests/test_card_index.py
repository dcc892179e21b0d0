"""The card index (cardbase.index): built once, read without the YAML, rebuilt for the
changed file only, never trusting a damaged, foreign or special entry."""
from __future__ import annotations

import json
import os

import pytest

from berserk_judge.cardbase.index import INDEX_DIR, FileDigest, IndexDamaged, open_index, unsealed
from berserk_judge.cardbase.lookup import entry_of, find_card

CARDS = """\
set: {{id: {set}, name: Выпуск {set}}}
cards:
- id: {set}_1
  name: {name}
  text: '{{tap}}: ранить цель на {n}.'
- id: {set}_2
  name: Второй {set}
  text: 'Трупоедство.'
"""


class Producer:
    """A producer that records what it digests (no reading: these tests are about storage)."""

    def __init__(self, fingerprint: str = "test"):
        self.fingerprint = fingerprint
        self.digested: list[str] = []

    def digest_file(self, path):
        from berserk_judge.cardbase.load import load_file

        self.digested.append(os.path.basename(path))
        base = load_file(path)
        return FileDigest([], [(entry_of(card, ("playable",)), {"card": {"id": card.id, "text": card.text}})
                               for card in base.cards])


@pytest.fixture
def base(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    for set_id, name, n in (("a", "Горный страж", 1), ("b", "Лесной страж", 2)):
        (folder / f"{set_id}.yaml").write_text(CARDS.format(set=set_id, name=name, n=n), encoding="utf-8")
    old = 1_600_000_000
    for file in folder.iterdir():
        os.utime(file, (old, old))                     # written long ago: not racy
    return folder


def test_built_once_then_read_without_digesting(tmp_path, base):
    producer = Producer()
    first = open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    assert first.built == 2 and producer.digested == ["a.yaml", "b.yaml"]
    second = open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    assert second.built == 0 and producer.digested == ["a.yaml", "b.yaml"]
    assert second.ids == ["a_1", "a_2", "b_1", "b_2"]
    found = find_card(second, "лесной страж")
    assert second.record(found.card) == {"card": {"id": "b_1", "text": "{tap}: ранить цель на 2.",
                                                  "path": str(base / "b.yaml")}}
    # the index lives inside the tool's cache folder, which it marks as lint does (cardbase.cachedir)
    assert (tmp_path / "cache" / "CACHEDIR.TAG").read_text(encoding="utf-8").startswith(
        "Signature: 8a477f597d28d172789f06886806bc55\n")


def test_never_writes_into_somebody_elses_folder(tmp_path, base):
    """A cache folder that exists unmarked with other files is the user's: the index
    stays in memory for the call and nothing is written there."""
    from tree_snapshot import snapshot

    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "notes.txt").write_text("мои заметки\n", encoding="utf-8")
    before = snapshot(theirs)
    indexed = open_index(theirs / "idx", [str(base)], Producer(), jobs=1)
    assert indexed.ids == ["a_1", "a_2", "b_1", "b_2"]
    assert snapshot(theirs) == before


def test_index_then_lint_share_the_marked_folder(tmp_path, base, monkeypatch):
    """`card` first, then `lint`: the folder the index made is marked, so lint keeps its cache there too."""
    from click.testing import CliRunner

    from berserk_judge.cli.main import main

    cache = tmp_path / "cache"
    open_index(cache / "cards-index", [str(base)], Producer(), jobs=1)
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(cache))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["lint", str(base), "--exit-zero", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert list(cache.glob("*.msgpack")), sorted(p.name for p in cache.iterdir())


def test_digested_in_parallel_the_same(tmp_path, base):
    one = open_index(tmp_path / "one", [str(base)], Producer(), jobs=1)
    two = open_index(tmp_path / "two", [str(base)], Producer(), jobs=2)
    assert (two.ids, two.folded, two.built) == (one.ids, one.folded, 2)
    assert [two.record(two.entry(i)) for i in range(4)] == [one.record(one.entry(i)) for i in range(4)]
    assert two.entry(3, "all").name == "Второй b"


def test_a_changed_file_alone_is_digested_again(tmp_path, base):
    producer = Producer()
    open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    (base / "b.yaml").write_text(CARDS.format(set="b", name="Лесной страж", n=9), encoding="utf-8")
    again = open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    assert again.built == 1 and producer.digested[-1] == "b.yaml"
    assert again.record(find_card(again, "b_1").card)["card"]["text"] == "{tap}: ранить цель на 9."


def test_entries_no_longer_used_are_removed(tmp_path, base):
    open_index(tmp_path / "cache" / "idx", [str(base)], Producer("one"), jobs=1)
    (base / "b.yaml").write_text(CARDS.format(set="b", name="Лесной страж", n=9), encoding="utf-8")
    open_index(tmp_path / "cache" / "idx", [str(base)], Producer("one"), jobs=1)
    assert len(list((tmp_path / "cache" / "idx" / "files").iterdir())) == 2
    open_index(tmp_path / "cache" / "idx", [str(base)], Producer("two"), jobs=1)        # a new version of the tool
    assert len(list((tmp_path / "cache" / "idx" / "files").iterdir())) == 2
    assert len(list((tmp_path / "cache" / "idx" / "bases").glob("*.json"))) == 1


def test_a_new_file_in_the_folder_is_seen(tmp_path, base):
    producer = Producer()
    open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    (base / "c.yaml").write_text(CARDS.format(set="c", name="Степной страж", n=3), encoding="utf-8")
    again = open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    assert again.built == 1 and "c_1" in again.ids


def test_an_edit_within_the_racy_window_is_seen_even_with_the_old_size_and_time(tmp_path, base):
    path = base / "a.yaml"
    path.write_text(CARDS.format(set="a", name="Горный страж", n=1), encoding="utf-8")   # just now: racy
    info = os.stat(path)
    producer = Producer()
    open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    path.write_text(CARDS.format(set="a", name="Горный страж", n=5), encoding="utf-8")   # same size
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    again = open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    assert again.record(find_card(again, "a_1").card)["card"]["text"] == "{tap}: ранить цель на 5."


def test_another_fingerprint_builds_anew(tmp_path, base):
    open_index(tmp_path / "cache" / "idx", [str(base)], Producer("one"))
    other = Producer("two")
    assert open_index(tmp_path / "cache" / "idx", [str(base)], other).built == 2


@pytest.mark.parametrize("damage", ["garbage", "empty", "dev-zero", "fifo", "directory"])
def test_a_damaged_or_special_entry_is_rebuilt(tmp_path, base, damage):
    producer = Producer()
    open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    entries = sorted((tmp_path / "cache" / "idx" / "files").iterdir())
    manifests = list((tmp_path / "cache" / "idx" / "bases").glob("*.json"))
    columns = [p for p in (tmp_path / "cache" / "idx" / "bases").iterdir() if p.suffix != ".json"]
    for target in entries + manifests + columns:
        target.unlink()
        if damage == "garbage":
            target.write_bytes(b"\x00{not json")
        elif damage == "empty":
            target.write_bytes(b"")
        elif damage == "dev-zero":
            target.symlink_to("/dev/zero")
        elif damage == "fifo":
            os.mkfifo(target)
        else:
            target.mkdir()
    again = open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    assert again.ids == ["a_1", "a_2", "b_1", "b_2"]
    assert again.record(find_card(again, "a_1").card)["card"]["id"] == "a_1"


def test_entries_changed_under_a_lookup_say_so(tmp_path, base):
    producer = Producer()
    open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    indexed = open_index(tmp_path / "cache" / "idx", [str(base)], producer, jobs=1)
    for column in (tmp_path / "cache" / "idx" / "bases").glob("*.set_name"):
        column.write_text("[]", encoding="utf-8")
    with pytest.raises(IndexDamaged, match="повреждена запись указателя карт"):
        indexed.entry(0, "all")
    for entry in (tmp_path / "cache" / "idx" / "files").iterdir():
        entry.write_bytes(b"")
    with pytest.raises(IndexDamaged, match="запись указателя карт"):
        indexed.record(find_card(indexed, "a_1").card)


def test_a_folder_that_cannot_be_made_keeps_the_index_in_memory(tmp_path, base):
    blocker = tmp_path / "не-папка"
    blocker.write_text("файл, а не папка", encoding="utf-8")      # mkdir under it fails, even for root
    indexed = open_index(blocker / INDEX_DIR, [str(base)], Producer())
    assert indexed.record(find_card(indexed, "a_1").card)["card"]["id"] == "a_1"
    assert indexed.columns(["name"], text=True)["text"][0] == "{tap} ранить цель на 1"
    assert blocker.read_text(encoding="utf-8") == "файл, а не папка"


def test_the_cli_keeps_its_index_in_the_lint_cache_folder(tmp_path, base, monkeypatch):
    from click.testing import CliRunner

    from berserk_judge.cli.main import main

    cache = tmp_path / "кэш"
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(cache))
    assert CliRunner().invoke(main, ["card", "a_1", "--base", str(base)]).exit_code == 0
    [manifest] = (cache / INDEX_DIR / "bases").glob("*.json")
    data = json.loads(unsealed(manifest.read_bytes())[0])        # behind its digest (issue 38)
    assert data["cards"] == 4 and data["given"] == [os.path.realpath(base)]
    assert [f[:2] for f in data["files"]] == [[0, "a.yaml"], [0, "b.yaml"]]   # the given path, the name in it
    assert manifest.with_suffix(".id").read_text(encoding="utf-8") == "La_1\na_2\nb_1\nb_2"
    assert (cache / ".gitignore").read_text(encoding="utf-8").endswith("*\n")   # the marked cache folder (cardbase.cachedir)
    assert (cache / "CACHEDIR.TAG").exists()


def test_an_id_with_a_line_break_keeps_its_column_whole(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "x.yaml").write_text('set: {id: x, name: X}\ncards:\n- id: "x\\n1"\n  name: Перенос\n'
                                   '  text: "Трупоедство."\n- id: x2\n  name: Второй\n  text: "Орда."\n',
                                   encoding="utf-8")
    open_index(tmp_path / "cache" / "idx", [str(folder)], Producer(), jobs=1)
    again = open_index(tmp_path / "cache" / "idx", [str(folder)], Producer(), jobs=1)
    assert again.built == 0 and again.ids == ["x\n1", "x2"]
    assert again.record(find_card(again, "x2").card)["card"]["id"] == "x2"


_ENTRY = entry_of(type("Card", (), {"id": "x", "name": "X", "set_id": "s", "set_name": "S", "fields": {},
                                    "text": ""})())


class _BigProducer:
    """Digests a 'file' into one card record of a megabyte."""

    fingerprint = "big"

    def digest_file(self, path):
        return FileDigest(cards=[(_ENTRY, {"text": path * (1 << 20)})])


def test_parallel_digests_are_freed_once_taken(monkeypatch):
    """The index build keeps no digest of a file after storing it (the futures held
    every file's records to the end: 348 MB at 10,000 cards, now flat)."""
    import gc
    import tracemalloc

    from berserk_judge.cardbase import index

    monkeypatch.setattr(index, "_cores", lambda: 2)
    tasks = [(name, None, None) for name in "abcd"]
    tracemalloc.start()
    try:
        held = []
        for number, header in index._digests(_BigProducer(), tasks, [0, 1, 2, 3], 2):
            assert len(header["lines"][0]) > 1 << 20
            del header
            gc.collect()
            held.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
    # after taking the n-th, at most the records not taken yet are held (results may arrive early)
    assert len(held) == 4 and all(size < held[-1] + (3 - n) * (1 << 20) + (1 << 18) for n, size in enumerate(held)), held
    assert held[-1] < 1 << 21, held


class _DyingProducer:
    """Its worker dies on «b» (as a killed process would); in the parent it digests every file."""

    fingerprint = "dying"

    def __init__(self, parent: int):
        self.parent = parent

    def digest_file(self, path):
        if path == "b" and os.getpid() != self.parent:
            os._exit(1)
        return FileDigest(cards=[(_ENTRY, {"text": path})])


def test_a_worker_that_dies_loses_no_file(monkeypatch):
    """As lint's pool: a dead worker breaks the pool, the files without a digest are done here."""
    from berserk_judge.cardbase import index

    monkeypatch.setattr(index, "_cores", lambda: 2)
    tasks = [(name, None, None) for name in "abcd"]
    got = dict(index._digests(_DyingProducer(os.getpid()), tasks, [0, 1, 2, 3], 2))
    assert sorted(got) == [0, 1, 2, 3]
    assert [json.loads(got[n]["lines"][0])["text"] for n in range(4)] == ["a", "b", "c", "d"]
