"""Word items of a text range for the segmenter and the verb test.

Protected spans (quotes, parentheses, icons, the card's name) become single
items, so no connective or verb is ever found inside them.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from typing import NamedTuple

from berserk_judge.parser.reader import morph
from berserk_judge.parser.reader.names import fold

# a range of numbers «1–3» (any dash between digits, no spaces) is one number, never a dash;
# items() scans with _SPACED_ITEM, this is the token-by-token reference its tests compare with
_ITEM = re.compile(r"\d+(?:[–—]\d+)+(?![^\W_])|[^\W_]+(?:['’\-][^\W_]+)*|\s[-–—]\s|[—–]|[,;:.!?]|\S", re.UNICODE)
_LETTER = re.compile(r"[^\W\d_]")
_DIGIT = re.compile(r"\d")
_PAREN_HEAD = re.compile(r"\(\s*([^\W\d_]+)")

DASHES = {"—", "–", "-"}
PREPOSITIONS = {"в", "во", "на", "с", "со", "к", "ко", "по", "от", "до", "из", "у", "за", "при",
                "для", "о", "об", "под", "над", "между", "через", "без", "после", "перед",
                "вне", "среди", "кроме", "вместо"}
# places of the field that qualify a noun phrase («существо позади Химеры», «слева от него»,
# «карта напротив»): inside a subject they do not end it, as a clause's preposition would
PLACES = {"позади", "впереди", "слева", "справа", "напротив"}
PARTICLES = {"не", "также", "же", "еще", "ещё", "сразу", "тоже", "только", "вместо", "этого", "вновь", "снова"}


class Item(NamedTuple):
    """One word, punctuation mark, dash or protected span (a tuple: an effect makes
    dozens of them, and a tuple is built several times faster than a frozen dataclass)."""

    start: int
    end: int
    kind: str        # "word" | "num" | "punct" | "dash" | "name" | "quote" | "paren" | "icon" | "other"
    low: str         # folded text ("" for protected spans)
    head: str = ""   # a parenthesis: its folded first word (a bracketed ability starts with a verb)

    def is_word(self, *words: str) -> bool:
        return self.kind == "word" and self.low in words


def items(text: str, start: int, end: int, protected: list[tuple[int, int, str]]) -> list[Item]:
    """Items of text[start:end]; protected is a list of (start, end, kind).

    A feature asks for the items of its words after its payment, after a limit or a condition,
    of its effect: ranges inside the range asked for before, each starting and ending where an
    item of it does. The items of such a range are a run of the last range's (a token's kind
    depends on its own characters alone), so the last range scanned is kept and that run handed
    out (a new list: callers change theirs). Any other range is scanned."""
    last = _LAST[0]
    # (an empty range is scanned: a protected span around it gives a zero-width item, which a kept
    # run cut at that point does not hold)
    if last is not None and start < end and last[0] is text and last[2] <= start and end <= last[1] \
            and last[3] == protected:
        seq, starts = last[4], last[5]
        at = bisect_left(starts, start)
        stop = bisect_left(starts, end, at)
        # no item of the kept range straddles `start` or `end`
        if (at == 0 or seq[at - 1].end <= start) and (stop == at or seq[stop - 1].end <= end):
            return seq[at:stop]
    out = _scan_items(text, start, end, protected)
    _LAST[0] = (text, end, start, list(protected), out, [item.start for item in out])
    return out[:]


_LAST: list = [None]    # (text, end, start, protected, items, their starts) of the last scan


def _scan_items(text: str, start: int, end: int, protected: list[tuple[int, int, str]]) -> list[Item]:
    if protected:
        prot = sorted([span for span in protected if span[0] < end and span[1] > start])
        prot.append((end, end, ""))
    else:
        prot = [(end, end, "")]
    out: list[Item] = []
    append = out.append
    known = _TOKENS.get
    pos = start
    for ps, pe, kind in prot:
        if ps < start:
            ps = start
        if pe > end:
            pe = end
        if ps < pos:
            continue
        # one findall per run: each token comes with the white space before it, so its span
        # is counted on from the last one instead of asked of a match object
        at = pos
        for space, raw in _SPACED_ITEM.findall(text, pos, ps):
            s = at + len(space)
            at = s + len(raw)
            if "-" in raw and (cut := attached_dash(raw)) is not None:
                # lossy «иначе-ранить», «нет ран-не закрывается»: a dash written as a hyphen
                append(_new_item(Item, (s, s + cut) + (known(raw[:cut]) or _token(raw[:cut]))))
                append(Item(s + cut, s + cut + 1, "dash", "-"))
                append(_new_item(Item, (s + cut + 1, at) + (known(raw[cut + 1:]) or _token(raw[cut + 1:]))))
                continue
            token = known(raw) or _token(raw)
            append(_new_item(Item, (s, at, token[0], token[1], token[2])))   # no tuple joined: one built
        if kind:
            append(Item(ps, pe, kind, fold(text[ps:pe]) if kind == "name" else "",
                        _paren_head(text, ps, pe) if kind == "paren" else ""))
        if pe > pos:
            pos = pe
    return out


# _ITEM with the white space before a token taken along. The same tokens: white space starts
# none of _ITEM's but « - », and a dash alone is a dash item at the same place.
# (possessive where nothing after a repeat can fail: the same tokens, without the engine keeping
# a way back at every character)
_SPACED_ITEM = re.compile(r"(\s*+)(\d+(?:[–—]\d+)+(?![^\W_])|[^\W_]++(?:['’\-][^\W_]++)*+|[—–]|[,;:.!?]|\S)",
                          re.UNICODE)

# What each token text is (the item's kind, folded text and head), worked out once per distinct
# token of the process rather than at every occurrence: a card text is mostly words seen
# before. Bounded, for a long-lived language server.
_TOKENS: dict[str, tuple[str, str, str]] = {}
_TOKENS_LIMIT = 200_000
_new_item = tuple.__new__   # Item(*fields) without the generated __new__'s Python frame


# the words after a hyphen that open an ability or a heading: «…-не закрывается», «…-воздействие»
_DASH_OPENERS = {"не", "может", "могут", "можете", "воздействие", "заклинание", "выстрел", "метание", "разряд"}
_DASH_CONNECTIVES = {"иначе", "затем", "этом", "выполнении"}
_NOT_DASH_TAILS = {"то", "либо", "нибудь", "ка", "таки", "де", "с"}


def attached_dash(raw: str) -> int | None:
    """Where a hyphen inside `raw` stands for a dash (spec §1: «-» for «—» in lossy text), or None.

    «иначе-ранить», «нет ран-не закрывается», «противника-воздействие»: one hyphen between two
    words, the whole is no dictionary word, and the left part is a connective or the right one opens
    a predicate or a heading. «Гном-басаарг», «кто-то», «сраба-тывает» stay words."""
    if raw.count("-") != 1:
        return None
    cut = raw.index("-")
    left, right = raw[:cut].lower(), raw[cut + 1:].lower()
    if len(left) < 2 or len(right) < 2 or not left.isalpha() or not right.isalpha() or right in _NOT_DASH_TAILS:
        return None
    if morph.is_known(raw.lower()):
        return None
    if left in _DASH_CONNECTIVES or right in _DASH_OPENERS:
        return cut
    if morph.is_known(right) and morph.pos(right) in ("VERB", "INFN") and morph.is_known(left) \
            and not morph.is_predicate(left):
        return cut
    return None


def _token(raw: str) -> tuple[str, str, str]:
    if raw in DASHES:
        token = ("dash", raw, "")
    elif raw in ",;:.!?":
        token = ("punct", raw, "")
    elif _LETTER.match(raw):
        token = ("word", fold(raw), "")
    elif _DIGIT.match(raw):
        token = ("num", raw.lower(), "")
    else:
        token = ("other", raw, "")
    if len(_TOKENS) >= _TOKENS_LIMIT:
        _TOKENS.clear()
    _TOKENS[raw] = token
    return token


def _paren_head(text: str, start: int, end: int) -> str:
    first = _PAREN_HEAD.match(text[start:end])
    return fold(first.group(1)) if first else ""


def is_predicate(item: Item) -> bool:
    return item.kind == "word" and "-" not in item.low and morph.is_predicate(item.low)


def nominal(item: Item) -> bool:
    """Can this item be (part of) a subject: a nominative word or the card's name."""
    if item.kind == "name":
        first = item.low.split()[0] if item.low.split() else ""
        return bool(first) and morph.can_be_nominative(first.split("-")[0])
    if item.kind != "word" or item.low in PREPOSITIONS:
        return False
    if item.low in ("это", "все"):
        # "это существо получает", "если это демон", "все другие существа теряют": a subject, not the particle
        return True
    if morph.pos(item.low) in {"PREP", "CONJ", "PRCL", "INTJ"}:
        return False
    return morph.can_be_nominative(item.low)


