"""Applying an editor's ranged change to a document without walking its lines.

pygls applies a ranged change by splitting the whole buffer into lines and
writing every line again (240,000 of them in a 20,000-card file, at every
keystroke). Here the change's positions become offsets through a line index
kept with the document (counted again from the one before: server.lines),
and the buffer is cut and joined once. A position past a line's end means
the line's end, a line past the last one the buffer's end (as LSP says); a
range given backwards is taken from its earlier end. A buffer with a line
break pygls counts and LSP does not (U+2028, form feeds …) goes to pygls's
own way, so the buffer is always exactly what pygls would make.

`screen_change` looks at a `didChange` before pygls does: a change for a
document that is not open, or with a negative position, is refused with a
message to the client (pygls raised a KeyError for the first, the second
was dropped without a word); a document whose change was refused is out of
step with the editor until it sends the whole text again or reopens it.
"""
from __future__ import annotations

import json

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
        try:
            return _ORIGINAL(document, change)
        except (ValueError, IndexError):
            source = document._source or ""   # pygls could not place it: placed as LSP says, below
    index = _index(document, source, encoding)
    start, end = change.range.start, change.range.end
    begin, stop = index.offset(start.line, start.character), index.offset(end.line, end.character)
    begin, stop = min(begin, stop), max(begin, stop)
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


def screen_change(server, params) -> bool:
    """Whether a `didChange` (its raw params) may go on to pygls; a refused
    one is said to the client (`window/logMessage`)."""
    from lsprotocol import types

    if not isinstance(params, dict) or not isinstance(params.get("textDocument"), dict):
        return True   # pygls's own checks answer it
    uri = params["textDocument"].get("uri")
    changes = params.get("contentChanges")
    if not isinstance(uri, str) or not isinstance(changes, list):
        return True
    name = uri.rsplit("/", 1)[-1]

    def say(kind, message: str) -> bool:
        server.window_log_message(types.LogMessageParams(kind, f"berserk-judge: {message}"))
        return False

    negative = [change for change in changes if isinstance(change, dict) and _negative(change.get("range"))]
    if negative:
        if server.document(uri) is not None:
            server.desynced.add(uri)
            server.forget_document(uri)
        where = negative[0]["range"]
        return say(types.MessageType.Error,
                   f"изменение документа {name} отклонено: в диапазоне отрицательная позиция "
                   f"({json.dumps(where, ensure_ascii=False)}); до нового открытия документа или его "
                   "полного текста проверки его нет")
    if server.document(uri) is None:
        whole = [change for change in changes if isinstance(change, dict) and "range" not in change
                 and isinstance(change.get("text"), str)]
        if whole:   # the whole text: taken as the document opened (as other servers do)
            version = params["textDocument"].get("version")
            server.workspace.put_text_document(types.TextDocumentItem(
                uri=uri, language_id="yaml", version=version if isinstance(version, int) else 0,
                text=whole[-1]["text"]))
            say(types.MessageType.Info, f"документ {name} не был открыт (didOpen): его полный текст принят "
                                        "как открытие")
            return True
        return say(types.MessageType.Warning, f"изменение документа {name}, который не открыт (didOpen не было), "
                                              "пропущено")
    if uri in server.desynced:
        if any(isinstance(change, dict) and "range" not in change for change in changes):
            server.desynced.discard(uri)   # the whole text again: in step with the editor
            return True
        return False   # a ranged change to a buffer out of step: nothing to apply it to
    return True


def _negative(where) -> bool:
    if not isinstance(where, dict):
        return False
    for end in ("start", "end"):
        position = where.get(end)
        if isinstance(position, dict) and any(isinstance(position.get(k), int) and position[k] < 0
                                              for k in ("line", "character")):
            return True
    return False


def install() -> None:
    """Make pygls's documents apply ranged changes this way (the server's process only)."""
    TextDocument._apply_incremental_change = apply_incremental_change
