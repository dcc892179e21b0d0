"""What the card index keeps of a card: everything `card` and `explain --card` show.

`CardDigester` is the index's producer (`cardbase.index.Producer`). Building
the index does for every card only what a search and a match need: it loads
one card file, reads each card once (the kinds of its features go to the
catalogue, for `kind:`) and stores, per card, the card's own fields. What a
lookup shows of a card — the lines of its features block, the feature records
of `canon --format json`, the explanation payload (without quotes: they come
from the rulebook given at the time of the call), its findings under the
settings in use and a reading signature that tells printings apart — costs as
much again as the reading, and a lookup shows a few cards: these views are
made by `digest_views` for the cards shown, from the bytes the entry was keyed
by, and kept in the index (`cardbase.index.IndexedBase.records`). Its
fingerprint covers the code of every package that shapes these and the
settings, so the index is rebuilt when either changes.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from berserk_judge.cardbase.index import FileDigest
from berserk_judge.cardbase.lookup import entry_of

FORMAT = 2    # bump when a record's or a view's layout changes
_PACKAGES = ("cardbase", "parser", "lint", "reports", "explain", "russian")
_TYPOGRAPHY = re.compile(r"[\s«»\"'„“”.,:;!?()\-‐‑‒–—―]+")


def code_fingerprint() -> str:
    """The size and time of every module of the packages a record depends on (an installed new
    version changes them; importlib.metadata is not asked, it costs more than the whole lookup)."""
    digest = hashlib.sha256(f"card-digest {FORMAT}".encode())
    root = Path(__file__).resolve().parent.parent
    for package in _PACKAGES:
        for path, size, mtime in sorted(_modules(os.path.join(root, package))):
            digest.update(f"{os.path.relpath(path, root)}:{size}:{mtime};".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _modules(folder: str):
    """(path, size, mtime) of the code files under a folder (os.scandir: no path objects, one stat each)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if entry.name != "__pycache__":
                yield from _modules(entry.path)
        elif entry.name.endswith((".py", ".lark", ".json", ".yaml")):
            info = entry.stat()
            yield entry.path, info.st_size, info.st_mtime_ns


def settings_fingerprint(settings) -> str:
    """What of the settings reaches a card's findings."""
    from berserk_judge.lint.rules.bj6_rulings import rulebook_stamp

    # BJ601 judges rulings against the rulebook: its files are part of what the findings depend on
    return repr((settings.layers, sorted(settings.per_file_ignores.items()),
                 sorted((k, v.label) for k, v in settings.severity_overrides.items()),
                 settings.threshold.label, str(settings.root),
                 settings.rulebook, rulebook_stamp(settings.rulebook)))


def reading_signature(features, records=None) -> str:
    """The readings of a text with typography folded (case, ё, spaces, quotes, dashes, punctuation):
    two printings with the same signature read alike. `records`: the features' `canon` records
    when made already (their readings are not worked out again)."""
    from berserk_judge.parser import reading_strings

    def folded(text) -> str:
        return _TYPOGRAPHY.sub("", (text or "").casefold().replace("ё", "е"))

    parts = []
    for n, feature in enumerate(features):
        if feature.kind == "errata":
            continue
        record = records[n] if records is not None else None
        if feature.reading is None:
            readings = [feature.text]
        else:
            readings = record["readings"] if record is not None else reading_strings(feature)
        granted = ""
        if feature.granted:
            granted = reading_signature(feature.granted, record["granted"] if record is not None else None)
        parts.append([feature.kind, folded(feature.payment), folded(feature.condition), folded(feature.label),
                      [folded(r) for r in readings], granted])
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode()).hexdigest()[:16]


