"""The report's text processing is linear in a text's size (issue 38: one card of 125 / 250 / 500 KB
on one line took 4.5 / 12.3 / 65 s, `lint` 1.6 / 1.9 / 3.7 s). A text's segments were found by
testing every finding at every cut (20,000 findings: minutes); names of invisible characters were
looked for one character at a time over a long text (10,000 lines: 7 s in the report). Bounds here are far above the
linear cost and far below the old one; the cuts must stay what the old way gave."""
from __future__ import annotations

import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st

from berserk_judge.cardbase.chars import show_invisible
from berserk_judge.reports.escape import visible
from berserk_judge.reports.html.model import SEVERITY_ORDER, text_segments


def _reference(text: str, findings: list[dict]) -> list[dict]:
    """The old, quadratic cut: every finding tested at every cut (the contract the sweep keeps)."""
    spans = []
    for f in findings:
        start, end = f["start"], f["end"]
        if start is None or end is None or not text:
            continue
        start = max(0, min(start, len(text)))
        end = max(start, min(end, len(text)))
        if end == start:
            start, end = (start, start + 1) if start < len(text) else (start - 1, start)
        spans.append((start, end, f["n"], f["severity"]))
    cuts = sorted({0, len(text)} | {s for s, _, _, _ in spans} | {e for _, e, _, _ in spans})
    out = []
    for a, b in zip(cuts, cuts[1:]):
        over = [(n, sev) for s, e, n, sev in spans if s <= a and b <= e]
        worst = min((SEVERITY_ORDER.index(sev) for _, sev in over), default=None)
        out.append({"text": text[a:b], "findings": [n for n, _ in over], "ends": [n for s, e, n, _ in spans if e == b],
                    "severity": None if worst is None else SEVERITY_ORDER[worst]})
    return out


FINDING = st.fixed_dictionaries({
    "start": st.one_of(st.none(), st.integers(-3, 40)), "end": st.integers(-3, 40),
    "n": st.integers(1, 9), "severity": st.sampled_from(SEVERITY_ORDER)})


@settings(max_examples=150, deadline=None)
@given(st.text("аб .,\n", max_size=35), st.lists(FINDING, max_size=8))
def test_the_sweep_cuts_as_the_old_way_did(text, findings):
    assert text_segments(text, findings) == _reference(text, findings)


def test_twenty_thousand_findings_on_one_line_are_cut_in_linear_time():
    rng = random.Random(38)
    text = "Ранить цель на 1 . " * 20_000                      # ~380 K characters on one line
    findings = []
    for n in range(20_000):
        start = rng.randrange(len(text) - 5)
        findings.append({"start": start, "end": start + rng.randint(0, 4), "n": n + 1,
                         "severity": rng.choice(SEVERITY_ORDER)})
    started = time.process_time()
    segments = text_segments(text, findings)
    spent = time.process_time() - started
    assert "".join(s["text"] for s in segments) == text
    assert spent < 5.0, spent             # ~0.4 s; the old cut tested 20,000 findings at ~38,000 cuts


def test_invisible_characters_of_a_long_text_are_named_line_by_line():
    text = "\n".join(f"Строка {n}: ранить цель на 1." for n in range(100_000)) + "\n\x00\u200b"
    started = time.process_time()
    shown, kept = show_invisible(text), visible(text, keep="\n")
    spent = time.process_time() - started
    assert shown.endswith("\n<U+0000 NULL><U+200B ZERO WIDTH SPACE>") and shown.count("\n") == 100_000
    assert kept == shown
    assert spent < 1.0, spent              # ~0.08 s; one character at a time it was ~3.4 s
