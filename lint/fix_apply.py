"""Applying fixes to a card base: passes to a fixed point, behind the reading guard.

`fix_base(base, settings, unsafe)` lints the base, applies the fixes of each
card (non-overlapping, in text order), lints again and repeats until no fix
applies (at most MAX_PASSES times, as Ruff does). Pure: it returns the new
texts and the findings; writing files is `cardbase.write`'s job.

The reading guard makes "safe" a promise: after a card's safe fixes are
applied the card is read again, and if any feature's tree, kind, payment,
condition, label, ability type, ambiguity or granted features changed (words
compared without spaces, punctuation, dash and quote shapes or Latin
lookalikes, so the typographic change itself does not count), the fixes that
change it are demoted to unsafe, with the reason, and not applied.
"""
from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from berserk_judge.cardbase.model import Card, CardBase, TextLine
from berserk_judge.lint.config import Settings
from berserk_judge.lint.engine import LintResult, lint_base
from berserk_judge.lint.finding import Finding
from berserk_judge.lint.fix_model import Fix, apply_edits

MAX_PASSES = 10


@dataclass
class FixOutcome:
    """What fixing did: the new texts, what was fixed, what remains."""

    texts: dict[str, str] = field(default_factory=dict)      # card id -> new text (changed cards only)
    originals: dict[str, Card] = field(default_factory=dict)  # card id -> the card as loaded
    fixed: list[Finding] = field(default_factory=list)        # findings whose fix was applied
    result: LintResult | None = None                          # findings left in the new texts
    passes: int = 0
    unsafe: bool = False
    reported: list[Finding] = field(default_factory=list)    # the first lint's findings whose fix --fix may apply

    def accounting(self, skip_cards: set[str] = frozenset()) -> tuple[int, int]:
        """(reported findings fixed, findings fixed that the first lint never reported).

        The summary of a plain lint predicts the first number: the findings it shows with a
        fix of this applicability. A reported finding counts as fixed when it is gone from the
        fixed text — by its own fix, or by an overlapping fix that removed it. A fix can also
        open a new finding with a fix of its own (a dash inserted where two spaces were, a
        Latin letter replaced so that a word becomes readable); later passes fix those too,
        and they are the second number. A reported finding whose fix the reading guard
        demoted, or that the pass limit cut, remains: the summary says so."""
        def key(f: Finding) -> tuple:
            return (f.path, f.card, f.code, f.fix.title if f.fix is not None else None)

        before = Counter(key(f) for f in self.reported if f.card not in skip_cards)
        after = Counter(key(f) for f in self.remaining if f.card not in skip_cards)
        applied = Counter(key(f) for f in self.fixed if f.card not in skip_cards)
        reported_fixed = sum(max(0, n - after[k]) for k, n in before.items())
        return reported_fixed, sum(max(0, n - before[k]) for k, n in applied.items())

    @property
    def remaining(self) -> list[Finding]:
        return self.result.findings if self.result is not None else []

    @property
    def demoted(self) -> list[Finding]:
        return [f for f in self.remaining if f.fix is not None and f.fix.demoted]

    @property
    def unsafe_fixable(self) -> int:
        """Remaining findings that `--unsafe-fixes` would fix."""
        if self.unsafe:
            return 0
        return sum(1 for f in self.remaining if f.fix is not None and not f.fix.safe)

    @property
    def safe_fixable(self) -> int:
        """Findings with a safe fix (the ones `--fix` applies); after a
        fixed point only ones another fix overlapped or the pass limit cut."""
        return sum(1 for f in self.remaining if f.fix is not None and f.fix.safe)


