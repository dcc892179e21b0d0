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

from berserk_judge.explain import cases, judge, wording
from berserk_judge.explain.phrases import FEATURE, NODE
from berserk_judge.explain.rulemap import cite, new_quotes, numbers

_ABSTRACT_LABEL = re.compile(r"[СC]\d+")
_X = re.compile(r"(?<![\w{])[XХxх](?![\w}])")
_WHERE_X = re.compile(r"где\s+[XХ]\b", re.I)
_LIMIT_ONLY = re.compile(r"[^{}]*\b(?:раза?|дважды|трижды|однажды)\b[^{}]*", re.I)   # «1 раз за ход», «Дважды за бой»


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

    def __init__(self, feature, rulebook, card_name: str | None, classes=frozenset()):
        self.feature = feature
        self.rulebook = rulebook
        self.card_name = card_name
        self.classes = classes
        self.steps: list[Step] = []
        self.quoted: set[tuple[str, str]] = set()      # a rule is quoted once per reading
        self.flattened: set = set()                    # atoms whose «либо» options a choice listed already
        self.replacement: str | None = None            # the reader's mark of a replacement (spec §1)
        self.replaced: str | None = None               # the event it replaces, once

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
    from berserk_judge.parser import Atom, canonical

    if isinstance(node, Atom):
        return node.text if _ABSTRACT_LABEL.fullmatch(node.text) else f"«{node.text}»"
    return canonical(node, atom_text=lambda a: a.text)


_ICON_CASE = re.compile(r"\s*(\{(?:first|second)\})\s*:\s*")


def _icon_cases(items) -> str | None:
    """«{first}: А», «{second}: Б», «В» as cases by who moves first (the parts after a label go with
    it), in words; None unless the first part opens with such a label."""
    from berserk_judge.explain.lines import ICON_LABELS
    from berserk_judge.parser import Atom

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
    from berserk_judge.parser import atoms

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
    from berserk_judge.parser import All, Atom, Choice, Condition, Dependent, Either, Fallback, May, OpponentFallback, Sequence

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
        icon_cases = _icon_cases(node.items)
        if icon_cases is not None:     # «{first}: А и {second}: Б»: one case applies, by who moves first
            b.say(NODE, "icon-cases", depth, prefix, cases=icon_cases)
            _children(b, node.items, depth, optional, who)
            return
        if len(node.items) > 1 and all(isinstance(i, Condition) for i in node.items) and any(
                judge.connective(b.feature, left, right) == ";" for left, right in zip(node.items, node.items[1:])):
            b.say(NODE, "case-list", depth, prefix)
        uses = _uses_result(node.items)
        if uses is not None:           # «бросьте кубик два раза и выберите один из результатов бросков»
            b.say(NODE, "all-uses-result", depth, prefix, items=_listing(node.items), later=uses[0], word=uses[1])
        else:
            b.say(NODE, "all", depth, prefix, items=_listing(node.items))
        _children(b, node.items, depth, optional, who)
        return
    if isinstance(node, Either) and _explain_either(b, node, depth, prefix, optional, who):
        return
    if isinstance(node, (Choice, Either)):
        key = "either" if isinstance(node, Either) else (
            "choice-atoms" if all(isinstance(i, Atom) for i in node.items) else "choice")
        word = "либо" if isinstance(node, Either) else "или"
        other = _feature_chooser(b.feature)
        if other is not None:
            b.say(NODE, key + "-other", depth, prefix, items=_listing(node.items, word), who=other[0],
                  text=other[1])
        else:
            b.say(NODE, key, depth, prefix, items=_listing(node.items, word))
        for index, item in enumerate(node.items, start=1):
            if not isinstance(item, Atom):
                explain_node(b, item, depth + 1, f"Вариант {index} — {name(item)}: ", optional, who)
        return
    if isinstance(node, Dependent):
        mark = judge.connective(b.feature, node.left, node.right)
        key = {"при выполнении": "dependent-execution", ";": "dependent-semicolon",
               "—": "dependent-dash"}.get(mark, "dependent")
        if isinstance(node.left, Atom) and wording.restriction(node.left.text) and key in (
                "dependent-semicolon", "dependent-dash"):
            # «…, а оно может нападать только на Снирка; когда …»: a restriction is not declared
            b.say(NODE, "dependent-restriction", depth, prefix, a=name(node.left), b=name(node.right),
                  topics=(key,))
        else:
            b.say(NODE, key, depth, prefix, a=name(node.left), b=name(node.right), **actor)
        if mark == ";" and isinstance(node.left, Condition) and isinstance(_first(node.right), Condition):
            b.say(NODE, "case-semicolon", depth + 1, a=name(node.left), b=name(_first(node.right)))
        if _has_x(node.right) and not _x_defined(b.feature):
            b.say(NODE, "x-dependent", depth + 1, a=name(node.left), b=name(node.right))
        _children(b, (node.left, node.right), depth, optional, who)
        return
    if isinstance(node, Fallback):
        case = cases.answered_case(node.left) or cases.condition_case(b.feature, node.left)
        if case is not None:       # «…, если выпало 4 или более, иначе …»: the else of that case
            atom, conds, body = case
            if len(conds) == 1:
                b.say(NODE, "case-else", depth, prefix, cond=conds[0], a=name(atom), body=f"«{body}»",
                      b=name(node.right))
            else:
                b.say(NODE, "cases-else", depth, prefix, conds="», «".join(conds), a=name(atom), b=name(node.right))
            _children(b, (node.left, node.right), depth, optional, who)
            return
        key = "fallback" if _says_otherwise(b.feature, node) else "fallback-effect"
        b.say(NODE, key, depth, prefix, a=name(node.left), b=name(node.right), **actor)
        _children(b, (node.left, node.right), depth, optional, who)
        return
    if isinstance(node, OpponentFallback):
        refused, rest = cases.refusal(node)
        if refused and node.refers_back:
            refused = None         # «… не хочет этого делать»: names no action of its own; who refuses is enough
        right = f"«{rest}»" if rest is not None else name(node.right)
        if refused:                # the refusal in its own words: «атакованный не может или не хочет быть перемещён»
            whom = node.who or "противник"
            b.say(NODE, "opponent-refused", depth, prefix, a=name(node.left), b=right, who=whom,
                  Who=whom[:1].upper() + whom[1:], refused=refused)
        elif node.who:
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
        if _restriction_may(node):
            # «может нападать только на …»: what is allowed only so — no option, no obligation
            b.say(NODE, "may-restriction", depth, prefix, a=name(node.body))
            explain_node(b, node.body, depth + 1, "", optional, who)
            return
        _explain_may(b, node, depth, prefix)
        return
    raise TypeError(f"not a reading node: {node!r}")


