"""The ONE table of the rules explanations rest on: number, edition, subject
and the words the rule's own text holds.

Every citation names a rule of the rulebook folder that says what the
statement says: its number as `rules` finds it (`114.1`, `505.4.2`, `505.3`
— the stable name of the unnumbered payment paragraph, `rulebook.names` —,
`505, пример 1` for a worked example, `114.1, пример` for a rule's example),
the edition (file stem) when the number is in several editions, and marker
words of the rule's text: a test resolves every citation `explain` makes on
the corpus and checks that the rule found holds the marker.

The two extracts of rule 505 number some rules differently (505.6 is «может»
in one edition and «в противном случае» in the other, 505.7 is X in one and
the opponent's refusal in the other): such a citation names its subject too.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# The editions of 505, by the file stems of the rulebook extracts.
EDITION_EXAMPLES = "000_9bdf050d0752382a"   # priority list, worked examples, 505.6 «может», 505.7 X
EDITION_NUMBERED = "001_fec2e4a9d21bd585"   # 505.3 (unnumbered), 505.4.1–505.8
KINDS = "003_0a4c9897c47b3fb6"              # 114–116


@dataclass(frozen=True)
class Ref:
    """One rule (or one example of a rule) a statement rests on."""

    number: str                 # as `rules` finds it: "116.3.1", "505.3", "505"
    edition: str                # file stem of the extract that says it
    marker: str                 # words the rule's text holds (white space folded)
    subject: str = ""           # short Russian subject, shown when the number is in two editions
    example: int | None = None  # the rule's example N (0: its one unnumbered example)

    @property
    def key(self) -> str:
        """The citation as `rules` takes it: `505.6`, `505, пример 1`, `114.1, пример`."""
        if self.example is None:
            return self.number
        return f"{self.number}, пример" + (f" {self.example}" if self.example else "")


_EX, _NUM = EDITION_EXAMPLES, EDITION_NUMBERED

# topic -> rule
RULES: dict[str, Ref] = {
    # 114–116: feature kinds
    "playable": Ref("114.1", KINDS, "Предпосылкой к объявлению играемой особенности может быть только воля игрока"),
    "playable-payment": Ref("114.1", KINDS, "обычно требуются ресурсы"),
    "playable-form": Ref("114.1", KINDS, "[оплата]: [тип способности] - [описание эффекта]"),
    "instant-moment": Ref("114.1", KINDS, "Объявить её можно в любой момент, когда игрок обладает приоритетом",
                          example=0),
    "instant": Ref("115.1", KINDS, "первым символом в оплате"),
    "conditional": Ref("115.1", KINDS, "должен также выполняться ряд игровых условий"),
    "conditional-moment": Ref("115.1", KINDS, "объявить её можно только в определённый момент", example=0),
    "conditional-form": Ref("115.1", KINDS, "[оплата]: [условие][тип способности] - [описание эффекта]"),
    "triggered": Ref("116.1", KINDS, "объявляется при выполнении определённых условий"),
    "triggered-form": Ref("116.1", KINDS, "[условие] – [тип способности] - [описание эффекта]"),
    "trigger-limit": Ref("116.2", KINDS, "может иметь ограничения применения"),
    "trigger-priority": Ref("116.3", KINDS, "как только игрок получает приоритет"),
    "trigger-attack": Ref("116.3.1", KINDS, "даже если не было нанесено ран, если не указано обратного"),
    "trigger-source": Ref("116.3.3", KINDS, "то речь идёт о самой карте"),
    "trigger-step": Ref("116.4", KINDS, "срабатывают при выполнении [текст] (на шаге наложения эффекта)"),
    "trigger-completion": Ref("116.4", KINDS, "срабатывают на шаге завершения способности"),
    "trigger-omitted": Ref("116.5", KINDS, "может не содержать условия срабатывания"),
    "trigger-mandatory": Ref("116.6", KINDS, "игрок обязан объявить эту срабатывающую особенность"),
    "trigger-optional": Ref("116.7", KINDS, "игрок может не объявлять эту срабатывающую особенность"),
    "trigger-once": Ref("116.8", KINDS, "вместо этого она срабатывает 1 раз"),
    "controller-chooses": Ref("116.8", KINDS, "по выбору игрока, контролирующего", example=0),
    # 505: compound features
    "all": Ref("505", _EX, "независимые друг от друга особенности", example=2),
    "sequence": Ref("505", _EX, "независимо от результата выполнения первых двух способностей", example=1),
    "dependent": Ref("505", _EX, "выполнение Способности 2 зависит от Способности 1", example=1),
    "dependent-execution": Ref("505", _EX, "если эта способность произвела какие-то эффекты", example=3),
    "dependent-semicolon": Ref("505.4.1", _NUM, "разделённые точкой с запятой"),
    "dependent-dash": Ref("505.4.2", _NUM, "разделённые тире"),
    "choice": Ref("505.5", _NUM, "использует одну из этих способностей на свой выбор"),
    "fallback": Ref("505.6", _NUM, "в противном случае", "«в противном случае»"),
    "fallback-effect": Ref("505", _EX, "а если не произвела – способность С8", example=3),
    "opponent": Ref("505.7", _NUM, "противник имеет право отказаться", "отказ противника"),
    "may": Ref("505.6", _EX, "контролирующий игрок может не объявлять", "«может»"),
    "may-mandatory": Ref("505.6", _EX, "переместиться обязан, если есть легальная клетка", "«может»",
                         example=2),
    "may-several": Ref("505.8", _NUM, "имеет право не объявлять некоторые из них"),
    "x": Ref("505.7", _EX, "на основе результата выполнения предыдущей способности", "X"),
    "x-payment": Ref("505.7", _EX, "не имеющий отношение к оплате", "X"),
    "payment": Ref("505.3", _NUM, "оплата происходит после того, как игрок пройдёт все её способности"),
}

# number -> the editions whose rules of that number mean different things
_EDITIONS_OF: dict[str, set[str]] = {}
for _ref in RULES.values():
    _EDITIONS_OF.setdefault(_ref.number, set()).add(_ref.edition)


def ambiguous_number(number: str) -> bool:
    """A number that is cited from both 505 editions with different meanings (505.6, 505.7)."""
    return len(_EDITIONS_OF.get(number, ())) > 1


def _cited(ref: Ref) -> str:
    text = ref.number
    if ambiguous_number(ref.number) and ref.subject:
        text += f" {ref.subject}"
    if ref.example is not None:
        text += ", пример" + (f" {ref.example}" if ref.example else "")
    return text


@lru_cache(maxsize=1024)
def cite(*topics: str) -> str:
    """«(505.4.1)», «(505.6 «может»; 505.8)», «(505, пример 1)»: the citation ending a statement."""
    parts = list(dict.fromkeys(_cited(RULES[topic]) for topic in topics))
    return "(" + "; ".join(parts) + ")" if parts else ""


@lru_cache(maxsize=1024)
def numbers(*topics: str) -> tuple[str, ...]:
    """The citations as `rules` takes them, one per distinct rule."""
    return tuple(dict.fromkeys(RULES[topic].key for topic in topics))


def new_quotes(rulebook, topics, quoted: set[tuple[str, str]]) -> str | None:
    """The quotes of the rules `topics` cite that `quoted` does not hold yet (it is updated):
    each rule (or example) is quoted once per reading, however many topics cite it."""
    if rulebook is None:
        return None
    texts = []
    for topic in topics:
        ref = RULES.get(topic)
        if ref is None or (ref.key, ref.edition) in quoted:
            continue
        quoted.add((ref.key, ref.edition))
        text = quote(rulebook, topic)
        if text:
            texts.append(text)
    return "\n".join(texts) or None


def _folded(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").split())


def rule_of(rulebook, topic: str):
    """The rule of a loaded rulebook a topic cites: found by its key, in its edition, holding its marker."""
    from berserk_judge.rulebook import by_number

    ref = RULES[topic]
    marker = _folded(ref.marker)
    for match in by_number(rulebook, ref.key):
        rule = match.rule
        if rule.source.startswith(ref.edition) and marker in _folded(rule.text):
            return rule
    return None


def quote(rulebook, topic: str) -> str | None:
    """The rule's own text (the example's sentence for an example) from a loaded rulebook; None when absent."""
    if rulebook is None:
        return None
    rule = rule_of(rulebook, topic)
    if rule is None:
        return None
    ref = RULES[topic]
    text = rule.own_text if ref.example is None else _sentence(rule.text, ref.marker)
    label = ref.key if ref.example is not None else rule.cited_number or rule.label
    return f"{label} [{rulebook.edition(rule)}]: {' '.join(text.split())}"


_SENTENCE_END = re.compile(r"\.\s+(?=[А-ЯЁA-Z])")


def _sentence(text: str, marker: str) -> str:
    """The sentence of a rule's text holding the marker (examples are long)."""
    flat = " ".join(text.split())
    at = _folded(flat).find(_folded(marker))
    if at < 0:
        return flat
    starts = [m.end() for m in _SENTENCE_END.finditer(flat, 0, at)]
    end = _SENTENCE_END.search(flat, at)
    return flat[starts[-1] if starts else 0: end.start() + 1 if end else len(flat)].strip()
