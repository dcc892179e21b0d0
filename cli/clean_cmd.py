"""`berserk-judge clean`: remove the lint cache folder."""
from __future__ import annotations

import sys

import click

from berserk_judge.cli.click_russian import Command


@click.command(name="clean", cls=Command)
@click.option("--config", "config_file", type=click.Path(dir_okay=False), default=None,
              help="Файл настроек, рядом с которым лежит кэш (вместо найденного).")
@click.option("--isolated", is_flag=True, help="Не искать файлы настроек: кэш в текущей папке.")
def clean(config_file, isolated):
    """Удалить кэш проверки .berserk-judge-cache/ (рядом с файлом настроек
    или в текущей папке — там, где его создаёт lint; другая папка —
    BERSERK_JUDGE_CACHE_DIR).

    Удаляется только папка, помеченная как кэш berserk-judge (файл
    CACHEDIR.TAG, его создаёт lint), и в ней — только то, что записал сам
    berserk-judge; чужие файлы остаются (о них выводится предупреждение),
    любую другую папку команда не трогает.

    Коды выхода: 0 — кэш удалён или его не было, 2 — папка не помечена как
    кэш, не удалось удалить или ошибка настроек.
    """
    from berserk_judge.cli.lint_run import cache_folder
    from berserk_judge.cardbase.cachedir import NotACache
    from berserk_judge.cardbase.cachedir import clean as remove_cache
    from berserk_judge.cardbase.atomic import describe_write_error
    from berserk_judge.lint.config import ConfigError, load_settings
    from berserk_judge.reports.escape import visible

    try:
        settings = load_settings(config_file=config_file, isolated=isolated)
    except ConfigError as exc:
        click.echo(f"Ошибка настроек: {visible(str(exc))}", err=True)
        sys.exit(2)
    folder = cache_folder(settings)
    shown = visible(str(folder))
    try:
        removed = remove_cache(folder)
    except NotACache as exc:
        click.echo(f"Ошибка: {visible(str(exc))}; ничего не удалено.", err=True)
        sys.exit(2)
    except OSError as exc:
        click.echo(f"Ошибка: не удалось удалить кэш {shown}: {describe_write_error(exc)}", err=True)
        sys.exit(2)
    if removed is None:
        click.echo(f"Кэша нет: {shown}")
    elif not removed:
        click.echo(f"Кэш удалён: {shown}")
    else:
        click.echo(f"Кэш очищен: {shown}")
        names = ", ".join(visible(str(path.relative_to(folder))) for path in removed[:5])
        more = ", …" if len(removed) > 5 else ""
        click.echo(f"Предупреждение: в папке кэша {plural_files(len(removed))}, которые berserk-judge не "
                   f"создавал: {names}{more}; они не удалены, папка остаётся.", err=True)


def plural_files(count: int) -> str:
    from berserk_judge.russian.plural import plural

    return f"{plural(count, 'остался', 'остались', 'осталось')} {count} {plural(count, 'файл', 'файла', 'файлов')}"
