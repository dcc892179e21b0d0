"""Splitting a card text into features: lines, then sentences within a line.

Faithful texts put one feature per line; lossy texts join features with
spaces, so sentence ends, payments ("{tap}:"), keyword labels and
capitalised trigger words in mid-line also start a feature. A line ending
with ":" introduces a list of cases that belong to it (spec section 1).
"""
from __future__ import annotations

import re
from bisect import bisect_left

from berserk_judge.parser.reader.regions import bracketed_spans

Span = tuple[int, int]

LABELS = (r"Строй|Вальхалла|Бестелесный|Бестеленый|Концентрация|Бешенство\s*(?:\d+|X|Х)|Отпор|"
          r"На\s+глубине|На\s+поверхности|Орда")
LABEL_ICONS = r"\{(?:first|second|wolf|human)\}"
PAYMENT_RUN = r"(?:[XХxх]\s*)?(?:\d+\s*)?\{(?:tap|counter|instant|token)\}(?:\s*(?:\d+\s*)?\{(?:tap|counter|instant|token)\})*"
TRIGGER_WORDS = r"При|После|Когда|Если|В\s+начале|В\s+конце|Пока|Вместо"

# Latin letters that look like Cyrillic ones: «Cтрой:» typed with a Latin C is still the label
# (BJ504 reports the letter); matched on a same-length view, so spans stay valid
_LATIN_LOOK_ALIKES = "aceopxyABCEHKMOPTXY"
_LOOK_ALIKES = str.maketrans(_LATIN_LOOK_ALIKES, "асеорхуАВСЕНКМОРТХУ")
_WORD_LABEL = re.compile(rf"\s*((?:{LABELS}))\s*:", re.I)
_HAS_LOOK_ALIKE = re.compile(f"[{_LATIN_LOOK_ALIKES}]")
_LABEL_INITIALS = frozenset("СВБКОНсвбконCBKOHcbkoh \t")     # first letters of LABELS, in both alphabets


def word_label_at(text: str, start: int, end: int) -> tuple[int, int, int] | None:
    """A keyword label written with Latin look-alike letters at `start`: (label start, label end,
    index after its ":"), or None. Labels in plain Cyrillic are matched by the usual patterns."""
    if start >= end or text[start] not in _LABEL_INITIALS or not _HAS_LOOK_ALIKE.search(text, start, start + 25):
        return None
    m = _WORD_LABEL.match(text[start:min(end, start + 40)].translate(_LOOK_ALIKES))
    return None if m is None else (start + m.start(1), start + m.end(1), start + m.end())


ERRATA = re.compile(r"\s*\[\s*Эррата[^\]]*\]\s*$")
ERRATA_HEAD = re.compile(r"\s*\[\s*Эррата[^\]]*\]")
_FEATURE_HEAD = re.compile(rf"(?:{PAYMENT_RUN}\s*:|\{{(?:instant|tap)\}}\s*,[^:.]{{1,90}}:|(?:{LABELS})\s*:|{LABEL_ICONS}\s*:)")
_TRIGGER_HEAD = re.compile(rf"(?:{TRIGGER_WORDS})\s")
# a sentence opens with a capital, an icon, a sign (a minus of any kind, U+2212 too), a number or a quote; in lossy text also with a
# lower-case trigger opener («… на 1-2-3. вначале хода противника …»)
# (a lower-case opener after a full stop is a sentence's start typed lower case: a trigger, or a
# «может»/«могут» ability — «Прыжок, дальность 3. может нападать …» was one atom across the stop)
_SENTENCE_START = re.compile(r"\s*(?:[A-ZА-ЯЁ\{\[+\-–—−\d«\"]|\s(?:вначале|в\s+начале|в\s+конце|при|после|когда|может|могут)\s)")
# «… на 1. (До начала вашего хода — получить …).»: a sentence in parentheses that opens with a
# trigger or a payment is a feature of its own (a clarification in parentheses stays in its atom)
_PAREN_FEATURE = re.compile(rf"\s*\((?=\s*(?!При\s+этом\b|Вместо\s+этого\b)(?:(?:{TRIGGER_WORDS})\s|До\s+(?!конца\b|тех\s+пор\b)[а-яё]|{PAYMENT_RUN}\s*:))")
_AFTER_PAREN = re.compile(r"[ \t]+(?=[А-ЯЁ][а-яё]|[+\-–−]\s?\d)")   # a minus of any kind (spec §1)


