"""Protected regions of a card text: quotes, parentheses and icons.

Nothing inside «», straight quotes, parentheses or an icon placeholder is a
feature boundary or a connective (spec section 2, "Not connectives").
"""
from __future__ import annotations

import re
from dataclasses import dataclass

Span = tuple[int, int]
_ICON = re.compile(r"\{[A-Za-z_]+\}")


@dataclass(frozen=True)
class Regions:
    """Top-level quoted and parenthesised spans of a text range."""

    quotes: tuple[Span, ...]      # «...» and "..." spans, quote marks included
    parens: tuple[Span, ...]      # (...) spans, parentheses included
    icons: tuple[Span, ...]
    balanced: bool                # every «( opened in the range was closed

    def covering(self, pos: int) -> Span | None:
        """The protected span containing pos, if any."""
        for start, end in self.quotes + self.parens + self.icons:
            if start <= pos < end:
                return start, end
        return None


def find_regions(text: str, start: int = 0, end: int | None = None) -> Regions:
    """Scan text[start:end] for top-level quotes and parentheses (nesting aware)."""
    end = len(text) if end is None else end
    quotes: list[Span] = []
    parens: list[Span] = []
    stack: list[tuple[str, int]] = []
    balanced = True
    straight = [i for i in range(start, end) if text[i] == '"']
    straight_pairs = {}
    for a, b in zip(straight[0::2], straight[1::2]):
        straight_pairs[a] = b
    i = start
    while i < end:
        ch = text[i]
        if ch in "«(":
            stack.append((ch, i))
        elif ch == '"' and not stack and i in straight_pairs:
            quotes.append((i, straight_pairs[i] + 1))
            i = straight_pairs[i] + 1
            continue
        elif ch in "»)":
            want = "«" if ch == "»" else "("
            if stack and stack[-1][0] == want:
                opener, at = stack.pop()
                if not stack:
                    (quotes if want == "«" else parens).append((at, i + 1))
            elif any(o == want for o, _ in stack):
                while stack and stack[-1][0] != want:
                    stack.pop()
                opener, at = stack.pop()
                if not stack:
                    (quotes if want == "«" else parens).append((at, i + 1))
            else:
                balanced = False
        i += 1
    if stack:
        balanced = False
    icons = tuple((m.start(), m.end()) for m in _ICON.finditer(text, start, end))
    return Regions(tuple(quotes), tuple(parens), icons, balanced)


def top_level_positions(text: str, start: int, end: int, regions: Regions, extra: list[Span] = ()) -> list[bool]:
    """A mask over text[start:end]: True where the character is outside any protected span."""
    mask = [True] * (end - start)
    for s, e in list(regions.quotes) + list(regions.parens) + list(regions.icons) + list(extra):
        for i in range(max(s, start), min(e, end)):
            mask[i - start] = False
    return mask
