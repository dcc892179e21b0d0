"""A card search in the spirit of Scryfall's syntax: `o:ранить t:летающее c<=3`.

Terms are joined by AND; a leading `-` negates one. Keys, English and Russian:

    o: oracle: text: текст:      words of the text, in any form (folded; "quoted" for a phrase)
    t: type: тип:                type (creature/существо, flyer/летающее, artifact/артефакт, …)
    c: color: element: стихия:   element (горы, леса, болота, степи, тьма, нейтрал…; a prefix is enough)
    mv, cost, стоимость          cost: mv=3, cost>=4, стоимость<2 (also `:` for =)
    s: e: set: выпуск:           set id (s1) or words of the set name
    kind: вид:                   a feature kind: triggered/срабатывающая, playable/играемая,
                                 conditional/условная, static/постоянная, keyword/метка
    class: класс:                words of a class (гном, эльф)
    n: name: имя:                words of the name
    r: ruling: решение:          words of the card's judges' rulings (question and answer), in any form

Words without a key are words of the name. Pure: the entries come from the
card index (`cardbase.index`) or from a loaded base (`cardbase.lookup.entry_of`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from berserk_judge.cardbase.lookup import CardEntry, fold
from berserk_judge.cardbase.rulings_search import ruling_test
from berserk_judge.cardbase.schema import TYPE_NAMES

KEYS = {
    "o": "text", "oracle": "text", "text": "text", "текст": "text",
    "t": "type", "type": "type", "тип": "type",
    "c": "element", "color": "element", "element": "element", "стихия": "element",
    "mv": "cost", "cmc": "cost", "cost": "cost", "стоимость": "cost", "цена": "cost",
    "s": "set", "e": "set", "set": "set", "выпуск": "set",
    "kind": "kind", "k": "kind", "вид": "kind",
    "class": "class", "класс": "class",
    "n": "name", "name": "name", "имя": "name",
    "r": "rulings", "ruling": "rulings", "rulings": "rulings", "решение": "rulings", "решения": "rulings",
}
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
        shown = _shown(match.group(0))
        if value[:1] in "\"«":
            if len(value) < 2 or value[-1] != {"\"": "\"", "«": "»"}[value[0]]:
                closing = "»" if value[0] == "«" else '"'
                raise QueryError(f"«{shown}»: кавычка {value[0]} не закрыта; ожидается {key}{op}{value[0]}слова "
                                 f"фразы{closing}")
            value = value[1:-1]
        if name == "cost":
            if not re.fullmatch(r"\d+", value):
                raise QueryError(f"«{shown}»: стоимость — целое число (например, cost>=3)")
            if len(value.lstrip("0")) > _COST_DIGITS:
                raise QueryError(f"«{shown}»: стоимость из {len(value)} цифр; ожидается число не длиннее "
                                 f"{_COST_DIGITS} цифр (например, cost>=3)")
        elif op not in (":", "=", "!="):
            raise QueryError(f"«{shown}»: сравнение «{op}» есть только у стоимости")
        if name == "kind" and not _kind(value):
            known = ", ".join(f"{k}/{v[0]}" for k, v in KIND_NAMES.items())
            raise QueryError(f"«{shown}»: нет такого вида особенности; есть {known}")
        if op == "!=":
            op, negate = "=", "-" if not negate else ""
        terms.append(Term(name, op, value, bool(negate)))
        rest = rest.replace(match.group(0), " ", 1)
    for word in rest.split():
        negate = word.startswith("-") and len(word) > 1
        terms.append(Term("name", ":", word[1:] if negate else word, negate))
    return terms


_COST_DIGITS = 9


def _shown(term: str) -> str:
    """A term as a message quotes it: a 5,000-character one is cut."""
    return term if len(term) <= 40 else term[:39] + "…"


def _kind(value: str) -> str | None:
    value = fold(value)
    for kind, names in KIND_NAMES.items():
        if kind.startswith(value) or any(n.startswith(value) for n in names):
            return kind
    return None


def needs_text(terms: list[Term]) -> bool:
    return any(term.key == "text" for term in terms)


def search(catalogue, terms: list[Term]) -> list[CardEntry]:
    """The cards every term holds for, in base order: each term narrows the card numbers
    left by the ones before (cheap fields first, the text last).

    `catalogue`: the card index (`cardbase.index.IndexedBase`), a Catalogue, or entries."""
    from berserk_judge.cardbase.lookup import LISTED, Catalogue

    if not hasattr(catalogue, "columns"):
        catalogue = Catalogue(list(catalogue))
    columns = catalogue.columns([key for t in terms for key in _COLUMNS_OF.get(t.key, ())], needs_text(terms))
    left = range(len(catalogue.ids))
    for term in sorted(terms, key=lambda t: (t.key == "text", t.key == "rulings")):
        keep = ruling_test(catalogue, term.value) if term.key == "rulings" else _test(
            term, fold(term.value), columns)
        left = [i for i in left if keep(i) != term.negate]
    return [catalogue.entry(index, LISTED) for index in left]


# term key -> the catalogue columns its test reads
_COLUMNS_OF = {"name": ("folded_name",), "type": ("type",), "element": ("element",), "set": ("set_id", "set_name"),
               "kind": ("kinds",), "class": ("classes",), "cost": ("cost",)}


def _test(term: Term, value: str, columns: dict[str, list]):
    """The term as a test of card number i, its value folded once."""
    key = term.key
    if key == "text":                        # any form of the words: «o:рывок» finds «рывке» (cardbase.lemmas)
        from berserk_judge.cardbase.lemmas import holds

        texts = columns["text"]
        return lambda i: value in texts[i] or (bool(value) and holds(term.value, texts[i]))
    if key == "name":
        names = columns["folded_name"]
        return lambda i: value in names[i]
    if key == "type":
        codes = {code for code, name in TYPE_NAMES.items()
                 if code.startswith(value) or any(word.startswith(value) for word in name.split())}
        types = columns["type"]
        return lambda i: str(types[i]).casefold() in codes
    if key == "element":
        elements = [(e or "").casefold().replace("ё", "е") for e in columns["element"]]
        return lambda i: elements[i].startswith(value) and bool(elements[i])
    if key == "set":
        wanted = term.value.casefold()
        ids, names = columns["set_id"], columns["set_name"]
        return lambda i: ids[i].casefold() == wanted or (bool(value) and value in fold(names[i]))
    if key == "kind":
        kind = _kind(term.value)
        kinds = columns["kinds"]
        return lambda i: kind in kinds[i]
    if key == "class":
        classes = columns["classes"]
        return lambda i: any(value in fold(c) for c in classes[i])
    if key == "cost":
        number = int(term.value)
        compare = {":": int.__eq__, "=": int.__eq__, "<": int.__lt__, ">": int.__gt__,
                   "<=": int.__le__, ">=": int.__ge__}[term.op]
        costs = columns["cost"]
        return lambda i: type(costs[i]) is int and compare(costs[i], number)
    return lambda i: False
