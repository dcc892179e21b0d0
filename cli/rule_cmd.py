"""`berserk-judge rule [КОД]`: the rule catalogue, or one rule's full doc."""
from __future__ import annotations

import sys

import click

from berserk_judge.cli.click_russian import Choice, Command


@click.command(name="rule", cls=Command)
@click.argument("code", required=False, metavar="[КОД]")
@click.option("--format", "fmt", type=Choice(["text", "markdown", "json"]), default="text",
              show_default=True, help="Формат: text, markdown (как docs/rules.md) или json.")
def rule(code, fmt):
    """Правила проверки: без КОДА — каталог (код, имя, важность, правила,
    суть); с КОДОМ (BJ101) или именем (ambiguous-grouping) — полное описание
    с плохим и хорошим примером.

    Коды выхода: 0 — готово; 2 — нет правила с таким кодом или именем
    (сообщение предлагает похожий код).
    """
    from berserk_judge.lint.registry import all_rules, closest_code, get_rule
    from berserk_judge.reports import catalogue

    if code is None:
        rules = list(all_rules())
        if fmt == "markdown":
            click.echo(catalogue.markdown(rules), nl=False)
        elif fmt == "json":
            click.echo(catalogue.as_json(rules), nl=False)
        else:
            click.echo(catalogue.table(rules), nl=False)
        return
    found = get_rule(code)
    if found is None:
        hint = closest_code(code)
        message = f"Ошибка: нет правила «{code}»."
        if hint:
            message += f" Возможно, имелось в виду {hint}."
        message += " Список: berserk-judge rule"
        click.echo(message, err=True)
        sys.exit(2)
    if fmt == "markdown":
        click.echo(catalogue.rule_markdown(found), nl=False)
    elif fmt == "json":
        click.echo(catalogue.as_json([found]), nl=False)
    else:
        click.echo(catalogue.rule_text(found), nl=False)
