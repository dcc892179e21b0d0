"""Turn the corpus JSONL format into a YAML card base, one file per set.

Why by hand (see `cardbase.emit`): the same input must give the same bytes,
and every text must come back exactly when the base is loaded. Bad lines are
reported as Problems with their line number; the rest is still imported.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from berserk_judge.cardbase.atomic import write_atomic
from berserk_judge.cardbase.emit import double_quoted, flow, scalar, text_value
from berserk_judge.cardbase.icons import map_client_marks, without_unique_mark
from berserk_judge.cardbase.jsonl import NonFinite, finite_float, holds_non_finite
from berserk_judge.cardbase.oserror import describe_os_error
from berserk_judge.cardbase.model import Problem
from berserk_judge.cardbase.schema import WRITE_ORDER

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
    refused: list[Path] = field(default_factory=list)  # existing files that differ (nothing written)
    blocked: list[tuple[Path, str]] = field(default_factory=list)  # targets never written, with the reason
    failed: list[tuple[Path, str]] = field(default_factory=list)   # targets whose write failed, with the reason


def import_jsonl(sources: list[Path], out_dir: Path, problems: list[Problem] | None = None) -> list[Path]:
    """Import JSONL sources into `out_dir`; returns the files written.

    Problems (bad lines, unreadable sources) are appended to `problems` if given.
    """
    result = run_import(sources, out_dir)
    if problems is not None:
        problems.extend(result.problems)
    return result.written


def run_import(sources: list[Path], out_dir: Path, force: bool = False) -> ImportResult:
    """Read every source, then write one YAML file per set into `out_dir`.

    Nothing is written when a target file exists with other content and
    `force` is false (a hand-edited base is never overwritten unasked); an
    identical file is left as it is. Every file is checked before it replaces
    anything: loaded back by the card loader, it must give exactly the source
    ids, names and texts; a set that does not is not written (a Problem).
    A target that is a source of this import, a folder, a device or a
    read-only file stops the import before anything is written (`blocked`).
    A symlinked set file is written through the link (cardbase.atomic).
    """
    result = ImportResult()
    sets: dict[str, SetData] = {}
    seen_ids: dict[str, str] = {}
    for source in sources:
        _read_source(Path(source), sets, seen_ids, result)
    result.sets = list(sets.values())
    if not result.sets:
        return result
    out_dir = Path(out_dir)
    names = set_file_names([s.id for s in result.sets])
    planned = [(set_data, out_dir / names[set_data.id]) for set_data in result.sets]
    result.blocked = _blocked_targets([target for _, target in planned], sources)
    if result.blocked:
        return result
    rendered = {target: render_set(set_data) for set_data, target in planned}
    if not force:
        changed = [t for t in rendered if _differs(t, rendered[t])]
        if changed:
            result.refused = changed
            return result
    out_dir.mkdir(parents=True, exist_ok=True)
    kept = []
    for set_data, target in planned:
        try:
            written = _write_verified(set_data, target, rendered[target], result)
        except OSError as exc:        # a full disk, a name the file system refuses: the rest still go
            from berserk_judge.cardbase.atomic import describe_write_error

            result.failed.append((target, describe_write_error(exc)))
            continue
        if written:
            result.written.append(target)
            kept.append(set_data)
    result.sets = kept
    return result


def set_file_names(set_ids: list[str]) -> dict[str, str]:
    """A distinct file name for every set id, in the order given.

    Ids that make the same safe name (`a b`, `a_b`, `a/b`; `A` and `a` on a
    case-insensitive disk) never share a file: the first keeps the name, the
    others get `-2`, `-3`, … .
    """
    taken: set[str] = set()
    out: dict[str, str] = {}
    for set_id in set_ids:
        stem = set_file_name(set_id)[: -len(".yaml")]
        name, number = stem, 1
        while name.casefold() in taken:
            number += 1
            name = f"{stem}-{number}"
        taken.add(name.casefold())
        out[set_id] = name + ".yaml"
    return out


def _blocked_targets(targets: list[Path], sources: list[Path]) -> list[tuple[Path, str]]:
    """Targets no import writes, even with --force: a source of this import
    (cardbase.atomic.input_clash), a folder, a device or FIFO, a read-only file."""
    from berserk_judge.cardbase.atomic import input_clash, refusal

    blocked = []
    for target in targets:
        clash = input_clash(target, sources)
        if clash is not None:
            blocked.append((target, f"это исходный файл импорта ({clash}); он не перезаписывается"))
            continue
        reason = refusal(target)
        if reason is not None:
            blocked.append((target, reason))
    return blocked


def _differs(target: Path, text: str) -> bool:
    """Whether writing `text` would change an existing file."""
    try:
        return target.read_bytes() != text.encode("utf-8")
    except FileNotFoundError:
        return False
    except OSError:
        return True


class _Mismatch(Exception):
    """A written file that the loader reads differently from its source."""


def _write_verified(set_data: SetData, target: Path, text: str, result: ImportResult) -> bool:
    """Write `text`, or the all-quoted rendering, whichever loads back exactly; a Problem if neither.

    A file that already holds exactly these bytes and loads back is left
    alone (same inode, same time): re-importing touches nothing.
    """
    trouble = None
    for attempt in (text, render_set(set_data, quote_all=True)):
        try:
            if not _differs(target, attempt) and target.is_file():
                _check_loads_back(set_data, target)
                return True
            write_atomic(target, attempt.encode("utf-8"), verify=lambda temp: _check_loads_back(set_data, temp))
            return True
        except _Mismatch as exc:
            trouble = str(exc)
    result.problems.append(Problem(str(target), 0, 0,
        f"файл не записан: после записи он читается не так, как источник ({trouble}); "
        "это ошибка berserk-judge — сообщите о ней"))
    result.unreadable.append(str(target))
    return False


def _check_loads_back(set_data: SetData, written: Path) -> None:
    """_Mismatch unless the card loader reads `written` as exactly the set's ids, names and texts."""
    from berserk_judge.cardbase.load import load_base

    base = load_base([str(written)])
    broken = [p for p in base.problems if p.kind not in ("icon", "noqa", "schema")]
    if broken:
        raise _Mismatch(f"строка {broken[0].line}: {broken[0].message}")
    if len(base.cards) != len(set_data.cards):
        raise _Mismatch(f"карт {len(base.cards)} вместо {len(set_data.cards)}")
    for card, source in zip(base.cards, set_data.cards):
        for key in ("id", "name", "text"):
            if getattr(card, key) != source[key]:
                raise _Mismatch(f"карта {source['id']}: поле {key}")
        if (card.set_id, card.set_name) != (set_data.id, set_data.name):
            raise _Mismatch(f"карта {source['id']}: раздел set")


