"""Reading a real card text into features (spec sections 1, 2 and 5).

`read_text` splits a card text into features, finds each feature's head
(payment, label, trigger condition, ability type and name), takes its
annotations and granted features out, segments the effect into connective
tokens and reads them with the connective grammar. Every part keeps its span
in the card text, so a finding can point at it. It never raises.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from berserk_judge.cardbase.icons import unique_mark_span
from berserk_judge.parser.reader.annotations import ABILITY_TYPES, Annotation, paren_annotations, type_name_parts
from berserk_judge.parser.reader.classify import (find_condition, find_prefix, find_type_name, is_opener_start,
                             is_trigger_start, is_while_start)
from berserk_judge.parser.reader.kinds import names_an_ability
from berserk_judge.parser.reader.morph import normalize
from berserk_judge.parser.reader.names import name_spans
from berserk_judge.parser.reader.patterns import decision
from berserk_judge.parser.reader.regions import find_regions, lazy_span_index, span_index
from berserk_judge.parser.reader.segment import LEVELS, candidates, tokens_for
from berserk_judge.parser.reader.split import ERRATA, LEADING_MARKS, split_features
from berserk_judge.parser.engine.reading import Alternative, ReadingError, read_tokens
from berserk_judge.parser.engine.tokens import Kind, Token

Span = tuple[int, int]
_GRANTING = re.compile(r"(?:имеет|имеют|получает|получают|получить|получив|особенность\w*|приобретает)\s*:?\s*$", re.I)
_DYNAMIC = {"playable", "conditional", "triggered"}
_LATER_CONNECTIVE = re.compile(r";|(?<!\w)(?:затем|иначе|при\s+этом)(?!\w)", re.I)
_UNQUOTED_GRANT = re.compile(r"(?:получает|получают|имеет|имеют)\s*:\s*(?:[XХxх]?\d*\{\w+\}\s*)+:", re.I)
_REDIRECT = re.compile(r"пере?направ", re.I)     # «пернаправить»: a misspelling the prints have
_WHILE_CLAUSE = re.compile(r",\s*(пока)\b", re.I)
_UNTIL = re.compile(r"до\s+тех\s+пор\s*$", re.I)
_STATIC_LABELS = re.compile(r"строй|бестел|на\s+глубине|на\s+поверхности|орда|отпор", re.I)


@dataclass
class Feature:
    """One feature of a card text; every span is an offset pair into the card text."""

    kind: str
    text: str
    span: Span
    line: int
    payment: str | None = None
    payment_span: Span | None = None
    payment_missing_colon: int | None = None   # «{tap} Выстрел на 2.»: where the payment's «:» should stand
    label_missing_colon: int | None = None     # «{second} +3 к {health}.»: where the label's «:» should stand
    misspelt_opener: tuple[int, int, str] | None = None   # «Когла …»: the typo's span and the opener it is read as
    condition: str | None = None
    condition_span: Span | None = None
    condition_by_verb_test: bool = False     # trigger found by the verb test, no dash after it
    label: str | None = None
    label_span: Span | None = None
    ability_type: str | None = None
    ability_type_span: Span | None = None
    effect_name: str | None = None
    effect_name_span: Span | None = None
    effect_name_quoted: bool = False         # the name stood in «» or straight quotes
    ability_range: str | None = None         # «дальность 4» in the heading (116.1)
    ability_range_span: Span | None = None
    annotations: list[Annotation] = field(default_factory=list)
    granted: list["Feature"] = field(default_factory=list)
    effect: str = ""
    effect_span: Span = (0, 0)
    tokens: list[Token] = field(default_factory=list)
    reading: object | None = None            # parser.engine.reading.Reading
    error: object | None = None              # parser.engine.reading.ReadingError
    unread: list[Span] = field(default_factory=list)
    separators: list[tuple[Span, str]] = field(default_factory=list)   # ":" and separator dashes met in the head
    dash_before_effect: bool = False         # a separator dash stands right before the effect
    while_condition: str | None = None       # "Пока ..." / ", пока ..." of a static feature
    while_span: Span | None = None
    segmentation_level: int = 0              # 0 = every candidate connective kept; higher = more conservative
    granted_spans: list[Span] = field(default_factory=list)   # the quotes holding granted features
    headings: list["Heading"] = field(default_factory=list)   # headings after a connective (spec §2)
    replacement: str | None = None           # «Вместо гибели» / «вместо этого»: a replacement, no trigger (spec §1)

    @property
    def read_completely(self) -> bool:
        return (self.kind != "unknown" and not self.unread and self.error is None
                and all(g.read_completely for g in self.granted))


def read_card(card) -> list[Feature]:
    """Features of a cardbase.model.Card."""
    return read_text(card.text, card.name)


def read_text(text: str, name: str | None = None) -> list[Feature]:
    """Features of a card text; never raises."""
    if not isinstance(text, str):
        return []
    mark = unique_mark_span(text)
    if mark is not None:
        # «[:unq].» / «Уникальность.» opening the text is the card's property, not a feature: it is
        # blanked (offsets kept) so no feature reads it (spec §1, «Not features, not abilities»)
        text = text[:mark[0]] + " " * (mark[1] - mark[0]) + text[mark[1]:]
    try:
        pieces = split_features(text)
    except Exception as exc:  # noqa: BLE001 - a reader must not fail on any input
        return [_failed(text, (0, len(text)), 1, exc)]
    out: list[Feature] = []
    for span, line in pieces:
        try:
            out.append(_read_feature(text, span, line, name, depth=0))
        except Exception as exc:  # noqa: BLE001
            out.append(_failed(text, span, line, exc))
    return out


def warm_up() -> None:
    """Load what reading needs once per process — the morphology dictionary and
    the connective grammar (flat effects never build it) — so that processes
    forked afterwards (lint's workers) share them instead of each loading its own."""
    from berserk_judge.parser.engine.grammar import _lark

    _lark()
    read_text("При атаке — ранить цель на 1.")


def _failed(text: str, span: Span, line: int, exc: Exception) -> Feature:
    err = ReadingError(f"внутренняя ошибка чтения: {type(exc).__name__}", *span)
    return Feature("unknown", text[span[0]:span[1]], span, line, error=err, unread=[span],
                   effect=text[span[0]:span[1]], effect_span=span)


def _protected(text: str, start: int, end: int, name: str | None):
    regions = find_regions(text, start, end)
    prot = [(s, e, "quote") for s, e in regions.quotes] + [(s, e, "paren") for s, e in regions.parens]
    prot += [(s, e, "icon") for s, e in regions.icons]
    for s, e in name_spans(text, name, start, end):
        if regions.covering(s) is None and regions.covering(e - 1) is None:
            prot.append((s, e, "name"))
    return regions, prot


def _trim(text: str, s: int, e: int, chars: str = " \t\n") -> Span:
    """Narrow the span past `chars` and invisible characters (BJ510 reports those;
    a stray U+0001 after an annotation must not change the reading)."""
    while s < e and (text[s] in chars or _invisible(text[s])):
        s += 1
    while e > s and (text[e - 1] in chars or _invisible(text[e - 1])):
        e -= 1
    return s, e


def _invisible(ch: str) -> bool:
    return ch != "\n" and not ch.isprintable() and not ch.isspace()


def _read_feature(text: str, span: Span, line: int, name: str | None, depth: int) -> Feature:
    start, end = span
    feature = Feature("static", text[start:end], span, line)
    if ERRATA.match(feature.text):
        feature.kind = "errata"
        feature.effect_span = (end, end)
        return feature
    regions, prot = _protected(text, start, end, name)
    marks = LEADING_MARKS.match(text, start, end)
    if "[" in text[marks.start():marks.end()] and marks.end() < end:
        # «[:unq] Неповоротливость»: an online-client mark before the feature marks the card, it
        # heads nothing (BJ303 names it); it is kept as an annotation, never dropped
        mspan = _trim(text, marks.start(), marks.end())
        feature.annotations.append(Annotation("mark", text[mspan[0]:mspan[1]], mspan))
        start = marks.end()
    head = find_prefix(text, start, end)
    kind = head.kind
    pos = head.effect_start
    for sep in head.separators:
        feature.separators.append((sep, text[sep[0]:sep[1]]))
    feature.payment_missing_colon = head.missing_colon
    feature.label_missing_colon = head.label_missing_colon
    if head.payment:
        feature.payment_span = head.payment
        feature.payment = text[head.payment[0]:head.payment[1]]
    if head.label:
        feature.label_span = head.label
        feature.label = text[head.label[0]:head.label[1]]

    # trigger condition (triggered, conditional, or inside a keyword's effect) and while-condition
    # 115.1: a conditional playable feature has a payment, "как правило" {instant} but not always
    wants_condition = is_trigger_start(text, pos, end) and kind in ("static", "keyword", "playable")
    if wants_condition and kind == "playable" and _case_list(text, pos, end, regions):
        wants_condition = False   # "{tap}: если выпало 1 — А; если выпало 2 — Б": cases, not a condition
    if kind == "playable" and (any(regions.covering(m.start()) is None
                                   for m in _REDIRECT.finditer(text, pos, min(end, pos + 80)))
                               or decision("moment-fixed-by-rules")(text[pos:end])):
        kind = "conditional"      # 116.5: a redirect, a block, a reduced attack … only on a declared event
    instead = None
    if wants_condition:
        found = find_condition(text, pos, end, prot)
        if kind == "static" and feature.label is None and (found is None or found[3] is None) \
                and decision("instead-static")(text, pos, end, found[0] if found else None):
            # «Вместо гибели возвращается в колоду»: a replacement, static, its words whole (spec §1)
            cs, ce = _trim(text, *(found[0] if found else (pos, end)), chars=" ,")
            instead = text[cs:ce] if found else " ".join(text[pos:end].split()[:2]).rstrip(",:;—–-")
            wants_condition = False
    if wants_condition:
        if found is None:
            feature.kind = "unknown"
            feature.effect_span = (pos, end)
            feature.effect = text[pos:end]
            feature.unread = [(pos, end)]
            return feature
        if found[2] and not found[3]:     # found by the verb test, no dash: an «если» that «иначе» answers
            cut = decision("case-answered-by-else")(text, found[0], found[1], end, regions.quotes + regions.parens)
            if cut is not None:
                found = ((found[0][0], cut), cut, True, None)
        pos = _take_condition(feature, text, found)
        kind = {"static": "triggered", "playable": "conditional",
                "keyword": decision("labelled-body")("triggered")}.get(kind, kind)
        if kind == "triggered" and feature.label is None \
                and decision("state-as-while")(text, feature.condition_span, pos, end, prot):
            # «Когда Властелин хаоса закрыт, он отражает …»: a state, not a trigger (spec §1)
            kind = "static"
            _condition_as_while(feature, text)
    elif _stative(kind, feature.label) and is_while_start(text, pos, end):
        # «Строй: Пока Хелгат закрыт, он отражает …»: a state label holds a while-condition as a
        # static feature does (spec §1), reported beside the tree
        found = find_condition(text, pos, end, prot, clause=True) or _while_before_modal(text, pos, end, prot)
        if found is not None:
            cond_span, pos, _by_verb, sep = found
            cond_span = _trim(text, *cond_span, chars=" ,")
            feature.while_span = cond_span
            feature.while_condition = text[cond_span[0]:cond_span[1]]
            feature.annotations.append(Annotation("while", feature.while_condition, cond_span))
            if sep:
                feature.separators.append((sep, text[sep[0]:sep[1]]))
                feature.dash_before_effect = text[sep[0]:sep[1]] in "—–-"
    feature.kind = kind

    # a limit before the effect is a limit, not an ability ("Один раз за бой, в свой ход, может …")
    limit = decision("leading-limit")(text, pos, end)
    if limit is not None and limit.end() < end:
        lspan = _trim(text, limit.start(1), limit.end(1))
        feature.annotations.append(Annotation("limit", text[lspan[0]:lspan[1]], lspan))
        pos = _trim(text, limit.end(), end, chars=" ,")[0]

    # ability type and name heading the effect
    typed = find_type_name(text, pos, end, prot, regions.quotes)
    if typed is not None:
        type_span, name_span, range_span, new_pos, sep = typed
        if type_span is not None:
            feature.ability_type_span, feature.ability_type = type_span, text[type_span[0]:type_span[1]]
        if name_span is not None:
            name_span = _trim(text, *name_span, chars=" ")
            feature.effect_name_span, feature.effect_name = name_span, text[name_span[0]:name_span[1]]
            feature.effect_name_quoted = text[name_span[0] - 1:name_span[0]] in ("«", "“", '"')
        if range_span is not None:
            feature.ability_range_span, feature.ability_range = range_span, text[range_span[0]:range_span[1]]
        for ps, pe in regions.parens:
            if pos <= ps < new_pos:
                feature.annotations.extend(paren_annotations(text, ps, pe))
        if sep:
            feature.separators.append((sep, text[sep[0]:sep[1]]))
            feature.dash_before_effect = text[sep[0]:sep[1]] in "—–-"
        pos = new_pos
        if kind == "playable" and "{instant}" in (feature.payment or "") and is_trigger_start(text, pos, end):
            found = find_condition(text, pos, end, prot)
            if found is not None:
                pos = _take_condition(feature, text, found, dash_marks_effect=False)
                feature.kind = kind = "conditional"
        if kind == "playable" and decision("moment-fixed-by-rules")(text[pos:end]):
            # «{instant}{tap}: Воздействие «крик» — уменьшить величину выбранного удара на 1»: the effect
            # after its heading acts on a declared attack (116.5)
            feature.kind = kind = "conditional"

    # the effect: trailing punctuation, trailing annotations and ", пока ..." come off its end
    es, ee = _trim(text, pos, end, chars=" \t\n.;,")
    grant = _UNQUOTED_GRANT.search(text, es, ee) if ":" in text[es:ee] else None   # one search, not one a paren
    grant_at = grant.start() if grant is not None else ee
    granted_trigger = decision("unquoted-granted-trigger")(text, es, ee) if depth < 3 else None
    if granted_trigger is not None and not any(qs < granted_trigger[0] < qe for qs, qe in regions.quotes):
        # «получает Если должен излечиться - … (1 раз за ход)» without its «»: a granted feature whose
        # words, limit included, are its own; protected as a quote is for the granting feature
        grant_at = min(grant_at, granted_trigger[0])
    else:
        granted_trigger = None
    changed = True
    while changed and ee > es:
        changed = False
        for ps, pe in regions.parens:
            if pe == ee and ps >= es:
                found = paren_annotations(text, ps, pe)
                if any(a.kind == "other" for a in found):
                    break         # "(по карте противника)": the ability's own words, never dropped
                if grant_at < ps:
                    break         # «получает: {tap}: … (1 раз за ход)» without quotes: the granted feature's
                feature.annotations.extend(found)
                es, ee = _trim(text, es, ps, chars=" \t\n.;,")
                changed = True
                break
    for ps, pe in regions.parens:
        if es <= ps and pe <= ee and not grant_at < ps:
            feature.annotations.extend(a for a in paren_annotations(text, ps, pe) if a.kind != "other")
    # ", пока …" at the end is a static feature's while-condition; in a playable or triggered
    # effect it is one ability's own duration and stays in its words (spec section 1)
    # a keyword someone declares («Концентрация: …») is an action: its «, пока …» is the ability's own
    while_match = _trailing_while(text, es, ee, prot) if _stative(kind, feature.label) else None
    if while_match is not None:
        ws, we = while_match
        feature.while_span = (ws, ee)
        feature.while_condition = text[ws:ee]
        feature.annotations.append(Annotation("while", text[ws:ee], (ws, ee)))
        es, ee = _trim(text, es, we, chars=" \t\n,")
    feature.annotations.sort(key=lambda a: a.span)
    for ann in feature.annotations:
        if ann.kind == "type_name" and feature.ability_type is None:
            atype, aname = type_name_parts(ann.text)
            feature.ability_type = atype
            feature.effect_name = aname
    feature.effect_span = (es, ee)
    feature.effect = text[es:ee]
    feature.replacement = instead or decision("replacement")(text, feature.condition_span, es, ee,
                                                             lazy_span_index(prot))

    # granted features: quoted texts after получает / имеет / ...
    if depth < 3:
        for qs, qe in regions.quotes:
            if es <= qs and qe <= ee and _GRANTING.search(text[max(start, qs - 40):qs]) \
                    and _looks_like_feature(text[qs + 1:qe - 1]):
                feature.granted_spans.append((qs, qe))
                inner = text[qs + 1:qe - 1]
                for (s, e), _ in split_features(inner):
                    feature.granted.append(_read_feature(text, (qs + 1 + s, qs + 1 + e), line, name, depth + 1))
    if granted_trigger is not None and granted_trigger[0] < min(ee, granted_trigger[1]):
        gs, ge = granted_trigger[0], min(ee, granted_trigger[1])
        feature.granted_spans.append((gs, ge))
        feature.granted.append(_read_feature(text, (gs, ge), line, name, depth + 1))
        # one protected run: the icons, quotes and names inside it go (an icon opening it, «имеет
        # {instant}, …: …», would otherwise come first in order and hide the run)
        prot = [p for p in prot if not (gs <= p[0] and p[1] <= ge)] + [(gs, ge, "quote")]

    _read_effect(feature, text, prot, name)
    return feature


def _stative(kind: str, label: str | None) -> bool:
    """A static feature, or one under a state label («Строй:», «Бестелесный:»): its «Пока …» /
    «, пока …» is a while-condition; a declared keyword («Концентрация:») is an action whose
    «, пока …» is the ability's own duration (spec §1)."""
    return kind == "static" or (kind == "keyword" and bool(_STATIC_LABELS.match(normalize(label or ""))))


def _looks_like_feature(inner: str) -> bool:
    words = inner.split()
    # «Ваши существа имеют: "+1 к первой атаке за ваш ход. Не может …"»: a modifier opens a feature too
    return ":" in inner or (len(words) >= 2 and (inner[:1].isupper() or bool(re.match(r"[+\-–−]\s?[\dXХxх]", inner))))


def _trailing_while(text: str, es: int, ee: int, prot) -> Span | None:
    """", пока <условие>" at the end of an effect: (condition start, comma position); a «пока»
    without its comma (patterns.py «bare-while») ends the effect too."""
    if text.find("пока", es, ee) < 0 and text.find("Пока", es, ee) < 0:
        return None          # most effects: no «пока» at all, nothing to index
    inside = span_index(prot)
    # ", пока ..., затем ...": a while-clause followed by a connective is not at the end of the effect
    last_connective = max((c.start() for c in _LATER_CONNECTIVE.finditer(text, es, ee) if not inside(c.start())),
                          default=-1)
    found = list(_WHILE_CLAUSE.finditer(text, es, ee)) or list(decision("bare-while")(text, es, ee))
    for m in found:
        at = m.start()
        if inside(at) or at <= last_connective:
            continue
        if _UNTIL.search(text, max(es, at - 30), at):
            continue
        return m.start(1), at
    return None


def _read_effect(feature: Feature, text: str, prot, name: str | None) -> None:
    """Segment and read the effect, retrying with fewer connectives when the grammar rejects."""
    es, ee = feature.effect_span
    if es >= ee:
        if not feature.granted:
            feature.error = ReadingError("у особенности нет эффекта", *feature.span)
            feature.unread = [feature.span]
        return
    problem = _cut_short(text, es, ee, feature.annotations)
    if problem is not None:
        feature.error = problem
        feature.unread = [(problem.start, problem.end)]
        return
    dynamic = _declared(feature)
    written = text
    text, chooser_at, cuts = _without_inner_annotations(feature, text, es, ee)
    cands = candidates(text, es, ee, prot, dynamic)
    headed = any(c.kind is Kind.HEADING for c in cands)
    first_error, headings = None, []
    for level in range(len(LEVELS)):
        tokens = tokens_for(text, es, ee, cands, level)
        if headed:
            headings, tokens = _headings(tokens, written)
        if level and tokens == feature.tokens:
            continue
        if cuts:
            tokens = _chosen(tokens, chooser_at, written, text, cuts)
        feature.tokens = tokens
        feature.headings = headings
        try:
            feature.reading = read_tokens(tokens)
        except ReadingError as err:
            first_error = first_error or err
            continue
        feature.segmentation_level = level
        feature.error = None
        if headings and feature.ability_type is None:
            # the feature's first heading is also its ability type (spec §2, «Headings»)
            feature.ability_type, feature.effect_name = headings[0].type, headings[0].name
        _condition_dash_alternative(feature, text, prot, dynamic)
        return
    feature.error = first_error
    feature.reading = None
    span = (first_error.start, first_error.end) if first_error and first_error.end > first_error.start else (es, ee)
    feature.unread = [span]


@dataclass(frozen=True)
class Heading:
    """A heading standing after a connective before the ability it heads («…; воздействие
    «внушение» — переместить …»): out of that atom's words, listed with the atom's number
    (1-based, in order of appearance, as the abstract form numbers С1, С2, …)."""

    atom: int
    type: str | None
    name: str | None
    range: str | None
    span: Span

    def record(self) -> dict:
        """The JSON form: {"atom": 2, "type": "воздействие", "name": "внушение"} (+ "range")."""
        out = {"atom": self.atom, "type": self.type, "name": self.name}
        if self.range:
            out["range"] = self.range
        return out


_HEADING_PARTS = re.compile(
    rf"\s*(?P<type>{ABILITY_TYPES})?\s*(?P<name>[«\"“][^»\"”]*[»\"”]|[^,—–\-«\"]*?)?\s*"
    r"(?:,\s*(?P<range>дальность\s+\S+))?\s*(?:\([^)]*\)\s*)?[—–\-:]?\s*$", re.I)


def _headings(tokens: list[Token], text: str) -> tuple[list[Heading], list[Token]]:
    """The headings among the segmenter's tokens, numbered by the atom each heads, and the
    tokens without them (the grammar never sees a heading)."""
    found, kept, atoms = [], [], 0
    for t in tokens:
        if t.kind is Kind.HEADING:
            m = _HEADING_PARTS.match(text, t.start, t.end)
            kind = m.group("type") if m else None
            name = (m.group("name") or "").strip().strip("«»\"“”").strip() if m else ""
            found.append(Heading(atoms + 1, kind.lower() if kind else None, name or None,
                                 m.group("range") if m else None, (t.start, t.end)))
            continue
        if t.kind is Kind.ATOM:
            atoms += 1
        kept.append(t)
    return found, kept


_CHOOSER_WORDS = {"противника": "противник", "соперника": "противник", "атакованного": "атакованный",
                  "владельца": "владелец"}


def _without_inner_annotations(feature: Feature, text: str, es: int, ee: int):
    """Who chooses and a limit, written inside the effect, are taken out of the
    atom like a trailing annotation (spec §1, «Annotations are reported, never
    lost»: they stay in `annotations`): «… может переместиться … (по выбору
    противника), затем …», «… на 1-2-2 (только по карте противника, 3 раза за
    ход) …» (the limit and its comma go, the clarification stays). The text
    with those parts blanked (offsets kept), [(offset, chooser word)] for the
    «может» before each chooser another player decides, and the blanked spans."""
    cuts, marks = [], []
    for ann in feature.annotations:
        s, e = ann.span
        if not (es < s and e < ee):
            continue
        whole = text[s:s + 1] == "(" and text[e - 1:e] == ")"
        if ann.kind == "chooser" and whole:
            word = ann.text.split()[-1].lower().strip("() ") if ann.text.split() else ""
            if word in _CHOOSER_WORDS:
                marks.append((s, _CHOOSER_WORDS[word]))
            cuts.append((s, e))
        elif ann.kind == "limit":
            cuts.append((s, e) if whole else _with_its_comma(text, s, e))
    for s, e in cuts:
        text = text[:s] + " " * (e - s) + text[e:]
    return text, marks, sorted(cuts)


def _with_its_comma(text: str, s: int, e: int) -> tuple[int, int]:
    """A part of a parenthesis listed with others («(…, 3 раза за ход)»), with
    the comma that separates it from them."""
    before = s
    while before > 0 and text[before - 1].isspace():
        before -= 1
    if before > 0 and text[before - 1] == ",":
        return before - 1, e
    after = e
    while after < len(text) and text[after].isspace():
        after += 1
    if after < len(text) and text[after] == ",":
        after += 1
        while after < len(text) and text[after].isspace():
            after += 1
        return s, after
    return s, e


def _chosen(tokens: list[Token], marks, written: str, blanked: str, cuts: list[tuple[int, int]]) -> list[Token]:
    """Atoms in their written words without the blanked annotations; the «может»
    before a chooser names that player."""
    from dataclasses import replace as _replace

    out = []
    for t in tokens:
        inside = [(s, e) for s, e in cuts if t.start <= s and e <= t.end]
        own = blanked[t.start:t.end]
        if t.kind is Kind.ATOM and inside and t.text.endswith(own):
            t = _replace(t, text=t.text[:len(t.text) - len(own)] + _cut_out(written, t.start, t.end, inside))
        out.append(t)
    for at, who in marks:
        mays = [i for i, t in enumerate(out) if t.kind is Kind.MAY and t.start < at]
        if mays and out[mays[-1]].chooser is None:
            out[mays[-1]] = _replace(out[mays[-1]], chooser=who)
    return out


def _cut_out(written: str, start: int, end: int, cuts: list[tuple[int, int]]) -> str:
    """written[start:end] without the cut spans; the space before a cut goes
    with it when a space or a closing mark follows the cut («на X (не более 2
    раз за ход), где» → «на X, где»; «(…, 3 раза за ход)» → «(…)»)."""
    pieces, pos = [], start
    for s, e in cuts:
        left = written[pos:s]
        following = written[e:e + 1]
        if not following or following.isspace() or following in ",.:;)»":
            left = left.rstrip()
        pieces.append(left)
        pos = e
    pieces.append(written[pos:end])
    return "".join(pieces).strip()


_MODAL_START = re.compile(r"(?:не\s+)?(?:может|могут)(?!\w)", re.I)


def _while_before_modal(text: str, pos: int, end: int, prot):
    """A verbless «Пока …» with neither comma nor dash, ended by «может»:
    «Пока у Мрачной дворянки меньше 8 {health} может удвоить …» (spec §1, while-condition)."""
    found = find_condition(text, pos, end, prot)
    if found is None or found[3] is not None or not _MODAL_START.match(text, found[1], end):
        return None
    return found


_CASE_OPENER = re.compile(r"если(?!\w)", re.I)
_NEXT_CASE = re.compile(r"[;,]\s*если(?!\w)[^;—–]*[—–]", re.I)


def _case_list(text: str, pos: int, end: int, regions) -> bool:
    """The effect after a payment is a list of «если … —» cases: a second case follows the first."""
    if not _CASE_OPENER.match(text, pos, end):
        return False
    return any(regions.covering(m.start()) is None for m in _NEXT_CASE.finditer(text, pos, end))


def _declared(feature: Feature) -> bool:
    """Someone declares this feature, so its «может» is an option (MAY), not a permission:
    a playable or triggered feature, a labelled trigger ("Строй: При … — может …"), a keyword
    whose label is not a static state, or a static one with an ability type or a limit (spec §1)."""
    if feature.kind in _DYNAMIC or feature.condition is not None:
        return True
    if feature.kind == "keyword" and not _STATIC_LABELS.match(normalize(feature.label or "")):
        return True
    return names_an_ability(feature)


_PLAIN_LETTER = re.compile(r"[а-яА-ЯёЁa-zA-Z]")
_DANGLING = re.compile(r"(?<!\w)(и|или|либо|затем)\s*$", re.I)


def _cut_short(text: str, es: int, ee: int, annotations):
    """A ReadingError for an effect with no words, or one ending on a connective.

    `ранить цель на 1 и (ранить цель на 2)`: the bracketed part is an
    annotation, so the effect would end on «и» and half of it be dropped.
    """
    effect = text[es:ee]
    if not _PLAIN_LETTER.search(effect) and not any(ch.isalpha() for ch in effect):
        # «…, дальность. 5»: a number cut off is no word either (a plain letter answers at once)
        return ReadingError(f"в особенности нет ни одного слова, только «{effect}»; ожидается текст особенности",
                            es, ee)
    # the connective must end where the trailing white space starts: only the last five characters
    # can open it (the look-behind still sees the one before them)
    match = _DANGLING.search(effect, max(0, len(effect.rstrip()) - 5))
    if match is None:
        return None
    word = " ".join(match.group(1).split())
    after = [a for a in annotations if a.span[0] >= es + match.end()]
    why = f" (текст в скобках «{after[0].text}» не читается как способность)" if after else ""
    return ReadingError(f"эффект обрывается на связке «{word}»: после неё ожидается способность{why}",
                        es + match.start(1), es + match.end(1))


def _condition_dash_alternative(feature: Feature, text: str, prot, dynamic: bool) -> None:
    """«При С0 — С1 — С2»: the other reading ends the condition at the second dash (spec section 3)."""
    if feature.kind != "triggered" or not feature.dash_before_effect or feature.ability_type_span is not None \
            or feature.effect_name_span is not None:
        return
    from berserk_judge.parser.engine.canonical_form import canonical                        # leave there, imports cost
    toks = feature.tokens
    # «При гибели — в начале следующего хода — возродиться», «При разряде — если … — …»: the second
    # dash closes an in-effect condition, never DEPENDENT, so the pair does not apply (spec §3)
    if len(toks) >= 3 and toks[0].kind is Kind.ATOM and toks[1].kind is Kind.DEP \
            and toks[1].text.strip() in "—–-":
        cond_end, es = toks[0].end, toks[2].start
    else:
        return
    ee = feature.effect_span[1]
    cands = candidates(text, es, ee, prot, dynamic)
    try:
        reading = read_tokens(tokens_for(text, es, ee, cands, feature.segmentation_level))
    except ReadingError:
        return
    condition = text[feature.condition_span[0]:cond_end]
    alt = Alternative("condition-dash", reading.tree, canonical(reading.tree), ("condition-dash",), condition)
    feature.reading.alternatives.append(alt)


def _condition_as_while(feature, text: str) -> None:
    """The found «Когда/Если …» names a state: it is the static feature's while-condition."""
    feature.while_span, feature.while_condition = feature.condition_span, feature.condition
    feature.annotations.append(Annotation("while", feature.condition, feature.condition_span))
    feature.condition = feature.condition_span = feature.misspelt_opener = None
    feature.condition_by_verb_test = False


def _take_condition(feature, text: str, found, dash_marks_effect: bool = True) -> int:
    """Record a found trigger condition on the feature; the effect's start offset."""
    cond_span, pos, by_verb, sep = found
    cond_span = _trim(text, *cond_span, chars=" ,")
    feature.condition_span = cond_span
    feature.condition = text[cond_span[0]:cond_span[1]]
    if not is_opener_start(text, cond_span[0], cond_span[1]):
        feature.misspelt_opener = decision("misspelt-opener")(text, cond_span[0], cond_span[1])
    feature.condition_by_verb_test = by_verb
    if sep:
        feature.separators.append((sep, text[sep[0]:sep[1]]))
        if dash_marks_effect:
            feature.dash_before_effect = text[sep[0]:sep[1]] in "—–-"
    return pos
