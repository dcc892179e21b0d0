"""Turn the corpus JSONL format into a YAML card base, one file per set.

Why by hand (see `cardbase.emit`): the same input must give the same bytes,
and every text must come back exactly when the base is loaded. Bad lines are
reported as Problems with their line number; the rest is still imported.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardbase.emit import flow, scalar, text_value
from cardbase.oserror import describe_os_error
from cardbase.model import Problem
from cardbase.schema import WRITE_ORDER

_FILE_SAFE_RE = re.compile(r"[^\w.-]+")


@dataclass
class SetData:
    """One set's header and cards, in the order they were met."""

    id: str
    name: str
    cards: list[dict[str, Any]] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)


@dataclass
class ImportResult:
    """What an import wrote and what it met on the way."""

    written: list[Path] = field(default_factory=list)
    sets: list[SetData] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)  # sources that could not be read at all


def import_jsonl(sources: list[Path], out_dir: Path, problems: list[Problem] | None = None) -> list[Path]:
    """Import JSONL sources into `out_dir`; returns the files written.

    Problems (bad lines, unreadable sources) are appended to `problems` if given.
    """
    result = run_import(sources, out_dir)
    if problems is not None:
        problems.extend(result.problems)
    return result.written


def run_import(sources: list[Path], out_dir: Path) -> ImportResult:
    """Read every source, then write one YAML file per set into `out_dir`."""
    result = ImportResult()
    sets: dict[str, SetData] = {}
    seen_ids: dict[str, str] = {}
    for source in sources:
        _read_source(Path(source), sets, seen_ids, result)
    result.sets = list(sets.values())
    if result.sets:
        out_dir = Path(out_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        for set_data in result.sets:
            target = out_dir / set_file_name(set_data.id)
            target.write_bytes(render_set(set_data).encode("utf-8"))
            result.written.append(target)
    return result


def set_file_name(set_id: str) -> str:
    """The file a set is written to: its id made safe for any file system."""
    return (_FILE_SAFE_RE.sub("_", set_id).strip("._") or "set") + ".yaml"


def _read_source(path: Path, sets: dict[str, SetData], seen_ids: dict[str, str], result: ImportResult) -> None:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        result.unreadable.append(str(path))
        result.problems.append(Problem(str(path), 0, 0,
            f"не удалось прочитать файл ({describe_os_error(exc)}); ожидается файл JSONL"))
        return
    for number, raw_line in enumerate(raw.split(b"\n"), start=1):
        if not raw_line.strip():
            continue
        try:
            line = raw_line.decode("utf-8")
        except UnicodeDecodeError as exc:
            result.problems.append(Problem(str(path), number, exc.start + 1,
                f"строка не в кодировке UTF-8 (байт 0x{raw_line[exc.start]:02X}); ожидается UTF-8, строка пропущена"))
            continue
        card = _parse_line(line, str(path), number, result.problems)
        if card is None:
            continue
        if card["id"] in seen_ids:
            result.problems.append(Problem(str(path), number, 1,
                f"повторный id «{card['id']}» (уже был: {seen_ids[card['id']]}); "
                "ожидается id, единственный во всём корпусе, строка пропущена", card["id"]))
            continue
        seen_ids[card["id"]] = f"{path}:{number}"
        set_id, set_name = card.pop("set"), card.pop("set_name")
        set_data = sets.setdefault(set_id, SetData(set_id, set_name))
        if not set_data.name and set_name:
            set_data.name = set_name
        if path.name not in set_data.sources:
            set_data.sources.append(path.name)
        set_data.cards.append(card)


def _parse_line(line: str, path: str, number: int, problems: list[Problem]) -> dict[str, Any] | None:
    """One JSONL line as a card dict, or None (with a Problem) if it cannot be one."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        problems.append(Problem(path, number, exc.colno,
            f"строка не является JSON ({exc.msg}); ожидается объект карты, строка пропущена"))
        return None
    if not isinstance(data, dict):
        problems.append(Problem(path, number, 1,
            "строка не является объектом JSON; ожидается {\"id\": ..., \"name\": ..., ...}, строка пропущена"))
        return None
    card_id = data.get("id")
    if isinstance(card_id, int) and not isinstance(card_id, bool):
        card_id = str(card_id)
    for key, value in (("id", card_id), ("set", data.get("set")), ("name", data.get("name"))):
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str) or not value.strip():
            problems.append(Problem(path, number, 1,
                f"нет поля {key} или оно не строка; ожидается непустая строка, строка пропущена",
                card_id if isinstance(card_id, str) else None))
            return None
    text = data.get("text", "")
    if text is None:
        text = ""
    if not isinstance(text, str):
        problems.append(Problem(path, number, 1,
            "поле text не строка; ожидается строка, строка пропущена", card_id))
        return None
    card = {key: data[key] for key in WRITE_ORDER if key in data and data[key] is not None}
    card.update(id=card_id, name=data["name"], text=text,
                set=str(data["set"]), set_name=str(data.get("set_name") or ""))
    return card


def render_set(set_data: SetData) -> str:
    """The YAML text of one set file."""
    out = [f"# Импортировано berserk-judge из: {', '.join(set_data.sources)}",
           "set:", f"  id: {scalar(set_data.id)}", f"  name: {scalar(set_data.name)}", "cards:"]
    for card in set_data.cards:
        first = True
        for key in WRITE_ORDER:
            if key not in card:
                continue
            prefix = "- " if first else "  "
            first = False
            if key == "text":
                out.append(f"{prefix}text: {text_value(card['text'], '    ')}")
            else:
                out.append(f"{prefix}{key}: {flow(card[key])}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
