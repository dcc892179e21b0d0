"""`berserk-judge explain`: how each feature of a text or a card is played, step by step."""
from __future__ import annotations

import sys

import click

from berserk_judge.cli.click_russian import Choice, Command


@click.command(name="explain", cls=Command)
@click.argument("text", required=False, metavar="[ТЕКСТ]")
@click.option("--card", "card_query", metavar="ID_ИЛИ_ИМЯ",
              help="Объяснить текст карты из базы (id, имя или поиск, как у card; опечатки прощаются).")
@click.option("--base", "bases", multiple=True, type=click.Path(),
              help="База карт (файл или папка YAML); по умолчанию — настроенная или демо-база. С ТЕКСТОМ — "
                   "откуда взять названия классов (строка класса не путается с ключевым словом).")
@click.option("--name", "card_name", metavar="ИМЯ",
              help="Имя карты: маскируется перед чтением (в нём бывают «и» и дефисы).")
@click.option("--quote", is_flag=True,
              help="Под каждым шагом — текст правила из свода (нужен --rulebook или ключ rulebook).")
@click.option("--rulebook", "rulebook_dir", type=click.Path(), default=None, metavar="ПАПКА",
              help="Папка свода правил (файлы *.txt); по умолчанию — ключ rulebook в настройках.")
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True, help="Формат вывода.")
def explain(text, card_query, bases, card_name, quote, rulebook_dir, fmt):
    """Пошаговое объяснение, как разыгрывается каждая особенность: вид
    особенности и когда её можно объявить (114–116), кто что выбирает, что
    независимо, что зависит от успеха предыдущего, что необязательно (505),
    когда оплата и откуда берётся X. Номера правил — только те, что есть в
    своде и говорят именно это; где свод молчит, объяснение так и говорит. У
    неоднозначного текста — объяснение для каждого чтения.

    ТЕКСТ — текст особенностей (абстрактный С1, С2, … или настоящий); «-»
    читает стандартный ввод.

    Коды выхода: 0 — всё объяснено, 1 — есть непрочитанные особенности или
    карта не найдена, 2 — ошибка вызова или свода правил, 3 — запросу --card
    подходят несколько карт, 4 — запрос --card «похоже на …» несколько
    одинаково близких имён (как у card).
    """
    if (text is None) == (card_query is None):
        raise click.UsageError("укажите либо ТЕКСТ, либо --card (ровно одно из двух)")
    if text == "-":
        from berserk_judge.cli.common import read_stdin_text

        text = read_stdin_text()
    book = None
    if quote or rulebook_dir:
        from berserk_judge.cli.rules_cmd import open_rulebook

        book = open_rulebook(rulebook_dir)
    if card_query is not None:
        _explain_card(card_query, bases, book if quote else None, fmt)
        return
    if not text.strip():
        click.echo("Ошибка: пустой текст — объяснять нечего.", err=True)
        sys.exit(1)
    from berserk_judge.explain import explain_text, payload

    classes = _base_classes(bases) if bases else ()
    data = payload(explain_text(text, card_name, rulebook=book if quote else None, classes=classes))
    _print(data, fmt)
    sys.exit(1 if _unread(data) else 0)


def _explain_card(query: str, bases, book, fmt: str) -> None:
    """The card's stored explanation (every printing that reads differently), quotes added from the rulebook."""
    from berserk_judge.cli.lookup_shell import find_or_exit
    from berserk_judge.reports.card_view import card_heading, printing_label

    _, lookup, records = find_or_exit(query, bases, fmt)
    shown: dict[str, dict] = {}
    for record in records:
        shown.setdefault(record["reading"], record)
    datas = []
    for index, record in enumerate(shown.values()):
        data = record["explain"]
        classes = (record.get("card", {}).get("fields") or {}).get("class")
        if classes:                     # the card's own class line is its class, not a keyword
            from berserk_judge.explain import mark_classes

            mark_classes(data, classes if isinstance(classes, list) else [classes])
        if book is not None:
            from berserk_judge.explain import add_quotes

            add_quotes(data, book)
        datas.append(data)
        if fmt == "text":
            card = record["card"]
            if index:
                click.echo(f"\nТекст в печати {printing_label(card)} читается иначе:\n")
            else:
                click.echo(f"{card_heading(card)}\n")
            _print(data, fmt)
    if fmt == "text":
        from berserk_judge.reports.rulings_view import rulings_text

        block = rulings_text(records)
        click.echo("\n" + block if block else "", nl=False)
    if fmt == "json":
        from berserk_judge.reports.escape import json_text  # valid UTF-8 JSON always
        from berserk_judge.reports.rulings_view import collected

        out = dict(datas[0]) if len(datas) == 1 else {"card": datas[0].get("card"), "printings": datas}
        out["rulings"] = [ruling for ruling, _ in collected(records)]
        click.echo(json_text(out))
    sys.exit(1 if any(_unread(d) for d in datas) else 0)


def _base_classes(bases) -> frozenset[str]:
    """The class names of the bases' class data; files that cannot be read are named on stderr."""
    from berserk_judge.cardbase.load import format_problem, load_base
    from berserk_judge.explain.lines import class_names
    from berserk_judge.reports.escape import visible

    base = load_base(list(bases))
    for problem in base.problems:
        if problem.kind == "unreadable" or problem.line <= 0:
            click.echo(f"Предупреждение: {visible(format_problem(problem))}", err=True)   # a path: one line
    return class_names(base.cards)


def _print(data: dict, fmt: str) -> None:
    from berserk_judge.explain import render_text

    if fmt == "json":
        from berserk_judge.reports.escape import json_text  # valid UTF-8 JSON always

        click.echo(json_text(data))
    else:
        click.echo(render_text(data), nl=False)


def _unread(data: dict) -> bool:
    return any(not feature.get("read", True) for feature in data["features"])
