"""Judge's explanations: how each feature of a text is played, step by step.

Generated from the reading tree with the phrase table of `explain.phrases`;
every statement cites only rules of the rulebook folder that say it
(`explain.rulemap`). For a caller with features already read (a language
server's hover): `explain_features(features, rulebook=None, card_name=None)`
→ `list[FeatureExplanation]`, each with `(canonical form, [Step])` per reading.
"""
from explain.generate import FeatureExplanation, Step, explain_feature, explain_features, explain_text
from explain.render import add_quotes, payload, render_text

__all__ = ["FeatureExplanation", "Step", "add_quotes", "explain_feature", "explain_features", "explain_text",
           "payload", "render_text"]
