"""How much of a card base the feature reader reads completely.

A feature is read when its kind is known and the connective grammar accepts
its tokens (every character of the effect belongs to an ability, a
connective or an annotation); anything else is listed with where it stands.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from berserk_judge.parser.reader.features import Feature, read_card


@dataclass
class Unread:
    """One feature not read completely."""

    card: str
    name: str
    path: str
    line: int
    column: int
    text: str          # the feature
    unread: str        # the part not read
    message: str       # why (Russian)


@dataclass
class FileCoverage:
    path: str
    features: int = 0
    read: int = 0
    unread: list[Unread] = field(default_factory=list)

    @property
    def percent(self) -> float:
        return 100.0 * self.read / self.features if self.features else 100.0


def _message(feature: Feature) -> str:
    if feature.kind == "unknown":
        return "вид особенности не определён: не найден конец условия или эффект"
    if feature.error is not None:
        return feature.error.message
    for granted in feature.granted:
        if not granted.read_completely:
            return "не прочитана выдаваемая особенность: " + _message(granted)
    return "прочитано не полностью"


def _first_unread(feature: Feature) -> tuple[int, int]:
    if feature.unread:
        return feature.unread[0]
    for granted in feature.granted:
        if not granted.read_completely:
            return _first_unread(granted)
    return feature.span


def cover(cards, locate=None) -> list[FileCoverage]:
    """Coverage per file (in order of first appearance); `locate(card, offset)` → (line, column)."""
    files: dict[str, FileCoverage] = {}
    for card in cards:
        path = card.path
        entry = files.setdefault(path, FileCoverage(path))
        for feature in read_card(card):
            entry.features += 1
            if feature.read_completely:
                entry.read += 1
                continue
            start, end = _first_unread(feature)
            line, column = locate(card, start) if locate else card.locate(start)
            entry.unread.append(Unread(card.id, card.name, path, line, column, feature.text,
                                       card.text[start:end], _message(feature)))
    return list(files.values())
