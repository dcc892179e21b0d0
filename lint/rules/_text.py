"""Text helpers shared by rules: segments (features as written), masks, words."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

WORD_RE = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
ICON_RE = re.compile(r"\{[^{}\n]*\}")
LATIN = re.compile(r"[A-Za-z]")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
TRIGGER_RE = re.compile(
    r"^(?:До|При|После|Если|Когда|Пока|В\s+начале|В\s+конце|Каждый\s+раз,?\s+когда|"
    r"Всякий\s+раз,?\s+когда|Как\s+только)(?![\w-])",
)
DASHES = "—–"
# the variable X, Latin or Cyrillic, standing alone (not a letter of a word)
# (the look-behind after the letter: see _SENTENCE_RE)
X_RE = re.compile(r"([XХ])(?<![^\W\d_].)(?![^\W\d_])")
# a sentence end followed by what starts a feature in lossy texts: the white space between them is
# group 1 (the pattern opens with the sentence end, not with a look-behind for it: a pattern opening
# with a look-behind is tried at every position of the text, one opening with a character class is
# scanned for it in C, and the end mark is rarer than white space)
_SENTENCE_RE = re.compile(r"[.!?](\s+)(?=[А-ЯЁA-Z{+«\"\d−-])")


@dataclass(frozen=True)
class Segment:
    """A piece of card text that reads as one feature: a line or a sentence."""

    start: int
    end: int
    text: str


def segments(text: str) -> list[Segment]:
    """Lines, and inside a line the sentences (lossy texts join features by spaces)."""
    return list(_segments(text))


@lru_cache(maxsize=16)  # several rules ask for the same card's segments in a row
def _segments(text: str) -> tuple[Segment, ...]:
    out: list[Segment] = []
    offset = 0
    for line in text.split("\n"):
        pieces = []
        last = 0
        depth = 0
        for match in _SENTENCE_RE.finditer(line):
            # no split inside «...» or (...)
            chunk = line[last:match.start(1)]
            depth += chunk.count("«") - chunk.count("»") + chunk.count("(") - chunk.count(")")
            if depth > 0:
                continue
            pieces.append((last, match.start(1)))
            last = match.end(1)
            depth = 0
        pieces.append((last, len(line)))
        for a, b in pieces:
            if line[a:b].strip():
                out.append(Segment(offset + a, offset + b, line[a:b]))
        offset += len(line) + 1
    return tuple(out)


@lru_cache(maxsize=16)  # several rules mask the same card's text in a row
def mask_icons(text: str) -> str:
    """Icons replaced by spaces of the same length, so offsets stay."""
    return ICON_RE.sub(lambda m: " " * len(m.group(0)), text) if "{" in text else text


_QUOTE_MARKS = re.compile("[«»]")
_QUOTE_AND_PAREN_MARKS = re.compile("[«»()]")
_NOT_NEWLINE = re.compile("[^\n]")


@lru_cache(maxsize=16)  # several rules mask the same card's text in a row
def mask_quoted(text: str, parens: bool = True) -> str:
    """Text inside «...» (nested too) and, unless parens=False, (...) blanked out; offsets kept.
    The marks stay; a closing mark without an opening one is only a mark."""
    if "«" not in text and (not parens or "(" not in text):
        return text  # nothing quoted: a stray "»" or ")" blanks nothing either
    out = []
    depth_q = depth_p = 0
    last = 0
    for mark in (_QUOTE_AND_PAREN_MARKS if parens else _QUOTE_MARKS).finditer(text):
        at, ch = mark.start(), mark.group()
        between = text[last:at]
        out.append(_NOT_NEWLINE.sub(" ", between) if depth_q or depth_p else between)
        out.append(ch)
        if ch == "«":
            depth_q += 1
        elif ch == "»":
            depth_q = max(0, depth_q - 1)
        elif ch == "(":
            depth_p += 1
        else:
            depth_p = max(0, depth_p - 1)
        last = at + 1
    rest = text[last:]
    out.append(_NOT_NEWLINE.sub(" ", rest) if depth_q or depth_p else rest)
    return "".join(out)


@lru_cache(maxsize=1)   # the rules ask for it per word: the facade is looked up once
def morph():
    """The reader's pymorphy3 analyser (one dictionary per process, loaded before
    lint's workers fork)."""
    from berserk_judge.parser import morph_analyzer

    return morph_analyzer()


@lru_cache(maxsize=65536)
def is_known(word: str) -> bool:
    return morph().word_is_known(word.lower().replace("ё", "е")) or morph().word_is_known(word.lower())


# a word, a hyphen and a lower-case word («маги-ческой», «Гном-басаарг»): BJ506 and BJ512 look at each
# (a look-behind written after the first character: a pattern that opens with a character class
# is scanned for that class in C, one that opens with a look-behind is tried at every position)
HYPHENATED_RE = re.compile(r"([А-ЯЁа-яё](?<![\w-].)[А-ЯЁа-яё]*)-([а-яё]+)(?![\w-])")
# what every match of HYPHENATED_RE holds: a hyphen between a Cyrillic letter and a lower-case
# one, found by a scan for the hyphen itself (HYPHENATED_RE is tried at every Cyrillic letter;
# most texts have no such hyphen, and a dash written « - » is none)
_LETTER_HYPHEN = re.compile(r"-(?<=[А-ЯЁа-яё]-)(?=[а-яё])")


def hyphenated(text: str):
    """The matches of HYPHENATED_RE in text, in order."""
    return HYPHENATED_RE.finditer(text) if _LETTER_HYPHEN.search(text) else ()


def name_words(name: str) -> set[str]:
    return {w.lower() for w in WORD_RE.findall(name or "")}


def shorten(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters with «…», never inside an icon: a message that
    quotes «{coun…» names no icon at all (the cut goes before the icon instead)."""
    if len(text) <= limit:
        return text
    cut = limit - 1
    opened = text.rfind("{", 0, cut)
    if opened >= 0 and text.find("}", opened) >= cut:
        return text[:opened].rstrip() + "…"      # the cut fell inside «{…}»: cut before the icon
    return text[:cut] + "…"
