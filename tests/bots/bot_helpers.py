"""Helpers for the bot tests: playing seeded games and spying on what bots receive."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from skyjo_pad.bots import Bot
from skyjo_pad.engine import Move, Position, Rules, View
from skyjo_pad.simulate import GameResult, play_bots

#: Games capped like simulate's, in case a bot never closes.
RULES = Rules(stall_turns=1000)


@dataclass
class Spy:
    """Wraps a bot and keeps every input it gets, to check nothing secret reaches it."""

    inner: Bot
    seen: list[tuple[View, tuple[Move, ...]]] = field(default_factory=list)

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """Record the input, then let the wrapped bot choose."""
        self.seen.append((view, tuple(legal_moves)))
        return self.inner.choose(view, legal_moves)


def play(
    bots: Sequence[Bot],
    seed: int,
    rules: Rules = RULES,
    watch: Callable[[Position, int, Move], None] | None = None,
) -> GameResult:
    """Play one whole game as `simulate` does: every move is asked through `bots.ask`,
    which refuses a move that is not legal. `watch(position, seat, move)` sees each one."""
    return play_bots(bots, rules, seed, watch)
