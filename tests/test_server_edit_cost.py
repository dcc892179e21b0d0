"""What keeps an edit to a large document cheap, pinned against the plain
computation: the line index counted from the buffer before it, diagnostics
kept across an edit by the lines it touched, the collector kept off the
long-lived objects (server.collect)."""
from __future__ import annotations

import gc
import json
import random
from pathlib import Path

from berserk_judge.cardbase.load import demo_base_path
from berserk_judge.server import collect
from berserk_judge.server.analysis import Analysis, DocumentLinter
from berserk_judge.server.collect import Settler
from berserk_judge.server.diagnostics import Shown, _converter
from berserk_judge.server.docs import RuleDocs
from berserk_judge.server.lines import UTF8, UTF16, LineIndex, common_ends, units
from berserk_judge.server.workspace import Workspace, real

PIECES = ["а", "\n", "—", " - ", "«", '"', "😀", "x", "\n\n", ""]


def _edited(text: str, rnd: random.Random) -> str:
    start = rnd.randint(0, len(text))
    end = min(len(text), start + rnd.choice([0, 0, 1, 3, 40]))
    return text[:start] + "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 3))) + text[end:]


def test_common_ends_are_the_longest_shared_start_and_end():
    rnd = random.Random(3)
    for _ in range(3000):
        old = "".join(rnd.choice("аб\n—") for _ in range(rnd.randint(0, 20)))
        new = _edited(old, rnd)
        prefix, suffix = common_ends(old, new)
        assert old[:prefix] == new[:prefix] and old[len(old) - suffix:] == new[len(new) - suffix:]
        assert prefix + suffix <= min(len(old), len(new))
        assert prefix == min(len(old), len(new)) or old[prefix] != new[prefix]
        rest = min(len(old), len(new)) - prefix
        assert suffix == rest or old[len(old) - suffix - 1] != new[len(new) - suffix - 1]


def test_common_ends_compared_by_blocks_are_the_longest_shared_start_and_end(monkeypatch):
    """The texts are compared a block at a time (no slice of half a 20,000-card
    buffer): with blocks of 1 to 5 characters, every answer is still the
    longest shared start and, past it, the longest shared end."""
    from berserk_judge.server import lines

    rnd = random.Random(11)
    for block in (1, 2, 3, 5):
        monkeypatch.setattr(lines, "COMPARED_AT_ONCE", block)
        for _ in range(600):
            old = "".join(rnd.choice("аб\n—") for _ in range(rnd.randint(0, 30)))
            new = _edited(old, rnd)
            prefix = next((n for n in range(min(len(old), len(new))) if old[n] != new[n]), min(len(old), len(new)))
            rest = min(len(old), len(new)) - prefix
            suffix = next((n for n in range(rest) if old[len(old) - n - 1] != new[len(new) - n - 1]), rest)
            assert common_ends(old, new) == (prefix, suffix), (block, old, new)


def test_a_line_index_counted_from_the_one_before_is_the_whole_count():
    rnd = random.Random(5)
    text = (demo_base_path() / "d1-probuzhdenie-kamnya.yaml").read_text(encoding="utf-8")
    for encoding in (UTF16, UTF8):
        index = LineIndex(text, encoding)
        source = text
        for _ in range(300):
            edited = _edited(source, rnd)
            fresh = LineIndex.after(index, edited, encoding)
            whole = LineIndex(edited, encoding)
            assert fresh.starts == whole.starts
            edit = fresh.edit
            old, new = source.split("\n"), edited.split("\n")
            assert old[:edit.first] == new[:edit.first]
            assert old[edit.after:] == new[edit.after + edit.delta:]
            assert index.edit is None   # one buffer back only: no chain of old buffers kept
            assert [fresh.position(at) for at in range(0, len(edited), 97)] == \
                   [whole.position(at) for at in range(0, len(edited), 97)]
            index, source = fresh, edited
    # a `\r` anywhere: counted whole, no edit said
    assert LineIndex.after(LineIndex("a\nb"), "a\r\nb").edit is None


