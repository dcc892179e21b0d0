"""The report site as files: Jinja2 pages, the search index, static assets and report.json.

Pages link to their neighbours only (the summary lists every page once), so
the site grows linearly with the number of pages; report.json carries the
manifest of the site's own files (see `reports.html.output`).
"""
from __future__ import annotations

import json
from importlib import resources

from reports.html import search_index
from reports.html.compare import CLASS_RU, CLASSES
from reports.html.diagram import legend
from reports.html.filters import environment
from reports.html.output import MARKER, OutputError, manifest, write_site  # noqa: F401 - the writer's API

STATIC = ("report.css", "report.js", "icon.svg")
_SIBLINGS = 12   # parts of one set listed on each of its pages; more get previous/next only


def _script_data(name: str, value) -> str:
    """A data file as a script (browsers refuse fetch() on file:// pages), safe inside <script>.

    The data is a JSON string given to JSON.parse: engines parse that much
    faster than the same data as an object literal, which matters on a phone.
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    literal = json.dumps(text, ensure_ascii=False).replace("</", "<\\/")
    return f"window.{name} = JSON.parse({literal});\n"


def _neighbours(pages: list[dict], index: int) -> dict:
    page = pages[index]
    same_set = [p for p in pages[max(0, index - _SIBLINGS):index + _SIBLINGS + 1] if p["set"] == page["set"]]
    return {"previous": pages[index - 1] if index else None,
            "next": pages[index + 1] if index + 1 < len(pages) else None,
            "parts": same_set if page["parts"] > 1 else []}


def render_pages(model: dict, title: str) -> dict[str, str | bytes]:
    """File name → content of every file of the site, report.json with its manifest included."""
    env = environment()
    pages_by_set: dict[str, list[dict]] = {}
    for page in model["pages"]:
        pages_by_set.setdefault(page["set"], []).append(page)
    common = {"model": model, "summary": model["summary"], "title": title,
              "classes": CLASSES, "class_ru": CLASS_RU, "pages_by_set": pages_by_set}
    out: dict[str, str | bytes] = {
        "index.html": env.get_template("index.html.j2").render(**common, current="index.html")}
    by_page: dict[str, list[dict]] = {}
    for entry in model["cards"]:
        by_page.setdefault(entry["page"], []).append(entry)
    card_page = env.get_template("cards.html.j2")
    frames = legend()
    for number, page in enumerate(model["pages"]):
        out[page["file"]] = card_page.render(**common, page=page, cards=by_page[page["file"]],
                                             current=page["file"], legend=frames,
                                             **_neighbours(model["pages"], number))
    if model["changes"] is not None:
        out["changes.html"] = env.get_template("changes.html.j2").render(**common, current="changes.html")
    out["search-index.js"] = _script_data("BJ_INDEX", search_index.build(model))
    static = resources.files("reports.html") / "static"
    for name in STATIC:
        out[name] = (static / name).read_bytes()
    site = manifest([*out, MARKER])
    out[MARKER] = json.dumps({**model, "site": site}, ensure_ascii=False, separators=(",", ":")) + "\n"
    return out
