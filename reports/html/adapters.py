"""The report's two borrowed views: a reading's `explain` text and the findings' fixes.

Kept in one module so the page model does not depend on the shapes of
`explain.Step` and `lint.fix_model.Fix` directly.
"""
from __future__ import annotations

from typing import Any, NamedTuple


class Edit(NamedTuple):
    """One replacement of Card.text[start:end]; `safe` says whether it keeps the meaning."""

    start: int
    end: int
    replacement: str
    safe: bool


def explain_steps(feature: Any, reading_index: int) -> list[str]:
    """The `explain` text of one reading (0 = default), one line per step, indented by depth."""
    from berserk_judge.explain import explain_feature

    try:
        steps = explain_feature(feature, reading_index)
    except Exception:  # noqa: BLE001 - an explanation must never break the report
        return []
    return ["  " * step.depth + step.text for step in steps if step.text]


def suggested_fixes(findings: list[Any]) -> list[Edit]:
    """Every edit of every finding's fix (safe and unsafe), sorted by place."""
    edits = {Edit(edit.start, edit.end, edit.replacement, finding.fix.applicability == "safe")
             for finding in findings if finding.fix is not None
             for edit in finding.fix.edits}
    return sorted(edits, key=lambda e: (e.start, e.end, e.replacement, e.safe))


def condition_placement(finding: Any, text: str) -> dict | None:
    """Where the missing condition of a BJ205 finding goes: before the feature, or a payment instead.

    `{"condition": "При … — ", "payment": "{tap}: ", "text": <feature>, "lowered": <feature, small letter>}`;
    the «…» is for the editor to fill (116.3 lists the openers).
    """
    if finding.code != "BJ205" or finding.start is None or finding.end is None or not text:
        return None
    feature = text[finding.start:finding.end].strip()
    if not feature:
        return None
    lowered = feature[0].lower() + feature[1:] if feature[:1].isupper() and feature[1:2].islower() else feature
    return {"condition": "При … — ", "payment": "{tap}: ", "text": feature, "lowered": lowered}
