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


# an in-effect moment opening an ability's words, closed by its dash (patterns.moment_extent)
_DELAYED = re.compile(r"^\s*((?:при|после|когда|в\s+начале|в\s+конце)\s[^—–;:()«»\"]*?)\s*(?:—|–|\s-\s)", re.I)
_IF = re.compile(r"(?<!\w)если(?!\w)", re.I)


def delayed_moment(text: str | None) -> str | None:
    """The moment an ability's own words put it off to («при гибели Бронзового дракона — вернуть …»
    gives «при гибели Бронзового дракона»), or None."""
    found = _DELAYED.match(text or "")
    if not found or _IF.search(found.group(1)):
        return None
    return found.group(1).strip()
