"""`berserk-judge rulebook` (old name `rules`, kept): a rule of the rulebook by number (with sub-rules)
or by words. Its output may be cut short by a pipe (`| head`): that is no error (exit 0, nothing on
stderr)."""
from __future__ import annotations

import json
import sys

import click

from berserk_judge.cli.click_russian import Choice, Command
from berserk_judge.reports.escape import visible


def open_rulebook(folder: str | None):
    """The rulebook of --rulebook or of the config key `rulebook`; a clear exit 2 otherwise.

    Files of the folder that cannot be read are named on stderr and skipped."""
    from berserk_judge.lint.config import ConfigError, configured_rulebook
    from berserk_judge.rulebook import RulebookError, load_rulebook

    if folder is None:
        try:
            folder = configured_rulebook()
        except ConfigError as exc:
            raise click.UsageError(f"ошибка настроек: {visible(str(exc))}") from None
    if folder is None:
        raise click.UsageError("свод правил не задан: укажите --rulebook ПАПКА или ключ rulebook "
                               "в настройках (pyproject.toml или berserk-judge.toml)")
    try:
        book = load_rulebook(folder)
    except RulebookError as exc:
        lines = [getattr(exc, "head", str(exc)), *getattr(exc, "lines", [])]   # each line escaped on its own
        click.echo("Ошибка: " + "\n".join(visible(line) for line in lines), err=True)
        sys.exit(2)
    for message in book.skipped:
        click.echo(f"Предупреждение: {visible(message)}", err=True)
    return book


@click.command(name="rulebook", cls=Command)
@click.argument("query", metavar="ЗАПРОС")
@click.option("--rulebook", "rulebook_dir", type=click.Path(), default=None, metavar="ПАПКА",
              help="Папка свода правил (файлы *.txt); по умолчанию — ключ rulebook в настройках.")
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True, help="Формат вывода.")
def rules(query, rulebook_dir, fmt):
    """Правило свода по номеру или по словам.

    ЗАПРОС — номер (116.3, 505: правило и все его подпункты; 505.3 — абзац
    об оплате, напечатанный без номера; «505, пример 2» — правило с этим
    примером) или слова (может: каждое правило, где они есть целым словом
    в любой форме, с синонимами; сначала правила, где слова стоят подряд;
    совпадения выделены **так**). Номер, который есть в нескольких изданиях
    (505), показывается из каждого, с названием издания.

    Команда называется rulebook; прежнее имя rules — то же самое (не путать
    с rule — правилами проверки).

    Коды выхода: 0 — найдено (и когда вывод оборван конвейером: «| head»),
    1 — ничего не найдено (сообщение говорит, какие номера есть в своде),
    2 — ошибка вызова или свода правил.
    """
    from berserk_judge.rulebook import by_number, by_words, is_rule_number
    from berserk_judge.rulebook.editions import numbers_held

    book = open_rulebook(rulebook_dir)
    number = is_rule_number(query)
    matches = by_number(book, query) if number else by_words(book, query)
    if not matches:
        what = "правила с номером" if number else "правил со словами"
        click.echo(f"Ошибка: в своде {visible(str(book.folder))} нет {what} «{visible(query)}». В своде есть:", err=True)
        for line in numbers_held(book):
            click.echo(f"  {line}", err=True)
        sys.exit(1)
    if fmt == "json":
        _write(json.dumps({"query": query, "rules": [
            {"number": m.rule.number, "name": m.rule.cited_number, "section": m.rule.section,
             "source": m.rule.source, "edition": book.edition(m.rule), "line": m.rule.line,
             "text": m.rule.text, "matches": [list(s) for s in m.spans]}
            for m in matches]}, ensure_ascii=False, indent=2) + "\n")
        return
    blocks = []
    for match in matches:
        rule = match.rule
        blocks.append(f"── {rule.label} — {book.edition(rule)}, строка {rule.line}\n"
                      f"{match.marked() if match.spans else rule.text}\n")
    _write("\n".join(blocks))


def _write(text: str) -> None:
    """The answer on stdout; a reader that stops early (`| head`) ends the command quietly with 0."""
    try:
        click.echo(text, nl=False)
        sys.stdout.flush()
    except BrokenPipeError:
        import os

        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, sys.stdout.fileno())      # the unwritten rest must not fail again at exit
            os.close(null)
        except (OSError, ValueError):
            pass
        sys.exit(0)
