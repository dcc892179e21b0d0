"""What a designer reads as a change of meaning in an edit the rules' structure does not see.

`compare` calls an edit «wording» when the structure the rules read is kept
(kinds, payments, openers, connectives, each ability's own words). Some such
edits still make another card for a designer filtering the changes:

* a number changed: «ранить на 1» → «ранить на 2», «двух» → «трёх»;
* a comparison turned: «больше» → «меньше», «не менее» → «не более»;
* a negation added, dropped or moved: «может» → «не может»,
  «не может атаковать и может защищаться» → «может атаковать и не может защищаться».

`shift(old, new)` names which of these an edit makes, or None. And one edit
that changes the words says the same thing: an «и» list of single words in
another order («степных и тёмных» → «тёмных и степных»); `and_lists_evened`
puts every such list in one order, so comparing structures does not see it.
A list of verbs («ранить и закрыть») is a sequence of actions, not a list,
and keeps its order.
"""
from __future__ import annotations

import re
from functools import lru_cache

_TOKEN = re.compile(r"\d+|[^\W\d_]+", re.UNICODE)
# number words as card texts spell them, in their forms
_NUMBER_WORDS = frozenset("""один одна одно одну одного одной одним одному одними одних два две двух двум двумя
    три трех трем тремя четыре четырех четырем четырьмя пять пяти пятью шесть шести шестью семь семи
    восемь восьми девять девяти десять десяти дважды трижды половина половину половины""".split())
# comparison words by their start: больше, более, не менее, выше, максимальной, наименьшей, равной…
_COMPARISONS = ("больш", "меньш", "более", "менее", "выше", "ниже", "максим", "миним", "наибольш",
                "наименьш", "равн", "превыш")
_NEGATIONS = {"не", "ни", "нет", "нельзя"}
# parts of speech an «и» list of single words is made of (pymorphy3's tags): names of kinds,
# elements, properties — never verbs, whose order is the order of actions
_LISTED = {"ADJF", "ADJS", "NOUN", "PRTF", "NUMR"}


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall((text or "").lower().replace("ё", "е"))


def numbers(text: str) -> list[str]:
    """The numbers of a text in order: digits (as numbers: «01» is «1») and number words («двух»)."""
    out = []
    for token in _tokens(text):
        if token.isdigit():
            out.append(str(int(token)))
        elif token in _NUMBER_WORDS:
            out.append(token)
    return out


def comparisons(text: str) -> list[str]:
    """The comparison words of a text in order, each with a negation before it («не более»)."""
    tokens = _tokens(text)
    return [("не " if i and tokens[i - 1] == "не" else "") + token
            for i, token in enumerate(tokens) if token.startswith(_COMPARISONS)]


def negations(text: str) -> list[str]:
    """Each negation of a text with the two words after it («не может атаковать»: which verb of
    «может атаковать и не может защищаться» is negated), in order."""
    tokens = _tokens(text)
    return [" ".join(tokens[i:i + 3]) for i, token in enumerate(tokens) if token in _NEGATIONS]


def shift(old: str, new: str) -> str | None:
    """«число», «сравнение» or «отрицание»: the first such change from `old` to `new`; None when the
    numbers, comparisons and negations are the same, in the same order."""
    for name, of in (("число", numbers), ("сравнение", comparisons), ("отрицание", negations)):
        if of(old) != of(new):
            return name
    return None


@lru_cache(maxsize=4096)
def _listed(word: str) -> bool:
    from berserk_judge.parser import morph_analyzer

    return morph_analyzer().parse(word)[0].tag.POS in _LISTED


_LIST = re.compile(r"(?<![\w-])([^\W\d_]+(?:\s*,\s*[^\W\d_]+)*)\s+и\s+([^\W\d_]+)(?![\w-])", re.UNICODE)


def and_lists_evened(text: str) -> str:
    """The text with every «и» list of single words («степных, лесных и тёмных») in alphabetical
    order, so two orders of one list read the same; lists of verbs and anything else kept."""
    def evened(match: re.Match) -> str:
        items = [w.strip() for w in match.group(1).split(",")] + [match.group(2)]
        folded = [w.lower().replace("ё", "е") for w in items]
        if not all(_listed(w) for w in folded):
            return match.group(0)
        ordered = sorted(folded)
        return ", ".join(ordered[:-1]) + " и " + ordered[-1]

    return _LIST.sub(evened, text or "")
