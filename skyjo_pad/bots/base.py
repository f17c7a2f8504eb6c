"""What a bot is, how a driver asks one for a move, and the seeded randomness bots use.

A bot sees exactly what a person in its seat sees: the view of its seat and the legal
moves. `ask` is the one place a driver (the simulator, the table) turns a position into
those two things, and it refuses a move that is not among the legal ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Protocol

from skyjo_pad.engine import Card, Move, Phase, Position, View, legal_moves, move_to_json, view

_MIX = (1 << 61) - 1
_PHASES = {phase: code for code, phase in enumerate(Phase)}


class Bot(Protocol):
    """A computer player: one method, a view and the legal moves in, one of those moves out."""

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """One of `legal_moves`, chosen seeing only `view`."""
        ...


class BotError(ValueError):
    """A bot name that cannot be loaded, or a bot that answered with an illegal move."""


def ask(bot: Bot, position: Position, seat: int, legal: Sequence[Move] | None = None) -> Move:
    """The move `bot` makes for `seat`: it gets `view(position, seat)` and the seat's moves.

    `legal` may pass the seat's legal moves when the driver has them already. Raises
    BotError if the seat has no move or the bot answers with a move not offered.
    """
    if legal is None:
        legal = legal_moves(position, seat)
    if not legal:
        raise BotError(f"seat {seat} has no move to make in this position")
    move = bot.choose(view(position, seat), legal)
    if move not in legal:
        offered = ", ".join(str(move_to_json(m)) for m in legal)
        raise BotError(f"the bot in seat {seat} chose {move!r}, which is not legal: {offered}")
    return move


def mix(*numbers: int) -> int:
    """A seed made from whole numbers, the same on every machine and Python run.

    >>> mix(1, 2) == mix(1, 2), mix(1, 2) == mix(2, 1)
    (True, False)
    """
    h = 0x5EED
    for number in numbers:
        h = (h * 1_000_003 + (number & 0xFFFFFFFFFFFF) + 0x9E3779B9) % _MIX
        h ^= h >> 29
    return h


def decision_rng(seed: int, seen: View) -> Random:
    """The random source for one decision: from the bot's seed and public facts of the view.

    A bot that draws its randomness from here is a pure function of (seed, view): the same
    game replays identically whatever process or machine runs it.
    """
    held = seen.held
    face_up = 0
    if seen.phase is Phase.REVEAL:  # the reveals are the only steps that change no counter
        face_up = sum(1 for grid in seen.grids for row in grid for c in row if type(c) is Card)
    return Random(
        mix(
            seed,
            seen.round,
            seen.turns,
            _PHASES[seen.phase],
            -1 if seen.current is None else seen.current,
            -1 if seen.viewer is None else seen.viewer,
            -1 if held is None else ["draw", "discard", "flip"].index(held.source.value),
            -9 if held is None or held.value is None else held.value,
            seen.draw_count,
            len(seen.discard),
            seen.discard[0] if seen.discard else -9,
            face_up,
            sum(seen.totals),
        )
    )
