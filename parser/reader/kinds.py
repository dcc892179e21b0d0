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
