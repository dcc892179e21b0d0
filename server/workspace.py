"""The workspace as `lint` sees it: a file's settings, the base it belongs to,
and an index of that base's files.

Settings are `lint`'s: the nearest `berserk-judge.toml` or `pyproject.toml`
with `[tool.berserk-judge]` above the file; paths in it are relative to it.
The base is the configured `cardbase`, else the card files under the root
(the config's folder, else the editor's workspace folder holding the file),
exactly what `lint` without a path reads there. The index keeps each file's
cards without their line maps (ids for duplicates and go-to-definition,
texts for base-wide rules): a 10,000-card base costs a few megabytes.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from berserk_judge.cardbase.model import Card

YAML_SUFFIXES = (".yaml", ".yml")


def _stamps(folder: str) -> tuple:
    """(name, modification time) of every config file from `folder` up."""
    from berserk_judge.lint.config import CONFIG_NAME

    out = []
    directory = os.path.abspath(folder)
    while True:
        for name in (CONFIG_NAME, "pyproject.toml"):
            candidate = os.path.join(directory, name)
            try:
                out.append((candidate, os.stat(candidate).st_mtime_ns))
            except OSError:
                continue
        parent = os.path.dirname(directory)
        if parent == directory:
            return tuple(out)
        directory = parent


def real(path: str) -> str:
    """One spelling per file (links resolved), so paths compare as files."""
    return os.path.realpath(path)


@dataclass
class Scope:
    """What a file is linted with, and where its base is."""

    settings: object                  # lint.config.Settings
    root: str
    targets: tuple[str, ...] | None   # what `lint` would load; None: no base here
    error: str | None = None          # a config error (Russian); defaults are used meanwhile

    @property
    def key(self) -> tuple:
        return (self.root, self.targets)


def slim(card: Card) -> Card:
    """A card without its line map: what other files need of it (its rulings too: the hover of
    another print of its name shows them)."""
    position = card.field_positions.get("id")
    return Card(id=card.id, name=card.name, text=card.text, set_id=card.set_id, set_name=card.set_name,
                path=card.path, line=card.line, column=card.column,
                field_positions={"id": position} if position else {}, rulings=card.rulings)


def _joined(path: str, cards: list[Card]) -> Card:
    """A stand-in card holding the texts of a file's cards, one per line (its
    id cannot be a card's: it starts with a NUL)."""
    return Card(id=f"\0{path}", name="", text="\n".join(card.text for card in cards), path=path,
                line=cards[0].line, column=cards[0].column)


