"""Loading a rulebook folder: every `*.txt` file split into numbered rules.

A rule starts on a line that opens with its number (`505.6. Если …`,
`506. Движение.`) and runs up to the next such line, its examples included.
Text before a file's first number is kept as an unnumbered rule, attributed to
the section of the first numbered rule that follows it (the 505 extracts open
with the priority list and the worked examples).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_NUMBER = re.compile(r"^\s*(\d{3}(?:\.\d+)*)\.(?=\s|$)")


class RulebookError(Exception):
    """A rulebook folder that cannot be used; the message is Russian and names the path."""


@dataclass(frozen=True)
class Rule:
    """One rule: its number (None for an unnumbered passage), text, file and line."""

    number: str | None
    text: str
    source: str          # file name, the label shown beside the rule
    line: int            # 1-based line of the rule's first line in its file
    section: str | None  # "505" for 505.6 and for the unnumbered 505 passage

    @property
    def own_text(self) -> str:
        """The rule without its examples: what a short quote shows."""
        body = _NUMBER.sub("", self.text, count=1).strip()
        cut = re.search(r"\n\s*(?:ПРИМЕР|Например)", body)
        return (body[:cut.start()] if cut else body).strip()

    @property
    def label(self) -> str:
        if self.number:
            return self.number
        return f"{self.section}, без номера" if self.section else "без номера"


@dataclass
class Rulebook:
    """All rules of a folder, file by file in name order."""

    folder: str
    rules: list[Rule] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


def split_rules(text: str, source: str) -> list[Rule]:
    """The rules of one file, in order."""
    pieces: list[tuple[str | None, int, list[str]]] = []
    for index, line in enumerate(text.splitlines(), start=1):
        match = _NUMBER.match(line)
        if match or not pieces:
            pieces.append((match.group(1) if match else None, index, []))
        pieces[-1][2].append(line)
    rules: list[Rule] = []
    for position, (number, line, lines) in enumerate(pieces):
        body = "\n".join(lines).strip()
        if not body:
            continue
        section = number.split(".")[0] if number else _next_section(pieces, position)
        rules.append(Rule(number, body, source, line, section))
    return rules


def _next_section(pieces, position: int) -> str | None:
    for number, _, _ in pieces[position + 1:]:
        if number:
            return number.split(".")[0]
    return None


def load_rulebook(folder: str | Path) -> Rulebook:
    """Every `*.txt` file of the folder; RulebookError when there is nothing to read."""
    path = Path(folder)
    if not path.exists():
        raise RulebookError(f"{path}: папка свода правил не найдена")
    if not path.is_dir():
        raise RulebookError(f"{path}: это не папка; ожидается папка с файлами правил *.txt")
    files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() == ".txt")
    if not files:
        raise RulebookError(f"{path}: в папке нет файлов правил *.txt")
    book = Rulebook(str(path))
    for file in files:
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RulebookError(f"{file}: не удалось прочитать файл правил ({exc})") from None
        book.files.append(file.name)
        book.rules.extend(split_rules(text, file.name))
    return book