def _explain_either(b: _Builder, node, depth: int, prefix: str, optional: bool, who: str) -> bool:
    """«A, либо B (если …), либо C» where the reader left two options in one ability's words, or «(совершите
    оба, если …)» closes the choice: every option listed once (505.5), with the case that plays them all;
    False when the plain statement says it all."""
    from berserk_judge.parser import Atom

    if _feature_chooser(b.feature) is not None:
        return False
    options: list = []
    split = False
    for item in node.items:
        parts = wording.either_parts(item.text) if isinstance(item, Atom) else []
        if len(parts) > 1:
            options.extend(parts)
            b.flattened.add(item)
            split = True
        else:
            options.append(item)
    last = node.items[-1]
    both = wording.both_when(last.text) if isinstance(last, Atom) else None
    if not split and both is None:
        return False
    shown = []
    for option in options:
        text = option if isinstance(option, str) else (option.text if isinstance(option, Atom) else None)
        if text is not None and both:
            text = re.sub(r"\s*\([^()]*\bоба\b[^()]*\)", "", text, flags=re.I).strip(" ,.")
        shown.append(f"«{text}»" if text is not None else name(option))
    listing = " либо ".join(shown)
    if both:
        found = re.search(r"\(([^()]*\bоба\b[^()]*)\)", last.text, re.I)
        cond = re.sub(r"^если\s+", "", both, flags=re.I)
        b.say(NODE, "either-both", depth, prefix, items=listing, cond=cond, both=found.group(1) if found else both)
    else:
        b.say(NODE, "either-flat", depth, prefix, items=listing)
    for option, shown_name in zip(options, shown):
        text = option if isinstance(option, str) else getattr(option, "text", "")
        when = re.search(r"\((если\s+[^()]*)\)", text or "", re.I)
        if when:
            b.say(NODE, "either-when", depth + 1, a=shown_name, cond=when.group(1))
    for index, item in enumerate(node.items, start=1):
        if not isinstance(item, Atom):
            explain_node(b, item, depth + 1, f"Вариант {index} — {name(item)}: ", optional, who)
    return True


_PRONOUN = re.compile(r"\s*(он|она|оно|они)(?!\w)", re.I)


def _restriction_may(node) -> bool:
    """A «может» the reader put over «нападать только на …»: a restriction, not an option."""
    from berserk_judge.parser import May, atoms

    found = atoms(node.body) if isinstance(node, May) else []
    return bool(found) and bool(re.match(r"\s*(?:[\w{}«»\"-]+\s+){0,4}?только(?!\w)", found[0].text, re.I))


def _feature_chooser(feature) -> tuple[str, str] | None:
    """(who, «по выбору …») when an annotation gives a choice to someone other than the controller."""
    for ann in getattr(feature, "annotations", ()) or ():
        if ann.kind == "chooser":
            found = _annotation_chooser(feature, ann)
            if found is not None:
                return found
    return None


def _annotation_chooser(feature, ann) -> tuple[str, str] | None:
    """(who, the words) of «(по выбору атакованного)», and of «(по его выбору)» whose pronoun names the
    person nearest before it («существо противника (по его выбору)»: the opponent; spec §1)."""
    words = ann.text.strip("() ")
    who = judge.annotation_chooser(ann.text)
    if who:
        return who, words
    if judge.pronoun_choice(ann.text):
        text, span = getattr(feature, "text", "") or "", getattr(feature, "span", None)
        before = text[:max(0, ann.span[0] - span[0])] if span and getattr(ann, "span", None) else ""
        who = judge.pronoun_chooser(before)
        if who:
            return who, words
    return None


