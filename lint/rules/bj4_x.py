"""The variable X (505.7)."""
from __future__ import annotations

import re
from bisect import bisect_left, bisect_right

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.rule import Hit, Rule
from berserk_judge.lint.rules.bj3_types import payments
from berserk_judge.lint.rules._text import DASHES, TRIGGER_RE, X_RE, Segment, mask_icons, segments

# The text defines X in words: "где X — …", "(X выбирается отдельно для каждой карты)".
_WHERE_RE = re.compile(r"(?i)где\s+[XХ](?![^\W\d_])|(?<![^\W\d_])[XХ]\s+(?:выбирается|выбираете|равно|равен)")
# X as a lone letter in any case: a condition's «на х» measures the effect's «на Х»
_ANY_X_RE = re.compile(r"[XxХх](?<![^\W\d_].)(?![^\W\d_])")   # (look-behind after the letter: scanned in C)
_DEP_RE = re.compile(r";|при\s+этом|при\s+выполнении|(?<=\s)[–—-](?=\s)", re.I)
# a sentence that opens with «При этом» / «При выполнении» goes on with the feature before it
_CONTINUES = re.compile(r"\s*при\s+(?:этом|выполнении)(?![^\W\d_])", re.I)
_WORD_AFTER = re.compile(r"\s*(\{[^{}\n]*\}|[^\W\d_]+)")
_WORD_BEFORE = re.compile(r"(\{[^{}\n]*\}|[^\W\d_]+)\s*$")


class UndefinedX(Rule):
    """X, которое ничто не определяет.

    Что находит:
        Переменную X (латинскую или кириллическую) в особенности, где она не
        входит в оплату (X{counter}), не поясняется словами «где X — …»
        (или «X выбирается …», «X равно …»),
        не измеряется условием срабатывания («получает X ран») и не стоит
        в зависимой способности, которая по 505.7 берёт X из результата
        предыдущей. Не находится и X, которое игрок объявляет вместе со
        способностью, а дальше в той же особенности оно встречается снова:
        X считает предметы способности («закрыть Х ваших существ и ранить
        цель на 2*Х», «снять Х дополнительных жизней, при этом излечить на
        Х» — пример к правилу об оплате составной особенности во втором
        издании 505) или связано свойством («удар силой Х, при этом …
        на Х», «существа со слабым {strike} Х … с Х или менее {health}»).
        Предложение «При этом …» после точки продолжает особенность. X
        выдаваемой особенности («получает «{tap}: Метание на Х»») не
        находится, когда текст определяет его раньше в той же особенности
        («силой Х, при этом оно получает «{tap}: Метание на Х»»).
    Почему это важно:
        По 505.7 X зависимой способности вычисляется из результата
        предыдущей; в остальных случаях X должно быть определено оплатой или
        пояснением «где X — …» (спецификация, раздел о X). Иначе величину
        эффекта не может вычислить ни игрок, ни судья.
    Плохо:
        {tap}: ранить цель на X.
    Хорошо:
        X{counter}{tap}: ранить цель на X.
    """

    code = "BJ401"
    name = "undefined-x"
    severity = Severity.ERROR
    rules = ("505.7",)
    message = ("«{x}» не определено: его нет в оплате, нет пояснения «где {x} — …», его не объявляют "
               "вместе со способностью, и оно не берётся из способности, от которой зависит "
               "(505.7: X зависимой способности)")

    def check(self, ctx):
        text = ctx.text
        if "X" not in text and "Х" not in text:
            return  # no X, Latin or Cyrillic, anywhere (most cards): no segment to look at
        if _WHERE_RE.search(text):
            return
        masked = mask_icons(text)
        # Every look-up below is a binary search, not a scan: a text of
        # thousands of lines has thousands of segments, payments and conditions.
        pays = sorted((s, sep) for s, _, _, sep in payments(text))
        pay_starts = [s for s, _ in pays]
        lines = _features(text)
        quotes = [Segment(quoted.start(1), quoted.end(1), quoted.group(1))  # granted features
                  for quoted in re.finditer(r"[«\"]([^«»\"\n]+)[»\"]", text)]
        by_line, by_quote = _Disjoint(lines), _Disjoint(quotes)  # each family is disjoint
        reported = set()
        # the reader finds conditions that lossy punctuation hides
        conditions = _Covering([f.condition_span for f in ctx.all_features if f.condition_span is not None])
        # dashes the reader takes for separators (after a condition or a heading, quoted or not):
        # no connective, so no ability an X could depend on (505.7)
        heads = frozenset(a for f in ctx.all_features for (a, _), mark in f.separators if mark != ":")
        bound: dict[tuple[int, int], int] = {}   # line -> its first X, when the line binds it
        for quoted, seg in [(False, seg) for seg in lines] + [(True, seg) for seg in quotes]:
            found = X_RE.search(masked, seg.start, seg.end)
            if found is None:
                continue
            first = found.start()
            if quoted:
                line = by_line.at(seg.start)
                if line is not None and bound.get((line.start, line.end), seg.start) < seg.start:
                    continue  # a granted feature's X that the text binds before it: «силой Х, … «{tap}: Метание на Х»»
            if _binding(text, masked, seg, found, pays, pay_starts, heads) or conditions.covers(first):
                if not quoted:
                    bound[(seg.start, seg.end)] = first
                continue
            around = [p for p in (by_line.at(first), by_quote.at(first)) if p is not None]
            if any((p.start, p.end) in reported for p in around):
                continue
            # a quoted feature judged as a whole segment first, then on its own
            if _inside_defined_quote(seg, first, around):
                continue
            reported.add((seg.start, seg.end))
            yield Hit(first, first + 1, {"x": found.group(1)})


