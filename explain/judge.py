"""What a judge rules on, read from a feature's own words.

Small tests over the text, each for one point the rulebook decides:
* an attack in a trigger condition (116.3.1: it fires without wounds,
  unless the condition itself asks for them);
* a condition naming an ability or event but no source (116.3.3: the card
  itself);
* who chooses: «выбранное …» (the controller), «(по выбору атакованного)»,
  «противник может …» (the MAY node's `chooser`, or the words before «может»);
* which mark joins a dependent pair («при этом», «при выполнении», «;», «—»);
* a state, not an event, after «Когда»/«Если» (spec §1 «A state is not a
  trigger»: a static feature with a `while`);
* the moment a condition names when it is not the effect step of a made attack
  (spec §1 «When a trigger fires»: a declaration, a step, a move);
* a host named by the text (the card sits on a host: 116.3.3's «сама карта» is
  not what it means);
* a chooser written as a pronoun («по его выбору»: the owner of the nearest
  person word before it).
Pure functions of the text; nothing here is written per card.
"""
from __future__ import annotations

import re
from functools import lru_cache

_ATTACK = re.compile(r"\{(?:strike|direct|uchr)\}|(?<!\w)(?:атак|удар|выстрел|метани|разряд|нападени|промах)",
                     re.I)
# a declaration, an obligation or a possibility is not a made attack: «при объявлении атаки»,
# «должно нанести удар», «может атаковать»
_NOT_MADE = re.compile(r"(?<!\w)(?:объявл\w*|долж\w*|собира\w*|может|могут)", re.I)
_WOUNDS = re.compile(r"(?<!\w)(?:ран(?:ы|а|ах|ами|у)?|ранени\w*|ранит\w*|ранил\w*|ранен\w*)(?!\w)", re.I)
# events a condition may be about other than an attack: the first event named is what it fires on
# («При гибели от атаки …» fires on a death, «Когда уничтожает карту выстрелом» on a destruction)
_OTHER_EVENT = re.compile(r"(?<!\w)(?:гибел|погиб|уничтож|излеч|лечени|перемещ|закры|откры|вскры|телепорт|"
                          r"прыж|получени|выход|возвращ)", re.I)
_CAPITAL = re.compile(r"(?<![\w{])[А-ЯЁ][а-яё]+")
_EVENT = re.compile(r"\{(?:strike|direct|uchr)\}|(?<!\w)(?:атак|удар|выстрел|метани|разряд|нападени|гибел|"
                    r"уничтож|ран|излеч|лечени|перемещ|закры|откры|вскры|телепорт|прыж|получени|движени)", re.I)
# turns and fights name a time, not a source: «в ход противника», «в свой ход», «за бой»
_TIME = re.compile(r"(?<!\w)(?:в|во|за)\s+(?:\w+\s+){0,2}?(?:ход\w*|бо[йяю]\w*)(?:\s+противника)?(?!\w)", re.I)
_SOURCE = re.compile(r"(?<![\w{])(?:существ|карт|противник|союзн|ваш|друг|любо|хозя|отряд|герой|цел|"
                     r"атакованн|атакующ|защитник|он|она|оно|они|его|её|ее|их|ему|ей|им)\w*", re.I)
_AIMED_AT = re.compile(r"(?<![\w{])(?:по|от)\s+[^,;]*", re.I)
_OPENER = re.compile(r"\s*(при|если|когда|после|до|вместо|в\s+начале|в\s+конце)(?!\w)", re.I)
# «В начале боя и при каждом сильном {strike}»: two moments, each a condition of its own
_PART = re.compile(r"\s*,?\s+(?:и|или)\s+(?=(?:при|если|когда|после|до|в\s+начале|в\s+конце)(?!\w))", re.I)
_CHOSEN = re.compile(r"(?<!\w)выбранн\w*(?:\s+(?!противником|атакованным)[а-яё]+\w*)?"
                     r"(?:\s+(противником|атакованным|владельцем))?", re.I)
_CHOOSER_WORDS = re.compile(r"(?<!\w)(противник\w*|атакованн\w*|владел\w*|хозя\w*)", re.I)
_MAY_WORD = re.compile(r"(?<!\w)(?:может|можете|могут)(?!\w)", re.I)
_BY_CHOICE = re.compile(r"по\s+(?:вашему\s+)?выбору\s*(\w+)?", re.I)


def opener(condition: str) -> str:
    """The word a trigger condition starts with («при», «после», …), lower case; '' for others."""
    match = _OPENER.match(condition or "")
    return " ".join(match.group(1).lower().split()) if match else ""


