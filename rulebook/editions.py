"""Labels a person can read for the files of a rulebook folder.

The extracts are named by hashes (`000_9bdf050d0752382a.txt`); a judge wants
«раздел 505, издание 2». A file is labelled by the sections it holds; when a
section is held by several files (two editions of 505), each gets its
edition number in file-name order. A file without numbers is labelled by
its first words. `rules` prints the label; JSON keeps the file name too.
"""
from __future__ import annotations


def _sections_label(sections: list[str]) -> str:
    numbers = [int(s) for s in sections]
    if len(numbers) == 1:
        return f"раздел {sections[0]}"
    if numbers == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"разделы {sections[0]}–{sections[-1]}"
    return "разделы " + ", ".join(sections)


def _opening(rules) -> str:
    words = " ".join(rules[0].text.split()[:4]) if rules else ""
    return f"без номеров: «{words}…»" if words else "без номеров"


def edition_labels(book) -> dict[str, str]:
    """file name -> readable label, for every file of the book."""
    sections_of: dict[str, list[str]] = {}
    for file in book.files:
        sections_of[file] = []
    for rule in book.rules:
        found = sections_of[rule.source]
        if rule.section and rule.section.isdigit() and rule.section not in found:
            found.append(rule.section)
    holders: dict[str, list[str]] = {}
    for file, sections in sections_of.items():
        for section in sections:
            holders.setdefault(section, []).append(file)
    labels: dict[str, str] = {}
    for file, sections in sections_of.items():
        if not sections:
            labels[file] = _opening([r for r in book.rules if r.source == file])
            continue
        label = _sections_label(sorted(sections, key=int))
        shared = [s for s in sections if len(holders[s]) > 1]
        if shared:
            label += f", издание {holders[shared[0]].index(file) + 1}"
        labels[file] = label
    return labels


def numbers_held(book) -> list[str]:
    """One line per file: its label and the numbers it holds (for a query with no match)."""
    lines = []
    for file in book.files:
        numbers = [r.cited_number for r in book.rules if r.source == file and r.cited_number]
        unnumbered = sum(1 for r in book.rules if r.source == file and not r.cited_number)
        held = ", ".join(numbers) if numbers else "только текст без номеров"
        if numbers and unnumbered:
            held += " и текст без номера"
        lines.append(f"{book.editions.get(file, file)}: {held}")
    return lines
