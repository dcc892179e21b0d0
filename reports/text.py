"""Text report: `path:line:col: CODE [card-id] message`, then a Russian summary."""
from __future__ import annotations

from collections import Counter

from berserk_judge.reports.escape import line_start_safe, visible
from berserk_judge.reports.paths import shown_path
from berserk_judge.russian.plural import plural


def finding_line(f, paths: dict[str, str] | None = None) -> str:
    """One line per finding, whatever the id, path or message hold (reports.escape). `paths`:
    the paths as shown, kept by a caller printing many findings (a base's findings share a few
    files, and showing a path asks the system for the working directory)."""
    card = f" [{visible(f.card)}]" if f.card else ""
    path = paths.get(f.path) if paths is not None else None
    if path is None:
        path = line_start_safe(visible(shown_path(f.path)))
        if paths is not None:
            paths[f.path] = path
    # a whole-file problem (missing, unreadable) has no line: say only the path
    where = f"{path}:{f.line}:{f.column}" if f.line > 0 else path
    line = f"{where}: {f.code}{card} {visible(f.message)}"
    if f.fix is not None and f.fix.demoted:
        line += f" (исправление «{visible(f.fix.title)}» не применено: {visible(f.fix.demoted)})"
    return line


def fixable_line(findings) -> str | None:
    """How many findings `--fix` (and `--unsafe-fixes`) would fix; None if none."""
    safe = sum(1 for f in findings if f.fix is not None and f.fix.safe)
    unsafe = sum(1 for f in findings if f.fix is not None and not f.fix.safe)
    if safe and unsafe:
        return f"[*] Можно исправить с --fix: {safe}; ещё {unsafe} — с --fix --unsafe-fixes."
    if safe:
        return f"[*] Можно исправить с --fix: {safe}."
    if unsafe:
        return f"[*] Можно исправить с --fix --unsafe-fixes: {unsafe} (исправления могут менять смысл)."
    return None


def summary(result) -> str:
    n = len(result.findings)
    if n == 0:
        text = "Замечаний нет."
    else:
        by = Counter(f.severity.label for f in result.findings)
        parts = [f"{label}: {by[key]}" for key, label in
                 (("error", "ошибок"), ("warning", "предупреждений"), ("info", "сведений")) if by.get(key)]
        cards = len({(f.path, f.card) for f in result.findings if f.card})
        text = f"Найдено {n} {plural(n, 'замечание', 'замечания', 'замечаний')} ({', '.join(parts)})"
        if cards:
            text += f" в {cards} {plural(cards, 'карте', 'картах', 'картах')}"
        text += "."
    extra = []
    if result.suppressed:
        extra.append(f"подавлено: {result.suppressed}")
    if result.below_threshold:
        extra.append(f"ниже порога: {result.below_threshold}")
    if extra:
        text = text.rstrip(".") + " (" + "; ".join(extra) + ")."
    origin = result.origin
    checked = f"Проверено карт: {result.cards}" + (f" ({origin})." if origin else ".")
    fixable = fixable_line(result.findings)
    if fixable:
        text += "\n" + fixable
    return f"{text}\n{checked}"


def render(result, quiet: bool = False) -> str:
    paths: dict[str, str] = {}   # one report: the working directory does not change while it is drawn
    lines = [finding_line(f, paths) for f in result.findings]
    if not quiet:
        if lines:
            lines.append("")
        lines.append(summary(result))
    lines.append("")   # the final newline joined in: `join(...) + "\n"` would copy the whole report again
    return "\n".join(lines)


def statistics(result) -> list[dict]:
    """Per code: count, name, severity; most frequent first (Ruff's --statistics)."""
    counts = Counter(f.code for f in result.findings)
    first = {}
    for f in result.findings:
        first.setdefault(f.code, f)
    rows = [{"code": c, "name": first[c].name, "severity": first[c].severity.label, "count": n}
            for c, n in counts.items()]
    return sorted(rows, key=lambda r: (-r["count"], r["code"]))


def render_statistics(result, quiet: bool = False) -> str:
    rows = statistics(result)
    width = max([len(str(r["count"])) for r in rows] + [1])
    lines = [f"{r['count']:>{width}}\t{r['code']}\t{r['name']}\t{r['severity']}" for r in rows]
    if not quiet:
        total = sum(r["count"] for r in rows)
        lines.append(f"Всего: {total}")
    return "\n".join(lines) + "\n"
