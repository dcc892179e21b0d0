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


@pytest.fixture(autouse=True)
def _lint_cache_outside_the_repository(tmp_path_factory, monkeypatch):
    """`lint` caches its results; in tests, in a fresh folder, never in the repository."""
    monkeypatch.setenv("BERSERK_JUDGE_CACHE_DIR", str(tmp_path_factory.mktemp("lint-cache")))


@pytest.fixture
def base_dir(tmp_path) -> Path:
    """A copy of the demo card base (two files) that a test may change."""
    import shutil

    from berserk_judge.cardbase.load import demo_base_path

    target = tmp_path / "cards"
    shutil.copytree(demo_base_path(), target, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return target


@pytest.fixture
def at_terminal(monkeypatch):
    """A person at a terminal: commands without a base may fall back to the demo base
    (in-process runs only; CliRunner's output is no terminal, and CI sets CI=true)."""
    from berserk_judge.cli import demo_base

    monkeypatch.setattr(demo_base, "person_at_terminal", lambda: True)
