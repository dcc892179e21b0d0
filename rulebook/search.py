"""Finding rules: by number (with sub-rules) or by words (best first, marked).

Words match whole words only, in any form: case, ё/е and Latin/Cyrillic
look-alikes are folded and each word is compared by its dictionary form
(pymorphy3: «оплата» finds «оплаты», «оплатой»; «при» never finds «ПРИМЕР»
or «приоритет»). Synonyms come from one table (`rulebook.synonyms`). A rule
where the query's words stand together as a phrase ranks first; then the
best-placed match (the rule's own words before a quoted wording, a quoted
wording before an example; the query's own form before a synonym), then the
number of matches. Among rules with the phrase, a numbered rule that opens with it
(«116.1. Срабатывающая особенность – это …») comes first: it defines it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from berserk_judge.rulebook.load import Rule, Rulebook

_NUMBER_QUERY = re.compile(r"\s*(\d{3}(?:\.\d+)*)\.?\s*(?:,?\s*(пример)\s*([0-9Зз]*)\.?)?\s*", re.I)
_EXAMPLE = re.compile(r"(?:ПРИМЕР|Например)\s*([0-9З]*)")
_EXAMPLE_START = re.compile(r"(?:^|\n)\s*(?:ПРИМЕР|Например)\s*([0-9З]*)")
_TOKEN = re.compile(r"\{\w+\}|[\wёЁ]+|[;—–]|(?<=\s)-(?=\s)")
_DASHES = {"–": "—", "-": "—"}
_LOOKALIKE = str.maketrans("aceopxykmthb", "асеорхукмтнв")
_CYRILLIC = re.compile(r"[а-яё]")


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


# -- numbers ---------------------------------------------------------------------

def parse_number(query: str) -> tuple[str, int | None] | None:
    """`116.3` → ("116.3", None); `505, пример 2` → ("505", 2); `114.1 пример` → ("114.1", 0)."""
    match = _NUMBER_QUERY.fullmatch(query)
    if match is None:
        return None
    number, word, digits = match.groups()
    if word is None:
        return number, None
    return number, int(digits.replace("З", "3").replace("з", "3")) if digits else 0


def is_rule_number(query: str) -> bool:
    """`116.3`, `505`, `505.4.1` (a trailing dot is allowed), `505, пример 2`."""
    return parse_number(query) is not None


def examples_of(rule: Rule) -> set[int]:
    """The example numbers a rule holds (0 for an unnumbered «ПРИМЕР»)."""
    return {int(d.replace("З", "3")) if d else 0 for d in _EXAMPLE.findall(rule.text)}


def example_part(rule: Rule, example: int) -> Rule:
    """The rule cut down to its example N (0: all its examples), from «ПРИМЕР N» up to the next
    example; the line is where the example starts. A judge asking for «505, пример 2» wants
    that example, not the priority list and the other examples around it."""
    starts = [(m.start() + (m.group(0)[:1] == "\n"), int(m.group(1).replace("З", "3")) if m.group(1) else 0)
              for m in _EXAMPLE_START.finditer(rule.text)]
    if not starts:
        return rule
    if example == 0:
        begin, end = starts[0][0], len(rule.text)
    else:
        at = next((i for i, (_, n) in enumerate(starts) if n == example), None)
        if at is None:
            return rule
        begin = starts[at][0]
        end = starts[at + 1][0] if at + 1 < len(starts) else len(rule.text)
    from dataclasses import replace

    return replace(rule, text=rule.text[begin:end].strip(), line=rule.line + rule.text.count("\n", 0, begin),
                   example=example)


def by_number(book: Rulebook, query: str) -> list[Match]:
    """The rule and its sub-rules, from every file that has them, in file order.

    `505` also brings the unnumbered passages of section 505; `505.3` the
    passage with that stable name; `505, пример 2` only example 2 of the rules
    numbered exactly so (`114.1, пример`: all its examples).
    """
    parsed = parse_number(query)
    if parsed is None:
        return []
    number, example = parsed
    out = []
    for rule in book.rules:
        cited = rule.cited_number
        if example is not None:
            exact = cited == number or (cited is None and rule.section == number)
            if exact and (example in examples_of(rule) or (example == 0 and examples_of(rule))):
                out.append(Match(example_part(rule, example)))
        elif cited is None:
            if rule.section == number:
                out.append(Match(rule))
        elif cited == number or cited.startswith(number + "."):
            out.append(Match(rule))
    return out


# -- words -------------------------------------------------------------------------

def fold(text: str) -> str:
    """Case and ё/е folded; a Latin look-alike in a Cyrillic or one-letter word made Cyrillic."""
    text = text.casefold().replace("ё", "е")
    if len(text) == 1 or _CYRILLIC.search(text):
        text = text.translate(_LOOKALIKE)
    return _DASHES.get(text, text)


@lru_cache(maxsize=8192)
def _lemma(word: str) -> str:
    """The folded word's dictionary form, by the reader's one pymorphy3 analyser."""
    if len(word) < 2 or not word[0].isalpha():
        return word
    from berserk_judge.parser import morph_analyzer

    parses = morph_analyzer().parse(word)
    return fold(parses[0].normal_form) if parses else word


@dataclass(frozen=True)
class _Token:
    lemma: str
    start: int
    end: int


def tokens(text: str) -> list[_Token]:
    """Words, icons and the marks «;» and «—» (a spaced hyphen is a dash) with their spans."""
    return [_Token(_lemma(fold(m.group(0))), m.start(), m.end()) for m in _TOKEN.finditer(text)]


@dataclass(frozen=True)
class Term:
    """One thing the query asks for: its own form and the synonyms that count too."""

    own: tuple[str, ...]
    forms: tuple[tuple[str, ...], ...]


@lru_cache(maxsize=1)
def _synonym_forms() -> tuple[tuple[tuple[str, ...], ...], ...]:
    from berserk_judge.rulebook.synonyms import SYNONYMS

    return tuple(tuple(tuple(t.lemma for t in tokens(member)) for member in group) for group in SYNONYMS)


def terms(query: str) -> list[Term]:
    """The query as terms: a synonym-table phrase is one term, any other word is one."""
    lemmas = [t.lemma for t in tokens(query)]
    groups = _synonym_forms()
    out: list[Term] = []
    at = 0
    while at < len(lemmas):
        best: tuple[tuple[str, ...], tuple[tuple[str, ...], ...]] | None = None
        for group in groups:
            for form in group:
                if tuple(lemmas[at:at + len(form)]) == form and (best is None or len(form) > len(best[0])):
                    best = (form, group)
        if best is None:
            out.append(Term((lemmas[at],), ((lemmas[at],),)))
            at += 1
        else:
            out.append(Term(best[0], best[1]))
            at += len(best[0])
    return out


def _places(text: str) -> list[int]:
    """A weight per character: 3 the rule's own words, 2 a wording in quotes, 1 an example."""
    weights = [3] * len(text)
    example = re.search(r"\n\s*(?:ПРИМЕР|Например)", text)
    inside = False           # “…”, ”…” and "…": the extracts pair these loosely, so each toggles
    depth = 0                # «…» nest
    for index, char in enumerate(text):
        if char == "«":
            depth += 1
        elif char == "»":
            depth = max(0, depth - 1)
        elif char in "“”\"":
            inside = not inside
        if depth or inside:
            weights[index] = 2
    if example:
        weights[example.start():] = [1] * (len(text) - example.start())
    return weights


