"""Modal and framing words a judge reads in an ability's own words.

The reading tree says how abilities are joined; some facts a judge rules on
sit in the words themselves, and `explain` reads them here:
* «может … только» — a restriction (what is allowed only so), not an option:
  it never makes a feature optional (116.7) and obliges nobody;
* «обязан», «должен» — an obligation, never under a «может»;
* «(кроме …; … только один раз)» — a note on what may be chosen, not a use
  limit of the form «X раз за ход/бой» (116.2);
* «Если должен погибнуть …, вместо этого …» — a replacement: it takes the
  event's place instead of answering it;
* «первое за ход противника действие …» — the text naming its own moment;
* «при гибели … — вернуть …», «после этой атаки - прыжок …» — an ability whose own words name a
  later moment (a delayed effect; the reader keeps the moment in the atom, spec §2 and §5);
* «A, либо B» inside one ability's words — a choice of one (505.5);
* «любое своё существо» — chosen by the one whose creatures they are.

When the reader reports these beside the tree, a caller switches to its
fields; until then these pure tests over the words stand in for them.
"""
from __future__ import annotations

import re
from functools import lru_cache

_MAY = r"(?:может|можете|могут|мог|могла|могло|могли)"
RESTRICTION = re.compile(rf"(?<!\w){_MAY}\s+(?:[\w{{}}«»\"-]+\s+){{0,4}}?только(?!\w)", re.I)
_FREE_MAY = re.compile(rf"(?<!не )(?<!\w){_MAY}(?!\w)", re.I)
OBLIGATION = re.compile(r"(?<!\w)(?<!не )(обязан\w*|долж(?:ен|на|но|ны))(?!\w)", re.I)
# 116.2: «X раз за ход» / «X раз за бой» (and «дважды за ход», «1 раз за бой для каждого ряда»)
_USE_LIMIT = re.compile(r"(?<!\w)(?:\d+|[XХxх]|один|одна|два|три|до\s+\d+)?\s*(?:раз[а]?|дважды|трижды|однажды)\s+"
                        r"(?:за|в)\s+(?:ваш\s+|свой\s+)?(?:ход|бой|игру)", re.I)
INSTEAD = re.compile(r"(?<!\w)вместо\s+(?:этого|него|неё|нее|них)(?!\w)", re.I)
_MUST_EVENT = re.compile(r"(?<!\w)долж(?:ен|на|но|ны)\s+(\w+(?:ся|сь)?)", re.I)
_FIRST = re.compile(r"(?<!\w)(?:перв(?:ое|ую|ый|ые|ой|ого))\s+(?:[\w{}]+\s+){0,8}?"
                    r"(?:действи\w*|атак\w*|удар\w*|выстрел\w*|излечени\w*|перемещени\w*|движени\w*|"
                    r"заклинани\w*|воздействи\w*|метани\w*|разряд\w*)(?:\s+(?:[\w{}]+\s+){0,6}?существ\w*)?",
                    re.I)
_REDIRECT = re.compile(r"(?<!\w)перенаправ\w*", re.I)
_EITHER = re.compile(r"(?:\s*,)?\s+либо\s+", re.I)
_CHOOSER_SUBJECT = re.compile(r"(?<!\w)(противник\w*|атакованн\w*|владел\w*|хозя\w*)", re.I)
_ANY_OWN = re.compile(r"(?<!\w)люб(?:ое|ую|ой|ого|ых|ые)\s+(?:сво(?:ё|е|ю|их|его|й)\s+)?[а-яё]+", re.I)
_OWN = re.compile(r"(?<!\w)сво(?:ё|е|ю|их|его|й)(?!\w)", re.I)
# an attack whose target the words leave open: «Разряд на 1», «Выстрел «x» на 2-3-3», «ранить цель на 1»
_ATTACK_ABILITY = re.compile(r"^\s*(?:\d+\s+)?(?:разряд\w*|выстрел\w*|метани\w*|особ\w+\s+удар\w*|магическ\w+\s+удар\w*|"
                             r"добивани\w*)(?:\s+[«\"][^»\"]*[»\"])?\s+на\s+[\dXХ]", re.I)
