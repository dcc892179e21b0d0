"""The suite's own layout: markers for the long tests, CI that fails on a skipped browser or
editor test, and .ci/run running the README's test command."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib

from conftest import LONG_MARKERS, REPO

INNER = '''
import pytest

@pytest.mark.browser
def test_browser_without_chromium():
    pytest.skip("Chromium не найден: /usr/bin/chromium")

@pytest.mark.editor
@pytest.mark.skipif(True, reason="нет Neovim")
def test_editor_without_neovim():
    pass

def test_browser_by_its_fixture(page):
    pass

def test_an_ordinary_skip():
    pytest.skip("корпус не найден")

@pytest.fixture
def page():
    pytest.skip("нет Playwright")
'''


def run_inner(tmp_path, ci: str | None):
    (tmp_path / "test_inner.py").write_text(INNER, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS")}
    env["PYTHONPATH"] = str(REPO / "tests")
    if ci is not None:
        env["CI"] = ci
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "conftest", "-p", "no:cacheprovider", "-rfEs",
                           "-o", "addopts=", str(tmp_path / "test_inner.py")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


def test_in_ci_a_skipped_browser_or_editor_test_fails_and_says_what_is_missing(tmp_path):
    result = run_inner(tmp_path, "true")
    assert result.returncode == 1, result.stdout
    assert re.search(r"\b1 failed\b.*\b1 skipped\b.*\b2 errors?\b|\b1 failed\b.*\b2 errors?\b.*\b1 skipped\b|"
                     r"\b3 failed\b.*\b1 skipped\b", result.stdout.splitlines()[-1]), result.stdout
    assert "CI=true: тест с меткой browser не должен пропускаться, а пропущен: Chromium не найден" in result.stdout
    assert "CI=true: тест с меткой editor не должен пропускаться, а пропущен: нет Neovim" in result.stdout
    assert "CI=true: тест с меткой browser не должен пропускаться, а пропущен: нет Playwright" in result.stdout


def test_outside_ci_they_skip_with_their_reasons(tmp_path):
    result = run_inner(tmp_path, "false")
    assert result.returncode == 0, result.stdout
    assert "4 skipped" in result.stdout.splitlines()[-1]


def test_the_long_markers_are_registered():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    registered = {line.split(":")[0] for line in config["markers"]}
    assert set(LONG_MARKERS) <= registered
    assert "-n auto" in config["addopts"]


def test_ci_runs_the_readme_test_command_and_installs_axe_core_into_the_repository():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    command = re.search(r"```sh\n(python3 -m venv .*pip install -e '\.\[test\]' && pytest)\n```", readme).group(1)
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert command.replace("pip install -e", "pip install -q -e") in ci
    assert "npm install --prefix . " in ci and "export CI=true" in ci