def _explain_may(b: _Builder, node, depth: int, prefix: str) -> None:
    from berserk_judge.parser import All, Atom, atoms

    body = node.body
    other = judge.may_chooser(node, b.feature)
    obliged = [(a, wording.obligation(a.text)) for a in atoms(body) if wording.obligation(a.text)]
    subject = _PRONOUN.match(atoms(body)[0].text) if atoms(body) else None
    if other is not None:
        who, word = other
        b.say(NODE, "may-other", depth, prefix, a=name(body), whose=judge.genitive(who), word=word)
        explain_node(b, body, depth + 1, "", True, who.capitalize())
    elif obliged and not isinstance(body, Atom):
        b.say(NODE, "may-block-except", depth, prefix, a=name(body), obl=_listing([a for a, _ in obliged]),
              word=obliged[0][1])
        explain_node(b, body, depth + 1, "", True)
    elif subject is not None:
        b.say(NODE, "may-unclear", depth, prefix, a=name(body), subject=subject.group(1))
        if not isinstance(body, Atom):
            explain_node(b, body, depth + 1, "", True)
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
    from berserk_judge.parser import Dependent

    while isinstance(node, Dependent):
        node = node.left
    return node


def _says_otherwise(feature, node) -> bool:
    """«в противном случае» (505.6 of the numbered edition) rather than a bare «иначе»."""
    from berserk_judge.parser import atoms

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
    from berserk_judge.parser import Atom

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
    from berserk_judge.parser import May, Sequence, children

    if isinstance(tree, May) and not _restriction_may(tree):
        return True
    if isinstance(tree, Sequence) and all(isinstance(i, May) and not _restriction_may(i) for i in tree.items):
        return True

    def has_may(node) -> bool:
        return (isinstance(node, May) and not _restriction_may(node)) or any(has_may(c) for c in children(node))

    return None if has_may(tree) else False


def _optional_feature(feature, tree) -> bool | None:
    """As `_optional_root`; «может» left inside an ability's words (a subject before it,
    «ваш слуа может …») makes no MAY node but still lets the player skip the feature (116.7)."""
    from berserk_judge.parser import atoms

    found = _optional_root(tree)
    if found is False and any(wording.free_may(a.text) for a in atoms(tree)):
        return True
    return found


def _other_choosers(feature, tree) -> list[str]:
    """Who, other than the controller, decides each «может» of the tree (empty: the controller, or none)."""
    from berserk_judge.parser import May, children

    found: list[str] = []

    def walk(node):
        if isinstance(node, May) and not _restriction_may(node):
            other = judge.may_chooser(node, feature)
            found.append(other[0] if other else "")
        for child in children(node):
            walk(child)

    walk(tree)
    return found if found and all(found) else []


def explain_feature(feature, reading_index: int = 0, rulebook=None, card_name: str | None = None,
                    classes=()) -> list[Step]:
    """The steps of one reading (0 = default) of one feature (`card_name`: the card's own name,
    so a trigger condition naming it is not taken for one without a source; `classes`: the class
    names of the base's class data, so a class line is not taken for a keyword)."""
    kind = _kind(feature)
    b = _Builder(feature, rulebook, card_name, frozenset(c.casefold() for c in classes or ()))
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
    from berserk_judge.parser import Atom

    b.replacement = getattr(feature, "replacement", None) if kind in ("triggered", "keyword", "static") else None
    b.replaced = _replaced_event(b.replacement, condition)
    line = _line_kind(feature, tree, b.classes) if isinstance(tree, Atom) else None   # a keyword or class line
    _head(b, feature, kind, tree, condition, line)
    if isinstance(tree, Atom):
        if line is not None:
            b.say(FEATURE, line[0], 0, word=line[1])
        else:
            static = kind in ("static", "keyword") and not condition and not getattr(feature, "payment", None)
            b.say(FEATURE, "effect-static" if static else "effect", 0, a=name(tree))
    else:
        explain_node(b, tree, 0, optional=_optional_root(tree) is True)
    _atom_facts(b, tree)
    _choosers(b, feature, tree)
    _x_statements(b, feature, tree, condition)
    _tail_while(b, tree)
    payment = getattr(feature, "payment", None)
    if payment and kind in ("playable", "conditional") and not _limit_only(payment) and not isinstance(tree, Atom):
        b.say(FEATURE, "payment", 0, payment=payment)
    for granted in getattr(feature, "granted", ()) or ():
        b.say(FEATURE, "granted", 0, text=granted.text.strip())
        for step in explain_feature(granted, 0, rulebook, card_name, classes):
            b.steps.append(Step(step.text, step.rules, step.depth + 1, step.quote, step.topics))
    return b.steps


