"""Hover: the reading of the feature under the cursor, or a rule's docs on a
code in a `# noqa` comment (or a `noqa:` field), as Markdown.

A feature's hover holds what `card` shows for it — kind (with its rule),
payment, condition, label, ability type, name, the canonical and the
abstract form with its legend, every reading of an ambiguous text — and the
steps of `explain` for each reading, each ending with its rule numbers; then
the judges' rulings of the card and of its other prints in the base index,
each once, one given on another print labelled «[печать ID]» as `card` does.
With a rulebook configured (`rulebook` in the settings), the numbers are
links to the rule's place in the rulebook's files.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from berserk_judge.server.analysis import Analysis

_CODE = re.compile(r"\b[A-Za-z]{2}\d{3}\b")
_NOQA_LINE = re.compile(r"#\s*noqa|^\s*(?:-\s+)?noqa\s*:", re.I)
_MARKDOWN = re.compile(r"([\\`*_\[\]<>#|~])")
_NUMBER = re.compile(r"^\d{3}(?:\.\d+)*(?:, пример(?: \d+)?)?$")   # as explain cites: 114.1, 505, пример 1


def md(text: str) -> str:
    """Card words inside Markdown: its special characters escaped."""
    return _MARKDOWN.sub(r"\\\1", " ".join(str(text).split()))


@dataclass
class Hover:
    markdown: str
    start: int   # buffer offsets the hover is about
    end: int


def code_at(line: str, column: int) -> tuple[str, int, int] | None:
    """A rule code under the cursor on a line that holds a noqa (comment or field)."""
    if not _NOQA_LINE.search(line):
        return None
    for match in _CODE.finditer(line):
        if match.start() <= column <= match.end():
            return match.group(0).upper(), match.start(), match.end()
    return None


def noqa_hover(analysis: Analysis, offset: int) -> Hover | None:
    from berserk_judge.lint.registry import get_rule
    from berserk_judge.reports.catalogue import rule_markdown

    number = analysis.lines.line_of(offset)
    line_start = analysis.lines.starts[number]
    found = code_at(analysis.lines.line_text(number), offset - line_start)
    if found is None:
        return None
    code, start, end = found
    rule = get_rule(code)
    if rule is None or rule.code != code:
        return Hover(f"**{code}** — неизвестный код правила (`berserk-judge rule` — список правил)",
                     line_start + start, line_start + end)
    return Hover(rule_markdown(rule), line_start + start, line_start + end)


def feature_at(features, index: int):
    """The innermost feature (granted ones included) whose span holds the text index."""
    for feature in features:
        start, end = feature.span
        if start <= index < max(end, start + 1):
            inner = feature_at(getattr(feature, "granted", ()) or (), index)
            return inner or feature
    return None


def feature_hover(analysis: Analysis, offset: int, rulebook=None, base_index=None) -> Hover | None:
    """The hover of the feature under `offset`: the feature, then the rulings of the card and of its
    other prints in `base_index` (server.workspace.BaseIndex: the cards loaded so far)."""
    card = analysis.card_at(offset)
    if card is None:
        return None
    index = analysis.text_index(card, offset)
    if index is None:
        return None
    features = analysis.features(card)
    feature = feature_at(features, index)
    if feature is None:
        return None
    number = _number(features, feature)
    start, end = analysis.places(card).span(*feature.span)
    head = f"**{md(card.name)}** \\[{md(card.id)}\\] · "
    from berserk_judge.server.rulings_hover import rulings_markdown

    namesakes = base_index.namesakes(card.name) if base_index is not None else ()
    body = render_feature(feature, number, rulebook) + rulings_markdown(card, rulebook, namesakes)
    return Hover(head + body, start + analysis.bom, end + analysis.bom)


def _number(features, target, prefix: str = "") -> str:
    for n, feature in enumerate(features, start=1):
        label = f"{prefix}{n}"
        if feature is target:
            return label
        inner = _number(getattr(feature, "granted", ()) or (), target, label + ".")
        if inner:
            return inner
    return ""


def render_feature(feature, number: str, rulebook=None) -> str:
    """The Markdown of one feature: its parts, its forms, its readings, how it is played."""
    from berserk_judge.explain import explain_features
    from berserk_judge.explain.rulemap import cite
    from berserk_judge.parser import abstract_canonical, canonical, reading_strings

    from berserk_judge.parser import kind_name

    kind, topic = kind_name(feature)
    out = [f"особенность {number} — **{kind}**" + (f" {cite(topic)}" if topic else ""), ""]
    parts = [("оплата", feature.payment), ("условие", feature.condition), ("метка", feature.label),
             ("тип способности", feature.ability_type),
             ("имя", f"«{feature.effect_name}»" if getattr(feature, "effect_name", None) else None),
             ("дальность", (getattr(feature, "ability_range", None) or "").partition(" ")[2] or None),
             ("пока", getattr(feature, "while_condition", None))]
    for ann in getattr(feature, "annotations", ()) or ():
        title = {"limit": "ограничение", "duration": "длительность", "chooser": "выбор"}.get(ann.kind)
        if title:
            parts.append((title, ann.text))
    out.extend(f"* {title}: {md(value)}" for title, value in parts if value)
    reading = feature.reading
    if feature.kind == "errata":
        out.append(md(feature.text.strip()))
        return _paragraphs(out)
    if reading is None:
        error = feature.error
        out.append(f"**Не прочитана:** {md(error.message) if error else 'нет чтения'}")
    else:
        form, legend = abstract_canonical(reading.tree)
        out += ["", f"**Каноническая запись:** {md(canonical(reading.tree))}", "",
                f"**Абстрактная запись:** {md(form)}", ""]
        out.extend(f"* {label} = {md(words)}" for label, words in legend)
        if reading.ambiguous:
            count = 1 + len(reading.alternatives)
            out += ["", f"**Неоднозначно:** правила допускают {count} чтения (505)", ""]
            for n, (string, abstract) in enumerate(zip(reading_strings(feature),
                                                       reading_strings(feature, abstract=True)), start=1):
                title = "чтение 1 (по умолчанию)" if n == 1 else f"чтение {n}"
                out.append(f"{n}. {title}: {md(abstract)} = {md(string)}")
    numbers: list[str] = []
    for explanation in explain_features([feature]):
        several = len(explanation.readings) > 1
        out += ["", "**Как разыгрывается**" + (" (для каждого чтения)" if several else ""), ""]
        for n, (head, steps) in enumerate(explanation.readings, start=1):
            if several:
                out.append(f"*{'чтение 1 (по умолчанию)' if n == 1 else f'чтение {n}'}: {md(head)}*")
                out.append("")
            for step in steps:
                out.append("  " * step.depth + f"* {md(step.text)}")
                numbers.extend(step.rules)
            out.append("")
    links = rule_links(rulebook, numbers)
    if links:
        out += ["", "Правила в своде: " + ", ".join(links)]
    return _paragraphs(out)


def _paragraphs(lines: list[str]) -> str:
    """The lines as Markdown: never two empty lines in a row, none at the ends."""
    kept: list[str] = []
    for line in lines:
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept).strip() + "\n"


def rule_places(rulebook, number: str) -> list[tuple[str, int]]:
    """(file, 1-based line) of the rule with this number in every file that has
    it; when no file numbers it so (505.4 is only 505.4.1 and 505.4.2 in the
    extracts), where its first sub-rule or passage stands."""
    if rulebook is None or not _NUMBER.match(number):
        return []
    from berserk_judge.rulebook import by_number

    found = [match.rule for match in by_number(rulebook, number)]
    exact = [rule for rule in found if rule.number == number] or found[:1]
    return [(str(Path(rulebook.folder, rule.source).resolve()), rule.line) for rule in exact]


def rule_links(rulebook, numbers: list[str]) -> list[str]:
    links = []
    for number in dict.fromkeys(numbers):
        places = rule_places(rulebook, number)
        if places:
            path, line = places[0]
            links.append(f"[{number}]({Path(path).as_uri()}#L{line})")
    return links
