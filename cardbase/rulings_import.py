"""Merge a JSONL file of judges' rulings into a YAML card base (`import --rulings`).

Each line is one ruling: `answer` (required), `question`, `source`, `date`,
`rules` (cited numbers; when absent, the numbers its text cites), `id`, and
where it goes: `card_ids` (or `card_id`) — the cards of the base it belongs
to — else `set` and `name`: every print of the name in that set. A ruling
that finds no card is reported with its line, never guessed onto another.

A ruling already on a card (the same `id`, or the same question and answer
up to case, ё/е, punctuation and spacing: cardbase.rulings.identity) is not
added again, so a second import changes nothing and writes nothing.

Edits at known positions, as `cardbase.write` does for texts: the file is
composed (ruamel), the new entries are spliced in before the card's `text:`
(or after its last ruling), and every other byte — comments, key order,
other fields — stays as it was. Each result is loaded back: the same cards,
fields and texts, the card's old rulings followed by the new ones; a file
that does not read back so is not written. Files go through a temp file and
a rename, and are refused when they changed since they were read.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from berserk_judge.cardbase.emit import scalar, text_value
from berserk_judge.cardbase.lookup import fold
from berserk_judge.cardbase.model import Card, Problem, Ruling
from berserk_judge.cardbase.oserror import describe_os_error, regular_file_problem
from berserk_judge.cardbase.rulings import cited_numbers, identity

_WRITTEN_KEYS = ("question", "answer", "source", "date", "rules", "id")


@dataclass
class Incoming:
    """One ruling of the source with the line it came from."""

    line: int
    ruling: dict[str, Any]           # the keys written, in _WRITTEN_KEYS order
    card_ids: list[str]
    set_id: str
    name: str


@dataclass
class RulingsResult:
    """What a merge did: rulings added, already present, not placed, and the files written."""

    added: int = 0
    present: int = 0
    cards: int = 0                   # cards that got at least one new ruling
    written: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)   # bad lines
    unplaced: list[Problem] = field(default_factory=list)   # rulings that found no card
    failed: list[tuple[str, str]] = field(default_factory=list)  # (file, reason): not written
    unreadable: bool = False         # the rulings file itself could not be read


def read_rulings_file(path: Path, result: RulingsResult) -> list[Incoming]:
    """Every usable line of a rulings JSONL file; each bad line a Problem (the rest still read)."""
    reason = regular_file_problem(str(path))
    raw = None
    if reason is None:
        try:
            raw = path.read_bytes()
        except OSError as exc:
            reason = f"не удалось прочитать файл ({describe_os_error(exc)})"
    if raw is None:
        result.unreadable = True
        result.problems.append(Problem(str(path), 0, 0, f"{reason}; ожидается файл решений JSONL"))
        return []
    out = []
    for number, raw_line in enumerate(raw.split(b"\n"), start=1):
        if not raw_line.strip():
            continue
        incoming = _parse(raw_line, str(path), number, result.problems)
        if incoming is not None:
            out.append(incoming)
    return out


def _parse(raw_line: bytes, path: str, number: int, problems: list[Problem]) -> Incoming | None:
    def skip(message: str, column: int = 1) -> None:
        problems.append(Problem(path, number, column, f"{message}, строка пропущена"))

    try:
        data = json.loads(raw_line.decode("utf-8"))
    except UnicodeDecodeError as exc:
        return skip(f"строка не в кодировке UTF-8 (байт 0x{raw_line[exc.start]:02X}); ожидается UTF-8")
    except json.JSONDecodeError as exc:
        return skip(f"строка не является JSON ({exc.msg}); ожидается объект решения", exc.colno)
    except RecursionError:
        return skip("слишком глубокая вложенность значений JSON; ожидается объект решения")
    if not isinstance(data, dict):
        return skip("строка не является объектом JSON; ожидается {\"answer\": ..., \"card_ids\": [...], ...}")
    ruling: dict[str, Any] = {}
    for key in ("question", "answer", "source", "date", "id"):
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and key == "id":
            value = str(value)
        if value is None or value == "":
            continue
        if not isinstance(value, str):
            return skip(f"поле {key} не строка; ожидается строка")
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
            return skip(f"в поле {key} одиночный суррогат — это не символ текста; ожидается текст в Юникоде")
        ruling[key] = value
    if not ruling.get("answer", "").strip():
        return skip("нет поля answer (ответ судьи) или оно пусто; ожидается непустая строка")
    rules = data.get("rules")
    if rules is None:
        rules = cited_numbers(ruling.get("question", ""), ruling["answer"])
    elif not (isinstance(rules, list) and all(isinstance(r, str) and r.replace(".", "").isdigit() for r in rules)):
        return skip("поле rules не список номеров правил; ожидается, например, [\"505.7\"]")
    if rules:
        ruling["rules"] = list(rules)
    ids = data.get("card_ids", [data["card_id"]] if "card_id" in data else [])
    if not isinstance(ids, list) or not all(isinstance(i, (str, int)) and not isinstance(i, bool) for i in ids):
        return skip("поле card_ids не список id карт; ожидается, например, [\"50006\"]")
    set_id, name = data.get("set", ""), data.get("name", "")
    set_id = str(set_id) if isinstance(set_id, (str, int)) and not isinstance(set_id, bool) else ""
    name = name if isinstance(name, str) else ""
    if not ids and not (set_id and name):
        return skip("не сказано, к какой карте решение: ожидается card_ids или set и name")
    ordered = {key: ruling[key] for key in _WRITTEN_KEYS if key in ruling}
    return Incoming(number, ordered, [str(i) for i in ids], set_id, name)


def place(incoming: list[Incoming], cards: list[Card], path: str, result: RulingsResult) -> dict[str, list[dict]]:
    """{card id: new rulings} — each ruling on the cards it names, none twice; the rest reported."""
    by_id = {card.id: card for card in cards}
    by_set_name: dict[tuple[str, str], list[Card]] = {}
    for card in cards:
        by_set_name.setdefault((card.set_id, fold(card.name)), []).append(card)
    known = {card.id: {identity(r) for r in card.rulings} for card in cards}
    new: dict[str, list[dict]] = {}
    for item in incoming:
        targets = [by_id[i] for i in item.card_ids if i in by_id]
        missing = [i for i in item.card_ids if i not in by_id]
        if not targets:
            targets = by_set_name.get((item.set_id, fold(item.name)), []) if item.name else []
        if not targets:
            what = f"«{item.name}» (выпуск {item.set_id})" if item.name else "карта"
            ids = f", id {', '.join(item.card_ids)}" if item.card_ids else ""
            result.unplaced.append(Problem(path, item.line, 1,
                f"{what}{ids}: такой карты нет в базе; решение не добавлено"))
            continue
        if missing:
            result.unplaced.append(Problem(path, item.line, 1,
                f"«{item.name or targets[0].name}»: карт с id {', '.join(missing)} нет в базе; решение "
                f"добавлено только к {', '.join(card.id for card in targets)}"))
        key = identity(item.ruling)
        for card in targets:
            if key in known[card.id]:
                result.present += 1
                continue
            known[card.id].add(key)
            new.setdefault(card.id, []).append(item.ruling)
            result.added += 1
    result.cards = len(new)
    return new


# --- writing ----------------------------------------------------------------

class MergeRefused(Exception):
    """A card whose YAML cannot take new rulings by a splice; the message is Russian."""


def entry_lines(ruling: dict[str, Any], dash: int, keys: int) -> list[str]:
    """One ruling as block YAML lines: `- question: …` at column `dash`, its keys at column `keys`."""
    lines = []
    for n, key in enumerate(k for k in _WRITTEN_KEYS if k in ruling):
        value = ruling[key]
        if key == "rules":
            shown = "[" + ", ".join("'" + str(v) + "'" for v in value) + "]"
        elif "\n" in value:
            shown = text_value(value, " " * (keys + 2))
        else:
            shown = scalar(value)
        lead = " " * dash + "-" + " " * (keys - dash - 1) if n == 0 else " " * keys
        lines.append(f"{lead}{key}: {shown}")
    return lines


def splice_rulings(source: str, new: dict[str, list[dict]]) -> str:
    """`source` with each card's new rulings added (see the module docstring); MergeRefused when
    a card is written so that they cannot be added in place."""
    from berserk_judge.cardbase.write import _index, _line_starts, _yaml
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    root = _yaml().compose(source)
    starts = _line_starts(source)
    cards_node = _key(root, "cards")
    pieces: list[tuple[int, int, str]] = []
    done: set[str] = set()
    for card in (cards_node.value if isinstance(cards_node, SequenceNode) else ()):
        if not isinstance(card, MappingNode):
            continue
        id_node = _key(card, "id")
        card_id = str(id_node.value) if isinstance(id_node, ScalarNode) else None
        if card_id not in new or card_id in done:
            continue
        done.add(card_id)
        if card.flow_style:
            raise MergeRefused(f"карта «{card_id}» записана в одну строку {{…}}; решения не добавлены")
        pieces.append(_piece(source, starts, card, new[card_id], _index))
    missing = set(new) - done
    if missing:
        raise MergeRefused(f"нет карты «{sorted(missing)[0]}» в файле")
    out = source
    for start, end, text in sorted(pieces, reverse=True):
        out = out[:start] + text + out[end:]
    return out


def _key(mapping, name: str):
    from ruamel.yaml.nodes import MappingNode, ScalarNode

    if not isinstance(mapping, MappingNode):
        return None
    for key_node, value_node in mapping.value:
        if isinstance(key_node, ScalarNode) and key_node.value == name:
            return value_node
    return None


def _key_node(mapping, name: str):
    for key_node, _ in mapping.value:
        if getattr(key_node, "value", None) == name:
            return key_node
    return None


def _piece(source: str, starts, card, rulings: list[dict], index) -> tuple[int, int, str]:
    from ruamel.yaml.nodes import ScalarNode, SequenceNode

    value = _key(card, "rulings")
    if value is None:
        anchor = _key_node(card, "text")
        if anchor is None:       # a card without a text: after its last field
            column = card.value[0][0].start_mark.column
            at, prefix = _after(source, starts, card.value[-1][1], index)
            lines = [" " * column + "rulings:"] + [
                line for ruling in rulings for line in entry_lines(ruling, column, column + 2)]
            return at, at, prefix + "".join(line + "\n" for line in lines)
        column = anchor.start_mark.column
        at = index(starts, anchor.start_mark.line, column)
        lines = [line for ruling in rulings for line in entry_lines(ruling, column, column + 2)]
        return at, at, "rulings:\n" + "".join(line + "\n" for line in lines) + " " * column
    key = _key_node(card, "rulings")
    column = key.start_mark.column
    if isinstance(value, SequenceNode) and value.value and not value.flow_style:
        last = value.value[-1]
        first = value.value[0]
        keys = first.start_mark.column
        line_start = index(starts, first.start_mark.line, 0)
        dash = source[line_start:line_start + keys].rfind("-")
        at, prefix = _after(source, starts, last, index)
        lines = [line for ruling in rulings for line in entry_lines(ruling, max(dash, 0), keys)]
        return at, at, prefix + "".join(line + "\n" for line in lines)
    empty = (isinstance(value, ScalarNode) and value.tag.endswith(":null")) or (
        isinstance(value, SequenceNode) and not value.value)
    if not empty:
        raise MergeRefused(f"поле rulings карты записано не списком «- question: …»; решения не добавлены")
    colon = source.index(":", index(starts, key.start_mark.line, column))
    end = index(starts, value.end_mark.line, value.end_mark.column) if isinstance(
        value, SequenceNode) else colon + 1
    lines = [line for ruling in rulings for line in entry_lines(ruling, column, column + 2)]
    return colon + 1, end, "\n" + "\n".join(lines)


def _after(source: str, starts, node, index) -> tuple[int, str]:
    """(where the line after a node's last line starts, "\n" if the file ends on that line)."""
    end = index(starts, node.end_mark.line, node.end_mark.column)
    line_end = source.find("\n", len(source[:end].rstrip()))
    return (len(source), "\n") if line_end < 0 else (line_end + 1, "")


def merge_rulings(rulings_file: Path, base_paths: list[str]) -> RulingsResult:
    """Read the rulings, place them on the base's cards, write every file that gains one."""
    from berserk_judge.cardbase.load import load_base, load_file
    from berserk_judge.cardbase.write import FileChanged, WriteError, read_source, write_text_file

    result = RulingsResult()
    incoming = read_rulings_file(Path(rulings_file), result)
    if result.unreadable:
        return result
    base = load_base(base_paths)
    new = place(incoming, base.cards, str(rulings_file), result)
    by_file: dict[str, dict[str, list[dict]]] = {}
    cards = {card.id: card for card in base.cards}
    for card_id, rulings in new.items():
        by_file.setdefault(cards[card_id].path, {})[card_id] = rulings
    for path in base.paths:
        if path not in by_file:
            continue
        try:
            before = read_source(path)
            if before.digest != base.digests.get(path):
                raise FileChanged("файл изменился после чтения")
            text = splice_rulings(before.text, by_file[path])
            _check_loads_back(load_file(path), load_file(path, source=text), by_file[path])
            write_text_file(path, text, before.bom, before.digest)
        except (MergeRefused, WriteError) as exc:
            result.failed.append((path, str(exc)))
            continue
        except OSError as exc:
            from berserk_judge.cardbase.atomic import describe_write_error

            result.failed.append((path, f"не удалось записать ({describe_write_error(exc)})"))
            continue
        result.written.append(path)
    if result.failed:
        failed = {path for path, _ in result.failed}
        lost = sum(len(r) for path in failed for r in by_file[path].values())
        result.added -= lost
        result.cards -= sum(len(by_file[path]) for path in failed)
    return result


def _check_loads_back(before, after, new: dict[str, list[dict]]) -> None:
    """The spliced file gives the same cards, fields and texts, each card's rulings old + new."""
    from berserk_judge.cardbase.write import WriteError

    def shape(card: Card) -> tuple:
        return (card.id, card.name, card.text, card.fields)

    if [shape(c) for c in before.cards] != [shape(c) for c in after.cards] or len(after.problems) != len(
            before.problems):
        raise WriteError("после добавления решений файл читается иначе; ничего не записано")
    for old, card in zip(before.cards, after.cards):
        wanted = [r.to_dict() for r in old.rulings] + [_plain(r) for r in new.get(card.id, [])]
        if [r.to_dict() for r in card.rulings] != wanted:
            raise WriteError(f"решения карты «{card.id}» читаются иначе, чем записаны; ничего не записано")


def _plain(ruling: dict) -> dict:
    return Ruling(**{k: (tuple(v) if k == "rules" else v) for k, v in ruling.items()}).to_dict()
