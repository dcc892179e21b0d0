"""Merge a JSONL file of judges' rulings into a YAML card base (`import --rulings`).

Each line is one ruling: `answer` (required), `question`, `source`, `date`,
`rules` (cited numbers; when absent, the numbers its text cites), `id`, and
where it goes: `card_ids` (or `card_id`) — the cards of the base it belongs
to — else `set` and `name`: every print of the name in that set. A ruling
that finds no card is reported with its line, never guessed onto another.

A ruling already on a card (the same `id`, or the same words of question and
answer: case, ё/е, punctuation and spacing do not count, a sign glued to a
number does — cardbase.rulings.identity) is not added again, so a second
import changes nothing and writes nothing.

A ruling whose card is not in the base under its name is reported with the
closest names of its set («похожие», as `card` finds them); when its
`source_card` is an id of the base and that card's name is one of those close
names — two signs agreeing — it goes on that card and on the prints of its name
in the ruling's set, and the message says so.

Edits at known positions, as `cardbase.write` does for texts: the file is
composed (ruamel), the new entries are spliced in before the card's `text:`
(or after its last ruling), and every other byte — comments, key order,
other fields — stays as it was, and the new lines end as the file's lines
end (CRLF in a CRLF file). Each result is loaded back: the same cards, fields
and texts, the card's old rulings followed by the new ones. When a file does
not read back so, its new rulings are added one at a time, each kept only
when the file still reads back right; each one left out is named with its
line (`refused`) — one ruling the file cannot take never holds the others
back. Files go through a temp file and a rename, and are refused when they
changed since they were read.
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
from berserk_judge.cardbase.rulings import RULE_NUMBER, cited_numbers, identity

_WRITTEN_KEYS = ("question", "answer", "source", "date", "rules", "id")


@dataclass
class Incoming:
    """One ruling of the source with the line it came from."""

    line: int
    ruling: dict[str, Any]           # the keys written, in _WRITTEN_KEYS order
    card_ids: list[str]              # each once, in the order given
    set_id: str
    name: str
    source_card: str = ""            # the source's own id of the card (a hint, checked against the name)


@dataclass
class RulingsResult:
    """What a merge did: rulings added, already present, not placed, and the files written."""

    added: int = 0
    present: int = 0
    cards: int = 0                   # cards that got at least one new ruling
    written: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)   # bad lines
    unplaced: list[Problem] = field(default_factory=list)   # rulings that found no card
    guided: list[Problem] = field(default_factory=list)     # placed by source_card, not by their name
    refused: list[Problem] = field(default_factory=list)    # rulings that would not read back: not written
    failed: list[tuple[str, str]] = field(default_factory=list)  # (file, reason): not written
    unreadable: bool = False         # the rulings file itself could not be read


def read_rulings_file(path: Path, result: RulingsResult) -> list[Incoming]:
    """Every usable line of a rulings JSONL file; each bad line a Problem (the rest still read)."""
    from berserk_judge.cardbase.jsonl import MAX_LINE_SHOWN, numbered_lines

    reason = regular_file_problem(str(path))
    out: list[Incoming] = []
    if reason is None:
        try:
            with path.open("rb") as handle:       # line by line: a line over the bound is never kept
                for number, raw_line in numbered_lines(handle):
                    if raw_line is None:
                        result.problems.append(Problem(str(path), number, 1,
                            f"строка длиннее {MAX_LINE_SHOWN}; ожидается одно решение не длиннее "
                            f"{MAX_LINE_SHOWN}, строка пропущена"))
                        continue
                    if number == 1 and raw_line.startswith(b"\xef\xbb\xbf"):
                        raw_line = raw_line[3:]
                    if not raw_line.strip():
                        continue
                    incoming = _parse(raw_line, str(path), number, result.problems)
                    if incoming is not None:
                        out.append(incoming)
            return out
        except OSError as exc:
            reason = f"не удалось прочитать файл ({describe_os_error(exc)})"
    result.unreadable = True
    result.problems.append(Problem(str(path), 0, 0, f"{reason}; ожидается файл решений JSONL"))
    return []


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
    elif not isinstance(rules, list):
        return skip("поле rules не список номеров правил; ожидается, например, [\"505.7\"]")
    else:
        bad = [r for r in rules if not (isinstance(r, str) and RULE_NUMBER.fullmatch(r))]
        if bad:
            shown = f"«{bad[0]}»" if isinstance(bad[0], str) else "не строка"
            return skip(f"поле rules: {shown} — не номер правила; ожидается список номеров правил из трёх "
                        "цифр и подпунктов через точку, например [\"505.7\"]")
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
    source_card = data.get("source_card", "")
    source_card = str(source_card) if isinstance(source_card, (str, int)) and not isinstance(source_card, bool) else ""
    ordered = {key: ruling[key] for key in _WRITTEN_KEYS if key in ruling}
    return Incoming(number, ordered, list(dict.fromkeys(str(i) for i in ids)), set_id, name, source_card)


def place(incoming: list[Incoming], cards: list[Card], path: str, result: RulingsResult) -> dict[str, list[dict]]:
    """{card id: new rulings} — each ruling on the cards it names, none twice; the rest reported."""
    by_id = {card.id: card for card in cards}
    by_set_name: dict[tuple[str, str], list[Card]] = {}
    for card in cards:
        by_set_name.setdefault((card.set_id, fold(card.name)), []).append(card)
    known = {card.id: {identity(r) for r in card.rulings} for card in cards}
    names = _Names(cards)
    new: dict[str, list[dict]] = {}
    for item in incoming:
        targets = [by_id[i] for i in item.card_ids if i in by_id]
        missing = [i for i in item.card_ids if i not in by_id]
        if not targets:
            targets = by_set_name.get((item.set_id, fold(item.name)), []) if item.name else []
        guided = []
        if not targets:
            what = f"«{item.name}» (выпуск {item.set_id})" if item.name else "карта"
            ids = f", id {', '.join(item.card_ids)}" if item.card_ids else ""
            guided = names.by_source_card(item, by_id, by_set_name)
            if guided:
                result.guided.append(Problem(path, item.line, 1,
                    f"{what}{ids}: карты с таким именем нет в базе; решение отнесено к "
                    f"{', '.join(card.id for card in guided)} «{guided[0].name}»: эту карту называет поле "
                    f"source_card ({item.source_card}), и её имя близко к имени в решении"))
                targets = guided
            else:
                close = names.suggest(item)
                result.unplaced.append(Problem(path, item.line, 1,
                    f"{what}{ids}: такой карты нет в базе; решение не добавлено"
                    + (f"; похожие: {close}" if close else "")))
                continue
        if missing and not guided:
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


class _Names:
    """The base's names as `card` looks them up (cardbase.lookup.find_card), made once when
    a ruling first misses its card: the whole base, and each set's cards."""

    def __init__(self, cards: list[Card]):
        self._cards = cards
        self._catalogues: dict[str | None, Any] = {}

    def _lookup(self, name: str, set_id: str | None):
        from berserk_judge.cardbase.lookup import catalogue_of, find_card

        if set_id not in self._catalogues:
            cards = self._cards if set_id is None else [c for c in self._cards if c.set_id == set_id]
            self._catalogues[set_id] = catalogue_of(cards) if cards else None
        catalogue = self._catalogues[set_id]
        return find_card(catalogue, name) if catalogue is not None and name.strip() else None

    def close_names(self, name: str, set_id: str | None) -> list[tuple[str, list[str]]]:
        """(name, its ids) of the names close to `name`: the one `card` would show, else its
        candidates (at most three); not the names `card` finds only «похожие» (below its
        cut-off for a candidate: «Сот» for «Отец-экзекутор»)."""
        lookup = self._lookup(name, set_id)
        if lookup is None:
            return []
        entries = lookup.cards or [entry for entry, _ in lookup.candidates[:3]]
        out: dict[str, list[str]] = {}
        for entry in entries:
            out.setdefault(entry.name, [])
            if entry.id not in out[entry.name]:
                out[entry.name].append(entry.id)
        return list(out.items())

    def suggest(self, item: Incoming) -> str:
        """«Имя» (id, …) of the cards close to a ruling's name, in its set when the base has it."""
        if not item.name:
            return ""
        in_set = item.set_id and any(c.set_id == item.set_id for c in self._cards)
        close = self.close_names(item.name, item.set_id if in_set else None)
        return ", ".join(f"«{name}» ({', '.join(ids)})" for name, ids in close)

    def by_source_card(self, item: Incoming, by_id: dict[str, Card],
                       by_set_name: dict[tuple[str, str], list[Card]]) -> list[Card]:
        """The card `source_card` names and the prints of its name in the ruling's set, when its
        name is one the ruling's name comes close to (never on the id alone: another source's
        ids may mean other cards); [] otherwise."""
        card = by_id.get(item.source_card) if item.source_card else None
        if card is None or not item.name:
            return []
        if fold(card.name) not in {fold(name) for name, _ in self.close_names(item.name, None)}:
            return []
        prints = by_set_name.get((item.set_id, fold(card.name)), [])
        return list({c.id: c for c in [card, *prints]}.values())


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
    a card is written so that they cannot be added in place, or the file is not YAML the loader reads."""
    from berserk_judge.cardbase.write import WriteError, _index, _line_starts, compose_source
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    try:
        _, root, breaks = compose_source(source)
    except WriteError as exc:
        raise MergeRefused(str(exc)) from None
    starts = _line_starts(source, breaks)
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
        pieces.extend(_pieces(source, starts, card, new[card_id], _index))
    missing = set(new) - done
    if missing:
        raise MergeRefused(f"нет карты «{sorted(missing)[0]}» в файле")
    crlf = _ends_lines_with_crlf(source)
    out = source
    for start, end, text in sorted(pieces, reverse=True):
        out = out[:start] + (text.replace("\n", "\r\n") if crlf else text) + out[end:]
    return out


def _ends_lines_with_crlf(source: str) -> bool:
    """Whether the file's lines end with CRLF (its first line break tells): new lines end so too."""
    first = source.find("\n")
    return first > 0 and source[first - 1] == "\r"


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


