"""`berserk-judge explain`: how each feature of a text or a card is played, step by step."""
from __future__ import annotations

import json
import sys

import click

from cli.russian import Choice, Command


@click.command(name="explain", cls=Command)
@click.argument("text", required=False, metavar="[ТЕКСТ]")
@click.option("--card", "card_query", metavar="ID_ИЛИ_ИМЯ",
              help="Объяснить текст карты из базы (id или имя; опечатки прощаются).")
@click.option("--base", "bases", multiple=True, type=click.Path(),
              help="База карт (файл или папка YAML); по умолчанию — настроенная или демо-база.")
@click.option("--name", "card_name", metavar="ИМЯ",
              help="Имя карты: маскируется перед чтением (в нём бывают «и» и дефисы).")
@click.option("--quote", is_flag=True,
              help="Под каждым шагом — текст правила из свода (нужен --rulebook или ключ rulebook).")
@click.option("--rulebook", "rulebook_dir", type=click.Path(), default=None, metavar="ПАПКА",
              help="Папка свода правил (файлы *.txt); по умолчанию — ключ rulebook в настройках.")
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True, help="Формат вывода.")
def explain(text, card_query, bases, card_name, quote, rulebook_dir, fmt):
    """Пошаговое объяснение, как разыгрывается каждая особенность: когда её
    можно объявить (114–116), кто что выбирает, что независимо, что зависит от
    успеха предыдущего, что необязательно (505), когда оплата и как считается
    X. Каждое утверждение заканчивается номером правила; у неоднозначного
    текста — объяснение для каждого чтения.

    ТЕКСТ — текст особенностей (абстрактный С1, С2, … или настоящий); «-»
    читает стандартный ввод.

    Коды выхода: 0 — всё объяснено, 1 — есть непрочитанные особенности или
    карта не найдена однозначно, 2 — ошибка вызова или свода правил.
    """
    if (text is None) == (card_query is None):
        raise click.UsageError("укажите либо ТЕКСТ, либо --card (ровно одно из двух)")
    if text == "-":
        text = sys.stdin.read()
    book = None
    if quote or rulebook_dir:
        from cli.rules_cmd import open_rulebook

        book = open_rulebook(rulebook_dir)
    card_id = None
    if card_query is not None:
        from cli.card_lookup import find_or_exit

        _, found, _ = find_or_exit(card_query, bases, fmt)
        text, card_name, card_id = found.text, card_name or found.name, found.id
        if fmt == "text":
            click.echo(f"{found.name}  [{found.id}]  выпуск {found.set_id} «{found.set_name}»\n")
    if not text.strip():
        click.echo("Ошибка: пустой текст — объяснять нечего.", err=True)
        sys.exit(1)
    from explain import explain_text, payload, render_text

    explanations = explain_text(text, card_name, rulebook=book if quote else None)
    if fmt == "json":
        click.echo(json.dumps(payload(explanations, card_id), ensure_ascii=False, indent=2))
    else:
        click.echo(render_text(explanations), nl=False)
    unread = [e for e in explanations if e.feature.reading is None]
    sys.exit(1 if unread else 0)
