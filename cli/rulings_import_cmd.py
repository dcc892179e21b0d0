"""`import --rulings`: print what the merge of judges' rulings did and pick the exit code.

Only wiring: the work is `cardbase.rulings_import.merge_rulings`. Exit codes as
the rest of import: 0 — done (rulings without a card in the base and bad lines
are named on stderr and skipped); 2 — the rulings file or the base cannot be
read, a file could not be written, or a ruling was left out because the file
would not read back with it (the others are written).
"""
from __future__ import annotations

from pathlib import Path

import click

from berserk_judge.russian.plural import plural


def merge_or_exit(rulings_file: Path, base_dir: Path) -> None:
    from berserk_judge.cardbase.load import format_problem
    from berserk_judge.cardbase.rulings_import import merge_rulings
    from berserk_judge.reports.escape import visible

    if not base_dir.is_dir():
        click.echo(f"Ошибка: --out {visible(str(base_dir))}: папки базы нет; решения добавляются в "
                   "существующую базу карт (сначала импортируйте карты).", err=True)
        raise SystemExit(2)
    result = merge_rulings(rulings_file, [str(base_dir)])
    placed = sorted(result.unplaced + result.guided, key=lambda problem: problem.line)
    for problem in result.problems + placed + result.refused:
        click.echo(visible(format_problem(problem)), err=True)
    if result.unreadable:
        click.echo("Ошибка: файл решений не прочитан; ничего не добавлено.", err=True)
        raise SystemExit(2)
    for path, reason in result.failed:
        click.echo(f"{visible(path)}: {reason}", err=True)
    added, cards, files = result.added, result.cards, len(result.written)
    click.echo(f"Решения: добавлено {added} {plural(added, 'решение', 'решения', 'решений')} к {cards} "
               f"{plural(cards, 'карте', 'картам', 'картам')} в {files} {plural(files, 'файле', 'файлах', 'файлах')}; "
               f"уже были в базе: {result.present}.")
    if result.unplaced:
        count = len(result.unplaced)
        click.echo(f"Не размещено: {count} (см. сообщения выше).", err=True)
    if result.guided:
        count = len(result.guided)
        click.echo(f"Размещено по полю source_card: {count} (см. сообщения выше).", err=True)
    if result.problems:
        click.echo(f"Пропущено строк: {len(result.problems)} (см. сообщения выше).", err=True)
    if result.refused:
        count = len(result.refused)
        click.echo(f"Ошибка: не добавлено {count} {plural(count, 'решение', 'решения', 'решений')}: их не удалось "
                   "вписать в файл базы (причины — выше); остальные записаны.", err=True)
    if result.failed:
        count = len(result.failed)
        click.echo(f"Ошибка: не записано {count} {plural(count, 'файл', 'файла', 'файлов')} базы "
                   "(причины — выше).", err=True)
        raise SystemExit(2)
    if result.refused:
        raise SystemExit(2)
