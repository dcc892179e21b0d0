"""Rings and range bands, every band boundary (connectives.md §6)."""
import pytest

from berserk_judge.grid.bands import band, band_of_ring, ring, rings_of_band, squares_for_bands


@pytest.mark.parametrize(
    "r, expected",
    [(0, 0), (1, 1), (2, 2), (3, 3), (5, 3), (6, 4), (9, 4), (10, 5), (14, 5), (15, 6), (40, 6)],
)
def test_band_boundaries(r, expected):
    assert band_of_ring(r) == expected


def test_every_ring_up_to_20():
    expected = [0, 1, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6]
    assert [band_of_ring(r) for r in range(21)] == expected


def test_ring_is_chebyshev_corners_adjacent():
    assert ring((0, 0), (1, 1)) == 1
    assert ring((0, 0), (2, 5)) == 5
    assert ring((4, 4), (4, 4)) == 0
    assert ring((3, 0), (0, 1)) == 3
    assert band((0, 0), (9, 2)) == 4
    assert band((0, 0), (0, 10)) == 5


def test_rings_of_band():
    assert rings_of_band(3) == (3, 5)
    assert rings_of_band(4) == (6, 9)
    assert rings_of_band(5) == (10, 14)
    assert rings_of_band(6) == (15, None)
    with pytest.raises(ValueError):
        rings_of_band(7)


def test_negative_ring_rejected():
    with pytest.raises(ValueError):
        band_of_ring(-1)


def test_band_moves_combine():
    assert squares_for_bands([1]) == 3
    assert squares_for_bands([1, 2]) == 9
    assert squares_for_bands([]) == 0
