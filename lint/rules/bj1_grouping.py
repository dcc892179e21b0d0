"""How abilities group (505, spec section 3)."""
from __future__ import annotations

import re

from berserk_judge.lint.finding import Severity
from berserk_judge.lint.fix_model import Edit, replace, unsafe_fix
from berserk_judge.lint.rule import Hit, Rule
from berserk_judge.lint.rules._text import mask_quoted, segments
from berserk_judge.parser import PAIRS_BY_ID, delayed_moment
from berserk_judge.parser import reading_strings

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
        Исправления — на выбор, по одному на каждое прочтение, которое
        можно записать однозначно («оставить прочтение 1: …»): какое из
        них имела в виду карта, решает редактор, поэтому `--fix` и
        `--fix --unsafe-fixes` их не применяют (как «только показ» у
        Ruff); редактор предлагает каждое отдельным действием, `--format
        json` — списком `choices`.
    Плохо:
        {tap}: ранить цель на 1, при этом ранить себя или закрыть цель.
    Хорошо:
        {tap}: или ранить цель на 1, при этом ранить себя, или закрыть цель.
    """

    code = "BJ101"
    fix_applicability = "choice"
    name = "ambiguous-grouping"
    severity = Severity.WARNING
    rules = ("505",)
    needs_features = True
    message = "неоднозначная группировка (примеры 505 не задают порядок этих связок): {pair}; прочтения: {readings}"

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
            yield Hit(s, e, {"pair": pair, "readings": _numbered(readings)}, readings=readings,
                      choices=rewordings_by_reading(ctx.text, feature, readings, ctx.card.name))


def rewordings_by_reading(text: str, feature, readings: list[str], name: str | None = None) -> list:
    """One unsafe fix per reading that a rewording can state unambiguously, titled by
    the reading it keeps («оставить прочтение 2: …»). Each candidate is read again and
    kept only when the new text reads, without ambiguity, as exactly that reading:

    * «или A, или B» («либо A, либо B») for a choice in that reading's tree (the
      paired form fixes the grouping, with the same word), at whatever depth it stands;
    * «, при этом» for the dash a reading takes as a connective after the condition
      («При У — С1 — С2» → «При У — С1, при этом С2»).
    """
    trees = [(feature.reading.tree, feature.condition)] + [
        (alt.tree, alt.condition if alt.condition is not None else feature.condition)
        for alt in feature.reading.alternatives if set(alt.pair_ids) - {COMMA_PAIR}]
    out = []
    for number, ((tree, condition), shown) in enumerate(zip(trees, readings), 1):
        for edits in _rewordings(text, feature, tree):
            if _reads_as(text, edits, tree, condition, name):
                out.append(unsafe_fix(f"оставить прочтение {number}: {shown}", *edits))
                break
    return out


def _rewordings(text: str, feature, tree):
    from berserk_judge.parser import Choice, Either

    for node in _nodes(tree):
        if isinstance(node, (Choice, Either)):
            word = "или" if isinstance(node, Choice) else "либо"
            edits = _paired(text, node, word)
            if edits:
                yield edits
    if any("condition-dash" in alt.pair_ids for alt in feature.reading.alternatives):
        s, e = feature.effect_span
        masked = mask_quoted(text[s:e])
        match = re.search(r" [–—-] ", masked)
        if match:
            yield [Edit(s + match.start(), s + match.end(), ", при этом ")]


def _nodes(node):
    """The tree's nodes, outermost first."""
    import dataclasses

    if node is None or isinstance(node, str):
        return
    if isinstance(node, tuple):
        for item in node:
            yield from _nodes(item)
        return
    if dataclasses.is_dataclass(node):
        yield node
        for f in dataclasses.fields(node):
            yield from _nodes(getattr(node, f.name))


def _paired(text: str, tree, word: str) -> list[Edit] | None:
    spans = [_node_span(item) for item in tree.items]
    if any(span is None for span in spans) or any(a[1] > b[0] for a, b in zip(spans, spans[1:])):
        return None
    edits = []
    start = spans[0][0]
    first = text[start:start + 1]
    sentence_start = not text[:start].rstrip(" ") or text[:start].rstrip(" ")[-1] in ".\n:"
    if first.isupper() and sentence_start:
        edits.append(Edit(start, start + 1, word.capitalize() + " " + first.lower()))
    else:
        edits.append(Edit(start, start, word + " "))
    for (_, end), (nxt, _) in zip(spans, spans[1:]):
        if text[end:nxt].strip(" ,") != word and text[end:nxt].strip() != ",":
            return None
        edits.append(Edit(end, nxt, f", {word} "))
    return edits


def _reads_as(text: str, edits: list[Edit], tree, condition, name: str | None) -> bool:
    from berserk_judge.parser import abstract_canonical, read_text

    new_text = "".join(_applied(text, edits))
    expected = abstract_canonical(tree)[0]
    at = edits[0].start
    for candidate in read_text(new_text, name):
        reading = candidate.reading
        if (reading is not None and candidate.span[0] <= at < candidate.span[1]
                and candidate.condition == condition
                and not reading.ambiguous and abstract_canonical(reading.tree)[0] == expected):
            return True
    return False


