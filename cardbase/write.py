"""Write fixed card texts back into their YAML files, touching nothing else.

Edits at known positions, not a YAML dump: the file is composed again, the
`text:` scalar of each changed card is located by its node marks, and only
those characters are replaced. Comments, key order, other fields and every
untouched text stay byte-identical. A changed text keeps its style:

* literal block (`|-`): the header stays, each changed line is rewritten at
  the block's indentation, unchanged lines are kept as they were;
* single- or double-quoted, plain: the same quoting on one line (a plain
  text that would no longer read back plain becomes single-quoted);
* anything else (folded `>`, a flow scalar over several lines), or a style
  that would not read back exactly: a double-quoted one-liner.

Every result is checked by composing it again: the same nodes, the same
values, only the intended texts changed. Files are written to a temp file in
the same folder and renamed; a file whose bytes differ from what the loader
read is not written (`FileChanged`).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from berserk_judge.cardbase.emit import double_quoted


class WriteError(Exception):
    """A file that cannot be rewritten safely; the message is for the user (Russian)."""


class FileChanged(WriteError):
    """The file changed on disk since it was read."""


@dataclass(frozen=True)
class Source:
    text: str        # decoded, without a BOM
    bom: bool
    digest: str      # sha256 of the bytes


def read_source(path: str) -> Source:
    raw = _read_card_file(path)
    text = raw.decode("utf-8")
    bom = text.startswith("\ufeff")
    return Source(text[1:] if bom else text, bom, hashlib.sha256(raw).hexdigest())


def rewrite_texts(source: str, texts: dict[str, tuple[str, str]]) -> str:
    """`source` with the text of each card id in `texts` ({id: (old, new)}) replaced.

    Raises WriteError when a card is missing or its text is not `old` (the
    file is not the one the texts were read from) or the result does not read
    back exactly.
    """
    yaml, root, breaks = compose_source(source)
    nodes = _text_nodes(root, yaml)
    starts = _line_starts(source, breaks)
    file_lines = breaks.split(source)
    pieces: list[tuple[int, int, str]] = []
    for card_id, (old, new) in texts.items():
        if card_id not in nodes:
            raise FileChanged(f"нет карты «{card_id}» с полем text")
        node, value = nodes[card_id]
        if value != old:
            raise FileChanged(f"текст карты «{card_id}» уже не тот, что был прочитан")
        if old == new:
            continue
        pieces.append(_replacement(node, old, new, starts, file_lines, source))
    out = _splice(source, pieces)
    _verify(root, out, texts, yaml)
    return out


def compose_source(source: str):
    """(yaml, root, line breaks) of a card file as the loader composes it (cardbase.compose);
    WriteError when it is not YAML the loader reads."""
    from berserk_judge.cardbase.compose import compose

    try:
        return compose(source)
    except Exception as exc:  # noqa: BLE001 - any YAML error: the file is not rewritten
        raise WriteError(f"файл не читается как YAML ({_first_line(exc)}); ничего не записано") from None


def _first_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text[:200]


def write_text_file(path: str, content: str, bom: bool, expected_digest: str | None) -> None:
    """Write through `cardbase.atomic.write_atomic`; refuse (FileChanged) when the
    file's bytes are no longer the ones `expected_digest` describes."""
    from berserk_judge.cardbase.atomic import write_atomic

    def unchanged(_temp) -> None:
        if expected_digest is not None:
            current = hashlib.sha256(_read_card_file(path)).hexdigest()
            if current != expected_digest:
                raise FileChanged("файл изменился после чтения")

    write_atomic(path, ("\ufeff" if bom else "") + content, verify=unchanged)


def _read_card_file(path: str) -> bytes:
    """The bytes of a card file about to be rewritten (a link is followed, as the
    loader follows it). A file replaced since it was loaded by a FIFO or a device
    is refused without blocking on it (FileChanged)."""
    import os
    import stat

    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(handle, "rb") as stream:
        if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
            raise FileChanged("на месте файла теперь не обычный файл (канал или устройство)")
        return stream.read()


