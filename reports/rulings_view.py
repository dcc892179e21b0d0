"""Judges' rulings as `card` and `explain --card` show them, from the stored records.

The rulings are card data (cardbase.rulings): the card index keeps them in each
card's record, so showing them reads nothing else. A name printed in several
sets usually carries the same ruling on every print: each ruling is shown once,
with the prints it is on when it is not on all of them.
"""
from __future__ import annotations

from berserk_judge.cardbase.rulings import identity
from berserk_judge.reports.escape import visible


def collected(records: list[dict]) -> list[tuple[dict, list[str]]]:
    """(ruling, ids of the prints that carry it) for every ruling of the printings, each once, in order."""
    found: dict[str, tuple[dict, list[str]]] = {}
    for record in records:
        card = record["card"]
        for ruling in card.get("rulings") or ():
            found.setdefault(identity(ruling), (ruling, []))[1].append(card["id"])
    return list(found.values())


def ruling_lines(ruling: dict, number: int, pad: str = "  ") -> list[str]:
    """One ruling: «1. Вопрос: …», «Ответ: …», then source, date and cited rules on one line."""
    inner = pad + " " * (len(str(number)) + 2)
    lines = []
    question, answer = ruling.get("question") or "", ruling.get("answer") or ""
    head = f"{pad}{number}. "
    for title, value in (("Вопрос", question), ("Ответ", answer)):
        if not value:
            continue
        parts = visible(value, keep="\n").split("\n")
        lines.append(f"{head if not lines else inner}{title}: {parts[0]}")
        lines.extend(f"{inner}  {part}" for part in parts[1:])
    about = []
    if ruling.get("source"):
        about.append(f"источник: {ruling['source']}")
    if ruling.get("date"):
        about.append(f"дата: {ruling['date']}")
    if ruling.get("rules"):
        about.append("правила: " + ", ".join(ruling["rules"]))
    if about:
        lines.append(inner + visible("; ".join(about)))
    return lines


def rulings_text(records: list[dict]) -> str:
    """The «Решения судей» block of a card's view (empty when the card has none), newline-terminated."""
    rulings = collected(records)
    if not rulings:
        return ""
    all_ids = [record["card"]["id"] for record in records]
    lines = [f"Решения судей ({len(rulings)}):"]
    for number, (ruling, ids) in enumerate(rulings, start=1):
        block = ruling_lines(ruling, number)
        if len(all_ids) > 1 and ids != all_ids:
            block[0] += visible(f"  [печать {', '.join(ids)}]")
        lines.extend(block)
    return "\n".join(lines) + "\n"
