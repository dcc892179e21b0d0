"""The built wheel: one top-level package, and everything the tool needs inside it.

The wheel is built from this checkout and unpacked into a folder of its own;
the tool then runs from an unrelated folder with that folder and the test
environment's dependencies on the path, and without `site` (so neither the
editable install nor the checkout can stand in for the wheel). Slow: it builds.
"""
from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile

import pytest

from conftest import REPO


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """The checkout's tracked files (links kept as links) in a folder of their own: a build writes
    build/ and *.egg-info into its source, and the checkout is also installed by other tests
    running in parallel (test_action)."""
    import shutil

    target = tmp_path_factory.mktemp("source") / "berserk-judge"
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True)
    if listed.returncode == 0 and listed.stdout:
        for name in listed.stdout.decode().split("\0"):
            if not name or not os.path.lexists(REPO / name):
                continue
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            if (REPO / name).is_symlink():
                os.symlink(os.readlink(REPO / name), target / name)
            else:
                shutil.copy2(REPO / name, target / name)
    else:   # an unpacked sdist: no git
        shutil.copytree(REPO, target, symlinks=True, ignore=shutil.ignore_patterns(
            ".venv", "node_modules", "build", "dist", "*.egg-info", "__pycache__", ".git"))
    return target


@pytest.fixture(scope="module")
def wheel(source, tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)],
                   check=True, capture_output=True, timeout=600)
    (path,) = out.glob("berserk_judge-*.whl")
    return path


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory):
    target = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    return target


def tool(installed, cwd, *args):
    deps = sysconfig.get_paths()["purelib"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), deps])}
    return subprocess.run([sys.executable, "-S", "-m", "berserk_judge", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_the_wheel_installs_one_top_level_package(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert {n.split("/")[0] for n in names} == {"berserk_judge", wheel.name.split("-")[0] + "-" +
                                                wheel.name.split("-")[1] + ".dist-info"}
    for needed in ("berserk_judge/docs/rules.md", "berserk_judge/parser/engine/connectives.lark",
                   "berserk_judge/cardbase/demo/d1-probuzhdenie-kamnya.yaml",
                   "berserk_judge/reports/html/static/report.css", "berserk_judge/__main__.py"):
        assert needed in names, needed
    entry = [n for n in names if n.endswith("entry_points.txt")]
    with zipfile.ZipFile(wheel) as archive:
        assert "berserk-judge = berserk_judge.cli.main:main" in archive.read(entry[0]).decode()


@pytest.mark.slow
def test_the_installed_tool_works_from_an_unrelated_folder(installed, tmp_path):
    work = tmp_path / "elsewhere"
    work.mkdir()
    lint = tool(installed, work, "lint", "--exit-zero")   # no terminal: never the demo, nothing to check
    assert lint.returncode == 0, lint.stderr
    assert "demo" not in lint.stdout and "файлов карт нет" in lint.stdout
    demo = f"{installed}/berserk_judge/cardbase/demo"   # the bundled demo, named
    lint = tool(installed, work, "lint", "--exit-zero", demo)
    assert lint.returncode == 0, lint.stderr
    assert f"{demo}/d1-probuzhdenie-kamnya.yaml:" in lint.stdout
    report = tool(installed, work, "report", demo, "--out", "site")
    assert report.returncode == 0, report.stderr
    assert {"index.html", "report.css", "report.js", "icon.svg"} <= {p.name for p in (work / "site").iterdir()}
    rule = tool(installed, work, "rule", "BJ101")
    assert rule.returncode == 0 and "ambiguous-grouping" in rule.stdout
    code = ("from berserk_judge.server import docs; import berserk_judge, sys; "
            "print(docs.CATALOGUE.is_file(), berserk_judge.__file__.startswith(sys.argv[1]))")
    deps = sysconfig.get_paths()["purelib"]
    probe = subprocess.run([sys.executable, "-S", "-c", code, str(installed)], cwd=work, capture_output=True, text=True,
                           env={**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), deps])})
    assert probe.stdout.split() == ["True", "True"], probe.stderr
    # none of the rooms is a top-level package of its own
    stray = subprocess.run([sys.executable, "-S", "-c", "import cli"], cwd=work, capture_output=True, text=True,
                           env={**os.environ, "PYTHONPATH": str(installed)})
    assert "No module named 'cli'" in stray.stderr


@pytest.mark.slow
def test_the_sdist_holds_the_rooms_once_and_rebuilds_the_same_wheel(source, wheel, tmp_path):
    """The links berserk_judge/<room> → ../<room> (for static tools) stay out of the sdist: its
    package map builds the same wheel, file for file."""
    import tarfile

    subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path / "dist"), str(source)],
                   check=True, capture_output=True, timeout=900)
    (sdist,) = (tmp_path / "dist").glob("berserk_judge-*.tar.gz")
    with tarfile.open(sdist) as archive:
        members = archive.getmembers()
        assert [m.name for m in members if m.issym() or m.islnk()] == []
        root = members[0].name.split("/")[0]
        inside = sorted(m.name[len(root) + 1:] for m in members if m.isfile())
        archive.extractall(tmp_path / "src", filter="data")
    assert [n for n in inside if n.startswith("berserk_judge/")] == ["berserk_judge/__init__.py",
                                                                     "berserk_judge/__main__.py"]
    assert "cli/main.py" in inside and "cardbase/demo/d1-probuzhdenie-kamnya.yaml" in inside
    rebuilt = tmp_path / "rebuilt"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(rebuilt),
                    str(tmp_path / "src" / root)], check=True, capture_output=True, timeout=600)
    (again,) = rebuilt.glob("berserk_judge-*.whl")
    with zipfile.ZipFile(wheel) as one, zipfile.ZipFile(again) as other:
        assert sorted(one.namelist()) == sorted(other.namelist())
        assert len(one.namelist()) == len(set(one.namelist()))
