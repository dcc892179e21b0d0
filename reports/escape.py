"""Card ids, names and paths made safe to print, in every non-HTML format.

They come from the user's files (a YAML id may hold any character, a file
name any byte but «/»), and a line break in one would let it start a line of
its own: in CI logs a line starting with `::error …` is a GitHub Actions
workflow command, so a card id could forge annotations, and a NUL or an
escape sequence reaches the terminal raw. So:

* `visible(text)` — for text output: every character a reader cannot see
  (line breaks, controls, format characters, lone surrogates) is named in
  angle brackets as the rest of the project names them (`<U+000A LINE FEED>`,
  `cardbase.chars`); a byte of a file name that is not UTF-8 (Python keeps it
  as a lone surrogate) is shown as `<байт 0xFF>`. The result is one line.
* `line_start_safe(path)` — a relative path that would put `::` at the start
  of a line gets `./` in front.
* `json_text(obj)` — valid UTF-8 JSON always: a file name's byte that is not
  UTF-8 is written `%XX` (as in SARIF), never as a lone surrogate; control
  characters, NUL included, are escaped by the encoder itself (`\\u0000`).
"""
from __future__ import annotations

import json
import re

from berserk_judge.cardbase.chars import describe_char, is_invisible

_SURROGATE = re.compile(r"[\ud800-\udfff]")


def visible(text: str, keep: str = "") -> str:
    """`text` with every invisible character named; characters in `keep` stay as they are."""
    if text.isprintable():
        return text
    return "".join(ch if ch in keep or not (ch == "\n" or is_invisible(ch)) else _name(ch) for ch in text)


def _name(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte kept by the file-system encoding
        return f"<байт 0x{code - 0xDC00:02X}>"
    return f"<{describe_char(ch)}>"


def line_start_safe(path: str) -> str:
    """A path that cannot begin a workflow command when it starts a line."""
    return "./" + path if path.lstrip(" \t").startswith("::") else path


def json_text(obj, indent: int | None = 2) -> str:
    """`json.dumps(obj, ensure_ascii=False)` that is always valid UTF-8 JSON, for
    strict parsers too: a byte of a file name that is not UTF-8 (Python keeps it
    as a lone surrogate U+DC80–U+DCFF) is written `%XX`, as SARIF's URIs write it
    (`bad\\xffname.yaml` → `bad%FFname.yaml`); any other lone surrogate — never
    text — becomes U+FFFD. A `\\udcff` escape would be a lone surrogate still,
    which strict parsers (Go, serde, I-JSON) reject."""
    text = json.dumps(obj, ensure_ascii=False, indent=indent)
    if _SURROGATE.search(text) is None:
        return text
    return _SURROGATE.sub(_surrogate_escape, text)


def _surrogate_escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"%{code - 0xDC00:02X}" if 0xDC80 <= code <= 0xDCFF else "\ufffd"
