"""`berserk-judge coverage`: how many features of a base are read completely."""
from __future__ import annotations

import json
from pathlib import Path

import click

from cli.common import configured_base
from cli.russian import Choice, Command


@click.command(name="coverage", cls=Command)
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True, help="Формат вывода.")
def coverage(paths, fmt):
    """Сколько особенностей базы прочитано полностью, и список остальных.

    PATHS — файлы или папки базы карт YAML (по умолчанию — демо-база);
    файлы корпуса *.jsonl читаются напрямую. Особенность прочитана, когда
    известен её вид и грамматика связок принимает её эффект целиком.
    """
    from parser import cover

    cards, problems, locate = _load(list(paths))
    files = cover(cards, locate)
    total = sum(f.features for f in files)
    read = sum(f.read for f in files)
    unread = [u for f in files for u in f.unread]
    if fmt == "json":
        payload = {
            "features": total,
            "read": read,
            "unread": [vars(u) for u in unread],
            "files": [{"path": f.path, "features": f.features, "read": f.read,
                       "percent": round(f.percent, 2)} for f in files],
            "problems": problems,
        }
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        return
    for problem in problems:
        click.echo(f"проблема: {problem}", err=True)
    for f in files:
        click.echo(f"{f.path}: особенностей {f.features}, прочитано {f.read} ({f.percent:.2f}%)")
        for u in f.unread:
            click.echo(f"  {u.path}:{u.line}:{u.column} [{u.card}] «{_one_line(u.unread)}» — {u.message}")
    percent = 100.0 * read / total if total else 100.0
    click.echo(f"Итого: особенностей {total}, прочитано {read} ({percent:.2f}%)")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _load(paths: list[str]):
    """Cards from YAML bases and *.jsonl corpus files; problems as strings."""
    jsonl = [p for p in paths if p.endswith(".jsonl")]
    rest = [p for p in paths if not p.endswith(".jsonl")]
    cards, problems = [], []
    positions: dict[int, tuple[int, str]] = {}
    for path in jsonl:
        found, trouble = _read_jsonl(path)
        for card, line_no in found:
            positions[id(card)] = (line_no, card.text)
        cards.extend(c for c, _ in found)
        problems.extend(trouble)
    if rest or not jsonl:
        from cardbase.load import format_problem, load_base

        base = load_base(rest or configured_base())
        cards.extend(base.cards)
        problems.extend(format_problem(p) for p in base.problems)

    def locate(card, offset: int) -> tuple[int, int]:
        if id(card) in positions:
            line_no, _text = positions[id(card)]
            return line_no, offset + 1      # JSONL: the file line, and the column inside the card text
        return card.locate(offset)

    return cards, problems, locate


def _read_jsonl(path: str):
    """A tiny corpus reader: one card per line; bad lines become problems."""
    from cardbase.model import Card

    found, problems = [], []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        return [], [f"{path}: не удалось прочитать файл ({type(exc).__name__})"]
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
            card = Card(id=str(data["id"]), name=str(data.get("name") or ""), text=str(data.get("text") or ""),
                        set_id=str(data.get("set") or ""), set_name=str(data.get("set_name") or ""),
                        path=path, line=number)
        except (ValueError, KeyError, TypeError, AttributeError):
            problems.append(f"{path}:{number}: строка не является карточкой JSON с полем id")
            continue
        found.append((card, number))
    return found, problems

