"""The shipped pre-commit hook in a real card repository, run by the real `pre-commit try-repo`.

Issue 12: in a repository of card YAML files without a `cardbase` setting the
hook linted the bundled demo base, and `lint .` read `.pre-commit-config.yaml`
as a broken card file. The hook installs this project into its own virtualenv
(from the package index pip is configured with): about 35 s on a quiet machine.
"""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from berserk_judge.cli.lint_cmd import lint
from conftest import REPO

CARDS = "set: {id: t1, name: Проба}\ncards:\n- id: t1_1\n  name: Кшар\n  text: '{tap}:ранить цель на 1.'\n"
CONFIG = "repos:\n- repo: local\n  hooks: []\n"


@pytest.fixture
def card_repo(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    (repo / "cards").mkdir(parents=True)
    (repo / "cards" / "t1.yaml").write_text(CARDS, encoding="utf-8")
    (repo / ".pre-commit-config.yaml").write_text(CONFIG, encoding="utf-8")
    (repo / ".github").mkdir()
    (repo / ".github" / "ci.yml").write_text("on: push\n", encoding="utf-8")
    (repo / "notes.yaml").write_text("title: заметки\n", encoding="utf-8")
    monkeypatch.chdir(repo)
    return repo


def test_lint_without_path_reads_the_card_files_here(card_repo):
    result = CliRunner().invoke(lint, ["-v"])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "пропущен (не файл карт: нет раздела cards): .pre-commit-config.yaml",
        "пропущен (не файл карт: нет раздела cards): notes.yaml",
        "cards/t1.yaml:5:15: BJ505 [t1_1] нет пробела после «:»",
        "",
        "Найдено 1 замечание (предупреждений: 1) в 1 карте.",
        "[*] Можно исправить с --fix: 1.",
        "Проверено карт: 1.",
    ]


def test_lint_dot_skips_other_yaml(card_repo):
    (card_repo / "more.yaml").write_text(CARDS.replace("t1", "t2"), encoding="utf-8")
    result = CliRunner().invoke(lint, [".", "-v"])
    assert result.exit_code == 1
    assert "BJ003" not in result.output
    assert result.output.splitlines()[:3] == [
        "пропущен (не файл карт: нет раздела cards): .pre-commit-config.yaml",
        "пропущен (не файл карт: нет раздела cards): notes.yaml",
        "more.yaml:5:15: BJ505 [t2_1] нет пробела после «:»",
    ]


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory):
    """One pre-commit home for the module: the hook's environment is built once."""
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None or shutil.which("pre-commit") is None,
                    reason="нужны git и pre-commit (pip install -e '.[test]')")
@pytest.mark.skipif(not (REPO / ".git").exists(), reason="не клон git (например, распакованный sdist): "
                                                           "pre-commit try-repo читает репозиторий git")
def test_real_pre_commit_try_repo_lints_the_repository(card_repo, pre_commit_home):
    env = {**os.environ, "PRE_COMMIT_HOME": str(pre_commit_home),
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    env.pop("VIRTUAL_ENV", None)
    subprocess.run(["git", "init", "-q"], cwd=card_repo, check=True, env=env)
    subprocess.run(["git", "add", "-A"], cwd=card_repo, check=True, env=env)
    run = subprocess.run(["pre-commit", "try-repo", str(REPO), "berserk-judge-lint", "--all-files"],
                         cwd=card_repo, env=env, capture_output=True, text=True, timeout=600)
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert "berserk-judge lint" in out and "Failed" in out
    assert "cards/t1.yaml:5:15: BJ505 [t1_1] нет пробела после «:»" in out
    assert "Проверено карт: 1." in out
    assert "demo" not in out and "BJ003" not in out

    (card_repo / "cards" / "t1.yaml").write_text(CARDS.replace("{tap}:ранить", "{tap}: ранить"), encoding="utf-8")
    subprocess.run(["git", "add", "-A"], cwd=card_repo, check=True, env=env)
    run = subprocess.run(["pre-commit", "try-repo", str(REPO), "berserk-judge-lint", "--all-files"],
                         cwd=card_repo, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Passed" in run.stdout


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None or shutil.which("pre-commit") is None,
                    reason="нужны git и pre-commit (pip install -e '.[test]')")
@pytest.mark.skipif(not (REPO / ".git").exists(), reason="не клон git (например, распакованный sdist): "
                                                           "pre-commit try-repo читает репозиторий git")
def test_real_pre_commit_in_a_repository_without_card_files_passes_and_checks_no_demo(tmp_path, pre_commit_home):
    """Issue 37: the hook in a repository with a workflow and no cards said «демо-база …» and failed."""
    repo = tmp_path / "no-cards"
    (repo / ".github" / "workflows").mkdir(parents=True)
    (repo / ".github" / "workflows" / "ci.yml").write_text("on: push\njobs: {}\n", encoding="utf-8")
    (repo / ".pre-commit-config.yaml").write_text(CONFIG, encoding="utf-8")
    env = {**os.environ, "PRE_COMMIT_HOME": str(pre_commit_home),
           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    env.pop("VIRTUAL_ENV", None)
    env.pop("CI", None)   # pre-commit alone says this is no person at a terminal
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True, env=env)
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True, env=env)
    run = subprocess.run(["pre-commit", "try-repo", str(REPO), "berserk-judge-lint", "--all-files", "--verbose"],
                         cwd=repo, env=env, capture_output=True, text=True, timeout=600)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out
    assert "Passed" in out and "демо-база:" not in out and "BJ0" not in out
    assert "файлов карт нет" in out
