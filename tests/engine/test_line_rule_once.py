"""The column rule (and `row_clear`) is one rule: the line a turn removes is the line
`scoring.clear_lines` would remove from the same grid.

Play checks only the line through the card just placed (on its compact table, for speed);
scoring checks a whole grid. Fed the same grids, both must remove the same cards.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from skyjo_pad.engine import PositionError, Swap, apply, position_from_json, position_to_json
from skyjo_pad.engine.limits import CELLS, COLUMNS
from skyjo_pad.engine.scoring import clear_lines, complete_columns, complete_rows

FACE_DOWN = 100
"""Stands for the one face-down card: never equal to a card, so it completes no line."""
OTHER_GRID = [
    [f"{v}{'u' if v < 3 else 'd'}" for v in range(r * 4 + 1, r * 4 + 5)] for r in range(3)
]
"""The other seat: cards 1 to 12, two of them face up (its opening)."""

FEW = st.integers(0, 1)
"""Few values, so that complete lines are common (values do not matter to the rule)."""
cells = FEW
"""A grid's cards; the lines removed before are drawn apart (a card goes a line at a time)."""


def _grid(values: list[int | None]) -> tuple[tuple[int | None, ...], ...]:
    return tuple(tuple(values[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(3))


def _cell(value: int | None, hidden: int) -> str:
    """A cell's notation; the face-down one shows the card `hidden` under it."""
    if value is None:
        return "__"
    return f"{hidden}d" if value == FACE_DOWN else f"{value}u"


def _position(values: list[int | None], hidden: int, held: int, row_clear: bool) -> dict[str, Any]:
    return {
        "format": "skyjo-position/1",
        "rules": {"row_clear": row_clear},
        "players": ["Ann", "Bob"],
        "round": 1,
        "totals": [0, 0],
        "phase": "turn",
        "current": 0,
        "closer": None,
        "grids": [[[_cell(v, hidden) for v in row] for row in _grid(values)], OTHER_GRID],
        "draw": [3, 4],
        "discard": [5],
        "held": {"value": held, "from": "draw"},
        "seed": 1,
    }


@pytest.mark.parametrize("row_clear", [False, True])
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    values=st.lists(cells, min_size=CELLS, max_size=CELLS),
    held=FEW,
    hidden=st.integers(3, 12),
    target=st.integers(0, CELLS - 1),
    down=st.integers(0, CELLS - 1),
    gone_columns=st.sets(st.integers(0, COLUMNS - 1), max_size=2),
    gone_row=st.integers(-1, 2),
    data=st.data(),
)
def test_a_turn_removes_what_scoring_removes(
    row_clear: bool,
    values: list[int | None],
    held: int,
    hidden: int,
    target: int,
    down: int,
    gone_columns: set[int],
    gone_row: int,
    data: Any,
) -> None:
    assume(target != down)
    kept = {target % COLUMNS, down % COLUMNS}  # the lines through both cards stay
    for cell in range(CELLS):
        row, column = divmod(cell, COLUMNS)
        in_row = row_clear and gone_row == row and row not in {target // COLUMNS, down // COLUMNS}
        if (column in gone_columns and column not in kept) or in_row:
            values[cell] = None
    values[down] = FACE_DOWN
    if values[target] is None:
        values[target] = data.draw(FEW)
    before = _grid(values)
    assume(not complete_columns(before) and not (row_clear and complete_rows(before)))
    try:
        position = position_from_json(_position(values, hidden, held, row_clear))
    except PositionError:
        assume(False)
        return
    row, column = divmod(target, COLUMNS)
    played = position_to_json(apply(position, Swap((row, column))))

    placed = list(values)
    placed[target] = held
    expected, _score = clear_lines(_grid(placed), row_clear)
    assert played["grids"][0] == [[_cell(v, hidden) for v in line] for line in expected]
