"""The real-text reader (spec sections 1, 2 and 5): card text → features.

Splits a card text into features, finds each feature's head (payment, label,
trigger condition, ability type), segments its effect into connective tokens
with named patterns over morph-tagged words, and hands the tokens to the
connective engine (`parser.engine`).
"""
