"""Judge's explanations: how each feature of a text is played, step by step.

Generated from the reading tree with the phrase table of `explain.phrases`;
every statement cites only rules of the rulebook folder that say it
(`explain.rulemap`). For a caller with features already read (a language
server's hover): `explain_features(features, rulebook=None, card_name=None)`
→ `list[FeatureExplanation]`, each with `(canonical form, [Step])` per reading.

Names resolve lazily, so rendering a stored explanation (`explain --card`
from the card index) imports no generator.
"""
from __future__ import annotations

import importlib

_EXPORTS = {
    "FeatureExplanation": ".generate", "Step": ".generate", "explain_feature": ".generate",
    "explain_features": ".generate", "explain_text": ".generate",
    "add_quotes": ".render", "mark_classes": ".render", "payload": ".render", "render_text": ".render",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'explain' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value
