"""`hard`: a sharper judgement, and the last turn searched exactly.

Its judgement is the heuristic's (`policy.py`) with sharper settings (`HARD_STYLE`),
found by simulation: it values information far more (throwing a poor drawn card away to
turn up a face-down one while the round is young), values pairs in a column more, and
closes only with a wider safety margin.

Once somebody has closed, its one remaining turn is searched in full (`endgame.py`):
every way to play it is scored over sampled fillings of the face-down cards, by the
chance of winning the game when the round may end it, else by its round score against
the others' (the closer's doubling included).

The work is fixed (a number of sampled worlds), never "as much as fits in N ms": the same
seed and view always give the same move, on any machine.
"""

from __future__ import annotations

from collections.abc import Sequence

from skyjo_pad.engine import Move, Phase, View
from skyjo_pad.engine.compact import move_of

from .base import decision_rng
from .endgame import WORLDS, last_turn
from .medium import MediumBot
from .policy import Style

#: The heuristic's settings for hard's own moves.
HARD_STYLE = Style(flip_value=3.5, pair_hidden=1.6, pair_up=0.8, close_gap=8.0)


class HardBot:
    """The heuristic player with sharper settings, and an exact search of its last turn."""

    name = "hard"

    def __init__(self, seed: int = 0, worlds: int = WORLDS, style: Style = HARD_STYLE) -> None:
        """A hard bot; `worlds` sets the work of its last-turn search (0: none)."""
        self.seed = seed
        self.worlds = worlds
        self.judgement = MediumBot(seed, style)

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """The last turn's best move by search; any other move by its judgement."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view.phase is Phase.FINAL_TURNS and self.worlds > 0:
            code = last_turn(view, decision_rng(self.seed, view), self.worlds)
            if code is not None:
                return move_of(code)
        return self.judgement.choose(view, legal_moves)
