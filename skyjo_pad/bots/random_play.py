"""`random`: any legal move, at random. The floor of the ladder, and a check that the
others have learnt something."""

from __future__ import annotations

from collections.abc import Sequence

from skyjo_pad.engine import Move, View

from .base import decision_rng


class RandomBot:
    """Picks one of the legal moves at random (seeded by its seed and the view)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        """A random bot whose choices come from `seed` and the view."""
        self.seed = seed

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """Any legal move."""
        return decision_rng(self.seed, view).choice(list(legal_moves))