_MAX_STEM = 80        # characters of a file name's stem, as the report names its pages (reports.html.naming)


def set_file_name(set_id: str) -> str:
    """The file a set is written to: its id made safe for any file system. A long id is cut,
    with a short hash of the whole id so long ids stay apart (a 300-character id made a name
    the file system refused, after the sets before it were written)."""
    stem = _FILE_SAFE_RE.sub("_", set_id).strip("._") or "set"
    if len(stem) > _MAX_STEM or len(stem.encode("utf-8", "surrogatepass")) > 2 * _MAX_STEM:
        digest = hashlib.sha1(set_id.encode("utf-8", "surrogatepass")).hexdigest()[:10]
        stem = stem[:40].rstrip("._") + "-" + digest
    return stem + ".yaml"


def _read_source(path: Path, sets: dict[str, SetData], seen_ids: dict[str, str], result: ImportResult) -> None:
    from berserk_judge.cardbase.oserror import regular_file_problem

    reason = regular_file_problem(str(path))
    if reason is not None:
        result.unreadable.append(str(path))
        result.problems.append(Problem(str(path), 0, 0, f"{reason}; ожидается файл JSONL"))
        return
    try:
        handle = path.open("rb")
    except OSError as exc:
        result.unreadable.append(str(path))
        result.problems.append(Problem(str(path), 0, 0,
            f"не удалось прочитать файл ({describe_os_error(exc)}); ожидается файл JSONL"))
        return
    with handle:
        try:
            _read_lines(path, handle, sets, seen_ids, result)
        except OSError as exc:
            result.unreadable.append(str(path))
            result.problems.append(Problem(str(path), 0, 0,
                f"не удалось дочитать файл ({describe_os_error(exc)}); ожидается файл JSONL"))


