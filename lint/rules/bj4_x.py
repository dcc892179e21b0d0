"""The variable X (505.7)."""
from __future__ import annotations

import re

from lint.finding import Severity
from lint.rule import Hit, Rule
from lint.rules._text import DASHES, TRIGGER_RE, X_RE, Segment, mask_icons, segments

# The text defines X in words: "где X — …", "(X выбирается отдельно для каждой карты)".
_WHERE_RE = re.compile(r"(?i)где\s+[XХ](?![^\W\d_])|(?<![^\W\d_])[XХ]\s+(?:выбирается|выбираете|равно|равен)")
_DEP_RE = re.compile(r";|при\s+этом|при\s+выполнении|(?<=\s)[–—-](?=\s)", re.I)


class UndefinedX(Rule):
    """X, которое ничто не определяет.

    Что находит:
        Переменную X (латинскую или кириллическую) в особенности, где она не
        входит в оплату (X{counter}), не поясняется словами «где X — …»
        (или «X выбирается …», «X равно …»),
        не измеряется условием срабатывания («получает X ран») и не стоит
        в зависимой способности, которая по 505.7 берёт X из результата
        предыдущей.
    Почему это важно:
        505.7: X должно быть определено — оплатой, пояснением «где X — …»
        или результатом способности, от которой зависит. Иначе величину
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
    message = "«{x}» не определено: его нет в оплате, нет пояснения «где {x} — …», и оно не берётся из способности, от которой зависит (505.7)"

    def check(self, ctx):
        from lint.rules.bj3_types import payments

        text = ctx.text
        if _WHERE_RE.search(text):
            return
        masked = mask_icons(text)
        pays = [(s, sep) for s, _, _, sep in payments(text)]
        pieces = list(segments(text))
        for quoted in re.finditer(r"[«\"]([^«»\"\n]+)[»\"]", text):  # granted features
            pieces.append(Segment(quoted.start(1), quoted.end(1), quoted.group(1)))
        reported = set()
        # the reader finds conditions that lossy punctuation hides
        conditions = [f.condition_span for f in ctx.all_features if f.condition_span is not None]
        for seg in pieces:
            xs = [m for m in X_RE.finditer(masked, seg.start, seg.end)]
            if not xs:
                continue
            first = xs[0].start()
            if any(seg.start <= s <= first <= sep for s, sep in pays) or any(
                    seg.start <= s and sep < first and X_RE.search(masked, s, sep) for s, sep in pays):
                continue  # in a payment, or after a payment that has X
            body = seg.text
            lead = len(body) - len(body.lstrip())
            colon = _top_level_colon(body)
            if colon is not None and first < seg.start + colon:
                continue  # part of the payment or its action cost (114)
            if TRIGGER_RE.match(body.lstrip()):
                cut = _condition_end(body)
                if first < seg.start + cut:
                    continue  # measured by the trigger condition
                start_effect = seg.start + cut
            else:
                colon = body.find(":")
                start_effect = seg.start + (colon + 1 if colon >= 0 else lead)
            between = masked[start_effect:first]
            if any(not (m.group(0) in DASHES + "-" and masked[:start_effect + m.start()].rstrip().endswith(("»", '"')))
                   for m in _DEP_RE.finditer(between)):
                continue  # 505.7: taken from the ability it depends on (a dash after a name is no connective)
            if any(a <= first < b for a, b in conditions):
                continue  # measured by a trigger condition the reader found
            if any(a <= first < b for a, b in reported):
                continue
            # a quoted feature judged as a whole segment first, then on its own
            if _inside_defined_quote(seg, first, pieces, masked, pays):
                continue
            reported.add((seg.start, seg.end))
            yield Hit(first, first + 1, {"x": xs[0].group(1)})


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


def _inside_defined_quote(seg, first, pieces, masked, pays) -> bool:
    """A finding in a segment whose X also lies in a quoted sub-segment that
    defines it (a granted feature with its own payment or condition)."""
    for other in pieces:
        if other is seg or not (other.start <= first < other.end):
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
