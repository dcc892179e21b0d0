"""The findings worklist (findings.html): every finding as one short row, for filters, sort,
CSV and triage computed in the page.

The page reads the cards (name, set, page, anchor) from the search index it
shares with the summary, so a finding here is only numbers into tables:
[card row, code, severity, message, line, column, file] — messages repeat
(«прямые кавычки…» thousands of times) and are kept once.
"""
from __future__ import annotations

from berserk_judge.reports.html.filters import visible
from berserk_judge.reports.html.packed import light_entries
from berserk_judge.reports.html.search_index import SEVERITIES


def build(model: dict) -> dict:
    """The worklist as plain data; `findings-data.js` assigns it to `window.BJ_FINDINGS`.

    Card rows are numbered as in the search index, whose first rows are
    `model["cards"]` in order (search_index.build)."""
    codes: dict[str, int] = {}
    messages: dict[str, int] = {}
    paths: dict[str, int] = {}
    rows = []
    for number, entry in enumerate(light_entries(model)):
        for f in entry["findings"]:
            code = codes.setdefault(f["code"], len(codes))
            message = messages.setdefault(visible(f["message"]), len(messages))
            path = paths.setdefault(entry["path"] or "", len(paths))
            rows.append([number, code, SEVERITIES.index(f["severity"]), message, f["line"], f["column"], path])
    titles = {c["code"]: c["title"] for c in model["summary"]["by_code"]}
    return {"codes": list(codes), "titles": [titles.get(c, c) for c in codes], "severities": list(SEVERITIES),
            "messages": list(messages), "paths": list(paths), "rows": rows}
