"""Loading a rulebook folder: every `*.txt` file split into numbered rules.

A rule starts on a line that opens with its number (`505.6. Если …`,
`506. Движение.`) and runs up to the next such line, its examples included.
Text before a file's first number is kept as an unnumbered rule, attributed to
the section of the first numbered rule that follows it (the 505 extracts open
with the priority list and the worked examples); such a passage may carry a
stable name (`rulebook.names`: the payment paragraph is 505.3).

A file that is not UTF-8 text (a binary file, a cp1251 export) is skipped
with a Russian message naming it, as the card loader does with card files:
one bad file never disables the rest of the folder.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from berserk_judge.rulebook.names import stable_name

_NUMBER = re.compile(r"^\s*(\d{3}(?:\.\d+)*)\.(?=\s|$)")


class RulebookError(Exception):
    """A rulebook folder that cannot be used; the message is Russian and names the path."""


@dataclass(frozen=True)
class Rule:
    """One rule: its number (None for an unnumbered passage), text, file and line."""

    number: str | None
    text: str
    source: str          # file name
    line: int            # 1-based line of the rule's first line in its file
    section: str | None  # "505" for 505.6 and for the unnumbered 505 passage
    alias: str | None = None   # stable name of an unnumbered passage ("505.3")
    example: int | None = None  # this is only the rule's example N (0: its examples), as `505, пример 2` asks

    @property
    def own_text(self) -> str:
        """The rule without its examples: what a short quote shows."""
        body = _NUMBER.sub("", self.text, count=1).strip()
        cut = re.search(r"\n\s*(?:ПРИМЕР|Например)", body)
        return (body[:cut.start()] if cut else body).strip()

    @property
    def cited_number(self) -> str | None:
        """The number a citation uses: the printed one, else the stable name."""
        return self.number or self.alias

    @property
    def label(self) -> str:
        if self.example is not None:
            base = self.cited_number or self.section or "без номера"
            return f"{base}, пример" + (f" {self.example}" if self.example else "")
        if self.number:
            return self.number
        if self.alias:
            return f"{self.alias} (в тексте без номера)"
        return f"{self.section}, без номера" if self.section else "без номера"


@dataclass
class Rulebook:
    """All rules of a folder, file by file in name order."""

    folder: str
    rules: list[Rule] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)       # Russian messages, one per skipped file
    editions: dict[str, str] = field(default_factory=dict)  # file name -> readable label

    def edition(self, rule: Rule) -> str:
        """The readable label of the file a rule comes from."""
        return self.editions.get(rule.source, rule.source)


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
        alias = None if number else stable_name(body)
        rules.append(Rule(number, body, source, line, section, alias))
    return rules


def _next_section(pieces, position: int) -> str | None:
    for number, _, _ in pieces[position + 1:]:
        if number:
            return number.split(".")[0]
    return None


def read_rule_file(file: Path) -> tuple[str | None, str | None]:
    """(text, None) of a readable UTF-8 text file, or (None, the Russian reason it is skipped)."""
    from berserk_judge.cardbase.oserror import describe_os_error, regular_file_problem

    reason = regular_file_problem(str(file))
    if reason is not None:
        return None, reason
    try:
        raw = file.read_bytes()
    except OSError as exc:
        return None, describe_os_error(exc)
    if b"\0" in raw:
        return None, "двоичный файл, а не текст; ожидается текст правил в UTF-8"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        return None, (f"файл не в кодировке UTF-8: байт 0x{raw[exc.start]:02X} в строке {line} не читается; "
                      f"ожидается текст в UTF-8 (пересохраните файл в UTF-8)")
    return text.lstrip("\ufeff"), None


def load_rulebook(folder: str | Path) -> Rulebook:
    """Every readable `*.txt` file of the folder; RulebookError when there is nothing to read."""
    from berserk_judge.rulebook.editions import edition_labels

    path = Path(folder)
    if not path.exists():
        raise RulebookError(f"{path}: папка свода правил не найдена")
    if not path.is_dir():
        raise RulebookError(f"{path}: это не папка; ожидается папка с файлами правил *.txt")
    files = sorted(p for p in path.iterdir() if p.suffix.lower() == ".txt" and not p.is_dir())
    if not files:
        raise RulebookError(f"{path}: в папке нет файлов правил *.txt")
    book = Rulebook(str(path))
    for file in files:
        text, reason = read_rule_file(file)
        if text is None:
            book.skipped.append(f"{file}: файл правил пропущен: {reason}")
            continue
        book.files.append(file.name)
        book.rules.extend(split_rules(text, file.name))
    if not book.files:
        error = RulebookError(f"{path}: ни один файл правил не прочитан:\n" + "\n".join(book.skipped))
        error.head, error.lines = f"{path}: ни один файл правил не прочитан:", list(book.skipped)
        raise error
    book.editions = edition_labels(book)
    return book