def _node_span(node) -> tuple[int, int] | None:
    from berserk_judge.parser import atoms

    spans = [a.span for a in atoms(node) if a.span != (0, 0)]
    if not spans:
        return None
    return min(s for s, _ in spans), max(e for _, e in spans)


def _applied(text: str, edits: list[Edit]):
    last = 0
    for edit in edits:
        yield text[last:edit.start]
        yield edit.replacement
        last = edit.end
    yield text[last:]


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
    message = "запятые в группе, где есть и «и», и «или»: неясно, какое слово задаёт их смысл (примеры 505 этого не решают){readings}"

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


_CASE_LIST_NOTE = ("; чтение берёт их как независимые случаи одного списка (выполнится не больше одного), "
                   "так что текст расходится с буквой правил")
_CASE_SEP_RE = re.compile(r";|(?<=\s)[–—-](?=\s)")
_IF_RE = re.compile(r"(?i)(?<![\w-])если(?![\w-])")


_OPENERS = ("когда", "при", "после", "в начале", "в конце", "если")


def _moment_case(tok) -> bool:
    """«когда погибают двое — ранить …»: an ability naming its own moment is a case as an «если …»
    one is (the reader keeps the moment in the atom's words, spec §2/§5)."""
    return tok is not None and tok.kind.value == "ATOM" and delayed_moment(tok.text) is not None


def _opener(cond: str) -> str:
    """The word the next case opens with («если», «когда», …), as the message names it."""
    low = cond.strip().lower()
    return next((word for word in _OPENERS if low.startswith(word + " ")), "если")


def _rule_of(sep: str) -> str:
    """505.4.1 is about «;», 505.4.2 about the dash."""
    return "505.4.1" if sep == ";" else "505.4.2"


class DependentCases(Rule):
    """«;» или «–» между независимыми случаями «если … — …».

    Что находит:
        Случаи «если У1 — С1; если У2 — С2», разделённые точкой с запятой
        или тире.
    Почему это важно:
        505.4.1/505.4.2: «;» и «–» значат «при этом». По букве правил второй
        случай тогда разыгрывается, только если выполнен первый, — а имелись
        в виду независимые случаи. Чтение понимает случаи после «;» как один
        список независимых случаев (выполнится не больше одного), но буква правил
        говорит иное, поэтому разделите случаи точкой или запятой, либо
        свяжите «иначе», если случаи исключают друг друга.
    Плохо:
        При прыжке бросьте кубик: если выпало 1 — ранить цель на 1; если выпало 2 — ранить цель на 2.
    Хорошо:
        При прыжке бросьте кубик: если выпало 1 — ранить цель на 1, если выпало 2 — ранить цель на 2.
    """

    code = "BJ103"
    fix_applicability = "unsafe"
    name = "dependent-cases"
    severity = Severity.WARNING
    rules = ("505.4.1", "505.4.2")
    message = "«{sep}» между случаями «{opener} … — …»: по {rule} следующий случай тогда зависит от предыдущего{how}"

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
                if kind == "COND" or _moment_case(tok):
                    seen_cond = True
                elif kind in ("THEN", "EITHER", "LPAR", "RPAR"):
                    seen_cond = False
                elif kind in ("DEP", "AND"):
                    sep = tok.text.strip()
                    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
                    nxt_kind = nxt.kind.value if nxt is not None else None
                    if seen_cond and sep in (";", "–", "—", "-") and (nxt_kind == "COND" or _moment_case(nxt)):
                        # a «;» read as «и» is a case list (spec §2): the reading already takes the
                        # cases as independent; the letter of 505.4.1 says otherwise
                        how = _CASE_LIST_NOTE if kind == "AND" else ""
                        at = tok.start + tok.text.index(sep)
                        yield Hit(at, at + len(sep), {"sep": sep, "how": how, "opener": _opener(nxt.text),
                                                      "rule": _rule_of(sep)}, suggestion=",",
                                  fix=separate_cases(ctx.text, at, at + len(sep)))
                    elif sep not in (";", "–", "—", "-") and kind == "DEP":
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
                how = _CASE_LIST_NOTE if match.group(0) == ";" else ""
                yield Hit(match.start(), match.end(), {"sep": match.group(0), "how": how, "opener": "если",
                                                       "rule": _rule_of(match.group(0))}, suggestion=",",
                          fix=separate_cases(text, match.start(), match.end()))


def separate_cases(text: str, start: int, end: int):
    """Independent cases: a new sentence when the cases open the feature
    («Если У1 — С1. Если У2 — С2»), else a comma, so a shared beginning
    («При прыжке бросьте кубик: …») keeps covering every case."""
    left = start
    while left > 0 and text[left - 1] == " ":
        left -= 1
    right = end
    while right < len(text) and text[right] == " ":
        right += 1
    nxt = _IF_RE.match(text, right)
    if nxt is None:
        return None
    segment = next((seg for seg in segments(text) if seg.start <= start < seg.end), None)
    head = text[segment.start:start] if segment else text[:start]
    first_if = _IF_RE.search(head)
    opens_feature = first_if is not None and not head[:first_if.start()].strip()
    if opens_feature:
        return unsafe_fix("разделить случаи на отдельные предложения",
                          replace(left, right + 1, ". " + text[right].upper()))
    return unsafe_fix("разделить случаи запятой", replace(left, end, ","))