def _line_kind(feature, tree, classes=frozenset()) -> tuple[str, str] | None:
    """A keyword or class line standing for the whole effect of a static or labelled feature."""
    from berserk_judge.parser import Atom

    if not isinstance(tree, Atom) or feature.kind not in ("static", "keyword", "abstract"):
        return None
    if getattr(feature, "while_condition", None):
        return None
    if getattr(feature, "condition", None) or getattr(feature, "payment", None):
        return None
    from berserk_judge.explain.lines import line_kind

    return line_kind(tree.text, classes)


def _head(b: _Builder, feature, kind: str, tree, condition: str | None, line) -> None:
    """Statements on what kind of feature it is and when it can be declared (114–116)."""
    payment = getattr(feature, "payment", None) or ""
    instant = payment.lstrip().startswith("{instant}")
    label = getattr(feature, "label", None) or ""
    if label and kind != "keyword":          # «{human}: {tap}: …»: the label, then the body's own kind (spec §1)
        _label(b, label, "-body")
    if kind == "playable":
        if _limit_only(payment):
            b.say(FEATURE, "playable-limit", 0, payment=payment)
        elif label:           # «На поверхности: {tap}: …»: the label's state is a game condition (115.1)
            b.say(FEATURE, "playable-label", 0, payment=payment, label=label)
        else:
            b.say(FEATURE, "playable", 0, payment=payment)
        moment = None if instant else wording.named_moment(_effect_words(tree))
        if moment:
            b.say(FEATURE, "playable-moment-text", 1, moment=moment)
        else:
            b.say(FEATURE, "instant" if instant else "playable-moment", 1)
    elif kind == "conditional":
        if condition:
            b.say(FEATURE, "conditional", 0, payment=payment, cond=condition)
        else:
            roll = wording.roll_moment(_effect_words(tree))     # «свести бросок кубика … к 1» (116.5)
            key = "conditional-omitted-roll" if roll else (
                "conditional-omitted" if _changes_declared_attack(feature) else "conditional-omitted-value")
            b.say(FEATURE, key, 0, payment=payment)
        if instant:
            b.say(FEATURE, "conditional-instant", 1)
    elif kind == "keyword":
        _label(b, label, "")
    while_condition = getattr(feature, "while_condition", None)
    state_while = kind == "static" and bool(while_condition) and judge.opener(while_condition) in ("когда", "если")
    if kind == "static" and line is None and not b.replacement:
        # a replacement («Вместо гибели …», static since «Вместо» opens no trigger) is told below
        from berserk_judge.parser import declared_static   # spec §2: with an ability type or a limit, it is declared
        from berserk_judge.parser.reader.moments import moment_fixed_by_rules

        words = _effect_words(tree)
        if state_while:               # «Когда … закрыт, он отражает …»: a state, held while it lasts (spec §1)
            b.say(FEATURE, "state-static", 0, cond=while_condition)
        elif not declared_static(feature) and wording.rule_moment(words):
            b.say(FEATURE, "static-redirect", 0)   # «Противник может перенаправить {strike} …» (116.5)
        elif not declared_static(feature):
            b.say(FEATURE, "static", 0)
        elif wording.named_moment(words):
            b.say(FEATURE, "static-moment-text", 0, moment=wording.named_moment(words))
        elif wording.rule_moment(words):
            b.say(FEATURE, "static-moment-rule", 0)
        elif moment_fixed_by_rules(getattr(feature, "effect", None) or words):
            # «Может свести среднюю или сильную атаку … к слабой (воздействие «смирение», 1 раз за ход)»:
            # the spec's own 116.5 example — it fires when such an attack is made; a block, a redirect or
            # a cancel at the attack's declaration (spec §1 «Missing trigger conditions»)
            b.say(FEATURE, "static-moment-declared" if _changes_declared_attack(feature) else "static-moment-value", 0)
        else:
            b.say(FEATURE, "static-declared", 0)
    if kind == "static" and while_condition and not state_while:
        # «…, пока он стоит рядом … (вне зависимости от дальности)»: «regardless of …» says how the ability
        # applies (the judges' ruling on Аргвальд); «(без модификаторов …)» qualifies the condition's own noun
        # (the ruling on Рейнджер), so only the first kind is taken out of the while
        paren = re.search(r"\s*(\(\s*(?:вне\s+зависимости|независимо)\b[^()]*\))\s*$", while_condition, re.I)
        if paren and paren.start() > 0:
            b.say(FEATURE, "while-paren", 1, cond=while_condition[:paren.start()], paren=paren.group(1))
        else:
            b.say(FEATURE, "while", 1, cond=while_condition)
    replacement = b.replacement
    if replacement and b.replaced is None:
        # «Вместо гибели …» replaces an event; 116.3 does not list «Вместо» among the openers,
        # and the folder has no rule on replacements: say what the text says, cite nothing
        b.say(FEATURE, "replacement", 0, cond=condition or replacement)
    elif replacement:
        b.say(FEATURE, "replacement-if", 0, cond=condition, event=b.replaced)
    elif condition and kind in ("triggered", "keyword"):
        _trigger(b, feature, tree, condition)
    triggered = bool(condition) and kind in ("triggered", "keyword") and not replacement
    ability_type = getattr(feature, "ability_type", None)
    if ability_type:
        effect_name = getattr(feature, "effect_name", None)
        form = {"playable": "playable-form", "conditional": "conditional-form"}.get(
            kind, "triggered-form" if triggered else None)
        b.say(FEATURE, "type", 1, topics=(form,) if form else (),
              type=ability_type + (f" «{effect_name}»" if effect_name else "")
              + (f", {feature.ability_range}" if getattr(feature, "ability_range", None) else ""))
    _headings(b, feature, tree)
    for ann in getattr(feature, "annotations", ()) or ():
        before = _limit_inside(feature, ann) if ann.kind == "limit" else None
        if ann.kind == "limit" and not wording.use_limit(ann.text):
            b.say(FEATURE, "note", 1, text=ann.text)      # «(кроме Дегаски; … только один раз)»
        elif before:                  # «получает … (1 раз за ход) или +1 к …»: the limit of what stands before it
            b.say(FEATURE, "limit-inside", 1, limit=ann.text, before=before)
        elif ann.kind == "limit":
            b.say(FEATURE, "limit-triggered" if triggered else "limit", 1, limit=ann.text)
        elif ann.kind == "duration":
            b.say(FEATURE, "duration", 1, text=ann.text)
        elif ann.kind == "chooser" and not _has_choice(tree):    # a choice node names its chooser itself
            chooser = _annotation_chooser(feature, ann)
            if chooser is not None:
                b.say(FEATURE, "chooser", 1, who=chooser[0], text=chooser[1])
            elif judge.pronoun_choice(ann.text):
                b.say(FEATURE, "pronoun-unclear", 1, words=ann.text.strip("() "))
            elif (how := judge.own_choice_clarified(ann.text)) is not None:
                # «(по вашему выбору, общему для всех целей)»: the controller's choice, and how it is made
                b.say(FEATURE, "chooser-own", 1, text=ann.text.strip("() "), how=how)