def _shapes(analysis: Analysis, shown: Shown) -> list[dict]:
    return [json.loads(shape) for _, shape in shown.items(analysis, RuleDocs())]


def test_diagnostics_kept_across_edits_are_the_ones_made_afresh(tmp_path):
    """Typing, lines added and removed, both text styles: what the kept
    diagnostics say is what a new Shown says of the same buffer."""
    path = tmp_path / "base" / "d1.yaml"
    path.parent.mkdir()
    source = (demo_base_path() / "d1-probuzhdenie-kamnya.yaml").read_text(encoding="utf-8")
    source += ("- id: x1\n  name: Лук\n  text: '«Лук»: при гибели — ранить цель на 1.'\n"
               "- id: x2\n  name: Стрела\n  text: '\"Стрела\": при гибели - ранить цель на 2 , и ещё  раз.'\n"
               "- id: x3\n  name: Копьё\n  text: \"«Копьё»: при гибели - ранить цель на 3 ,\"\n")
    path.write_text(source, encoding="utf-8")
    file = real(str(path))
    scope = Workspace([str(path.parent)]).scope_for(file)
    linter, docs = DocumentLinter(), RuleDocs()
    rnd = random.Random(11)
    lines_of = [number for number, line in enumerate(source.split("\n")) if "text:" in line]
    kept_some = False
    for step in range(60):
        rows = source.split("\n")
        row = rnd.choice(lines_of)
        if step % 5 == 4:
            rows.insert(row, "")              # a line added above cards: everything below moves
        elif step % 3 == 2:
            # the same text written otherwise («» as an escape): the same card and findings,
            # other columns — the kept diagnostic of that line must not be reused
            row = next(number for number, line in enumerate(rows) if "Копьё»:" in line)
            rows[row] = (rows[row].replace("«", "\\u00ab", 1) if "«" in rows[row]
                         else rows[row].replace("\\u00ab", "«", 1))
        else:
            cut = rnd.randint(len(rows[row]) - 8, len(rows[row]) - 2)
            rows[row] = rows[row][:cut] + rnd.choice(["а", " -", " —", "  ", ""]) + rows[row][cut:]
        source = "\n".join(rows)
        lines_of = [number for number, line in enumerate(rows) if "text:" in line]
        base, findings = linter.lint(file, source, scope, None)
        analysis = Analysis(path.as_uri(), file, step, source, scope, base, findings, reader=linter.reader,
                            known_places=linter.places, shown=linter.shown, known_lines=linter.lines)
        linter.lines = analysis.lines
        assert analysis.lines.starts == LineIndex(source).starts
        before = len(linter.shown._kept)
        kept = [shape for _, shape in linter.shown.items(analysis, docs)]
        kept_some = kept_some or before > 0
        alone = Analysis(path.as_uri(), file, step, source, scope, base, findings, reader=linter.reader)
        assert [json.loads(shape) for shape in kept] == \
               [json.loads(shape) for _, shape in Shown().items(alone, docs)]
    assert kept_some


def test_the_settler_freezes_what_lives_and_collects_dropped_cycles(monkeypatch):
    monkeypatch.setattr(collect, "SLACK", 1000)
    monkeypatch.setattr(collect, "COUNT_EVERY", 1)
    settler = Settler()
    try:
        settler.settle()
        assert gc.get_freeze_count() > 0 and settler.collections == 1
        baseline = settler.baseline

        class Node:
            pass

        import weakref

        cycle = Node()
        cycle.me = cycle
        watch = weakref.ref(cycle)
        settler.settle()   # frozen while alive…
        del cycle          # …then dropped: only a full collection finds it
        gc.collect()
        assert watch() is not None
        junk = [[] for _ in range(2 * baseline + 2000)]   # the frozen objects grow well past the last count
        settler.settle()
        assert settler.collections == 2 and watch() is None
        del junk
    finally:
        gc.unfreeze()


