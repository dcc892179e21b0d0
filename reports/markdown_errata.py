"""The errata list as one Markdown file, for pasting into a published errata document.

Built from the same report model as the HTML site: the text changes between
two versions (with `--compare`) and the cards with findings, each with its
suggested rewording when fixes exist. Deleted words are ~~struck out~~,
inserted ones **bold**.
"""
from __future__ import annotations

import re

_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")


def escape(text: str) -> str:
    """Text safe inside Markdown: markup characters escaped, line breaks kept as <br>-free breaks."""
    return _SPECIAL.sub(r"\\\1", text).replace("\n", "  \n")


def diff_markdown(pieces: list[dict]) -> str:
    out = []
    for piece in pieces:
        text = piece["text"]
        if piece["op"] == "equal":
            out.append(escape(text))
            continue
        core = text.strip()
        if not core:
            out.append(escape(text) if piece["op"] == "insert" else "")
            continue
        lead, trail = text[:len(text) - len(text.lstrip())], text[len(text.rstrip()):]
        mark = "~~" if piece["op"] == "delete" else "**"
        flag = "" if piece.get("safe", True) else "⚠"
        out.append(f"{lead}{mark}{escape(core)}{mark}{flag}{trail}")
    return "".join(out)


def render(model: dict, title: str) -> str:
    lines = [f"# {title}", ""]
    summary = model["summary"]
    lines.append(f"Карт в базе: {summary['cards']}; находок: {summary['findings']}; "
                 f"особенностей прочитано: {summary['coverage']['percent']}%.")
    lines.append("")
    if model["changes"] is not None:
        lines += ["## Изменения текстов", ""]
        if not model["changes"]:
            lines += ["Тексты не менялись.", ""]
        for change in model["changes"]:
            if change["status"] == "added":
                verdict = "новая карта"
            elif change["status"] == "removed":
                verdict = "удалена"
            else:
                verdict = "чтение изменилось" if change["reading_changed"] else "только типографика"
            lines.append(f"### {escape(change['name'])} ({escape(change['id'])}) — {verdict}")
            lines.append("")
            lines.append(diff_markdown(change["diff"]))
            lines.append("")
            if change["reading_changed"] and change["status"] == "changed":
                lines += [f"- было: `{form}`" for form in change["old"]]
                lines += [f"- стало: `{form}`" for form in change["new"]]
                lines.append("")
    entries = [e for e in model["cards"] if e["findings"]]
    if entries:
        lines += ["## Замечания к текстам", ""]
    for entry in entries:
        lines.append(f"### {escape(entry['name'])} ({escape(entry['id'])})")
        lines.append("")
        lines.append(escape(entry["text"]))
        lines.append("")
        for f in entry["findings"]:
            rules = f" (правила {', '.join(f['rules'])})" if f["rules"] else ""
            lines.append(f"- {f['code']} {f['severity_ru']}: {escape(f['message'])}{rules}")
        if entry["rewording"]:
            lines += ["", "Предлагаемая редакция" + (" (⚠ — проверить смысл)" if entry["rewording"]["unsafe"] else "")
                      + ":", "", diff_markdown(entry["rewording"]["diff"])]
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"
