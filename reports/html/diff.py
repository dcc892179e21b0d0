"""Word-level differences between two texts, and a text with its fixes applied.

A diff is a list of `(op, text)` with op "equal", "delete" or "insert"; the
pieces of the old text are the equal and deleted ones in order, those of the
new text the equal and inserted ones, so both texts can be rebuilt from it.
"""
from __future__ import annotations

import difflib
import re

from berserk_judge.reports.html.adapters import Edit

_TOKEN = re.compile(r"\s+|\w+|[^\w\s]")
Piece = tuple[str, str]


def tokens(text: str) -> list[str]:
    """Words, runs of white space and single punctuation marks."""
    return _TOKEN.findall(text)


def word_diff(old: str, new: str) -> list[Piece]:
    """The word-level diff of two texts, adjacent pieces of one kind merged."""
    a, b = tokens(old), tokens(new)
    out: list[Piece] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            _add(out, "equal", "".join(a[i1:i2]))
            continue
        if op in ("delete", "replace"):
            _add(out, "delete", "".join(a[i1:i2]))
        if op in ("insert", "replace"):
            _add(out, "insert", "".join(b[j1:j2]))
    return _fold_spaces(out)


def _fold_spaces(pieces: list[Piece]) -> list[Piece]:
    """Join changes split only by white space into one deletion and one insertion.

    «закрыть ее, иначе излечить» → «закрыть ее или излечить» reads better as
    ~~, иначе~~ ** или** than as three scraps around a kept space.
    """
    out: list[Piece] = []
    run: list[Piece] = []

    def flush():
        while run and run[-1][0] == "equal":
            trailing = run.pop()
            flush()
            _add(out, "equal", trailing[1])
            return
        _add(out, "delete", "".join(t for op, t in run if op != "insert"))
        _add(out, "insert", "".join(t for op, t in run if op != "delete"))
        run.clear()

    for piece in pieces:
        if piece[0] != "equal":
            run.append(piece)
        elif run and not piece[1].strip():
            run.append(piece)
        else:
            flush()
            _add(out, "equal", piece[1])
    flush()
    return out


def _add(out: list, op: str, text: str, *extra) -> None:
    if not text:
        return
    if out and out[-1][0] == op and out[-1][2:] == extra:
        out[-1] = (op, out[-1][1] + text, *extra)
    else:
        out.append((op, text, *extra))


def side(diff: list, which: str) -> str:
    """The old ("delete") or new ("insert") text a diff was made from."""
    return "".join(piece[1] for piece in diff if piece[0] in ("equal", which))


def _word_start(text: str, at: int) -> int:
    while at > 0 and not text[at - 1].isspace():
        at -= 1
    return at


def _word_end(text: str, at: int) -> int:
    while at < len(text) and not text[at].isspace():
        at += 1
    return at


def apply_edits(text: str, edits: list[Edit]) -> tuple[str, list[tuple[str, str, bool]]]:
    """The text with every edit applied, and its word-level diff against `text`.

    Each piece is `(op, text, safe)`: an edit is widened to whole words so the
    diff shows the old word struck out and the new one inserted; edits that
    touch the same words form one change, safe only if all of them are.
    Overlapping edits keep the first (by place) and drop the rest.
    """
    kept: list[Edit] = []
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        if edit.end > len(text) or (kept and edit.start < kept[-1].end):
            continue
        kept.append(edit)
    groups: list[list] = []   # [word_start, word_end, [edits]]
    for edit in kept:
        start = _word_start(text, edit.start)
        end = _word_end(text, edit.end)
        if groups and start <= groups[-1][1]:
            groups[-1][1] = max(groups[-1][1], end)
            groups[-1][2].append(edit)
        else:
            groups.append([start, end, [edit]])
    pieces: list[tuple[str, str, bool]] = []
    at = 0
    for start, end, group in groups:
        _add(pieces, "equal", text[at:start], True)
        replaced, cursor = [], start
        for edit in group:
            replaced.append(text[cursor:edit.start] + edit.replacement)
            cursor = edit.end
        replaced.append(text[cursor:end])
        safe = all(edit.safe for edit in group)
        for op, part in word_diff(text[start:end], "".join(replaced)):
            _add(pieces, op, part, True if op == "equal" else safe)
        at = end
    _add(pieces, "equal", text[at:], True)
    new_text = "".join(p[1] for p in pieces if p[0] != "delete")
    return new_text, pieces