# --- locating and replacing --------------------------------------------------

def _yaml():
    from ruamel.yaml import YAML

    try:
        import _ruamel_yaml  # noqa: F401
        return YAML(typ="safe", pure=False)
    except ImportError:  # pragma: no cover
        return YAML(typ="safe", pure=True)


def _construct(yaml, node):
    return yaml.constructor.construct_object(node, deep=True)


def _text_nodes(root, yaml) -> dict:
    """{card id: (text value node, text)} for the cards the loader would take
    (the first card of an id, the first `text` key of a card)."""
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    out: dict = {}
    if not isinstance(root, MappingNode):
        return out
    cards = next((v for k, v in root.value if isinstance(k, ScalarNode) and k.value == "cards"), None)
    if not isinstance(cards, SequenceNode):
        return out
    for card in cards.value:
        if not isinstance(card, MappingNode):
            continue
        id_node = text_node = None
        for key, value in card.value:
            if not isinstance(key, ScalarNode):
                continue
            if key.value == "id" and id_node is None:
                id_node = value
            elif key.value == "text" and text_node is None:
                text_node = value
        if id_node is None or text_node is None or not isinstance(text_node, ScalarNode):
            continue
        try:
            card_id = _construct(yaml, id_node)
        except Exception:  # noqa: BLE001 - an odd id: the loader skipped that card too
            continue
        if isinstance(card_id, bool) or not isinstance(card_id, (str, int)):
            continue
        card_id = str(card_id)
        if card_id not in out:
            out[card_id] = (text_node, text_node.value)
    return out


def _line_starts(source: str, breaks=None) -> list[int]:
    """Where each line starts, lines counted as the composer's marks count them (`breaks`,
    from compose_source; YAML 1.1's by default)."""
    from berserk_judge.cardbase.compose import LEGACY_BREAKS

    starts = [0]
    for match in (breaks or LEGACY_BREAKS).finditer(source):
        starts.append(match.end())
    return starts


def _index(starts: list[int], line: int, column: int) -> int:
    return starts[line] + column if line < len(starts) else starts[-1] + column


def _replacement(node, old: str, new: str, starts, file_lines, source) -> tuple[int, int, str]:
    start = _index(starts, node.start_mark.line, node.start_mark.column)
    end = _index(starts, node.end_mark.line, node.end_mark.column)
    start = _after_properties(source, start, end)
    style = node.style
    if style == "|":
        block = _literal(node, old, new, starts, file_lines, source)
        if block is not None:
            return block
        if "#" in file_lines[node.start_mark.line][node.start_mark.column:]:
            raise WriteError("текст-блок с комментарием после «|» не удалось переписать, не потеряв комментарий")
    one_line = node.start_mark.line == node.end_mark.line and "\n" not in new
    if one_line and style == "'":
        return start, end, "'" + new.replace("'", "''") + "'"
    if one_line and style == '"':
        return start, end, double_quoted(new)
    if one_line and not style:
        return start, end, new if _plain_ok(new) else "'" + new.replace("'", "''") + "'"
    # folded or multi-line: a double-quoted one-liner up to the last content character
    while end > start and source[end - 1] in " \n\r":
        end -= 1
    return start, end, double_quoted(new)


def _after_properties(source: str, start: int, end: int) -> int:
    """Where a scalar's content starts: past its tag and anchor (`!!str &a "…"`).

    A node's mark is where its properties begin; they are the user's and
    stay (an explicit `!!str` keeps a text that looks like a number a
    string, an anchor may be referred to elsewhere).
    """
    at = start
    while at < end and source[at] in "!&":
        if source.startswith("!<", at):
            close = source.find(">", at, end)
            at = end if close < 0 else close + 1
        else:
            while at < end and source[at] not in " \t\r\n":
                at += 1
        while at < end and source[at] in " \t\r\n":
            at += 1
    return at