def fix_base(base: CardBase, settings: Settings, unsafe: bool = False,
             max_passes: int = MAX_PASSES, guard: "ReadingGuard | None" = None,
             lint: Callable[[CardBase], LintResult] | None = None) -> FixOutcome:
    """Apply safe fixes (and unsafe ones when asked) until none applies.

    `guard` and `lint` let a caller that lints the same cards again and again
    (the language server) share its reading cache and its cached lint."""
    outcome = FixOutcome(unsafe=unsafe)
    guard = guard or ReadingGuard()
    lint = lint or (lambda current: lint_base(current, settings, reader=guard.read_card))
    current = base
    result = lint(current)
    outcome.reported = [f for f in result.findings if f.fix is not None and f.card is not None
                        and (unsafe or f.fix.safe)]
    while outcome.passes < max_passes:
        outcome.passes += 1
        by_card: dict[tuple[str, str], list[Finding]] = {}
        for finding in result.findings:
            if finding.fix is not None and finding.card is not None:
                by_card.setdefault((finding.path, finding.card), []).append(finding)
        cards, applied_any = [], False
        for card in current.cards:
            findings = by_card.get((card.path, card.id))
            if not findings:
                cards.append(card)
                continue
            text, applied = fix_card(card, findings, unsafe, guard)
            if applied:
                applied_any = True
                outcome.fixed.extend(applied)
                outcome.originals.setdefault(card.id, card)
                card = with_text(card, text)
            cards.append(card)
        if not applied_any:
            break
        current = dataclasses.replace(current, cards=cards)
        result = lint(current)
    outcome.result = result
    for card in current.cards:
        original = outcome.originals.get(card.id)
        if original is not None and card.text != original.text:
            outcome.texts[card.id] = card.text
    return outcome


def fix_card(card: Card, findings: list[Finding], unsafe: bool,
             guard: "ReadingGuard") -> tuple[str, list[Finding]]:
    """The card's new text and the findings whose fixes went into it."""
    owner = {id(f.fix): f for f in findings if f.fix is not None}
    safe = [f.fix for f in findings if f.fix is not None and f.fix.safe]
    risky = [f.fix for f in findings if f.fix is not None and not f.fix.safe]
    accepted = guard.check(card, safe)
    demoted = [f for f in safe if not any(f is a for a in accepted)]
    chosen = accepted + (risky + demoted if unsafe else [])
    text, applied = apply_edits(card.text, chosen)
    return text, [owner[id(fix)] for fix in applied]


def with_text(card: Card, text: str) -> Card:
    """The card with a new text; its lines keep their file places (fixes never
    add or remove a line break, so line i stays on the same file line)."""
    parts = text.split("\n")
    lines, offset = [], 0
    old = card.text_lines
    for index, part in enumerate(parts):
        source = old[index] if len(old) == len(parts) else (old[0] if old else None)
        line, column = (source.line, source.column) if source else (card.line, card.column)
        comment = source.comment if source and len(old) == len(parts) else None
        lines.append(TextLine(part, offset, line, column, comment))
        offset += len(part) + 1
    return dataclasses.replace(card, text=text, text_lines=lines)


class ReadingGuard:
    """Reads texts (cached by text) and keeps safe fixes that leave every reading as it was."""

    def __init__(self):
        self._features: dict[tuple[str, str], list] = {}
        self._cache: dict[tuple[str, str], tuple[tuple, tuple]] = {}

    def read_card(self, card: Card) -> list:
        """berserk_judge.parser.read_card, cached by text: the engine's passes and the guard
        share each reading (an unchanged card is read once per run)."""
        key = (card.text, card.name)
        if key not in self._features:
            from berserk_judge.parser import read_card

            self._features[key] = list(read_card(card))  # a crash propagates: the engine reports BJ002
        return self._features[key]

    def _read(self, text: str, name: str) -> tuple[tuple, tuple]:
        key = (text, name)
        if key not in self._cache:
            from berserk_judge.parser import canonical

            try:
                features = self.read_card(Card(id="", name=name, text=text))
                self._cache[key] = (tuple(feature_signature(f) for f in features),
                                    tuple(canonical(f.reading.tree) if f.reading else None for f in features))
            except Exception as exc:  # noqa: BLE001 - a reader bug: nothing counts as unchanged
                self._cache[key] = ((("crash", repr(exc)),), ())
        return self._cache[key]

    def signature(self, text: str, name: str) -> tuple:
        return self._read(text, name)[0]

    def change(self, old: str, new: str, name: str) -> str:
        """What reading the fixed text changes, in the user's words."""
        (before, forms_before), (after, forms_after) = self._read(old, name), self._read(new, name)
        return describe_change(before, after, forms_before, forms_after)

    def check(self, card: Card, fixes: list[Fix]) -> list[Fix]:
        """The fixes that may be applied; the others are demoted, with the reason."""
        if not fixes:
            return []
        before = self.signature(card.text, card.name)
        text, applied = apply_edits(card.text, fixes)
        if not applied or self.signature(text, card.name) == before:
            return fixes
        kept = []
        for fix in fixes:
            alone, _ = apply_edits(card.text, [fix])
            after = self.signature(alone, card.name)
            if after != before:
                fix.demote("исправление меняет прочтение карты: " + self.change(card.text, alone, card.name))
            else:
                kept.append(fix)
        text, applied = apply_edits(card.text, kept)
        after = self.signature(text, card.name)
        if applied and after != before:
            for fix in kept:
                fix.demote("вместе с другими исправлениями этой карты меняет её прочтение: "
                           + self.change(card.text, text, card.name))
            return []
        return kept