def condition_parts(condition: str) -> list[str]:
    """The moments a trigger condition joins by «и»/«или» before an opener; one part for most."""
    parts = [p.strip() for p in _PART.split(condition or "") if p.strip()]
    return parts if len(parts) > 1 and all(opener(p) for p in parts) else [condition]


_STRENGTH = re.compile(r"(?<!\w)(?:слаб|средн|сильн)[а-яё]*(?:\s+или\s+(?:слаб|средн|сильн)[а-яё]*)?", re.I)


def attack_strength(condition: str) -> str | None:
    """The strength a trigger on an attack names («При слабом разряде», «при среднем или сильном {strike}»):
    116.3.1's «независимо от силы» gives way to it («если не указано обратного»)."""
    found = _STRENGTH.search(condition or "")
    return found.group(0) if found else None


def attack_condition(condition: str) -> str | None:
    """'attack' for a trigger on a made attack (116.3.1: it fires without wounds), 'wounds' when the
    condition asks for the wounds of an attack («получает раны от атаки», «наносит 4 или более раны»),
    None when it fires on something else (a death, a destruction, a declaration)."""
    if not condition or opener(condition) not in ("при", "если", "когда") or _NOT_MADE.search(condition):
        return None
    attack = _ATTACK.search(condition)
    if attack is None:
        return None
    firsts = [m.start() for m in (_OTHER_EVENT.search(condition), _WOUNDS.search(condition)) if m]
    if firsts and min(firsts) < attack.start():
        wounds = _WOUNDS.search(condition)
        return "wounds" if wounds is not None and wounds.start() == min(firsts) else None
    return "attack"


def _name_stems(name: str | None) -> list[str]:
    return [w[:4].casefold() for w in re.findall(r"[А-Яа-яЁё]{4,}", name or "")]


def sourceless_condition(condition: str, name: str | None = None) -> bool:
    """A trigger condition naming an ability or event but nobody it comes from or happens to (116.3.3)."""
    if not condition or not opener(condition) or not _EVENT.search(condition):
        return False
    words = _TIME.sub(" ", _event_part(condition))
    # «по закрытому существу» names the target, «от атаки карты противника» where wounds come from:
    # neither names whose strike it is or whom it happens to («При {strike} по закрытому существу»,
    # «Когда получает раны от атаки карты противника»: the card itself)
    for aimed in re.finditer(r"(?<![\w{])по\s+([^,;]*)", words, re.I):
        target = aimed.group(1).casefold()
        if re.match(r"(?:нему|ней|себе)(?!\w)", target) or any(target.startswith(stem)
                                                              for stem in _name_stems(name)):
            return False      # «При разряде по Аргвальду»: an attack on the card, whoever makes it — not its own
    words = _AIMED_AT.sub(" ", words)
    if _SOURCE.search(words) or _CAPITAL.search(words):       # a card's name: «При гибели Скелета»
        return False
    folded = words.casefold()
    return not any(stem in folded for stem in _name_stems(name))


def chosen_targets(texts) -> list[tuple[str, str | None]]:
    """(«выбранное существо», who chooses or None for the controller) for each distinct «выбранн…» phrase."""
    found: dict[str, str | None] = {}
    for text in texts:
        for match in _CHOSEN.finditer(text):
            words = _whole_phrase(text, match)
            found.setdefault(words, _nominative(match.group(1)) if match.group(1) else None)
    return list(found.items())


_NEXT_WORD = re.compile(r"\s+([а-яё]+)", re.I)
# what may stand between «выбранное» and its noun: «выбранное стоящее рядом его существо»
_MODIFIERS = frozenset({"ADJF", "PRTF", "ADVB", "NPRO", "NUMR", "PREP"})


def _whole_phrase(text: str, match: re.Match) -> str:
    """The «выбранн…» phrase up to its noun («выбранное стоящее рядом его существо»,
    not «выбранное стоящее»); the match itself when no noun follows within five words."""
    from berserk_judge.parser.reader import morph

    head = re.match(r"выбранн\w*", match.group(0), re.I).end() + match.start()
    end = head
    for _ in range(5):
        word = _NEXT_WORD.match(text, end)
        if word is None:
            break
        end = word.end()
        low = word.group(1).lower()
        if low in ("противником", "атакованным", "владельцем"):
            continue   # who chooses, between «выбранное» and its noun
        kind = morph.pos(low)
        if kind == "NOUN":
            return text[match.start():end]
        if kind not in _MODIFIERS:
            break
    return match.group(0).strip()


def annotation_chooser(text: str) -> str | None:
    """Who «(по выбору атакованного)» names, in the nominative; None for «по вашему выбору»."""
    match = _BY_CHOICE.search(text)
    if match is None or re.search(r"вашему", match.group(0), re.I) or not match.group(1):
        return None
    return _nominative(match.group(1))


