"""A reading tree as nested boxes: the structure diagram of a feature.

Abilities are boxes; every connective is a labelled frame around its parts
(rule 505): «и» and «или»/«либо» side by side, «затем» and dependencies in
reading order with an arrow, conditions with their words in the label,
optional («может») parts dashed. Plain dicts, so report.json carries the same
shape the templates draw; the legend is made from the same table, so every
frame a diagram can show is explained.
"""
from __future__ import annotations

import re

from berserk_judge.parser import (All, Atom, Choice, Condition, Dependent, Either, Fallback, May,
                    OpponentFallback, Sequence)

# node class -> (css kind, label, hint for the reader, joiner between parts, layout)
_FRAMES = {
    All: ("all", "и", "все части играются независимо", "и", "row"),
    Choice: ("choice", "или", "выбор: играется одна из частей", "или", "row"),
    Either: ("either", "либо", "ровно одна из частей (505.5)", "либо", "row"),
    Sequence: ("sequence", "затем", "части играются по порядку", "затем", "column"),
    Dependent: ("dependent", "при этом", "правая часть — только если левая выполнена (505.4)",
                "при этом →", "column"),
    Fallback: ("fallback", "иначе", "правая часть — если левая невозможна или без эффекта",
               "иначе →", "column"),
    OpponentFallback: ("opponent", "отказ противника",
                       "правая часть — если противник не может или не хочет", "если противник отказался →",
                       "column"),
}
_MAY = ("may", "может", "необязательно: можно не играть")
_CONDITION = ("condition", "если …", "играется, только если условие выполнено")
# a condition that already starts with its own word needs no «если» in front («если когда …»)
_OPENER = re.compile(r"(?:если|когда|при|после|до|пока|вместо|в\s+начале|в\s+конце|в\s+случае|"
                     r"каждый\s+раз|всякий\s+раз)\b", re.IGNORECASE)


def condition_label(condition: str) -> str:
    """The label of a condition frame: «если У», or the condition itself when it has an opener."""
    condition = condition.strip()
    return condition if _OPENER.match(condition) else f"если {condition}"


def legend() -> list[dict]:
    """Every kind of frame a diagram can draw, with its label and what it means."""
    rows = [{"kind": kind, "label": label, "hint": hint, "layout": layout}
            for kind, label, hint, _joiner, layout in _FRAMES.values()]
    rows.append({"kind": _CONDITION[0], "label": _CONDITION[1], "hint": _CONDITION[2], "layout": "column"})
    rows.append({"kind": _MAY[0], "label": _MAY[1], "hint": _MAY[2], "layout": "column"})
    return rows


def diagram(node) -> dict:
    """The nested-box description of a tree node."""
    if isinstance(node, Atom):
        return {"t": "atom", "text": node.text}
    if isinstance(node, May):
        return {"t": "frame", "kind": _MAY[0], "label": _MAY[1], "hint": _MAY[2],
                "joiner": "", "layout": "column", "dashed": True, "items": [diagram(node.body)]}
    if isinstance(node, Condition):
        items = [diagram(node.body)]
        if node.orelse is not None:
            items.append(diagram(node.orelse))
        return {"t": "frame", "kind": _CONDITION[0], "label": condition_label(node.condition),
                "hint": _CONDITION[2], "joiner": "иначе →",
                "layout": "column", "dashed": False, "items": items}
    for cls, (kind, label, hint, joiner, layout) in _FRAMES.items():
        if isinstance(node, cls):
            parts = node.items if hasattr(node, "items") else (node.left, node.right)
            return {"t": "frame", "kind": kind, "label": label, "hint": hint, "joiner": joiner,
                    "layout": layout, "dashed": False, "items": [diagram(p) for p in parts]}
    return {"t": "atom", "text": str(node)}
