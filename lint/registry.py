"""The catalogue: every rule class, by code, in code order.

Rule modules live in `lint/rules/`; each defines Rule subclasses. The catalogue,
`berserk-judge rule`, docs/rules.md and the SARIF rule list all read this.
"""
from __future__ import annotations

import difflib
import importlib
import pkgutil
import re
from functools import lru_cache

from berserk_judge.lint.rule import Rule

SELECTOR_RE = re.compile(r"^(ALL|BJ\d{0,3})$")


@lru_cache(maxsize=1)
def all_rules() -> tuple[type[Rule], ...]:
    import berserk_judge.lint.rules as package

    found: dict[str, type[Rule]] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"berserk_judge.lint.rules.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Rule) and value.code:
                if value.code in found and found[value.code] is not value:
                    raise RuntimeError(f"duplicate rule code {value.code}")
                found[value.code] = value
    return tuple(found[code] for code in sorted(found))


@lru_cache(maxsize=1)
def rules_by_code() -> dict[str, type[Rule]]:
    """Every rule by its code (one dict per process: the suppression pass asks per card)."""
    return {rule.code: rule for rule in all_rules()}


def get_rule(key: str) -> type[Rule] | None:
    """A rule by code (any case) or by its kebab-case name."""
    key = key.strip()
    for rule in all_rules():
        if rule.code == key.upper() or rule.name == key.lower():
            return rule
    return None


def closest_code(key: str) -> str | None:
    """The nearest code or name to a mistyped one, for "did you mean"."""
    candidates = [r.code for r in all_rules()] + [r.name for r in all_rules()]
    match = difflib.get_close_matches(key.upper() if key[:2].lower() == "bj" else key, candidates, n=1, cutoff=0.5)
    if not match:
        return None
    rule = get_rule(match[0])
    return rule.code if rule else match[0]


def selector_matches(selector: str, code: str) -> bool:
    return selector == "ALL" or code.startswith(selector)


def validate_selector(selector: str) -> str:
    """Upper-cased selector; ValueError (Russian message) if it names no rule."""
    value = selector.strip().upper()
    if not SELECTOR_RE.match(value) or not any(selector_matches(value, r.code) for r in all_rules()):
        hint = closest_code(value) if value else None
        message = f"неизвестный код правила «{selector.strip()}»"
        if hint:
            message += f"; возможно, имелся в виду {hint}"
        raise ValueError(message)
    return value
