"""Real effect text → connective tokens (spec sections 2 and 5).

A connective word joins abilities only when what follows it is a new
predicate (the verb test); commas before relative clauses, parameters after
commas, quotes, parentheses and the card's name are never connectives.
Candidates carry a strength so a reading that fails can be retried with a
more conservative segmentation: a weak connective that gives no valid
reading was not an ability-level connective.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from berserk_judge.parser.engine.quick_init import quick_init
from berserk_judge.parser.engine.tokens import Kind, Token
from berserk_judge.parser.reader import morph
from berserk_judge.parser.reader.classify import HEADING_TYPES, glued_dashes
from berserk_judge.parser.reader.patterns import (RELATIVE, adverbial_lead_end, Context, ability_noun_at, cond_extent, joins_words, last_may,
                                    decision, shared_object,
                                    segment_start, time_phrase_end, timing_extent,
                                    moment_extent)
from berserk_judge.parser.reader.words import Item, items, predicate_at, relative_within

STRONG, VERB, SUBJECT, MAYBE_MAY, MAYBE_COND = 0, 1, 2, 3, 4
LEVELS = (
    frozenset({STRONG, VERB, SUBJECT, MAYBE_MAY, MAYBE_COND}),
    frozenset({STRONG, VERB, MAYBE_MAY, MAYBE_COND}),
    frozenset({STRONG, MAYBE_MAY, MAYBE_COND}),
    frozenset({STRONG, MAYBE_COND}),
    frozenset({STRONG}),
)
@quick_init
@dataclass(frozen=True)
class Cand:
    """A connective candidate: its kind, span, strength and token text."""

    kind: Kind
    start: int
    end: int
    strength: int
    text: str
    cond: str = ""            # for COND: the condition's words
    lead: tuple[int, int] | None = None   # for MAY: a subject before «может», kept in the next atom
    chooser: str | None = None            # for MAY: who chooses when not the controller
    bracket: bool = False                 # for AND/OR: the abilities on both sides are one group


def _after(seq: list[Item], i: int, cond_by_verb: bool = False) -> int:
    """Verb test on what follows position i: STRONG-ish strength or -1.

    With `cond_by_verb`, an "если ..." clause without a closing dash or comma counts too
    (after ":" or a dash, and after a comma that ends a conditional case)."""
    test = predicate_at(seq, i)
    if test == 1:
        return VERB
    if test == 2:
        return SUBJECT
    if i < len(seq) and seq[i].is_word("если") and cond_extent(seq, i, cond_by_verb) is not None:
        return VERB
    if i < len(seq) and timing_extent(seq, i) is not None:
        return VERB       # ", в конце этого хода, если … — …": an in-effect timing condition follows
    phrase = time_phrase_end(seq, i)
    if phrase is not None and predicate_at(seq, phrase):
        return VERB       # ", в начале вашего следующего хода ранить …": a time phrase opens the ability
    lead = adverbial_lead_end(seq, i)
    if lead is not None:
        test = predicate_at(seq, lead)
        if test:
            return VERB if test == 1 else SUBJECT   # ", одновременно хозяин становится …"
    if decision("attributive-subject")(seq, i):
        return SUBJECT    # ", следующий {strike} Килая в этот ход сводится …" (patterns.py)
    return -1


def _in_case(found: list[Cand]) -> bool:
    """The current segment opened with an in-effect condition ("если А — [может] X")."""
    for cand in reversed(found):
        if cand.kind is not Kind.MAY and cand.kind is not Kind.HEADING:
            return cand.kind is Kind.COND
    return False


def _after_case(found: list[Cand]) -> bool:
    """An in-effect case «если У — С» opened the abilities since the last loose connective:
    a «;» after them separates the cases of one case list (spec §2, «Case lists»)."""
    for cand in reversed(found):
        if cand.kind is Kind.COND:
            return True
        if cand.kind not in (Kind.MAY, Kind.AND, Kind.COMMA, Kind.OR, Kind.HEADING):
            return False
    return False


def _opp_extent(text: str, seq: list[Item], i: int) -> int | None:
    """"если <X> не может или не хочет (...) —": index after the closing mark."""
    words = [it.low for it in seq[i:i + 12]]
    try:
        k = words.index("может")
    except ValueError:
        return None
    if k < 2 or k > 4 or words[k - 1] != "не" or words[k + 1:k + 4] != ["или", "не", "хочет"]:
        return None
    j = i + k + 4
    while j < len(seq):
        it = seq[j]
        if it.kind == "dash" or (it.kind == "punct" and it.low == ","):
            return j + 1
        if it.kind == "punct":
            break
        j += 1
    # No closing mark (lossy text): the clause is still the fallback, never an
    # "или" between abilities; it ends after "не хочет (этого сделать)".
    end = i + k + 4
    if [it.low for it in seq[end:end + 2]] in (["этого", "сделать"], ["этого", "делать"]):
        return end + 2
    # "... не хочет быть перемещен Молотобоец ранит ...": the refused action runs
    # up to the capitalised subject of the next ability, when one follows soon.
    for m in range(1, 5):
        if end + m >= len(seq) or seq[end + m - 1].kind != "word":
            break
        nxt = seq[end + m]
        if nxt.kind == "name" or (nxt.kind == "word" and text[nxt.start:nxt.start + 1].isupper()):
            return end + m
    return end


_SUBJECT_PRONOUNS = ("он", "она", "оно", "они")


def _instruction_at(seq: list[Item], j: int) -> bool:
    return j < len(seq) and seq[j].kind == "word" and morph.is_instruction(seq[j].low) \
        and morph.pos(seq[j].low) in ("INFN", "VERB")


_CLAUSE_OPENERS = frozenset({"где", "а", "пока"})


def _protect_clauses(seq: list[Item]) -> tuple[set[int], set[int]]:
    """Indices inside "где X — ..." clauses, and commas that close a relative or participle clause."""
    inside: set[int] = set()
    closing: set[int] = set()
    for i, it in enumerate(seq):
        # only these words and a comma open anything below (a gerund only at 0): pass the rest
        if it.kind == "word":
            word = it.low
            if i and word not in _CLAUSE_OPENERS:
                continue
        elif it.low == "," and it.kind == "punct":
            word = ""
        else:
            continue
        if word == "где" or (word == "а" and i + 2 < len(seq) and seq[i + 2].kind == "dash"):
            j = i + 1
            while j < len(seq) and not (seq[j].kind == "punct" and seq[j].low == ";") \
                    and not (seq[j].is_word("при") and j + 1 < len(seq) and seq[j + 1].is_word("этом")) \
                    and not seq[j].is_word("затем") \
                    and not (seq[j].low == "," and j + 1 < len(seq) and seq[j + 1].is_word(*_SUBJECT_PRONOUNS)
                             and predicate_at(seq, j + 1) == 2):
                # "где X - число ран, он входит в игру …": a pronoun subject and its verb end the clause
                inside.add(j)
                j += 1
            if j - 1 in inside and seq[j - 1].kind == "punct" and seq[j - 1].low == ",":
                inside.discard(j - 1)     # the comma before "при этом" belongs to it
        if word == "пока" and (i == 0 or seq[i - 1].kind == "dash" or seq[i - 1].low == ";"):
            # "; пока оно летающее и Снирк на поле боя, он может …": the duration of the ability after
            # its comma, whose "и" and closing comma are no connectives
            j = i + 1
            while j < len(seq) and seq[j].kind != "dash" and not (seq[j].kind == "punct" and seq[j].low in ",;.:"):
                j += 1
            if j < len(seq) and seq[j].low == ",":
                inside.update(range(i, j))
                closing.add(j)
        opens_at = None
        if it.kind == "punct" and it.low == "," and i + 1 < len(seq):
            opens_at = i + 1
        elif i == 0 and it.kind == "word" and morph.pos(it.low) == "GRND":
            opens_at = 0      # "Сражаясь {strike} …, может …"; a participle at the start is an attribute
        if opens_at is not None:
            nxt = seq[opens_at]
            relative = relative_within(seq, opens_at, where=True)
            participle = nxt.kind == "word" and morph.is_participle(nxt.low)
            if relative or participle:
                j = opens_at + 1
                while j < len(seq) and not (seq[j].kind == "punct" and seq[j].low in ";:") and seq[j].kind != "dash":
                    if seq[j].kind == "punct" and seq[j].low == ",":
                        if relative and _instruction_at(seq, j + 1):
                            break     # "найдите карту, которая не была показана, покажите её": the next ability
                        if relative or predicate_at(seq, j + 1):
                            closing.add(j)
                            break
                    j += 1
    return inside, closing


_NAMED_TYPES = ("заклинание", "воздействие", "удар", "разряд", "выстрел", "метание", "подлость", "добивание")
_PAIRS = {("при", "этом"): Kind.DEP, ("при", "выполнении"): Kind.DEP}


def candidates(text: str, start: int, end: int, protected: list[tuple[int, int, str]],
               dynamic: bool) -> list[Cand]:
    """Every connective candidate of an effect, in text order, non-overlapping."""

    seq = glued_dashes(text, items(text, start, end, protected))   # lossy «2-ранить», «может-ранить»
    out: list[Cand] = []
    # a case list (one case per line): the line breaks join its cases
    breaks = _line_breaks(text, start, end)
    for bs, be in breaks:
        out.append(Cand(Kind.COMMA, bs, be, STRONG, text[bs:be]))
    if breaks:
        seq = [it for it in seq if not any(bs <= it.start < be for bs, be in breaks)]
        cut = {i for i, it in enumerate(seq) if any(it.end <= bs and (i + 1 == len(seq) or seq[i + 1].start >= be)
                                                    for bs, be in breaks)}
        parts, last = [], 0
        for i in sorted(cut) + [len(seq) - 1]:
            parts.append(seq[last:i + 1])
            last = i + 1
        listing = _receiving_colon(seq) is not None
        for part in parts:
            if _labelled_case(text, part):
                continue          # «{second}: Закройте …, они не открываются …»: one case, one ability
            out.extend(_scan(text, part, dynamic, listing))
        return _options_as_choice(sorted(out, key=lambda c: c.start))
    return _options_as_choice(_scan(text, seq, dynamic))


_RECEIVING = ("получает", "получают", "получить", "имеет", "имеют", "приобретает")


def _receiving_colon(seq: list[Item]) -> int | None:
    """The index of a ":" after a verb of receiving («получает: +1 к {move}, если …; {armor}1, если
    …»), which opens a list of what is received: its «;» join the items as «и», and a ":" inside an
    item («получают: Концентрация: …») is the item's own, not «при этом» (spec §1, lists after a colon)."""
    for i in range(1, len(seq)):
        if seq[i].kind == "punct" and seq[i].low == ":":
            return i if seq[i - 1].is_word(*_RECEIVING) else None
    return None


