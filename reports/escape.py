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
* `guard_line_starts(text)` — for every text the tool prints (the CLI runs all
  of its standard output and error through it, `cli/safe_output.py`): a line
  that would start, after its blanks, with `::` (a GitHub Actions workflow
  command) or `##[` (Azure Pipelines' form) gets that first character named
  (`<U+003A COLON>:error …`); a CR counts as a line break, as CI runners
  count it. Card texts, rulings, names, paths and config keys come from other
  people's files: with this in one place no command can print a forged
  annotation, and a multi-line text stays readable, lines as they are.
"""
from __future__ import annotations

import json
import re

_SURROGATE = re.compile(r"[\ud800-\udfff]")


def visible(text: str, keep: str = "") -> str:
    """`text` with every invisible character named; characters in `keep` stay as they are."""
    if text.isprintable():
        return text
    if "\n" in keep:               # line by line: a printable line is kept whole (a long text is fast)
        return "\n".join(line if line.isprintable() else _named(line, keep) for line in text.split("\n"))
    return _named(text, keep)


def _named(text: str, keep: str) -> str:
    from berserk_judge.cardbase.chars import is_invisible     # here: every command imports this module

    return "".join(ch if ch in keep or not (ch == "\n" or is_invisible(ch)) else _name(ch) for ch in text)


def _name(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte kept by the file-system encoding
        return f"<байт 0x{code - 0xDC00:02X}>"
    from berserk_judge.cardbase.chars import describe_char

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


# What CI runners take for a line break (CR alone too), and for blanks before a command
# (.NET's TrimStart: every Unicode space; zero-width ones added, they are invisible too).
_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_BLANKS = r"[\s\u200b\u200c\u200d\u2060\ufeff]"
_TOKEN_AHEAD = r"([:#])(?=:|#\[)"
_TOKEN_NAMES = {":": "<U+003A COLON>", "#": "<U+0023 NUMBER SIGN>"}   # as cardbase.chars names them
_AT_BREAK = re.compile(rf"(?<=[{_BREAKS}])({_BLANKS}*){_TOKEN_AHEAD}")
_AT_START = re.compile(rf"(?:\A|(?<=[{_BREAKS}]))({_BLANKS}*){_TOKEN_AHEAD}")
_OPEN_END = re.compile(rf"(?:\A|(?<=[{_BREAKS}])){_BLANKS}*(:|#|##)\Z")      # `:` or `#` may still become one
_ALL_BLANK = re.compile(rf"{_BLANKS}*")


def guard_line_starts(text: str, at_line_start: bool = True) -> tuple[str, bool, str]:
    """(`text` with every line start that a CI runner would read as a command named, whether the
    end of `text` is still the blank start of a line, the characters held back at its end).

    `at_line_start`: whether `text` continues a line that holds only blanks so far. The held
    back characters — a `:`, `#` or `##` after blanks at the end, which the next text may turn
    into `::` or `##[` — are not in the result: the caller puts them in front of its next text
    (or prints them as they are when nothing follows)."""
    pattern = _AT_START if at_line_start else _AT_BREAK
    # a token is `:` or `#` before `:` or `#[`: a text holding none of "::", "#:", "#[" has none
    # (a lint report is one write of thousands of lines, each with a `:`; the look-behind of the
    # patterns is tried at every character of it)
    safe = pattern.sub(_named_token, text) if ("::" in text or "#:" in text or "#[" in text) else text
    # where the last line of `text` starts (a text ending in a break, as a report does, is not searched)
    after_break = len(text) if text and text[-1] in _BREAKS else max(text.rfind(ch) for ch in _BREAKS) + 1
    line = text[after_break:]
    starts_line = after_break > 0 or at_line_start
    held = ""
    if starts_line:
        open_end = _OPEN_END.search(line)
        if open_end is not None:
            held = open_end.group(1)
            safe = safe[:len(safe) - len(held)]
            line = line[:len(line) - len(held)]
    return safe, starts_line and _ALL_BLANK.fullmatch(line) is not None, held


def _named_token(match: re.Match) -> str:
    return match.group(1) + _TOKEN_NAMES[match.group(2)]


def safe_lines(text: str) -> str:
    """A whole text with no line that a CI runner would read as a command (guard_line_starts)."""
    safe, _, held = guard_line_starts(text)
    return safe + held
