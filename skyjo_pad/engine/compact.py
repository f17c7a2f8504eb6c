"""The compact table: the engine's fast working form, exported on purpose for bots and
simulations (stability: see README.md in this folder).

A `CompactTable` is one position as plain ints and lists, changed in place: `new_table` deals
round 1, `legal_codes` lists the legal steps as small ints, `step` plays one (unchecked),
`deal` deals the next round; `code_of` / `move_of` translate to and from the public
moves, and `CompactTable.from_position` / `to_position` to and from the readable position.
Encoding of a cell: a face-up card is its value, a face-down one its value plus `DOWN`,
a removed one `GONE`; piles list their top card last; a seat that is none is `NOBODY`.

>>> table = new_table(("Ann", "Bob"), Rules(), seed=42)
>>> table.phase == REVEAL, len(legal_codes(table))
(True, 24)
>>> move_of(legal_codes(table)[0])
Reveal(seat=0, cell=(0, 0))
"""

from __future__ import annotations

from .cards import COUNTS, DECK_SIZE, DECK_SUM, VALUES
from .compact_table import (
    DOWN,
    EMPTY,
    FINAL,
    FLIP_OWED,
    FROM_DISCARD,
    FROM_DRAW,
    GAME_OVER,
    GONE,
    NOBODY,
    PHASE_CODES,
    REVEAL,
    ROUND_OVER,
    SOURCE_CODES,
    TURN,
    CompactTable,
)
from .game import players_problem
from .limits import CELLS, COLUMNS, ROWS
from .moves import code_of, move_of
from .play import (
    DEAL,
    DISCARD,
    DRAW,
    FLIP,
    REVEAL_AT,
    SWAP,
    TAKE,
    deal,
    legal_codes,
    new_table,
    step,
)
from .rules import Rules

__all__ = [
    "CELLS",
    "COLUMNS",
    "COUNTS",
    "DEAL",
    "DECK_SIZE",
    "DECK_SUM",
    "DISCARD",
    "DOWN",
    "DRAW",
    "EMPTY",
    "FINAL",
    "FLIP",
    "FLIP_OWED",
    "FROM_DISCARD",
    "FROM_DRAW",
    "GAME_OVER",
    "GONE",
    "NOBODY",
    "PHASE_CODES",
    "REVEAL",
    "REVEAL_AT",
    "ROUND_OVER",
    "ROWS",
    "SOURCE_CODES",
    "SWAP",
    "TAKE",
    "TURN",
    "VALUES",
    "CompactTable",
    "Rules",
    "code_of",
    "deal",
    "legal_codes",
    "move_of",
    "new_table",
    "players_problem",
    "step",
]
