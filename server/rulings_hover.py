"""The judges' rulings of a card at the end of a feature's hover (Markdown).

What the base holds (Card.rulings, loaded with the card from the buffer):
the server reads no rulings file of its own. Cited numbers are links into the
rulebook when one is configured, as the feature's own rule numbers are.
"""
from __future__ import annotations


def rulings_markdown(card, rulebook=None) -> str:
    """«**Решения судей** (N)» and a numbered list of them; "" for a card without rulings."""
    from berserk_judge.server.hover import md, rule_links

    rulings = getattr(card, "rulings", ())
    if not rulings:
        return ""
    out = ["", f"**Решения судей** ({len(rulings)})", ""]
    for number, ruling in enumerate(rulings, start=1):
        lead = f"{number}. "
        pad = " " * len(lead)
        if ruling.question:
            out.append(f"{lead}**Вопрос:** {md(ruling.question)}")
            out.append(f"{pad}**Ответ:** {md(ruling.answer)}")
        else:
            out.append(f"{lead}**Ответ:** {md(ruling.answer)}")
        about = []
        if ruling.source:
            about.append(f"источник: {md(ruling.source)}")
        if ruling.date:
            about.append(f"дата: {md(ruling.date)}")
        if ruling.rules:
            linked = dict(zip(ruling.rules, ruling.rules))
            for link in rule_links(rulebook, list(ruling.rules)):
                linked[link[1:link.index("]")]] = link
            about.append("правила: " + ", ".join(linked.values()))
        if about:
            out.append(f"{pad}*{'; '.join(about)}*")
    return "\n".join(out) + "\n"
