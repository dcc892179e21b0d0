"""Connective tokens: the alphabet the reading grammar is written over.

Both lexers produce these: the abstract lexer (`С1 и С2`) and the real-text
segmenter (card words). The grammar in `connectives.lark` never sees text,
only these kinds, so one grammar reads both.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from berserk_judge.parser.engine.quick_init import quick_init


# who may choose when it is not the controller (spec section 2): the MAY node records the word;
# the reader finds it in real text and the abstract lexer reads it back from a canonical form
CHOOSERS = ("противник", "соперник", "атакованный", "владелец")


class Kind(str, Enum):
    ATOM = "ATOM"                  # one ability: a label (С1) or real words
    COMMA = "COMMA"                # a bare comma between abilities (meaning resolved later)
    AND = "AND"                    # и
    OR = "OR"                      # или
    EITHER = "EITHER"              # либо
    THEN = "THEN"                  # затем
    DEP = "DEP"                    # при этом, при выполнении, ";", "–" (505.4)
    ELSE = "ELSE"                  # иначе, в противном случае
    OPP = "OPP"                    # если противник не может или не хочет (этого сделать)
    MAY = "MAY"                    # может, могут, вы можете (505.6)
    COND = "COND"                  # "если <условие> —": head of an in-effect condition
    OR_START = "OR_START"          # leading "Или" of the paired form "Или А, или Б"
    EITHER_START = "EITHER_START"  # leading "Либо" of "Либо А, либо Б"
    LPAR = "LPAR"
    RPAR = "RPAR"
    HEADING = "HEADING"            # a heading before an ability («воздействие «x» —»): the real-text
    #                                reader lists it in `headings` and never hands it to the grammar


@quick_init
@dataclass(frozen=True)
class Token:
    """One token with its character span in the text it was read from.

    `text` is the token's own source text; for ATOM the ability's words, for
    COND the condition's words (without "если" and the dash). `label` is the
    abstract label (С1, У1) when the input was abstract, else None.
    """

    kind: Kind
    text: str
    start: int
    end: int
    label: str | None = field(default=None)
    chooser: str | None = field(default=None)