def _label(b: _Builder, label: str, suffix: str) -> None:
    """«Строй:», «{human}:»: a label, not a payment nor a trigger (spec §1)."""
    from berserk_judge.explain.lines import ICON_LABELS

    if label.startswith("{"):
        b.say(FEATURE, "label-icon" + suffix, 0, label=label, meaning=ICON_LABELS.get(label, f"значок {label}"))
    else:
        b.say(FEATURE, "label" + suffix, 0, label=label)


def _headings(b: _Builder, feature, tree) -> None:
    """The headings the reader lists after a connective (`headings`: atom number, type, name; spec §2):
    each names the ability it heads; the feature's first heading is its `ability_type`, said already."""
    headings = getattr(feature, "headings", None)
    if not headings:
        return
    from berserk_judge.parser import atoms

    found = atoms(tree)
    for index, heading in enumerate(headings):
        if isinstance(heading, (tuple, list)):
            number, kind, title = (list(heading) + [None, None, None])[:3]
        else:
            get = heading.get if isinstance(heading, dict) else (lambda key, h=heading: getattr(h, key, None))
            number, kind, title = get("atom"), get("type"), get("name")
        if not kind or not isinstance(number, int) or not 1 <= number <= len(found):
            continue
        if index == 0 and kind == getattr(feature, "ability_type", None) and number == 1:
            continue
        b.say(FEATURE, "heading", 1, a=name(found[number - 1]), type=kind + (f" «{title}»" if title else ""))


_AFTER_LIMIT = re.compile(r"[\s.;,)]*$")
_OPTION_CUT = re.compile(r"(?:[;,]|\s(?:или|либо|и|при\s+этом|затем)\s)", re.I)


def _limit_inside(feature, ann) -> str | None:
    """The words a limit closes when it stands inside the effect, before more of it («получает 1
    дополнительную {health} (1 раз за ход) или +1 к {strike}»): they, not the whole feature, are limited."""
    text = getattr(feature, "text", "") or ""
    span = getattr(feature, "span", None)
    if not span or not getattr(ann, "span", None):
        return None
    start, end = ann.span[0] - span[0], ann.span[1] - span[0]
    if not 0 < start < end <= len(text) or _AFTER_LIMIT.fullmatch(text[end:]):
        return None
    if text[:start].count("(") > text[:start].count(")"):      # «(2 раза за ход, воздействие «…»)»: with others
        close = text.find(")", end)
        if close < 0 or _AFTER_LIMIT.fullmatch(text[close + 1:]):
            return None
        end = close + 1
    rest = text[end:]
    if re.match(r"\s*[.]", rest) or not re.match(r"[\s,]*(?:или|либо|и|,|;)", rest, re.I):
        return None                   # a new sentence, or words that go on the same ability
    effect_start = max(0, (getattr(feature, "effect_span", (0, 0)) or (0, 0))[0] - span[0])
    head = text[effect_start:start]
    cuts = list(_OPTION_CUT.finditer(head))
    before = head[cuts[-1].end():] if cuts else head
    return before.strip(" ,;") or None


