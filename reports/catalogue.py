"""The rule catalogue as text, Markdown (docs/rules.md) and JSON — from the registry."""
from __future__ import annotations

import json
import textwrap

SEVERITY_RU = {"error": "ошибка", "warning": "предупреждение", "info": "сведение"}


def _numbers(rule) -> str:
    return ", ".join(rule.rules) if rule.rules else "—"


def _flags(rule) -> str:
    flags = []
    if not rule.default_enabled:
        flags.append("включается явно")
    if rule.engine_emitted and rule.code in ("BJ000", "BJ002", "BJ003"):
        flags.append("не отключается")
    return f" ({', '.join(flags)})" if flags else ""


FIX_RU = {"safe": "безопасное (--fix)", "unsafe": "небезопасное, может менять смысл (--fix --unsafe-fixes)",
          "choice": "на выбор: по исправлению на каждое прочтение (в редакторе и в --format json; "
                    "--fix их не применяет)"}


FIX_KIND_RU = {"safe": "безопасное", "unsafe": "небезопасное", "choice": "на выбор"}
FIX_GROUPS_RU = (("safe", "Безопасные (`--fix`; прочтение карты не меняется — это проверяется)"),
                 ("unsafe", "Небезопасные (`--fix --unsafe-fixes`; могут менять смысл, их нужно просмотреть)"),
                 ("choice", "На выбор (по исправлению на каждое прочтение; редактор и `--format json`, "
                            "`--fix` их не применяет)"))


def _fix(rule) -> str | None:
    return FIX_RU.get(rule.fix_applicability) if rule.fix_applicability else None


def _anchor(rule) -> str:
    return f"#{rule.code.lower()}-{rule.name}"


def fixes_markdown(rules) -> str:
    """Which rules fix, and how: generated from the units' `fix_applicability`, so that a new
    rule with a fix needs no hand-kept list (docs/usage.md links here)."""
    lines = ["## Исправления", "",
             "Какие правила исправляют свои находки и как (создано из правил, как и весь каталог):", ""]
    for kind, title in FIX_GROUPS_RU:
        chosen = [rule for rule in rules if rule.fix_applicability == kind]
        if chosen:
            lines.append(f"* {title}: " + "; ".join(
                f"[{rule.code}]({_anchor(rule)}) {rule.doc().summary.rstrip('.')}" for rule in chosen) + ".")
    return "\n".join(lines) + "\n"


def table(rules) -> str:
    lines = []
    name_width = max((len(rule.name) for rule in rules), default=0)
    numbers_width = max((len(_numbers(rule)) for rule in rules), default=0) + 2
    for rule in rules:
        doc = rule.doc()
        numbers = f"[{_numbers(rule)}]"
        lines.append(f"{rule.code}  {rule.name:<{name_width}}  {rule.severity.label:<8} "
                     f"{numbers:<{numbers_width}}  {doc.summary}{_flags(rule)}")
    lines.append("")
    lines.append(f"Правил: {len(rules)}. Подробно: berserk-judge rule КОД")
    return "\n".join(lines) + "\n"


def rule_text(rule) -> str:
    doc = rule.doc()
    wrap = lambda s: "\n".join(textwrap.fill(p, 78, initial_indent="  ", subsequent_indent="  ")
                               for p in s.split("\n\n"))
    indent = lambda s: "\n".join("    " + line for line in s.splitlines())
    parts = [
        f"{rule.code} {rule.name}",
        f"{doc.summary}{_flags(rule)}",
        "",
        f"Важность по умолчанию: {rule.severity.label} ({SEVERITY_RU[rule.severity.label]})",
        f"Правила: {_numbers(rule)}",
        *([f"Исправление: {_fix(rule)}"] if _fix(rule) else []),
        "",
        "Что находит:", wrap(doc.finds), "",
        "Почему это важно:", wrap(doc.why), "",
        "Плохо:", indent(doc.bad), "",
        "Хорошо:", indent(doc.good),
    ]
    return "\n".join(parts) + "\n"


def rule_markdown(rule) -> str:
    doc = rule.doc()
    return "\n".join([
        f"## {rule.code} `{rule.name}`",
        "",
        f"{doc.summary}{_flags(rule)}",
        "",
        f"* Важность по умолчанию: `{rule.severity.label}`",
        f"* Правила: {_numbers(rule)}",
        *([f"* Исправление: {_fix(rule)}"] if _fix(rule) else []),
        "",
        "### Что находит", "", doc.finds, "",
        "### Почему это важно", "", doc.why, "",
        "### Плохо", "", "```", doc.bad, "```", "",
        "### Хорошо", "", "```", doc.good, "```", "",
    ])


def markdown(rules) -> str:
    head = [
        "# Правила berserk-judge lint",
        "",
        "<!-- Создано из реестра правил: berserk-judge rule --format markdown > docs/rules.md -->",
        "",
        "| код | имя | важность | правила | исправление | суть |",
        "|---|---|---|---|---|---|",
    ]
    for rule in rules:
        head.append(f"| [{rule.code}]({_anchor(rule)}) | `{rule.name}` | "
                    f"{rule.severity.label} | {_numbers(rule)} | {FIX_KIND_RU.get(rule.fix_applicability, '—')} | "
                    f"{rule.doc().summary}{_flags(rule)} |")
    head.append("")
    return ("\n".join(head) + "\n" + fixes_markdown(rules) + "\n"
            + "\n".join(rule_markdown(r) for r in rules))


def as_json(rules) -> str:
    out = []
    for rule in rules:
        doc = rule.doc()
        out.append({"code": rule.code, "name": rule.name, "severity": rule.severity.label,
                    "rules": list(rule.rules), "summary": doc.summary, "finds": doc.finds,
                    "why": doc.why, "bad": doc.bad, "good": doc.good, "message": rule.message,
                    "default_enabled": rule.default_enabled, "fix": rule.fix_applicability})
    return json.dumps(out, ensure_ascii=False, indent=2) + "\n"