_TARGET_FIXED = re.compile(r"(?<!\w)(?:только\s+по|выбранн\w*|люб(?:ое|ую|ой|ого|ых|ые))(?!\w)", re.I)


def restriction(text: str) -> str | None:
    """The «может … только …» words of a restriction, or None."""
    found = RESTRICTION.search(text or "")
    return found.group(0) if found else None


def free_may(text: str) -> bool:
    """A «может» that leaves a choice: not «не может», not the «может» of «может … только»."""
    text = RESTRICTION.sub(" ", text or "")
    return bool(_FREE_MAY.search(text))


def obligation(text: str) -> str | None:
    """The word of an obligation («обязаны», «должно»), or None."""
    found = OBLIGATION.search(text or "")
    return found.group(1) if found else None


def use_limit(text: str) -> bool:
    """A use limit of the form 116.2 names («1 раз за ход», «дважды за бой»); a note such as
    «кроме Дегаски; … только один раз» is not one."""
    return bool(_USE_LIMIT.search(text or "")) and not re.search(r"(?<!\w)кроме(?!\w)", text or "", re.I)


def replacement(condition: str | None, effect: str) -> str | None:
    """The event a replacement replaces: «Если должен погибнуть …, вместо этого …» and «Когда должен
    излечиться на Х … получить Х {health} вместо этого» give «погибнуть», «излечиться» (spec §1
    «Replacements»: an obligation in the condition, «вместо этого/него» anywhere in the effect), or None."""
    if not condition or not INSTEAD.search(effect or ""):
        return None
    found = _MUST_EVENT.search(condition)
    return found.group(1) if found else None


def instead_of(text: str) -> str | None:
    """The «вместо этого» / «вместо него» words of an ability that replaces what the text names before
    it («если оно тёмное ранить его на 1 вместо этого»), or None («вместо 5», «вместо броска» name no
    event of the card's own text)."""
    found = INSTEAD.search(text or "")
    return found.group(0) if found else None


def named_moment(text: str) -> str | None:
    """The moment a text names for itself («первое за ход противника действие его … существа»): a first of a
    turn or a fight; «с целью первого разряда» names which target, not a moment."""
    for found in _FIRST.finditer(text or ""):
        if re.search(r"(?<!\w)(?:за|в)\s+(?:\w+\s+){0,2}?(?:ход|бой|боя|хода)(?!\w)", found.group(0), re.I):
            return found.group(0).strip()
    return None


def delayed_moment(text: str) -> str | None:
    """The moment an ability's own words put it off to («при гибели … — вернуть …»), or None."""
    from berserk_judge.parser import delayed_moment as found

    return found(text)


_ROLL = re.compile(r"(?<!\w)брос\w*\s+кубик", re.I)


def roll_moment(text: str) -> bool:
    """The effect changes a die roll («свести бросок кубика … к 1»), not an attack: its moment is the roll."""
    return bool(_ROLL.search(text or "")) and not re.search(r"(?<!\w)(?:атак|удар)\w*|\{strike\}", text or "", re.I)


def rule_moment(text: str) -> bool:
    """A redirection, which the rules allow only when an attack is declared (116.5, its example)."""
    return bool(_REDIRECT.search(text or ""))


_DURATION_END = re.compile(r"\s+(до\s+конца\s+(?:\w+\s+){0,3}?(?:хода|боя|игры)(?:\s+противника)?)\s*[.,]?\s*$", re.I)
_BOTH = re.compile(r"\(\s*(?:(?:совершите|выполните|разыграйте|используйте|получите)\s+)?(?:оба|обе|все\s+три|всё|все)"
                   r"\s*,?\s+(если\s+[^()]*)\)", re.I)


