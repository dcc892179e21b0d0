"""A fix a finding may carry: edits on the card text, as Ruff models them.

An `Edit` replaces `Card.text[start:end]` (offsets in the card text, not in
the file) by `replacement`; an insertion has start == end. A `Fix` groups the
edits that must be applied together, with a Russian title and an
applicability: "safe" fixes never change a reading and `lint --fix` applies
them; "unsafe" ones may change the meaning and are applied only with
`--unsafe-fixes`. A safe fix the reading guard caught is demoted: its
applicability becomes "unsafe" and `demoted` says why.

Plain dataclasses with `to_dict`/`from_dict`, so findings round-trip through
JSON (the report, a cache).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

SAFE = "safe"
UNSAFE = "unsafe"
APPLICABILITIES = (SAFE, UNSAFE)


@dataclass(frozen=True, slots=True)
class Edit:
    start: int
    end: int
    replacement: str = ""
    # where start and end stand in the YAML file (1-based line, column; the end
    # column exclusive), filled by the engine for reports (SARIF replacements)
    line: int | None = field(default=None, compare=False)
    column: int | None = field(default=None, compare=False)
    end_line: int | None = field(default=None, compare=False)
    end_column: int | None = field(default=None, compare=False)

    def to_dict(self) -> dict:
        out = {"start": self.start, "end": self.end, "replacement": self.replacement}
        if self.line is not None:
            out.update(line=self.line, column=self.column, end_line=self.end_line, end_column=self.end_column)
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "Edit":
        return cls(int(data["start"]), int(data["end"]), str(data.get("replacement", "")),
                   data.get("line"), data.get("column"), data.get("end_line"), data.get("end_column"))


@dataclass(slots=True)
class Fix:
    title: str
    edits: list[Edit] = field(default_factory=list)
    applicability: str = SAFE
    demoted: str | None = None   # why a safe fix was demoted to unsafe (the reading guard)

    def __post_init__(self):
        if self.applicability not in APPLICABILITIES:
            raise ValueError(f"applicability must be one of {APPLICABILITIES}: {self.applicability!r}")
        self.edits = sorted(self.edits, key=lambda e: (e.start, e.end))

    @property
    def safe(self) -> bool:
        return self.applicability == SAFE

    @property
    def span(self) -> tuple[int, int]:
        return min(e.start for e in self.edits), max(e.end for e in self.edits)

    def located(self, locate: Callable[[int], tuple[int, int]]) -> "Fix":
        """A copy whose edits know their file positions (`locate`: text offset -> line, column)."""
        edits = []
        for edit in self.edits:
            (line, column), (end_line, end_column) = locate(edit.start), locate(edit.end)
            # the constructor, not dataclasses.replace: a base of 10,000 cards locates tens of thousands
            edits.append(Edit(edit.start, edit.end, edit.replacement, line, column, end_line, end_column))
        located = object.__new__(Fix)       # the edits are sorted and checked already: no __post_init__
        located.title, located.edits, located.applicability, located.demoted = \
            self.title, edits, self.applicability, self.demoted
        return located

    def demote(self, reason: str) -> None:
        self.applicability = UNSAFE
        self.demoted = reason

    def to_dict(self) -> dict:
        return {
            "title": self.title,
            "applicability": self.applicability,
            "edits": [e.to_dict() for e in self.edits],
            "demoted": self.demoted,
        }

    @classmethod
    def from_dict(cls, data: dict | None) -> "Fix | None":
        if data is None:
            return None
        return cls(str(data["title"]), [Edit.from_dict(e) for e in data.get("edits", ())],
                   str(data.get("applicability", SAFE)), data.get("demoted"))


def safe_fix(title: str, *edits: Edit) -> Fix:
    return Fix(title, list(edits), SAFE)


def unsafe_fix(title: str, *edits: Edit) -> Fix:
    return Fix(title, list(edits), UNSAFE)


def replace(start: int, end: int, replacement: str) -> Edit:
    return Edit(start, end, replacement)


def apply_edits(text: str, fixes: list[Fix]) -> tuple[str, list[Fix]]:
    """Apply the fixes whose edits do not overlap an earlier applied one
    (in text order, as Ruff does); return the new text and the applied fixes.

    Two insertions at the same offset, or an insertion touching a replaced
    range, count as overlapping: the next pass applies the other one.
    """
    applied: list[Fix] = []
    taken: list[tuple[int, int]] = []
    for fix in sorted(fixes, key=lambda f: (f.span, f.title)):
        if not fix.edits or any(e.start < 0 or e.end > len(text) or e.start > e.end for e in fix.edits):
            continue
        if any(_clash(e, t) for e in fix.edits for t in taken):
            continue
        if _self_overlap(fix.edits):
            continue
        applied.append(fix)
        taken.extend((e.start, e.end) for e in fix.edits)
    edits = sorted((e for f in applied for e in f.edits), key=lambda e: (e.start, e.end))
    out, last = [], 0
    for edit in edits:
        out.append(text[last:edit.start])
        out.append(edit.replacement)
        last = edit.end
    out.append(text[last:])
    return "".join(out), applied


def _clash(edit: Edit, taken: tuple[int, int]) -> bool:
    a, b = edit.start, edit.end
    c, d = taken
    if a == b or c == d:  # an insertion clashes with anything it touches
        return c <= a <= d or a <= c <= b
    return a < d and c < b


def _self_overlap(edits: list[Edit]) -> bool:
    return any(_clash(b, (a.start, a.end)) for a, b in zip(edits, edits[1:]))
