"""Judges' rulings as card data: the `rulings:` list of a card and what it may hold.

A card may carry the questions and answers judges ruled on it::

    - id: '50006'
      name: Кровавый шаман
      rulings:
      - question: Если благословленный Кровавый шаман выкинул на кубике 1, чему будет равен следующий бросок?
        answer: Двум.
        source: sknsdev/berserk-tcg-tflite:web_assets/sets.json
        date: '2025-07-01'
        rules: ['116.3', 505.7]
      text: …

`answer` is required; `question` may be empty (a bare clarification); `rules`
are the rule numbers the ruling cites, read as written (`505.10` stays
`505.10`, never the number 505.1); `id` is the source's own id, when it has one.

A ruling is attached to a card when it is a well-formed entry of that card's
own `rulings:` list. "Attached to no card" (lint BJ602, problem kind
"ruling") is then: a `rulings:` list outside any card (at the top of a file,
in `set:`); an entry that is not a ruling (not a mapping, or with no answer),
which nothing can show under the card; and the rulings of a card the loader
skips (no id or name, a repeated id). A field of a ruling with the wrong kind
of value is a schema problem like any card field's (BJ003); the ruling stays.
"""
from __future__ import annotations

import re
from typing import Any

from berserk_judge.cardbase.model import Ruling
from berserk_judge.cardbase.schema import describe

RULING_KEYS = ("id", "question", "answer", "source", "date", "rules")
RULE_NUMBER = re.compile(r"\d{3}(?:\.\d+)*")     # a rule number as `rules:` holds it (the loader and import agree)
# a rule number cited in the prose of a ruling: «п. 539.4.1», «'523.3. Если …'», «(см. 512.5.5)»
_CITED = re.compile(r"(?<![\d.,])([1-9]\d{2}(?:\.\d+)+|(?<=п\. )[1-9]\d{2})(?![\d,]|\.\d)")


def cited_numbers(*texts: str) -> list[str]:
    """Rule numbers a ruling's text cites (dotted numbers, or «п. 506»), each once, in order."""
    found: dict[str, None] = {}
    for text in texts:
        for match in _CITED.finditer(text or ""):
            found.setdefault(match.group(1).rstrip("."), None)
    return list(found)


# a word, or a number with the sign glued to it: «-1» and «1» are other words, «Да, можно» and
# «да — можно» the same ones
_WORD = re.compile(r"(?:(?<!\w)[-+−–—](?=\d))?\w+")
_SIGNS = str.maketrans({"−": "-", "–": "-", "—": "-"})


def normalised(text: str) -> str:
    """A question or answer folded for identity: its words — case, ё/е, punctuation and spacing do
    not count; a sign glued to a number does («-1» is not «1»)."""
    text = (text or "").casefold().replace("ё", "е")
    return " ".join(_WORD.findall(text)).translate(_SIGNS)


def identity(ruling: Ruling | dict) -> str:
    """What makes two rulings the same: the source's id if it has one, else question and answer."""
    get = ruling.get if isinstance(ruling, dict) else (lambda key, default="": getattr(ruling, key, default))
    ruling_id = str(get("id", "") or "")
    if ruling_id:
        return "id:" + ruling_id
    return "qa:" + normalised(str(get("question", "") or "")) + "\0" + normalised(str(get("answer", "") or ""))


def read_rulings(loader, key_node, value_node, card_id: str | None) -> tuple[Ruling, ...]:
    """The rulings of one card's `rulings:` value; every slip reported through `loader.problem`."""
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    if isinstance(value_node, ScalarNode) and loader._value(value_node) is None:
        return ()          # `rulings:` with nothing: no rulings
    if not isinstance(value_node, SequenceNode):
        _detached(loader, value_node, card_id,
                  f"поле rulings — {describe(loader._value(value_node))}; ожидается список решений "
                  "«- question: … answer: …» (решения не показаны у карты)")
        return ()
    out = []
    for item in value_node.value:
        if not isinstance(item, MappingNode):
            _detached(loader, item, card_id,
                      f"элемент rulings — {describe(loader._value(item))}; ожидается решение: отображение "
                      "с полями question и answer (не показано у карты)")
            continue
        ruling = _ruling(loader, item, card_id)
        if ruling is not None:
            out.append(ruling)
    return tuple(out)


def _ruling(loader, node, card_id: str | None) -> Ruling | None:
    from ruamel.yaml.nodes import ScalarNode, SequenceNode

    fields = loader._mapping(node, "решение", card_id) or {}
    values: dict[str, Any] = {}
    for key, (key_node, v_node) in fields.items():
        if key not in RULING_KEYS:
            _at(loader, key_node, f"решение: неизвестное поле «{key}»; ожидается одно из: "
                f"{', '.join(RULING_KEYS)}", card_id)
            continue
        if key == "rules":
            items = v_node.value if isinstance(v_node, SequenceNode) else None
            if items is None or not all(isinstance(i, ScalarNode) and RULE_NUMBER.fullmatch(str(i.value)) for i in items):
                _at(loader, v_node, f"решение: поле rules — {describe(loader._value(v_node))}; ожидается "
                    "список номеров правил, например rules: ['505.7', '116.3']", card_id)
                continue
            values["rules"] = tuple(str(i.value) for i in items)
            values["rule_places"] = tuple((i.start_mark.line + 1, i.start_mark.column + 1, _end_column(i))
                                          for i in items)
            continue
        value = loader._value(v_node)
        if key == "id" and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if value is None and key != "answer":
            continue
        if not isinstance(value, str) and key == "answer":
            _detached(loader, v_node, card_id, f"решение: поле answer — {describe(value)}; ожидается "
                      "непустая строка — ответ судьи (решение не показано у карты)")
            return None
        if not isinstance(value, str):
            _at(loader, v_node, f"решение: поле {key} — {describe(value)}; ожидается строка", card_id)
            continue
        values[key] = value
    if not str(values.get("answer", "")).strip():
        _detached(loader, node, card_id,
                  "решение без ответа (поле answer пусто или его нет); ожидается answer: ответ судьи "
                  "(решение не показано у карты)")
        return None
    return Ruling(line=node.start_mark.line + 1, column=node.start_mark.column + 1, **values)


def _end_column(node) -> int:
    """The 1-based column just after a scalar written on one line (its quotes included)."""
    if node.end_mark.line == node.start_mark.line:
        return node.end_mark.column + 1
    return node.start_mark.column + 1 + len(str(node.value)) + (2 if node.style in ("'", '"') else 0)


def _at(loader, node, message: str, card_id: str | None) -> None:
    loader.problem(node.start_mark.line + 1, node.start_mark.column + 1, message, card_id)


def _detached(loader, node, card_id: str | None, message: str) -> None:
    loader.problem(node.start_mark.line + 1, node.start_mark.column + 1, message, card_id, kind="ruling")


def report_outside(loader, key_node, where: str) -> None:
    """A `rulings:` list outside any card (`where`: «на верхнем уровне файла», «в разделе set»)."""
    loader.problem(key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                   f"список rulings {where} не относится ни к одной карте; ожидается rulings внутри "
                   "карты, у которой эти решения (решения не показаны)", kind="ruling")


def report_skipped_card(loader, key_node, card_id: str | None) -> None:
    """The rulings of a card the loader skipped belong to no card of the base."""
    loader.problem(key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                   "решения карты, которая пропущена (см. сообщение о карте), не относятся ни к одной "
                   "карте базы; ожидается карта с id и name", card_id, kind="ruling")
