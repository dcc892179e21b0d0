"""The ONE table of rule numbers: what the spec cites, and where each 505
edition has it.

The two extracts of rule 505 number some rules differently (505.6 is «может»
in one edition and «в противном случае» in the other, `../shared/rules/README.md`).
Explanations cite the number the spec uses; when that number means something
else in the other edition, the citation names its subject too, and a quote is
taken from the rule whose text holds the subject's marker words.
"""
from __future__ import annotations

from dataclasses import dataclass

# The editions of 505, by the file stems of the rulebook extracts.
EDITION_EXAMPLES = "000_9bdf050d0752382a"   # priority list, worked examples, 505.6 «может», 505.7 X
EDITION_NUMBERED = "001_fec2e4a9d21bd585"   # 505.3 (unnumbered), 505.4.1–505.8


@dataclass(frozen=True)
class Ref:
    """One rule the explanations rest on."""

    number: str                 # as the spec cites it
    subject: str                # short Russian subject, shown when the number is ambiguous
    editions: dict[str, str | None]   # edition stem -> that edition's number (None: absent)
    marker: str | None = None   # words the rule's own text holds (finds the right edition for a quote)


_BOTH = (EDITION_EXAMPLES, EDITION_NUMBERED)


def _e(examples: str | None, numbered: str | None) -> dict[str, str | None]:
    return dict(zip(_BOTH, (examples, numbered)))


# topic -> rule
RULES: dict[str, Ref] = {
    "playable": Ref("114.1", "играемая особенность", {}, "воля игрока"),
    "conditional": Ref("115.1", "условная играемая особенность", {}, "условная"),
    "triggered": Ref("116.1", "срабатывающая особенность", {}, "срабатывающая особенность"),
    "trigger-no-payment": Ref("116.2", "ограничения срабатывающей", {}, "никогда не требует оплаты"),
    "trigger-priority": Ref("116.3", "условие срабатывания", {}, "получает приоритет"),
    "trigger-step": Ref("116.4", "шаг срабатывания", {}, "шаге"),
    "trigger-omitted": Ref("116.5", "условие опущено", {}, "не содержать условия"),
    "trigger-mandatory": Ref("116.6", "обязательное срабатывание", {}, "обязан"),
    "trigger-optional": Ref("116.7", "«может» в срабатывающей", {}, "может не объявлять"),
    "trigger-once": Ref("116.8", "срабатывает 1 раз", {}, "1 раз"),
    "static": Ref("114–116", "ни играемая, ни срабатывающая", {}, None),
    "compound": Ref("505", "составная особенность", _e("505", "505"), None),
    "all": Ref("505", "«и»", _e("505", "505"), "независимые друг от друга"),
    "sequence": Ref("505", "«затем»", _e("505", "505"), "независимо от результат"),
    "payment": Ref("505.3", "оплата после всех способностей", _e(None, "505.3"), "оплата происходит после"),
    "dependent": Ref("505.4", "«при этом»", _e(None, "505.4"), "при этом"),
    "choice": Ref("505.5", "«или»/«либо»", _e(None, "505.5"), "одну из этих"),
    "fallback": Ref("505.6", "«в противном случае»", _e(None, "505.6"), "в противном случае"),
    "opponent": Ref("505.7", "отказ противника", _e(None, "505.7"), "не может или не хочет"),
    "may": Ref("505.6", "«может»", _e("505.6", "505.8"), "слово “может”"),
    "may-several": Ref("505.8", "несколько способностей после «может»", _e("505.6", "505.8"), "после слова"),
    "x": Ref("505.7", "X", _e("505.7", None), "числовой параметр"),
}

# edition -> number -> the topics that edition files under it
_IN_EDITION: dict[str, dict[str, frozenset[str]]] = {}
for _topic, _ref in RULES.items():
    for _edition, _number in _ref.editions.items():
        if _number:
            table = _IN_EDITION.setdefault(_edition, {})
            table[_number] = table.get(_number, frozenset()) | {_topic}


def ambiguous_number(number: str) -> bool:
    """A number that means different rules in the two 505 editions (505.6, 505.7)."""
    meanings = {table[number] for table in _IN_EDITION.values() if number in table}
    return len(meanings) > 1


def cite(*topics: str) -> str:
    """«(505.4)», «(505.6 «может», 505.8)»: the citation ending a statement."""
    parts = []
    for topic in topics:
        ref = RULES[topic]
        parts.append(f"{ref.number} {ref.subject}" if ambiguous_number(ref.number) else ref.number)
    return "(" + ", ".join(parts) + ")"


def numbers(*topics: str) -> tuple[str, ...]:
    return tuple(RULES[topic].number for topic in topics)


def quote(rulebook, topic: str) -> str | None:
    """The rule's own text from a loaded rulebook (None when absent).

    Among the rules with the number, the one whose text holds the marker wins;
    a rule the extract leaves unnumbered (505.3) is found by its marker alone.
    """
    if rulebook is None:
        return None
    ref = RULES[topic]
    from rulebook import by_number

    matches = [m.rule for m in by_number(rulebook, ref.number)
               if m.rule.number is not None]
    exact = [r for r in matches if r.number == ref.number]
    pool = exact or matches
    if not exact and not ref.marker:
        return None
    if ref.marker:
        marked = [r for r in pool if ref.marker.casefold() in r.text.casefold()]
        if not marked:
            marked = [r for r in rulebook.rules if r.number is None and r.section == ref.number.split(".")[0]
                      and ref.marker.casefold() in r.text.casefold()]
        pool = marked or ([] if ambiguous_number(ref.number) else pool)
    if not pool:
        return None
    rule = pool[0]
    text = rule.own_text
    if rule.number is None and ref.marker:   # a long unnumbered passage: the paragraph that says it
        text = next(line for line in rule.text.splitlines() if ref.marker.casefold() in line.casefold())
    label = rule.number or f"{ref.number} (в тексте без номера)"
    return f"{label} [{rule.source}]: {text.strip()}"
