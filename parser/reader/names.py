"""Masking the card's own name, inflected forms included (spec section 5).

Names contain "и" and hyphens ("Бон и Берроу", "Гном-поджигатель"); a name
found in the text is one nominal word for the segmenter, never a connective.
"""
from __future__ import annotations

import re
from functools import lru_cache

from berserk_judge.parser.reader.morph import form_needles, lexeme_forms, normalize

_ANYWORD = re.compile(r"\w+", re.UNICODE)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)


_LATIN = re.compile(r"[a-z]")
_MIXED_WORD = re.compile(r"\w*[a-z]\w*", re.UNICODE)
# a Latin letter beside a word character that is no Latin letter (lower case: `fold` asks it of a
# lowered text): the letter opens with a character class, which the regex engine scans for in C
_GLUED_LATIN = re.compile(r"[a-z](?:(?<=[^\Wa-z].)|(?=[^\Wa-z]))")


def _may_mix_alphabets(lowered: str) -> bool:
    """Some run of Latin letters is glued to another word character (a Cyrillic letter, a
    digit, "_"): only then can a word of `_MIXED_WORD` hold a letter `normalize` changes.
    (\\w is what `str.isalnum()` or "_" says of a character.)"""
    return _GLUED_LATIN.search(lowered) is not None


@lru_cache(maxsize=1024)
def fold(text: str) -> str:
    """Same-length folding: lower case, ё→е, Latin look-alikes → Cyrillic.

    Cached: every feature of a card masks the name over the same card text.
    Word by word (`morph.normalize`) only where a Latin letter stands, so a
    plain Cyrillic text is folded by two string methods.
    """
    lowered = text.lower()
    if len(lowered) != len(text):  # a character whose lower case is longer ("İ"): keep it
        lowered = "".join(low if len(low := ch.lower()) == 1 else ch for ch in text)
    lowered = lowered.replace("ё", "е")
    if not _LATIN.search(lowered) or not _may_mix_alphabets(lowered):
        return lowered   # no Latin letter, or only whole Latin words ("{tap}"), which stay as they are

    def one(match: re.Match) -> str:
        word = match.group()
        norm = normalize(word)
        return norm if len(norm) == len(word) else word

    return _MIXED_WORD.sub(one, lowered)


@lru_cache(maxsize=4096)
def name_parts(name: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The name as (separator before the word, every inflected form of the word).

    The separator is "" for the first word, " " for white space, "-" for a
    hyphen (spaces around it allowed) or the folded punctuation itself.
    """
    parts: list[tuple[str, frozenset[str]]] = []
    pos = 0
    for match in _WORD.finditer(name.strip()):
        between = name.strip()[pos:match.start()].strip()
        sep = "" if not parts else (between if between == "-" else fold(between) if between else " ")
        parts.append((sep, lexeme_forms(match.group())))
        pos = match.end()
    return tuple(parts)


@lru_cache(maxsize=4096)
def _first_word(name: str) -> str | None:
    match = _WORD.search(name)
    return match.group() if match else None


def _joins(gap: str, sep: str) -> bool:
    if sep == " ":
        return bool(gap) and gap.isspace()
    return gap.strip() == sep


def name_may_stand(text: str, name: str | None, start: int, end: int) -> bool:
    """Whether a form of the name's first word is spelled in text[start:end]: when not,
    `name_spans` finds nothing there, nor in any part of it (the name changes no reading)."""
    needles = _name_needles(name) if name else None
    if needles is None:
        return False
    folded = fold(text)
    for needle in needles:
        if folded.find(needle, start, end) >= 0:
            return True
    return False


@lru_cache(maxsize=4096)
def _name_needles(name: str) -> tuple[str, ...] | None:
    """`form_needles` of the name's first word, None when the name has no word (asked once
    per feature: the name is the card's, the same for all its features)."""
    first = _first_word(name.strip())
    return None if first is None else form_needles(first)


def name_spans(text: str, name: str | None, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Spans of the card's name (any inflected form) in text[start:end].

    Word by word with set look-ups rather than one large regex per name:
    compiling an alternation of every form of every word cost more than
    reading the card.
    """
    end = len(text) if end is None else end
    if not name_may_stand(text, name, start, end):
        return []        # no form of the first word can be here; its forms are not even spelled
    folded = fold(text)
    parts = name_parts(name.strip())
    if parts[0][1].isdisjoint(_WORD.findall(folded, start, end)):
        return []        # no word of the range is a form of the name's first word (most features)
    return _spans_word_by_word(folded, parts, start, end)


def _spans_word_by_word(folded: str, parts, start: int, end: int) -> list[tuple[int, int]]:
    words = [m.span() for m in _WORD.finditer(folded, start, end)]
    spans: list[tuple[int, int]] = []
    i = 0
    while i + len(parts) <= len(words):
        first_start = words[i][0]
        if folded[words[i][0]:words[i][1]] in parts[0][1] and not _glued(folded, first_start - 1):
            j = i
            for sep, forms in parts[1:]:
                if not (j + 1 < len(words) and _joins(folded[words[j][1]:words[j + 1][0]], sep)
                        and folded[words[j + 1][0]:words[j + 1][1]] in forms):
                    break
                j += 1
            else:
                last_end = words[j][1]
                if last_end >= len(folded) or not _glued(folded, last_end):
                    spans.append((first_start, last_end))
                    i = j + 1
                    continue
        i += 1
    return spans


def _glued(text: str, index: int) -> bool:
    """A word character or hyphen at index: the match would be part of a longer word."""
    return 0 <= index < len(text) and (text[index].isalnum() or text[index] in "-_")