def _options_as_choice(cands: list[Cand]) -> list[Cand]:
    """After "выберите одно:" the ";" and line breaks separate options: или, not при этом / и.
    After an intro of its own («получить одно из:») the options follow its «при этом» (see _scan)."""
    if not cands:
        return cands          # most effects: one atom, no candidate
    first = 0
    if cands[0].kind is not Kind.OR_START:
        for k in range(len(cands) - 1):
            if cands[k + 1].kind is Kind.LPAR and cands[k].kind is Kind.DEP and cands[k].text.strip() == ":":
                first = k + 1
                break
        else:
            return cands
    if len(cands) <= first or cands[first].kind not in (Kind.OR_START, Kind.LPAR) or not (
            cands[first].text.rstrip().endswith(":") or cands[first].start == cands[first].end):
        return cands
    out = cands[:first + 1]
    for cand in cands[first + 1:]:
        separates = (cand.kind is Kind.DEP and cand.text.strip() == ";") or (
            cand.kind is Kind.COMMA and "\n" in cand.text)
        out.append(Cand(Kind.OR, cand.start, cand.end, cand.strength, cand.text) if separates else cand)
    return out


def _line_breaks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Separators between case lines: end punctuation, the newline and indentation."""
    out = []
    i = start - 1
    while (i := text.find("\n", i + 1, end)) >= 0:   # only the newlines: every other character is passed over
        s = i
        while s > start and text[s - 1] in " \t":
            s -= 1
        if text[s - 1:s] == ":":
            continue                      # "получает:" introduces the cases, it does not join them
        if text[s - 1:s] in ";.":
            s -= 1
        e = i + 1
        while e < end and text[e] in " \t":
            e += 1
        out.append((s, e))
    if text.find("{second}", start, end) >= 0:     # «{first}: А. {second}: Б» on one line: the full
        for m in _ICON_CASE_BREAK.finditer(text, start, end):   # stop joins the cases as a line break would
            out.append((m.start(), m.end()))
        out.sort()
    return out


def _labelled_case(text: str, part: list[Item]) -> bool:
    """A case of a list that opens with an icon label («{first}: …», «{second}: …», spec §1: each
    case is read as an ability of the feature that introduced it). The label belongs to the whole
    case and cannot prefix a compound node, so the case stays one atom: its commas and «и» join
    words (§5), never abilities outside the case."""
    return len(part) > 2 and part[0].kind == "icon" and text[part[0].start:part[0].end] in _CASE_LABELS \
        and part[1].low == ":"


_CASE_LABELS = frozenset({"{first}", "{second}"})
_ICON_CASE_BREAK = re.compile(r"[.;][ \t]+(?=\{(?:first|second)\}\s*:)")


def _opens_options(seq: list[Item], i: int) -> bool:
    """The colon at i ends "одно" / "одно из" / "одно из (…)": a list of options follows."""
    j = i - 1
    if j >= 0 and seq[j].kind == "paren":
        j -= 1
    if j >= 0 and seq[j].is_word("из"):
        j -= 1
    return j >= 0 and seq[j].is_word("одно", "одну", "один")


_CHOOSING = ("выберите", "выбери", "выбрать", "выбирает", "выбираете", "выбирают")


def _only_choosing(seq: list[Item], colon: int) -> bool:
    """The words before the options' colon only say "choose one" («выберите одно:», «одно из:»)."""
    words = [it for it in seq[:colon] if it.kind != "punct"]
    return all(it.is_word("одно", "одну", "один", "из", *_CHOOSING) for it in words)


