"""JSON report: a list of finding objects (or statistics rows)."""
from __future__ import annotations

import json

KEYS = ("code", "name", "severity", "message", "path", "line", "column", "end_column",
        "card", "rules", "readings", "suggestion", "fix")


def render(result) -> str:
    return json.dumps([f.to_dict() for f in result.findings], ensure_ascii=False, indent=2) + "\n"


def render_statistics(result) -> str:
    from reports.text import statistics

    return json.dumps(statistics(result), ensure_ascii=False, indent=2) + "\n"
