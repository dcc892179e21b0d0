"""The card lookup both `card` and `explain --card` use: base → card, or a clear exit."""
from __future__ import annotations

import sys

import click

from cli.common import configured_base


def load(bases):
    """The given base, the configured one, or the demo base; unreadable → exit 2."""
    from cardbase.load import format_problem, load_base

    base = load_base(list(bases) or configured_base())
    fatal = [p for p in base.problems if p.kind == "unreadable" or p.line <= 0]
    if fatal and not base.cards:
        for problem in fatal:
            click.echo(f"Ошибка: {format_problem(problem)}", err=True)
        sys.exit(2)
    return base


def candidate_record(card, score) -> dict:
    return {"id": card.id, "name": card.name, "set": card.set_id, "set_name": card.set_name,
            "score": score}


def candidate_lines(candidates) -> list[str]:
    return [f"  {card.id}\t{card.name}\t{card.set_id} «{card.set_name}»\t{score:g}"
            for card, score in candidates]


def report_miss(query: str, lookup) -> None:
    """Several close cards or none: the message on stderr (the list itself on stdout)."""
    if lookup.candidates:
        click.echo(f"Запросу «{query}» подходят несколько карт; уточните имя или укажите id:", err=True)
    else:
        click.echo(f"Ошибка: карта «{query}» не найдена в базе (ни по id, ни по имени).", err=True)


def find_or_exit(query: str, bases, fmt: str = "text"):
    """(base, card, score) of the one card the query names; otherwise the candidates are listed
    (as text, or as `{"cards": [], "candidates": [...]}` JSON) and the exit code is 1."""
    from cardbase.lookup import find_card

    base = load(bases)
    lookup = find_card(base, query)
    if lookup.card is None:
        report_miss(query, lookup)
        if fmt == "json":
            import json

            records = [candidate_record(card, score) for card, score in lookup.candidates]
            click.echo(json.dumps({"cards": [], "candidates": records}, ensure_ascii=False, indent=2))
        else:
            for line in candidate_lines(lookup.candidates):
                click.echo(line)
        sys.exit(1)
    return base, lookup.card, lookup.score
