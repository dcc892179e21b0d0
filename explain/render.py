"""Explanations as data and as text: the JSON payload `explain --format json`
prints (and the card index keeps), and the text view rendered from it."""
from __future__ import annotations


def payload(explanations, card_id: str | None = None) -> dict:
    """The JSON-ready form of explanations: features → readings → steps."""
    features = []
    for explanation in explanations:
        feature = explanation.feature
        features.append({
            "line": feature.line, "kind": feature.kind, "text": feature.text.strip(),
            "read": getattr(feature, "reading", None) is not None,
            "readings": [{"canonical": head,
                          "steps": [{"text": s.text, "rules": list(s.rules), "depth": s.depth,
                                     "quote": s.quote, "topics": list(s.topics)} for s in steps]}
                         for head, steps in explanation.readings],
        })
    out: dict = {"features": features}
    if card_id is not None:
        out["card"] = card_id
    return out


def add_quotes(data: dict, rulebook) -> dict:
    """Fill in each step's rule quote from a loaded rulebook (each rule once per reading)."""
    from berserk_judge.explain.rulemap import new_quotes

    for feature in data["features"]:
        for reading in feature["readings"]:
            quoted: set[tuple[str, str]] = set()
            for step in reading["steps"]:
                step["quote"] = new_quotes(rulebook, step.get("topics", ()), quoted)
    return data


def mark_classes(data: dict, classes) -> dict:
    """A stored payload whose keyword statement names one of `classes` (the base's class data) is
    told as a class line instead: the index may have explained the card without class data."""
    import re

    from berserk_judge.explain.phrases import FEATURE

    known = {c.casefold() for c in classes or ()}
    keyword = re.compile("^" + re.escape(FEATURE["keyword"][0]).replace(re.escape("{word}"), "(.+?)") + "$")
    for feature in data["features"]:
        for reading in feature["readings"]:
            for step in reading["steps"]:
                found = keyword.match(step["text"])
                if found and found.group(1).casefold() in known:
                    step["text"] = FEATURE["class"][0].format(word=found.group(1))
    return data


def render_text(explanations, quotes: bool = True) -> str:
    """Features numbered, each reading headed by its canonical form, steps indented.

    Takes explanations or their payload (`payload`)."""
    data = explanations if isinstance(explanations, dict) else payload(explanations)
    lines: list[str] = []
    for number, feature in enumerate(data["features"], start=1):
        lines.append(f"Особенность {number} (строка {feature['line']}): {feature['text']}")
        readings = feature["readings"]
        several = len(readings) > 1
        if several:
            lines.append(f"  Текст неоднозначен: правила допускают {len(readings)} чтения; "
                         f"объяснение для каждого.")
        for index, reading in enumerate(readings, start=1):
            head = reading["canonical"]
            if several:
                title = "чтение 1 (по умолчанию)" if index == 1 else f"чтение {index}"
                lines.append(f"  {title}: {head}")
            else:
                lines.append(f"  {head}")
            for step in reading["steps"]:
                pad = "    " + "  " * step["depth"]
                lines.append(f"{pad}• {step['text']}")
                if quotes and step.get("quote"):
                    for quoted in step["quote"].splitlines():
                        lines.append(f"{pad}  │ {quoted}")
        lines.append("")
    return "\n".join(lines).rstrip("\n") + ("\n" if lines else "")
