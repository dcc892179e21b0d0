"""The rule catalogue for the report site: rules.html and each finding's help, from the registry.

The same source as `berserk-judge rule` and docs/rules.md (reports.catalogue):
one page lists every rule with an anchor per code; card pages read a short
help per code (why it matters, a bad and a good example) from one shared
script, so no card page repeats a rule's text.
"""
from __future__ import annotations

from berserk_judge.reports.catalogue import SEVERITY_RU, _fix, _flags, _numbers


def rule_entries(rules=None) -> list[dict]:
    """Every rule as the page shows it, in code order."""
    if rules is None:
        from berserk_judge.lint.registry import all_rules

        rules = all_rules()
    out = []
    for rule in sorted(rules, key=lambda r: r.code):
        doc = rule.doc()
        out.append({"code": rule.code, "name": rule.name, "severity": rule.severity.label,
                    "severity_ru": SEVERITY_RU[rule.severity.label], "rules": _numbers(rule),
                    "fix": _fix(rule), "summary": doc.summary + _flags(rule), "finds": doc.finds,
                    "why": doc.why, "bad": doc.bad, "good": doc.good})
    return out


def help_data(entries: list[dict]) -> dict[str, list[str]]:
    """Code → [name, summary, why, bad, good]: what a finding's help on a card page shows."""
    return {e["code"]: [e["name"], e["summary"], e["why"], e["bad"], e["good"]] for e in entries}