# a later moment inside a condition after its event: «После метания в начале своего следующего хода»
_LATER_MOMENT = re.compile(r"^(?:при|после|если|когда)\s+\S.*?\s(в\s+(?:начале|конце)\s+(?:[^\W\d_]+\s+){0,3}?"
                           r"(?:хода|боя)(?:\s+противника)?)", re.I)


# words of a later ability that name what an earlier one produced: a roll's results, the card found or shown
# (not «показанной»: it may name a card another feature showed — the judges' ruling on Грезы Архааля)
_RESULT_WORDS = re.compile(r"(?<!\w)(?:результат\w*|выпавш\w*)", re.I)


def _uses_result(items) -> tuple[str, str] | None:
    """(the later ability's words, the word) when an ability after the first names the result of one
    before it («… и выберите один из результатов бросков»): 505's example 2 of independent abilities
    does not describe them (the judges' ruling on Воин храма)."""
    from berserk_judge.parser import atoms

    for item in items[1:]:
        for atom in atoms(item):
            found = _RESULT_WORDS.search(atom.text)
            if found and not atom.text.lstrip().lower().startswith("если"):
                return atom.text, found.group(0)
    return None


def _changes_declared_attack(feature) -> str | None:
    """The effect's words when they redirect, block or cancel the attack the condition names (116.5):
    then the trigger fires at that attack's declaration, not at its effect step (the judges' rulings on
    Гномий король)."""
    from berserk_judge.parser.reader.moments import CHANGES_DECLARED

    effect = " ".join((getattr(feature, "effect", None) or "").split())
    return effect if effect and CHANGES_DECLARED.match(effect) else None


def _trigger(b: _Builder, feature, tree, condition: str) -> None:
    """The statements of a trigger condition (116)."""
    b.say(FEATURE, "triggered", 0, cond=condition)
    parts = judge.condition_parts(condition)
    host_text = judge.names_host(getattr(feature, "text", "") or "")
    for part in parts:       # «В начале боя и при каждом сильном {strike}»: each moment for itself
        word = judge.opener(part)
        shown = "" if len(parts) == 1 else f"«{part}»: "
        moment = judge.condition_moment(part)
        changed = _changes_declared_attack(feature) if moment is None and judge.attack_condition(part) else None
        if changed:                   # «При дальней атаке … может перенаправить эту атаку»: at its declaration
            b.say(FEATURE, "trigger-changes-declared", 1, shown, words=changed)
        elif moment is not None:        # a declaration, a step, a move: the moment the text names (spec §1)
            kind, words = moment
            attack = judge.attack_step(part)
            key = {"declaration": "trigger-declaration" if attack else "trigger-declared",
                   "move": "trigger-move"}.get(kind, "trigger-attack-step" if attack else "trigger-step")
            b.say(FEATURE, key, 1, shown, cond=part, words=words)
        elif _LATER_MOMENT.search(part):   # «После метания в начале своего следующего хода»
            b.say(FEATURE, "trigger-later-moment", 1, shown, moment=_LATER_MOMENT.search(part).group(1))
        else:
            if word in ("при", "если", "когда"):
                b.say(FEATURE, "trigger-effect-step", 1, shown, word=word.capitalize())
            elif word == "после":
                b.say(FEATURE, "trigger-completion-step", 1, shown)
            attack = judge.attack_condition(part)
            strength = judge.attack_strength(part) if attack == "attack" else None
            if strength:              # «При слабом разряде»: the text says otherwise than «независимо от силы»
                b.say(FEATURE, "trigger-attack-strength", 1, shown, cond=part, strength=strength)
            elif attack:
                b.say(FEATURE, "trigger-attack" if attack == "attack" else "trigger-attack-wounds", 1, shown,
                      cond=part)
        if judge.event_names_host(part):
            b.say(FEATURE, "trigger-host-named", 1, cond=part)
        elif judge.sourceless_condition(part, b.card_name):
            b.say(FEATURE, "trigger-host-text" if host_text else "trigger-source", 1, cond=part)
    others = _other_choosers(feature, tree)
    if others:
        b.say(FEATURE, "trigger-other-may", 1, who=others[0])
    else:
        optional = _optional_feature(feature, tree)
        key = {True: "trigger-optional", None: "trigger-partly-optional", False: "trigger-mandatory"}[optional]
        b.say(FEATURE, key, 1)
    b.say(FEATURE, "trigger-once", 1)


def _effect_words(tree) -> str:
    from berserk_judge.parser import atoms

    return " ".join(a.text for a in atoms(tree))


def _replaced_event(replacement: str | None, condition: str | None) -> str | None:
    """The event a replacement marked by the reader replaces (spec §1 «Replacements»): «погибнуть» for
    «Если должен погибнуть …, вместо этого …» (the event the condition's obligation names, or the
    condition itself); None for «Вместо гибели …», whose condition is the mark itself, and for no mark."""
    if not replacement or replacement == condition:
        return None
    return wording.replacement(condition, replacement) or condition


