"""`berserk-judge lint`: options → settings → load → lint → render → exit code."""
from __future__ import annotations

import sys

import click

from berserk_judge.cli.click_russian import Choice, Command, PositiveInt
from berserk_judge.lint.config import FORMATS


@click.command(name="lint", cls=Command)
@click.argument("paths", nargs=-1, type=click.Path(), metavar="[ПУТИ]...")
@click.option("--format", "output_format", type=Choice(FORMATS), default=None,
              help="Формат вывода: text (по умолчанию), json, sarif (GitHub code scanning), github (аннотации).")
@click.option("--output", "-o", "output", type=click.Path(dir_okay=False), default=None,
              help="Записать отчёт в файл вместо стандартного вывода.")
@click.option("--select", multiple=True, metavar="КОДЫ",
              help="Включить только эти правила: коды или префиксы через запятую (BJ1,BJ501), ALL — все.")
@click.option("--extend-select", multiple=True, metavar="КОДЫ",
              help="Включить правила в дополнение к выбранным.")
@click.option("--ignore", multiple=True, metavar="КОДЫ",
              help="Отключить правила: коды или префиксы через запятую (BJ5).")
@click.option("--extend-ignore", multiple=True, metavar="КОДЫ",
              help="Отключить правила в дополнение к настроенным.")
@click.option("--severity", type=Choice(["info", "warning", "error"]), default=None,
              help="Порог: показывать и учитывать в коде выхода только находки этой важности и выше "
                   "(по умолчанию — severity-threshold из настроек, иначе info: все находки).")
@click.option("--exit-zero", is_flag=True,
              help="Код выхода 0, даже если есть находки (ошибки чтения и настроек — всё равно 2).")
@click.option("--statistics", is_flag=True,
              help="Вместо находок — сколько раз сработало каждое правило.")
@click.option("--config", "config_file", type=click.Path(dir_okay=False), default=None,
              help="Файл настроек (pyproject.toml или berserk-judge.toml) вместо найденного.")
@click.option("--isolated", is_flag=True, help="Не читать файлы настроек.")
@click.option("--quiet", "-q", is_flag=True, help="Без итоговой строки.")
@click.option("--fix", is_flag=True,
              help="Исправить тексты карт в файлах YAML (безопасные исправления; прочтение не меняется).")
@click.option("--diff", is_flag=True,
              help="Показать исправления как unified diff, ничего не записывая (код 1 — есть что исправить).")
@click.option("--unsafe-fixes", is_flag=True,
              help="С --fix или --diff применять и небезопасные исправления (могут менять смысл текста).")
@click.option("--no-cache", "no_cache", is_flag=True,
              help="Не брать и не сохранять результаты в кэше .berserk-judge-cache/.")
@click.option("--jobs", "-j", type=PositiveInt(), default=None, metavar="N",
              help="Сколько файлов проверять одновременно, не меньше 1 (по умолчанию и не больше — по числу ядер).")
