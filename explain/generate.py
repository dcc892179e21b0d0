"""Step-by-step explanations generated from a feature's reading tree.

Every statement comes from the phrase table (`explain.phrases`) and ends with
the citations of `explain.rulemap` — only rules of the rulebook folder that
say what the statement says; a statement the folder does not back says so
and cites nothing. Nothing here is written per card.

The one entry point for a caller with features already read (the CLI, the
report, a language server's hover) is `explain_features(features, rulebook=None,
card_name=None) -> list[FeatureExplanation]`; `explain_feature` gives the steps
of one reading of one feature.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from explain import judge
from explain.phrases import FEATURE, NODE
from explain.rulemap import cite, new_quotes, numbers

_ABSTRACT_LABEL = re.compile(r"[СC]\d+")
_X = re.compile(r"(?<![\w{])[XХxх](?![\w}])")
_WHERE_X = re.compile(r"где\s+[XХ]\b", re.I)
_LIMIT_ONLY = re.compile(r"[^{}]*\b(?:раза?|дважды|трижды|однажды)\b[^{}]*", re.I)   # «1 раз за ход», «Дважды за бой»
# «может … только» in the same clause is a restriction, never an option (spec §1, «Modal abilities»)
_MAY_WORD = re.compile(r"(?<!не )(?<!\w)(?:может|можете|могут)(?!\w)(?![^,;.—]*(?<!\w)только(?!\w))", re.I)


@dataclass
class Step:
    """One statement: a Russian sentence ending with its citations (none when the folder has no rule)."""

    text: str
    rules: tuple[str, ...]            # citations as `rules` takes them: "114.1", "505, пример 1"
    depth: int = 0
    quote: str | None = None
    topics: tuple[str, ...] = ()      # keys of explain.rulemap.RULES (a quote can be added later)


@dataclass
class FeatureExplanation:
    """A feature and one explanation per reading: (canonical form heading, steps)."""

    feature: object
    readings: list[tuple[str, list[Step]]] = field(default_factory=list)


class _Builder:
    """Collects the steps of one reading of one feature."""

    def __init__(self, feature, rulebook, card_name: str | None):
        self.feature = feature
        self.rulebook = rulebook
        self.card_name = card_name
        self.steps: list[Step] = []
        self.quoted: set[tuple[str, str]] = set()      # a rule is quoted once per reading

    def say(self, table: dict, key: str, depth: int, prefix: str = "",
            topics: tuple[str, ...] | None = None, **fields) -> None:
        template, default_topics = table[key]
        topics = default_topics if topics is None else topics
        text = template.format(**fields)
        if prefix:
            lower = len(text) > 1 and text[0].isupper() and text[1].islower()
            text = prefix + (text[:1].lower() + text[1:] if lower else text)
        if topics:
            text = f"{text} {cite(*topics)}"
        quotes = new_quotes(self.rulebook, topics, self.quoted)
        self.steps.append(Step(text, numbers(*topics), depth, quotes, tuple(topics)))


def name(node) -> str:
    """How a statement names a part of the tree: С1, «words» or its canonical form."""
    from parser import Atom, canonical

    if isinstance(node, Atom):
        return node.text if _ABSTRACT_LABEL.fullmatch(node.text) else f"«{node.text}»"
    return canonical(node, atom_text=lambda a: a.text)


_ICON_CASE = re.compile(r"\s*(\{(?:first|second)\})\s*:\s*")


def _icon_cases(items) -> str | None:
    """«{first}: А», «{second}: Б», «В» as cases by who moves first (the parts after a label go with
    it), in words; None unless the first part opens with such a label."""
    from explain.lines import ICON_LABELS
    from parser import Atom

    groups: list[tuple[str, list[str]]] = []
    for item in items:
        found = _ICON_CASE.match(item.text) if isinstance(item, Atom) else None
        if found is not None:
            groups.append((found.group(1), [f"«{item.text[found.end():]}»"]))
        elif groups:
            groups[-1][1].append(name(item))
        else:
            return None
    if len(groups) < 2:
        return None
    return "; ".join(f"{label} — {ICON_LABELS[label]}: {' и '.join(parts)}" for label, parts in groups)


def _listing(items, word: str = "и") -> str:
    names = [name(i) for i in items]
    return ", ".join(names[:-1]) + f" {word} " + names[-1] if len(names) > 1 else names[0]


_QUOTED = re.compile(r"«[^«»]*»|\"[^\"]*\"|“[^”]*”")


def _has_x(node) -> bool:
    """An X in the abilities' own words (an X inside a granted feature in quotes is that feature's)."""
    from parser import atoms

    return any(_X.search(_QUOTED.sub(" ", a.text)) for a in atoms(node))


def _actor(optional: bool, who: str) -> dict[str, str]:
    """The fields naming who plays a part and whether he must: «Игрок обязан объявить …»."""
    if not optional:
        must = "обязан объявить "
    else:
        must = "может объявить " if who == "Игрок" else "может выполнить "
    return {"who": who, "who_l": who[:1].lower() + who[1:], "must": must}


def explain_node(b: _Builder, node, depth: int, prefix: str = "", optional: bool = False,
                 who: str = "Игрок") -> None:
    """The steps of one node, then of its compound children one level deeper
    (`who` decides the optional parts: the controller, or the one a «противник может» names)."""
    from parser import All, Atom, Choice, Condition, Dependent, Either, Fallback, May, OpponentFallback, Sequence

    actor = _actor(optional, who)
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
                explain_node(b, block, depth + 1, head, optional, who)
        return
    if isinstance(node, All):
        cases = _icon_cases(node.items)
        if cases is not None:     # «{first}: А и {second}: Б»: one case applies, by who moves first
            b.say(NODE, "icon-cases", depth, prefix, cases=cases)
            _children(b, node.items, depth, optional, who)
            return
        if len(node.items) > 1 and all(isinstance(i, Condition) for i in node.items) and any(
                judge.connective(b.feature, left, right) == ";" for left, right in zip(node.items, node.items[1:])):
            b.say(NODE, "case-list", depth, prefix)
        b.say(NODE, "all", depth, prefix, items=_listing(node.items))
        _children(b, node.items, depth, optional, who)
        return
    if isinstance(node, (Choice, Either)):
        key = "either" if isinstance(node, Either) else (
            "choice-atoms" if all(isinstance(i, Atom) for i in node.items) else "choice")
        word = "либо" if isinstance(node, Either) else "или"
        b.say(NODE, key, depth, prefix, items=_listing(node.items, word))
        for index, item in enumerate(node.items, start=1):
            if not isinstance(item, Atom):
                explain_node(b, item, depth + 1, f"Вариант {index} — {name(item)}: ", optional, who)
        return
    if isinstance(node, Dependent):
        mark = judge.connective(b.feature, node.left, node.right)
        key = {"при выполнении": "dependent-execution", ";": "dependent-semicolon",
               "—": "dependent-dash"}.get(mark, "dependent")
        b.say(NODE, key, depth, prefix, a=name(node.left), b=name(node.right), **actor)
        if mark == ";" and isinstance(node.left, Condition) and isinstance(_first(node.right), Condition):
            b.say(NODE, "case-semicolon", depth + 1, a=name(node.left), b=name(_first(node.right)))
        if _has_x(node.right) and not _x_defined(b.feature):
            b.say(NODE, "x-dependent", depth + 1, a=name(node.left), b=name(node.right))
        _children(b, (node.left, node.right), depth, optional, who)
        return
    if isinstance(node, Fallback):
        key = "fallback" if _says_otherwise(b.feature, node) else "fallback-effect"
        b.say(NODE, key, depth, prefix, a=name(node.left), b=name(node.right), **actor)
        _children(b, (node.left, node.right), depth, optional, who)
        return
    if isinstance(node, OpponentFallback):
        if node.who:
            b.say(NODE, "opponent-who", depth, prefix, a=name(node.left), b=name(node.right), who=node.who)
        else:
            b.say(NODE, "opponent", depth, prefix, a=name(node.left), b=name(node.right))
        _children(b, (node.left, node.right), depth, optional, who)
        return
    if isinstance(node, Condition):
        if node.orelse is None:
            b.say(NODE, "condition", depth, prefix, cond=node.condition, a=name(node.body))
            _children(b, (node.body,), depth, optional, who)
        else:
            b.say(NODE, "condition-else", depth, prefix, cond=node.condition, a=name(node.body),
                  b=name(node.orelse))
            _children(b, (node.body, node.orelse), depth, optional, who)
        return
    if isinstance(node, May):
        _explain_may(b, node, depth, prefix)
        return
    raise TypeError(f"not a reading node: {node!r}")


def _explain_may(b: _Builder, node, depth: int, prefix: str) -> None:
    from parser import All, Atom

    body = node.body
    other = judge.may_chooser(node, b.feature)
    if other is not None:
        who, word = other
        b.say(NODE, "may-other", depth, prefix, a=name(body), whose=judge.genitive(who), word=word)
        explain_node(b, body, depth + 1, "", True, who.capitalize())
    elif isinstance(body, Atom):
        b.say(NODE, "may-one", depth, prefix, a=name(body))
    elif isinstance(body, All):
        b.say(NODE, "may-many", depth, prefix, items=_listing(body.items))
        _children(b, body.items, depth, True)
    else:
        b.say(NODE, "may-block", depth, prefix, a=name(body))
        explain_node(b, body, depth + 1, "", True)


def _first(node):
    """The leftmost operand of a right-nested dependent chain."""
    from parser import Dependent

    while isinstance(node, Dependent):
        node = node.left
    return node


def _says_otherwise(feature, node) -> bool:
    """«в противном случае» (505.6 of the numbered edition) rather than a bare «иначе»."""
    from parser import atoms

    left, right = atoms(node.left), atoms(node.right)
    if not left or not right:
        return False
    tokens = getattr(feature, "tokens", None)
    if tokens:
        between = " ".join(t.text for t in tokens if left[-1].span[1] <= t.start < right[0].span[0])
    else:
        span = getattr(feature, "span", (0, 0))
        between = (getattr(feature, "text", "") or "")[left[-1].span[1] - span[0]: right[0].span[0] - span[0]]
    return "противном" in between.casefold()


def _children(b: _Builder, items, depth: int, optional: bool, who: str = "Игрок") -> None:
    from parser import Atom

    for item in items:
        if not isinstance(item, Atom):
            explain_node(b, item, depth + 1, f"{name(item)}: ", optional, who)


def _limit_only(payment: str) -> bool:
    """«1 раз за ваш ход:» opens a playable feature but pays nothing (spec section 1)."""
    return bool(_LIMIT_ONLY.fullmatch(payment.strip()))


def _x_defined(feature) -> bool:
    """X is given by the payment, the trigger condition or a «где X — …» clause (then 505.7 does not apply)."""
    payment = getattr(feature, "payment", None) or ""
    condition = getattr(feature, "condition", None) or ""
    return bool(_X.search(payment) or _X.search(condition)
                or _WHERE_X.search(getattr(feature, "text", "") or ""))


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


def _optional_feature(feature, tree) -> bool | None:
    """As `_optional_root`; «может» left inside an ability's words (a subject before it,
    «ваш слуа может …») makes no MAY node but still lets the player skip the feature (116.7)."""
    from parser import atoms

    found = _optional_root(tree)
    if found is False and any(_MAY_WORD.search(a.text) for a in atoms(tree)):
        return True
    return found


def _other_choosers(feature, tree) -> list[str]:
    """Who, other than the controller, decides each «может» of the tree (empty: the controller, or none)."""
    from parser import May, children

    found: list[str] = []

    def walk(node):
        if isinstance(node, May):
            other = judge.may_chooser(node, feature)
            found.append(other[0] if other else "")
        for child in children(node):
            walk(child)

    walk(tree)
    return found if found and all(found) else []


def explain_feature(feature, reading_index: int = 0, rulebook=None, card_name: str | None = None) -> list[Step]:
    """The steps of one reading (0 = default) of one feature (`card_name`: the card's own name,
    so a trigger condition naming it is not taken for one without a source)."""
    kind = _kind(feature)
    b = _Builder(feature, rulebook, card_name)
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
    from parser import Atom

    line = _line_kind(feature, tree) if isinstance(tree, Atom) else None   # a keyword or class line
    _head(b, feature, kind, tree, condition, line)
    if isinstance(tree, Atom):
        if line is not None:
            b.say(FEATURE, line[0], 0, word=line[1])
        else:
            static = kind in ("static", "keyword") and not condition and not getattr(feature, "payment", None)
            b.say(FEATURE, "effect-static" if static else "effect", 0, a=name(tree))
    else:
        explain_node(b, tree, 0, optional=_optional_root(tree) is True)
    _choosers(b, feature, tree)
    _x_statements(b, feature, tree, condition)
    payment = getattr(feature, "payment", None)
    if payment and kind in ("playable", "conditional") and not _limit_only(payment) and not isinstance(tree, Atom):
        b.say(FEATURE, "payment", 0, payment=payment)
    for granted in getattr(feature, "granted", ()) or ():
        b.say(FEATURE, "granted", 0, text=granted.text.strip())
        for step in explain_feature(granted, 0, rulebook, card_name):
            b.steps.append(Step(step.text, step.rules, step.depth + 1, step.quote, step.topics))
    return b.steps


def _line_kind(feature, tree) -> tuple[str, str] | None:
    """A keyword or class line standing for the whole effect of a static or labelled feature."""
    from parser import Atom

    if not isinstance(tree, Atom) or feature.kind not in ("static", "keyword", "abstract"):
        return None
    if getattr(feature, "while_condition", None):
        return None
    if getattr(feature, "condition", None) or getattr(feature, "payment", None):
        return None
    from explain.lines import line_kind

    return line_kind(tree.text)


def _head(b: _Builder, feature, kind: str, tree, condition: str | None, line) -> None:
    """Statements on what kind of feature it is and when it can be declared (114–116)."""
    payment = getattr(feature, "payment", None) or ""
    instant = payment.lstrip().startswith("{instant}")
    if kind == "playable":
        if _limit_only(payment):
            b.say(FEATURE, "playable-limit", 0, payment=payment)
        else:
            b.say(FEATURE, "playable", 0, payment=payment)
        b.say(FEATURE, "instant" if instant else "playable-moment", 1)
    elif kind == "conditional":
        if condition:
            b.say(FEATURE, "conditional", 0, payment=payment, cond=condition)
        else:
            b.say(FEATURE, "conditional-omitted", 0, payment=payment)
        if instant:
            b.say(FEATURE, "conditional-instant", 1)
    elif kind == "keyword":
        label = feature.label or ""
        from explain.lines import ICON_LABELS

        if label.startswith("{"):
            b.say(FEATURE, "label-icon", 0, label=label, meaning=ICON_LABELS.get(label, f"значок {label}"))
        else:
            b.say(FEATURE, "label", 0, label=label)
    elif kind == "static" and line is None:
        from parser import declared_static   # spec §2: with an ability type or a limit, it is declared

        b.say(FEATURE, "static-declared" if declared_static(feature) else "static", 0)
    if kind == "static" and getattr(feature, "while_condition", None):
        b.say(FEATURE, "while", 1, cond=feature.while_condition)
    if condition and kind in ("triggered", "keyword"):
        _trigger(b, feature, tree, condition)
    ability_type = getattr(feature, "ability_type", None)
    if ability_type:
        effect_name = getattr(feature, "effect_name", None)
        form = {"playable": "playable-form", "conditional": "conditional-form"}.get(
            kind, "triggered-form" if condition and kind in ("triggered", "keyword") else None)
        b.say(FEATURE, "type", 1, topics=(form,) if form else (),
              type=ability_type + (f" «{effect_name}»" if effect_name else ""))
    for ann in getattr(feature, "annotations", ()) or ():
        if ann.kind == "limit":
            triggered = condition and kind in ("triggered", "keyword")
            b.say(FEATURE, "limit-triggered" if triggered else "limit", 1, limit=ann.text)
        elif ann.kind == "duration":
            b.say(FEATURE, "duration", 1, text=ann.text)
        elif ann.kind == "chooser":
            who = judge.annotation_chooser(ann.text)
            if who:
                b.say(FEATURE, "chooser", 1, who=who, text=ann.text.strip("() "))


def _trigger(b: _Builder, feature, tree, condition: str) -> None:
    """The statements of a trigger condition (116)."""
    word = judge.opener(condition)
    if word == "вместо":
        # «Вместо гибели …» replaces an event; 116.3 does not list «Вместо» among the openers,
        # and the folder has no rule on replacements: say what the text says, cite nothing
        b.say(FEATURE, "replacement", 0, cond=condition)
        return
    b.say(FEATURE, "triggered", 0, cond=condition)
    if word in ("при", "если", "когда"):
        b.say(FEATURE, "trigger-effect-step", 1, word=word.capitalize())
    elif word == "после":
        b.say(FEATURE, "trigger-completion-step", 1)
    attack = judge.attack_condition(condition)
    if attack:
        b.say(FEATURE, "trigger-attack" if attack == "attack" else "trigger-attack-wounds", 1, cond=condition)
    if judge.sourceless_condition(condition, b.card_name):
        b.say(FEATURE, "trigger-source", 1, cond=condition)
    others = _other_choosers(feature, tree)
    if others:
        b.say(FEATURE, "trigger-other-may", 1, who=others[0])
    else:
        optional = _optional_feature(feature, tree)
        key = {True: "trigger-optional", None: "trigger-partly-optional", False: "trigger-mandatory"}[optional]
        b.say(FEATURE, key, 1)
    b.say(FEATURE, "trigger-once", 1)


def _choosers(b: _Builder, feature, tree) -> None:
    """Who chooses each «выбранн…» target of the effect."""
    from parser import atoms

    for words, who in judge.chosen_targets(a.text for a in atoms(tree)):
        if who:
            b.say(FEATURE, "chosen-by", 0, words=words, who=who)
        else:
            b.say(FEATURE, "chosen", 0, words=words)


def _x_statements(b: _Builder, feature, tree, condition: str | None) -> None:
    """Where X comes from, when the effect uses one: the payment, the condition, «где X — …» or 505.7."""
    from parser import Dependent, children

    if not _has_x(tree):
        return
    payment = getattr(feature, "payment", None) or ""
    if _X.search(payment):
        b.say(FEATURE, "x-payment", 0, payment=payment)
        return
    if condition and _X.search(condition):
        b.say(FEATURE, "x-condition", 0, cond=condition)
        return
    if _WHERE_X.search(getattr(feature, "text", "") or ""):
        b.say(FEATURE, "x-where", 0)
        return

    def dependent_x(node) -> bool:
        if isinstance(node, Dependent) and _has_x(node.right):
            return True
        return any(dependent_x(c) for c in children(node))

    if not dependent_x(tree):
        b.say(FEATURE, "x-undefined", 0)


def heading(feature, reading_index: int) -> str:
    """The canonical form a reading's explanation is headed by."""
    from parser import reading_strings

    strings = reading_strings(feature, abstract=False)
    return strings[reading_index] if reading_index < len(strings) else ""


def explain_features(features, rulebook=None, card_name: str | None = None) -> list[FeatureExplanation]:
    """One explanation per feature, one reading each (all readings of an ambiguous text)."""
    out = []
    for feature in features:
        if feature.kind == "errata":
            continue
        reading = feature.reading
        count = 1 + (len(reading.alternatives) if reading is not None else 0)
        readings = [(heading(feature, i) if reading is not None else feature.text.strip(),
                     explain_feature(feature, i, rulebook, card_name)) for i in range(count)]
        out.append(FeatureExplanation(feature, readings))
    return out


def explain_text(text: str, name: str | None = None, rulebook=None) -> list[FeatureExplanation]:
    """Explanations of a card text, abstract (С1, У1, …) or real."""
    from parser import looks_abstract, read_abstract, read_text

    features = read_abstract(text) if looks_abstract(text) else read_text(text, name)
    return explain_features(features, rulebook, name)
