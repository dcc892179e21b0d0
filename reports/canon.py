"""What `canon` shows: one record per feature, as text or as JSON-ready dicts.

Works on any object with the feature attributes (abstract or real), so the
command, the HTML report and tests share one view of a feature.
"""
from __future__ import annotations

import re

from berserk_judge.parser import abstract_canonical, atoms, canonical, choosers, reading_strings

_LIMIT_ONLY = re.compile(r"(?:\d+|[XХxх]|один|два|три|дважды|трижды)(?:\s+раз[а]?)?\s+за\s+(?:ваш\s+|свой\s+)?"
                         r"(?:ход|бой|игру)", re.I)


def feature_record(feature) -> dict:
    """The stable JSON record of one feature; `canon --format json` promises these keys."""
    reading = feature.reading
    record = {
        "line": feature.line,
        "kind": feature.kind,
        "payment": feature.payment,
        "condition": feature.condition,
        "label": feature.label,
        "ability_type": feature.ability_type,
        # the heading's name and range («воздействие «луч маяка», дальность 4 —»): a judge rules by the range
        "name": getattr(feature, "effect_name", None),
        "range": getattr(feature, "ability_range", None),
        "while": getattr(feature, "while_condition", None),   # a static feature's while-condition
        # limit, duration of the whole effect and who chooses: beside the tree, never lost (spec §1)
        "limit": annotation_text(feature, "limit"),
        "duration": annotation_text(feature, "duration"),
        "chosen_by": annotation_text(feature, "chooser"),
        # a heading after a connective, out of its atom's words, with the atom's number (spec §2)
        "headings": [h.record() for h in getattr(feature, "headings", ()) or ()],
        # «Вместо гибели» / «вместо этого»: it replaces an event or ability, at its moment (spec §1)
        "replacement": getattr(feature, "replacement", None),
        "canonical": None,
        "abstract": None,
        "atoms": [],
        "choosers": [],
        "ambiguous": False,
        "readings": [],
    }
    if reading is not None:
        record["canonical"] = canonical(reading.tree)
        record["abstract"] = abstract_canonical(reading.tree)[0]
        record["atoms"] = [atom.text for atom in atoms(reading.tree)]
        record["choosers"] = choosers(reading.tree)   # who chooses each «может» not the controller's
        record["ambiguous"] = reading.ambiguous
        record["readings"] = reading_strings(feature)
        record["pairs"] = sorted({p for alt in reading.alternatives for p in alt.pair_ids})
    error = feature.error
    record["error"] = None if error is None else {
        "message": error.message, "start": error.start, "end": error.end,
    }
    record["granted"] = [feature_record(g) for g in feature.granted]
    return record


def annotation_text(feature, kind: str) -> str | None:
    """The text of the feature's annotations of one kind («1 раз за ход»; two joined by «; »), or None.

    A limit that stands as the payment («1 раз за ваш ход: …», 114) is the feature's limit too.
    """
    found = [a.text for a in getattr(feature, "annotations", ()) or () if a.kind == kind]
    if kind == "limit" and not found and _LIMIT_ONLY.fullmatch(getattr(feature, "payment", None) or ""):
        found = [feature.payment]
    return "; ".join(found) or None


_BESIDE_ANNOTATIONS = (("limit", "лимит"), ("duration", "длительность"), ("chooser", "выбор"))


def card_record(card, features) -> dict:
    """One card of `canon --all`: id, name and the record of each feature."""
    return {"id": card.id, "name": card.name, "features": [feature_record(f) for f in features]}


def _beside(feature) -> str:
    """Payment, condition, label and type: reported beside the tree (spec section 4).

    An abstract feature has no name or while-condition, hence the getattr.
    """
    parts = []
    headings = getattr(feature, "headings", ()) or ()
    # a type taken from the first heading inside the effect is shown with that heading, once
    typed_by_heading = bool(headings) and getattr(feature, "ability_type_span", None) is None
    for attr, title in (("payment", "оплата"), ("condition", "условие"),
                        ("label", "метка"), ("ability_type", "тип")):
        value = getattr(feature, attr, None)
        if value and not (attr == "ability_type" and typed_by_heading):
            parts.append(f"{title}: {value}")
    name = getattr(feature, "effect_name", None)
    if name and not typed_by_heading:
        parts.append(f"имя: «{name}»")
    ability_range = getattr(feature, "ability_range", None)
    if ability_range and not typed_by_heading:
        parts.append(ability_range)  # «дальность 4» speaks for itself
    while_condition = getattr(feature, "while_condition", None)
    if while_condition:
        parts.append(while_condition)  # "Пока …" speaks for itself
    for kind, title in _BESIDE_ANNOTATIONS:
        value = annotation_text(feature, kind)
        if value and not (kind == "limit" and value == getattr(feature, "payment", None)):
            parts.append(f"{title}: {value}")
    for heading in headings:
        # a heading after a connective left its atom's words: shown here, never lost (spec §2)
        words = " ".join(w for w in (heading.type, f"«{heading.name}»" if heading.name else None, heading.range) if w)
        parts.append(f"заголовок С{heading.atom}: {words}")
    if getattr(feature, "replacement", None) and feature.replacement != getattr(feature, "condition", None):
        parts.append(f"замена: {feature.replacement}")
    return f"  [{'; '.join(parts)}]" if parts else ""


def render_text(features, text: str, abstract: bool = False, indent: str = "") -> list[str]:
    """Lines of the text view: canonical form per feature, readings and errors under it."""
    from berserk_judge.parser import PAIRS_BY_ID

    lines: list[str] = []
    for feature in features:
        reading = feature.reading
        if reading is None:
            if feature.kind == "errata":
                lines.append(f"{indent}[эррата] {feature.text.strip()}")
                continue
            lines.extend(indent + line for line in caret_lines(text, feature.error, feature))
            continue
        if abstract:
            form, legend = abstract_canonical(reading.tree)
        else:
            form, legend = canonical(reading.tree), []
        marker = "  [неоднозначно]" if reading.ambiguous else ""
        lines.append(f"{indent}{form}{_beside(feature)}{marker}")
        if reading.ambiguous:
            strings = reading_strings(feature, abstract)
            lines.append(f"{indent}  чтение 1 (по умолчанию): {strings[0]}")
            for number, (alt, string) in enumerate(zip(reading.alternatives, strings[1:]), start=2):
                why = "; ".join(PAIRS_BY_ID[p].left + " ↔ " + PAIRS_BY_ID[p].right
                                for p in alt.pair_ids)
                lines.append(f"{indent}  чтение {number}: {string}   ({why})")
        if abstract and feature.kind != "abstract":
            lines.extend(f"{indent}  {label} = {words}" for label, words in legend)
        if feature.granted:
            lines.extend(render_text(feature.granted, text, abstract, indent + "    » "))
    return lines


def caret_lines(text: str, error, feature) -> list[str]:
    """The unreadable line with a caret under the offending part, and the message."""
    from berserk_judge.cardbase.chars import show_invisible

    if error is None:
        return [f"строка {feature.line}: особенность не прочитана"]
    line_start = text.rfind("\n", 0, error.start) + 1
    line_end = text.find("\n", error.start)
    line_end = len(text) if line_end == -1 else line_end
    line_no = text.count("\n", 0, error.start) + 1
    column = error.start - line_start + 1
    width = max(1, min(error.end, line_end) - error.start)
    return [
        f"строка {line_no}, столбец {column}: {show_invisible(error.message)}",
        f"  {text[line_start:line_end]}",
        "  " + " " * (error.start - line_start) + "^" * width,
    ]