# the words a connective or pattern below starts with when it is not at a segment's start
_SCAN_WORDS = frozenset({"если", "при", "затем", "иначе", "в", "либо", "или", "и", "а"})
_MOMENT_WORDS = frozenset({"при", "после", "когда", "в"})   # what an in-effect moment opens with


def _scan(text: str, seq: list[Item], dynamic: bool, listing: bool = False) -> list[Cand]:
    """Connective candidates of one run of items; `listing`: the run is an item of a list opened
    by a receiving colon on an earlier line."""
    inside, closing = _protect_clauses(seq)
    colon = _receiving_colon(seq)
    listing = listing or colon is not None
    out: list[Cand] = []
    n = len(seq)
    i = 0
    # one context for every pattern asked: `out` is the same list, grown as candidates are found
    ctx = Context(text, seq, dynamic, out, last_may(seq))

    def span(a: int, b: int) -> tuple[int, int]:
        return seq[a].start, seq[b - 1].end

    def add(kind: Kind, a: int, b: int, strength: int, cond: str = "", chooser: str | None = None) -> None:
        s, e = span(a, b)
        out.append(Cand(kind, s, e, strength, text[s:e], cond, chooser=chooser))

    seg_start = True        # at the start of a segment (effect start or after a connective)
    heading = None          # index where an in-effect moment («при гибели … —») starts, right before i
    headed = False          # an ability's heading («воздействие «x» —») stands right before i
    # «…, каждый закрытый таким образом линунг получает …»: a clause referring back depends on the
    # ability before it; its mark (or its first word, the comma lost) → the clause start (patterns.py)
    back_refs = decision("back-reference-clause")(text, seq)
    while i < n:
        it = seq[i]
        if back_refs and i in back_refs:
            start = back_refs.pop(i)
            if start == i:            # the comma lost: a DEPENDENT before the clause's first word
                out.append(Cand(Kind.DEP, it.start, it.start, VERB, ""))
            else:
                add(Kind.DEP, i, start, VERB)
            i, seg_start, heading, headed = start, True, None, False
            continue
        if i in inside and not (seg_start and it.is_word("пока")):   # «пока …, он может»: while-may
            i += 1
            seg_start = False
            continue
        item_kind = it.kind
        if not seg_start and item_kind != "punct" and item_kind != "dash" \
                and (item_kind != "word" or it.low not in _SCAN_WORDS):
            # no branch below can take an item that is neither a mark nor one of these words
            heading, headed = None, False
            i += 1
            continue
        lead = 1 if it.kind == "punct" and it.low in ",;" else 0
        nxt = seq[i + lead] if i + lead < n else None
        nxt2 = seq[i + lead + 1] if i + lead + 1 < n else None
        nw = nxt.low if nxt is not None and nxt.kind == "word" else ""
        if nw in _SCAN_WORDS:       # a connective word (after a comma or «;» or not)
            # opponent fallback
            if nxt is not None and nxt.is_word("если") and i > 0:
                stop = _opp_extent(text, seq, i + lead)
                if stop is not None and stop < n:
                    who = nxt2.low if nxt2 is not None and nxt2.kind == "word" and nxt2.low != "противник" else None
                    add(Kind.OPP, i, stop, STRONG, chooser=who)
                    i, seg_start = stop, True
                    continue
                refusal = decision("one-verb-refusal")(ctx, i + lead) if lead or seq[i - 1].kind == "punct" else None
                if refusal is not None:
                    # «…, если не хочет — …»: a refusal with one verb by the opponent's side (patterns.py)
                    add(Kind.OPP, i, refusal[0], STRONG, chooser=refusal[1])
                    i, seg_start = refusal[0], True
                    continue
            # при этом / при выполнении (a comma, ";" or dash must stand before)
            if nxt is not None and nxt2 is not None and (nxt.low, nxt2.low) in _PAIRS and nxt.kind == "word":
                before_ok = lead or (i > 0 and seq[i - 1].kind in ("dash", "punct", "paren"))
                # lossy text without the comma: «ранить его на 1 при этом он закрывается» (a predicate
                # follows; «при этом ударе» is a phrase, not the connective)
                bare = not before_ok and i > 0 and i + 2 < n and _after(seq, i + 2) >= 0
                if (before_ok or bare) and i + lead + 2 < n:
                    stop = i + lead + 2
                    # typography after the connective, not a connective of its own (spec §2):
                    # «при этом,», «при этом —», «при этом, —»
                    if stop + 1 < n and seq[stop].kind == "punct" and seq[stop].low == ",":
                        stop += 1
                    if stop + 1 < n and seq[stop].kind == "dash":
                        stop += 1
                    add(Kind.DEP, i, stop, VERB if bare else STRONG)
                    i, seg_start = stop, True
                    continue
            if nxt is not None and nxt.is_word("затем") and i + lead + 1 < n:
                stop = i + lead + 1
                if seq[stop].kind == "punct" and seq[stop].low == "," and stop + 1 < n \
                        and not seq[stop + 1].is_word("затем", "и", "или", "либо", "иначе", "при"):
                    stop += 1         # "затем, если ...": the comma belongs to the connective
                add(Kind.THEN, i, stop, STRONG)
                i, seg_start = stop, True
                continue
            if nxt is not None and (nxt.is_word("иначе") or (
                    nxt.is_word("в") and nxt2 is not None and nxt2.is_word("противном")
                    and i + lead + 2 < n and seq[i + lead + 2].is_word("случае"))):
                stop = i + lead + (1 if nxt.is_word("иначе") else 3)
                if stop < n and seq[stop].kind == "dash":
                    stop += 1
                if stop < n and (i > 0 or lead):
                    add(Kind.ELSE, i, stop, STRONG)
                    i, seg_start = stop, True
                    continue
            if nxt is not None and nxt.is_word("либо", "или", "и", "а") and i > 0 and i + lead + 1 < n:
                kind = {"либо": Kind.EITHER, "или": Kind.OR, "и": Kind.AND, "а": Kind.COMMA}[nxt.low]
                if kind is Kind.COMMA and not lead:
                    kind = None
                if kind is not None:
                    strength = _after(seq, i + lead + 1)
                    if strength < 0 and decision("ability-noun-predicate")(ctx, i, i + lead + 1):
                        strength = VERB       # «выстрел на 2 и разряд на 1»: two abilities (patterns.py)
                    if strength >= 0 and joins_words(ctx, i, i + lead + 1):
                        strength = -1
                    if strength >= 0:
                        add(kind, i, i + lead + 1, strength)
                        if not lead and shared_object(ctx, i, i + 1):
                            # «вызвать или возродить Яйцо дракона»: two verbs sharing an object, one group
                            out[-1] = replace(out[-1], bracket=True)
                        i, seg_start = i + lead + 1, True
                        continue
        if it.kind == "punct" and it.low == ";" and i > 0 and i + 1 < n:
            # a case list (spec §2): «; если У2 — С3» after a case is the next case, joined as «и»;
            # so are the items of a list after «получает:»
            case_list = _after_case(out) and seq[i + 1].is_word("если") and cond_extent(seq, i + 1) is not None
            add(Kind.AND if case_list or (listing and (colon is None or i > colon)) else Kind.DEP, i, i + 1, STRONG)
            i, seg_start = i + 1, True
            continue
        if it.kind == "punct" and it.low == ":" and i + 1 < n and _opens_options(seq, i):
            # "выберите одно: А; Б" opening the effect is the choice itself, like "Или А, или Б";
            # any other intro ("получить одно из (1 раз за бой): А; Б") is an ability of its own
            # that the options depend on, as a colon joins a case list to its opener (spec §2,
            # «Case lists»): «(получить одно из, при этом (А или Б))»
            listed = ";" in text[seq[i].end:seq[-1].end] or "\n" in text[seq[i].end:seq[-1].end]
            if not out and _only_choosing(seq, i):
                add(Kind.OR_START, 0, i + 1, STRONG)
            elif not listed:
                # «получить одно из: "Строй" или +1 к {move}»: no list follows, only words joined by
                # «или»; the intro keeps its words in the one option, as «получает: …» does
                out.append(Cand(Kind.OR_START, seq[0].start, seq[0].start, STRONG, ""))
            else:
                add(Kind.DEP, i, i + 1, STRONG)
                out.append(Cand(Kind.LPAR, seq[i].end, seq[i].end, STRONG, ""))   # closed at the end
            i, seg_start = i + 1, True
            continue
        if listing and it.low == ":":
            i, seg_start = i + 1, False     # «получают: Концентрация: …»: the list's own colons
            continue
        if it.kind == "punct" and (it.low == ":" or (it.low == "." and seq[i + 1:i + 2] and seq[i + 1].is_word("если"))) \
                and i > 0 and i + 1 < n and _after(seq, i + 1, True) >= 0 and seq[i - 1].kind != "icon":
            # «бросьте кубик: если …» and «бросьте кубик. Если …» (the cases kept in the roll's feature)
            add(Kind.DEP, i, i + 1, VERB)
            i, seg_start = i + 1, True
            continue
        head_at = _named_type_before(seq, i, out) if it.kind == "dash" else None
        if head_at is not None and (seq[head_at - 1].end <= out[-1].end if out and head_at else head_at == 0):
            # "; воздействие «вальс» — ...": a type and name right after a connective head the
            # ability; they leave its atom and are listed in `headings` (spec §2, «Headings»); a
            # «может» right after the heading is still an option, and only it opens anything there
            add(Kind.HEADING, head_at, i + 1, STRONG)
            headed, i, seg_start = True, i + 1, True
            continue
        if head_at is not None:
            # words before the heading («- воздействие «x» - может …», «…: Заклинание «x» — …»): no
            # connective stands before it, so its words open the ability's atom, as a moment's do
            heading, i, seg_start = head_at, i + 1, True
            continue
        if it.kind == "dash" and i > 0 and i + 1 < n:
            strength = _after(seq, i + 1, True)
            if strength < 0 and ability_noun_at(seq, i + 1):
                strength = VERB   # "Уничтожить ваше существо - разряд на 4" (505.4.2)
            if strength >= 0:
                add(Kind.DEP, i, i + 1, strength)
                i, seg_start = i + 1, True
                continue
        if it.kind == "punct" and it.low == "," and i > 0 and i + 1 < n and i not in closing:
            if not (nw in RELATIVE and nw != "если"):
                # a comma after a conditional case opens the next case ("если А X, если Б Y");
                # otherwise a trailing ", если ..." without a dash belongs to the ability before it
                strength = _after(seq, i + 1, _in_case(out) or (nw == "если" and decision("dashless-case")(seq, i + 1)))
                if strength < 0 and decision("ability-noun-predicate")(ctx, i, i + 1):
                    strength = VERB       # «Разряд на 1, метание на 1»: two abilities (patterns.py)
                if strength >= 0 and joins_words(ctx, i, i + 1):
                    strength = -1
                if strength >= 0:
                    add(Kind.COMMA, i, i + 1, strength)
                    i, seg_start = i + 1, True
                    continue
        if seg_start and heading is None and item_kind == "word" and it.low in _MOMENT_WORDS:
            moment = moment_extent(seq, i)
            if moment is not None:
                # «; при гибели Бронзового дракона — вернуть …»: the moment and its dash open the
                # ability's atom like a heading (spec §2: no CONDITION without «если»; §5: no
                # connective after words that are not a predicate); «может» after them still opens MAY
                heading, i, seg_start = i, moment + 1, True
                continue
        if seg_start:
            found = segment_start(ctx, i)
            if found is not None and (heading is not None or headed) and found[1].kind is not Kind.MAY:
                found = None          # after a heading or a moment only «может» opens anything
            if found is not None:
                pattern, match = found
                strength = {Kind.COND: MAYBE_COND, Kind.MAY: MAYBE_MAY}.get(match.kind, VERB)
                if heading is not None:
                    # the token spans the heading and «может»; the heading (and a subject) open the atom
                    s0, e0 = span(match.end - 1, match.end)
                    lead_end = seq[(match.subject_end or match.end - 1) - 1].end if match.subject is not None \
                        else seq[i - 1].end
                    out.append(Cand(match.kind, seq[heading].start, e0, strength, text[s0:e0],
                                    lead=(seq[heading].start, lead_end), chooser=match.chooser))
                elif match.subject is not None:
                    # the token spans the phrase and «может» (every character in one token); its
                    # text is «может», and the phrase's words open the next atom's text
                    s0, e0 = span(match.end - 1, match.end)
                    out.append(Cand(match.kind, seq[match.subject].start, e0, strength, text[s0:e0],
                                    lead=(seq[match.subject].start,
                                          seq[(match.subject_end or match.end - 1) - 1].end),
                                    chooser=match.chooser))
                else:
                    add(match.kind, i, match.end, strength, match.cond, match.chooser)
                i, seg_start, heading, headed = match.body, match.opens_segment, None, False
                continue
        seg_start, heading, headed = False, None, False
        i += 1
    return out