_OWN_CHOICE_CLARIFIED = re.compile(r"^\s*\(?\s*по\s+(?:вашему|своему)\s+выбору\s*,\s*(.+?)\s*\)?\s*$", re.I)


def own_choice_clarified(text: str) -> str | None:
    """The clarification of «(по вашему выбору, общему для всех целей)» («общему для всех целей»):
    the controller chooses, as by default, and the words say how; None for any other chooser."""
    match = _OWN_CHOICE_CLARIFIED.match(text)
    return match.group(1) if match else None


def nominative(word: str) -> str:
    """«противником» → «противник» (the public name of `_nominative`)."""
    return _nominative(word)


def _nominative(word: str) -> str:
    """«атакованного» → «атакованный», «противником» → «противник» (pymorphy3, the reader's analyser)."""
    return _inflected(word, "nomn")


def genitive(word: str) -> str:
    """«противник» → «противника», «атакованный» → «атакованного»: «по желанию …»."""
    return _inflected(word, "gent")


def _inflected(word: str, case: str) -> str:
    from berserk_judge.parser import morph_analyzer

    lowered = word.casefold()
    for parse in morph_analyzer().parse(lowered):
        if {"NOUN", "ADJF", "PRTF"} & set(str(parse.tag).replace(" ", ",").split(",")):
            inflected = parse.inflect({case, "sing"}) or parse.inflect({case})
            if inflected is not None:
                return inflected.word
    return lowered


_CHOOSER_NAMES = {"opponent": "противник", "attacked": "атакованный", "controller": None, "вы": None}


def may_chooser(node, feature) -> tuple[str, str] | None:
    """(who, the words) when someone other than the controller decides a «может» (spec §2).

    The reader records it on the MAY node (`chooser`) where it can; otherwise the
    words of the MAY token right before the node's first ability name it.
    """
    from berserk_judge.parser import atoms

    recorded = getattr(node, "chooser", None)
    if recorded:
        who = _CHOOSER_NAMES.get(str(recorded).casefold(), str(recorded))
        return (who, f"{who} может") if who else None
    first = atoms(node)[0] if atoms(node) else None
    tokens = getattr(feature, "tokens", None) or ()
    before = [t for t in tokens if getattr(t.kind, "value", t.kind) == "MAY"
              and first is not None and t.end <= first.span[0]]
    if not before:
        return None
    words = before[-1].text
    subject = _MAY_WORD.sub("", words).strip()
    match = _CHOOSER_WORDS.search(subject)
    if match is None:
        return None
    return _nominative(match.group(1)), " ".join(words.split())


def connective(feature, left, right) -> str:
    """Which mark joins a dependent pair: 'при этом', 'при выполнении', ';' or '—'."""
    from berserk_judge.parser import atoms

    left_atoms, right_atoms = atoms(left), atoms(right)
    if not left_atoms or not right_atoms:
        return "при этом"
    start, end = left_atoms[-1].span[1], right_atoms[0].span[0]
    between = _between(feature, start, end)
    low = between.casefold()
    if "при выполнении" in low:
        return "при выполнении"
    if "при этом" in low:
        return "при этом"
    if ";" in between:
        return ";"
    if re.search(r"[—–-]", between):
        return "—"
    return "при этом"


_WORDS = ("ATOM", "COND", "LPAR", "RPAR")


def _between(feature, start: int, end: int) -> str:
    """The marks between two offsets: the connective tokens there, else the feature's own text."""
    tokens = getattr(feature, "tokens", None)
    if tokens:                                         # the connective tokens between (a «;» may be DEP or AND)
        return " ".join(t.text for t in tokens if getattr(t.kind, "value", t.kind) not in _WORDS
                        and start <= t.start < end)
    span = getattr(feature, "span", None)
    text = getattr(feature, "text", "") or ""
    if not span or end < start:
        return ""
    return text[max(0, start - span[0]): max(0, end - span[0])]


# -- a state is not a trigger (spec §1): the reader decides it (pattern state-as-while, parser.states);
# a static feature whose while opens with «Когда»/«Если» is explained as that state held -----------


# -- the moment a condition names (spec §1 «When a trigger fires») ------------------------------
_DECLARATION = re.compile(r"(?<!\w)(?<!в\s)(?:объявл\w*|нападени\w*|нападает|нападают|напал\w*|назнач\w*|"
                          r"станови\w*\s+(?:цел\w*|защитник\w*)|выбран\w*\s+цел\w*)", re.I)
