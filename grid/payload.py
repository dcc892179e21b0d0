"""JSON-ready dicts for --format json: the exact shapes the issue promises."""
from __future__ import annotations

from grid.cells import Cell, cell_name
from grid.reach import Reach


def distance_payload(frm: Cell, to: Cell, ring: int, band: int) -> dict:
    return {"from": cell_name(frm), "to": cell_name(to), "ring": ring, "band": band}


def reach_payload(result: Reach, goal: Cell | None = None) -> dict:
    """{"costs": {...}} in cell order; with a goal also "path" and "total"
    (both null when the goal cannot be reached)."""
    payload: dict = {
        "costs": {cell_name(c): result.costs[c] for c in sorted(result.costs)},
    }
    if goal is not None:
        path = result.path(goal)
        payload["path"] = [cell_name(c) for c in path] if path is not None else None
        payload["total"] = result.costs[goal] if path is not None else None
    return payload


def adjacent_payload(cells: list[Cell]) -> dict:
    return {"cells": [cell_name(c) for c in cells]}