def _binding(text: str, masked: str, seg: Segment, found: re.Match, pays, pay_starts,
             heads: frozenset[int] = frozenset()) -> bool:
    """Whether the segment's first X is defined where it stands: by a payment, a trigger
    condition, the ability it depends on (505.7) or the ability that declares it."""
    first = found.start()
    near = pays[bisect_left(pay_starts, seg.start):bisect_right(pay_starts, first)]
    if any(first <= sep for s, sep in near) or any(
            sep < first and X_RE.search(masked, s, sep) for s, sep in near):
        return True  # in a payment, or after a payment that has X
    body = seg.text
    lead = len(body) - len(body.lstrip())
    colon = _top_level_colon(body)
    if colon is not None and first < seg.start + colon:
        return True  # part of the payment or its action cost (114)
    if TRIGGER_RE.match(body.lstrip()):
        cut = _condition_end(body)
        if first < seg.start + cut or _ANY_X_RE.search(body, 0, cut):
            return True  # measured by the trigger condition (its «х» may be lower-case: «излечиться на х»)
        start_effect = seg.start + cut
    else:
        colon = body.find(":")
        start_effect = seg.start + (colon + 1 if colon >= 0 else lead)
    between = masked[start_effect:first]
    if any(not _separator(masked, start_effect + m.start(), m.group(0), heads)
           for m in _DEP_RE.finditer(between)):
        return True  # 505.7: taken from the ability it depends on (a dash after a name is no connective)
    if _used_by_dependent(masked, first, seg.end, heads):
        return True  # the rulebook's example (2nd edition, payment): «снять Х …, при этом излечить на Х»
    # «закрыть Х ваших существ и ранить цель на 2*Х», «силой Х …, … на Х»
    return _declared(text, found) and X_RE.search(masked, found.end(), seg.end) is not None


def _features(text: str) -> list[Segment]:
    """The text's sentences, a sentence opening with «При этом» joined to the one before it
    (lossy texts put a full stop before a dependent ability: «… силой Х. При этом …»)."""
    out: list[Segment] = []
    for seg in segments(text):
        if out and _CONTINUES.match(seg.text) and "\n" not in text[out[-1].end:seg.start]:
            start = out[-1].start
            out[-1] = Segment(start, seg.end, text[start:seg.end])
        else:
            out.append(seg)
    return out


