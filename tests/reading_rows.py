"""Helpers for the reading tests: one feature's JSON record, every field of a reading (to
compare two ways of reading: the feature memo, the reuse of a feature's word items), and the
corpus's and its restyling's texts."""
from __future__ import annotations

import dataclasses
import importlib.util
import json

import pytest

from conftest import CORPUS, REPO


def record(text: str, name: str | None = "Кобольд") -> dict:
    """The JSON record (`canon --format json`) of a text that is one feature."""
    from berserk_judge.parser.reader.features import read_text
    from berserk_judge.reports.canon import feature_record

    found = read_text(text, name)
    assert len(found) == 1, [f.text for f in found]
    return feature_record(found[0])


def dump(obj):
    """Every field of a reading, recursively (dataclass equality skips `compare=False` spans,
    and an exception compares by identity)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (type(obj).__name__,) + tuple((f.name, dump(getattr(obj, f.name))) for f in dataclasses.fields(obj))
    if isinstance(obj, BaseException):
        return (type(obj).__name__, str(obj)) + tuple(sorted((k, dump(v)) for k, v in vars(obj).items()))
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__,) + tuple(dump(x) for x in obj)
    if isinstance(obj, dict):
        return tuple(sorted((k, dump(v)) for k, v in obj.items()))
    return obj


def corpus_rows(restyled: bool) -> list[tuple[str, str | None]]:
    """(text, name) of every corpus card, as printed or as bench/restyle_corpus.py retypes it."""
    if not CORPUS.is_dir():
        pytest.skip(f"корпус не найден: {CORPUS}")
    paths = sorted(CORPUS.glob("*.jsonl"))
    if restyled:
        spec = importlib.util.spec_from_file_location("restyle_corpus", REPO / "bench" / "restyle_corpus.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return [(row["text"], row.get("name")) for row in module.restyled_rows(paths)]
    rows = []
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                rows.append((row.get("text") or "", row.get("name")))
    return rows
