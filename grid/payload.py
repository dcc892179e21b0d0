"""JSON-ready dicts for --format json: the exact shapes the issue promises."""
from __future__ import annotations

from berserk_judge.grid.cells import Cell, cell_name
from berserk_judge.grid.reach import Reach


def distance_payload(frm: Cell, to: Cell, ring: int, band: int) -> dict:
    return {"from": cell_name(frm), "to": cell_name(to), "ring": ring, "band": band}


def reach_payload(result: Reach, goal: Cell | None = None) -> dict:
    """{"costs": {...}} in cell order; with a goal also "path" and "total"
    (both null when the goal cannot be reached)."""
    payload: dict = {
        "costs": {cell_name(c): cost for c, cost in sorted(result.costs.items())},
    }
    if goal is not None:
        path = result.path(goal)
        payload["path"] = [cell_name(c) for c in path] if path is not None else None
        payload["total"] = result.costs[goal] if path is not None else None
    return payload


def reach_json(result: Reach, goal: Cell | None = None):
    """The text of `json.dumps(reach_payload(result, goal), ensure_ascii=False,
    indent=2)`, in pieces: a cost map of a large map is written cell by cell
    instead of being held as a dict of names and one long string."""
    yield '{\n  "costs": {'
    first = True
    for cell, cost in result.costs.items():  # cell order (CellValues iterates sorted)
        yield f'{"" if first else ","}\n    "{cell_name(cell)}": {cost}'
        first = False
    yield "\n  }" if not first else "}"
    if goal is not None:
        path = result.path(goal)
        if path is None:
            yield ',\n  "path": null,\n  "total": null'
        else:
            cells = ",".join(f'\n    "{cell_name(c)}"' for c in path)
            yield f',\n  "path": [{cells}\n  ],\n  "total": {result.costs[goal]}'
    yield "\n}"


def adjacent_payload(cells: list[Cell]) -> dict:
    return {"cells": [cell_name(c) for c in cells]}

