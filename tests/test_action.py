"""The shipped GitHub composite action (action.yml), its steps run as a runner would run them.

Each `run:` step is executed with bash in a scratch card repository, its `env:`
filled from the inputs the way GitHub substitutes `${{ inputs.* }}` and
`${{ github.action_path }}`; `uses:` steps (setup-python) are the runner's and
are skipped. The install step really installs this checkout into a fresh
virtualenv (from the package index pip is configured with): slow.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import venv

import pytest
from ruamel.yaml import YAML

from conftest import REPO

CARDS = ("set: {id: t1, name: Проба}\ncards:\n- id: t1_1\n  name: Кшар\n  text: '{tap}:ранить цель на 1.'\n"
         "- id: t1_2\n  name: Лучник\n  text: '{tap}: ранить цель на 1.'\n")
EXPR = re.compile(r"\$\{\{\s*(inputs\.[\w-]+|github\.action_path|steps\.[\w.-]+)\s*\}\}")


def action():
    return YAML(typ="safe").load((REPO / "action.yml").read_text(encoding="utf-8"))


def run_action(repo, bindir, inputs, only=None, action_path=REPO):
    """Run the action's bash steps in order (or only the step whose id is `only`), as the runner
    does (CI=true, GITHUB_ACTIONS=true, no terminal); returns (exit code, stdout, stderr, outputs)
    of the last step run. `action_path`: the action's checkout (`github.action_path`)."""
    spec = action()
    values = {f"inputs.{k}": str(v.get("default", "")) for k, v in spec["inputs"].items()}
    values.update({f"inputs.{k}": v for k, v in inputs.items()})
    values["github.action_path"] = str(action_path)
    output_file = repo / "github_output"
    output_file.write_text("", encoding="utf-8")
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}", "GITHUB_OUTPUT": str(output_file),
           "CI": "true", "GITHUB_ACTIONS": "true"}
    env.pop("PYTHONPATH", None)
    result = None
    for step in spec["runs"]["steps"]:
        if "uses" in step or (only is not None and step.get("id") != only):
            continue
        step_env = {k: EXPR.sub(lambda m: values.get(m.group(1), ""), str(v)) for k, v in step.get("env", {}).items()}
        assert "${{" not in step["run"], "inputs reach the script through env only"
        result = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=repo, env={**env, **step_env},
                                stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600)
        if result.returncode != 0:
            break
    outputs = dict(line.split("=", 1) for line in output_file.read_text(encoding="utf-8").splitlines() if "=" in line)
    return result.returncode, result.stdout, result.stderr, outputs


