"""Protected regions of a card text: quotes, parentheses and icons.

Nothing inside «», straight quotes, parentheses or an icon placeholder is a
feature boundary or a connective (spec section 2, "Not connectives").
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Callable

from berserk_judge.parser.engine.quick_init import quick_init

Span = tuple[int, int]
_ICON = re.compile(r"\{[A-Za-z_]+\}|\[:[A-Za-z_]+\]")   # a placeholder, or an online-client mark «[:unq]»
_MARKS = re.compile('[«“(»”)"]')
_STRAIGHT = re.compile('"')


@quick_init
@dataclass(frozen=True)
class Regions:
    """Top-level quoted and parenthesised spans of a text range."""

    quotes: tuple[Span, ...]      # «...», “...” and "..." spans, quote marks included
    parens: tuple[Span, ...]      # (...) spans, parentheses included
    icons: tuple[Span, ...]
    balanced: bool                # every «( opened in the range was closed

    def covering(self, pos: int) -> Span | None:
        """The protected span containing pos, if any (a quote or parenthesis before an icon).

        Binary search over the sorted spans: the splitter asks this at every character."""
        for spans, starts in self._sorted:
            k = bisect_right(starts, pos) - 1
            if k >= 0 and pos < spans[k][1]:
                return spans[k]
        return None

    @property
    def visible(self) -> tuple[Span, ...]:
        """The spans `covering` answers with, in text order: the quotes and parentheses, and
        the icons outside them. They never overlap (an icon holds no quote or bracket mark),
        so a scan whose position only grows can walk this list instead of asking `covering`
        at every position: the first span ending after the position is the only one that
        can hold it."""
        found = self.__dict__.get("_visible")
        if found is None:
            (outer, starts), (icons, _) = self._sorted
            if not outer:
                found = icons      # most ranges: icons only, already in order
            else:
                def outside(icon: Span) -> bool:
                    k = bisect_right(starts, icon[0]) - 1
                    return k < 0 or icon[0] >= outer[k][1]

                found = tuple(sorted(outer + tuple(filter(outside, icons))))
            object.__setattr__(self, "_visible", found)
        return found

    @property
    def _sorted(self) -> tuple[tuple[tuple[Span, ...], list[int]], ...]:
        # computed on first use and kept (a cached_property's lock cost more than the sort)
        found = self.__dict__.get("_sorted_spans")
        if found is None:
            outer = tuple(sorted(self.quotes + self.parens))     # top level: never overlap
            icons = tuple(sorted(self.icons))
            found = (outer, [s for s, _ in outer]), (icons, [s for s, _ in icons])
            object.__setattr__(self, "_sorted_spans", found)
        return found


def find_regions(text: str, start: int = 0, end: int | None = None) -> Regions:
    """Scan text[start:end] for top-level quotes and parentheses (nesting aware)."""
    end = len(text) if end is None else end
    quotes: list[Span] = []
    parens: list[Span] = []
    stack: list[tuple[str, int]] = []
    balanced = True
    straight_pairs = _straight_pairs(text, start, end) if text.find('"', start, end) >= 0 else {}
    skip_to = start  # past a straight-quoted pair nothing inside counts
    for mark in _MARKS.finditer(text, start, end):  # only the marks: every other character is passed over
        i, ch = mark.start(), mark.group()
        if i < skip_to:
            continue
        if ch in "«“(":
            stack.append(("«" if ch == "“" else ch, i))
        elif ch == '"' and not stack and i in straight_pairs:
            quotes.append((i, straight_pairs[i] + 1))
            skip_to = straight_pairs[i] + 1
        elif ch in "»”)":
            want = "(" if ch == ")" else "«"     # typographic “…” (the rulebook's) count as «…»
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
    if stack:
        balanced = False
    # every icon opens with «{» or «[:» (_ICON): a range holding neither has none
    icons = tuple([m.span() for m in _ICON.finditer(text, start, end)]) \
        if text.find("{", start, end) >= 0 or text.find("[:", start, end) >= 0 else ()
    return Regions(tuple(quotes), tuple(parens), icons, balanced)


def bracketed_spans(text: str, start: int, end: int) -> tuple[Span, ...]:
    """The top-level quotes and parentheses of find_regions, in text order (no icons); a range
    without any quote or bracket mark is not scanned."""
    if _MARKS.search(text, start, end) is None:
        return ()
    regions = find_regions(text, start, end)
    return tuple(sorted(regions.quotes + regions.parens))


def _straight_pairs(text: str, start: int, end: int) -> dict[int, int]:
    """Top-level pairs of straight quotes, opening index → closing index.

    A quote after a space or an opening mark and before a word opens, any other closes, so a
    nested pair (`"{tap}: Метание "лягушки" на 1, дальность 3"`) stays inside the outer one;
    when the marks do not nest that way (a quote glued to a word on both sides, an odd count),
    quotes pair in order, first with second, third with fourth."""
    straight = [m.start() for m in _STRAIGHT.finditer(text, start, end)]
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for i in straight:
        before = text[i - 1] if i > start else " "
        after = text[i + 1] if i + 1 < end else " "
        if (before.isspace() or before in "(«—–-:;,") and not after.isspace():
            stack.append(i)
        elif stack:
            opened = stack.pop()
            if not stack:
                pairs[opened] = i
        else:
            stack = [-1]
            break
    if stack:
        return dict(zip(straight[0::2], straight[1::2]))
    return pairs


def span_index(spans) -> "Callable[[int], bool]":
    """A test "is pos inside one of these spans" in O(log n); spans are (start, end, ...) tuples."""
    merged: list[list[int]] = []
    for span in sorted(spans):
        s, e = span[0], span[1]
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    starts = [s for s, _ in merged]

    def inside(pos: int) -> bool:
        k = bisect_right(starts, pos) - 1
        return k >= 0 and pos < merged[k][1]

    return inside


def lazy_span_index(spans) -> "Callable[[int], bool]":
    """`span_index(spans)`, built on its first question: a test passed to a pattern that most
    features answer without asking it (the «replacement» pattern asks only where «вместо» stands)."""
    built: list = []

    def inside(pos: int) -> bool:
        if not built:
            built.append(span_index(spans))
        return built[0](pos)

    return inside


def top_level_positions(text: str, start: int, end: int, regions: Regions, extra: list[Span] = ()) -> list[bool]:
    """A mask over text[start:end]: True where the character is outside any protected span."""
    mask = [True] * (end - start)
    for s, e in list(regions.quotes) + list(regions.parens) + list(regions.icons) + list(extra):
        for i in range(max(s, start), min(e, end)):
            mask[i - start] = False
    return mask