def either_parts(text: str) -> list[str]:
    """The options of «A, либо B» inside one ability's words (outside quotes and parentheses);
    «получает либо A, либо B» gives «получает A», «получает B»; a duration closing the last option
    («получить {wolf} либо {human} до конца хода противника») closes each (spec §1); [] for none, and
    for options with their own «если …» outside parentheses, or every option with one (cases the
    condition decides, not a choice). A «(если …)» in parentheses on some options only stays with its
    option: it limits when that one may be taken (the first is free: «отравление, либо проклятие (если
    уже имеет отравление)»)."""
    text = text or ""
    if "либо" not in text.casefold():
        return []
    plain = re.sub(r"«[^«»]*»|\"[^\"]*\"|\([^()]*\)", lambda m: "#" * len(m.group(0)), text)
    cuts = [m.span() for m in _EITHER.finditer(plain)]
    if not cuts:
        return []
    parts, plains, last = [], [], 0
    for start, end in cuts:
        parts.append(text[last:start].strip(" ,"))
        plains.append(plain[last:start])
        last = end
    parts.append(text[last:].strip(" ,."))
    plains.append(plain[last:])
    if parts[0].lower().startswith("либо "):
        parts[0] = parts[0][5:].strip()
    elif len(parts) > 2 and "," not in plain[cuts[0][0]:cuts[0][1]]:
        head = parts.pop(0)                      # «получает либо A, либо B»: the head is shared
        plains.pop(0)
        parts = [f"{head} {p}" for p in parts]
    if_words = [bool(re.search(r"(?<!\w)если(?!\w)", p, re.I)) for p in parts]
    if not all(parts) or any(re.search(r"(?<!\w)если(?!\w)", p, re.I) for p in plains) or all(if_words):
        return []                    # cases: each option with its own «если …», the condition decides
    both = _BOTH.search(parts[-1])
    if both:
        parts[-1] = (parts[-1][:both.start()] + parts[-1][both.end():]).strip(" ,.")
    duration = _DURATION_END.search(parts[-1])
    if duration and not any(_DURATION_END.search(p) for p in parts[:-1]):
        parts[-1] = parts[-1][:duration.start()].strip(" ,")
        parts = [f"{p} {duration.group(1)}" for p in parts]
    return parts


def either_duration(text: str) -> str | None:
    """The duration that closes the last of «A либо B … до конца хода противника» and so each option."""
    parts = either_parts(text)
    found = _DURATION_END.search(parts[-1]) if parts else None
    return found.group(1) if found and all(p.endswith(found.group(1)) for p in parts) else None


def both_when(text: str) -> str | None:
    """The «если …» of «(совершите оба, если …)» closing a choice of one: then all the options are played."""
    found = _BOTH.search(text or "")
    return found.group(1).strip() if found else None


def any_chosen(text: str) -> list[tuple[str, str | None]]:
    """(«любое своё существо», who chooses: the subject before it, or None for the controller)."""
    out = []
    for found in _ANY_OWN.finditer(text or ""):
        subject = _CHOOSER_SUBJECT.search(text, 0, found.start()) if _OWN.search(found.group(0)) else None
        out.append((found.group(0), subject.group(1) if subject else None))
    return out


def open_target(text: str) -> bool:
    """An attack whose target the words leave to a player («Разряд на 1», «Выстрел на 2»); not one
    whose target is fixed («только по хозяину») or said to be chosen («цель» of an instruction:
    `open_object`)."""
    text = text or ""
    if _TARGET_FIXED.search(text):
        return False
    return bool(_ATTACK_ABILITY.match(text))


_WORDS = re.compile(r"[\w{}-]+")
_OBJECT = re.compile(r"^(?:существо|карту|клетку|цель)$", re.I)          # the accusative of one
# words that fix which one it is, or take them all: «это существо», «каждое существо», «себя»
_DETERMINED = frozenset({"это", "эту", "этого", "этих", "эти", "его", "её", "ее", "их", "все", "всех", "каждое",
                         "каждую", "каждого", "каждой", "себя", "себе", "выбранное", "выбранную", "любое",
                         "любую", "тот", "ту", "того", "той", "оба", "обе", "обоих", "данное", "данную"})
# «атакованное существо», «атакующее существо», «погибшее существо»: the event names which one
_DETERMINED_STEMS = ("атакованн", "атакующ", "погибш", "уничтоженн", "эт")