# --- what "the same reading" means ------------------------------------------

_HOMOGLYPHS = str.maketrans("aceopxyABCEHKMOPTXkmtb", "асеорхуАВСЕНКМОРТХкмтв")
_NOT_WORD = re.compile(r"[^\w{}]+")


def normalize(words: str | None) -> str | None:
    """Words without what typographic fixes change: spaces, punctuation,
    dashes, quotes, hyphens, Latin lookalikes."""
    if words is None:
        return None
    return _NOT_WORD.sub("", words.translate(_HOMOGLYPHS))


def tree_shape(node):
    """The tree as nested tuples, words normalized (spans never count)."""
    if node is None:
        return None
    if isinstance(node, str):
        return normalize(node)
    if isinstance(node, tuple):
        return tuple(tree_shape(item) for item in node)
    if dataclasses.is_dataclass(node):
        return (type(node).__name__,) + tuple(
            tree_shape(getattr(node, f.name)) for f in dataclasses.fields(node) if f.compare)
    return node


def feature_signature(feature) -> tuple:
    """What a feature means, for the guard: kind, parts, the default tree, the
    other readings, and the granted features."""
    reading = feature.reading
    readings = ()
    if reading is not None:
        readings = tuple((tree_shape(alt.tree), normalize(alt.condition), tuple(alt.pair_ids))
                         for alt in reading.alternatives)
    return (
        feature.kind,
        normalize(feature.payment), normalize(_condition_as_read(feature)), normalize(feature.label),
        normalize(feature.ability_type),
        tree_shape(reading.tree) if reading is not None else None,
        bool(reading is not None and reading.ambiguous),
        readings,
        feature.error is None,
        tuple(feature_signature(g) for g in feature.granted),
    )


def _condition_as_read(feature) -> str | None:
    """The condition's words with a misspelt opener as the reader reads it («Когла …» → «когда …»):
    fixing the typo (BJ206) keeps the reading."""
    typo = getattr(feature, "misspelt_opener", None)
    if typo is None or feature.condition_span is None or feature.condition is None:
        return feature.condition
    start, end, opener = typo
    at = start - feature.condition_span[0]
    written = feature.condition[at:at + end - start]
    opener = opener.capitalize() if written[:1].isupper() else opener
    return feature.condition[:at] + opener + feature.condition[at + end - start:]


_PARTS = ("kind", "другая оплата", "другое условие срабатывания", "другая метка",
          "другой тип способности", "tree", "ambiguous", "другие возможные прочтения", "read",
          "другие выданные особенности")


def describe_change(before: tuple, after: tuple, forms_before=(), forms_after=()) -> str:
    """The first difference, in the user's words."""
    if len(before) != len(after):
        return f"особенностей было {len(before)}, стало {len(after)}"
    for index, (old, new) in enumerate(zip(before, after)):
        if old == new:
            continue
        number = index + 1
        for part, a, b in zip(_PARTS, old, new):
            if a == b:
                continue
            if part == "kind":
                return f"особенность {number}: вид был «{a}», стал «{b}»"
            if part == "tree" and index < len(forms_before) and index < len(forms_after):
                was = forms_before[index] or "(не прочитана)"
                now = forms_after[index] or "(не прочитана)"
                return f"особенность {number}: было {was}, стало {now}"
            if part == "ambiguous":
                return f"особенность {number}: " + ("стала неоднозначной" if b else "перестала быть неоднозначной")
            if part == "read":
                return f"особенность {number}: " + ("стала читаться" if b else "перестала читаться")
            return f"особенность {number}: {part}"
    return "прочтение изменилось"
