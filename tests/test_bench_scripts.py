"""The benchmark scripts start: their imports resolve (bench_lookup and bench_server
once imported a builder that had moved to bench/scale_base.py, and failed only when run)."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
WITHOUT_OPTIONS = {"bench_canon.py", "scale_base.py"}   # positional arguments only: imported instead


@pytest.mark.parametrize("script", sorted(p.name for p in BENCH.glob("*.py") if p.name not in WITHOUT_OPTIONS))
def test_benchmark_script_starts(script):
    done = subprocess.run([sys.executable, str(BENCH / script), "--help"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout


@pytest.mark.parametrize("script", sorted(WITHOUT_OPTIONS))
def test_benchmark_module_imports(script, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    monkeypatch.syspath_prepend(str(BENCH.parent))
    spec = importlib.util.spec_from_file_location(f"bench_{script[:-3]}_under_test", BENCH / script)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)   # dataclasses look their module up
    spec.loader.exec_module(module)
    assert callable(getattr(module, "build_base", None) or getattr(module, "main", None) or
                    getattr(module, "_main", None))
