"""Effects whose moment the rules fix (116.5), in one place for the reader and the linter.

A playable effect that redirects, blocks, reduces, cancels, reflects or prevents an attack, a
strike, a shot, a throw, a discharge or a spell can only be played when that event is declared:
it is a conditional playable feature (115) whose condition the rules supply, and a feature
with such an effect needs no trigger condition of its own (BJ205 stays silent), as for the
rulebook's Бешеный маг (spec §1, «Missing trigger conditions»).
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