def _pieces(source: str, starts, card, rulings: list[dict], index) -> list[tuple[int, int, str]]:
    """The edits that add `rulings` to one card: (start, end, text) each, text with "\n" breaks."""
    from ruamel.yaml.nodes import ScalarNode, SequenceNode

    value = _key(card, "rulings")
    if value is None:
        anchor = _key_node(card, "text")
        if anchor is None:       # a card without a text: after its last field
            column = card.value[0][0].start_mark.column
            at, prefix = _after(source, starts, card.value[-1][1], index)
            lines = [" " * column + "rulings:"] + [
                line for ruling in rulings for line in entry_lines(ruling, column, column + 2)]
            return [(at, at, prefix + "".join(line + "\n" for line in lines))]
        column = anchor.start_mark.column
        at = index(starts, anchor.start_mark.line, column)
        lines = [line for ruling in rulings for line in entry_lines(ruling, column, column + 2)]
        return [(at, at, "rulings:\n" + "".join(line + "\n" for line in lines) + " " * column)]
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
        return [(at, at, prefix + "".join(line + "\n" for line in lines))]
    empty = (isinstance(value, ScalarNode) and value.tag.endswith(":null")) or (
        isinstance(value, SequenceNode) and not value.value)
    if not empty:
        raise MergeRefused("поле rulings карты записано не списком «- question: …»; решения не добавлены")
    # `rulings:`, `rulings: ~`, `rulings: null`, `rulings: []`: the value goes, whatever follows it on
    # the line (a comment) stays, and the list starts on the next line
    colon = source.index(":", index(starts, key.start_mark.line, column))
    begin = index(starts, value.start_mark.line, value.start_mark.column)
    finish = index(starts, value.end_mark.line, value.end_mark.column)
    if not (colon < begin <= finish) or "\n" in source[colon:finish]:
        begin = finish = colon + 1          # an empty value: nothing written after the colon
    at, prefix = _after(source, starts, key, index, line_of=colon)
    lines = [line for ruling in rulings for line in entry_lines(ruling, column, column + 2)]
    if finish > begin and not source[finish:at].strip():
        begin = colon + 1                   # nothing after the value: no blank left after the colon
    cut = [(begin, finish, "")] if finish > begin else []
    return cut + [(at, at, prefix + "".join(line + "\n" for line in lines))]


