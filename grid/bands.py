"""Rings and range bands (connectives.md §6): how far apart two cells are."""
from __future__ import annotations

from collections.abc import Iterable

from berserk_judge.grid.cells import Cell

SQUARES_PER_BAND = 3

# (band, first ring, last ring or None for "and beyond")
BAND_RINGS: tuple[tuple[int, int, int | None], ...] = (
    (0, 0, 0),
    (1, 1, 1),
    (2, 2, 2),
    (3, 3, 5),
    (4, 6, 9),
    (5, 10, 14),
    (6, 15, None),
)


def ring(a: Cell, b: Cell) -> int:
    """Ring = the larger of the row and column offsets (corners count as adjacent)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def band_of_ring(r: int) -> int:
    """Band 0..6 for ring r: 0, 1, 2, then 3, 4, 5 rings per band, 6 beyond."""
    if r < 0:
        raise ValueError("ring must be non-negative")
    for band, first, last in BAND_RINGS:
        if last is None or first <= r <= last:
            return band
    raise AssertionError("unreachable")  # pragma: no cover


def band(a: Cell, b: Cell) -> int:
    return band_of_ring(ring(a, b))


def rings_of_band(b: int) -> tuple[int, int | None]:
    """First and last ring of band b (last None for band 6, which is open)."""
    for band_, first, last in BAND_RINGS:
        if band_ == b:
            return first, last
    raise ValueError(f"no band {b}")


def squares_for_bands(bands: Iterable[int]) -> int:
    """Several band moves combine: the sum of bands × 3 squares."""
    return SQUARES_PER_BAND * sum(bands)
