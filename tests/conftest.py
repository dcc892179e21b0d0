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


# --- the suite's layout: long tests by marker, CI strictness, parallel workers ------------------

LONG_MARKERS = ("browser", "editor", "scale", "slow")   # registered in pyproject.toml
MUST_RUN_IN_CI = ("browser", "editor")                  # a skip of these in CI is a failure
BROWSER_FIXTURES = {"playwright", "browser", "page"}     # tests/test_report_browser.py's, and their kin


def pytest_addoption(parser):
    parser.addoption("--quick", action="store_true",
                     help="what a developer runs on every change: leave out the tests marked "
                          + ", ".join(LONG_MARKERS) + " (browser, editor, scale, builds)")


def pytest_itemcollected(item):
    """A test that drives Chromium is a browser test, wherever it lives."""
    if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
        item.add_marker(pytest.mark.browser)


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: two workers a core (at most 8). Many tests wait — on pip and pre-commit
    installing, on Chromium, Neovim, a language server or a CLI run in a child process — and
    a second worker a core keeps the cores busy meanwhile (each file stays on one worker:
    `--dist loadfile`, so a module's fixtures are built once)."""
    import os

    return max(2, min(8, 2 * (os.cpu_count() or 1)))


def pytest_collection_modifyitems(config, items):
    """`--quick` deselects the long tests; otherwise the files holding long tests go first, so
    that xdist hands them out at the start and the run does not end waiting on one of them."""
    if config.getoption("--quick"):
        kept, dropped = [], []
        for item in items:
            (dropped if any(item.get_closest_marker(m) for m in LONG_MARKERS) else kept).append(item)
        if dropped:
            config.hook.pytest_deselected(items=dropped)
            items[:] = kept
        return
    long_files = {item.nodeid.split("::")[0] for item in items
                  if any(item.get_closest_marker(m) for m in LONG_MARKERS)}
    items.sort(key=lambda item: item.nodeid.split("::")[0] not in long_files)   # stable: order kept within


def _in_ci() -> bool:
    import os

    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no", "off")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI a browser or editor test that skips fails: a CI that skips the check it was set up
    for is green for the wrong reason. The skip's reason says what is missing."""
    outcome = yield
    report = outcome.get_result()
    if not (report.skipped and _in_ci()) or hasattr(report, "wasxfail"):
        return
    kind = next((m for m in MUST_RUN_IN_CI if item.get_closest_marker(m)), None)
    if kind is None:
        return
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    reason = reason.removeprefix("Skipped: ")
    report.outcome = "failed"
    report.longrepr = (f"CI=true: тест с меткой {kind} не должен пропускаться, а пропущен: {reason}")
