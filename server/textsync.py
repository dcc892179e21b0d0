"""Applying an editor's ranged change to a document without walking its lines.

pygls applies a ranged change by splitting the whole buffer into lines and
writing every line again (240,000 of them in a 20,000-card file, at every
keystroke). Here the change's positions become offsets through a line index
kept with the document (counted again from the one before: server.lines),
and the buffer is cut and joined once. Anything not plain — a line break
pygls counts that LSP does not (it splits at U+2028, form feeds …), a
position past a line's end or on the last line — goes to pygls's own way,
so the buffer is always exactly what pygls would make.
"""
from __future__ import annotations

from pygls.workspace.text_document import TextDocument

from berserk_judge.server.lines import UTF16, LineIndex

_ORIGINAL = TextDocument._apply_incremental_change
_PYGLS_ONLY_BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def _index(document: TextDocument, source: str, encoding: str) -> LineIndex:
    known = getattr(document, "_judge_lines", None)
    if known is not None and known.text is source and known.encoding == encoding:
        return known
    return LineIndex.after(known, source, encoding) if known is not None else LineIndex(source, encoding)


def apply_incremental_change(document: TextDocument, change) -> None:
    """`TextDocument._apply_incremental_change`, by offsets."""
    source = document._source or ""
    codec = getattr(document, "_position_codec", None)
    encoding = str(getattr(getattr(codec, "encoding", UTF16), "value", getattr(codec, "encoding", UTF16)))
    text = change.text
    if any(character in source or character in text for character in _PYGLS_ONLY_BREAKS) or document._source is None:
        document.__dict__.pop("_judge_lines", None)
        return _ORIGINAL(document, change)
    index = _index(document, source, encoding)
    start, end = change.range.start, change.range.end
    last = len(index.starts) - 2   # pygls's last line: what follows is its own case
    if not (0 <= start.line <= end.line <= last) or start.character < 0 or end.character < 0 \
            or start.character > index.line_length(start.line) or end.character > index.line_length(end.line) \
            or (start.line, start.character) > (end.line, end.character):
        document.__dict__.pop("_judge_lines", None)
        return _ORIGINAL(document, change)
    begin, stop = index.offset(start.line, start.character), index.offset(end.line, end.character)
    new = spliced(source, begin, stop, text)
    document._source = new
    document._judge_lines = LineIndex.after(index, new, encoding, ends=(begin, len(source) - stop))
    document._judge_lines.edit = None   # the document's own index: no buffer kept behind it


ANCHORS = (64, 512, 4096)   # characters before a change tried as the anchor of `spliced`


def spliced(source: str, begin: int, stop: int, text: str) -> str:
    """`source[:begin] + text + source[stop:]`, made in one copy without
    copying the two sides first: the replaced range, with a few characters
    before it whose first occurrence in the buffer is right there, is
    replaced once (`str.replace` writes the new buffer straight from the
    old). The sides' slices of a 20,000-card buffer were 15 MB more at every
    keystroke, on top of the old and new buffers. No such anchor nearby (a
    buffer of repeats): the sides are joined."""
    for before in ANCHORS:
        start = max(0, begin - before)
        anchor = source[start:stop]
        if source.find(anchor, 0, stop) == start:
            return source.replace(anchor, source[start:begin] + text, 1)
        if not start:
            break
    return "".join((source[:begin], text, source[stop:]))


def install() -> None:
    """Make pygls's documents apply ranged changes this way (the server's process only)."""
    TextDocument._apply_incremental_change = apply_incremental_change
