"""The errata list as one Markdown file, for pasting into a published errata document.

Built from the same report model as the HTML site: the changes between two
versions (with `--compare`), grouped by kind, and the cards with findings (or
every card with `--all`), grouped by set, each with its suggested rewording as
a diff and as the plain final text to copy.

The file renders the same under every CommonMark renderer: deleted and
inserted words are inline `<del>`/`<ins>` (CommonMark's own raw HTML, no
`~~` extension, no `**` whose flanking rules break beside «» and dashes), and
every character that could start markup in a card text is escaped.
"""
from __future__ import annotations

import re

from berserk_judge.reports.html.compare import CLASS_RU, CLASSES

# ASCII punctuation that can open inline markup; a backslash makes any of them literal
_INLINE = re.compile(r"([\\`*_\[\]<>!&~|#])")
# what opens a block at the start of a line: a heading, a quote, a list item, a rule, a table row
_LINE_START = re.compile(r"^(\s*)([-+=]|\d+[.)])")


def escape(text: str) -> str:
    """Text safe inside a Markdown paragraph: markup escaped, line breaks kept, invisible characters named."""
    return _lines(_escape_inline(text))


def _escape_inline(text: str) -> str:
    from berserk_judge.cardbase.chars import show_invisible

    return _INLINE.sub(r"\\\1", show_invisible(text))


def _lines(text: str) -> str:
    """Escaped inline text made one paragraph: no line may open a block; line breaks are hard breaks."""
    lines = []
    for line in text.split("\n"):
        line = _LINE_START.sub(lambda m: m.group(1) + "\\" + m.group(2) if not m.group(2)[0].isdigit()
                               else m.group(1) + m.group(2)[:-1] + "\\" + m.group(2)[-1], line)
        # leading spaces would make an indented code block: a character reference keeps them as text
        body = line.strip(" \t")
        lead = len(line) - len(line.lstrip(" \t"))
        trail = len(line) - len(line.rstrip(" \t")) if body else 0
        line = "&#32;" * lead + body + "&#32;" * trail
        lines.append(line if line else "&#32;")
    return "\\\n".join(lines)


def inline(text: str) -> str:
    """A one-line value (a name, an id) for a heading or a list item."""
    return escape(" ".join(text.split()))


def code_span(text: str) -> str:
    """`text` as a code span, the fence longer than any run of backticks inside."""
    from berserk_judge.cardbase.chars import show_invisible

    text = " ".join(show_invisible(text).split("\n"))
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def code_block(text: str) -> str:
    """`text` as a fenced code block, copied as it is (the fence longer than any inside)."""
    from berserk_judge.cardbase.chars import show_invisible

    longest = max((len(run) for run in re.findall(r"`{3,}", text)), default=2)
    fence = "`" * (longest + 1)
    return f"{fence}text\n{show_invisible(text)}\n{fence}"


def diff_markdown(pieces: list[dict]) -> str:
    """A word diff: deleted words in `<del>`, inserted in `<ins>` (⚠ after an unsafe change)."""
    out = []
    for piece in pieces:
        text, op = piece["text"], piece["op"]
        if op == "equal":
            out.append(_escape_inline(text))
            continue
        shown = text if text.strip() else text.replace(" ", "␣").replace("\n", "↵")
        tag = "del" if op == "delete" else "ins"
        flag = "" if piece.get("safe", True) else "⚠"
        out.append(f"<{tag}>{_escape_inline(shown)}</{tag}>{flag}")
    return _lines("".join(out))


def _verdict(change: dict) -> str:
    return ", ".join(CLASS_RU[c] for c in change["classes"])


def _changes(model: dict) -> list[str]:
    lines = ["## Изменения", ""]
    if not model["changes"]:
        return lines + ["Карты не менялись.", ""]
    for cls in CLASSES:
        group = [c for c in model["changes"] if c["classes"][:1] == [cls]]
        if not group:
            continue
        lines += [f"### {CLASS_RU[cls].capitalize()}: {len(group)}", ""]
        for change in group:
            lines += [f"#### {inline(change['name'])} ({inline(change['id'])}) — {_verdict(change)}", ""]
            if "name" in change["classes"]:
                lines += [f"Название: <del>{inline(change['old_name'])}</del> → <ins>{inline(change['name'])}</ins>", ""]
            if change["stats"]:
                lines += [f"- {inline(s['label'])}: {inline(s['old'])} → {inline(s['new'])}" for s in change["stats"]]
                lines.append("")
            if change["old_text"] != change["new_text"]:
                lines += [diff_markdown(change["diff"]), ""]
            if change["reading_changed"] and change["status"] == "changed":
                lines += [f"- было: {code_span(form)}" for form in change["old"]]
                lines += [f"- стало: {code_span(form)}" for form in change["new"]]
                lines.append("")
            if change["introduced"] or change["fixed"]:
                lines += [f"- изменилась находка {f['code']}: {inline(f['was'])} → {inline(f['message'])}"
                          if f.get("changed") else f"- появилась находка {f['code']}: {inline(f['message'])}"
                          for f in change["introduced"]]
                lines += [f"- исправлена находка {f['code']}: {inline(f['message'])}" for f in change["fixed"]]
                lines.append("")
    return lines


def _entry(entry: dict) -> list[str]:
    from berserk_judge.lint.finding import uncited_rules

    lines = [f"#### {inline(entry['name'])} ({inline(entry['id'])})", ""]
    stats = "; ".join(f"{s['label']}: {s['value']}" for s in entry["stats"])
    if stats:
        lines += [inline(stats), ""]
    lines += [escape(entry["text"]) if entry["text"] else "(нет текста)", ""]
    if not entry["findings"]:
        lines += ["Замечаний нет.", ""]
    for f in entry["findings"]:
        numbers = uncited_rules(f["message"], f["rules"])
        rules = f" (правила {', '.join(numbers)})" if numbers else ""
        lines.append(f"- {f['code']} {f['severity_ru']}: {inline(f['message'])}{rules}")
        if f.get("placement"):
            p = f["placement"]
            lines.append(f"  куда вписать условие: {code_span(p['condition'] + p['lowered'])} "
                         f"или оплату: {code_span(p['payment'] + p['text'])}")
    if entry["findings"]:
        lines.append("")
    rewording = entry["rewording"]
    if rewording:
        unsafe = " (⚠ — небезопасная правка: проверить смысл)" if rewording["unsafe"] else ""
        lines += [f"Предлагаемая редакция{unsafe}:", "", diff_markdown(rewording["diff"]), "",
                  "Итоговый текст:", "", code_block(rewording["text"]), ""]
    return lines


def render(model: dict, title: str, all_cards: bool = False) -> str:
    """The whole Markdown document; `all_cards` lists every card, not only those with findings."""
    summary = model["summary"]
    lines = [f"# {inline(title)}", "",
             f"Карт в базе: {summary['cards']}; находок: {summary['findings']}; "
             f"особенностей прочитано: {summary['coverage']['percent']}%.", ""]
    if model["changes"] is not None:
        lines += _changes(model)
    entries = [e for e in model["cards"] if all_cards or e["findings"]]
    if entries:
        lines += ["## Замечания к текстам" if not all_cards else "## Карты", ""]
    current = None
    for entry in entries:
        if entry["set"] != current:
            current = entry["set"]
            lines += [f"### Выпуск «{inline(entry['set_name'])}» ({inline(entry['set'])})", ""]
        lines += _entry(entry)
    return "\n".join(lines).rstrip("\n") + "\n"
