"""Write values as YAML text by hand, so import output is byte-stable and exact.

A hand-written emitter, not ruamel's dumper: the import must give the same
bytes on every run and keep card text exactly (trailing and double spaces,
quotes, dashes, control characters), and the loader must be able to point at
every text line. So each style is chosen by a fixed rule:

* text with line breaks → literal block `|-`, one file line per text line,
  when YAML can hold it literally; otherwise a double-quoted one-liner;
* other strings → plain when obviously safe, else single-quoted, else
  double-quoted with escapes (control characters, U+2028, BOM, ...).
"""
from __future__ import annotations

import re
from typing import Any

_PLAIN_RE = re.compile(r"^[^\W\d_][\w .«»()-]*(?<! )$")
_RESERVED = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}
_BREAKS = "\n\r\x85\u2028\u2029"


def _printable(ch: str) -> bool:
    """Whether YAML may hold `ch` as is inside a quoted or block scalar."""
    code = ord(ch)
    if ch == "\t" or 0x20 <= code <= 0x7E:
        return True
    if code == 0xFEFF:
        return False
    return 0xA0 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or code >= 0x10000


def _all_printable(text: str) -> bool:
    return all(_printable(ch) for ch in text)


def _raw_ok(text: str) -> bool:
    """Printable and without the characters YAML reads as line breaks (U+2028, NEL, CR, ...)."""
    return _all_printable(text) and not any(ch in _BREAKS for ch in text)


def double_quoted(text: str) -> str:
    """A double-quoted scalar on one line, escaping what YAML cannot hold raw."""
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif _printable(ch) and ch not in _BREAKS:
            out.append(ch)
        elif ord(ch) <= 0xFF:
            out.append(f"\\x{ord(ch):02X}")
        else:
            out.append(f"\\u{ord(ch):04X}")
    return '"' + "".join(out) + '"'


def scalar(value: Any) -> str:
    """One scalar (string, number, bool, null) as YAML text on one line."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value)
    if _PLAIN_RE.match(text) and text.lower() not in _RESERVED:
        return text
    if _raw_ok(text):
        return "'" + text.replace("'", "''") + "'"
    return double_quoted(text)


def flow(value: Any) -> str:
    """A scalar or a list of scalars as flow YAML: `[1, 2, 3]`."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(scalar(item) for item in value) + "]"
    return scalar(value)


def literal_ok(text: str) -> bool:
    """Whether `text` survives a `|-` block exactly (see the module docstring)."""
    return (
        "\n" in text
        and not text.endswith("\n")
        and text[:1] not in ("", " ", "\t", "\n")
        and _raw_ok(text.replace("\n", ""))
    )


def text_value(text: str, indent: str) -> str:
    """The text of a card after `text:`: a block (with its lines) or one scalar."""
    if literal_ok(text):
        return "|-\n" + "\n".join(indent + line if line else "" for line in text.split("\n"))
    if text and _raw_ok(text):
        return "'" + text.replace("'", "''") + "'"
    return double_quoted(text) if text else "''"