@pytest.fixture(scope="module")
def tool(tmp_path_factory):
    """A fresh virtualenv whose bin/ the steps find first (the runner's setup-python), with the
    action's install step run in it once (every test then runs the lint step with it)."""
    env_dir = tmp_path_factory.mktemp("action-venv")
    venv.EnvBuilder(with_pip=True).create(env_dir)
    scratch = tmp_path_factory.mktemp("install-step")
    # the action's own checkout, copied: pip builds a local project in place (build/, *.egg-info),
    # and those copies in this repository would be card files to a later `berserk-judge lint` here
    checkout = tmp_path_factory.mktemp("action") / "berserk-judge"
    shutil.copytree(REPO, checkout, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "node_modules", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis",
        ".pytest_cache", ".berserk-judge-cache"))
    code, out, err, outputs = run_action(scratch, env_dir / "bin", {}, only="install", action_path=checkout)
    assert code == 0, err
    assert out.strip() == "berserk-judge 0.1.0" and outputs == {}
    return env_dir / "bin"


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "card repo"   # a space in every path
    (root / "my cards").mkdir(parents=True)
    (root / "my cards" / "t1.yaml").write_text(CARDS, encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def test_action_declares_its_inputs_and_a_composite_run():
    spec = action()
    assert spec["runs"]["using"] == "composite"
    assert set(spec["inputs"]) >= {"paths", "args", "sarif", "version", "python-version", "exit-zero"}
    assert all("description" in v for v in spec["inputs"].values())


@pytest.mark.slow
def test_action_steps_annotate_write_sarif_and_fail_on_findings(repo, tool):
    code, out, err, outputs = run_action(repo, tool, {"paths": "'my cards'", "sarif": "out.sarif"}, only="lint")
    # the lint step fails the job on findings and prints GitHub annotations
    assert code == 1, err
    assert out.splitlines() == [
        "::warning file=my cards/t1.yaml,line=5,col=15,endColumn=17,title=BJ505 spacing::[t1_1] нет пробела после «:»"]
    sarif = json.loads((repo / "out.sarif").read_text(encoding="utf-8"))
    assert sarif["version"] == "2.1.0"
    results = sarif["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["BJ505"]
    assert outputs["sarif"] == "out.sarif"


@pytest.mark.slow
def test_action_exit_zero_and_extra_args(repo, tool):
    code, out, err, _ = run_action(repo, tool, {"paths": "my", "args": "--select BJ1", "exit-zero": "true",
                                                "sarif": ""}, only="lint")
    # "my" is no card path: a call error is exit 2 whatever exit-zero says
    assert code == 2
    code, out, err, outputs = run_action(repo, tool, {"paths": "", "args": "--select BJ505", "exit-zero": "true",
                                                      "sarif": ""}, only="lint")
    assert code == 0, err
    assert "BJ505" in out and "sarif" not in outputs
    assert not (repo / "berserk-judge.sarif").exists()


# The lint step alone, with this checkout's own berserk-judge (installed by the test set-up) on PATH:
# what the step does with its inputs, without installing anything.
HERE_BIN = os.path.dirname(sys.executable)


@pytest.fixture
def empty_repo(tmp_path):
    """A repository with no card files: a workflow and the hook's settings only."""
    root = tmp_path / "no cards"
    (root / ".github" / "workflows").mkdir(parents=True)
    (root / ".github" / "workflows" / "cards.yml").write_text("on: push\njobs: {}\n", encoding="utf-8")
    (root / ".pre-commit-config.yaml").write_text("repos: []\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def test_action_in_a_repository_without_card_files_checks_nothing_never_the_demo(empty_repo):
    code, out, err, outputs = run_action(empty_repo, HERE_BIN, {}, only="lint")
    assert code == 0, err
    assert "::error" not in out and "::warning" not in out and "demo" not in out + err
    sarif = json.loads((empty_repo / "berserk-judge.sarif").read_text(encoding="utf-8"))
    assert sarif["runs"][0]["results"] == []
    assert outputs == {"sarif": "berserk-judge.sarif"}
    # the workflow named explicitly, as a user might: skipped, not three BJ003 errors
    code, out, err, _ = run_action(empty_repo, HERE_BIN, {"paths": ".github/workflows/cards.yml", "sarif": ""},
                                   only="lint")
    assert code == 0 and "BJ003" not in out, out + err


@pytest.mark.parametrize("name", ["paths", "args"])
def test_action_an_unbalanced_quote_is_an_error_not_an_empty_list(repo, name):
    code, out, err, outputs = run_action(repo, HERE_BIN, {name: "'my cards"}, only="lint")
    assert code == 2
    assert err.splitlines() == [f"Ошибка: вход «{name}» действия не разобран: кавычка без пары в \"'my cards\"; "
                                "путь с пробелами пишется в парных кавычках"]
    assert "Traceback" not in err and out == "" and outputs == {}
    assert not (repo / "berserk-judge.sarif").exists()


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_action_a_newline_in_the_sarif_input_writes_no_line_into_github_output(repo, newline):
    code, out, err, outputs = run_action(repo, HERE_BIN, {"paths": "'my cards'",
                                                          "sarif": f"out.sarif{newline}injected=1"}, only="lint")
    assert code == 2 and "перевод строки" in err
    assert (repo / "github_output").read_text(encoding="utf-8") == ""
    assert outputs == {}
