"""A view turned into a compact engine table, with its hidden cards filled in.

Bots think on the engine's compact `CompactTable` (ints and lists; see `engine/compact_table.py`).
`table_of` fills every hidden place with values given by the caller: placeholders for a
bot that only reads face-up cards, or a sample of the unseen cards (a determinization) for
a bot that plays the game forward with the engine as its simulator. Nothing here ever sees
a position: only the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

from skyjo_pad.engine import Card, HeldFrom, View
from skyjo_pad.engine.compact import (
    DOWN,
    EMPTY,
    GONE,
    NOBODY,
    PHASE_CODES,
    SOURCE_CODES,
    CompactTable,
)

#: The stand-in value of a hidden card when the caller gives none (never read as a value).
PLACEHOLDER = 0


def table_of(seen: View, fill: Sequence[int] = (), seed: int | None = None) -> CompactTable:
    """A table for `seen`: hidden places take `fill`'s values in order, else PLACEHOLDER.

    The hidden places are, in order: every face-down card, seat by seat and row by row;
    then the draw pile, top card first; then a held card the viewer may not see.
    """
    table = CompactTable(seen.rules, seen.players)
    table.round = seen.round
    table.totals = list(seen.totals)
    table.phase = PHASE_CODES[seen.phase]
    table.current = NOBODY if seen.current is None else seen.current
    table.closer = NOBODY if seen.closer is None else seen.closer
    table.starter = NOBODY if seen.starter is None else seen.starter
    table.turns = seen.turns
    values = iter(fill)
    cells: list[int] = []
    down = [0] * table.n
    for seat, grid in enumerate(seen.grids):
        for row in grid:
            for cell in row:
                if cell is None:
                    cells.append(GONE)
                elif type(cell) is Card:
                    cells.append(cell.value)
                else:
                    cells.append(next(values, PLACEHOLDER) + DOWN)
                    down[seat] += 1
    table.cells = cells
    table.down = down
    draw = list(islice(values, seen.draw_count))
    draw += [PLACEHOLDER] * (seen.draw_count - len(draw))
    draw.reverse()
    table.draw = draw
    table.discard = list(reversed(seen.discard))
    held = seen.held
    if held is None:
        table.source = EMPTY
    else:
        table.source = SOURCE_CODES[held.source]
        if held.source is HeldFrom.FLIP:
            table.held = 0
        else:
            table.held = next(values, PLACEHOLDER) if held.value is None else held.value
    table.seed = seed
    return table
