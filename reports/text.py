"""Text report: `path:line:col: CODE [card-id] message`, then a Russian summary."""
from __future__ import annotations

from collections import Counter

from reports.plural import plural


def finding_line(f) -> str:
    card = f" [{f.card}]" if f.card else ""
    # a whole-file problem (missing, unreadable) has no line: say only the path
    where = f"{f.path}:{f.line}:{f.column}" if f.line > 0 else f.path
    return f"{where}: {f.code}{card} {f.message}"


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
    origin = getattr(result, "origin", None)
    checked = f"Проверено карт: {result.cards}" + (f" ({origin})." if origin else ".")
    return f"{text}\n{checked}"


def render(result, quiet: bool = False) -> str:
    lines = [finding_line(f) for f in result.findings]
    if not quiet:
        if lines:
            lines.append("")
        lines.append(summary(result))
    return "\n".join(lines) + "\n"


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