def _literal(node, old: str, new: str, starts, file_lines, source) -> tuple[int, int, str] | None:
    """The changed lines of a literal block; None when the block's lines do not
    match the text (then the caller writes a quoted scalar)."""
    old_parts = old.split("\n")
    new_parts = new.split("\n")
    if old.endswith("\n"):
        old_parts, new_parts = old_parts[:-1], new_parts[:-1]
    if len(old_parts) != len(new_parts) or old.endswith("\n") != new.endswith("\n"):
        return None
    header = node.start_mark.line
    first = header + 1
    indent = None
    for index, part in enumerate(old_parts):
        raw = file_lines[first + index] if first + index < len(file_lines) else ""
        if part:
            if not raw.endswith(part) or raw[: len(raw) - len(part)].strip(" "):
                return None
            if indent is None:
                indent = raw[: len(raw) - len(part)]
            elif raw[: len(raw) - len(part)] != indent:
                return None
    if indent is None:
        return None
    lines = []
    for index, (was, now) in enumerate(zip(old_parts, new_parts)):
        raw = file_lines[first + index]
        lines.append(raw if was == now else (indent + now if now else ""))
    last = first + len(old_parts) - 1
    start = starts[first]
    end = starts[last] + len(file_lines[last])
    # the rebuilt lines joined with the file's own breaks
    out = []
    for index, line in enumerate(lines):
        out.append(line)
        if index < len(lines) - 1:
            line_no = first + index  # the file's own line break after this line
            out.append(source[starts[line_no] + len(file_lines[line_no]):starts[line_no + 1]])
    return start, end, "".join(out)


def _plain_ok(text: str) -> bool:
    """Whether `text` reads back as itself as a plain scalar."""
    if not text or text != text.strip() or text[0] in "-?:,[]{}#&*!|>'\"%@`" or ": " in text or " #" in text:
        return False
    if text.endswith(":"):
        return False
    yaml = _yaml()
    try:
        return yaml.load("k: " + text) == {"k": text}
    except Exception:  # noqa: BLE001
        return False


def _splice(source: str, pieces: list[tuple[int, int, str]]) -> str:
    out, last = [], 0
    for start, end, text in sorted(pieces):
        out.append(source[last:start])
        out.append(text)
        last = end
    out.append(source[last:])
    return "".join(out)


def _verify(old_root, after: str, texts: dict[str, tuple[str, str]], yaml) -> None:
    """The new file composes to the same nodes and values, but the changed texts."""
    from berserk_judge.cardbase.compose import compose

    try:
        _, new_root, _ = compose(after)
    except Exception as exc:  # noqa: BLE001
        raise WriteError(f"после правки файл не читается как YAML ({_first_line(exc)})") from None
    new_nodes = _text_nodes(new_root, yaml)
    changed = {id(new_nodes[cid][0]) for cid in texts if cid in new_nodes}
    for card_id, (_, new) in texts.items():
        if card_id not in new_nodes or new_nodes[card_id][1] != new:
            raise WriteError(f"после правки текст карты «{card_id}» читается не так, как задумано")
    if not _same(old_root, new_root, changed):
        raise WriteError("после правки изменилось что-то, кроме текстов карт")


def _same(a, b, changed: set[int]) -> bool:
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    if type(a) is not type(b) or a.tag != b.tag:
        return False
    if isinstance(a, ScalarNode):
        return id(b) in changed or (a.value == b.value)
    if isinstance(a, SequenceNode):
        return len(a.value) == len(b.value) and all(_same(x, y, changed) for x, y in zip(a.value, b.value))
    if isinstance(a, MappingNode):
        return len(a.value) == len(b.value) and all(
            _same(k1, k2, changed) and _same(v1, v2, changed)
            for (k1, v1), (k2, v2) in zip(a.value, b.value))
    return True
