"""GitHub Actions workflow commands: one `::error file=...::message` per finding.

GitHub's own escaping (%25, %0D, %0A; and %3A, %2C in properties) keeps a
value inside its command; other invisible characters (NUL, escape
sequences) are named (reports.escape), since the runner would pass them raw.
"""
from __future__ import annotations

from berserk_judge.reports.escape import visible
from berserk_judge.reports.paths import relative_to_cwd

LEVELS = {"error": "error", "warning": "warning", "info": "notice"}


def _data(value: str) -> str:
    return visible(value, keep="\r\n").replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(value: str) -> str:
    return _data(value).replace(":", "%3A").replace(",", "%2C")


def annotation(f) -> str:
    level = LEVELS[f.severity.label]
    # GitHub maps annotations by the path from the workspace root (the cwd of the job).
    props = [f"file={_prop(relative_to_cwd(f.path).as_posix())}", f"line={f.line}", f"col={f.column}"]
    if f.end_column and f.end_column > f.column:
        props.append(f"endColumn={f.end_column}")
    props.append(f"title={_prop(f'{f.code} {f.name}')}")
    card = f"[{f.card}] " if f.card else ""
    return f"::{level} {','.join(props)}::{_data(card + f.message)}"


def render(result) -> str:
    return "".join(annotation(f) + "\n" for f in result.findings)
