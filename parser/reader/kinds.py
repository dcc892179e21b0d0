"""The feature kinds in the user's words, each with the topic of the rule that
defines it (a key of explain.rulemap.RULES, or None where the rulebook folder
has no rule for it: a keyword label, a static feature), for every view of a
feature: `card`, the language server's hover and outline."""
from __future__ import annotations

KIND_NAMES: dict[str, tuple[str, str | None]] = {
    "playable": ("играемая", "playable"),
    "conditional": ("условная играемая", "conditional"),
    "triggered": ("срабатывающая", "triggered"),
    "keyword": ("с меткой ключевого слова", None),
    "static": ("постоянная", None),
    "errata": ("отметка об эррате", None),
    "unknown": ("не прочитана", None),
}


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
    if getattr(feature, "replacement", None) and feature.kind in ("triggered", "keyword", "static"):
        # «Вместо гибели …» (static when no dash follows and the effect is one ability), «Если должен
        # погибнуть — вместо этого …»: it replaces the event it names (the reader's `replacement`,
        # spec §1), whatever kind the reader gave it: no rule cited
        return ("замена (вместо события)", None)
    if declared_static(feature):
        return ("объявляемая способность без оплаты и условия", None)
    return KIND_NAMES.get(feature.kind, (feature.kind, None))
