"""Step-by-step explanations generated from a feature's reading tree.

Every statement comes from the phrase table (`explain.phrases`) and ends with
the rule numbers of `explain.rulemap`; nothing here is written per card.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from explain.phrases import FEATURE, NODE
from explain.rulemap import cite, numbers, quote

_ABSTRACT_LABEL = re.compile(r"[СC]\d+")
_X = re.compile(r"(?<![\w{])[XХxх](?![\w}])")
_WHERE_X = re.compile(r"где\s+[XХ]\b", re.I)
_LIMIT_ONLY = re.compile(r"[^{}]*\bраз[а]?\b[^{}]*", re.I)
_TRIGGER_WORD = re.compile(r"\s*(при|если|когда|после|до|в\s+начале|в\s+конце)(?!\w)", re.I)


@dataclass
class Step:
    """One statement: a Russian sentence ending with its rule numbers."""

    text: str
    rules: tuple[str, ...]
    depth: int = 0
    quote: str | None = None


@dataclass
class FeatureExplanation:
    """A feature and one explanation per reading: (canonical form heading, steps)."""

    feature: object
    readings: list[tuple[str, list[Step]]] = field(default_factory=list)


class _Builder:
    """Collects the steps of one reading of one feature."""

    def __init__(self, feature, rulebook, kind_topic: str):
        self.feature = feature
        self.rulebook = rulebook
        self.kind_topic = kind_topic
        self.steps: list[Step] = []
        self.quoted: set[str] = set()      # a rule is quoted once per reading

    def say(self, table: dict, key: str, depth: int, prefix: str = "", **fields) -> None:
        template, topics = table[key]
        topics = topics or (self.kind_topic,)
        text = template.format(**fields)
        if prefix:
            lower = len(text) > 1 and text[0].isupper() and text[1].islower()
            text = prefix + (text[:1].lower() + text[1:] if lower else text)
        text = f"{text} {cite(*topics)}"
        fresh = [t for t in dict.fromkeys(topics) if t not in self.quoted]
        self.quoted.update(fresh)
        quotes = [q for q in (quote(self.rulebook, t) for t in fresh) if q]
        self.steps.append(Step(text, numbers(*topics), depth, "\n".join(quotes) or None))


def name(node) -> str:
    """How a statement names a part of the tree: С1, «words» or its canonical form."""
    from parser import Atom, canonical

    if isinstance(node, Atom):
        return node.text if _ABSTRACT_LABEL.fullmatch(node.text) else f"«{node.text}»"
    return canonical(node, atom_text=lambda a: a.text if _ABSTRACT_LABEL.fullmatch(a.text) else a.text)


def _listing(items, word: str = "и") -> str:
    names = [name(i) for i in items]
    return ", ".join(names[:-1]) + f" {word} " + names[-1] if len(names) > 1 else names[0]


def _has_x(node, payment: str | None) -> bool:
    from parser import atoms

    return any(_X.search(a.text) for a in atoms(node))


def explain_node(b: _Builder, node, depth: int, prefix: str = "", optional: bool = False) -> None:
    """The steps of one node, then of its compound children one level deeper."""
    from parser import (All, Atom, Choice, Condition, Dependent, Either, Fallback, May,
                        OpponentFallback, Sequence)

    must = "может объявить " if optional else "обязан объявить "
    if isinstance(node, Atom):
        return
    if isinstance(node, Sequence):
        b.say(NODE, "sequence", depth, prefix, items="; ".join(f"{i}) {name(x)}" for i, x in
                                                               enumerate(node.items, start=1)))
        for index, block in enumerate(node.items, start=1):
            head = f"Блок {index} — {name(block)}: "
            if isinstance(block, Atom):
                b.say(NODE, "block-mandatory", depth + 1, head)
            else:
                explain_node(b, block, depth + 1, head, optional)
        return
    if isinstance(node, All):
        b.say(NODE, "all", depth, prefix, items=_listing(node.items))
        _children(b, node.items, depth, optional)
        return
    if isinstance(node, (Choice, Either)):
        key = "either" if isinstance(node, Either) else (
            "choice-atoms" if all(isinstance(i, Atom) for i in node.items) else "choice")
        word = "либо" if isinstance(node, Either) else "или"
        b.say(NODE, key, depth, prefix, items=_listing(node.items, word))
        for index, item in enumerate(node.items, start=1):
            if not isinstance(item, Atom):
                explain_node(b, item, depth + 1, f"Вариант {index} — {name(item)}: ", optional)
        return
    if isinstance(node, Dependent):
        b.say(NODE, "dependent", depth, prefix, must=must, a=name(node.left), b=name(node.right))
        if _has_x(node.right, b.feature.payment) and not _x_defined(b.feature):
            b.say(NODE, "x-dependent", depth + 1, a=name(node.left), b=name(node.right))
        _children(b, (node.left, node.right), depth, optional)
        return
    if isinstance(node, Fallback):
        b.say(NODE, "fallback", depth, prefix, must=must, a=name(node.left), b=name(node.right))
        _children(b, (node.left, node.right), depth, optional)
        return
    if isinstance(node, OpponentFallback):
        b.say(NODE, "opponent", depth, prefix, a=name(node.left), b=name(node.right))
        _children(b, (node.left, node.right), depth, optional)
        return
    if isinstance(node, Condition):
        if node.orelse is None:
            b.say(NODE, "condition", depth, prefix, cond=node.condition, a=name(node.body))
            _children(b, (node.body,), depth, optional)
        else:
            b.say(NODE, "condition-else", depth, prefix, cond=node.condition, a=name(node.body),
                  b=name(node.orelse))
            _children(b, (node.body, node.orelse), depth, optional)
        return
    if isinstance(node, May):
        body = node.body
        # who chooses (May.chooser, spec §2): the controller unless the text names another player
        who, chooser = _CHOOSER_FORMS.get(node.chooser, ("игрока", "Игрок")) if node.chooser else ("игрока", "Игрок")
        if isinstance(body, Atom):
            b.say(NODE, "may-one", depth, prefix, a=name(body), who=who)
        elif isinstance(body, All):
            b.say(NODE, "may-many", depth, prefix, items=_listing(body.items), chooser=chooser)
            _children(b, body.items, depth, True)
        else:
            b.say(NODE, "may-block", depth, prefix, a=name(body), who=who)
            explain_node(b, body, depth + 1, "", True)
        return
    raise TypeError(f"not a reading node: {node!r}")


# May.chooser (nominative) → (genitive, nominative capitalised) for «по желанию …»
_CHOOSER_FORMS = {"противник": ("противника", "Противник"), "соперник": ("соперника", "Соперник"),
                  "атакованный": ("атакованного", "Атакованный"), "владелец": ("владельца", "Владелец")}


def _children(b: _Builder, items, depth: int, optional: bool) -> None:
    from parser import Atom

    for item in items:
        if not isinstance(item, Atom):
            explain_node(b, item, depth + 1, f"{name(item)}: ", optional)


def _limit_only(payment: str) -> bool:
    """«1 раз за ваш ход:» opens a playable feature but pays nothing (spec section 1)."""
    return bool(_LIMIT_ONLY.fullmatch(payment.strip()))


def _x_defined(feature) -> bool:
    """X is given by the payment or by a «где X — …» clause (then 505.7 does not apply)."""
    payment = getattr(feature, "payment", None) or ""
    return bool(_X.search(payment)) or bool(_WHERE_X.search(getattr(feature, "text", "") or ""))


def _kind(feature) -> str:
    """The feature kind that decides the head statements; abstract text by its head."""
    kind = feature.kind
    if kind == "abstract":
        if feature.payment:
            return "playable"
        if feature.condition:
            return "triggered"
        if feature.label:
            return "keyword"
        return "abstract"
    return kind


_KIND_TOPIC = {"playable": "playable", "conditional": "conditional", "triggered": "triggered",
               "keyword": "triggered", "static": "static", "abstract": "compound", "unknown": "compound"}


def _optional_root(tree) -> bool | None:
    """True: the whole effect is under «может»; None: «может» only inside; False: none."""
    from parser import May, Sequence, children

    if isinstance(tree, May):
        return True
    if isinstance(tree, Sequence) and all(isinstance(i, May) for i in tree.items):
        return True

    def has_may(node) -> bool:
        return isinstance(node, May) or any(has_may(c) for c in children(node))

    return None if has_may(tree) else False


_MAY_WORD = re.compile(r"(?<!не )(?<!\w)(?:может|можете|могут)(?!\w)", re.I)


def _optional_feature(feature, tree) -> bool | None:
    """As `_optional_root`; «может» left inside an ability's words (a subject before it,
    «ваш слуа может …») makes no MAY node but still lets the player skip the feature (116.7)."""
    from parser import atoms

    found = _optional_root(tree)
    if found is False and any(_MAY_WORD.search(a.text) for a in atoms(tree)):
        return True
    return found


def explain_feature(feature, reading_index: int = 0, rulebook=None) -> list[Step]:
    """The steps of one reading (0 = default) of one feature."""
    kind = _kind(feature)
    b = _Builder(feature, rulebook, _KIND_TOPIC.get(kind, "compound"))
    reading = getattr(feature, "reading", None)
    if reading is None:
        if kind != "errata":
            error = getattr(feature, "error", None)
            b.say(FEATURE, "unread", 0, text=error.message if error else "нет чтения")
        return b.steps
    if reading_index == 0:
        tree, condition = reading.tree, feature.condition
    else:
        alt = reading.alternatives[reading_index - 1]
        tree, condition = alt.tree, alt.condition or feature.condition
    _head(b, feature, kind, tree, condition)
    from parser import Atom

    if isinstance(tree, Atom):
        b.say(FEATURE, "effect", 0, a=name(tree))
    else:
        explain_node(b, tree, 0, optional=_optional_root(tree) is True)
    _x_statements(b, feature, tree)
    if feature.payment and kind in ("playable", "conditional") and not _limit_only(feature.payment):
        b.say(FEATURE, "payment", 0, payment=feature.payment)
    for granted in getattr(feature, "granted", ()) or ():
        b.say(FEATURE, "granted", 0, text=granted.text.strip())
        for step in explain_feature(granted, 0, rulebook):
            b.steps.append(Step(step.text, step.rules, step.depth + 1, step.quote))
    return b.steps


def _head(b: _Builder, feature, kind: str, tree, condition: str | None) -> None:
    """Statements on when the feature can be declared (114–116)."""
    payment = feature.payment or ""
    if kind == "playable":
        b.say(FEATURE, "playable-limit" if _limit_only(payment) else "playable", 0, payment=payment)
    elif kind == "conditional":
        if condition:
            b.say(FEATURE, "conditional", 0, payment=payment, cond=condition)
        else:
            b.say(FEATURE, "conditional-omitted", 0, payment=payment)
        if payment.startswith("{instant}"):
            b.say(FEATURE, "instant", 1)
    elif kind == "keyword":
        b.say(FEATURE, "keyword", 0, label=feature.label)
    elif kind == "static":
        b.say(FEATURE, "static", 0)
        if getattr(feature, "while_condition", None):
            b.say(FEATURE, "while", 1, cond=feature.while_condition)
    if condition and kind in ("triggered", "keyword"):
        b.say(FEATURE, "triggered", 0, cond=condition)
        match = _TRIGGER_WORD.match(condition)
        word = match.group(1).lower() if match else ""
        if word in ("при", "если", "когда"):
            b.say(FEATURE, "trigger-effect-step", 1, word=word.capitalize())
        elif word == "после":
            b.say(FEATURE, "trigger-completion-step", 1)
        optional = _optional_feature(feature, tree)
        key = {True: "trigger-optional", None: "trigger-partly-optional", False: "trigger-mandatory"}[optional]
        b.say(FEATURE, key, 1)
        b.say(FEATURE, "trigger-once", 1)
    ability_type = getattr(feature, "ability_type", None)
    if ability_type:
        effect_name = getattr(feature, "effect_name", None)
        b.say(FEATURE, "type", 1, type=ability_type + (f" «{effect_name}»" if effect_name else ""))
    for ann in getattr(feature, "annotations", ()) or ():
        if ann.kind == "limit":
            b.say(FEATURE, "limit-triggered" if kind in ("triggered", "keyword") else "limit", 1, limit=ann.text)
        elif ann.kind == "duration":
            b.say(FEATURE, "duration", 1, text=ann.text)
        elif ann.kind == "chooser":
            b.say(FEATURE, "chooser", 1, text=ann.text)


def _x_statements(b: _Builder, feature, tree) -> None:
    """Where X comes from, when the effect uses one (505.7)."""
    from parser import Dependent, atoms, children

    if not any(_X.search(a.text) for a in atoms(tree)):
        return
    payment = feature.payment or ""
    if _X.search(payment):
        b.say(FEATURE, "x-payment", 0, payment=payment)
        return
    if _WHERE_X.search(feature.text or ""):
        b.say(FEATURE, "x-where", 0)
        return

    def dependent_x(node) -> bool:
        if isinstance(node, Dependent) and any(_X.search(a.text) for a in atoms(node.right)):
            return True
        return any(dependent_x(c) for c in children(node))

    if not dependent_x(tree):
        b.say(FEATURE, "x-undefined", 0)


def heading(feature, reading_index: int) -> str:
    """The canonical form a reading's explanation is headed by."""
    from parser import reading_strings

    strings = reading_strings(feature, abstract=False)
    return strings[reading_index] if reading_index < len(strings) else ""


def explain_features(features, rulebook=None) -> list[FeatureExplanation]:
    """One explanation per feature, one reading each (all readings of an ambiguous text)."""
    out = []
    for feature in features:
        if feature.kind == "errata":
            continue
        reading = feature.reading
        count = 1 + (len(reading.alternatives) if reading is not None else 0)
        readings = [(heading(feature, i) if reading is not None else feature.text.strip(),
                     explain_feature(feature, i, rulebook)) for i in range(count)]
        out.append(FeatureExplanation(feature, readings))
    return out


def explain_text(text: str, name: str | None = None, rulebook=None) -> list[FeatureExplanation]:
    """Explanations of a card text, abstract (С1, У1, …) or real."""
    from parser import looks_abstract, read_abstract, read_text

    features = read_abstract(text) if looks_abstract(text) else read_text(text, name)
    return explain_features(features, rulebook)
