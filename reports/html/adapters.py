"""The one seam to parts built elsewhere: `explain` texts and findings' fixes.

Issue 9 provides `explain.explain_feature(feature, reading_index)` (steps with
`.text` and `.depth`); issue 10 adds `Finding.fix` (`.edits` of
(start, end, replacement) on Card.text and `.applicability` "safe"/"unsafe").
Until they are merged both read what exists and give empty results, so the
report works today and shows more once they land; only this module changes
when their shapes do.
"""
from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple


class Edit(NamedTuple):
    """One replacement of Card.text[start:end]; `safe` says whether it keeps the meaning."""

    start: int
    end: int
    replacement: str
    safe: bool


@cache
def _explainer():
    """`explain.explain_feature`, or None while it does not exist (looked up once)."""
    try:
        import explain  # noqa: PLC0415 - optional until issue 9 is merged
    except ImportError:
        return None
    return getattr(explain, "explain_feature", None)


def explain_steps(feature: Any, reading_index: int) -> list[str]:
    """The `explain` text of one reading (0 = default), one line per step, indented by depth."""
    explain_feature = _explainer()
    if explain_feature is None:
        return []
    try:
        steps = explain_feature(feature, reading_index)
    except Exception:  # noqa: BLE001 - an explanation must never break the report
        return []
    lines = []
    for step in steps or ():
        text = getattr(step, "text", None)
        if isinstance(text, str) and text:
            lines.append("  " * int(getattr(step, "depth", 0) or 0) + text)
    return lines


def suggested_fixes(findings: list[Any]) -> list[Edit]:
    """Every edit of every finding's fix, sorted by place; unreadable fixes are skipped."""
    edits: list[Edit] = []
    for finding in findings:
        fix = getattr(finding, "fix", None)
        if fix is None:
            continue
        safe = getattr(fix, "applicability", "unsafe") == "safe"
        for edit in getattr(fix, "edits", None) or ():
            try:
                start, end, replacement = _edit_parts(edit)
            except (TypeError, ValueError):
                continue
            if isinstance(start, int) and isinstance(end, int) and 0 <= start <= end \
                    and isinstance(replacement, str):
                edits.append(Edit(start, end, replacement, safe))
    return sorted(set(edits), key=lambda e: (e.start, e.end, e.replacement, e.safe))


def _edit_parts(edit: Any) -> tuple[Any, Any, Any]:
    if all(hasattr(edit, name) for name in ("start", "end", "replacement")):
        return edit.start, edit.end, edit.replacement
    start, end, replacement = edit
    return start, end, replacement
