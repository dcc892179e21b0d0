"""`berserk-judge card`: one card by id, forgiving name or search, with its printings, readings and findings."""
from __future__ import annotations


import click

from berserk_judge.cli.click_russian import Choice, Command


@click.command(name="card", cls=Command)
@click.argument("query", metavar="ЗАПРОС")
@click.option("--base", "bases", multiple=True, type=click.Path(),
              help="База карт (файл или папка YAML); по умолчанию — настроенная или демо-база.")
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True, help="Формат вывода.")
def card(query, bases, fmt):
    """Карта по id, имени или поиску: характеристики, печати, текст, каждая
    особенность (вид, оплата, условие, метка, тип и имя, каноническая и
    абстрактная запись, все чтения) и находки проверки.

    ЗАПРОС — id карты или имя: регистр, ё/е, дефисы и опечатки прощаются,
    имя латиницей (Osklizg) и набранное в другой раскладке (Jcrkbpu)
    находится. Имя, напечатанное в нескольких выпусках, — одна карта со
    списком печатей. Поиск, как в Scryfall: o:ранить (текст), t:летающее
    (тип), c:горы (стихия), cost>=4, s:s1 (выпуск), kind:triggered (вид
    особенности), class:гном, r:кубик (решения судей: в списке найденных —
    слова решения); o: и r: находят слова в любой форме (r:рывок — «рывке»);
    условия через пробел, «-» перед условием — «не». По id карта
    показывается со всеми печатями её имени и их решениями судей.

    Коды выхода: 0 — найдена одна карта, 1 — ни одной (сообщение называет
    похожие имена), 2 — ошибка вызова, настроек или базы, 3 — подходят
    несколько карт (их список — на stdout), 4 — «похоже на …»: запрос
    одинаково близок к нескольким именам (например, «Боргвк» — к «Борг» и
    «Боргак»), карта не выбрана, обе в списке на stdout.
    """
    from berserk_judge.cli.lookup_shell import find_or_exit

    _, lookup, records = find_or_exit(query, bases, fmt)
    if fmt == "json":
        cards = [{"id": r["card"]["id"], "name": r["card"]["name"], "set": r["card"]["set"],
                  "set_name": r["card"]["set_name"], "fields": r["card"]["fields"], "text": r["card"]["text"],
                  "path": r["card"]["path"], "score": lookup.score, "features": r["features"],
                  "findings": r["findings"], "rulings": r["card"].get("rulings", [])} for r in records]
        from berserk_judge.reports.escape import json_text  # valid UTF-8 JSON always

        click.echo(json_text({"cards": cards, "candidates": [], "via": lookup.via}))
        return
    from berserk_judge.reports.card_view import render_card
    from berserk_judge.reports.rulings_view import rulings_text

    click.echo(render_card(records, lookup.score, lookup.via) + rulings_text(records), nl=False)