def predicate_at(seq: list[Item], i: int) -> int:
    """How a predicate starts at seq[i]: 0 no, 1 with a verb, 2 with subject + verb."""
    j = i
    while j < len(seq) and seq[j].kind == "word" and seq[j].low in PARTICLES:   # is_word(*set) builds a tuple
        j += 1
    if j < len(seq) and seq[j].is_word("вы") and j + 1 < len(seq) and is_predicate(seq[j + 1]):
        return 1
    if j < len(seq) and is_predicate(seq[j]):
        return 1
    if j < len(seq) and seq[j].kind == "paren" and seq[j].head and morph.pos(seq[j].head) == "INFN":
        return 1     # "ранить цель на 1 и (ранить цель на 2)": a bracketed ability
    if j >= len(seq) or seq[j].low in PLACES or not nominal(seq[j]) or (
            seq[j].kind == "word" and morph.is_participle(seq[j].low)
                                                  and not morph.can_be_nominative_noun(seq[j].low)):
        return 0
    k = j + 1
    while k < len(seq) and k - j < 6:
        item = seq[k]
        if is_predicate(item):
            return 2 if morph.is_finite(item.low) else 0
        if item.low in PLACES or (item.is_word("от") and seq[k - 1].low in PLACES):
            k += 1
            continue
        if item.kind not in ("word", "name", "num", "icon") or item.low in PREPOSITIONS \
                or (item.kind == "word" and morph.pos(item.low) in {"CONJ", "PREP", "INFN", "GRND"}):
            if not item.is_word("не", "также", "же", "тоже"):
                return 0
        k += 1
    return 0


def relative_within(seq: list[Item], i: int, where: bool = False) -> bool:
    """A relative word opens the clause at i: "которую ...", "рядом с которой ...".

    With `where`, a clause opened by "где" counts too.
    """
    for k in range(i, min(i + 3, len(seq))):
        if seq[k].kind == "word" and seq[k].low.startswith(("котор", "чей", "чья", "чье", "чьи")):
            return True
        if seq[k].kind != "word":
            return False
    return where and i < len(seq) and seq[i].is_word("где")
