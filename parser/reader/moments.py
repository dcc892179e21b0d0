"""Effects whose moment the rules fix (116.5), in one place for the reader and the linter.

A playable effect that redirects, blocks, reduces, cancels, reflects or prevents an attack, a
strike, a shot, a throw, a discharge or a spell, or brings one to a strength or a value («свести …
к сильному», «… к 1»), can only be played when that event is declared: it is a conditional playable
feature (115) whose condition the rules supply (and so is one that brings a die roll to a value,
played at that roll), and a feature
with such an effect needs no trigger condition of its own (BJ205 stays silent), as for the
rulebook's Бешеный маг (spec §1, «Missing trigger conditions»).

An ability may also name its own later moment («при гибели … — вернуть …», «после этой атаки -
прыжок …»): with no «если» that moment is no CONDITION but the ability's own words (spec §2, §5),
and `delayed_moment` finds it for `explain` and BJ103.
"""
from __future__ import annotations

import re

from berserk_judge.parser.reader.names import fold

_EVENT = r"(?:атак|удар|\{(?:strike|uchr|direct)\}|выстрел|метани|разряд|заклинани)"
_LEAD = r"^(?:[^\W\d_]+\s+){0,3}?"              # «Может», «Вы можете», «может вместо этого»
_BRING = r"(?:свест|свед|свод)[^\W\d_]*\s+[^.;]{0,80}?"
FIXED_MOMENT = re.compile(
    _LEAD +
    r"(?:пере?направ[^\W\d_]*"              # redirecting is only possible on a declared attack (misspelt
                                             # «пернаправить» too: the lossy prints have it)
    r"|(?:блокир|отмен|отраз|отраж|предотвра)[^\W\d_]*\s+(?:[^\s.;]+\s+){0,3}?" + _EVENT +
    # «свести … атаку … к слабой / к сильному / к 1»: every bringing of a declared attack to a
    # strength or a value (116.5), not «к слабой» alone
    r"|" + _BRING + _EVENT + r"[^.;]{0,80}?\sк\s+[^\s.;]"
    # «уменьшить на 3 величину атаки», «уменьшить величину выбранного удара на 1», «… дальней атаки …»:
    # a change of a declared attack's value
    r"|(?:уменьш|сниз)[^\W\d_]*\s+(?:на\s+\S+\s+)?(?:величин\w*\s+)?(?:[^\W\d_]+\s+){0,2}?" + _EVENT +
    # «Выбранный разряд вашего линунга игнорирует {zor}»: an effect on an attack chosen as it is declared
    r"|выбранн[^\W\d_]*\s+(?:[^\W\d_]+\s+)?" + _EVENT + r")",
    re.I)
# «свести (выбранный) бросок кубика … к 1»: a change of a die roll, playable only at that roll
# and «уменьшить выбранный бросок кубика на 2», «увеличить бросок кубика … на 1»: a changed roll likewise
ROLL_MOMENT = re.compile(_LEAD + r"(?:" + _BRING + r"брос\w*\s+кубик[^.;]{0,80}?\sк\s+[^\s.;]"
                         r"|(?:уменьш|увелич|сниз|измен)[^\W\d_]*\s+(?:на\s+\S+\s+)?(?:[^\W\d_]+\s+){0,2}?"
                         r"брос\w*\s+кубик"
                         # «+1 или -1 к броску кубика», «перебросить кубик»: a roll changed or rolled again
                         r"|[+\-−]\s*[\dXХ]+\s+(?:или\s+[+\-−]\s*[\dXХ]+\s+)?к\s+брос\w*\s+кубик"
                         r"|перебр\w*\s+(?:[^\W\d_]+\s+){0,2}?кубик)", re.I)


# a redirect, block or cancel of the attack itself («может перенаправить эту атаку», «эта атака блокируется»): a
# trigger doing so fires at the attack's declaration; a changed value or strength is settled later (after the
# die roll: the judges' rulings on Атекар, Фагор), so it is not this moment
CHANGES_DECLARED = re.compile(
    _LEAD + r"(?:пере?направ|блокир|отмен)[^\W\d_]*\s+(?:[^\s.;]+\s+){0,3}?(?:" + _EVENT + r"|её|ее|его)"
    r"|^(?:[^\W\d_]+\s+){0,2}?(?:атак|удар|выстрел|метани|разряд)[^\W\d_]*\s+(?:[^\W\d_]+\s+)?"
    r"(?:пере?направл|блокир|отмен)", re.I)


def moment_fixed_by_rules(effect: str | None, rolls: bool = False) -> bool:
    """Whether the effect acts on a declared attack, strike, shot, throw, discharge or spell (116.5);
    with `rolls`, also whether it brings a die roll to a value («свести бросок кубика … к 1»): a
    playable feature doing so needs that roll as its condition (115), while a feature with no
    payment and no condition names no moment the spec's list of 116.5 fixes (BJ205 reports it)."""
    effect = (effect or "").strip()
    low = effect.lower()
    if _FIXED_STEMS.search(low) is None and not (rolls and "кубик" in low):
        return False          # a word every match holds is missing (most effects): no pattern is tried
    return bool(FIXED_MOMENT.match(effect) or (rolls and ROLL_MOMENT.match(effect)))


# a stem each branch of FIXED_MOMENT holds (every branch of ROLL_MOMENT holds «кубик»), lower case
_FIXED_STEMS = re.compile("направ|блокир|отмен|отраз|отраж|предотвра|свест|свед|свод|уменьш|сниз|выбранн")


# the first run of word characters: the text's first item is this run (or it with a hyphenated
# tail, which folds to no opener), so its folded form is a necessary test for both branches below
_FIRST_WORD = re.compile(r"\s*([^\W_]+)")
_OPENERS = frozenset({"при", "после", "в", "когда"})   # timing_extent's first words; «когда» also the verb test's


def delayed_moment(text: str | None) -> str | None:
    """The moment an ability's own words put it off to («при гибели Бронзового дракона — вернуть …»
    gives «при гибели Бронзового дракона»; lossy «когда погибают двое получить …» gives «когда
    погибают двое», by the verb test), or None: the reader's own patterns (`moment_extent`)."""
    text = text or ""
    if not text.lstrip()[:1].lower() in "пвк":       # при / после / в начале / в конце / когда
        return None
    first = _FIRST_WORD.match(text)
    if first is None or fold(first.group(1)) not in _OPENERS:
        return None   # the first item is no opener (most atoms): nothing to tokenise
    from berserk_judge.parser.reader.features import _protected
    from berserk_judge.parser.reader.patterns import cond_by_verb, moment_extent
    from berserk_judge.parser.reader.words import items

    _, prot = _protected(text, 0, len(text), None)
    seq = items(text, 0, len(text), prot)
    if not seq or seq[0].kind != "word":
        return None
    dash = moment_extent(seq, 0)
    if dash is not None:
        return text[seq[0].start:seq[dash - 1].end]
    if seq[0].is_word("когда"):
        found = cond_by_verb(seq, 0)
        if found is not None:
            return text[seq[0].start:seq[found[0] - 1].end]
    return None