@click.option("--verbose", "-v", is_flag=True, help="Перечислить пропущенные файлы YAML, которые не являются файлами карт.")
def lint(paths, output_format, output, select, extend_select, ignore, extend_ignore, severity,
         exit_zero, statistics, config_file, isolated, quiet, fix, diff, unsafe_fixes, no_cache, jobs, verbose):
    """Проверка текстов карт: находки с кодом, местом и номерами правил.

    ПУТИ — файлы или папки базы карт YAML; по умолчанию — база из настроек
    (cardbase), иначе файлы карт в текущей папке и ниже (YAML с разделом
    cards; прочие YAML пропускаются, -v их перечисляет), а если их нет —
    демо-база, но только в терминале (в CI, pre-commit и вне терминала —
    «файлов карт нет», код 0). Пути демо-базой не заменяются; YAML без
    разделов cards и set пропускается и названный явно. Настройки: [tool.berserk-judge] в pyproject.toml
    или berserk-judge.toml (ближайший вверх от текущей папки); опции командной
    строки важнее файла. Подавление: «# noqa: BJ101» у текста карты или поле
    карты «noqa: [BJ101]». Описание правил: berserk-judge rule [КОД].

    Коды выхода: 0 — находок нет (на пороге и выше), 1 — есть находки,
    2 — ошибка опций, настроек или чтения входных файлов (находки в остальных
    файлах всё равно выводятся).

    Исправления: --fix записывает безопасные исправления в файлы базы (меняются
    только тексты карт; после исправления карта читается заново, и исправление,
    меняющее прочтение, не применяется), --diff показывает их, ничего не
    записывая, --unsafe-fixes добавляет небезопасные. С --select/--ignore
    исправляются только выбранные коды.
    """
    from berserk_judge.lint.config import ConfigError, load_settings, split_codes

    try:
        settings = load_settings(
            config_file=config_file, isolated=isolated,
            select=split_codes(select), extend_select=split_codes(extend_select),
            ignore=split_codes(ignore), extend_ignore=split_codes(extend_ignore),
            severity=severity, output_format=output_format)
    except ConfigError as exc:
        click.echo(f"Ошибка настроек: {visible_path(exc)}", err=True)
        sys.exit(2)

    from berserk_judge.cardbase.discover import default_targets
    from berserk_judge.cardbase.discover import expand_paths

    from berserk_judge.cli.demo_base import targets_without_demo

    targets, skipped, origin = default_targets(list(paths), settings.cardbase)
    targets, origin = targets_without_demo(targets, origin)
    if fix and not diff and targets is None:
        click.echo("Ошибка: --fix не записывает во встроенную демо-базу; укажите путь к своей базе "
                   "(или посмотрите исправления: --diff)", err=True)
        sys.exit(2)
    items = list(expand_paths(targets, skipped))
    inputs = [path for path, problem in items if problem is None]
    if fix and not diff and _demo_files(inputs):
        click.echo(f"Ошибка: --fix не записывает во встроенную демо-базу ({visible_path(_demo_files(inputs)[0])}); "
                   "скопируйте её и исправляйте копию (или посмотрите исправления: --diff)", err=True)
        sys.exit(2)
    if output:
        from berserk_judge.cli.common import check_output

        check_output("--output", output, inputs, settings.config_path, stream_ok=True)
    if verbose:
        for path in skipped:
            click.echo(f"пропущен (не файл карт: нет раздела cards): {visible_path(path)}", err=True)
    if targets and not items and skipped:   # only YAML that is no card file was named
        origin = f"файлов карт нет: {_skipped_note(len(skipped))}"
    if origin and not items and settings.format != "text" and not quiet:
        click.echo(f"Предупреждение: {origin}.", err=True)   # the report itself has no summary line
    failed = False
    if fix or diff:
        from berserk_judge.cardbase.load import load_base
        from berserk_judge.cli.lint_fix_output import fix_or_diff

        in_report = settings.format == "text" and not output and not statistics
        result, note, failed = fix_or_diff(load_base(targets), settings, diff=diff, unsafe=unsafe_fixes,
                                           quiet=quiet, in_report=in_report)
        result.origin = origin
        rendered = render(result, settings.format, statistics, quiet)
        summary_line, abnormal, count = _summary(result), result.abnormal, len(result.findings)
    else:
        from berserk_judge.cli.lint_run import lint_output

        def finish(result):
            result.origin = origin
            return render(result, settings.format, statistics, quiet)

        shown = lint_output(targets, settings, jobs=jobs, use_cache=not no_cache, quiet=quiet, items=items,
                            options=[settings.format, str(statistics), str(quiet), str(origin)],
                            render=finish, summary=_summary, warn=lambda text: click.echo(text, err=True))
        note, rendered, summary_line, abnormal, count = "", shown.rendered, shown.summary, shown.abnormal, \
            shown.findings
    if note and settings.format == "text" and not output:
        rendered += note + "\n"
    elif note:
        click.echo(note, err=True)

    if output:
        from berserk_judge.cardbase.atomic import describe_write_error, write_atomic
        from berserk_judge.reports.escape import visible

        try:
            write_atomic(output, rendered, stream_ok=True)
        except OSError as exc:
            click.echo(f"Ошибка: не удалось записать {visible(str(output))}: {describe_write_error(exc)}", err=True)
            sys.exit(2)
        if settings.format != "text" and not quiet:
            click.echo(summary_line, err=True)
    else:
        from berserk_judge.cli.safe_output import raw_stream

        # github's lines are workflow commands by design (their values escaped by reports.github):
        # past the guard every other output goes through (cli/safe_output.py)
        stream = raw_stream(sys.stdout) if settings.format == "github" else None
        for start in range(0, len(rendered), 1 << 20):  # in pieces: no second copy of a large report
            click.echo(rendered[start:start + (1 << 20)], nl=False, file=stream)
    if failed:
        sys.exit(2)
    sys.exit(exit_code(abnormal, count, exit_zero))


def _skipped_note(count: int) -> str:
    from berserk_judge.russian.plural import plural

    return (f"{plural(count, 'пропущен', 'пропущены', 'пропущено')} {count} "
            f"{plural(count, 'файл', 'файла', 'файлов')} YAML без разделов cards и set (-v их называет)")


def _demo_files(inputs) -> list[str]:
    """The inputs that are files of the bundled demo base, however they were named
    (the folder itself, a link to it, a file in it; with an editable install they
    are files of the checkout)."""
    import os

    from berserk_judge.cardbase.discover import demo_base_path

    demo = os.path.realpath(demo_base_path())
    return [path for path in inputs if os.path.realpath(path).startswith(demo + os.sep)]


def visible_path(path) -> str:
    from berserk_judge.reports.escape import visible

    return visible(str(path))


def _summary(result) -> str:
    from berserk_judge.reports.text import summary

    return summary(result)


def render(result, fmt: str, statistics: bool, quiet: bool) -> str:
    if fmt == "json":
        from berserk_judge.reports import json_report

        return json_report.render_statistics(result) if statistics else json_report.render(result)
    if fmt == "sarif":
        from berserk_judge.reports import sarif

        return sarif.render(result)
    if fmt == "github":
        from berserk_judge.reports import github

        return github.render(result)
    from berserk_judge.reports import text

    return text.render_statistics(result, quiet) if statistics else text.render(result, quiet)


def exit_code(abnormal: bool, findings: int, exit_zero: bool) -> int:
    """2 — unreadable input or a reader crash, 1 — findings (unless --exit-zero), 0 — none."""
    if abnormal:
        return 2
    if findings and not exit_zero:
        return 1
    return 0
