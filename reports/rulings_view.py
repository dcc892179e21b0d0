"""Judges' rulings as `card` and `explain --card` show them, from the stored records.

The rulings are card data (cardbase.rulings): the card index keeps them in each
card's record, so showing them reads nothing else. A name printed in several
sets usually carries the same ruling on every print: each ruling is shown once,
with the prints it is on when it is not on all of them. The report and the
editor's hover show the same list from loaded cards (`card_rulings`): the prints
are the cards of the name as `card` finds them (cardbase.lookup.with_printings).
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


def print_labels(records: list[dict]) -> list[tuple[dict, str]]:
    """(ruling, its print label) for every ruling of the printings, each once: «» when every print
    carries it, else «печать 20019» — and «; текст печати отличается» when none of the prints that
    carry it has the text shown first (a ruling on a reworded print may not hold for this one)."""
    all_ids = [record["card"]["id"] for record in records]
    texts = {record["card"]["id"]: " ".join((record["card"].get("text") or "").split()) for record in records}
    shown = texts.get(all_ids[0], "") if all_ids else ""
    out = []
    for ruling, ids in collected(records):
        label = ""
        if len(all_ids) > 1 and ids != all_ids:
            label = f"печать {', '.join(ids)}"
            if all(texts.get(i, "") != shown for i in ids):
                label += "; текст печати отличается"
        out.append((ruling, label))
    return out


def rulings_text(records: list[dict]) -> str:
    """The «Решения судей» block of a card's view (empty when the card has none), newline-terminated;
    a ruling stored on another print than all of them is labelled by print."""
    rulings = print_labels(records)
    if not rulings:
        return ""
    lines = [f"Решения судей ({len(rulings)}):"]
    for number, (ruling, label) in enumerate(rulings, start=1):
        block = ruling_lines(ruling, number)
        if label:
            block[0] += visible(f"  [{label}]")
        lines.extend(block)
    return "\n".join(lines) + "\n"


def printings_among(card, namesakes) -> list:
    """`card`, then its other printings among `namesakes` (loaded cards of its folded name, `card`
    itself may be one of them), in the order `card` lists them: cardbase.lookup.with_printings
    over those cards only, so a report of 10,000 cards does not scan the base for each."""
    from berserk_judge.cardbase.lookup import CardEntry, Catalogue, fold, with_printings

    others = [c for c in namesakes if c is not card]
    if not others:
        return [card]
    entries = [CardEntry(c.id, c.name, fold(c.name or ""), c.set_id or "", c.set_name or "", ref=c)
               for c in (card, *others)]
    return [entry.ref for entry in with_printings(Catalogue(entries), entries[0])]


def card_rulings(card, namesakes=()) -> list[tuple[object, str]]:
    """(ruling, print label) of a loaded card and its printings among `namesakes`, as `print_labels`
    gives them to `card` and `explain --card`: each ruling once, «печать ID» when not on every print."""
    if not namesakes and len(card.rulings) < 2:
        return [(ruling, "") for ruling in card.rulings]    # one print, nothing to tell apart: most cards
    printed = printings_among(card, namesakes)
    return print_labels([{"card": {"id": c.id, "text": c.text or "", "rulings": c.rulings}} for c in printed])


def ruled_namesakes(cards) -> dict[str, list]:
    """Loaded cards by folded name (cardbase.lookup.fold, as `card` compares names), only the names
    printed more than once with a ruling on some print: the other names show their own rulings."""
    from berserk_judge.cardbase.lookup import fold

    by_name: dict[str, list] = {}
    ruled = set()
    for card in cards:
        key = fold(card.name or "")
        if key:
            by_name.setdefault(key, []).append(card)
            if card.rulings:
                ruled.add(key)
    return {key: by_name[key] for key in ruled if len(by_name[key]) > 1}
