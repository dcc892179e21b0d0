"""Keeping the garbage collector off the server's long-lived data.

A 20,000-card document is millions of objects that live as long as it is
open. CPython's full collection walks all of them: every few edits one
keystroke paid 1.8 s for it (the edit itself: 0.6 s). After each analysis
the objects alive are moved out of the collector's sight (`gc.freeze`);
the ones an edit makes and drops are still freed by reference counting, and
cycles among new objects by the young generations. What a frozen object
left behind in a cycle is found by a real collection, run once the frozen
objects have grown well past their number after the last one (a document
opened, closed and opened again does that), so memory stays bounded.
"""
from __future__ import annotations

import gc

GROWTH = 2          # frozen objects more than this many times the count after the last collection…
SLACK = 200_000     # …and more than this many over it: collect once
COUNT_EVERY = 32    # settles between two counts of the frozen objects (counting walks them all: 60 ms for 8,000 cards)


class Settler:
    """Freezes what is alive after each analysis; collects when that grew a lot."""

    def __init__(self):
        self.baseline = 0   # frozen objects right after the last full collection
        self.collections = 0
        self.calls = 0

    def settle(self) -> None:
        # what the analysis made and dropped in cycles is collected before the
        # rest is frozen (frozen, it would stay until the next full collection:
        # 100 MB over six edits of a 20,000-card file); a collection walks only
        # the objects not frozen yet, those made since the last settle
        gc.collect()
        gc.freeze()
        self.calls += 1
        if self.calls % COUNT_EVERY != 1 and COUNT_EVERY > 1:
            return
        frozen = gc.get_freeze_count()
        if frozen > GROWTH * self.baseline + SLACK:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self.baseline = gc.get_freeze_count()
            self.collections += 1