def test_findings_held_while_typing_are_found_by_their_lines_as_by_their_places(tmp_path):
    """`held` looks only at findings on the typed lines: the same answer as placing every one."""
    from berserk_judge.server.editing import HELD_WHILE_TYPING, held

    path = tmp_path / "d1.yaml"
    text = (demo_base_path() / "d1-probuzhdenie-kamnya.yaml").read_text(encoding="utf-8")
    text += ("- id: x1\n  name: Лук\n  text: '«Лук»: при гибели  — ранить цель на 1 .'\n"
             "- id: x2\n  name: Стрела\n  text: \"\\\"Стрела\\\": при гибели -  ранить цел на 2 , раз.\"\n")
    path.write_text(text, encoding="utf-8")
    file = real(str(path))
    scope = Workspace([str(tmp_path)]).scope_for(file)
    linter = DocumentLinter()
    base, findings = linter.lint(file, text, scope, None)
    analysis = Analysis(path.as_uri(), file, 1, text, scope, base, findings, reader=linter.reader)
    lines = {analysis.lines.line_of(analysis.finding_span(f)[0]) for f in findings if f.code in HELD_WHILE_TYPING}
    assert len(lines) >= 2
    rnd = random.Random(2)
    for _ in range(40):
        typed = set(rnd.sample(sorted(lines), rnd.randint(1, len(lines)))) | {rnd.randrange(40)}
        plain = [number for number, f in enumerate(findings) if f.code in HELD_WHILE_TYPING
                 and analysis.lines.line_of(analysis.finding_span(f)[0]) in typed]
        assert held(analysis, typed, set()) == plain


def test_ranged_changes_make_the_buffer_pygls_makes():
    """server.textsync cuts the buffer by offsets: the same text as pygls's
    line-by-line rewrite, for UTF-16 and UTF-8 positions, lines of both
    styles, astral characters, CRLF and pygls-only breaks (its own way).
    Positions inside their lines: past a line's end pygls eats the break,
    where LSP says the line's end (tests/test_server_heal.py)."""
    from lsprotocol import types
    from pygls.workspace.text_document import TextDocument

    from berserk_judge.server import textsync

    rnd = random.Random(7)
    base = (demo_base_path() / "d1-probuzhdenie-kamnya.yaml").read_text(encoding="utf-8")
    sources = [base, base.replace("\n", "\r\n", 3), base + "  text: 'a😀б « - » «Лук» — 2*2'\n", base + "x\u2028y\n"]
    for encoding in (types.PositionEncodingKind.Utf16, types.PositionEncodingKind.Utf8):
        for source in sources:
            ours = TextDocument("file:///a.yaml", source, position_codec=None)
            theirs = TextDocument("file:///a.yaml", source)
            for document in (ours, theirs):
                from pygls.workspace.position_codec import PositionCodec

                document._position_codec = PositionCodec(encoding=encoding)
            for _ in range(60):
                lines = theirs.source.split("\n")
                line = rnd.randrange(len(lines) + 1)
                end_line = min(line + rnd.choice([0, 0, 1, 2]), len(lines))
                unit = "utf-8" if encoding == types.PositionEncodingKind.Utf8 else "utf-16"

                def width(number):
                    text = lines[number].rstrip("\r") if number < len(lines) else ""
                    return units(text, unit)

                start = types.Position(line, rnd.randint(0, width(line)))
                end = types.Position(end_line, rnd.randint(0, min(6, width(end_line))) if end_line > line
                                     else min(start.character + rnd.randint(0, 3), width(line)))
                change = types.TextDocumentContentChangePartial(
                    range=types.Range(start, end), text=rnd.choice(["", "а", "\n", "😀", " — ", "x\ny"]))
                textsync.apply_incremental_change(ours, change)
                textsync._ORIGINAL(theirs, change)
                assert ours.source == theirs.source
                # the document's line index, counted from the change's own offsets, is the whole count
                kept = getattr(ours, "_judge_lines", None)
                if kept is not None and kept.text is ours.source:
                    assert list(kept.starts) == list(LineIndex(ours.source, kept.encoding).starts)
