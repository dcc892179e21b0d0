"""`berserk-judge report`: load → lint → (compare) → page model → site or Markdown file."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from berserk_judge.cli.click_russian import Choice, Command, NonNegativeInt

TITLE = "Отчёт об эррате"


def _at_least_one(ctx, param, value):  # noqa: ANN001, ANN202 - click callback
    if value < 1:
        raise click.BadParameter(f"{value} — число должно быть не меньше 1", ctx, param)
    return value


@click.command(name="report", cls=Command)
@click.argument("paths", nargs=-1, type=click.Path(), metavar="[ПУТИ]...")
@click.option("--out", "out", required=True, metavar="ПУТЬ", type=click.Path(path_type=Path),
              help="Папка сайта (html) или файл .md (markdown; «-» — стандартный вывод).")
@click.option("--all", "all_cards", is_flag=True, help="Подробная запись у каждой карты (html); в markdown — все карты, а не только с находками.")
@click.option("--compare", "compare_with", metavar="СТАРАЯ", type=click.Path(),
              help="Старая версия базы (файл или папка YAML): изменённые, новые и удалённые карты.")
@click.option("--format", "output_format", type=Choice(["html", "markdown"]), default="html",
              help="html — статический сайт (по умолчанию), markdown — один файл со списком эрраты.")
@click.option("--page-size", type=NonNegativeInt(), default=200, callback=_at_least_one,
              help="Сколько карт на одной странице сайта (по умолчанию 200; длинный выпуск делится на части).")
def report(paths, out, all_cards, compare_with, output_format, page_size):
    """Отчёт об эррате: статический сайт (или Markdown) по базе карт.

    ПУТИ — файлы или папки базы карт YAML; по умолчанию — база из настроек,
    иначе файлы карт в текущей папке и ниже, а если их нет — демо-база (только
    в терминале; вне его — «файлов карт нет», код 0). На сайте: сводка (находки по кодам, важности и выпускам,
    доля прочитанных особенностей, неоднозначные тексты), запись каждой
    карты с якорем #id — подробная (характеристики, текст с подчёркнутыми
    находками, объяснение особенностей, находки, предлагаемая редакция с
    итоговым текстом, схема строения, эррата) у карты с находками, эррата
    или изменением, краткая у остальных (--all — подробная у каждой); поиск,
    находящий карту, как card (опечатки, латиница, раскладка), и формы
    слов. ПУТЬ/report.json — где какая карта, её находки и изменения, и
    перечень файлов отчёта: повторный отчёт заменяет только их, непустую
    папку без него не трогает. --compare СТАРАЯ — что изменилось между
    версиями: смысл, формулировка, типографика, характеристики, название.

    Коды выхода: 0 — отчёт записан (даже если есть находки); 2 — ошибка
    вызова, настроек, записи или базы не прочитаны.
    """
    from berserk_judge.cardbase.load import format_problem, load_base
    from berserk_judge.lint.config import ConfigError, load_settings
    from berserk_judge.lint.engine import lint_base
    from berserk_judge.reports.escape import visible
    from berserk_judge.reports.html import model as page_model

    started = time.perf_counter()
    try:
        settings = load_settings()
    except ConfigError as exc:
        click.echo(f"Ошибка настроек: {visible(str(exc))}", err=True)
        sys.exit(2)
    from berserk_judge.cardbase.discover import default_targets
    from berserk_judge.cli.demo_base import targets_without_demo

    targets, skipped, origin = default_targets(list(paths), settings.cardbase)
    targets, origin = targets_without_demo(targets, origin)
    if targets == []:
        click.echo(f"Отчёт не записан: {origin}.", err=True)
        sys.exit(0)
    base = load_base(targets)
    reader = page_model.shared_reader()
    result = lint_base(base, settings, reader=reader)
    if not base.cards and result.load_errors:
        for error in result.load_errors:
            click.echo(f"Ошибка: {visible(error.path)}: {error.message}", err=True)
        sys.exit(2)
    inputs = [*(targets or ()), *base.paths, *base.skipped]
    changes = None
    if compare_with is not None:
        from berserk_judge.reports.html.compare import compare

        old_base = load_base([compare_with])
        for problem in old_base.problems:
            click.echo(f"{visible(format_problem(problem))} (старая версия)", err=True)
        if not old_base.cards:
            click.echo(f"Ошибка: в старой версии {visible(compare_with)} нет ни одной карты.", err=True)
            sys.exit(2)
        inputs += [compare_with, *old_base.paths, *old_base.skipped]
        old_reader = page_model.shared_reader()
        old_result = lint_base(old_base, settings, reader=old_reader)
        changes = compare(old_base, base, _by_card(old_result.findings), _by_card(result.findings),
                          old_reader=old_reader, new_reader=reader)
    if output_format == "markdown" and str(out) != "-":
        from berserk_judge.cli.common import check_output

        if out.is_dir():
            out = out / "errata.md"
        check_output("--out", out, inputs, settings.config_path)   # before the pages are built
    model = page_model.build(base, result, all_cards=all_cards, changes=changes,
                             page_size=page_size, sources=targets or None, reader=reader,
                             pack=output_format == "html")   # the site reads the entries one at a time
    abnormal = result.abnormal
    # the model has what the pages show: the bases, lint results and readings go before the pages
    # are written, which then reuses their memory (10,000 cards: peak 368 → 350 MB)
    del base, result, reader
    old_base = old_result = old_reader = None  # noqa: F841
    if output_format == "markdown":
        _write_markdown(model, out, all_cards)
    else:
        _write_html(model, out, inputs)
    seconds = time.perf_counter() - started
    summary = model["summary"]
    where = "стандартный вывод" if str(out) == "-" else visible(str(out))
    click.echo(f"Отчёт записан: {where}; карт: {summary['cards']}, с подробной записью: {summary['full_entries']}, "
               f"находок: {summary['findings']}"
               + (f", изменений: {len(changes)}" if changes is not None else "")
               + f"; {seconds:.1f} с.", err=True)
    sys.exit(2 if abnormal else 0)


def _by_card(findings) -> dict[str, list]:
    out: dict[str, list] = {}
    for finding in findings:
        if finding.card:
            out.setdefault(finding.card, []).append(finding)
    return out


def _write_html(model: dict, out: Path, inputs: list) -> None:
    from berserk_judge.reports.html.output import OutputError, write_site
    from berserk_judge.reports.html.site import render_pages

    try:
        write_site(render_pages(model, TITLE), out, inputs)
    except OutputError as exc:
        from berserk_judge.reports.escape import visible

        click.echo(f"Ошибка: {visible(str(exc))}", err=True)
        sys.exit(2)


def _write_markdown(model: dict, out: Path, all_cards: bool) -> None:
    """The Markdown errata to `out` (already checked by cli.common.check_output) or stdout."""
    from berserk_judge.cardbase.atomic import write_atomic
    from berserk_judge.reports import markdown_errata

    text = markdown_errata.render(model, TITLE, all_cards=all_cards)
    if str(out) == "-":
        click.echo(text, nl=False)
        return
    try:
        write_atomic(out, text)
    except OSError as exc:
        from berserk_judge.cardbase.atomic import describe_write_error
        from berserk_judge.reports.escape import visible

        click.echo(f"Ошибка: не удалось записать {visible(str(out))}: {describe_write_error(exc)}", err=True)
        sys.exit(2)
