"""The findings worklist (findings.html): every finding as one short row, for filters, sort,
CSV and triage computed in the page.

The page reads the cards (name, set, page, anchor) from the search index it
shares with the summary, so a finding here is only numbers into tables:
[card row, code, severity, message, line, column, file, words] — messages repeat
(«прямые кавычки…» thousands of times) and are kept once.

`words` are what a triage mark is keyed by, with the card id and the code: the
words a finding points at, whole, as a human finds it again in the text. A line
or a column moves with every edit above the card; the words stay while the
finding does (findings.js numbers equal keys of one card in text order).
"""
from __future__ import annotations

import re

from berserk_judge.reports.html.filters import visible
from berserk_judge.reports.html.packed import light_entries
from berserk_judge.reports.html.search_index import SEVERITIES

_SPACES = re.compile(r"\s+")
WORDS_MAX = 80    # characters of a finding's words kept in its key: its start and end


def pointed_words(text: str, start: int | None, end: int | None) -> str:
    """The words a finding's span touches, widened to whole words («на 1 .» for the space before
    the point: «1 .»), white space collapsed; a long span keeps its start and end."""
    if start is None or end is None or not text:
        return ""
    start, end = max(0, min(start, len(text))), max(0, min(end, len(text)))
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    while end < len(text) and not text[end].isspace():
        end += 1
    words = _SPACES.sub(" ", text[start:end]).strip()
    if len(words) > WORDS_MAX:
        half = WORDS_MAX // 2
        words = words[:half] + "…" + words[-(WORDS_MAX - half - 1):]
    return words


def build(model: dict) -> dict:
    """The worklist as plain data; `findings-data.js` assigns it to `window.BJ_FINDINGS`.

    Card rows are numbered as in the search index, whose first rows are
    `model["cards"]` in order (search_index.build). `files` gives every card's
    file as runs [first card row, file] (cards of one file are together), so
    the file filter also finds the cards without findings."""
    codes: dict[str, int] = {}
    messages: dict[str, int] = {}
    paths: dict[str, int] = {}
    words: dict[str, int] = {"": 0}
    rows, files = [], []
    for number, entry in enumerate(light_entries(model)):
        path = paths.setdefault(entry["path"] or "", len(paths))
        if not files or files[-1][1] != path:
            files.append([number, path])
        text = entry.get("text") or ""     # report.json keeps no text: the words are then ""
        for f in entry["findings"]:
            code = codes.setdefault(f["code"], len(codes))
            message = messages.setdefault(visible(f["message"]), len(messages))
            said = words.setdefault(visible(pointed_words(text, f["start"], f["end"])), len(words))
            rows.append([number, code, SEVERITIES.index(f["severity"]), message, f["line"], f["column"], path, said])
    titles = {c["code"]: c["title"] for c in model["summary"]["by_code"]}
    return {"codes": list(codes), "titles": [titles.get(c, c) for c in codes], "severities": list(SEVERITIES),
            "messages": list(messages), "paths": list(paths), "words": list(words), "rows": rows, "files": files}
