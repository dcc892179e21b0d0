"""`berserk-judge canon`: the canonical bracketed form of a text or a card."""
from __future__ import annotations

import json
import sys

import click

from cli.common import configured_base, read_stdin_text
from cli.russian import Choice, Command


@click.command(name="canon", cls=Command)
@click.argument("text", required=False, metavar="[ТЕКСТ]")
@click.option("--card", "card_key", metavar="ID_ИЛИ_ИМЯ",
              help="Взять текст карты из базы (по id или имени).")
@click.option("--base", "bases", multiple=True, type=click.Path(),
              help="База карт (файл или папка YAML); по умолчанию — настроенная или демо-база.")
@click.option("--all", "all_cards", is_flag=True,
              help="Все карты базы за один запуск (для сравнения версий базы).")
@click.option("--format", "fmt", type=Choice(["text", "json", "jsonl"]), default="text",
              show_default=True, help="Формат вывода; jsonl (карта на строку) — только с --all.")
@click.option("--abstract", is_flag=True,
              help="Пронумеровать способности С1, С2, … и вывести легенду.")
@click.option("--name", "card_name", metavar="ИМЯ",
              help="Имя карты: маскируется перед чтением (в нём бывают «и» и дефисы).")
def canon(text, card_key, bases, all_cards, fmt, abstract, card_name):
    """Каноническая запись каждой особенности: скобки по правилу 505.

    ТЕКСТ — текст особенностей (каждая строка или предложение — особенность);
    «-» читает текст со стандартного ввода. Абстрактный текст (С1, [С1], C1)
    сохраняет свои метки. Неоднозначный текст показывает все чтения, первое —
    по умолчанию.

    --all — чтения всех карт базы: текстом (по умолчанию; карта — строка
    «[id] имя», под ней её особенности), --format json — {"cards": [{"id",
    "name", "features": [...]}]}, --format jsonl — карта на строку.

    Коды выхода: 0 — всё прочитано, 1 — есть непрочитанные особенности,
    2 — ошибка вызова или нечитаемая база.
    """
    if all_cards:
        if text is not None or card_key is not None:
            raise click.UsageError("--all читает всю базу: ТЕКСТ и --card с ним не указываются")
        sys.exit(_canon_all(list(bases), fmt, abstract))
    if fmt == "jsonl":
        raise click.UsageError("--format jsonl — только вместе с --all")
    if (text is None) == (card_key is None):
        raise click.UsageError("укажите либо ТЕКСТ, либо --card (ровно одно из двух)")
    if text == "-":
        text = read_stdin_text()
    elif text is not None:
        _check_utf8(text, "ТЕКСТ")
    if card_name is not None:
        _check_utf8(card_name, "--name")
    card_id = None
    if card_key is not None:
        card = _find_card(card_key, list(bases))
        text, card_name, card_id = card.text, card_name or card.name, card.id
    features = _read(text, card_name)
    if fmt == "json":
        from reports.canon import feature_record

        payload = {"features": [feature_record(f) for f in features]}
        if card_id is not None:
            payload["card"] = card_id
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        from reports.canon import render_text

        for line in render_text(features, text, abstract):
            click.echo(line)
    unread = [f for f in features if f.reading is None and f.kind != "errata"]
    sys.exit(1 if unread else 0)


def _canon_all(bases: list[str], fmt: str, abstract: bool) -> int:
    """Every card's readings; the exit code."""
    from cardbase.load import format_problem, load_base
    from parser import read_card
    from reports.canon import card_record, render_text

    base = load_base(bases or configured_base())
    unreadable = [p for p in base.problems if p.kind == "unreadable"]
    for problem in unreadable:
        click.echo(f"Ошибка: {format_problem(problem)}", err=True)
    unread = False
    records = []
    for card in base.cards:
        features = read_card(card)
        unread = unread or any(f.reading is None and f.kind != "errata" for f in features)
        if fmt == "text":
            from reports.escape import visible

            click.echo(f"[{visible(card.id)}] {visible(card.name)}")  # one line, whatever the id holds
            for line in render_text(features, card.text, abstract, indent="  "):
                click.echo(line)
        elif fmt == "jsonl":
            click.echo(json.dumps(card_record(card, features), ensure_ascii=False))
        else:
            records.append(card_record(card, features))
    if fmt == "json":
        click.echo(json.dumps({"cards": records}, ensure_ascii=False, indent=2))
    return 2 if unreadable else (1 if unread else 0)


def _fail(message: str) -> None:
    click.echo(f"Ошибка: {message}", err=True)
    sys.exit(2)


def _check_utf8(value: str, what: str) -> None:
    """An argument with bytes that are not UTF-8 (Python keeps them as lone surrogates) is an error."""
    for index, ch in enumerate(value):
        if 0xD800 <= ord(ch) <= 0xDFFF:
            byte = f"байт 0x{ord(ch) - 0xDC00:02X}" if 0xDC80 <= ord(ch) <= 0xDCFF else f"U+{ord(ch):04X}"
            _fail(f"{what} не в кодировке UTF-8: {byte} в позиции {index + 1}; ожидается текст в UTF-8")


def _read(text: str, card_name: str | None):
    from parser import looks_abstract

    if looks_abstract(text):
        from parser import read_abstract

        return read_abstract(text)
    from parser import read_text

    return read_text(text, card_name)


def _find_card(key: str, bases: list[str]):
    from cardbase.load import load_base

    base = load_base(bases or configured_base())
    card = base.find(key)
    if card is None and base.problems:
        from cardbase.load import format_problem

        broken = [p for p in base.problems if p.kind == "unreadable"] or base.problems
        for problem in broken:
            click.echo(format_problem(problem), err=True)
        _fail(f"карта «{key}» не найдена, а база карт прочитана с ошибками ({len(broken)}, см. выше); "
              "исправьте базу или укажите другую (--base)")
    if card is None:
        from rapidfuzz import process

        names = {c.name: c for c in base.cards}
        close = process.extract(key, list(names), limit=3, score_cutoff=60)
        hint = ""
        if close:
            hint = " Может быть: " + ", ".join(f"{n} ({names[n].id})" for n, _, _ in close) + "?"
        raise click.UsageError(f"карта «{key}» не найдена в базе.{hint}")
    return card

