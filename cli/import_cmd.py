"""`berserk-judge import`: corpus JSONL → YAML card base, one file per set.

Only wiring: the work is `cardbase.importer.run_import`; this module prints
the summary and problems and picks the exit code.
"""
from __future__ import annotations

from pathlib import Path

import click

from berserk_judge.cli.click_russian import Command
from berserk_judge.russian.plural import plural


def _cards_word(count: int) -> str:
    return plural(count, "карта", "карты", "карт")


@click.command(name="import", cls=Command)
@click.argument("sources", nargs=-1, required=False, metavar="[ИСТОЧНИК...]",
                type=click.Path(path_type=Path, dir_okay=False))
@click.option("--out", "out_dir", required=False, metavar="ПАПКА",
              type=click.Path(path_type=Path, file_okay=False),
              help="Папка, куда записать базу карт YAML (по файлу на выпуск).")
@click.option("--force", is_flag=True,
              help="Перезаписать существующие файлы выпусков, даже если они изменены вручную.")
@click.option("--rulings", "rulings_file", metavar="ФАЙЛ", type=click.Path(path_type=Path, dir_okay=False),
              help="Добавить в базу --out решения судей из ФАЙЛА JSONL (по id карты или выпуску и имени).")
def import_cmd(sources: tuple[Path, ...], out_dir: Path, force: bool, rulings_file: Path | None) -> None:
    """Импорт корпуса JSONL в базу карт YAML.

    Каждая строка ИСТОЧНИКА — карта в формате корпуса (id, set, set_name,
    number, name, text, ...). Тексты переносятся без изменений. Повторный
    запуск даёт те же байты. Плохие строки пропускаются с сообщением;
    остальное импортируется. Выпуски с одинаковым именем файла получают
    разные файлы. Существующий файл с другим содержимым перезаписывается
    только с --force. Каждый файл перед записью читается обратно и сверяется
    с источником.

    С --rulings ФАЙЛ решения судей (строки JSONL: question, answer,
    source, date, rules, card_ids или set и name) добавляются к картам базы
    --out — после импорта ИСТОЧНИКОВ, если они даны. Решение, которое уже
    есть у карты, не добавляется второй раз; решение без карты в базе
    называется и пропускается.

    Код выхода: 0 — готово; 1 — ничего не импортировано (источник пуст,
    не в UTF-8 или все строки плохие); 2 — ошибка вызова, источник не читается,
    файл уже есть (без --force) или не прошёл сверку.
    """
    if not sources and rulings_file is None:   # the words click uses for a missing argument or option
        raise click.UsageError("не указан аргумент ИСТОЧНИК...\n"
                               "(чтобы только добавить решения судей в базу — укажите --rulings ФАЙЛ)")
    if out_dir is None:
        raise click.UsageError("не указана опция --out")
    from berserk_judge.cardbase.importer import run_import
    from berserk_judge.cardbase.load import format_problem
    from berserk_judge.cardbase.cachedir import marked_ancestor
    from berserk_judge.cli.common import in_cache
    from berserk_judge.reports.escape import visible

    if not sources:
        from berserk_judge.cli.rulings_import_cmd import merge_or_exit

        merge_or_exit(rulings_file, out_dir)
        return
    cache = marked_ancestor(out_dir)
    if cache is not None:
        click.echo(f"Ошибка: --out {visible(str(out_dir))}: {in_cache(cache)}; ничего не записано, "
                   "укажите другую папку.", err=True)
        raise SystemExit(2)
    from berserk_judge.cardbase.oserror import broken_link

    link = broken_link(out_dir)
    if link is not None:
        click.echo(f"Ошибка: --out {visible(str(out_dir))}: {link}; ничего не записано, "
                   "укажите папку.", err=True)
        raise SystemExit(2)
    try:
        result = run_import(list(sources), out_dir, force=force)
    except OSError as exc:
        from berserk_judge.cardbase.atomic import describe_write_error

        if isinstance(exc, (FileExistsError, NotADirectoryError)):
            reason = "на этом пути стоит файл, а не папка"
        else:
            reason = describe_write_error(exc)
        click.echo(f"Ошибка: не удалось записать базу в {visible(str(out_dir))} ({reason}).", err=True)
        raise SystemExit(2)
    for problem in result.problems:
        click.echo(visible(format_problem(problem)), err=True)
    if result.blocked:
        for path, reason in result.blocked:
            click.echo(f"{visible(str(path))}: {reason}", err=True)
        count = len(result.blocked)
        click.echo(f"Ошибка: ничего не записано: {count} {plural(count, 'файл', 'файла', 'файлов')} "
                   "базы записать нельзя (причины — выше).", err=True)
        raise SystemExit(2)
    if result.refused:
        for path in result.refused:
            click.echo(f"{visible(str(path))}: файл уже есть, и его содержимое отличается от импортируемого",
                       err=True)
        click.echo(f"Ошибка: ничего не записано: в {visible(str(out_dir))} уже есть файлы с другим содержимым "
                   f"({len(result.refused)}); чтобы перезаписать их, добавьте --force.", err=True)
        raise SystemExit(2)
    total = sum(len(s.cards) for s in result.sets)
    if not result.sets and not result.unreadable:
        click.echo("Ошибка: ничего не импортировано: ни одна строка источников не стала картой "
                   "(причины — выше); ничего не записано.", err=True)
        raise SystemExit(1)
    click.echo(f"Записано файлов: {len(result.written)} в {visible(str(out_dir))}; "
               f"всего {total} {_cards_word(total)}.")
    for set_data, path in zip(result.sets, result.written):
        count = len(set_data.cards)
        click.echo(f"  {visible(path.name)}: «{visible(set_data.name)}» ({visible(set_data.id)}) — "
                   f"{count} {_cards_word(count)}")
    skipped = sum(1 for problem in result.problems if problem.line > 0 and problem.kind == "schema")
    if skipped:
        click.echo(f"Пропущено строк: {skipped} (см. сообщения выше).", err=True)
    if result.failed:
        for path, reason in result.failed:
            click.echo(f"{visible(str(path))}: не записан ({reason})", err=True)
        count = len(result.failed)
        written = ", ".join(visible(path.name) for path in result.written) or "ни одного"
        click.echo(f"Ошибка: не записано {count} {plural(count, 'файл', 'файла', 'файлов')} базы (причины — выше); "
                   f"записаны: {written}.", err=True)
        raise SystemExit(2)
    if result.unreadable:
        click.echo(f"Не прочитано источников: {len(result.unreadable)}.", err=True)
        raise SystemExit(2)
    if rulings_file is not None:
        from berserk_judge.cli.rulings_import_cmd import merge_or_exit

        merge_or_exit(rulings_file, out_dir)