def _look_alike_tolerant(pattern: str) -> str:
    """`pattern` (letters, escapes, quantifiers, "|") with each letter also matching the Latin
    look-alikes that `_LOOK_ALIKES` turns into it: what `word_label_at` can match, untranslated."""
    out, i = [], 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if ch.isalpha():
            latin = [c for c in _LATIN_LOOK_ALIKES if re.fullmatch(re.escape(ch), c.translate(_LOOK_ALIKES), re.I)]
            ch = "[" + ch + "".join(latin) + "]"
        out.append(ch)
        i += 1
    return "".join(out)


# where the walk of `_boundaries` must stop: a sentence end, a parenthesis, the opener of a quote,
# or white space before a feature head, a trigger or a keyword label (in look-alike letters too).
# Any other space starts nothing: the walk passes it in C. The character class before the head
# patterns fails fast on most words; it also keeps the stops among those of the character test
# this replaced (a lower-case initial only where the chunk has a Latin look-alike). One leading
# character class (the marks by a look-behind) lets the regex engine skip to candidates in C.
_HEAD_INITIALS = r"XХxх\d{СВБКОНПЕ"
_ANY_HEAD = (rf"(?:(?=[XХxх\d{{]){_FEATURE_HEAD.pattern}|(?=[ПКЕВ]){_TRIGGER_HEAD.pattern}"
             rf"|(?i:{_look_alike_tolerant(LABELS)})\s*:)")     # the labels of _FEATURE_HEAD among them
_INTERESTING = re.compile(rf"[.()«“\" \t](?:(?<=[.()«“\"])|[ \t]*(?=[{_HEAD_INITIALS}])(?={_ANY_HEAD}))")
_INTERESTING_LOOK_ALIKE = re.compile(
    rf"[.()«“\" \t](?:(?<=[.()«“\"])|[ \t]*(?=[{_HEAD_INITIALS}свбконCBKOHcbkoh])(?={_ANY_HEAD}))")
_GRANTING = re.compile(r"(?:имеет|имеют|получает|получают|получить|особенность)\s*[«\"]?\s*$", re.I)


def _lines(text: str) -> list[Span]:
    spans, pos = [], 0
    for part in text.split("\n"):
        spans.append((pos, pos + len(part)))
        pos += len(part) + 1
    return spans


def _chunks(text: str) -> list[Span]:
    """Lines, with the case lines after a line ending in ':' joined to it."""
    lines = [s for s in _lines(text) if text[s[0]:s[1]].strip()]
    out: list[Span] = []
    i = 0
    while i < len(lines):
        start, end = lines[i]
        i += 1
        if text[start:end].rstrip().endswith(":") and not ERRATA.match(text[start:end]):
            first_case = None
            while i < len(lines):
                case = text[lines[i][0]:lines[i][1]].strip()
                label = re.match(r"(\{\w+\})\s*:", case)
                prev = text[lines[i - 1][0]:lines[i - 1][1]].rstrip()
                same_label = bool(first_case) and label is not None
                if first_case is None or prev.endswith((";", ":")) or same_label:
                    first_case = label.group(1) if label else ""
                    end = lines[i][1]
                    i += 1
                else:
                    break
        out.append((start, end))
    return out


def _trim(text: str, start: int, end: int) -> Span:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _word_window(text: str, start: int, j: int, width: int = 40) -> int:
    """Start of a short window before j that begins at a word boundary: searches anchored at
    the window's end then cost O(width), not O(j - start) (a long feature stays linear)."""
    lo = max(start, j - width)
    while lo > start and not text[lo - 1].isspace():
        lo -= 1
    return lo


# icons, each with an optional count, right before the icon a payment was found at:
# «Х {token} {tap}:» is one payment (spec: `Х {token} {tap}`), not «Х {token}» and «{tap}:»
_ICON_RUN = re.compile(r"(?:(?:[XХxх]|\d+)\s*)?(?:\{[a-z_]+\}\s*)+$")
_PAYMENT_ICON_RUN = re.compile(PAYMENT_RUN)


