"""`medium`: a solid heuristic player (see `policy.py` for its judgement)."""

from __future__ import annotations

from collections.abc import Sequence

from skyjo_pad.engine import Move, Phase, View
from skyjo_pad.engine.compact import move_of

from .base import decision_rng
from .knowledge import unseen
from .policy import Belief, Style, act
from .worlds import table_of


def belief_from(seen: View) -> Belief:
    """The unseen cards of a view as the heuristic player's belief."""
    return Belief(unseen(seen).probabilities())


class MediumBot:
    """Counts the unseen cards, chases columns, does not feed the next player, closes
    only when likely to be lowest. One step of look-ahead: the expected worth of each move.
    """

    name = "medium"

    def __init__(self, seed: int = 0, style: Style | None = None) -> None:
        """A medium bot; `seed` makes its few random choices (the opening reveals)."""
        self.seed = seed
        self.style = style or Style()

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """The move with the best expected worth."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view.phase is Phase.REVEAL:
            return decision_rng(self.seed, view).choice(list(legal_moves))
        return move_of(act(table_of(view), belief_from(view), self.style))
