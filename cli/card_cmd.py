"""`berserk-judge card`: one card by id or forgiving name, with its readings and findings."""
from __future__ import annotations

import json
import sys

import click

from cli.russian import Choice, Command


@click.command(name="card", cls=Command)
@click.argument("query", metavar="ЗАПРОС")
@click.option("--base", "bases", multiple=True, type=click.Path(),
              help="База карт (файл или папка YAML); по умолчанию — настроенная или демо-база.")
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True, help="Формат вывода.")
def card(query, bases, fmt):
    """Карта по id или имени: характеристики, текст, каждая особенность
    (вид, оплата, условие, метка, тип и имя, каноническая и абстрактная
    запись, все чтения) и находки проверки.

    ЗАПРОС — id карты или имя; регистр, ё/е, дефисы и опечатки прощаются.
    Несколько близких карт — их список (id, имя, выпуск, сходство).

    Коды выхода: 0 — карта найдена, 1 — найдено несколько карт или ни одной,
    2 — ошибка вызова или настроек.
    """
    from cli.card_lookup import find_or_exit

    base, found, score = find_or_exit(query, bases, fmt)
    features, findings = _examine(base, found)
    if fmt == "json":
        from reports.canon import feature_record

        record = {"id": found.id, "name": found.name, "set": found.set_id, "set_name": found.set_name,
                  "fields": found.fields, "text": found.text, "score": score,
                  "features": [feature_record(f) for f in features],
                  "findings": [f.to_dict() for f in findings]}
        click.echo(json.dumps({"cards": [record], "candidates": []}, ensure_ascii=False, indent=2,
                              default=str))
        return
    from reports.card_view import render_card

    click.echo(render_card(found, features, findings, score), nl=False)


def _examine(base, found):
    """The card's features and its lint findings under the configured settings."""
    from cardbase.model import CardBase
    from lint.config import ConfigError, load_settings
    from lint.engine import lint_base
    from parser import read_card

    try:
        settings = load_settings()
    except ConfigError as exc:
        raise click.UsageError(f"ошибка настроек: {exc}") from None
    one = CardBase(cards=[found], problems=[p for p in base.problems if p.card_id == found.id],
                   paths=[found.path])
    findings = lint_base(one, settings).findings
    return read_card(found), findings
