"""Shared test helpers: where the shared corpus lives."""
from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"


@pytest.fixture
def corpus_dir() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"корпус не найден: {CORPUS} (нужна папка ../shared рядом с репозиторием)")
    return CORPUS
