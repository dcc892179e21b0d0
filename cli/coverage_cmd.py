"""`berserk-judge coverage`: how many features of a base are read completely."""
from __future__ import annotations

import json
from pathlib import Path

import click

from berserk_judge.cli.common import configured_base


def _default_base() -> list[str] | None:
    """The configured base, else the card files under the current folder, else the demo at a
    terminal; elsewhere nothing to count (the note goes to stderr)."""
    from berserk_judge.cardbase.discover import default_targets
    from berserk_judge.cli.demo_base import targets_without_demo

    targets, _skipped, origin = default_targets([], configured_base())
    targets, origin = targets_without_demo(targets, origin)
    if targets == []:
        click.echo(f"Предупреждение: {origin}.", err=True)
    return targets
from berserk_judge.cli.click_russian import Choice, Command


@click.command(name="coverage", cls=Command)
@click.argument("paths", nargs=-1, type=click.Path(), metavar="[ПУТИ]...")
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True, help="Формат вывода.")
def coverage(paths, fmt):
    """Сколько особенностей базы прочитано полностью, и список остальных.

    ПУТИ — файлы или папки базы карт YAML (по умолчанию — база из настроек,
    `cardbase` в [tool.berserk-judge], иначе файлы карт в текущей папке и
    ниже, иначе встроенная демо-база — только в терминале);
    файлы корпуса *.jsonl читаются напрямую. Особенность прочитана, когда
    известен её вид и грамматика связок принимает её эффект целиком.

    Коды выхода: 0 — готово; 2 — путь не найден или файл не читается
    (остальные файлы всё равно посчитаны).
    """
    from berserk_judge.parser import cover
    from berserk_judge.reports.escape import json_text, visible
    from berserk_judge.reports.paths import shown_path

    cards, problems, broken, locate = _load(list(paths))
    files = cover(cards, locate)
    total = sum(f.features for f in files)
    read = sum(f.read for f in files)
    unread = [u for f in files for u in f.unread]
    if fmt == "json":
        payload = {
            "features": total,
            "read": read,
            "unread": [{**vars(u), "path": shown_path(u.path)} for u in unread],
            "files": [{"path": shown_path(f.path), "features": f.features, "read": f.read,
                       "percent": round(f.percent, 2)} for f in files],
            "problems": problems,
        }
        click.echo(json_text(payload))
        raise SystemExit(2 if broken else 0)
    for problem in problems:
        click.echo(f"Ошибка: {visible(problem)}", err=True)
    for f in files:
        click.echo(f"{visible(shown_path(f.path))}: особенностей {f.features}, прочитано {f.read} ({f.percent:.2f}%)")
        for u in f.unread:
            click.echo(f"  {visible(shown_path(u.path))}:{u.line}:{u.column} [{visible(u.card)}] «{_one_line(u.unread)}» — {u.message}")
    if total:
        click.echo(f"Итого: особенностей {total}, прочитано {read} ({100.0 * read / total:.2f}%)")
    else:
        click.echo("Итого: особенностей 0 — читать нечего")
    if broken:
        click.echo(f"Не прочитано файлов или путей: {broken} (см. сообщения выше).", err=True)
        raise SystemExit(2)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _load(paths: list[str]):
    """Cards from YAML bases and *.jsonl corpus files; problems as strings."""
    jsonl = [p for p in paths if p.endswith(".jsonl")]
    rest = [p for p in paths if not p.endswith(".jsonl")]
    cards, problems = [], []
    broken = 0
    positions: dict[int, tuple[int, str]] = {}
    for path in jsonl:
        found, trouble, unreadable = _read_jsonl(path)
        broken += unreadable
        for card, line_no in found:
            positions[id(card)] = (line_no, card.text)
        cards.extend(c for c, _ in found)
        problems.extend(trouble)
    if rest or not jsonl:
        from berserk_judge.cardbase.load import format_problem, load_base

        base = load_base(rest or _default_base())
        cards.extend(base.cards)
        problems.extend(format_problem(p) for p in base.problems)
        broken += sum(1 for p in base.problems if p.kind == "unreadable")

    def locate(card, offset: int) -> tuple[int, int]:
        if id(card) in positions:
            line_no, _text = positions[id(card)]
            return line_no, offset + 1      # JSONL: the file line, and the column inside the card text
        return card.locate(offset)

    return cards, problems, broken, locate


def _read_jsonl(path: str):
    """A tiny corpus reader: one card per line; bad lines become problems; 1 when unreadable."""
    from berserk_judge.cardbase.oserror import regular_file_problem
    from berserk_judge.cardbase.model import Card
    from berserk_judge.cardbase.oserror import describe_os_error

    found, problems = [], []
    reason = regular_file_problem(path)
    if reason is not None:
        return [], [f"{path}: {reason}"], 1
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        return [], [f"{path}: не удалось прочитать файл ({describe_os_error(exc)}); ожидается файл JSONL"], 1
    except UnicodeDecodeError as exc:
        return [], [f"{path}: файл не в кодировке UTF-8 (байт 0x{exc.object[exc.start]:02X}); "
                    "ожидается файл JSONL в UTF-8"], 1
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
            json.dumps(data, ensure_ascii=False).encode("utf-8")
            card = Card(id=str(data["id"]), name=str(data.get("name") or ""), text=str(data.get("text") or ""),
                        set_id=str(data.get("set") or ""), set_name=str(data.get("set_name") or ""),
                        path=path, line=number)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            problems.append(f"{path}:{number}: строка не является карточкой JSON с полем id")
            continue
        found.append((card, number))
    return found, problems, 0

