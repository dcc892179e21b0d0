"""Effects whose moment the rules fix (116.5), in one place for the reader and the linter.

A playable effect that redirects, blocks, reduces, cancels, reflects or prevents an attack, a
strike, a shot, a throw, a discharge or a spell can only be played when that event is declared:
it is a conditional playable feature (115) whose condition the rules supply, and a feature
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
FIXED_MOMENT = re.compile(
    r"^(?:[^\W\d_]+\s+){0,3}?"             # «Может», «Вы можете», «может вместо этого»
    r"(?:перенаправ[^\W\d_]*"                # redirecting is only possible on a declared attack
    r"|(?:блокир|отмен|отраз|отраж|предотвра)[^\W\d_]*\s+(?:[^\s.;]+\s+){0,3}?" + _EVENT +
    r"|(?:свест|свед|свод)[^\W\d_]*\s+[^.;]{0,80}?" + _EVENT + r"[^.;]{0,80}?\sк\s+слаб"
    r"|(?:уменьш|сниз)[^\W\d_]*\s+(?:на\s+\S+\s+)?(?:величин\w*\s+)?" + _EVENT + r")",   # «Уменьшить на 3 величину атаки»
    re.I)


def moment_fixed_by_rules(effect: str | None) -> bool:
    """Whether the effect acts on a declared attack, strike, shot, throw, discharge or spell (116.5)."""
    return bool(FIXED_MOMENT.match((effect or "").strip()))


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
