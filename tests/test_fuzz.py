"""Fuzzing with a small budget: no generated input makes a command raise (issue 12).

The same targets run with a large budget in bench/bench_fuzz.py.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from fuzz_harness import TARGETS

BUDGET = {"canon": 60, "card-text": 25, "lint": 40, "coverage-yaml": 25, "coverage-jsonl": 25, "import": 25,
          "grid": 40, "output-escape": 15}


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_no_input_raises(name):
    strategy, target = TARGETS[name]

    @settings(max_examples=BUDGET[name], deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy())
    def check(case):
        problem = target(case)
        assert problem is None, problem

    check()


def test_harness_reports_a_crash(monkeypatch):
    """The targets do see a traceback (else the fuzzing above could never fail)."""
    import berserk_judge.cli.canon_cmd
    from berserk_judge import cli

    def broken(text, card_name):
        raise ZeroDivisionError("сбой")

    monkeypatch.setattr(cli.canon_cmd, "_read", broken)
    problem = TARGETS["canon"][1]("С1 и С2")
    assert problem is not None and "ZeroDivisionError: сбой" in problem
