"""Writing the report site: Jinja2 pages, static files and report.json, all at once.

The site is written into a fresh folder beside DIR and renamed into place, so
a reader never sees half a report; a DIR that holds something other than an
earlier report is never replaced.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from importlib import resources
from pathlib import Path

import jinja2

STATIC = ("report.css", "report.js", "icon.svg")
MARKER = "report.json"


class OutputError(Exception):
    """The output folder cannot be written or replaced; message is Russian."""


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("reports.html", "templates"),
        autoescape=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["plural"] = _plural
    env.filters["shown_space"] = shown_space
    return env


def shown_space(text: str) -> str:
    """White space alone made visible (␣, ↵), so a removed or added space can be seen."""
    if text.strip():
        return text
    return text.replace(" ", "␣").replace("\t", "␣").replace("\n", "↵\n")


def _plural(n: int, one: str, few: str, many: str) -> str:
    from russian.plural import plural

    return plural(n, one, few, many)


def search_index(model: dict) -> list[dict]:
    """What the client-side search needs per card: short, so 10,000 cards stay light."""
    rows = []
    for entry in model["cards"]:
        rows.append({
            "i": entry["id"], "n": entry["name"], "s": entry["set"], "p": entry["page"],
            "a": entry["anchor"], "t": entry["text"], "c": entry["codes"], "v": entry["severities"],
            "m": 1 if entry["ambiguous"] else 0, "x": entry["change"] or "",
            "f": len(entry["findings"]),
        })
    return rows


def render_pages(model: dict, title: str) -> dict[str, str]:
    """File name → content of every page and data file of the site."""
    env = environment()
    common = {"model": model, "summary": model["summary"], "title": title, "pages": model["pages"]}
    out = {"index.html": env.get_template("index.html.j2").render(**common, current="index.html")}
    by_page: dict[str, list[dict]] = {}
    for entry in model["cards"]:
        by_page.setdefault(entry["page"], []).append(entry)
    card_page = env.get_template("cards.html.j2")
    for page in model["pages"]:
        out[page["file"]] = card_page.render(**common, page=page, cards=by_page[page["file"]],
                                             current=page["file"])
    if model["changes"] is not None:
        out["changes.html"] = env.get_template("changes.html.j2").render(**common, current="changes.html")
    index = json.dumps(search_index(model), ensure_ascii=False, separators=(",", ":"))
    # a script, not JSON: browsers refuse fetch() on file:// pages
    out["search-index.js"] = "window.BJ_INDEX = " + index.replace("</", "<\\/") + ";\n"
    out[MARKER] = json.dumps(model, ensure_ascii=False, separators=(",", ":")) + "\n"
    return out


def write_site(files: dict[str, str], out_dir: Path) -> None:
    """Write the files and the static assets to a temp folder, then rename it to out_dir."""
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise OutputError(f"{out_dir}: это файл, а не папка")
    if out_dir.is_dir() and any(out_dir.iterdir()) and not (out_dir / MARKER).is_file():
        raise OutputError(f"{out_dir}: папка не пуста и не похожа на отчёт (нет {MARKER}); "
                          f"выберите пустую или новую папку")
    parent = out_dir.resolve().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.", dir=parent))
    except OSError as exc:
        raise OutputError(f"{parent}: не удалось создать папку ({exc.strerror or exc})") from None
    try:
        for name, content in files.items():
            (staging / name).write_text(content, encoding="utf-8")
        static = resources.files("reports.html") / "static"
        for name in STATIC:
            (staging / name).write_bytes((static / name).read_bytes())
        os.chmod(staging, 0o755)
        old = None
        if out_dir.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.old.", dir=parent))
            os.replace(out_dir, old / "report")
        os.replace(staging, out_dir)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise OutputError(f"{out_dir}: не удалось записать отчёт ({exc.strerror or exc})") from None