def _after(source: str, starts, node, index, line_of: int | None = None) -> tuple[int, str]:
    """(where the line after a node's last line starts — or after the line holding offset
    `line_of` —, "\n" if the file ends on that line)."""
    if line_of is None:
        end = node.end_mark.index        # characters from the start (a mark past the last line is no line)
        while end > 0 and source[end - 1].isspace():      # a block scalar ends after its last break
            end -= 1
    else:
        end = line_of
    line_end = source.find("\n", end)
    return (len(source), "\n") if line_end < 0 else (line_end + 1, "")


def merge_rulings(rulings_file: Path, base_paths: list[str]) -> RulingsResult:
    """Read the rulings, place them on the base's cards, write every file that gains one."""
    from berserk_judge.cardbase.load import load_base
    from berserk_judge.cardbase.write import FileChanged, WriteError, read_source, write_text_file

    result = RulingsResult()
    incoming = read_rulings_file(Path(rulings_file), result)
    if result.unreadable:
        return result
    base = load_base(base_paths)
    new = place(incoming, base.cards, str(rulings_file), result)
    line_of = {id(item.ruling): item.line for item in incoming}
    by_file: dict[str, dict[str, list[dict]]] = {}
    cards = {card.id: card for card in base.cards}
    for card_id, rulings in new.items():
        by_file.setdefault(cards[card_id].path, {})[card_id] = rulings
    written: dict[str, list[dict]] = {}
    for path in base.paths:
        if path not in by_file:
            continue
        try:
            before = read_source(path)
            if before.digest != base.digests.get(path):
                raise FileChanged("файл изменился после чтения")
            text, kept = _spliced(path, before.text, by_file[path], str(rulings_file), line_of, result)
            if kept:
                write_text_file(path, text, before.bom, before.digest)
        except (MergeRefused, WriteError) as exc:
            result.failed.append((path, str(exc)))
            continue
        except OSError as exc:
            from berserk_judge.cardbase.atomic import describe_write_error

            result.failed.append((path, f"не удалось записать ({describe_write_error(exc)})"))
            continue
        if kept:
            result.written.append(path)
            written.update(kept)
    result.added = sum(len(rulings) for rulings in written.values())
    result.cards = len(written)
    return result


