"""Finding rules: by number (with sub-rules) or by words (best first, marked).

Words match forgivingly: case and ё/е are folded, and a text word matches a
query word when it starts with it or has the same dictionary form
(«оплата» finds «оплаты», «оплатой»).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rulebook.load import Rule, Rulebook

_RULE_NUMBER = re.compile(r"\d{3}(?:\.\d+)*")
_WORD = re.compile(r"[\wёЁ]+")


@dataclass(frozen=True)
class Match:
    """A found rule and the spans of its text that matched the query."""

    rule: Rule
    spans: tuple[tuple[int, int], ...] = ()
    score: float = 0.0

    def marked(self, left: str = "**", right: str = "**", text: str | None = None) -> str:
        """The rule's text with every matching word wrapped in the markers."""
        text = self.rule.text if text is None else text
        out, last = [], 0
        for start, end in self.spans:
            out.append(text[last:start] + left + text[start:end] + right)
            last = end
        return "".join(out) + text[last:]


def is_rule_number(query: str) -> bool:
    """`116.3`, `505`, `505.4.1` (a trailing dot is allowed)."""
    return _RULE_NUMBER.fullmatch(query.strip().rstrip(".")) is not None


def by_number(book: Rulebook, number: str) -> list[Match]:
    """The rule and its sub-rules, from every file that has them, in file order.

    `505` also brings the unnumbered passages of section 505.
    """
    number = number.strip().rstrip(".")
    out = []
    for rule in book.rules:
        if rule.number is None:
            if rule.section == number:
                out.append(Match(rule))
        elif rule.number == number or rule.number.startswith(number + "."):
            out.append(Match(rule))
    return out


def fold(text: str) -> str:
    return text.casefold().replace("ё", "е")


@lru_cache(maxsize=8192)
def _lemma(word: str) -> str:
    """The word's dictionary form, by the reader's one pymorphy3 analyser (loaded once per process)."""
    from parser import morph_analyzer

    parses = morph_analyzer().parse(word)
    return fold(parses[0].normal_form) if parses else word


def by_words(book: Rulebook, query: str) -> list[Match]:
    """Rules holding every query word, most occurrences first."""
    words = [fold(w) for w in _WORD.findall(query)]
    if not words:
        return []
    lemmas = [_lemma(w) for w in words]
    found = []
    for order, rule in enumerate(book.rules):
        spans: list[tuple[int, int]] = []
        hit = [0] * len(words)
        for m in _WORD.finditer(rule.text):
            token = fold(m.group(0))
            for i, (word, lemma) in enumerate(zip(words, lemmas)):
                if token.startswith(word) or (len(token) > 2 and _lemma(token) == lemma):
                    hit[i] += 1
                    spans.append(m.span())
                    break
        if all(hit):
            found.append((-sum(hit), order, Match(rule, tuple(spans), float(sum(hit)))))
    found.sort(key=lambda item: item[:2])
    return [match for _, _, match in found]
