"""The card lookup `card` and `explain --card` share: base → card index → the card, or a clear exit.

Exit codes of a lookup: 0 — one card found, 1 — none, 2 — a call, settings or
base error, 3 — several cards match (they are listed on stdout), 4 — a close name
and another as close: «похоже на …», both listed, no card taken.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import click

FOUND, NOT_FOUND, ERROR, SEVERAL, GUESS = 0, 1, 2, 3, 4
MAX_LISTED = 50


def index_folder(settings) -> Path:
    """Where the card index lives: in the folder BERSERK_JUDGE_CACHE_DIR names, else in the
    user's cache folder (platformdirs), the same from any working folder (the index names
    each base by its resolved paths)."""
    from berserk_judge.cardbase.cachedir import CACHE_ENV
    from berserk_judge.cardbase.index import INDEX_DIR
    from berserk_judge.cli.lint_run import cache_folder

    if os.environ.get(CACHE_ENV):
        return cache_folder(settings) / INDEX_DIR
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("berserk-judge", appauthor=False)) / INDEX_DIR


def open_base(bases, rebuild: bool = False):
    """The indexed base of --base, of the configured base, or of the demo base; unreadable → exit 2."""
    from berserk_judge.cardbase.index import open_index
    from berserk_judge.lint.config import ConfigError, load_settings
    from berserk_judge.reports.card_digest import CardDigester

    try:
        settings = load_settings()
    except ConfigError as exc:
        from berserk_judge.reports.escape import visible

        raise click.UsageError(f"ошибка настроек: {visible(str(exc))}") from None
    bars = []

    def progress(total: int):
        from berserk_judge.cli.progress import DelayedProgress, wanted

        bars.append(DelayedProgress(total, "Указатель карт", wanted(False)))
        return bars[-1]

    try:
        from berserk_judge.cli.demo_base import lookup_base

        indexed = open_index(index_folder(settings), list(bases) or lookup_base(settings.cardbase),
                             CardDigester(settings), progress, rebuild)
    finally:
        for bar in bars:
            bar.close()
    if indexed.healed and not rebuild:
        from berserk_judge.reports.escape import visible

        click.echo(f"Предупреждение: указатель карт был повреждён ({visible(indexed.healed)}); "
                   f"построен заново.", err=True)
    fatal = [p for p in indexed.problems if p["kind"] == "unreadable" or p["line"] <= 0]
    if fatal and not indexed.ids:
        for problem in fatal:
            click.echo(f"Ошибка: {_problem_text(problem)}", err=True)
        sys.exit(ERROR)
    return indexed


def _problem_text(problem) -> str:
    if isinstance(problem, dict):
        from berserk_judge.cardbase.model import Problem

        problem = Problem(problem["path"], problem["line"], problem["column"], problem["message"],
                          problem.get("card_id"), problem.get("kind", "schema"))
    from berserk_judge.cardbase.load import format_problem
    from berserk_judge.reports.escape import visible

    return visible(format_problem(problem))   # a path with a newline is one line (no forged ::error)


def find(indexed, query: str):
    """The Lookup of a query: a search (`o:…`, `t:…`, …) or an id or name."""
    from berserk_judge.cardbase.lookup import Lookup, find_card, printings
    from berserk_judge.cardbase.query import QueryError, is_search, parse, search

    if not is_search(query):
        return find_card(indexed, query)
    try:
        terms = parse(query)
    except QueryError as exc:
        from berserk_judge.reports.escape import visible

        raise click.UsageError(f"поиск: {visible(str(exc))}") from None
    first: dict = {}                      # each name once, with its first printing found
    for entry in search(indexed, terms):
        first.setdefault(entry.folded_name, entry)
    if any(term.key == "class" for term in terms):
        _note_missing_classes(indexed)
    if len(first) == 1:
        return Lookup(printings(indexed, next(iter(first))), score=100.0)
    return Lookup(candidates=[(entry, 100.0) for entry in first.values()],
                  hits=_ruling_hits(indexed, terms, list(first.values())[:MAX_LISTED]))


def _ruling_hits(indexed, terms, entries) -> dict[str, str]:
    """For an `r:` search, the words of the ruling each listed card was found by (card id -> words)."""
    from berserk_judge.cardbase.rulings_search import ruling_hit, rulings_of_entry

    wanted = [term.value for term in terms if term.key == "rulings" and not term.negate]
    if not wanted:
        return {}
    hits = {}
    for entry in entries:
        rulings = rulings_of_entry(indexed, entry)
        found = next((hit for hit in (ruling_hit(rulings, value) for value in wanted) if hit), None)
        if found:
            hits[entry.id] = found
    return hits


def _note_missing_classes(indexed) -> None:
    """Say which cards a `class:` search cannot see: those without class data (a `class`
    field, or «Класс: …» in the text)."""
    columns = indexed.columns(["classes", "set_id"])
    missing = [n for n, classes in enumerate(columns["classes"]) if not classes]
    if not missing:
        return
    from berserk_judge.reports.escape import visible

    sets = list(dict.fromkeys(columns["set_id"][n] for n in missing))
    whole = [s for s in sets if all(not c for c, set_id in zip(columns["classes"], columns["set_id"]) if set_id == s)]
    shown = ", ".join(visible(str(s)) for s in sets[:12]) + (f" и ещё {len(sets) - 12}" if len(sets) > 12 else "")
    click.echo(f"Примечание: у {len(missing)} из {len(indexed.ids)} карт нет данных о классе (ни поля class, ни "
               f"«Класс: …» в тексте), class: их не находит; выпуски: {shown}"
               + (" (ни у одной карты выпуска: " + ", ".join(visible(str(s)) for s in whole[:12]) + ")" if whole else "")
               + ".", err=True)


def candidate_record(entry, score, hits=None) -> dict:
    out = {"id": entry.id, "name": entry.name, "set": entry.set_id, "set_name": entry.set_name, "score": score}
    if hits and entry.id in hits:
        out["ruling"] = hits[entry.id]
    return out


def candidate_lines(candidates, hits=None) -> list[str]:
    """One tab-separated line a candidate: id, name, set, score — and, for an `r:` search, the words of
    the ruling it was found by."""
    from berserk_judge.reports.escape import visible

    hits = hits or {}
    lines = [visible(f"  {entry.id}\t{entry.name}\t{entry.set_id} «{entry.set_name}»", keep="\t") + f"\t{score:g}"
             + (visible(f"\tрешение: «{hits[entry.id]}»") if entry.id in hits else "")
             for entry, score in candidates[:MAX_LISTED]]
    if len(candidates) > MAX_LISTED:
        lines.append(f"  … и ещё {len(candidates) - MAX_LISTED}")
    return lines


def report_miss(query: str, lookup) -> None:
    """Several cards or none: the message on stderr (the list itself on stdout); none
    names the closest names below the clear score («похожие»)."""
    from berserk_judge.reports.escape import visible

    query = visible(query)
    if lookup.guess:
        names = " или ".join(f"{entry.name} ({entry.id})" for entry, _ in lookup.candidates)
        click.echo(f"«{query}» — похоже на {visible(names)}: эти имена почти одинаково близки к запросу, "
                   f"карта не выбрана; уточните запрос или укажите id:", err=True)
    elif lookup.candidates:
        click.echo(f"Запросу «{query}» подходят несколько карт ({len(lookup.candidates)}); уточните запрос "
                   f"или укажите id:", err=True)
    else:
        similar = "; ".join(f"{entry.name} ({entry.id}, {score:g})" for entry, score in lookup.similar[:5])
        click.echo(f"Ошибка: карта «{query}» не найдена в базе (ни по id, ни по имени, ни в латинской "
                   f"записи или другой раскладке)." + (f" Похожие: {visible(similar)}." if similar else ""),
                   err=True)


def find_or_exit(query: str, bases, fmt: str = "text", views: bool = True):
    """(indexed base, lookup, records of the printings found) of the one card the query names;
    otherwise the candidates are listed (as text, or as `{"cards": [], "candidates": [...]}`
    JSON) and the exit code is 3 (several) or 1 (none). An index entry broken under the lookup
    is built anew once. `views=False`: the records without their views (the card's fields only)."""
    from berserk_judge.cardbase.index import IndexDamaged
    from berserk_judge.reports.escape import visible

    for attempt in (0, 1):
        indexed = open_base(bases, rebuild=bool(attempt))
        try:
            lookup = find(indexed, query)
            records = (indexed.records(lookup.cards) if views   # their views made now if never shown before
                       else [indexed.record(entry) for entry in lookup.cards])
            break
        except IndexDamaged as exc:
            if attempt:
                click.echo(f"Ошибка: {visible(str(exc))}", err=True)
                sys.exit(ERROR)
            click.echo(f"Предупреждение: указатель карт был повреждён ({visible(str(exc))}); "
                       f"построен заново.", err=True)
    if indexed.views_healed:
        click.echo(f"Предупреждение: указатель карт был повреждён ({visible(indexed.views_healed)}); "
                   f"построен заново.", err=True)
    if lookup.card is None:
        report_miss(query, lookup)
        if fmt == "json":
            from berserk_judge.reports.escape import json_text  # valid UTF-8 JSON always

            rows = [candidate_record(entry, score, lookup.hits) for entry, score in lookup.candidates]
            out = {"cards": [], "candidates": rows}
            if lookup.guess:
                out["guess"] = True
            if lookup.similar:
                out["similar"] = [candidate_record(entry, score) for entry, score in lookup.similar]
            click.echo(json_text(out))
        else:
            for line in candidate_lines(lookup.candidates, lookup.hits):
                click.echo(line)
        sys.exit(GUESS if lookup.guess else SEVERAL if lookup.candidates else NOT_FOUND)
    return indexed, lookup, records
