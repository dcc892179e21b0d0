"""The text view of `card`: who the card is, its text, each feature, its findings."""
from __future__ import annotations

from parser import abstract_canonical, canonical

KIND_NAMES = {
    "playable": ("играемая", "playable"),
    "conditional": ("условная играемая", "conditional"),
    "triggered": ("срабатывающая", "triggered"),
    "keyword": ("с меткой ключевого слова", None),
    "static": ("постоянная", None),
    "errata": ("отметка об эррате", None),
    "unknown": ("не прочитана", None),
}

_STATS = (("element", "стихия"), ("cost", "стоимость"), ("type", "тип"), ("class", "класс"),
          ("health", "жизни"), ("move", "движение"), ("strike", "удар"), ("rarity", "редкость"),
          ("elite", "элитная"), ("unique", "уникальная"), ("errata", "эррата"))


_TYPES = {"creature": "существо", "flyer": "летающее существо", "companion": "спутник",
          "parasite": "паразит", "artifact": "артефакт", "terrain": "местность"}


def _value(value, key: str = "") -> str:
    if key == "type":
        return _TYPES.get(value, str(value))
    if isinstance(value, bool):
        return "да" if value else "нет"
    if isinstance(value, list):
        return "–".join(str(v) for v in value) if all(isinstance(v, int) for v in value) \
            else ", ".join(str(v) for v in value)
    return str(value)


def render_card(card, features, findings, score: float = 100.0) -> str:
    """Every line of the card view, newline-terminated."""
    lines = [f"{card.name}  [{card.id}]  выпуск {card.set_id} «{card.set_name}»"
             + ("" if score >= 100 else f"  (сходство {score:g})")]
    lines.append(f"файл: {card.path}:{card.line}")
    stats = [f"{title}: {_value(card.fields[key], key)}" for key, title in _STATS
             if card.fields.get(key) not in (None, [], "")]
    if stats:
        lines.append("; ".join(stats))
    lines.append("Текст:")
    lines.extend(f"  {line}" for line in (card.text or "(нет текста)").splitlines())
    lines.append("Особенности:")
    for number, feature in enumerate(features, start=1):
        lines.extend(_feature(feature, str(number), card.text, "  "))
    lines.append("Находки проверки:" if findings else "Находки проверки: нет")
    for finding in findings:
        rules = f" ({', '.join(finding.rules)})" if finding.rules else ""
        lines.append(f"  {finding.line}:{finding.column}: {finding.code} [{finding.severity.russian}] "
                     f"{finding.message}{rules}")
    return "\n".join(lines) + "\n"


def _feature(feature, number: str, text: str, pad: str) -> list[str]:
    from explain.rulemap import cite
    from parser import reading_strings
    from reports.canon import caret_lines

    kind, topic = KIND_NAMES.get(feature.kind, (feature.kind, None))
    lines = [f"{pad}{number}. строка {feature.line}: {kind}" + (f" {cite(topic)}" if topic else "")]
    inner = pad + "   "
    beside = [(title, getattr(feature, attr, None)) for attr, title in
              (("payment", "оплата"), ("condition", "условие"), ("label", "метка"),
               ("ability_type", "тип способности"))]
    if getattr(feature, "effect_name", None):
        beside.append(("имя", f"«{feature.effect_name}»"))
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
            lines.append(f"{inner}неоднозначно: правила допускают {1 + len(reading.alternatives)} чтения (505)")
            for index, (string, abstract) in enumerate(zip(reading_strings(feature),
                                                           reading_strings(feature, abstract=True)),
                                                       start=1):
                title = "чтение 1 (по умолчанию)" if index == 1 else f"чтение {index}"
                lines.append(f"{inner}  {title}: {abstract} = {string}")
    for sub, granted in enumerate(getattr(feature, "granted", ()), start=1):
        lines.append(f"{inner}даёт особенность:")
        lines.extend(_feature(granted, f"{number}.{sub}", text, inner + "  "))
    return lines