def _has_choice(tree) -> bool:
    from berserk_judge.parser import Choice, Either, atoms, children

    def walk(node) -> bool:
        return isinstance(node, (Choice, Either)) or any(walk(c) for c in children(node))

    return walk(tree) or any(wording.either_parts(a.text) for a in atoms(tree))


def _atoms_chosen_by_another(feature, tree) -> dict:
    """Each atom under a «может» decided by another player («противник может …») → that player: «своё»
    in the atom's words is theirs, whose subject the reader took out of the atom with the «может»."""
    from berserk_judge.parser import May, atoms, children

    out: dict = {}

    def walk(node) -> None:
        if isinstance(node, May):
            found = judge.may_chooser(node, feature)
            if found is not None:
                for atom in atoms(node):
                    out.setdefault(atom, found[0])
        for child in children(node):
            walk(child)

    walk(tree)
    return out


def _atom_facts(b: _Builder, tree) -> None:
    """What an ability's own words decide: «A, либо B» inside one ability (505.5: one of them),
    «может … только» (a restriction), «любое своё …» (who chooses)."""
    from berserk_judge.parser import atoms

    other = _feature_chooser(b.feature)
    targets_said = False
    owns_said: set[str] = set()
    open_atoms: set = set()                           # atoms whose open target or object is said already
    static = _kind(b.feature) == "static" and not getattr(b.feature, "condition", None) \
        and not getattr(b.feature, "payment", None)       # a lasting property chooses nothing
    replacement = b.replacement is not None
    may_others = _atoms_chosen_by_another(b.feature, tree)
    for atom in atoms(tree):
        parts = wording.either_parts(atom.text) if atom not in b.flattened else []
        if len(parts) > 1:
            items = " либо ".join(f"«{p}»" for p in parts)
            both = wording.both_when(atom.text)
            if other is not None:
                b.say(FEATURE, "atom-either-other", 0, a=name(atom), items=items, who=other[0], text=other[1])
            elif both:                # «(совершите оба, если …)»: then every option
                found = re.search(r"\(([^()]*\bоба\b[^()]*)\)", atom.text, re.I)
                b.say(NODE, "either-both", 0, items=items, cond=re.sub(r"^если\s+", "", both, flags=re.I),
                      both=found.group(1) if found else both)
            else:
                b.say(FEATURE, "atom-either", 0, a=name(atom), items=items)
        instead = None if replacement else wording.instead_of(atom.text)
        if instead:                   # «(если оно тёмное ранить его на 1 вместо этого)»: in the event's place
            b.say(FEATURE, "instead-atom", 0, a=name(atom), words=instead)
        moment = wording.delayed_moment(atom.text)
        if moment:
            b.say(FEATURE, "delayed-moment", 0, a=name(atom), moment=moment)
        words = wording.restriction(atom.text)
        if words:
            b.say(FEATURE, "restriction", 0, words=words)
        if not targets_said and wording.open_target(atom.text):
            b.say(FEATURE, "target-open", 0, a=name(atom))
            targets_said = True
            open_atoms.add(atom)
        elif not targets_said and wording.open_object(atom.text) and not judge.chosen_targets([atom.text]):
            b.say(FEATURE, "object-open", 0, a=name(atom), noun=wording.open_object(atom.text))
            targets_said = True
            open_atoms.add(atom)
        for phrase, who in wording.any_chosen(atom.text):
            if who is None and re.search(r"(?<!\w)сво", phrase, re.I) and atom in may_others:
                who = may_others[atom]    # «противник может перенаправить … на любое своё существо»
            if who:
                b.say(FEATURE, "any-chosen-by", 0, words=phrase, who=judge.nominative(who))
            else:
                b.say(FEATURE, "any-chosen", 0, words=phrase)
        own = None if wording.any_chosen(atom.text) or atom in open_atoms or static else wording.own_one(atom.text)
        if own and own.casefold() not in owns_said:   # «ваше существо получает …»: the controller's choice
            b.say(FEATURE, "own-one", 0, words=own)
            owns_said.add(own.casefold())
    _pronoun_choosers(b, tree)


def _pronoun_choosers(b: _Builder, tree) -> None:
    """«существо противника по его выбору …» written in the words (no parentheses, no annotation; spec §1):
    the pronoun names the person nearest before it. The condition's words count too: a condition that
    took in the chooser still says who chooses."""
    from berserk_judge.parser import atoms

    if "выбор" not in (getattr(b.feature, "text", "") or "").casefold() or any(
            a.kind == "chooser" for a in getattr(b.feature, "annotations", ()) or ()):
        return
    for words in [getattr(b.feature, "condition", None) or ""] + [a.text for a in atoms(tree)]:
        found = judge.pronoun_choice(words)
        if found is None:
            continue
        who = judge.pronoun_chooser(words[:found.start()])
        if who:
            noun = [m.group(0) for m in re.finditer(r"[а-яё]+", words[:found.start()], re.I)
                    if judge.pronoun_chooser(m.group(0))][-1]
            b.say(FEATURE, "pronoun-chooser", 0, words=found.group(0), who=who, noun=noun)
        else:
            b.say(FEATURE, "pronoun-unclear", 0, words=found.group(0))
        return


