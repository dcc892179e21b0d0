"""The rulebook: plain-text rule files in a folder, split into numbered rules.

No rulebook text ships with the project; a user points `--rulebook` (or the
config key `rulebook`) at a folder of `*.txt` files.
"""
from berserk_judge.rulebook.load import Rule, Rulebook, RulebookError, load_rulebook
from berserk_judge.rulebook.search import Match, by_number, by_words, is_rule_number, parse_number

__all__ = ["Match", "Rule", "Rulebook", "RulebookError", "by_number", "by_words",
           "is_rule_number", "load_rulebook", "parse_number"]