def _payment_start(text: str, start: int, j: int) -> int | None:
    """Where a payment found at j really starts: "X {counter}" keeps its X."""
    lo = _word_window(text, start, j)
    run = _ICON_RUN.search(text, lo, j)
    if run is not None and _PAYMENT_ICON_RUN.fullmatch(run.group().rstrip()):
        # «На глубине: {instant} {tap} : …»: payment icons spaced apart are one payment; where it
        # starts was decided at the run's first icon (spec §1: icons of a payment may be spaced)
        return None
    if run is not None:
        solid = _last_solid(text, start, run.start())
        if solid < start or text[solid] in ".)":
            return None      # the icons before j open the payment; the sentence cut starts it there
    if text[j].isdigit() and _PREPOSITION_BEFORE.search(text[lo:j]):
        return None          # "на 1 {instant}{tap}:": the number ends the previous feature
    m = _COUNT_BEFORE.search(text[lo:j])
    if not m:
        return j
    k = lo + m.start(1)
    solid = _last_solid(text, start, k)
    if solid < start or text[solid] in ".)":
        return None          # the sentence cut already starts the feature at k
    return k if m.group(1) in "XХxх" else j


# online-client marks before a feature («[:unq] {tap}: …»): they head it, they start nothing
LEADING_MARKS = re.compile(r"\s*(?:\[:[A-Za-z_]+\]\s*)*")
_ROLL_END = re.compile(r"(?<!\w)куби\w*\s*$", re.I)
_CASE_HEAD = re.compile(r"\s*если\s+(?:выпал\w*|на\s+кубике)", re.I)


def _cases_after_roll(text: str, start: int, dot: int, end: int) -> bool:
    """«… бросьте кубик. Если выпало 1 или 2 — …; если …»: the cases of a die roll written as a
    new sentence belong to the roll's feature (spec §2, «Case lists»), not a trigger of their own."""
    return bool(_ROLL_END.search(text, max(start, dot - 30), dot)) and bool(_CASE_HEAD.match(text, dot + 1, end))


_FIRST_CASE = re.compile(r":\s*\{first\}\s*:")
_SECOND_CASE = re.compile(r"\s*\{second\}\s*:")


def _next_icon_case(text: str, start: int, dot: int, end: int) -> bool:
    """«В начале боя воздействие «интриги»: {first}: А. {second}: Б.»: the {second} case after a
    {first} case that a heading's colon opened belongs to the same feature (as when each case
    stands on its own line); a feature that starts with {first}: is labelled, it opens no cases."""
    return bool(_SECOND_CASE.match(text, dot + 1, end)) and _FIRST_CASE.search(text, start, dot) is not None


def _last_solid(text: str, start: int, i: int) -> int:
    """The last non-space, visible offset before i (start - 1 if none). Asked only where a feature may
    start, right after a run of white space, so looking back over that run keeps the split linear."""
    k = i - 1
    while k >= start and (text[k].isspace() or not text[k].isprintable()):
        k -= 1    # an invisible character (a stray U+0001) counts as the space it stands in
    return k