def _declared(text: str, found: re.Match) -> bool:
    """An X the player declares with the ability it stands in, or one an attribute binds:
    it counts things («Х ваших существ», «X {counter}», «Х ран») or follows an attribute
    («силой Х», «стоимостью Х», «с бешенством X», «со слабым {strike} Х»). Used again later
    in the feature, the later X is that value (505.7: computed when the later ability is
    declared, from what the earlier one did)."""
    from berserk_judge.lint.rules._text import morph

    after = _WORD_AFTER.match(text, found.end())
    if after is not None:
        word = after.group(1)
        best = morph().parse(word)[0].tag
        if word.startswith("{") or word.lower() != "раз" and "gent" in best and best.POS in ("NOUN", "ADJF", "PRTF"):
            return True
    before = _WORD_BEFORE.search(text, max(0, found.start() - 60), found.start())  # the word before: never the whole text
    if before is not None:
        word = before.group(1)
        best = morph().parse(word)[0].tag
        if word.startswith("{") or best.POS == "NOUN" and "ablt" in best:
            return True
    return False


class _Disjoint:
    """Non-overlapping segments, sorted: the one holding an offset, by binary search."""

    def __init__(self, items: list[Segment]):
        self.items = sorted(items, key=lambda seg: seg.start)
        self.starts = [seg.start for seg in self.items]

    def at(self, offset: int) -> Segment | None:
        index = bisect_right(self.starts, offset) - 1
        if index >= 0 and offset < self.items[index].end:
            return self.items[index]
        return None


class _Covering:
    """Spans that may overlap: whether any holds an offset (sorted starts, running maximum of ends)."""

    def __init__(self, spans: list[tuple[int, int]]):
        spans = sorted(spans)
        self.starts = [a for a, _ in spans]
        self.reach = []
        furthest = -1
        for _, b in spans:
            furthest = max(furthest, b)
            self.reach.append(furthest)

    def covers(self, offset: int) -> bool:
        index = bisect_right(self.starts, offset) - 1
        return index >= 0 and self.reach[index] > offset


def _used_by_dependent(masked: str, first: int, end: int, heads: frozenset[int] = frozenset()) -> bool:
    """The X at `first` is the amount of an ability that a dependent ability after
    it (при этом, «;», a dash) uses again: the pattern of the rulebook's example to
    505.3 (second edition; the unnumbered payment passage), where
    the first ability's X is what the player declares and the dependent one's X
    is computed from its result."""
    for dep in _DEP_RE.finditer(masked, first, end):
        if _separator(masked, dep.start(), dep.group(0), heads):
            continue  # a dash after a name or a condition is no connective
        if X_RE.search(masked, dep.end(), end):
            return True
    return False


def _separator(masked: str, at: int, mark: str, heads: frozenset[int]) -> bool:
    """A dash that is no connective: after a quoted name, or one the reader reads as a separator."""
    return mark in DASHES + "-" and (at in heads or _after_quote(masked, at))


def _after_quote(text: str, end: int) -> bool:
    """`text[:end].rstrip().endswith(("»", '"'))` without copying the text before `end`."""
    index = end - 1
    while index >= 0 and text[index].isspace():
        index -= 1
    return index >= 0 and text[index] in "»\""


def _condition_end(body: str) -> int:
    """End of a trigger condition: the first dash (a hyphen between spaces too) or colon."""
    marks = [i for i, ch in enumerate(body) if ch in DASHES or ch == ":"]
    hyphen = re.search(r"\s-\s", body)
    if hyphen:
        marks.append(hyphen.start() + 1)
    return min(marks + [len(body)])


def _top_level_colon(body: str) -> int | None:
    depth = 0
    for i, ch in enumerate(body):
        if ch in "«(":
            depth += 1
        elif ch in "»)":
            depth = max(0, depth - 1)
        elif ch == ":" and depth == 0:
            return i
    return None


def _inside_defined_quote(seg, first, around) -> bool:
    """A finding in a segment whose X also lies in a quoted sub-segment that
    defines it (a granted feature with its own payment or condition).
    `around`: the pieces holding `first` (its line segment and its quote)."""
    for other in around:
        if other is seg:
            continue
        if (other.end - other.start) >= (seg.end - seg.start):
            continue
        body = other.text
        colon = _top_level_colon(body)
        if colon is not None and first < other.start + colon:
            return True
        if TRIGGER_RE.match(body.lstrip()):
            cut = _condition_end(body)
            if first < other.start + cut:
                return True
    return False