def _read_lines(path: Path, handle, sets: dict[str, SetData], seen_ids: dict[str, str],
                result: ImportResult) -> None:
    """The cards of one source, read line by line (cardbase.jsonl: a line over the bound is skipped)."""
    from berserk_judge.cardbase.jsonl import MAX_LINE_SHOWN, numbered_lines

    head = handle.read(4)
    handle.seek(0)
    whole = _whole_source_problem(head, empty=False)
    if whole is not None:
        result.problems.append(Problem(str(path), 0, 0, whole, kind="source"))
        return
    anything = False
    for number, raw_line in numbered_lines(handle):
        if number == 1 and raw_line is not None and raw_line.startswith(_BOM):
            raw_line = raw_line[len(_BOM):]    # UTF-8 with a BOM is still UTF-8
        if raw_line is None:
            anything = True
            result.problems.append(Problem(str(path), number, 1,
                f"строка длиннее {MAX_LINE_SHOWN}; ожидается одна карта не длиннее {MAX_LINE_SHOWN} "
                "(текст карты такой длины — это ошибка источника), строка пропущена"))
            continue
        if not raw_line.strip():
            continue
        anything = True
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
    if not anything:
        result.problems.append(Problem(str(path), 0, 0, _whole_source_problem(b"", empty=True), kind="source"))


_BOM = b"\xef\xbb\xbf"


def _whole_source_problem(head: bytes, empty: bool) -> str | None:
    """Why nothing of a source can be read line by line (Russian), or None: an empty file
    (`empty`: no line held anything), or one in UTF-16/UTF-32 (seen in its first bytes `head`:
    every line would be reported «не в кодировке UTF-8», hiding the one reason)."""
    if empty:
        return "файл пуст; ожидается файл JSONL (по карте в строке)"
    if head.startswith((b"\xff\xfe", b"\xfe\xff")) or head[:2].count(b"\0") == 1:
        return ("файл в кодировке UTF-16 (или UTF-32), а не UTF-8; пересохраните его в UTF-8 "
                "(например: iconv -f UTF-16 -t UTF-8)")
    return None


# json's own words (English) for a line that is not JSON, in Russian
_JSON_MESSAGES = {
    "Expecting value": "ожидается значение",
    "Expecting property name enclosed in double quotes": "ожидается имя поля в двойных кавычках",
    "Expecting ':' delimiter": "ожидается «:»",
    "Expecting ',' delimiter": "ожидается «,»",
    "Unterminated string starting at": "строка в кавычках не закрыта",
    "Invalid control character at": "управляющий символ внутри строки",
    "Invalid \\escape": "неверная экранирующая последовательность",
    "Invalid \\uXXXX escape": "неверная последовательность \\uXXXX",
    "Extra data": "лишние данные после объекта",
    "Illegal trailing comma before end of object": "лишняя запятая перед «}»",
    "Illegal trailing comma before end of array": "лишняя запятая перед «]»",
}


def json_message(msg: str) -> str:
    """Russian for a json.JSONDecodeError message (the English one when unknown)."""
    return _JSON_MESSAGES.get(msg, msg)


def _no_int_over_limit(digits: str) -> int:
    """json's int hook: a number too long for Python's str→int limit is an error, not a traceback."""
    if len(digits.lstrip("-")) > 4000:
        raise _TooLong(len(digits.lstrip("-")))
    return int(digits)


class _TooLong(ValueError):
    """A JSON number with more digits than the import takes."""


def _nested_fields(data: dict) -> list[str]:
    """Fields whose value is a JSON object, or a list holding objects or lists:
    a card field is a scalar or a list of scalars, and str() of the rest would
    write its Python repr as if it were the value."""
    return [key for key in (*WRITE_ORDER, "set_name") if key not in ("id", "name", "text")
            and (isinstance(data.get(key), dict)
                 or (isinstance(data.get(key), list) and any(isinstance(v, (dict, list)) for v in data[key])))]


