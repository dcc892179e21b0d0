"""JSON report: a list of finding objects (or statistics rows)."""
from __future__ import annotations

from berserk_judge.reports.escape import json_text

KEYS = ("code", "name", "severity", "message", "path", "line", "column", "end_column",
        "card", "rules", "readings", "suggestion", "fix", "choices")


def render(result) -> str:
    from berserk_judge.reports.paths import shown_path

    rows = [f.to_dict() for f in result.findings]
    for row in rows:
        row["path"] = shown_path(row["path"])   # relative inside the working folder, as in text and SARIF
    return json_text(rows) + "\n"


def render_statistics(result) -> str:
    from berserk_judge.reports.text import statistics

    return json_text(statistics(result)) + "\n"
