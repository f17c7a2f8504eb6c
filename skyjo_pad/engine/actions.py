"""The moves: one small frozen dataclass per step a player (or the dealer) can take.

>>> Reveal(seat=1, cell=(0, 2))
Reveal(seat=1, cell=(0, 2))
>>> Swap((1, 3)) == Swap((1, 3))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import Coord


@dataclass(frozen=True, slots=True)
class Reveal:
    """In the reveal phase, `seat` turns up one of its own cards."""

    seat: int
    cell: Coord


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Start a turn by taking the top discard card (it must then be swapped)."""


@dataclass(frozen=True, slots=True)
class Draw:
    """Start a turn by drawing the top card of the draw pile."""


@dataclass(frozen=True, slots=True)
class Swap:
    """Put the held card at `cell`; the card that was there goes face up on the discard."""

    cell: Coord


@dataclass(frozen=True, slots=True)
class Discard:
    """Put the drawn card on the discard pile; a flip is then owed."""


@dataclass(frozen=True, slots=True)
class Flip:
    """After a discard, turn up the face-down card at `cell`."""

    cell: Coord


@dataclass(frozen=True, slots=True)
class Deal:
    """In round_over, deal the next round: from `deck` (150 cards, top first) or the seed."""

    deck: tuple[int, ...] | None = None


Move = Reveal | TakeDiscard | Draw | Swap | Discard | Flip | Deal
"""Any one step."""