_STEP = re.compile(r"(?<!\w)(?:определени\w*\s+(?:силы|результат\w*)|брос(?:ок|ке|ка|ает|ают|ил\w*)\s+кубик\w*|"
                   r"броск\w*\s+кубик\w*|"
                   # «Когда Воин храма сражается»: the fight, its die roll included (the judges' ruling on Воин
                   # храма: his two rolls are the fight's own roll), not the effect step of the strike
                   r"сража(?:ется|ются|ясь)|сражени\w*)", re.I)
_MOVE = re.compile(r"(?<!\w)(?:движени\w*|перемещени\w*|перемеща\w*|переместил\w*|рыв(?:ок|ке|ка)|"
                   r"прыж(?:ок|ке|ка)|телепорт\w*)", re.I)
_ATTACK_STEP = re.compile(r"(?<!\w)(?:атак|удар|выстрел|разряд|метани|напад|защитник)\w*|\{(?:strike|direct|uchr)\}",
                          re.I)


def condition_moment(condition: str | None) -> tuple[str, str] | None:
    """('declaration' | 'step' | 'move', the words) when a «При/Если/Когда» condition names a moment other
    than the effect step of a made attack or ability: an attack being declared («При нападении», «при
    объявлении»), a step («При определении силы атаки», «при броске кубика»), a move («При рывке»);
    None when the first event it names is something made (an attack, a death)."""
    if not condition or opener(condition) not in ("при", "если", "когда"):
        return None
    found = []
    for kind, pattern in (("declaration", _DECLARATION), ("step", _STEP), ("move", _MOVE)):
        match = pattern.search(condition)
        if match:
            found.append((match.start(), kind, match.group(0)))
    if not found:
        return None
    start, kind, words = min(found)
    # an attack named before a declaration or a step is what is declared or stepped through («от {strike}
    # хозяина назначен защитник»); another event named first is what the condition fires on («При гибели …»)
    others = [m.start() for m in ((_ATTACK.search(condition),) if kind == "move" else ()) +
              (_OTHER_EVENT.search(condition),) if m]
    others = [o for o in others if not (start <= o < start + len(words))]
    if others and min(others) < start:
        return None                   # «При {strike} по существу, которое перемещалось»: the strike
    return kind, words


def attack_step(words: str) -> bool:
    """A step of an attack («определении силы атаки»), where 116.3.1's «если не указано обратного» speaks."""
    return bool(_ATTACK_STEP.search(words or ""))


# -- a card on a host ------------------------------------------------------------------------
_HOST = re.compile(r"(?<!\w)хозя\w*", re.I)


def names_host(text: str | None) -> bool:
    """The words name the card's host («хозяин», «хозяина»): the card sits on a creature."""
    return bool(_HOST.search(text or ""))


def _event_part(condition: str) -> str:
    """The words of a condition after its opener, up to its own «если …» clause: what it fires on."""
    head = _OPENER.match(condition or "")
    rest = (condition or "")[head.end():] if head else (condition or "")
    return re.split(r"(?<!\w)если(?!\w)", rest, maxsplit=1, flags=re.I)[0]


def event_names_host(condition: str | None) -> bool:
    """The event of a condition names the host («При перемещении хозяина», «При дальней атаке по
    хозяину»), not only its «если …» clause («При {strike}, если хозяин стоит 6 или меньше»)."""
    return names_host(_event_part(condition or ""))


# -- a chooser written as a pronoun ---------------------------------------------------------
_PRONOUN_CHOICE = re.compile(r"по\s+(?:его|её|ее|их)\s+выбору", re.I)
_PERSON = re.compile(r"(?<!\w)(противник\w*|атакованн\w*|атакующ\w*|владел\w*|хозя\w*|игрок\w*)(?!\w)", re.I)
_NOUN_WORD = re.compile(r"(?<![\w{])[а-яё]+", re.I)


@lru_cache(maxsize=16384)
def _is_noun(word: str) -> bool:
    from berserk_judge.parser import morph_analyzer

    return "NOUN" in morph_analyzer().parse(word)[0].tag.grammemes


def pronoun_choice(text: str | None) -> re.Match | None:
    """«по его выбору» in the words, or None."""
    return _PRONOUN_CHOICE.search(text or "")


def pronoun_chooser(before: str) -> str | None:
    """Who «по его выбору» names: the person word among the nearest nouns before it («существо
    противника (по его выбору)» → «противник»), in the nominative; None when no person stands there."""
    nouns = []
    for match in _NOUN_WORD.finditer(before or ""):
        if _PERSON.fullmatch(match.group(0)) or _is_noun(match.group(0).casefold()):
            nouns.append(match.group(0))
    for word in reversed(nouns[-2:]):     # the nearest noun, or the noun it belongs to («существо противника»)
        if _PERSON.fullmatch(word):
            return _nominative(word)
    return None