def _named_type_before(seq: list[Item], i: int, found: list[Cand]) -> int | None:
    """The index where an ability heading ends by the dash at i starts, or None (spec §2, «Headings
    are not abilities»): a type and name, maybe with a range ("; воздействие «вальс» —",
    "воздействие «украсть личину», дальность 3 —"), or, right after a connective, a type alone
    or a quoted name alone («, при этом заклинание — …», «; "зов крови" — …»). The dash is a
    separator heading the ability, not DEPENDENT."""

    j = i - 1
    if j >= 2 and seq[j].kind == "num" and seq[j - 1].is_word("дальность"):
        j -= 3 if seq[j - 2].low == "," else 2
    if j >= 1 and seq[j].kind == "quote" and seq[j - 1].is_word(*_NAMED_TYPES):
        return j - 1
    if j < 0 or not (seq[j].kind == "quote" or seq[j].is_word(*HEADING_TYPES)):
        return _unquoted_heading(seq, j, found)
    # alone: the heading is all that stands since the last connective (or the effect's start)
    return j if j == 0 or (bool(found) and seq[j - 1].end <= found[-1].end <= seq[j].start) else None


_UNQUOTED_NAME_MAX = 4


def _unquoted_heading(seq: list[Item], j: int, found: list[Cand]) -> int | None:
    """Lossy text without quotes: «; воздействие украсть личину, дальность 3 - может …», «… -
    воздействие кровотечение - ранить …»: right after a connective (or the effect's start), a type
    and at most four words of its name before the dash head the ability, as a quoted name does
    (spec §2, «Headings are not abilities»). The name may hold a verb («украсть личину»), so the
    type must open the segment and no mark stand inside."""
    for t in range(j - 1, max(-1, j - 1 - _UNQUOTED_NAME_MAX), -1):
        if seq[t].kind not in ("word", "num"):
            return None
        if seq[t].is_word(*_NAMED_TYPES):
            opens = all(seq[k].kind in ("dash", "punct") for k in range(t)) if not found \
                else seq[t - 1].end <= found[-1].end <= seq[t].start
            return t if opens else None
    return None


