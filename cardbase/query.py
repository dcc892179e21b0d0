"""A card search in the spirit of Scryfall's syntax: `o:ранить t:летающее c<=3`.

Terms are joined by AND; a leading `-` negates one. Keys, English and Russian:

    o: oracle: text: текст:      words of the text (folded; "quoted" for a phrase)
    t: type: тип:                type (creature/существо, flyer/летающее, artifact/артефакт, …)
    c: color: element: стихия:   element (горы, леса, болота, степи, тьма, нейтрал…; a prefix is enough)
    mv, cost, стоимость          cost: mv=3, cost>=4, стоимость<2 (also `:` for =)
    s: e: set: выпуск:           set id (s1) or words of the set name
    kind: вид:                   a feature kind: triggered/срабатывающая, playable/играемая,
                                 conditional/условная, static/постоянная, keyword/метка
    class: класс:                words of a class (гном, эльф)
    n: name: имя:                words of the name

Words without a key are words of the name. Pure: the entries come from the
card index (`cardbase.index`) or from a loaded base (`cardbase.lookup.entry_of`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from cardbase.lookup import CardEntry, fold

KEYS = {
    "o": "text", "oracle": "text", "text": "text", "текст": "text",
    "t": "type", "type": "type", "тип": "type",
    "c": "element", "color": "element", "element": "element", "стихия": "element",
    "mv": "cost", "cmc": "cost", "cost": "cost", "стоимость": "cost", "цена": "cost",
    "s": "set", "e": "set", "set": "set", "выпуск": "set",
    "kind": "kind", "k": "kind", "вид": "kind",
    "class": "class", "класс": "class",
    "n": "name", "name": "name", "имя": "name",
}
TYPE_NAMES = {"creature": "существо", "flyer": "летающее существо", "companion": "спутник",
              "parasite": "паразит", "artifact": "артефакт", "terrain": "местность"}
KIND_NAMES = {"triggered": ("срабатывающая",), "playable": ("играемая",), "conditional": ("условная",),
              "static": ("постоянная",), "keyword": ("метка", "label"), "errata": ("эррата",),
              "unknown": ("непрочитанная",)}
_TERM = re.compile(r"""(-?)([\wёЁ]+)(>=|<=|!=|:|=|>|<)("[^"]*"|«[^»]*»|\S+)""")


class QueryError(ValueError):
    """A search the syntax cannot take; the message is Russian."""


@dataclass(frozen=True)
class Term:
    key: str          # text, type, element, cost, set, kind, class, name
    op: str           # ":", "=", "!=", "<", ">", "<=", ">="
    value: str
    negate: bool = False


def is_search(query: str) -> bool:
    """A query with at least one `key:value` term of a known key (else it is a name or an id)."""
    return any(m.group(2).casefold() in KEYS for m in _TERM.finditer(query))


def parse(query: str) -> list[Term]:
    """The terms of a search; QueryError for an unknown key or a bad value."""
    terms: list[Term] = []
    rest = query
    for match in _TERM.finditer(query):
        negate, key, op, value = match.groups()
        name = KEYS.get(key.casefold())
        if name is None:
            continue                                  # «Вальхалла:» in a name stays a word of the name
        value = value[1:-1] if value[:1] in "\"«" else value
        if name == "cost":
            if not re.fullmatch(r"\d+", value):
                raise QueryError(f"«{match.group(0)}»: стоимость — целое число (например, cost>=3)")
        elif op not in (":", "=", "!="):
            raise QueryError(f"«{match.group(0)}»: сравнение «{op}» есть только у стоимости")
        if name == "kind" and not _kind(value):
            known = ", ".join(f"{k}/{v[0]}" for k, v in KIND_NAMES.items())
            raise QueryError(f"«{match.group(0)}»: нет такого вида особенности; есть {known}")
        if op == "!=":
            op, negate = "=", "-" if not negate else ""
        terms.append(Term(name, op, value, bool(negate)))
        rest = rest.replace(match.group(0), " ", 1)
    for word in rest.split():
        negate = word.startswith("-") and len(word) > 1
        terms.append(Term("name", ":", word[1:] if negate else word, negate))
    return terms


def _kind(value: str) -> str | None:
    value = fold(value)
    for kind, names in KIND_NAMES.items():
        if kind.startswith(value) or any(n.startswith(value) for n in names):
            return kind
    return None


def needs_text(terms: list[Term]) -> bool:
    return any(term.key == "text" for term in terms)


def matches(entry: CardEntry, term: Term) -> bool:
    found = _test(entry, term)
    return not found if term.negate else found


def search(entries: list[CardEntry], terms: list[Term]) -> list[CardEntry]:
    """The entries every term holds for, in base order."""
    return [entry for entry in entries if all(matches(entry, term) for term in terms)]


def _test(entry: CardEntry, term: Term) -> bool:
    value = fold(term.value)
    if term.key == "text":
        return value in entry.text
    if term.key == "name":
        return value in entry.folded_name
    if term.key == "type":
        code = (entry.type or "").casefold()
        return bool(code) and (code.startswith(value) or any(
            word.startswith(value) for word in TYPE_NAMES.get(code, "").split()))
    if term.key == "element":
        return bool(entry.element) and fold(entry.element).startswith(value)
    if term.key == "set":
        return entry.set_id.casefold() == term.value.casefold() or (bool(value) and value in fold(entry.set_name))
    if term.key == "kind":
        return _kind(term.value) in entry.kinds
    if term.key == "class":
        return any(value in fold(c) for c in entry.classes)
    if term.key == "cost":
        cost = entry.cost
        if isinstance(cost, bool) or not isinstance(cost, int):
            return False
        number = int(term.value)
        return {":": cost == number, "=": cost == number, "<": cost < number, ">": cost > number,
                "<=": cost <= number, ">=": cost >= number}[term.op]
    return False
