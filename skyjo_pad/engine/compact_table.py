"""The compact working copy of a position that the engine plays on.

A `CompactTable` is mutable and made of plain ints and lists so that a step costs a few
microseconds: bots and simulations run millions of them. It never leaves the engine's
hands through the API: `moves.apply` copies a `Position` into a table, plays one step
and hands back a new `Position`. Simulations may drive a table directly with
`play.legal_codes` and `play.step`.

Encoding: a grid is 12 ints per seat, seat after seat, row by row. A face-up card is its
value (-2 to 12), a face-down card its value plus `DOWN`, a removed card `GONE`; so
`code < GONE` is face up and `code > GONE` face down. Piles are lists with the top card
last. Seats that are none are -1.

>>> encode(Card(7, True)), encode(Card(7, False)), encode(None)
(7, 107, 50)
>>> decode(107)
Card(value=7, face_up=False)
"""

from __future__ import annotations

from .limits import CELLS, COLUMNS, MAX_CARD, MIN_CARD
from .rules import Rules
from .state import Card, CardGrid, Held, HeldFrom, Phase, Position

GONE = 50
DOWN = 100
NOBODY = -1

# Phases, in the order of `PHASES`.
REVEAL, TURN, FINAL, ROUND_OVER, GAME_OVER = range(5)
PHASES: tuple[Phase, ...] = (
    Phase.REVEAL,
    Phase.TURN,
    Phase.FINAL_TURNS,
    Phase.ROUND_OVER,
    Phase.GAME_OVER,
)
PHASE_CODES: dict[Phase, int] = {phase: code for code, phase in enumerate(PHASES)}

# What the current player holds.
EMPTY, FROM_DRAW, FROM_DISCARD, FLIP_OWED = range(4)
SOURCES: dict[int, HeldFrom] = {
    FROM_DRAW: HeldFrom.DRAW,
    FROM_DISCARD: HeldFrom.DISCARD,
    FLIP_OWED: HeldFrom.FLIP,
}
SOURCE_CODES: dict[HeldFrom, int] = {source: code for code, source in SOURCES.items()}

_CARDS: dict[int, Card | None] = {
    GONE: None,
    **{value: Card(value, True) for value in range(MIN_CARD, MAX_CARD + 1)},
    **{value + DOWN: Card(value, False) for value in range(MIN_CARD, MAX_CARD + 1)},
}


def encode(card: Card | None) -> int:
    """The compact code of a grid cell."""
    if card is None:
        return GONE
    return card.value if card.face_up else card.value + DOWN


def decode(code: int) -> Card | None:
    """The grid cell of a compact code."""
    return _CARDS[code]


def _seat(seat: int | None) -> int:
    return NOBODY if seat is None else seat


def _maybe(seat: int) -> int | None:
    return None if seat == NOBODY else seat


class CompactTable:
    """A position as plain ints and lists, changed in place by `play`."""

    __slots__ = (
        "cells",
        "cleared",
        "closer",
        "current",
        "discard",
        "down",
        "draw",
        "held",
        "n",
        "phase",
        "players",
        "round",
        "rules",
        "seed",
        "source",
        "starter",
        "totals",
        "turns",
    )

    def __init__(self, rules: Rules, players: tuple[str, ...]) -> None:
        """An empty table for these players; `play.deal` or `from_position` fills it."""
        self.rules = rules
        self.players = players
        self.n = len(players)
        self.round = 0
        self.totals = [0] * self.n
        self.phase = ROUND_OVER
        self.current = NOBODY
        self.closer = NOBODY
        self.starter = NOBODY
        self.turns = 0
        self.cells = [GONE] * (CELLS * self.n)
        self.down = [0] * self.n
        self.draw: list[int] = []
        self.discard: list[int] = []
        self.held = 0
        self.source = EMPTY
        self.seed: int | None = None
        self.cleared: tuple[int, int, int] | None = None
        """The last lines the column (or row) rule removed in a turn: see `play.clear_line`."""

    @classmethod
    def from_position(cls, position: Position) -> CompactTable:
        """A working copy of `position`."""
        table = cls(position.rules, position.players)
        table.round = position.round
        table.totals = list(position.totals)
        table.phase = PHASE_CODES[position.phase]
        table.current = _seat(position.current)
        table.closer = _seat(position.closer)
        table.starter = _seat(position.starter)
        table.turns = position.turns
        table.cells = [encode(card) for grid in position.grids for row in grid for card in row]
        table.down = [
            sum(1 for code in table.cells[base : base + CELLS] if code > GONE)
            for base in range(0, CELLS * table.n, CELLS)
        ]
        table.draw = list(reversed(position.draw))
        table.discard = list(reversed(position.discard))
        held = position.held
        if held is not None:
            table.source = SOURCE_CODES[held.source]
            table.held = held.value or 0
        table.seed = position.seed
        return table

    def to_position(self) -> Position:
        """The position this table holds now."""
        return Position(
            rules=self.rules,
            players=self.players,
            round=self.round,
            totals=tuple(self.totals),
            phase=PHASES[self.phase],
            current=_maybe(self.current),
            closer=_maybe(self.closer),
            grids=tuple(self.grid(seat) for seat in range(self.n)),
            draw=tuple(reversed(self.draw)),
            discard=tuple(reversed(self.discard)),
            held=self.held_card(),
            seed=self.seed,
            starter=_maybe(self.starter),
            turns=self.turns,
        )

    def grid(self, seat: int) -> CardGrid:
        """The seat's grid in readable form."""
        base = CELLS * seat
        cards = [_CARDS[code] for code in self.cells[base : base + CELLS]]
        return tuple(tuple(cards[start : start + COLUMNS]) for start in range(0, CELLS, COLUMNS))

    def held_card(self) -> Held | None:
        """What the current player holds, in readable form."""
        if self.source == EMPTY:
            return None
        value = None if self.source == FLIP_OWED else self.held
        return Held(value, SOURCES[self.source])

    def copy(self) -> CompactTable:
        """An independent copy (for search and simulation)."""
        twin = CompactTable.__new__(CompactTable)
        for name in CompactTable.__slots__:
            value = getattr(self, name)
            setattr(twin, name, value[:] if isinstance(value, list) else value)
        return twin