class CardDigester:
    """The producer of the card index under one set of lint settings.

    A card file is loaded once from the bytes the index keyed it by and each card read
    once (the kinds of its features are what a search needs of the reading); each record
    is encoded once (msgspec), never round-tripped through JSON. The views of a card
    (`VIEWS`: its features shown, its explanation, its findings) are made only when it
    is shown (`digest_views`), with one checker per process."""

    VIEWS = ("feature_lines", "features", "explain", "reading", "findings", "finding_lines")

    def __init__(self, settings):
        self.settings = settings
        self.fingerprint = hashlib.sha256(
            f"{code_fingerprint()}\0{settings_fingerprint(settings)}".encode()).hexdigest()
        self._checker = None
        self._features = None

    def __getstate__(self):
        return {"settings": self.settings, "fingerprint": self.fingerprint}   # the checker is per process

    def __setstate__(self, state):
        self.__dict__.update(state, _checker=None, _features=None)

    def warm_up(self) -> None:
        """Load the reader before workers fork (they share it)."""
        from berserk_judge.parser import warm_up

        warm_up()

    def _check(self):
        if self._checker is None:
            from berserk_judge.lint.engine import CardChecker

            self._checker = CardChecker(self.settings, lambda _card: self._features)
        return self._checker

    def digest_file(self, path: str) -> FileDigest:
        return self.digest_raw(path, None)

    def digest_raw(self, path: str, raw: bytes | None) -> FileDigest:
        from berserk_judge.cardbase.load import load_file
        from berserk_judge.parser import read_card

        base = load_file(path, raw=raw)
        digest = FileDigest(problems=[_problem(p) for p in base.problems])
        for card in base.cards:
            kinds = tuple(dict.fromkeys(f.kind for f in read_card(card)))     # for `kind:`
            record = {"card": {"id": card.id, "name": card.name, "set": card.set_id, "set_name": card.set_name,
                               "line": card.line, "fields": card.fields, "text": card.text,
                               "rulings": [ruling.to_dict() for ruling in card.rulings]}}
            digest.cards.append((entry_of(card, kinds), _encode(record)))
        return digest

    def digest_views(self, path: str, raw: bytes, positions) -> dict[int, bytes]:
        """The views (`VIEWS`, and the card's id) of the cards at `positions` (their places in
        the file) of a card file, from the bytes its entry was keyed by, as JSON bytes;
        IndexError for a place the file does not have."""
        from berserk_judge.cardbase.load import load_file
        from berserk_judge.explain.lines import class_names
        from berserk_judge.parser import read_card

        base = load_file(path, raw=raw)
        classes = class_names(base.cards)   # the file's class data: an entry depends on its own bytes only
        out = {}
        for position in positions:
            card = base.cards[position]
            features = read_card(card)
            view = card_views(card, features, classes)
            view.update(self.findings(card, features, [p for p in base.problems if p.card_id == card.id]))
            out[position] = _encode(view)
        return out

    def findings(self, card, features, problems) -> dict:
        """The findings of one card checked on its own, as a base of one card (what `card`
        shows does not depend on the rest of the base): as dicts and as the lines of the view."""
        from berserk_judge.cardbase.model import CardBase
        from berserk_judge.lint.engine import lint_base
        from berserk_judge.reports.card_view import finding_line

        self._features = features
        try:
            one = CardBase(cards=[card], problems=list(problems), paths=[card.path])
            found = lint_base(one, self.settings, checker=self._check()).findings
        finally:
            self._features = None
        return {"findings": [f.to_dict() for f in found], "finding_lines": [finding_line(f) for f in found]}

    @staticmethod
    def valid_record(record: dict) -> bool:
        """A stored record has what `card` and `explain --card` read of it (else it is rebuilt)."""
        card = record.get("card")
        return (isinstance(card, dict) and all(isinstance(card.get(k), str) for k in ("id", "name", "set", "set_name"))
                and isinstance(card.get("fields"), dict) and isinstance(card.get("line"), int)
                and (card.get("text") is None or isinstance(card.get("text"), str)))

    @staticmethod
    def valid_view(view) -> bool:
        """A stored view has what `card` and `explain --card` read of it (else it is made again)."""
        return (isinstance(view, dict) and isinstance(view.get("id"), str)
                and isinstance(view.get("feature_lines"), list) and all(isinstance(x, str) for x in view["feature_lines"])
                and isinstance(view.get("features"), list) and all(isinstance(x, dict) for x in view["features"])
                and isinstance(view.get("explain"), dict) and isinstance(view["explain"].get("features"), list)
                and isinstance(view.get("reading"), str)
                and isinstance(view.get("findings"), list) and all(isinstance(x, dict) for x in view["findings"])
                and isinstance(view.get("finding_lines"), list)
                and all(isinstance(x, str) for x in view["finding_lines"]))


def card_views(card, features, classes=()) -> dict:
    """What `card` and `explain --card` show of a card's read features: the lines of its
    features block, their `canon` records, its explanation, its reading signature."""
    from berserk_judge.explain import explain_features, payload
    from berserk_judge.reports.canon import feature_record
    from berserk_judge.reports.card_view import feature_lines

    records = [feature_record(f) for f in features]
    return {"id": card.id, "feature_lines": feature_lines(features, card.text), "features": records,
            "explain": payload(explain_features(features, card_name=card.name, classes=classes), card.id),
            "reading": reading_signature(features, records)}


def _encode(record: dict) -> bytes:
    """JSON bytes of a record; values JSON lacks (dates in a card's fields) as their str, an
    integer of thousands of digits as its hex (`cardbase.lookup.json_safe`)."""
    import msgspec

    from berserk_judge.cardbase.lookup import json_safe

    try:
        return msgspec.json.encode(record, enc_hook=str)
    except (TypeError, ValueError, OverflowError, msgspec.EncodeError):   # lone surrogates, huge ints, odd keys
        return json.dumps(json_safe(record), ensure_ascii=False, default=str).encode("utf-8", "surrogatepass")


def _problem(problem) -> dict:
    return {"path": problem.path, "line": problem.line, "column": problem.column, "message": problem.message,
            "card_id": problem.card_id, "kind": problem.kind}