@dataclass
class BaseIndex:
    """The files of one base in `lint`'s order, each with its (slim) cards."""

    files: list[str] = field(default_factory=list)
    cards: dict[str, list[Card]] = field(default_factory=dict)
    ready: bool = False
    _joined: dict[str, Card] = field(default_factory=dict, repr=False)
    _versions: dict[str, int] = field(default_factory=dict, repr=False)   # bumped when a file's cards change
    _others: dict[tuple, tuple[tuple, list[Card]]] = field(default_factory=dict, repr=False)
    _ruled: dict[str, tuple[int, frozenset]] = field(default_factory=dict, repr=False)   # file → folded names with rulings

    def claimed_before(self, path: str) -> dict[str, Card]:
        """Ids of the files loaded before `path` (all files when it is not one of them)."""
        claimed: dict[str, Card] = {}
        for file in self.files:
            if file == path:
                break
            for card in self.cards.get(file, ()):
                claimed.setdefault(card.id, card)
        return claimed

    def _kept(self, path: str, own: set[str]):
        """(file, its cards `lint` keeps, whether that is all of them) for every
        other file; a repeated id is skipped, the document's ids `own` count at
        its place in the order."""
        seen: set[str] = set()
        for file in self.files:
            if file == path:
                seen |= own
                continue
            cards = self.cards.get(file, ())
            kept = [card for card in cards if card.id not in seen]
            seen.update(card.id for card in kept)
            if kept:
                yield file, kept, len(kept) == len(cards)

    def others(self, path: str, own: set[str]) -> list[Card]:
        """The other files' cards, as `lint` keeps them."""
        return [card for _, kept, _ in self._kept(path, own) for card in kept]

    def others_by_file(self, path: str, own: set[str]) -> list[Card]:
        """The same texts as `others`, one stand-in card per file holding them
        all, one per line: for base-wide rules that read a text line by line,
        fifty contexts instead of ten thousand."""
        key = (path, frozenset(own))
        versions = tuple(self._versions.get(file, 0) for file in self.files if file != path)
        known = self._others.get(key)
        if known is not None and known[0] == versions:
            return known[1]
        out: list[Card] = []
        for file, kept, whole in self._kept(path, own):
            if not whole:
                out.append(_joined(file, kept))
                continue
            joined = self._joined.get(file)
            if joined is None:
                joined = self._joined[file] = _joined(file, kept)
            out.append(joined)
        self._others = {key: (versions, out)}
        return out

    def changed(self, path: str) -> None:
        self._versions[path] = self._versions.get(path, 0) + 1
        self._joined.pop(path, None)

    def namesakes(self, name: str) -> list[Card]:
        """The cards of the base whose name folds as `name` does (cardbase.lookup.fold, as `card`
        compares names): a card's prints. Empty unless one of them has a ruling, which is what the
        hover wants them for: the names with rulings are kept per file, so a hover over a card
        without any folds no name (the whole base is folded only for a name with rulings)."""
        from berserk_judge.cardbase.lookup import fold

        key = fold(name or "")
        files = list(self.files)
        if not key or not any(key in self._ruled_names(file) for file in files):
            return []
        return [card for file in files for card in self.cards.get(file, ()) if fold(card.name or "") == key]

    def _ruled_names(self, path: str) -> frozenset:
        from berserk_judge.cardbase.lookup import fold

        version = self._versions.get(path, 0)
        known = self._ruled.get(path)
        if known is None or known[0] != version:
            names = frozenset(fold(card.name or "") for card in self.cards.get(path, ()) if card.rulings)
            known = self._ruled[path] = (version, names)
        return known[1]

    def find(self, card_id: str) -> list[Card]:
        return [card for file in self.files for card in self.cards.get(file, ()) if card.id == card_id]

    def update(self, path: str, cards: list[Card]) -> None:
        """An open document's cards, kept as they are: the document holds them
        anyway (a slim copy of each was 15 MB more for 20,000 cards), and a
        card with its line map is what `lint` itself would see."""
        if path not in self.cards and path not in self.files:
            self.files.append(path)
        self.cards[path] = list(cards)
        self.changed(path)

    def load(self, skip) -> Iterator[str]:
        """Load every file not in `skip` (open documents: a set, or a callable
        giving the set at each step, as documents open meanwhile), one per step."""
        from berserk_judge.cardbase.load import load_file

        for path in list(self.files):
            skipped = skip() if callable(skip) else skip
            if path not in skipped and path not in self.cards:
                self.cards[path] = [slim(card) for card in load_file(path).cards]
                self.changed(path)
            yield path
        self.ready = True


