"""How abilities group (505, spec section 3)."""
from __future__ import annotations

import re

from lint.finding import Severity
from lint.rule import Hit, Rule
from parser import PAIRS_BY_ID
from reports.canon import reading_strings

COMMA_PAIR = "comma-meaning"


def _numbered(readings: list[str]) -> str:
    return "; ".join(f"{i}) {r}" for i, r in enumerate(readings, 1))


class AmbiguousGrouping(Rule):
    """Неоднозначная группировка способностей.

    Что находит:
        Особенность, которую правила позволяют сгруппировать двумя способами
        с разным результатом: в ней встретилась пара связок, порядок которых
        не задан ни одним примером правил (раздел 3 справочника). Сообщение
        показывает каждое прочтение в канонической записи и называет пару.
        Запятые в группе с «и» и «или» сразу — отдельное правило BJ102.
    Почему это важно:
        505 задаёт группировку связок, но не для всех пар. Где она не задана,
        два игрока честно прочтут текст по-разному, и судья не сможет
        сослаться на правило. Текст нужно переписать так, чтобы прочтение
        было одно.
    Плохо:
        {tap}: ранить цель на 1, при этом ранить себя или закрыть цель.
    Хорошо:
        {tap}: или ранить цель на 1, при этом ранить себя, или закрыть цель.
    """

    code = "BJ101"
    name = "ambiguous-grouping"
    severity = Severity.WARNING
    rules = ("505",)
    needs_features = True
    message = "неоднозначная группировка (раздел 3): {pair}; прочтения: {readings}"

    def check(self, ctx):
        for feature in ctx.all_features:
            reading = feature.reading
            if reading is None or not reading.ambiguous:
                continue
            alternatives = [a for a in reading.alternatives if set(a.pair_ids) - {COMMA_PAIR}]
            if not alternatives:
                continue
            ids: list[str] = []
            for alt in alternatives:
                for pid in alt.pair_ids:
                    if pid != COMMA_PAIR and pid not in ids:
                        ids.append(pid)
            pair = "; ".join(_pair_name(pid) for pid in ids)
            readings = reading_strings(feature, alternatives=alternatives)
            s, e = feature.effect_span
            if e <= s:
                s, e = feature.span
            yield Hit(s, e, {"pair": pair, "readings": _numbered(readings)}, readings=readings)


def _pair_name(pid: str) -> str:
    pair = PAIRS_BY_ID.get(pid)
    if pair is None:
        return pid
    if pair.left and pair.right:
        return f"«{pair.left}» и «{pair.right}» — {pair.title}"
    return pair.title or pid


_LOOSE = {"THEN", "EITHER", "ELSE", "OPP", "DEP", "COND", "LPAR", "RPAR", "OR_START", "EITHER_START"}


class CommaRunAndOr(Rule):
    """Ряд через запятую, закрытый и «и», и «или».

    Что находит:
        Группу способностей через запятую, в которой есть и «и», и «или»:
        «С1, С2 и С3 или С4». Чем считать запятые — «и» или «или» —
        правила не говорят (раздел 3 справочника).
    Почему это важно:
        По 505 запятая в ряду значит то же, что слово, которым ряд закрыт.
        Когда слов два, запятая значит то одно, то другое, и игрок либо
        разыгрывает все способности, либо выбирает одну.
    Плохо:
        {tap}: ранить цель на 1, ранить себя и закрыть цель или открыть цель.
    Хорошо:
        {tap}: или ранить цель на 1, ранить себя и закрыть цель, или открыть цель.
    """

    code = "BJ102"
    name = "comma-run-and-or"
    severity = Severity.WARNING
    rules = ("505",)
    needs_features = True
    message = "запятые в группе, где есть и «и», и «или»: неясно, какое слово задаёт их смысл (раздел 3){readings}"

    def check(self, ctx):
        for feature in ctx.all_features:
            reading = feature.reading
            alts = [a for a in (reading.alternatives if reading else ()) if COMMA_PAIR in a.pair_ids]
            if not alts:
                continue  # the reader found no group where the commas could mean either word
            readings = reading_strings(feature, alternatives=alts)
            shown = f"; прочтения: {_numbered(readings)}"
            for start, end in _mixed_groups(feature.tokens):
                yield Hit(start, end, {"readings": shown}, readings=readings)


def _mixed_groups(tokens):
    """Spans of the token groups (between looser connectives) holding ",", "и" and "или"."""
    groups, current = [], []
    for tok in tokens:
        kind = tok.kind.value
        if kind in _LOOSE:
            groups.append(current)
            current = []
        else:
            current.append((kind, tok))
    groups.append(current)
    for group in groups:
        if {"COMMA", "AND", "OR"} <= {k for k, _ in group}:
            yield group[0][1].start, group[-1][1].end


_CASE_SEP_RE = re.compile(r";|(?<=\s)[–—-](?=\s)")
_IF_RE = re.compile(r"(?i)(?<![\w-])если(?![\w-])")


class DependentCases(Rule):
    """«;» или «–» между независимыми случаями «если … — …».

    Что находит:
        Случаи «если У1 — С1; если У2 — С2», разделённые точкой с запятой
        или тире.
    Почему это важно:
        505.4.1/505.4.2: «;» и «–» значат «при этом». Второй случай тогда
        разыгрывается, только если выполнен первый, — а имелись в виду
        независимые случаи. Разделите их точкой или запятой, либо свяжите
        «иначе», если случаи исключают друг друга.
    Плохо:
        При прыжке бросьте кубик: если выпало 1 — ранить цель на 1; если выпало 2 — ранить цель на 2.
    Хорошо:
        При прыжке — бросьте кубик: если выпало 1 — ранить цель на 1, если выпало 2 — ранить цель на 2.
    """

    code = "BJ103"
    name = "dependent-cases"
    severity = Severity.WARNING
    rules = ("505.4.1", "505.4.2")
    message = "«{sep}» между независимыми случаями «если … — …»: по 505.4.1/505.4.2 следующий случай тогда зависит от предыдущего"

    def check(self, ctx):
        if ctx.features is not None:
            yield from self._by_tokens(ctx)
        else:
            yield from self._by_text(ctx)

    def _by_tokens(self, ctx):
        for feature in ctx.all_features:
            tokens = feature.tokens
            seen_cond = False
            for i, tok in enumerate(tokens):
                kind = tok.kind.value
                if kind == "COND":
                    seen_cond = True
                elif kind in ("THEN", "EITHER", "LPAR", "RPAR"):
                    seen_cond = False
                elif kind == "DEP":
                    sep = tok.text.strip()
                    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
                    nxt_kind = nxt.kind.value if nxt is not None else None
                    if seen_cond and sep in (";", "–", "—", "-") and nxt_kind == "COND":
                        at = tok.start + tok.text.index(sep)
                        yield Hit(at, at + len(sep), {"sep": sep}, suggestion=",")
                    elif sep not in (";", "–", "—", "-"):
                        seen_cond = False

    def _by_text(self, ctx):
        text = ctx.text
        for match in _CASE_SEP_RE.finditer(text):
            after = text[match.end():].lstrip()
            if not _IF_RE.match(after):
                continue
            line_start = text.rfind("\n", 0, match.start()) + 1
            before = text[line_start:match.start()]
            cut = max(before.rfind(";"), before.rfind(":"))
            clause = before[cut + 1:] if cut >= 0 else before
            cond = _IF_RE.search(clause)
            if cond and re.search(r"\s[–—-]\s", clause[cond.end():]):
                yield Hit(match.start(), match.end(), {"sep": match.group(0)}, suggestion=",")