def open_object(text: str) -> str | None:
    """The creature or card an instruction leaves to a player: «ранить стоящее рядом существо на 2»,
    «покажите из колоды существо» → «существо»; None when the words fix it («это существо», «каждое
    существо», «выбранное …») or the sentence is not an instruction (an infinitive or imperative)."""
    words = _WORDS.findall(text or "")
    if not words or words[0].startswith("{") or not any(_OBJECT.match(w) for w in words[1:6]):
        return None
    if not _instruction(words[0].casefold()):
        return None
    for index, word in enumerate(words[1:6], start=1):
        low = word.casefold()
        if low in _DETERMINED or low.isdigit() or low.startswith(_DETERMINED_STEMS):
            return None
        if _OBJECT.match(low):
            # «на клетку, которую она занимала»: the relative clause fixes it
            rest = text[text.find(word) + len(word):]
            return None if re.match(r"\s*,\s*котор", rest) else word
    return None


@lru_cache(maxsize=8192)
def _instruction(word: str) -> bool:
    """An infinitive or an imperative (the controller's instruction), not «взять» (a draw)."""
    from berserk_judge.parser import morph_analyzer

    parse = morph_analyzer().parse(word)[0]
    if parse.normal_form in ("взять", "брать"):        # «взять карту»: drawn, not chosen
        return False
    return bool({"INFN"} & parse.tag.grammemes or {"VERB", "impr"} <= parse.tag.grammemes)


_OWN_ONE = re.compile(r"(?<!\w)(?:ваш|ваше|вашего|вашему|вашу|вашей|ваша)(?!\w)", re.I)
_NEXT = re.compile(r"\s+([а-яё-]+)", re.I)
# words before «ваше существо» that fix which one, or take them all
_OWN_FIXED = frozenset({"каждое", "каждого", "каждому", "каждую", "каждый", "каждой", "каждая", "каждые", "все", "всех",
                        "эта", "выбранная", "любая", "та", "данная", "атакованная", "первая", "последняя", "это", "этого",
                        "этому", "эту", "этот", "этой", "выбранное", "выбранного", "выбранную", "выбранный",
                        "любое", "любого", "любую", "любой", "то", "того", "тот", "ту", "данное", "данного",
                        "атакованное", "атакованного", "атакующее", "погибшее", "погибшего", "последнее",
                        "первое", "первого"})


_CARD_NOUNS = frozenset({"существо", "карта", "артефакт", "симбиот", "линунг", "герой", "слуа"})


@lru_cache(maxsize=16384)
def _first_parse(word: str) -> tuple[frozenset, str]:
    """(grammemes, normal form) of a word's first parse, once per word."""
    from berserk_judge.parser import morph_analyzer

    parse = morph_analyzer().parse(word.casefold())[0]
    return frozenset(parse.tag.grammemes), parse.normal_form


def own_one(text: str) -> str | None:
    """«ваше существо», «вашего слуа», «ваше стоящее рядом существо»: one of the controller's cards the
    words leave open (which one is his to choose), or None when a word before it fixes it («каждое ваше
    существо», «это ваше существо») or the words name several («ваши существа»)."""
    if "ваш" not in (text or "").casefold():
        return None
    plain = re.sub(r"«[^«»]*»|\"[^\"]*\"", lambda m: " " * len(m.group(0)), text or "")
    for found in _OWN_ONE.finditer(plain):
        before = re.findall(r"[а-яё]+", plain[:found.start()].casefold())[-2:]
        if any(word in _OWN_FIXED for word in before):
            continue
        if before and not re.search(r"[,;:—–(]\s*$", plain[:found.start()]) and "NOUN" in _first_parse(before[-1])[0]:
            continue                  # «бросок кубика вашей карты», «при гибели вашего существа»: whose, not which
        end = found.end()
        for _ in range(4):
            word = _NEXT.match(plain, end)
            if word is None:
                break
            end = word.end()
            low = word.group(1).casefold()
            tags, normal = _first_parse(low)
            if low == "слуа" or "NOUN" in tags:
                if ("plur" in tags and low != "слуа") or not (
                        low == "слуа" or "anim" in tags or normal in _CARD_NOUNS):
                    break             # «ваши существа»; «вашего хода», «вашей колоды»: no card to choose
                return text[found.start():end]
            if not tags & {"ADJF", "PRTF", "ADVB"}:
                break
    return None