class Workspace:
    """Settings and base indexes of the editor's workspace folders."""

    def __init__(self, folders: list[str] | None = None):
        self.folders = [real(folder) for folder in folders or ()]
        self.indexes: dict[tuple, BaseIndex] = {}
        self._settings: dict[tuple, Scope] = {}
        self.editor: tuple = ()   # the editor's config-file keys, frozen (server.settings)

    def set_editor(self, table: tuple) -> bool:
        """The editor's settings changed: scopes and indexes are worked out again (True when they did)."""
        if table == self.editor:
            return False
        base = {key: value for key, value in table if key == "cardbase"}
        if base != {key: value for key, value in self.editor if key == "cardbase"}:
            self.indexes.clear()   # another base: listed and loaded again (the same one is kept)
        self.editor = table
        self._settings.clear()
        return True

    def scope_for(self, path: str) -> Scope:
        """The settings of a file and its base (cached while the config file is unchanged)."""
        from berserk_judge.lint.config import ConfigError, Settings, find_config, load_settings

        folder = os.path.dirname(path)
        # the config files that could apply, as they are now: a scope is worked
        # out again only when one of them appears, changes or goes
        stamps = (folder, self._folder_of(path), _stamps(folder), self.editor)
        scope = self._settings.get(stamps)
        if scope is not None:
            return scope
        error = None
        try:
            config = find_config(Path(folder))
        except ConfigError as exc:
            config, error = None, str(exc)
        root = str(config.parent) if config else self._folder_of(path) or folder
        key = (str(config), _stamps(str(config.parent)) if config else None, root, error, self.editor)
        scope = self._settings.get(key)
        if scope is None:
            from berserk_judge.server.settings import overlay, thawed

            try:
                settings = load_settings(cwd=Path(root)) if error is None else Settings(root=Path(root))
            except ConfigError as exc:
                settings, error = Settings(root=Path(root)), str(exc)
            try:
                overlay(settings, thawed(self.editor), Path(root))
            except ConfigError as exc:
                error = f"настройки редактора: {exc}"
            scope = self._settings[key] = Scope(settings, root, self._targets(settings, root), error)
        self._settings[stamps] = scope
        return scope

    def _folder_of(self, path: str) -> str | None:
        inside = [f for f in self.folders if path == f or path.startswith(f.rstrip(os.sep) + os.sep)]
        return max(inside, key=len) if inside else None

    @staticmethod
    def _targets(settings, root: str) -> tuple[str, ...] | None:
        if settings.cardbase:
            return tuple(real(str(Path(root) / p)) for p in settings.cardbase)
        return (root,)

    def in_base(self, scope: Scope, path: str, text: str) -> bool:
        """Whether `lint` would read this file as part of the base (judged on
        the buffer's text, so a new unsaved card file counts)."""
        from berserk_judge.cardbase.discover import has_cards_key, searched

        if not path.lower().endswith(YAML_SUFFIXES) or not has_cards_key(text):
            return False
        if scope.targets is None:
            return False
        if scope.settings.cardbase:
            # a configured folder means the card files directly in it (cardbase.load.expand_paths)
            return any(path == target or os.path.dirname(path) == target for target in scope.targets)
        relative = os.path.relpath(path, scope.root)
        if relative.startswith(os.pardir + os.sep) or os.path.isabs(relative):
            return False
        return all(searched(part) for part in Path(relative).parts[:-1])

    def index_for(self, scope: Scope) -> BaseIndex:
        """The index of a scope's base (files listed now, cards loaded by `BaseIndex.load`)."""
        index = self.indexes.get(scope.key)
        if index is None:
            index = self.indexes[scope.key] = BaseIndex(self._base_files(scope))
        return index

    @staticmethod
    def _base_files(scope: Scope) -> list[str]:
        from berserk_judge.cardbase.discover import default_targets
        from berserk_judge.cardbase.load import expand_paths

        if scope.settings.cardbase:
            targets = list(scope.targets or ())
        else:
            targets, _, _ = default_targets([], None, scope.root)
            if targets is None:
                return []
            targets = [os.path.join(scope.root, t) if not os.path.isabs(t) else t for t in targets]
        return [real(path) for path, problem in expand_paths(targets) if problem is None]

    def forget(self, path: str) -> None:
        """A file changed on disk (or its editor closed): what may hold it is read again —
        its cards; the list of files when it is a new one; everything for a config file."""
        if path.endswith(".toml"):
            self._settings.clear()
            self.indexes.clear()
            return
        for key, index in list(self.indexes.items()):
            if path in index.files:
                index.cards.pop(path, None)
                index.changed(path)
                index.ready = False
            elif path.lower().endswith(YAML_SUFFIXES):
                del self.indexes[key]   # perhaps a new card file: list the base again
