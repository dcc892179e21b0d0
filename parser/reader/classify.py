"""Feature kinds and heads (spec section 1): payment, label, trigger, type/name.

The head of a feature is what stands before its effect; finding it tells the
kind. A trigger condition ends at its dash, or, when the dash is missing
(lossy texts, "При гибели ранить ..."), before the first predicate and its
subject (the verb test).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from berserk_judge.parser.reader.annotations import ABILITY_TYPES
from berserk_judge.parser.reader.split import LABEL_ICONS, LABELS, PAYMENT_RUN, word_label_at
from berserk_judge.parser.reader.words import Item, is_predicate, items, nominal, predicate_at, PREPOSITIONS, relative_within
from berserk_judge.parser.reader import morph
from berserk_judge.parser.reader.patterns import PROPERTY_ICONS, answered_if, boundary, decision

Span = tuple[int, int]

_PAYMENT = re.compile(
    r"\s*((?:[XХxх]\s*)?(?:\d+\s*)?\{(?!first\}|second\}|wolf\}|human\})\w+\}(?:\s*(?:[XХxх]\s*)?(?:\d+\s*)?\{\w+\})*"
    r"(?:\s*,\s*(?:[^:«»\"()]|«[^«»:]{1,30}»|\"[^\":]{1,30}\"){1,90}?)?)\s*\)?\s*:")   # «маркера «фуража»:» too
# (a stray «)» before the colon, «{tap}): Добивание на 3», is a typo BJ503 reports: the payment stands)
# an icon payment that holds {tap} or {instant} (never a game icon alone: «{counter} не теряются»),
# then a word of the effect with no «:» between them
_PAYMENT_NO_COLON = re.compile(
    r"\s*((?:[XХxх]\s*)?(?:\d+\s*)?(?:\{(?:counter|token|health)\}\s*)?\{(?:tap|instant)\}"
    r"(?:\s*(?:[XХxх]\s*)?(?:\d+\s*)?\{(?:tap|counter|token|health)\})*)"
    # «{tap}Ж выстрел …»: «:» typed with the Russian layout on is «Ж», glued to the payment
    r"(?:[Жж](?=[ \t]))?[ \t]+(?=[А-ЯЁа-яё])")
_LABELLED_PAYMENT = re.compile(rf"\s*({PAYMENT_RUN})\s*:")
_LIMIT_PAYMENT = re.compile(r"\s*((?:(?:\d+|[XХxх]|один|два|три)\s+раз[а]?|дважды|трижды)\s+за\s+[^:«»()]{1,20}?)\s*:",
                            re.I)
_ACTION_PAYMENT = re.compile(r"\s*([А-ЯЁ][а-яё]+(?:\s+[^:«»\"()—–.;]{1,60}?)?)\s*:")
_LABEL = re.compile(rf"\s*((?:{LABELS})|{LABEL_ICONS})\s*:", re.I)
_TRIGGER = re.compile(r"\s*(При|После|До|Если|Когда|В\s*начале|В\s*конце|Вместо)\b", re.I)
_CLAUSE_HEADS = {"если", "когда"}
_BARE_DEFINITION = re.compile(r"\s*([А-ЯЁ][а-яё]+(?:\s+[а-яё]+){0,2})\s*:\s*(?=(?:если|при|когда|после)\s)")
_DEFINITION = re.compile(r"\s*([«\"“][^«»\"“”:\n]{1,40}[»\"”])\s*:(?!\s*$)")
_WHILE = re.compile(r"\s*Пока\b", re.I)
_TYPE = re.compile(rf"\s*({ABILITY_TYPES})\b", re.I)


@dataclass
class Head:
    """What stands before the effect, with spans into the card text."""

    kind: str = "static"
    payment: Span | None = None
    label: Span | None = None
    condition: Span | None = None
    condition_by_verb_test: bool = False
    condition_separator: str = ""
    ability_type: Span | None = None
    effect_name: Span | None = None
    type_separator: str = ""
    while_condition: Span | None = None
    effect_start: int = 0
    separators: list[Span] = field(default_factory=list)
    missing_colon: int | None = None     # where the «:» after an icon payment should stand
    label_missing_colon: int | None = None   # where the «:» after a label icon should stand


def _skip_ws(text: str, pos: int, end: int) -> int:
    while pos < end and text[pos].isspace():
        pos += 1
    return pos


def find_prefix(text: str, start: int, end: int) -> Head:
    """Payment, keyword label or nothing at the feature start."""
    head = Head(effect_start=start)
    lead = _skip_ws(text, start, end)
    if lead < end and text[lead] in "{0123456789XХxх":
        bare = _PAYMENT_NO_COLON.match(text, start, end)
        if bare is not None and (text.find(":", start, end) < 0 or not _PAYMENT.match(text, start, end)):
            # «{tap} Метание на 1-1-2.»: an icon payment without its «:» is a playable feature with a
            # typo (spec §1, «Not features, not abilities»); BJ304 reports the missing «:»
            head.kind = "playable"
            head.payment = bare.span(1)
            head.missing_colon = bare.end(1)
            head.effect_start = _skip_ws(text, bare.end(), end)
            return head
        label = decision("label-without-colon")(text, start, end) if text[lead] == "{" else None
        if label is not None:
            # «{second} +3 к {health}.»: the label without its «:» (spec §1; BJ306 reports it)
            head.kind = "keyword"
            head.label = label.span(1)
            head.label_missing_colon = label.end(1)
            head.effect_start = _skip_ws(text, label.end(1), end)
            return _labelled_body(text, head, end)
    if text.find(":", start, end) < 0:
        return head      # every label and payment pattern ends with a ":" inside the feature
    definition = _DEFINITION.match(text, start, end)
    if definition is not None:
        # «"Оцепенение": если при {strike} …»: a quoted name before «:» defines a status or effect
        # other features refer to; it labels the feature, and what follows is read as the feature
        rest = find_prefix(text, _skip_ws(text, definition.end(), end), end)
        rest.label = definition.span(1)
        rest.separators.insert(0, (definition.end() - 1, definition.end()))
        return rest
    m = _LABEL.match(text, start, end) or decision("icon-label")(text, start, end)
    found = (m.start(1), m.end(1), m.end()) if m else word_label_at(text, start, end)
    if found:
        head.kind = "keyword"
        head.label = found[:2]
        head.separators.append((found[2] - 1, found[2]))
        head.effect_start = _skip_ws(text, found[2], end)
        return _labelled_body(text, head, end)
    return _payment_head(text, start, end, head)


def _labelled_body(text: str, head: Head, end: int) -> Head:
    """The head of what follows a label: the kind is the body's (spec §1, patterns.py
    «labelled-body»): a payment after the label («Отпор: {tap}: …», «На глубине: {instant}
    {tap} : …», «{human}: {tap} Метание …») makes the feature playable; a trigger opener is found
    by the caller; a plain effect leaves it a keyword feature."""
    pay = _LABELLED_PAYMENT.match(text, head.effect_start, end)
    if pay:
        head.kind = decision("labelled-body")("playable")
        head.payment = pay.span(1)
        head.separators.append((pay.end() - 1, pay.end()))
        head.effect_start = _skip_ws(text, pay.end(), end)
        return head
    if head.effect_start < end and text[head.effect_start] in "{0123456789XХxх":
        bare = _PAYMENT_NO_COLON.match(text, head.effect_start, end)
        if bare is not None:          # «{human}: {tap} Метание на 1»: a payment without its «:» (BJ304)
            head.kind = decision("labelled-body")("playable")
            head.payment = bare.span(1)
            head.missing_colon = bare.end(1)
            head.effect_start = _skip_ws(text, bare.end(), end)
    return head


def _payment_head(text: str, start: int, end: int, head: Head) -> Head:
    """A payment (icons, a limit or an action before «:») or a lossy name label."""
    bare = _BARE_DEFINITION.match(text, start, end)
    if bare is not None and not any(is_predicate(it) for it in items(text, *bare.span(1), [])):
        # lossy «Оцепенение: если при {strike} …» (no quotes): a name, then a trigger opener
        rest = find_prefix(text, _skip_ws(text, bare.end(), end), end)
        rest.label = bare.span(1)
        rest.separators.insert(0, (bare.end() - 1, bare.end()))
        return rest
    for pattern in (_PAYMENT, _LIMIT_PAYMENT, _ACTION_PAYMENT):
        m = pattern.match(text, start, end)
        if not m:
            continue
        if pattern is _PAYMENT and _property_icons_only(m.group(1)):
            break          # «{ova}: 2 если …», «{regen}: 2, пока …»: a property and its value, static
        if pattern is _ACTION_PAYMENT:
            first = m.group(1).split()[0]
            if morph.pos(first) != "INFN":
                continue
        head.kind = "playable"
        head.payment = m.span(1)
        head.separators.append((m.end() - 1, m.end()))
        head.effect_start = _skip_ws(text, m.end(), end)
        return head
    return head


# icons of a card's properties, each printed with its value («{ova} 2», «{regen} 1», «{armor}1»): what a
# card has, never what a player pays (spec §1: a payment is a run of {tap}, {counter}, {instant},
# {token}, counts and an action cost); a «:» after one alone is a stray mark before its value
_PROPERTY_ICONS = PROPERTY_ICONS
_ICON_NAME = re.compile(r"\{(\w+)\}")


def _property_icons_only(payment: str) -> bool:
    """The icon run before «:» holds property icons only («{ova}», «{regen}»): not a payment."""
    run = payment.split(",", 1)[0]
    names = _ICON_NAME.findall(run)
    return bool(names) and all(name in _PROPERTY_ICONS for name in names)


def _subclause_end(seq: list[Item], j: int) -> int:
    """Skip an "если/когда/который ..." clause inside a condition up to its comma or dash."""
    while j < len(seq) and not (seq[j].kind == "punct" and seq[j].low in ",;") and seq[j].kind != "dash":
        j += 1
    return j


def _agrees(word: Item, verb: Item) -> bool:
    """A subject word agrees in number with a finite verb (when both show it)."""
    if word.kind == "name":
        return True
    vnum = {n for p in morph.parses(verb.low)[:2] for n in ("sing", "plur") if n in p.tag}
    if not vnum:
        return True
    wnum = {n for p in morph.parses(word.low) if "nomn" in p.tag for n in ("sing", "plur") if n in p.tag}
    return not wnum or bool(vnum & wnum)


def _ability_start(seq: list[Item], j: int) -> bool:
    """An ability noun opening the effect: "выстрел на 2", "особый удар на 2", "X разрядов"."""
    it = seq[j]
    if morph.ability_noun(it.low):
        # "жетона инкарнации": a genitive after a noun modifies it, it opens no ability
        return j > 1 and not (seq[j - 1].kind == "word" and morph.pos(seq[j - 1].low) == "NOUN"
                              and any("gent" in p.tag and "sing" in p.tag for p in morph.parses(it.low)))
    return (morph.ability_adjective(it.low) and j + 1 < len(seq) and seq[j + 1].kind == "word"
            and morph.normalize(seq[j + 1].low) in ("удар", "удара"))


def _finite_subclause_verb(seq: list[Item], j: int) -> bool:
    """A finite verb of an unclosed "если ..." clause, not a modal before an infinitive."""
    word = seq[j].low
    if morph.pos(word) in ("INFN",) or "impr" in str(morph.parses(word)[0].tag if morph.parses(word) else ""):
        return False
    if word in ("может", "могут", "можете") and j + 1 < len(seq) and is_predicate(seq[j + 1]):
        return False
    if seq[j - 1].is_word("вы", "он", "она", "оно", "они") and j >= 4 and not seq[j - 2].is_word("если", "когда"):
        return False      # "если … стихии вы получаете", "если Небесный патруль летающий он бросает"
    return True


def find_condition(text: str, start: int, end: int, protected, clause: bool | None = None):
    """(condition span, effect start, by_verb_test, separator span) or None."""
    seq = items(text, start, end, protected)
    if not seq:
        return None
    if "-" in text[start:end]:
        seq = glued_dash(text, seq)
    if seq[0].kind == "word" and seq[0].low not in _OPENER_WORDS:
        typo = decision("misspelt-opener")(text, start, end)
        if typo is not None:          # «Когла …», «Пори атаке»: read as the opener (patterns.py)
            seq[0] = seq[0]._replace(low=typo[2])
    found = condition_in(seq, clause)
    if found is None:
        return None
    cond_end, body, by_verb, sep = found
    sep_span = (seq[sep[0]].start, seq[sep[1] - 1].end) if sep else None
    return (seq[0].start, seq[cond_end - 1].end), seq[body].start, by_verb, sep_span


def _unquoted_type_at(seq: list[Item], j: int) -> bool:
    """Lossy «… хода воздействие нестерпимый жар - ранить …»: «заклинание»/«воздействие» after the
    condition's words, then at most four words of an unquoted name and a dash, heads the effect
    (116.1), so the condition ends before it, as before a quoted name."""
    if j < 2:
        return False
    it = seq[j]
    if len(it.low) >= 14 and boundary("glued-heading", seq, j):
        return True           # «… противника воздействиепеснь сирены …» (patterns.py)
    if it.kind != "word" or it.low not in HEADING_TYPES:
        return False
    return _name_dash(seq[j + 1:]) is not None


_GLUED_RIGHT = frozenset({"NPRO", "ADJF", "PRTF", "INFN", "VERB", "ADJS", "PRTS", "NUMR", "ADVB", "PRCL"})
_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")


def glued_dash(text: str, seq: list[Item]) -> list[Item]:
    """Lossy text with the condition's dash typed as a bare hyphen between two words («При гибели
    существа с проклятием-существо получает …», «В начале вашего хода-ваше существо …», «При
    ближней атаке по Ферросу-особый удар …»): when the sentence has no dash, the first hyphenated
    word that is no dictionary word and no compound is split into word, dash, word (spec §1: «-» in
    lossy text is the condition's dash). A compound keeps its hyphen: two nouns agreeing in case
    («герой-воин», «стрела-вампир», «Дракона-зомби»), a known word («северо-запад»)."""
    for k, it in enumerate(seq):
        if it.kind == "dash" or (it.kind == "punct" and it.low in ";.:"):
            return seq
        if it.kind not in ("word", "num") or it.low.count("-") != 1 or k == 0:
            continue
        left, right = it.low.split("-")
        if (it.kind == "num" or left in _X) and (_glued_in_effect(text, it) or right == "вместо"):
            pass              # «… стоимостью 5-возродить …», «… на Х-вместо этого …»: a number, then the effect
        elif it.kind != "word" or len(left) < 3 or (len(right) < 3 and right not in _SHORT_SUBJECTS) \
                or not (left.isalpha() and right.isalpha()) or morph.is_known(it.low) or morph.is_known(left + right):
            continue          # «маги-ческой», «противни-ка»: a hyphenation leftover, not a dash
        if _glued(left, right, text[it.start + len(left) + 1].isupper(), text[it.start].isupper()) \
                or _glued_in_effect(text, it) or (left in _X and right == "вместо"):
            h = it.start + len(left)
            return seq[:k] + [Item(it.start, h, "num" if left.isdigit() else "word", left), Item(h, h + 1, "dash", "-"),
                              Item(h + 1, it.end, "word", right)] + seq[k + 1:]
    return seq


_SHORT_SUBJECTS = frozenset({"он", "она", "оно", "они", "вы"})


def _glued(left: str, right: str, capital: bool, name: bool) -> bool:
    """Whether «left-right» is a condition's end and the effect's first word; `capital`: the right
    half is capitalised, `name`: the left one is (a card's name, «Ферросу-особый удар»)."""
    if right in _SHORT_SUBJECTS:
        return True            # «… по Древнему огру-он получает …»: no compound ends in a pronoun
    lp, rp = morph.parses(left), morph.parses(right)
    if name:                   # «Ферросу-особый удар»; never «Тролль-Воин», «Тоа-Дан»
        return not capital and morph.is_known(right) and bool(rp) and rp[0].tag.POS in _GLUED_RIGHT
    if not morph.is_known(left) or not lp or lp[0].tag.POS != "NOUN":
        return False
    if capital:
        return True            # «… существа-Алтея может …»: a name opens the effect
    if not rp or not morph.is_known(right):
        return False
    if rp[0].tag.POS in _GLUED_RIGHT:
        return True
    if rp[0].tag.POS != "NOUN" or "Fixd" in rp[0].tag:
        return False
    # «проклятием-существо», «атаки-прыжок», «гибели-клетка»: a subject in the nominative after a
    # noun that shares no case and number with it (a compound's halves do: «герой-воин», «гром-топора»)
    left_forms = {(c, p.tag.number) for p in lp if p.tag.POS == "NOUN" for c in _CASES if c in p.tag}
    right_forms = {(c, p.tag.number) for p in rp if p.tag.POS == "NOUN" for c in _CASES if c in p.tag}
    return any(c == "nomn" for c, _ in right_forms) and not (left_forms & right_forms)


def glued_dashes(text: str, seq: list[Item]) -> list[Item]:
    """Inside an effect, a DEPENDENT or a case's dash typed as a bare hyphen before a verb (an
    infinitive, an imperative, a finite form) or a subject pronoun («если выпало 1 или 2-ранить …»,
    «если не может-получает …», «… перемещено-оно не открывается …»): split into word, dash, word
    (spec §1: «-» in lossy text is a dash). No compound ends in a verb or in «он/она/оно/они», and
    a number range («1-2-2») or a minus («Х-2») is kept."""
    if not seq or text.find("-", seq[0].start, seq[-1].end) < 0:
        return seq            # no hyphen in these items (the card's text may have one elsewhere)
    out: list[Item] = []
    for it in seq:
        if it.kind in ("word", "num") and it.low.count("-") == 1 and _glued_in_effect(text, it):
            h = it.start + it.low.index("-")
            left = it.low[:h - it.start]
            out += [Item(it.start, h, "num" if left.isdigit() else "word", left), Item(h, h + 1, "dash", "-"),
                    Item(h + 1, it.end, "word", it.low[h + 1 - it.start:])]
        else:
            out.append(it)
    return out


def _glued_in_effect(text: str, it: Item) -> bool:
    left, right = it.low.split("-")
    if not left or len(right) < 2 or not right.isalpha() or not (left.isalpha() or left.isdigit()):
        return False
    if left in _X:            # «на Х-оно не закрывается», «величиной Х-воздействие …»
        return right in _SHORT_SUBJECTS or right in HEADING_TYPES
    if left.isalpha() and (len(left) < 2 or morph.is_known(it.low) or morph.is_known(left + right)):
        return False
    if text[it.start + len(left) + 1].isupper():
        # «… не хочет быть перемещен-Молотобоец ранит …», «этого делать-Тови получает …»: no
        # compound opens with a verb form; a name after one opens the next ability
        return left.isalpha() and morph.is_known(left) and morph.pos(left) in ("INFN", "VERB", "PRTS")
    if left in ("может", "могут", "можете") and morph.pos(right) == "INFN":
        return False          # «может-получить»: a space typed as a hyphen, the modal and its verb
    if right in _GLUED_SUBJECT_OPENERS:
        return True           # «если это нежить-ваши демоны …»: no compound ends in «ваши», «эта»
    if left.isdigit() and len(right) >= 3 and right not in _ORDINAL_ENDINGS and morph.is_known(right) \
            and morph.pos(right) in ("PRTF", "ADJF", "NPRO"):
        return True           # «если выпало 5 или 6-стоящее рядом существо …», «6-эта атака …»
    return right in _SHORT_SUBJECTS or (morph.is_known(right) and morph.pos(right) in ("INFN", "VERB"))


# a subject's first word that no compound ends in («нежить-ваши», «6-эта», «разряде-атакованный»)
_GLUED_SUBJECT_OPENERS = frozenset({"ваш", "ваша", "ваше", "ваши", "эта", "этот", "эти", "каждое", "каждый", "каждая",
                                "атакованный", "атакованная", "атакованное"})
_X = frozenset({"x", "х"})    # the rules' Х, Latin or Cyrillic: «Х-2» is a minus, «Х-оно» a dash
# «3-его», «1-ого», «2-ому»: an ordinal's ending after its digits, not a dash
_ORDINAL_ENDINGS = frozenset({"его", "ого", "ему", "ому", "ыми", "ими", "ая", "ое", "ой", "ую", "ый", "ий"})


def _second_person(item: Item) -> bool:
    """An infinitive or a 2nd-person/imperative verb: an instruction, never a condition's predicate."""
    return _second_person_word(item.low)


@lru_cache(maxsize=65536)   # asked of every word before a condition's dash
def _second_person_word(word: str) -> bool:
    if morph.pos(word) == "INFN":
        return True
    found = morph.parses(word)
    return bool(found) and found[0].tag.POS == "VERB" and ("2per" in found[0].tag or "impr" in found[0].tag)


def condition_in(seq: list[Item], clause: bool | None = None, verbless: bool = False):
    """Where a condition opening seq ends: (end index, effect start index, by_verb_test,
    (separator start, separator end) indices or None), or None.

    With `verbless`, a clause without a predicate of its own ("если это нежить ваши демоны
    получают ...") ends before the subject of the first finite predicate.
    """
    comma_clause = _comma_clause_opener(seq)
    if clause is None:
        clause = seq[0].low in _CLAUSE_HEADS or comma_clause or [it.low for it in seq[:3]] in (
            ["после", "того", "как"], ["до", "того", "как"])
        dash = _dash_end(seq)
        if dash is not None:
            case = _first_case(seq, dash)
            if case is None:
                case = answered_if(seq, dash)     # «…, если У — С1, иначе — С2» (patterns.py)
            if case is not None:
                return case, case + 1, False, (case, case + 1)
            return dash, dash + 1, False, (dash, dash + 1)
    fixed = _fixed_time_condition(seq)
    if fixed is not None:
        return fixed, fixed, True, None
    saw_pred = False
    sub_pred_allowed = False
    nominal_clause = False
    verbless_end = None
    dash_ahead = False
    for k, it in enumerate(seq):
        if it.kind == "punct" and it.low == ";":
            break
        if it.kind == "dash" and not boundary("connective-dash", seq, k):
            dash_ahead = True     # «…, при этом — …» is the connective's dash, not one ahead of the effect
            break
    j = 4 if comma_clause else 1 if not seq[0].is_word("в") else 2
    while j < len(seq):
        it = seq[j]
        if it.kind == "punct" and it.low in ";.":
            break
        if it.kind == "dash" or (it.kind == "punct" and it.low == ":" and j + 1 < len(seq)):
            if j + 1 >= len(seq):
                return None
            return j, j + 1, False, (j, j + 1)
        if it.kind == "punct" and it.low == ",":
            subject = decision("participle-subject")(seq, j) if not dash_ahead and j + 1 < len(seq) else None
            if subject is not None:
                return subject, subject, True, None   # «… ваше существо, обладающее {zoo}, получает …»
            if j + 1 < len(seq) and seq[j + 1].is_word("то") and predicate_at(seq, j + 2):
                return j, j + 2, False, (j, j + 2)
            if j + 2 < len(seq) and seq[j + 1].is_word("чтобы") and morph.pos(seq[j + 2].low) == "INFN":
                j += 3         # "Когда закрывается, чтобы переместить …": the purpose is the condition's
                continue
            if j + 1 < len(seq) and (seq[j + 1].is_word("если", "когда") or relative_within(seq, j + 1)):
                sub_end = _subclause_end(seq, j + 2)
                closed = sub_end < len(seq) and seq[sub_end].low == "," and predicate_at(seq, sub_end + 1)
                if seq[j + 1].is_word("если", "когда") and not closed:
                    # "При …, если … <effect>" without a dash or a closing comma: the clause's own
                    # finite verb is skipped, the next predicate (with its subject) opens the effect
                    j, sub_pred_allowed = j + 2, True
                    if j < len(seq) and seq[j].is_word("это"):
                        # «, если это третий рывок ваших карт за ход Командир … открывается»: «это» is the
                        # clause's copula, it has no verb of its own; its nouns open no ability either
                        sub_pred_allowed, nominal_clause = False, True
                elif sub_end < len(seq) and seq[sub_end].low != ";":
                    j = sub_end
                else:
                    j, sub_pred_allowed = j + 2, True   # no comma closes it: its own verb is skipped
                continue
            if not dash_ahead and boundary("ability-noun-after-comma", seq, j) and j > 1:
                return j, j + 1, False, (j, j + 1)     # «…если открыт, выстрел на 1 …» (patterns.py)
            if (saw_pred or not clause or predicate_at(seq, j + 1) == 2 or seq[0].is_word("пока")) \
                    and predicate_at(seq, j + 1) and not (
                    j + 1 < len(seq) and seq[j + 1].kind == "word" and morph.pos(seq[j + 1].low) in {"PRTF", "GRND"}):
                return j, j + 1, False, (j, j + 1)
            j += 1
            continue
        if it.kind == "word" and j > 1 and ((j + 1 < len(seq) and seq[j + 1].kind == "quote"
                                             and _TYPE.fullmatch(it.low)) or _unquoted_type_at(seq, j)):
            # "В начале хода воздействие «x» — ...": the ability type ends the condition (115)
            return j, j, False, None
        if it.is_word("где"):
            # "где X — ...": its dash belongs to the clause, not to the condition
            k = j + 1
            while k < len(seq) and seq[k].kind != "dash" and not (seq[k].kind == "punct" and seq[k].low in ",;"):
                k += 1
            j = k + 1 if k < len(seq) and seq[k].kind == "dash" else k
            continue
        if (boundary("bare-clause", seq, j) and not saw_pred and not clause) or (
                it.is_word("если") and saw_pred and j + 1 < len(seq) and seq[j - 1].kind != "punct"):
            # «Когда … нападает {strike} если оно уже нападало {strike} в этот ход открыться»: a bare
            # «если» (no comma) inside the condition; its own finite verb is skipped, as after «, если»
            sub_pred_allowed = True
            j += 1
            continue
        if it.is_word("нет", "есть") and (clause or j > 1):
            saw_pred = True            # "есть" here is "there is", never "to eat"
            sub_pred_allowed = False
            j += 1
            continue
        if it.kind == "word" and (clause is False or saw_pred) and not dash_ahead and not sub_pred_allowed \
                and not nominal_clause and _ability_start(seq, j) \
                and not (seq[j - 1].kind == "punct" or seq[j - 1].is_word("и", "или")) \
                and not _takes_phrase(seq[j - 1], it):      # "если карта имеет пророчество разряд на 1"
            k = j
            if k - 1 > 0 and (seq[k - 1].kind == "num" or seq[k - 1].low in ("x", "х")):
                k -= 1
            while k - 1 > 1 and k > j - 2 and seq[k - 1].is_word("следующий", "следующая", "следующее", "первый",
                                                               "первая", "первое"):
                k -= 1         # "… следующий магический удар Финириарха сводится …": the phrase opens the effect
            return k, k, True, None
        if is_predicate(it) or it.is_word("может", "могут", "можете"):
            if sub_pred_allowed and _finite_subclause_verb(seq, j):
                sub_pred_allowed = False
                j += 1
                continue
            modal = _governs_infinitive(it) and j + 1 < len(seq) and is_predicate(seq[j + 1]) \
                and (it.low in morph.MODALS or morph.pos(seq[j + 1].low) == "INFN")
            if clause and not saw_pred:
                if j > 1 and _second_person(it) and not seq[j - 1].is_word("вы", "не", "можно", "нельзя", "нужно",
                                                                            "хочет", "хотят") \
                        and not _governs_infinitive(seq[j - 1]):
                    return j, j, True, None     # "если обе карты {elite} ранить ...": the instruction opens the effect
                if verbless and verbless_end is None and not modal:
                    stop = _subject_start(seq, j)
                    if 2 <= stop < j:
                        verbless_end = (stop, stop, True, None)
                saw_pred = True
                j += 2 if modal else 1
                if modal and seq[j - 1].is_word("быть") and j < len(seq) and seq[j].kind == "word" \
                        and morph.pos(seq[j].low) in ("PRTS", "ADJS"):
                    j += 1     # "Если … не может быть помещена …": the passive belongs to the modal
                continue
            stop = _subject_start(seq, j)
            if 1 <= stop - 1 and stop < j and _takes_phrase(seq[stop - 1], seq[stop]) \
                    and not (stop + 1 == j and seq[stop].is_word(*_ALWAYS_SUBJECTS)) \
                    and not seq[stop].low.startswith("кажд"):      # «каждое …»: the effect's subject
                # "если выпало четное число атака ...", "Когда получает проклятие теряет ...": the first
                # noun phrase after the condition's own predicate is its subject or object
                stop += 1
                while stop < j and seq[stop - 1].kind == "word" and morph.pos(seq[stop - 1].low) in {"ADJF", "PRTF", "NUMR"}:
                    stop += 1
            if 2 <= stop < j and seq[stop - 1].is_word("или", "и"):
                if clause and saw_pred and not nominal(seq[stop]):
                    j += 1     # "Если … нападает и не наносит ран …": a second predicate of the condition
                    continue
                stop = j       # "есть река или болото может …": the noun joins the condition's phrase
            if stop == j and clause and saw_pred and seq[j - 1].is_word("или", "и") and not modal \
                    and it.low not in ("может", "могут", "можете") and morph.is_finite(it.low) \
                    and not _second_person(it):
                j += 1         # "Когда … инкарнирует или возрождается, если …": the condition's second verb
                continue
            if 2 <= stop < j and seq[stop - 1].is_word("если", "когда"):
                stop = j       # "…, если летающий может …": a predicative word is the clause's, not a subject
            while 2 <= stop - 1 and stop == j and morph.pos(it.low) == "INFN" and _effect_adverb(seq, stop - 1):
                stop -= 1      # "Вместо гибели полностью излечиться": the adverb is the effect's
            if stop >= 3 and seq[stop - 2].is_word("вместо") and seq[stop - 1].is_word("этого"):
                stop -= 2      # "вместо этого Танаби может …": the effect's own adverb
                if stop >= 2 and seq[stop - 1].is_word("он", "она", "оно", "они"):
                    stop -= 1  # "… оно вместо этого излечивается"
            elif 3 <= stop < j and seq[stop - 1].is_word("его", "ее", "их") and not is_predicate(seq[stop - 2]):
                stop -= 1      # "… не наносит ран его следующий бросок …": a possessive opens the subject
            return stop, stop, True, None
        j += 1
    return verbless_end


_TIME_MODIFIERS = {"вашего", "своего", "следующего", "этого", "каждого", "первого", "его", "ее", "её"}


def _comma_clause_opener(seq: list[Item]) -> bool:
    """«После того, как …» / «До того, как …»: the comma belongs to the conjunction, and the
    clause with its verb is one condition (BJ202 must not end it at the comma)."""
    return len(seq) > 4 and seq[0].is_word("после", "до") and seq[1].is_word("того") \
        and seq[2].low == "," and seq[3].is_word("как")


def _fixed_time_condition(seq: list[Item]) -> int | None:
    """«В начале вашего хода стоящее рядом ваше существо … может …» (no dash): a time condition
    has a fixed shape — «В начале/В конце» [modifier] «хода/боя» [«противника»] — and ends there
    when a word, not a comma or a dash, follows it."""
    if len(seq) >= 3 and seq[0].is_word("вначале", "вконце"):
        j = 1            # lossy «Вначале вашего хода»
    elif len(seq) < 4 or not (seq[0].is_word("в") and seq[1].is_word("начале", "конце")):
        return None
    else:
        j = 2
    while j < len(seq) and seq[j].is_word(*_TIME_MODIFIERS) and j < 4 and j < len(seq) - 1:
        j += 1
    if j >= len(seq) or not seq[j].is_word("хода", "боя"):
        return None
    j += 1
    if j < len(seq) and seq[j].is_word("противника"):
        j += 1
    if j + 1 < len(seq) and seq[j].kind in ("word", "name") and not seq[j].is_word("и", "или", "если", "когда"):
        return j
    return None


def _first_case(seq: list[Item], dash: int) -> int | None:
    """"Когда ваш герой покидает зону битвы, если это герой-воин — …, если герой-маг — …": the
    first dash ends a case of a list, not the condition; the condition ends at the comma before
    the first «если» (index of that comma), when another «, если … —» case follows the dash."""
    comma = next((k for k in range(dash - 1, 1, -1)
                  if seq[k].low == "," and seq[k + 1].is_word("если")), None)
    if comma is None:
        return None
    for k in range(dash + 1, len(seq) - 1):
        if seq[k].kind == "punct" and seq[k].low == ";" and seq[k + 1].is_word("если"):
            # «…, если это герой-воин — …; если герой-маг — …»: a case list may use «;» (spec §2)
            return comma if any(it.kind == "dash" for it in seq[k + 2:]) else None
        if seq[k].kind == "punct" and seq[k].low in ";.":
            return None
        if seq[k].low == "," and seq[k + 1].is_word("если") and not _after_connective(seq, k):
            return comma if any(it.kind == "dash" for it in seq[k + 2:]) else None
    return None


def _after_connective(seq: list[Item], k: int) -> bool:
    """The comma at k is typography after a connective («при этом, если …», «затем, если …»):
    what follows is a case inside the effect, not the next case of a list (spec §2)."""
    return seq[k - 1].is_word("затем", "иначе") or (
        k >= 2 and seq[k - 2].is_word("при") and seq[k - 1].is_word("этом", "выполнении"))


def _dash_end(seq: list[Item]) -> int | None:
    """The dash that ends a trigger condition (spec section 1), or None.

    The first dash of the sentence wins over any verb, «чтобы»/«как» clause or «или» before it
    ("Когда закрывается, чтобы переместить боевую машину — …"), an instruction included (§1's
    letter: «После расстановки карт вскройте Следопыта — …» has that whole condition; only
    without a dash does the verb test end it at the instruction), unless the effect has visibly
    begun before it: a ":" / ";" / "." ("При прыжке бросьте кубик: если выпало 1 — …", a case
    list after an instruction, §1) or an optional «может» ("При {strike} может излечиться …,
    если … — …")."""
    for j in range(1, len(seq)):
        it = seq[j]
        if it.kind == "punct" and it.low in ";.:":
            return None
        if it.kind == "dash":
            if any(seq[k].is_word("где") for k in range(max(1, j - 3), j)):
                continue                  # "где X — …" inside the condition
            if it.low == "-" and j + 1 < len(seq) and seq[j + 1].start == it.end \
                    and (seq[j + 1].kind == "num" or seq[j + 1].low in ("x", "х")):
                continue                  # a minus sign: "получает -1 к {strike}"
            if boundary("connective-dash", seq, j):
                return None               # «…, при этом — …»: the connective's dash (patterns.py)
            return j if j > 1 and j + 1 < len(seq) else None
        if it.kind != "word":
            continue
        if j + 1 < len(seq) and seq[j + 1].kind == "quote" and _TYPE.fullmatch(it.low):
            return None                   # "В начале хода воздействие «x» — …": the type ends it
        if _unquoted_type_at(seq, j):
            return None                   # lossy "В начале хода воздействие нестерпимый жар - …"
        if it.low in ("может", "могут", "можете") and not seq[j - 1].is_word("не") \
                and not nominal(seq[j - 1]) and predicate_at(seq, j + 1):
            return None                   # "При {strike} может излечиться …, если … — …": the effect began
    return None


def _governs_infinitive(item: Item) -> bool:
    """A modal («должен», «может») or a short adjective («недостаточна», «готов», «способно»): the
    infinitive after it is its own, not an instruction opening the effect («Если сила героя
    недостаточна использовать артефакт — …»)."""
    return item.kind == "word" and (item.low in morph.MODALS or (
        item.low.startswith(_INFINITIVE_ADJECTIVES) and morph.pos(item.low) == "ADJS"))


# short adjectives that take an infinitive («готово атаковать»), unlike a state («закрыто»)
_INFINITIVE_ADJECTIVES = ("готов", "способ", "обязан", "вынужден", "должн", "недостаточн", "достаточн",
                          "волен", "вольн", "рад", "намерен", "склонн")


def _effect_adverb(seq: list[Item], k: int) -> bool:
    """"полностью" before an infinitive: the effect's adverb, not the condition's last word
    (never a comparison "4 или менее", a place "рядом" or a short form "открыто")."""
    it = seq[k]
    if it.kind != "word" or it.low in ("рядом", "напротив", "менее", "более", "больше", "меньше"):
        return False
    found = morph.parses(it.low)
    return bool(found) and found[0].tag.POS == "ADVB" and not any(p.tag.POS in ("PRTS", "ADJS") for p in found)


def _takes_phrase(verb: Item, word: Item) -> bool:
    """The noun phrase starting with `word` right after a condition's predicate belongs to it:
    its object ("получает проклятие"), or its subject after it ("выпало четное число",
    "показан компаньон", "есть артефакт"); never a pronoun or a name, which start a new subject."""
    if word.kind != "word" or morph.pos(word.low) == "NPRO" or word.low in ("вы", "это"):
        return False
    if verb.is_word("есть", "нет"):
        return True
    if not is_predicate(verb):
        return False
    vtag = morph.parses(verb.low)[0].tag
    wparses = morph.parses(word.low)
    if "tran" in vtag and vtag.POS in ("VERB", "INFN"):
        return any("accs" in p.tag for p in wparses)
    if "past" in vtag or vtag.POS == "PRTS":
        for p in wparses:
            if "nomn" in p.tag and all(g not in vtag or g in p.tag for g in ("masc", "femn", "neut", "plur")):
                return True
    return False


def subject_start(seq: list[Item], j: int) -> int:
    """Where the predicate at seq[j] starts, its subject included (the verb test)."""
    return _subject_start(seq, j)


def _subject_start(seq: list[Item], j: int) -> int:
    """Where the predicate at seq[j] starts, its subject included (the verb test)."""
    stop = _subject_walk(seq, j, False)
    if stop < j:
        return stop
    found = _subject_walk(seq, j, True)
    if found < stop and (not is_predicate(seq[found - 1]) or seq[found].low.startswith("кажд")):
        # never the condition's own object or subject: "Когда уничтожает существо противника"; but a
        # phrase opened by «каждый» is the effect's subject: «Когда открывается каждое … существо может …»
        return found
    return stop


def _genitive_head(seq: list[Item], k: int, verb: Item) -> int:
    """"существо противника (по его выбору) обязано": the index of a subject noun before a
    genitive modifier and/or a parenthesis that end right before the predicate, or k.

    The noun must be nominative only (never genitive: "хода противника", "поля боя") and agree
    with the predicate; the modifiers must not be a nominative agreeing with it."""
    p = k
    while p - 1 > 0 and k - p < 3 and (seq[p - 1].kind == "paren" or _genitive_only(seq[p - 1], verb)):
        p -= 1
    if p == k or p - 1 <= 0 or all(seq[q].kind == "paren" for q in range(p, k)):
        return k
    noun = seq[p - 1]
    if noun.kind != "word" or noun.low in PREPOSITIONS:
        return k
    found = morph.parses(noun.low)
    vtag = morph.parses(verb.low)[0].tag if morph.parses(verb.low) else None
    nomn = [f for f in found if f.tag.POS == "NOUN" and "nomn" in f.tag]
    if not nomn or any("gent" in f.tag for f in found) or vtag is None:
        return k
    if not any(all(g not in vtag or g in f.tag for g in ("sing", "plur", "masc", "femn", "neut")) for f in nomn):
        return k
    return p - 1


def _genitive_only(item: Item, verb: Item) -> bool:
    """A genitive modifier: "противника", "его", "карты" before a singular verb, a genitive name."""
    if item.kind == "name":
        first = item.low.split()[0] if item.low.split() else ""
        return bool(first) and not morph.can_be_nominative(first.split("-")[0]) \
            and any("gent" in f.tag for f in morph.parses(first.split("-")[0]))
    if item.kind != "word" or item.low in PREPOSITIONS or is_predicate(item):
        return False
    if item.low in ("его", "ее", "их"):
        return True      # an indeclinable possessive: "атака его карты"
    found = morph.parses(item.low)
    if not any("gent" in f.tag and f.tag.POS in ("NOUN", "NPRO", "ADJF") for f in found):
        return False
    return not nominal(item) or not _agrees(item, verb)


def _after_object(seq: list[Item], start: int, k: int, verb: Item) -> int:
    """Where a subject starts after the object of a preposition (nominals seq[start:k]), or k:
    the object is its adjectives and one noun (or name); what follows must agree with the verb
    and open with an adjective, a participle or a determiner (never the object's own apposition)."""
    j = start
    while j < k and seq[j].kind == "word" and morph.pos(seq[j].low) in ("ADJF", "PRTF", "NUMR"):
        j += 1
    j += 1           # the object's noun
    if j < k and seq[j - 1].is_word("ход", "бой") and seq[j].kind in ("word", "name") and nominal(seq[j]) \
            and _agrees(seq[j], verb):
        return j     # «… за ход Командир Туллена открывается»: after a time phrase any subject may open
    if j >= k or seq[j].kind != "word" or morph.pos(seq[j].low) not in ("ADJF", "PRTF") \
            or not nominal(seq[j]) or not _agrees(seq[j], verb):
        return k
    return j


_TIME_PHRASES = (("до", "конца", "хода"), ("до", "конца", "боя"), ("в", "этот", "ход"),
                 ("до", "конца", "вашего", "хода"), ("до", "конца", "хода", "противника"))


def _subject_before_phrase(seq: list[Item], k: int, verb: Item) -> int:
    """A subject, then a time phrase or a short «без …» phrase, then its verb: «атакованный до
    конца хода получает …», «каждый ваш тролль без ран получает …». The index where the subject
    starts, or k. The subject is a nominative phrase agreeing with the verb, at most three words,
    ending in a noun, a pronoun or a substantivised participle («атакованный»)."""
    for phrase in _TIME_PHRASES:
        if tuple(it.low for it in seq[max(0, k - len(phrase)):k]) == phrase:
            p = k - len(phrase)
            break
    else:
        if not (k - 2 > 1 and seq[k - 2].is_word("без") and seq[k - 1].kind == "word"):
            return k
        p = k - 2
    head = p - 1
    if head < 2 or seq[head].kind != "word" or not nominal(seq[head]) or not _agrees(seq[head], verb) \
            or morph.pos(seq[head].low) not in ("NOUN", "NPRO", "ADJF", "PRTF"):
        return k
    q = head
    while q - 1 > 1 and head - q < 2 and seq[q - 1].kind == "word" and nominal(seq[q - 1]) \
            and morph.pos(seq[q - 1].low) in ("ADJF", "PRTF", "NPRO") and _agrees(seq[q - 1], verb):
        q -= 1
    if seq[q - 1].low in PREPOSITIONS or (seq[q - 1].kind == "word" and nominal(seq[q - 1])
                                          and morph.pos(seq[q - 1].low) == "NOUN" and _agrees(seq[q - 1], verb)):
        return k      # the phrase is an object of the condition's preposition or noun
    return q


def _adjective_subject(seq: list[Item], k: int, verb: Item) -> int:
    """«… в этот ход следующий {strike} сводится …», «следующий магический удар Финириарха
    сводится …»: adjectives, a head (an icon or a noun) and maybe a genitive after it, right
    before the verb: the subject starts at the first adjective. The index, or k."""
    p = k
    if p - 1 > 1 and (seq[p - 1].kind == "name" or (seq[p - 1].kind == "word" and not nominal(seq[p - 1])
                                                     and morph.pos(seq[p - 1].low) == "NOUN")):
        p -= 1           # a genitive modifier: «Финириарха»
    if p - 1 <= 1 or not (seq[p - 1].kind == "icon" or (seq[p - 1].kind == "word" and nominal(seq[p - 1])
                                                          and morph.pos(seq[p - 1].low) == "NOUN")):
        return k
    p -= 1
    head = p
    while p - 1 > 1 and head - p < 3 and seq[p - 1].kind == "word" and morph.pos(seq[p - 1].low) == "ADJF" \
            and nominal(seq[p - 1]) and _agrees(seq[p - 1], verb):
        p -= 1
    if p == head or seq[p - 1].low in PREPOSITIONS:
        return k
    return p


# nominative words that are never part of a trigger condition's prepositional phrase
_ALWAYS_SUBJECTS = ("он", "она", "оно", "они", "противник", "соперник", "атакованный")


# determiners that open a noun phrase: nothing before them is part of the same subject
_OPENS_SUBJECT = frozenset({"этот", "эта", "это", "эти", "тот", "та", "те", "каждый", "каждая", "каждое",
                            "каждые"})


def _modifies(adjective: Item, noun: Item) -> bool:
    """The adjective can agree with the noun (a common case, and gender or number)."""
    def forms(word: str, adj: bool) -> set:
        out = set()
        for p in morph.parses(word)[:6]:
            if adj == (p.tag.POS in ("ADJF", "PRTF", "NUMR")):
                out.add((p.tag.case, p.tag.gender if p.tag.number != "plur" else None, p.tag.number))
        return out
    a, n = forms(adjective.low, True), forms(noun.low, False)
    if not a or not n:
        return True
    return any(ca == cn and nu == nn and (ga is None or gn is None or ga == gn)
               for ca, ga, nu in a for cn, gn, nn in n)


def _subject_walk(seq: list[Item], j: int, genitive: bool) -> int:
    it = seq[j]
    k = j
    pronoun_subject = False
    while k - 1 > 0 and seq[k - 1].is_word("не", "вы", "также"):
        k -= 1
        pronoun_subject = pronoun_subject or seq[k].low == "вы"
    stop = k
    finite = morph.is_finite(it.low) and not morph.is_imperative(it.low) and not pronoun_subject
    if genitive and finite:
        stop = _genitive_head(seq, k, it)
    head = stop
    while finite and stop - 1 > 0 and nominal(seq[stop - 1]) and head - stop < 4 \
            and _agrees(seq[stop - 1], it):
        stop -= 1
        if seq[stop].kind == "name" or morph.pos(seq[stop].low) == "NPRO" or seq[stop].low in _OPENS_SUBJECT:
            break    # «… рядом с вашим стражем леса этот страж леса может …»: «этот» opens the subject
    if finite and stop == k:
        stop = decision("compound-subject-start")(seq, k, it) or k   # «Кобольд и существо имеют …»
    if stop < k and stop - 1 >= 0 and seq[stop - 1].is_word("рядом", "напротив") and stop - 2 > 0 \
            and seq[stop - 2].kind == "word" and morph.pos(seq[stop - 2].low) in {"ADJF", "PRTF"} \
            and nominal(seq[stop - 2]):
        stop -= 2    # "стоящее рядом существо получает"
        while stop - 1 > 0 and seq[stop - 1].kind == "word" and morph.pos(seq[stop - 1].low) == "ADJF" \
                and nominal(seq[stop - 1]) and _agrees(seq[stop - 1], it):
            stop -= 1    # "каждое стоящее рядом существо"
    if stop < k and stop - 1 >= 0 and seq[stop - 1].kind == "word" and not nominal(seq[stop - 1]) \
            and morph.pos(seq[stop - 1].low) in {"ADJF", "PRTF", "NUMR"} \
            and morph.pos(seq[stop].low) not in {"ADJF", "PRTF"} \
            and (seq[stop].kind != "word" or _modifies(seq[stop - 1], seq[stop])):
        stop = k     # "вашего хода": a genitive phrase, not a subject ("если чётной существо
        #              получает": «чётной» modifies no «существо», the subject starts at the noun)
    if stop - 1 >= 0 and seq[stop - 1].low in PREPOSITIONS and stop < k:
        # the first nominals belong to a prepositional phrase: "в свой ход может"; a subject may
        # follow its object: "При попадании на кладбище выбранная клетка получает …"
        stop = _after_object(seq, stop, k, it) if finite else k
    if finite and stop == k and k - 1 > 1 and seq[k - 1].is_word(*_ALWAYS_SUBJECTS):
        stop = k - 1  # "При атаке на Берсерка противник может …": a nominative only a subject can be
    if finite and stop == k and not genitive:
        stop = _subject_before_phrase(seq, k, it)
    if finite and stop == k and not genitive:
        stop = _adjective_subject(seq, k, it)
    if stop <= 0 or (stop == 1 and seq[0].low in {"при", "после", "до", "вместо"}):
        stop = max(k, 1)
    return stop


class TypeHead(NamedTuple):
    """What heads an effect (116.1 `[тип способности] «имя», дальность N — [эффект]`); spans."""

    type_span: Span | None
    name_span: Span | None
    range_span: Span | None          # «дальность 4» in the heading
    effect_start: int
    separator: Span | None           # the dash or ":" after the heading


# a type alone heads an effect only when it is one a heading names (spec §2, «Headings are not
# abilities»): «заклинание —», «Воздействие, дальность 2 —»; «Выстрел —» is left to the effect
HEADING_TYPES = ("заклинание", "воздействие")


def heading_tail(seq: list[Item], j: int) -> tuple[int, Span | None]:
    """Skip parentheses and a range («, дальность 3») after a heading's type or name:
    (index of the next item, the range's span or None)."""
    found = None
    while j < len(seq):
        if seq[j].kind == "paren":
            j += 1
            continue
        k = j + 1 if seq[j].kind == "punct" and seq[j].low == "," else j
        if k + 1 < len(seq) and seq[k].is_word("дальность") and seq[k + 1].kind in ("num", "word") \
                and (seq[k + 1].kind == "num" or seq[k + 1].low in ("x", "х")):
            found = (seq[k].start, seq[k + 1].end)
            j = k + 2
            continue
        break
    return j, found


def _separator_at(seq: list[Item], j: int) -> bool:
    return j + 1 < len(seq) and (seq[j].kind == "dash" or (seq[j].kind == "punct" and seq[j].low == ":"))


def find_type_name(text: str, start: int, end: int, protected, regions_quotes) -> TypeHead | None:
    """Ability type, name and range heading an effect, or None. A type alone («заклинание —»,
    «воздействие, дальность 2 —») and a quoted name alone («"зов крови" —») head it too."""
    m = _TYPE.match(text, start, end) or _glued_type(text, start, end)
    if not m:
        return _quoted_heading(text, start, end, protected, regions_quotes)
    pos = _skip_ws(text, m.end(), end)
    type_span = m.span(1)
    name_span = None
    for qs, qe in regions_quotes:
        if qs == pos:
            name_span = (qs + 1, qe - 1)
            pos = qe
            break
    seq = glued_dashes(text, items(text, pos, end, protected))    # «, дальность 2-может …»
    j = 0
    if name_span is None and m.group(1).lower() in HEADING_TYPES:
        k, range_span = heading_tail(seq, 0)
        if _separator_at(seq, k):
            return TypeHead(type_span, None, range_span, seq[k + 1].start, (seq[k].start, seq[k].end))
    if name_span is None:
        # lossy text without quotes: up to five words of name, then a dash or the effect's first
        # predicate (with its subject); the name may hold a verb of its own ("спрятаться в панцирь")
        if m.group(1).lower() in HEADING_TYPES:       # an attack's name keeps its hyphen: «метание рыбы-ежа»
            seq = _glued_name_dash(text, seq)
        numbered = m.group(1).lower() in HEADING_TYPES and decision("numbered-unquoted-name")(seq)
        j = _lossy_name_end(seq, numbered)
        if j is None:
            return None
        if seq[0].kind == "word" and m.group(1).lower() in HEADING_TYPES and decision("type-as-subject")(seq[0].low):
            return None           # «Заклинание не действует …»: asked only of a name found (the same answer)
        name_span = (seq[0].start, seq[j - 1].end)
        minus = seq[j].low == "-" and j + 1 < len(seq) and seq[j + 1].kind == "num" and seq[j + 1].start == seq[j].end
        if seq[j].kind in ("word", "other") or minus:
            return TypeHead(type_span, name_span, None, seq[j].start, None)     # the verb test found the effect
    # parentheses and a parameter may stand between the name and the dash
    j, range_span = heading_tail(seq, j)
    if j < len(seq) and (seq[j].kind == "dash" or (seq[j].kind == "punct" and seq[j].low == ":")):
        if j + 1 >= len(seq):
            return None
        return TypeHead(type_span, name_span, range_span, seq[j + 1].start, (seq[j].start, seq[j].end))
    if j < len(seq) and predicate_at(seq, j):
        return TypeHead(type_span, name_span, range_span, seq[j].start, None)
    return None


_GLUED_TYPE = re.compile(r"\s*(заклинание|воздействие)(?=([а-яё]{3,})(?![а-яё]))", re.I)


def _glued_name_dash(text: str, seq: list[Item]) -> list[Item]:
    """«Воздействие допрос-противник может …», «Заклинание ужас-существо …», «воздействие ледяной
    дождь-в следующий ход …» (lossy: no quotes, the dash typed as a tight hyphen): within a name's
    four words, a hyphenated word that is no dictionary word or compound, made of two dictionary
    words (the second a preposition maybe), is the name's end, a dash and the effect's first word
    (116.1's «[тип] «имя» – [эффект]»). A capitalised second half («Тролль-Воин») stays whole."""
    for k, it in enumerate(seq[:_NAME_WORDS]):
        if it.kind != "word":
            return seq
        if it.low.count("-") != 1:
            continue
        left, right = it.low.split("-")
        h = it.start + len(left)
        if not (left.isalpha() and right.isalpha()) or text[h + 1].isupper() or morph.is_known(it.low) \
                or morph.is_known(left + right) or not morph.is_known(left) \
                or not (right in PREPOSITIONS or (len(right) >= 3 and morph.is_known(right))):
            continue
        split = seq[:k] + [Item(it.start, h, "word", left), Item(h, h + 1, "dash", "-"),
                           Item(h + 1, it.end, "word", right)] + seq[k + 1:]
        if _nouns_agree(left, right) and right not in _GAME_SUBJECTS:
            # «гром-молот выбранный гном получает»: two nouns in one case and number may be a
            # compound name; the right half opens the effect only as the subject of the next word
            # («допрос-противник может …») or when the whole heading reads no other way
            whole = _lossy_name_end(seq)
            if whole is not None and not (whole == k + 1 and is_predicate(seq[whole])):
                return seq
        return split
    return seq


# the game's own subjects, never the second half of an ability's name («ужас-существо противника …»)
_GAME_SUBJECTS = frozenset({"существо", "существа", "противник", "хозяин", "карта", "карты", "цель"})


def _nouns_agree(left: str, right: str) -> bool:
    """Two nouns sharing a case and number («гром-молот», «герой-воин»): a compound's halves."""
    forms = [{(c, p.tag.number) for p in morph.parses(w) if p.tag.POS == "NOUN" for c in _CASES if c in p.tag}
             for w in (left, right)]
    return bool(forms[0] & forms[1])


_NAME_WORDS = 4


def _glued_type(text: str, start: int, end: int):
    """«Заклинаниезаморозки закрыть …» (lossy: the type run together with its unquoted name): the
    type heads the effect when the whole is no word and the rest is one."""
    m = _GLUED_TYPE.match(text, start, end)
    if m is None or morph.is_known((m.group(1) + m.group(2)).lower()) or not morph.is_known(m.group(2).lower()):
        return None
    return m


def glued_type_at(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of a heading type run together with its unquoted name at `start`
    («Воздействиеисполинский рост …», lossy), as the reader tells one; None when there is none.
    For lint (BJ305), which speaks of the headings the reader could not separate."""
    m = _glued_type(text, start, end)
    return None if m is None else m.span(1)


def _quoted_heading(text: str, start: int, end: int, protected, regions_quotes) -> TypeHead | None:
    """«"зов крови" — излечить …»: an effect name in quotes alone before a dash heads the effect."""
    pos = _skip_ws(text, start, end)
    quote = next(((qs, qe) for qs, qe in regions_quotes if qs == pos), None)
    if quote is None:
        return None
    seq = items(text, quote[1], end, protected)
    j, range_span = heading_tail(seq, 0)
    if not (j < len(seq) and seq[j].kind == "dash" and j + 1 < len(seq)):
        return None
    return TypeHead(None, (quote[0] + 1, quote[1] - 1), range_span, seq[j + 1].start, (seq[j].start, seq[j].end))


_DETERMINERS = {"ваш", "ваша", "ваше", "ваши", "это", "этот", "эта", "эти", "каждое", "каждый", "каждая",
                "другое", "другой", "другая", "рядом", "его", "ее", "её", "их", "свой", "своя", "свое"}
_CLAUSE_WORDS = {"если", "когда", "пока"}
_IMPERSONAL = {"нельзя", "можно", "нужно"}


def _name_dash(seq: list[Item]) -> int | None:
    """«Воздействие лязг клинков - выбранное существо …», «Заклинание демоническая пасть - ранить
    …»: a dash after at most four words ends the name, as 116.1's «[тип] «имя» – [эффект]» says,
    whatever the tagger makes of them («клинков» a short adjective, «пасть» an infinitive). Words
    only: a number, an icon or a clause word («если») before the dash is the effect's."""
    for v in range(1, min(len(seq) - 1, 5)):
        it = seq[v]
        if (it.kind == "punct" and it.low == ",") or it.is_word("и", "или"):
            listed = decision("listed-unquoted-name")(seq, v)
            if listed is not None and seq[listed].kind == "dash":
                return listed
        if it.kind == "dash":
            return v if not (it.low == "-" and seq[v + 1].kind == "num" and seq[v + 1].start == it.end) else None
        if it.kind not in ("word", "name") or it.low in _CLAUSE_WORDS or it.is_word("на", "и", "или"):
            return None
    return None


def _lossy_name_end(seq: list[Item], numbered: bool = False) -> int | None:
    """Where an unquoted ability name ends (lossy text): «Воздействие спрятаться в панцирь
    излечиться на 2», «Заклинание шит света другое существо получает …», «воздействие а мне
    летать охота бросить кубик». The verb test finds the effect's first predicate after the
    name's first word; its subject (a noun phrase right before it) opens the effect too. An
    infinitive followed after one word by another infinitive still belongs to the name; «если»,
    «когда» and «пока» end the name. A name has at most four words; `numbered`: it opens with a
    number («3 желания», pattern numbered-unquoted-name)."""
    if not seq or (seq[0].kind != "word" and not numbered) or seq[0].low in PREPOSITIONS:
        return None
    dash = _name_dash(seq)
    if dash is not None:
        return dash
    for v in range(1, min(len(seq), 13)):
        it = seq[v]
        if (it.kind == "punct" and it.low == ",") or it.is_word("и", "или"):
            listed = decision("listed-unquoted-name")(seq, v)
            if listed is not None and seq[listed].kind != "dash":
                return listed
        if it.kind == "punct" and it.low == "," and v <= 4:
            subject = decision("participle-subject")(seq, v, least=1)
            if subject is not None and subject <= 4:
                return subject    # «ужас существо противника, которое …, получает …»: the subject ends the name
        if it.kind == "dash" or (it.kind == "punct" and it.low in ":,"):
            return v if v <= 4 else None
        if it.kind in ("other", "dash") and it.low in "+-" and v + 1 < len(seq) and seq[v + 1].kind == "num" \
                and seq[v + 1].start == it.end and text_gap(seq[v - 1], it) and seq[v - 1].kind == "word" \
                and seq[v - 1].low not in PREPOSITIONS and seq[v - 1].low not in ("x", "х"):
            return v if v <= 4 else None      # "Воздействие удача +1 или -1 к броску": a modifier opens it
        if it.kind not in ("word", "num", "name", "icon") or it.low in _CLAUSE_WORDS:
            return v if it.low in _CLAUSE_WORDS and v <= 4 else None
        if it.is_word("при", "после") and 2 <= v <= 4 and v + 1 < len(seq) and seq[v + 1].kind == "word" \
                and morph.pos(seq[v + 1].low) == "NOUN" and not seq[v + 1].is_word("этом", "выполнении"):
            return v          # "Воздействие плоть мертвых при гибели существа …": a condition follows the name
        if not (is_predicate(it) or it.low in _IMPERSONAL):
            continue
        if morph.pos(it.low) == "INFN" and v + 2 < len(seq) and seq[v + 1].kind == "word" \
                and not seq[v + 1].is_word("и", "или") and morph.pos(seq[v + 2].low) == "INFN":
            continue          # "летать охота бросить": the first infinitive is the name's
        if morph.pos(it.low) in ("ADJS", "PRTS") and _noun(it) and v + 1 < len(seq) \
                and seq[v + 1].kind == "word" and morph.pos(seq[v + 1].low) in ("INFN", "VERB"):
            continue          # "эликсиры Ракштольна перераспределить": a noun read as a short adjective
        if v + 1 >= len(seq):
            return None
        k = _effect_subject(seq, v)
        if k == v:
            k = decision("adverb-before-effect")(seq, k)   # «ремонт полностью восстановить …»
        if k >= 3 and seq[k - 1].is_word("или", "и") and _noun(seq[k - 2]):
            # «… сила гор выбранное горное существо или нейтральное существо получает …»: two
            # subjects share the verb (spec §5); the first one, with its adjectives, opens the effect
            k -= 2
            while k - 1 >= 1 and seq[k - 1].kind == "word" and (
                    seq[k - 1].low in _DETERMINERS or morph.pos(seq[k - 1].low) in ("ADJF", "PRTF")):
                k -= 1
        return k if 1 <= k <= 4 else None
    return None


def text_gap(a: Item, b: Item) -> bool:
    """White space stands between two items ("удача +1", not "X+1")."""
    return b.start > a.end


def _noun(item: Item) -> bool:
    return item.kind == "word" and any(p.tag.POS in ("NOUN", "NPRO") for p in morph.parses(item.low)[:3]) \
        or (item.kind == "word" and morph.can_be_nominative_noun(item.low))


def _effect_subject(seq: list[Item], v: int) -> int:
    """Start of the subject of the predicate at v, after an unquoted name: a head noun (with a
    genitive modifier and a prepositional phrase after it) and the adjectives before it.
    An infinitive or imperative has none; a noun phrase a name's verb governs is its object."""
    k = v
    while k - 1 >= 1 and seq[k - 1].is_word("не", "также"):
        k -= 1
    verb = seq[v]
    if _second_person(verb):
        return k
    impersonal = verb.low in _IMPERSONAL
    for phrase in _TIME_PHRASES:
        if k - len(phrase) >= 2 and tuple(it.low for it in seq[k - len(phrase):k]) == phrase \
                and _noun(seq[k - len(phrase) - 1]):
            k -= len(phrase)   # «… выбранное существо до конца хода получает»: the time phrase is the effect's
            break
    if k - 4 >= 1 and seq[k - 1].is_word("менее", "более") and seq[k - 2].is_word("или") \
            and seq[k - 3].kind == "num" and seq[k - 4].is_word("стоимостью"):
        k -= 4            # "существо стоимостью 4 или менее не открывается"
    elif k - 2 >= 1 and seq[k - 1].kind == "num" and seq[k - 2].is_word("стоимостью"):
        k -= 2
    if k - 2 >= 1 and _genitive_modifier(seq, k - 1):
        k -= 1            # "существо противника получает"
    if k == v and k - 1 >= 1 and decision("name-word-not-subject")(seq, k, verb):
        return k          # «песнь сирены может …»: no subject of «может» (patterns.py)
    k = _subject_place_phrase(seq, k)
    while True:
        if k - 3 >= 1 and seq[k - 2].low in PREPOSITIONS and _noun(seq[k - 1]) and _noun(seq[k - 3]) \
                and seq[k - 2].low != "в":
            k -= 2        # "существо противника с отравлением ранится": the subject's own phrase
            if k - 2 >= 1 and not morph.can_be_nominative(seq[k - 1].low) and _noun(seq[k - 2]):
                k -= 1    # … and its genitive modifier
        if k - 1 < 1 or not _noun(seq[k - 1]):
            return k
        if not impersonal and not morph.can_be_nominative(seq[k - 1].low):
            return k      # "щит магистра предотвращает": a genitive is no subject; the card is
        if is_predicate(seq[k - 2]) and _takes_phrase(seq[k - 2], seq[k - 1]):
            return k      # "выдохнуть пламя может …": the name's own object
        k -= 1
        while k - 1 >= 1 and seq[k - 1].kind == "word" and (
                seq[k - 1].low in _DETERMINERS or morph.pos(seq[k - 1].low) in ("ADJF", "PRTF")):
            k -= 1
        if k - 2 >= 1 and seq[k - 1].low in PREPOSITIONS and _noun(seq[k - 2]) and seq[k - 1].low != "в":
            k -= 1        # "существо с отравлением получает": the phrase's own preposition
            continue
        if k - 1 >= 1 and seq[k - 1].low in PREPOSITIONS:
            k -= 1        # "в следующий ход противника предотвращает": the effect's adverbial
        return k


_PLACE_PREPOSITIONS = frozenset({"в", "на", "без", "с", "со", "из", "у"})
_TIME_NOUNS = frozenset({"ход", "хода", "ходу", "бой", "боя", "бою", "раз", "раза", "конца", "начала", "момент"})


def _subject_place_phrase(seq: list[Item], k: int) -> int:
    """«каждое Яйцо дракона в вашем отряде получает», «ваше существо без дополнительных {health}
    получает»: a prepositional phrase of a preposition, up to two adjectives and a noun or icon right
    before the verb belongs to the subject noun before it, so the subject (and the effect after an
    unquoted name) starts before the phrase; a time phrase («в следующий ход противника») is the
    effect's adverbial and is left to the caller."""
    j = k - 1
    if j - 1 >= 1 and _genitive_modifier(seq, j):
        j -= 1            # «в вашем отряде противника»: the phrase noun's genitive modifier
    if j < 2 or not (seq[j].kind == "icon" or _noun(seq[j])) or seq[j].low in _TIME_NOUNS:
        return k
    i = j - 1
    while i >= 1 and i >= j - 2 and seq[i].kind == "word" and (
            seq[i].low in _DETERMINERS or morph.pos(seq[i].low) in ("ADJF", "PRTF")):
        i -= 1
    if i < 2 or seq[i].low not in _PLACE_PREPOSITIONS or not _noun(seq[i - 1]):
        return k
    if i - 2 >= 1 and _genitive_modifier(seq, i - 1):
        return i - 1      # «Яйцо дракона в …», «существо противника с …»: the head's genitive modifier
    return i


def _genitive_modifier(seq: list[Item], j: int) -> bool:
    """seq[j] is a genitive word (no nominative reading) after a noun: «существо противника», «Яйцо дракона»."""
    return seq[j].kind == "word" and not morph.can_be_nominative(seq[j].low) \
        and any("gent" in p.tag for p in morph.parses(seq[j].low)) and _noun(seq[j - 1])


_OPENER_WORDS = frozenset({"при", "после", "до", "если", "когда", "в", "вместо", "вначале", "вконце", "пока"})


def is_opener_start(text: str, pos: int, end: int) -> bool:
    """The text at pos opens with a trigger opener as written (no typo)."""
    return _TRIGGER.match(text, pos, end) is not None


def is_trigger_start(text: str, pos: int, end: int) -> bool:
    m = _TRIGGER.match(text, pos, end)
    if not m:
        return decision("misspelt-opener")(text, pos, end) is not None
    word = m.group(1).lower()
    if word == "до":  # "До набора отряда", "До начала хода" — not "до 3 ...", not the duration "до конца хода"
        return bool(re.match(r"\s*до\s+(?!конца\b|тех\s+пор\b)[а-яё]", text[pos:end], re.I))
    return True


def is_while_start(text: str, pos: int, end: int) -> bool:
    return bool(_WHILE.match(text, pos, end))
