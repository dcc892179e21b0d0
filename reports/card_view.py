"""The text view of `card`: who the card is, its printings, its text, each feature, its findings.

Two halves: `feature_lines` turns read features into the lines of the
«Особенности» block (done once, when the card index is built), and
`render_card` lays out a card from its stored record (`reports.card_digest`)
— so a lookup renders without reading anything again.
"""
from __future__ import annotations

from berserk_judge.cardbase.schema import TYPE_NAMES as TYPES
from berserk_judge.reports.escape import visible

_STATS = (("element", "стихия"), ("cost", "стоимость"), ("type", "тип"), ("class", "класс"),
          ("health", "жизни"), ("move", "движение"), ("strike", "удар"), ("rarity", "редкость"),
          ("elite", "элитная"), ("unique", "уникальная"), ("errata", "эррата"))



def _value(value, key: str = "") -> str:
    if key == "type":
        return TYPES.get(value, str(value))
    if isinstance(value, bool):
        return "да" if value else "нет"
    if isinstance(value, list):
        return "–".join(str(v) for v in value) if all(isinstance(v, int) for v in value) \
            else ", ".join(str(v) for v in value)
    return str(value)


def printing_label(card: dict) -> str:
    """«s1 «Война стихий» (s1_58)»: a printing as the view names it."""
    return visible(f"{card['set']} «{card['set_name']}» ({card['id']})")


def card_heading(card: dict) -> str:
    """The first line of a card's view: name, id, set — one line whatever they hold
    (a line break in an id must not start a line of its own: reports.escape)."""
    return visible(f"{card['name']}  [{card['id']}]  выпуск {card['set']} «{card['set_name']}»")


def render_card(records: list[dict], score: float = 100.0, via: str | None = None) -> str:
    """Every line of the view of one card, newline-terminated.

    `records`: the stored records of its printings (the first is shown in full;
    a printing whose text reads differently is shown with its own text and
    features); `via`: how a query in Latin letters was read, when that found it."""
    first = records[0]["card"]
    head = card_heading(first)
    if score < 100:
        head += f"  (сходство {score:g})"
    lines = [head]
    if via:
        lines.append(f"(запрос прочитан как набранный {'в другой раскладке' if 'раскладка' in via else 'латиницей'})")
    if len(records) > 1:
        lines.append("Печати: " + "; ".join(printing_label(r["card"]) for r in records))
    lines.append(f"файл: {visible(first['path'])}:{first['line']}")
    fields = first.get("fields", {})
    stats = [f"{title}: {_value(fields[key], key)}" for key, title in _STATS if fields.get(key) not in (None, [], "")]
    if stats:
        lines.append("; ".join(stats))
    lines.extend(_text_and_features(records[0]))
    shown = {records[0]["reading"]}
    first_text = first.get("text") or ""
    for record in records[1:]:
        text = record["card"].get("text") or ""
        changes = text_differences(first_text, text) if text != first_text else ""
        if record["reading"] in shown:
            if changes:
                lines.append(f"Печать {printing_label(record['card'])} читается так же; текст отличается: {changes}")
            continue
        shown.add(record["reading"])
        lines.append(f"Текст в печати {printing_label(record['card'])} читается иначе:")
        if changes:
            lines.append(f"  отличия от первой печати: {changes}")
        lines.extend("  " + line for line in _text_and_features(record))
    findings = [(r["card"]["id"], line) for r in records for line in r["finding_lines"]]
    lines.append("Находки проверки:" if findings else "Находки проверки: нет")
    several = len(records) > 1
    lines.extend(f"  [{visible(card_id)}] {line}" if several else f"  {line}" for card_id, line in findings)
    return "\n".join(lines) + "\n"


MAX_CHANGES = 6


