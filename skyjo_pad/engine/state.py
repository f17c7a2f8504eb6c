"""The position: small frozen dataclasses for everything on the table at one moment.

This is the readable form the API, the notation and the views speak. The engine plays
on a compact working copy (`compact_table.py`) and hands back new positions: a position never
changes once made.

>>> Card(5, face_up=False).face_up, Phase("final_turns")
(False, <Phase.FINAL_TURNS: 'final_turns'>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .limits import CELLS as CELLS  # re-exported: the grid shape, read here by many
from .limits import COLUMNS as COLUMNS
from .limits import ROWS as ROWS
from .rules import Rules

Coord = tuple[int, int]
"""A cell of a grid as (row, column), both from 0, row 0 at the top."""


class Phase(Enum):
    """Where a round stands."""

    REVEAL = "reveal"
    """Players are turning up their opening cards."""
    TURN = "turn"
    """Normal turns."""
    FINAL_TURNS = "final_turns"
    """A closer is known; the others are taking their last turn."""
    ROUND_OVER = "round_over"
    """The round is scored; the next one is not dealt yet."""
    GAME_OVER = "game_over"
    """A total reached the target after the last round."""


class HeldFrom(Enum):
    """Where the card a player holds came from."""

    DRAW = "draw"
    """Drawn from the draw pile: only its holder knows it."""
    DISCARD = "discard"
    """Taken from the discard pile: it must be swapped into the grid."""
    FLIP = "flip"
    """Nothing held: a drawn card was discarded and a face-down card must be turned up."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card in a grid."""

    value: int
    """From -2 to 12."""
    face_up: bool
    """Whether everyone can see it."""


@dataclass(frozen=True, slots=True)
class Held:
    """A card taken and not placed yet, or the flip owed after discarding a drawn card."""

    value: int | None
    """The card, or None when a flip is owed (or, in a view, when the viewer may not know)."""
    source: HeldFrom
    """Where it came from (`"from"` in the JSON)."""


CardGrid = tuple[tuple[Card | None, ...], ...]
"""A player's 3 rows of 4 cells, top row first; None where a card was removed."""


@dataclass(frozen=True, slots=True)
class Position:
    """Everything on the table at one moment, secrets included (see `views.view`)."""

    rules: Rules
    """The rule options of the game."""
    players: tuple[str, ...]
    """Names in seat order, which is the turn order."""
    round: int
    """The round being played, from 1."""
    totals: tuple[int, ...]
    """Each seat's total before this round (including it in round_over and game_over)."""
    phase: Phase
    """Where the round stands."""
    current: int | None
    """The seat to act; in round_over the next starter (None if the reveals decide)."""
    closer: int | None
    """The seat that ended the round, or None."""
    grids: tuple[CardGrid, ...]
    """Each seat's grid."""
    draw: tuple[int, ...]
    """The draw pile, top card first."""
    discard: tuple[int, ...]
    """The discard pile, top card first."""
    held: Held | None = None
    """A card taken and not placed yet, or the flip owed."""
    seed: int | None = None
    """The seed for the next shuffle or chance step; None counts as 0."""
    starter: int | None = None
    """The seat that starts once the reveals are done, when fixed at the deal."""
    turns: int = 0
    """Turns finished in this round (for `stall_turns`)."""

    @property
    def seats(self) -> range:
        """The seat numbers."""
        return range(len(self.players))

    def face_down(self, seat: int) -> int:
        """How many face-down cards the seat has."""
        return sum(1 for row in self.grids[seat] for c in row if c is not None and not c.face_up)