def _boundaries(text: str, start: int, end: int) -> list[int]:
    """Offsets inside a chunk where a new feature starts."""
    # i only grows: the spans are walked once. Icons need no skipping: they hold no character
    # the walk stops at, so it never lands inside one.
    spans = bracketed_spans(text, start, end)
    interesting = _INTERESTING_LOOK_ALIKE if _HAS_LOOK_ALIKE.search(text, start, end) else _INTERESTING
    next_span = 0
    cuts: list[int] = []
    i = start
    while i < end:
        while next_span < len(spans) and spans[next_span][1] <= i:
            next_span += 1
        hit = spans[next_span] if next_span < len(spans) and spans[next_span][0] <= i else None
        if hit and hit[0] == i and text[i] != "(":
            i = hit[1]
            continue
        ch = text[i]
        if hit and text[i] == "(":
            after = hit[1]
            nxt = _AFTER_PAREN.match(text, after, end)
            if nxt:
                cuts.append(nxt.end())
            i = after
            continue
        if ch == "." and not (i + 1 < end and text[i + 1].isdigit() and i > start and text[i - 1].isdigit()):
            m = _SENTENCE_START.match(text, i + 1, end) or _PAREN_FEATURE.match(text, i + 1, end)
            if m and i + 1 < end and not _cases_after_roll(text, start, i, end) \
                    and not _next_icon_case(text, start, i, end):
                cut = i + 1
                while cut < end and text[cut].isspace():
                    cut += 1
                cuts.append(cut)
        elif ch in " \t" or ch == ")":
            j = i + 1
            while j < end and text[j] in " \t":
                j += 1
            head = (_FEATURE_HEAD.match(text, j, end) or word_label_at(text, j, end)) if j < end else None
            trigger = head is None and j < end and _TRIGGER_HEAD.match(text, j, end)
            if (head or trigger) and not LEADING_MARKS.fullmatch(text, start, j):
                solid = _last_solid(text, start, i)
                last = text[solid] if solid >= start else ""
                if last and last not in ":—–-«\"," \
                        and not (last in ".;" and _next_icon_case(text, start, solid, end)) \
                        and not _GRANTING.search(text, _word_window(text, start, solid + 1, 60), solid + 1):
                    if head:
                        cut = _payment_start(text, start, j)
                        if cut is not None:
                            cuts.append(cut)
                    elif last.isalnum() or last in "})":
                        cuts.append(j)
            i = j if j > i + 1 else i + 1
            continue
        # only sentence ends, spaces, parentheses and the openers of protected spans matter
        found = interesting.search(text, i + 1, end)
        i = found.start() if found else end
    # «…, дальность 4Имеет {tap}: …», «{ovz} 1Когда получает …» (lossy: the full stop and space lost): a
    # capitalised word glued to a number starts a feature
    for glued in _GLUED_SENTENCE.finditer(text, start, end):
        if not any(a <= glued.start() < b for a, b in spans):
            cuts.append(glued.start())
    return sorted(set(c for c in cuts if start < c < end))


# (the look-behind after the capital: a pattern opening with one is tried at every position)
_PREPOSITION_BEFORE = re.compile(r"(?:^|\s)(?:на|к|от|до|по|с)\s*$")   # _payment_start: «на 1 {tap}:»
_COUNT_BEFORE = re.compile(r"(?:^|(?<=\s))([XХxх]|\d+)\s*$")             # _payment_start: «2 {counter}:»
_NEWLINE = re.compile("\n")
_GLUED_SENTENCE = re.compile(r"[А-ЯЁ](?<=\d.)[а-яё]{2,}")


def split_features(text: str) -> list[tuple[Span, int]]:
    """Feature spans of a card text with the 1-based line each starts on."""
    out: list[tuple[Span, int]] = []
    breaks = [m.start() for m in _NEWLINE.finditer(text)]  # an offset's line: a binary search, not a count
    for start, end in _chunks(text):
        head = ERRATA_HEAD.match(text, start, end)
        if head:
            out.append((_trim(text, start, head.end()), bisect_left(breaks, start) + 1))
            start = head.end()
        if start >= end:
            continue
        inner = [] if "\n" in text[start:end] else _boundaries(text, start, end)   # a case list stays whole
        cuts = [start] + inner + [end]
        pieces = list(zip(cuts, cuts[1:]))
        for s, e in pieces:
            s, e = _unwrapped(text, *_trim(text, s, e))
            if s < e and text[s:e].strip(" .;,"):
                out.append(((s, e), bisect_left(breaks, s) + 1))
    return out


def _unwrapped(text: str, start: int, end: int) -> Span:
    """A feature written wholly in parentheses («(До начала вашего хода — получить …).») is read
    without them: they are marks around the feature, not words of it."""
    if not (start < end and text[start] == "(" and _PAREN_FEATURE.match(text, start, end)):
        return start, end
    close = end
    while close > start and text[close - 1] in " .;":
        close -= 1
    spans = bracketed_spans(text, start, close)
    if not (close - start > 2 and text[close - 1] == ")" and spans and spans[0] == (start, close)):
        return start, end
    return _trim(text, start + 1, close - 1)