def _term_hits(term: Term, words: list[_Token]) -> list[tuple[int, int, bool]]:
    """(first token, last token, own form?) of every place the term stands in."""
    hits = []
    for index in range(len(words)):
        for form in term.forms:
            size = len(form)
            if tuple(w.lemma for w in words[index:index + size]) == form:
                hits.append((index, index + size - 1, form == term.own))
                break
    return hits


def by_words(book: Rulebook, query: str) -> list[Match]:
    """Rules holding every term of the query: those where the words stand as a phrase first; among
    them a numbered rule whose own words (not its examples) hold every term — the rule that defines
    them — before an unnumbered passage (the priority list, the worked examples); then the most and
    best-placed matches."""
    wanted = terms(query)
    if not wanted:
        return []
    found = []
    for order, rule in enumerate(book.rules):
        words = tokens(rule.text)
        hits = [_term_hits(term, words) for term in wanted]
        if not all(hits):
            continue
        places = _places(rule.text)
        weight = best = 0.0
        spans = set()
        for term_hits in hits:
            weights = []
            for first, last, own in term_hits:
                weights.append(places[words[first].start] * (1.0 if own else 0.5))
                spans.add((words[first].start, words[last].end))
            weight += sum(weights)
            best += max(weights)
        phrases = _phrases(hits) if len(hits) > 1 else 0
        defines = _defines(rule, hits, words, places, own=True)
        opens = _opens(rule, hits, words)
        key = (-min(phrases, 1), -opens, -defines, -best, -_defines(rule, hits, words, places, own=False), -weight,
               order)
        found.append((key, Match(rule, _merged(spans), weight + 100 * phrases + 50 * defines)))
    found.sort(key=lambda item: item[0])
    return [match for _, match in found]


def _defines(rule: Rule, hits, words, places, own: bool) -> bool:
    """A numbered rule whose own words (not its examples) hold every term (`own`: in the query's own
    form, not a synonym): the rule that defines them, ranked before the unnumbered priority list."""
    return rule.cited_number is not None and all(
        any(places[words[first].start] >= 2 and (is_own or not own) for first, _, is_own in term_hits)
        for term_hits in hits)


def _opens(rule: Rule, hits, words) -> bool:
    """A numbered rule whose own text opens with the query's words («116.1. Срабатывающая особенность –
    это …»): the rule that defines what the judge asked for, before rules that only use the words."""
    if rule.cited_number is None:
        return False
    first = next((i for i, w in enumerate(words) if not w.lemma.isdigit()), None)
    if first is None:
        return False
    at = first
    for term_hits in hits:
        step = next((h for h in term_hits if h[0] == at), None)
        if step is None:
            return False
        at = step[1] + 1
    return True


def _merged(spans) -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(end, out[-1][1]))
        else:
            out.append((start, end))
    return tuple(out)


def _phrases(hits: list[list[tuple[int, int, bool]]]) -> int:
    """How often the terms stand one right after another, in the query's order."""
    count = 0
    for first, last, _ in hits[0]:
        end = last
        for term_hits in hits[1:]:
            following = [h for h in term_hits if h[0] == end + 1]
            if not following:
                break
            end = following[0][1]
        else:
            count += 1
    return count
