"""`easy`: keeps low cards, otherwise plays at random. A beginner can beat it."""

from __future__ import annotations

from collections.abc import Sequence

from skyjo_pad.engine import Card, Discard, Draw, Flip, HeldFrom, Move, Swap, TakeDiscard, View

from .base import decision_rng

#: A card this low or lower is worth taking from the discard pile.
TAKE_AT_MOST = 2
#: A drawn card this low or lower is kept.
KEEP_AT_MOST = 4


class EasyBot:
    """Takes a discard of 2 or less, keeps a drawn card of 4 or less, and puts a kept card
    over a random higher or face-down card. Blind to columns, to the other players and to
    the end of the round.
    """

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        """An easy bot whose random choices come from `seed` and the view."""
        self.seed = seed

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """A plausible move with obvious mistakes."""
        rng = decision_rng(self.seed, view)
        legal = list(legal_moves)
        held = view.held
        if held is None:
            if TakeDiscard() in legal and view.discard and view.discard[0] <= TAKE_AT_MOST:
                return TakeDiscard()
            return Draw() if Draw() in legal else rng.choice(legal)
        if held.source is HeldFrom.FLIP or held.value is None:
            return rng.choice(legal)
        value = held.value
        seat = view.current if view.current is not None else 0
        grid = view.grids[seat]
        swaps = [move for move in legal if isinstance(move, Swap)]
        better = [
            move
            for move in swaps
            if not isinstance(cell := grid[move.cell[0]][move.cell[1]], Card) or cell.value > value
        ]
        if Discard() in legal and (value > KEEP_AT_MOST or not better):
            return Discard()
        if better:
            return rng.choice(better)
        flips = [move for move in legal if isinstance(move, Flip)]
        return rng.choice(swaps or flips or legal)
