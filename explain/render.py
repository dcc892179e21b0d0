"""The text view of explanations, for the CLI."""
from __future__ import annotations


def render_text(explanations, quotes: bool = True) -> str:
    """Features numbered, each reading headed by its canonical form, steps indented."""
    lines: list[str] = []
    for number, explanation in enumerate(explanations, start=1):
        feature = explanation.feature
        lines.append(f"Особенность {number} (строка {feature.line}): {feature.text.strip()}")
        several = len(explanation.readings) > 1
        if several:
            lines.append(f"  Текст неоднозначен: правила допускают {len(explanation.readings)} чтения; "
                         f"объяснение для каждого.")
        for index, (head, steps) in enumerate(explanation.readings, start=1):
            if several:
                title = "чтение 1 (по умолчанию)" if index == 1 else f"чтение {index}"
                lines.append(f"  {title}: {head}")
            else:
                lines.append(f"  {head}")
            for step in steps:
                pad = "    " + "  " * step.depth
                lines.append(f"{pad}• {step.text}")
                if quotes and step.quote:
                    for quoted in step.quote.splitlines():
                        lines.append(f"{pad}  │ {quoted}")
        lines.append("")
    return "\n".join(lines).rstrip("\n") + ("\n" if lines else "")
