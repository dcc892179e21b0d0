"""Judge's explanations: how each feature of a text is played, step by step.

Generated from the reading tree with the phrase table of `explain.phrases`;
every statement cites the rule it rests on (`explain.rulemap`).
"""
from explain.generate import FeatureExplanation, Step, explain_feature, explain_features, explain_text
from explain.render import render_text

__all__ = ["FeatureExplanation", "Step", "explain_feature", "explain_features", "explain_text",
           "render_text"]