def _parse_line(line: str, path: str, number: int, problems: list[Problem]) -> dict[str, Any] | None:
    """One JSONL line as a card dict, or None (with a Problem) if it cannot be one."""
    try:
        data = json.loads(line, parse_int=_no_int_over_limit, parse_float=finite_float,
                          parse_constant=NonFinite)
    except json.JSONDecodeError as exc:
        problems.append(Problem(path, number, exc.colno,
            f"строка не является JSON ({json_message(exc.msg)}); ожидается объект карты, строка пропущена"))
        return None
    except _TooLong as exc:
        problems.append(Problem(path, number, 1,
            f"число из {exc.args[0]} цифр; ожидается число не длиннее 4000 цифр, строка пропущена"))
        return None
    except RecursionError:
        problems.append(Problem(path, number, 1,
            "слишком глубокая вложенность значений JSON; ожидается объект карты, строка пропущена"))
        return None
    try:
        json.dumps(data, ensure_ascii=False, default=repr).encode("utf-8")
    except UnicodeEncodeError as exc:
        problems.append(Problem(path, number, 1,
            f"в строке одиночный суррогат U+{ord(exc.object[exc.start]):04X} — это не символ текста; "
            "ожидается текст в Юникоде, строка пропущена"))
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
    text = map_client_marks(text)      # «[:tap]» of the online client → «{tap}»
    nested = _nested_fields(data)
    for key in nested:
        problems.append(Problem(path, number, 1,
            f"поле {key} — {'объект' if isinstance(data[key], dict) else 'вложенный список'} JSON; "
            "ожидается строка, число или список из них, поле не импортировано", card_id, kind="field"))
    for key in (*WRITE_ORDER, "set_name"):
        odd = holds_non_finite(data.get(key)) if key not in nested else None
        if odd is not None:           # YAML would read `nan` / `inf` back as text
            nested.append(key)
            problems.append(Problem(path, number, 1,
                f"поле {key} — число {odd.written}, не конечное; ожидается конечное число "
                "(YAML прочитал бы его как текст), поле не импортировано", card_id, kind="field"))
    text, unique = without_unique_mark(text)   # «[:unq].» opening the text: the card's field (spec §1)
    card = {key: _number(key, data[key]) for key in WRITE_ORDER if key in data and data[key] is not None and key not in nested}
    if unique:
        card["unique"] = True
    card.update(id=card_id, name=data["name"], text=text,
                set=str(data["set"]), set_name="" if "set_name" in nested else str(data.get("set_name") or ""))
    return card


_NUMBER_FIELDS = ("number", "cost", "health", "move")
_DIGITS = re.compile(r"\s*[+-]?\d{1,9}\s*")


def _number(key: str, value: Any) -> Any:
    """A number the source wrote as a string (the online client: `"move": "1"`) becomes a number,
    so the base the import writes passes its own schema (BJ003); other values stay as they are."""
    if key in _NUMBER_FIELDS and isinstance(value, str) and _DIGITS.fullmatch(value):
        return int(value)
    if key == "strike" and isinstance(value, list):
        return [int(v) if isinstance(v, str) and _DIGITS.fullmatch(v) else v for v in value]
    return value


def render_set(set_data: SetData, quote_all: bool = False) -> str:
    """The YAML text of one set file; `quote_all`: every string double-quoted (the safe fallback)."""
    one = (lambda v: double_quoted(v) if isinstance(v, str) else scalar(v)) if quote_all else scalar
    names = ", ".join("".join(ch if ch.isprintable() else "?" for ch in source) for source in set_data.sources)
    out = [f"# Импортировано berserk-judge из: {names}",
           "set:", f"  id: {one(set_data.id)}", f"  name: {one(set_data.name)}", "cards:"]
    for card in set_data.cards:
        first = True
        for key in WRITE_ORDER:
            if key not in card:
                continue
            prefix = "- " if first else "  "
            first = False
            if key == "text":
                value = double_quoted(card["text"]) if quote_all else text_value(card["text"], "    ")
                out.append(f"{prefix}text: {value}")
            elif quote_all and key in ("id", "name"):
                out.append(f"{prefix}{key}: {one(card[key])}")
            else:
                out.append(f"{prefix}{key}: {flow(card[key])}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