def text_differences(first: str, other: str) -> str:
    """What another printing's text changes of the first, word by word: «было» → «стало»,
    без «…», + «…» (at most MAX_CHANGES; one line, whatever the texts hold)."""
    from difflib import SequenceMatcher

    a, b = first.split(), other.split()
    changes = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        was, now = " ".join(a[i1:i2]), " ".join(b[j1:j2])
        if op == "replace":
            changes.append(f"«{was}» → «{now}»")
        elif op == "delete":
            changes.append(f"без «{was}»")
        elif op == "insert":
            changes.append(f"+ «{now}»")
    if not changes:
        return "только переносы строк и пробелы"
    extra = f"; и ещё {len(changes) - MAX_CHANGES}" if len(changes) > MAX_CHANGES else ""
    return visible("; ".join(changes[:MAX_CHANGES]) + extra)


def _text_and_features(record: dict) -> list[str]:
    text = record["card"].get("text") or ""
    lines = ["Текст:"]
    lines.extend(f"  {line}" for line in (text or "(нет текста)").splitlines())
    lines.append("Особенности:")
    lines.extend(record["feature_lines"])
    return lines


def finding_line(finding) -> str:
    from berserk_judge.lint.finding import uncited_rules

    numbers = uncited_rules(finding.message, finding.rules)
    rules = f" ({', '.join(numbers)})" if numbers else ""
    return f"{finding.line}:{finding.column}: {finding.code} [{finding.severity.russian}] {finding.message}{rules}"


def feature_lines(features, text: str) -> list[str]:
    """The «Особенности» block of read features: kind, head, canonical and abstract forms, readings."""
    lines: list[str] = []
    for number, feature in enumerate(features, start=1):
        lines.extend(_feature(feature, str(number), text, "  "))
    return lines


def _feature(feature, number: str, text: str, pad: str) -> list[str]:
    from berserk_judge.parser import abstract_canonical, canonical, kind_name, reading_strings
    from berserk_judge.reports.canon import caret_lines

    from berserk_judge.explain.rulemap import RULES

    kind, topic = kind_name(feature)
    number_cited = RULES[topic].number if topic else None
    lines = [f"{pad}{number}. строка {feature.line}: {kind}" + (f" ({number_cited})" if number_cited else "")]
    inner = pad + "   "
    beside = [(title, getattr(feature, attr, None)) for attr, title in
              (("payment", "оплата"), ("condition", "условие"), ("label", "метка"),
               ("ability_type", "тип способности"))]
    if getattr(feature, "effect_name", None):
        beside.append(("имя", f"«{feature.effect_name}»"))
    if getattr(feature, "ability_range", None):
        beside.append(("дальность", feature.ability_range.partition(" ")[2]))
    if getattr(feature, "while_condition", None):
        beside.append(("пока", feature.while_condition))
    for ann in getattr(feature, "annotations", ()):
        if ann.kind in ("limit", "duration", "chooser"):
            beside.append(({"limit": "ограничение", "duration": "длительность",
                            "chooser": "выбор"}[ann.kind], ann.text))
    lines.extend(f"{inner}{title}: {value}" for title, value in beside if value)
    reading = feature.reading
    if feature.kind == "errata":
        lines.append(f"{inner}{feature.text.strip()}")
    elif reading is None:
        lines.extend(inner + line for line in caret_lines(text, feature.error, feature))
    else:
        form, legend = abstract_canonical(reading.tree)
        lines.append(f"{inner}каноническая запись: {canonical(reading.tree)}")
        lines.append(f"{inner}абстрактная запись: {form}")
        lines.extend(f"{inner}  {label} = {words}" for label, words in legend)
        if reading.ambiguous:
            lines.append(f"{inner}неоднозначно: связки допускают {1 + len(reading.alternatives)} чтения")
            for index, (string, abstract) in enumerate(zip(reading_strings(feature),
                                                           reading_strings(feature, abstract=True)),
                                                       start=1):
                title = "чтение 1 (по умолчанию)" if index == 1 else f"чтение {index}"
                lines.append(f"{inner}  {title}: {abstract} = {string}")
    for sub, granted in enumerate(getattr(feature, "granted", ()), start=1):
        lines.append(f"{inner}даёт особенность:")
        lines.extend(_feature(granted, f"{number}.{sub}", text, inner + "  "))
    return lines
