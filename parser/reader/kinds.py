"""The feature kinds in the user's words, each with the topic of the rule that
defines it (a key of explain.rulemap.RULES, or None where the rulebook folder
has no rule for it: a keyword label, a static feature), for every view of a
feature: `card`, the language server's hover and outline."""
from __future__ import annotations

import re

KIND_NAMES: dict[str, tuple[str, str | None]] = {
    "playable": ("играемая", "playable"),
    "conditional": ("условная играемая", "conditional"),
    "triggered": ("срабатывающая", "triggered"),
    "keyword": ("с меткой ключевого слова", None),
    "static": ("постоянная", None),
    "errata": ("отметка об эррате", None),
    "unknown": ("не прочитана", None),
}

# «Вместо гибели …» is read with the trigger conditions (it names its moment), but it
# replaces an event: 116.3 does not list «Вместо» among the openers, so it cites no rule
_REPLACEMENT = re.compile(r"\s*вместо(?!\w)", re.I)


def names_an_ability(feature) -> bool:
    """The feature carries an ability type or a limit: someone declares it (spec §2)."""
    return bool(getattr(feature, "ability_type", None) or any(
        ann.kind == "limit" for ann in getattr(feature, "annotations", ()) or ()))


def declared_static(feature) -> bool:
    """A static feature that is an ability someone declares (spec §2): it carries an
    ability type or a limit («Может свести … (воздействие «смирение», 1 раз за ход)»),
    though it has no payment and no trigger condition."""
    return feature.kind == "static" and names_an_ability(feature)


def kind_name(feature) -> tuple[str, str | None]:
    """The feature's kind in the user's words and its rule topic (see KIND_NAMES)."""
    if feature.kind == "triggered" and _REPLACEMENT.match(getattr(feature, "condition", None) or ""):
        return ("замена (вместо события)", None)
    if declared_static(feature):
        return ("объявляемая способность без оплаты и условия", None)
    return KIND_NAMES.get(feature.kind, (feature.kind, None))
