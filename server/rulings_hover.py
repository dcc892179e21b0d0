"""The judges' rulings of a card at the end of a feature's hover (Markdown).

What the base holds (Card.rulings, loaded with the card from the buffer, and
the base index's cards of its name: its other prints): the server reads no
rulings file of its own. The list is `card`'s (reports.rulings_view.card_rulings):
each ruling once, «[печать ID]» after one given on another print. Cited numbers
are links into the rulebook when one is configured, as the feature's own rule
numbers are.
"""
from __future__ import annotations


def rulings_markdown(card, rulebook=None, namesakes=()) -> str:
    """«**Решения судей** (N)» and a numbered list of them; "" for a card without rulings.
    `namesakes`: the base's cards of its name (server.workspace.BaseIndex.namesakes)."""
    from berserk_judge.reports.rulings_view import card_rulings
    from berserk_judge.server.hover import md, rule_links

    rulings = card_rulings(card, namesakes) if namesakes else [(r, "") for r in getattr(card, "rulings", ())]
    if not rulings:
        return ""
    out = ["", f"**Решения судей** ({len(rulings)})", ""]
    for number, (ruling, label) in enumerate(rulings, start=1):
        lead = f"{number}. "
        pad = " " * len(lead)
        mark = f" \\[{md(label)}\\]" if label else ""
        if ruling.question:
            out.append(f"{lead}**Вопрос:** {md(ruling.question)}{mark}")
            out.append(f"{pad}**Ответ:** {md(ruling.answer)}")
        else:
            out.append(f"{lead}**Ответ:** {md(ruling.answer)}{mark}")
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