def _choosers(b: _Builder, feature, tree) -> None:
    """Who chooses each «выбранн…» target of the effect."""
    from berserk_judge.parser import atoms

    for words, who in judge.chosen_targets(a.text for a in atoms(tree)):
        if who:
            b.say(FEATURE, "chosen-by", 0, words=words, who=who)
        else:
            b.say(FEATURE, "chosen", 0, words=words)


_X_MAXIMUM = re.compile(r"\((максимум\s+на\s+[^,()]+)(?:,[^()]*)?\)\s*\.?\s*$", re.I)
_TAIL_WHILE = re.compile(r",\s*(пока\s+[^,()]+?)\s*$", re.I)


def _x_maximum(b: _Builder, feature, tree) -> None:
    """«излечить её на Х и объявить разряд на Х (максимум на 3, 2 раза за ход)»: the maximum in the
    closing parenthesis, with the limit of the whole feature, bounds X in every ability (the judges'
    ruling on Нальдан: heal 3 and discharge 3)."""
    from berserk_judge.parser import atoms

    found = _X_MAXIMUM.search(getattr(feature, "text", "") or "")
    if found and sum(bool(_X.search(a.text)) for a in atoms(tree)) > 1:
        b.say(FEATURE, "x-maximum", 0, words=found.group(1).strip())


def _tail_while(b: _Builder, tree) -> None:
    """«клетка … считается глубиной и не считается поверхностью, пока Ману Кварат в отряде»: a «пока»
    closing the last of several abilities joined by «и» may bound them all (the judges' ruling on
    Ману Кварат) — the rules folder does not say, so the explanation says so rather than split them."""
    from berserk_judge.parser import All, atoms, children

    def walk(node) -> None:
        if isinstance(node, All) and len(node.items) > 1:
            last = atoms(node.items[-1])
            found = _TAIL_WHILE.search(last[-1].text) if last else None
            if found:
                group = " и ".join(f"«{a.text}»" if a is not last[-1] else f"«{a.text[:found.start()]}»"
                                   for a in atoms(node))
                b.say(FEATURE, "tail-while", 0, words=found.group(1), group=group)
                return
        for child in children(node):
            walk(child)

    walk(tree)


def _x_statements(b: _Builder, feature, tree, condition: str | None) -> None:
    """Where X comes from, when the effect uses one: the payment, the condition, «где X — …» or 505.7."""
    from berserk_judge.parser import Dependent, children

    if not _has_x(tree):
        return
    payment = getattr(feature, "payment", None) or ""
    if _X.search(payment):
        b.say(FEATURE, "x-payment", 0, payment=payment)
        return
    if condition and _X.search(condition):
        b.say(FEATURE, "x-condition", 0, cond=condition)
        _x_maximum(b, feature, tree)
        return
    def dependent_x(node) -> bool:
        if isinstance(node, Dependent) and _has_x(node.right):
            return True
        return any(dependent_x(c) for c in children(node))

    if _WHERE_X.search(getattr(feature, "text", "") or ""):
        # «Пророчество 1, при этом … на X, где X — стоимость показанной карты»: 505.7 says when to count it
        b.say(FEATURE, "x-where-dependent" if dependent_x(tree) else "x-where", 0)
        return

    if not dependent_x(tree):
        b.say(FEATURE, "x-undefined", 0)


def heading(feature, reading_index: int) -> str:
    """The canonical form a reading's explanation is headed by."""
    from berserk_judge.parser import reading_strings

    strings = reading_strings(feature, abstract=False)
    return strings[reading_index] if reading_index < len(strings) else ""


def explain_features(features, rulebook=None, card_name: str | None = None, classes=()) -> list[FeatureExplanation]:
    """One explanation per feature, one reading each (all readings of an ambiguous text);
    `classes`: the class names of the base's class data (`explain.lines.class_names`)."""
    out = []
    for feature in features:
        if feature.kind == "errata":
            continue
        reading = feature.reading
        count = 1 + (len(reading.alternatives) if reading is not None else 0)
        readings = [(heading(feature, i) if reading is not None else feature.text.strip(),
                     explain_feature(feature, i, rulebook, card_name, classes)) for i in range(count)]
        out.append(FeatureExplanation(feature, readings))
    return out


def explain_text(text: str, name: str | None = None, rulebook=None, classes=()) -> list[FeatureExplanation]:
    """Explanations of a card text, abstract (С1, У1, …) or real."""
    from berserk_judge.parser import looks_abstract, read_abstract, read_text

    features = read_abstract(text) if looks_abstract(text) else read_text(text, name)
    return explain_features(features, rulebook, name, classes)
