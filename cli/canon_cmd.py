"""`berserk-judge canon`: the canonical bracketed form of a text or a card."""
from __future__ import annotations

import sys

import click

from berserk_judge.cli.common import configured_base, read_stdin_text
from berserk_judge.cli.click_russian import Choice, Command
from berserk_judge.reports.escape import visible


class _TextCommand(Command):
    """`canon "-1 от выстрелов."`: a card text may open with a minus sign; an argument that starts
    with «-» but holds a space or a non-Latin letter is the TEXT, never an option."""

    def parse_args(self, ctx, args):
        args = [("\0" + a if a.startswith("-") and len(a) > 1 and (" " in a or not a.isascii()) else a)
                for a in args]
        rest = super().parse_args(ctx, args)
        if isinstance(ctx.params.get("text"), str) and ctx.params["text"].startswith("\0"):
            ctx.params["text"] = ctx.params["text"][1:]
        return rest


@click.command(name="canon", cls=_TextCommand)
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

    --card ищет карту, как `card`: id с любым разделителем, имя с
    опечатками, латиницей или в другой раскладке.

    Коды выхода: 0 — всё прочитано, 1 — есть непрочитанные особенности
    (или карта --card не найдена, как у `card`), 2 — ошибка вызова или
    нечитаемая база, 3 — --card подходят несколько карт (список — на stdout).
    """
    if all_cards:
        if text is not None or card_key is not None:
            raise click.UsageError("--all читает всю базу: ТЕКСТ и --card с ним не указываются")
        sys.exit(_canon_all(list(bases), fmt, abstract))
    if fmt == "jsonl":
        raise click.UsageError("--format jsonl — только вместе с --all")
    if (text is None) == (card_key is None):
        raise click.UsageError("укажите ТЕКСТ, --card ЗАПРОС или --all (все карты базы) — ровно одно из трёх")
    if text == "-":
        text = read_stdin_text()
    elif text is not None:
        _check_utf8(text, "ТЕКСТ")
    if card_name is not None:
        _check_utf8(card_name, "--name")
    card_id = None
    if card_key is not None:
        from berserk_judge.cli.lookup_shell import find_or_exit

        # one lookup, answer and exit code for every command; the text is read here, no view is made
        _, _, records = find_or_exit(card_key, list(bases), fmt, views=False)
        found = records[0]["card"]
        text, card_name, card_id = found["text"] or "", card_name or found["name"], found["id"]
    features = _read(text, card_name)
    if fmt == "json":
        from berserk_judge.reports.canon import feature_record

        payload = {"features": [feature_record(f) for f in features]}
        if card_id is not None:
            payload["card"] = card_id
        from berserk_judge.reports.escape import json_text  # valid UTF-8 JSON always

        click.echo(json_text(payload))
    else:
        from berserk_judge.reports.canon import render_text

        for line in render_text(features, text, abstract):
            click.echo(line)
    unread = [f for f in features if f.reading is None and f.kind != "errata"]
    sys.exit(1 if unread else 0)


def _canon_all(bases: list[str], fmt: str, abstract: bool) -> int:
    """Every card's readings; the exit code."""
    from berserk_judge.cardbase.load import format_problem, load_base
    from berserk_judge.parser import read_card
    from berserk_judge.reports.canon import card_record, render_text

    from berserk_judge.cli.demo_base import lookup_base

    base = load_base(bases or lookup_base(configured_base()))
    unreadable = [p for p in base.problems if p.kind == "unreadable"]
    for problem in unreadable:
        click.echo(f"Ошибка: {visible(format_problem(problem))}", err=True)
    unread = False
    records = []
    for card in base.cards:
        features = read_card(card)
        unread = unread or any(f.reading is None and f.kind != "errata" for f in features)
        if fmt == "text":
            click.echo(f"[{visible(card.id)}] {visible(card.name)}")  # one line, whatever the id holds
            for line in render_text(features, card.text, abstract, indent="  "):
                click.echo(line)
        elif fmt == "jsonl":
            from berserk_judge.reports.escape import json_text  # valid UTF-8 JSON always

            click.echo(json_text(card_record(card, features), indent=None))
        else:
            records.append(card_record(card, features))
    if fmt == "json":
        from berserk_judge.reports.escape import json_text  # valid UTF-8 JSON always

        click.echo(json_text({"cards": records}))
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
    from berserk_judge.parser import looks_abstract

    if looks_abstract(text):
        from berserk_judge.parser import read_abstract

        return read_abstract(text)
    from berserk_judge.parser import read_text

    return read_text(text, card_name)