def _spliced(path: str, source: str, new: dict[str, list[dict]], rulings_file: str, line_of: dict[int, int],
             result: RulingsResult) -> tuple[str, dict[str, list[dict]]]:
    """(the file with the new rulings, the rulings it holds): all of them when the file reads back
    so; else ruling by ruling, each kept only when the file still reads back right, and each one
    left out named with its line (result.refused) — one bad ruling never holds the others back."""
    from berserk_judge.cardbase.load import load_file
    from berserk_judge.cardbase.write import WriteError

    old = load_file(path, source=source)
    try:
        text = splice_rulings(source, new)
        _check_loads_back(old, load_file(path, source=text), new)
        return text, new
    except (MergeRefused, WriteError):
        pass
    kept: dict[str, list[dict]] = {}
    text = source
    for card_id, rulings in new.items():
        for ruling in rulings:
            trial = {**kept, card_id: [*kept.get(card_id, []), ruling]}
            try:
                attempt = splice_rulings(source, trial)
                _check_loads_back(old, load_file(path, source=attempt), trial)
            except (MergeRefused, WriteError) as exc:
                result.refused.append(Problem(rulings_file, line_of.get(id(ruling), 0), 1,
                    f"решение для карты «{card_id}» не добавлено в {path}: {_reason(exc)}"))
                continue
            kept, text = trial, attempt
    return text, kept


def _reason(exc: Exception) -> str:
    return str(exc).removesuffix("; ничего не записано").removesuffix("; решения не добавлены")


def _check_loads_back(before, after, new: dict[str, list[dict]]) -> None:
    """The spliced file gives the same cards, fields and texts, each card's rulings old + new."""
    from berserk_judge.cardbase.write import WriteError

    def shape(card: Card) -> tuple:
        return (card.id, card.name, card.text, card.fields)

    if [shape(c) for c in before.cards] != [shape(c) for c in after.cards] or len(after.problems) != len(
            before.problems):
        raise WriteError("после добавления файл читается иначе; ничего не записано")
    for old, card in zip(before.cards, after.cards):
        wanted = [r.to_dict() for r in old.rulings] + [_plain(r) for r in new.get(card.id, [])]
        if [r.to_dict() for r in card.rulings] != wanted:
            raise WriteError(f"решения карты «{card.id}» читаются иначе, чем записаны; ничего не записано")


def _plain(ruling: dict) -> dict:
    return Ruling(**{k: (tuple(v) if k == "rules" else v) for k, v in ruling.items()}).to_dict()