def tokens_for(text: str, start: int, end: int, cands: list[Cand], level: int) -> list[Token]:
    """Tokens of an effect keeping only the candidates allowed at a level."""
    out: list[Token] = []
    if not cands:             # most effects: one atom
        _atom(text, start, end, out)
        return out
    allowed = LEVELS[min(level, len(LEVELS) - 1)]
    chosen = [c for c in cands if c.strength in allowed]
    if any(c.kind is Kind.OR_START for c in chosen) and not any(c.kind is Kind.OR for c in chosen):
        chosen = [c for c in chosen if c.kind is not Kind.OR_START]
    if any(c.kind is Kind.EITHER_START for c in chosen) and not any(c.kind is Kind.EITHER for c in chosen):
        chosen = [c for c in chosen if c.kind is not Kind.EITHER_START]
    pos, lead, close, opened = start, None, False, 0
    for c in chosen:
        before = len(out)
        _atom(text, pos, c.start, out, lead)
        if close:
            close = _close_group(out)
        if c.kind is Kind.LPAR:
            out.append(Token(Kind.LPAR, "", c.start, c.end))   # «получить одно из: А; Б»: the options' group
            pos, opened = c.end, opened + 1
            continue
        if c.kind is Kind.HEADING:
            # the heading leaves the words of the atom it heads (spec §2): a token the reader lists
            # in `headings` and takes out before the grammar; a subject lead still waits for its atom
            out.append(Token(Kind.HEADING, c.text, c.start, c.end))
            pos, lead = c.end, (lead if len(out) == before + 1 else None)
            continue
        if c.bracket and out and out[-1].kind is Kind.ATOM:
            # the two verbs sharing an object are one group: «(вызвать или возродить Яйцо дракона)»
            out.insert(len(out) - 1, Token(Kind.LPAR, "", out[-1].start, out[-1].start))
            close = True
        out.append(Token(c.kind, c.cond if c.kind is Kind.COND else c.text, c.start, c.end, chooser=c.chooser))
        pos, lead = c.end, c.lead
    _atom(text, pos, end, out, lead)
    if close:
        _close_group(out)
    out.extend(Token(Kind.RPAR, "", out[-1].end, out[-1].end) for _ in range(opened))
    return out


def _close_group(out: list[Token]) -> bool:
    """Close a bracketed group after the atom just emitted; False once closed (True: not yet)."""
    if out and out[-1].kind is Kind.ATOM:
        out.append(Token(Kind.RPAR, "", out[-1].end, out[-1].end))
        return False
    return True


def _atom(text: str, s: int, e: int, out: list[Token], lead: tuple[int, int] | None = None) -> None:
    """An ATOM token for text[s:e]; a subject `lead` before the «может» just emitted opens it:
    "ваше существо может получить …" → MAY «может», ATOM «ваше существо получить …»."""
    words = text[s:e]
    trimmed = words.lstrip()          # str.strip() trims exactly the characters isspace() is true of
    s += len(words) - len(trimmed)
    words = trimmed.rstrip()
    e = s + len(words)
    if words and lead is not None:
        out.append(Token(Kind.ATOM, text[lead[0]:lead[1]] + " " + words, s, e))
    elif words:
        out.append(Token(Kind.ATOM, words, s, e))
