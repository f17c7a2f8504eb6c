"""A whole game of bots, played out on the engine's compact table (the fast path of the
simulations and of the learned values' self-play)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from skyjo_pad.engine import Move, Position, RoundResult, round_result
from skyjo_pad.engine.compact import (
    CELLS,
    GAME_OVER,
    REVEAL,
    REVEAL_AT,
    ROUND_OVER,
    CompactTable,
    code_of,
    deal,
    legal_codes,
    move_of,
    step,
)

from .base import Bot, ask


def play_out(
    table: CompactTable,
    bots: Sequence[Bot],
    moved: Callable[[Position, int, Move], None] | None = None,
    ended: Callable[[RoundResult], None] | None = None,
) -> None:
    """Play `table` to the end of its game, seat i by `bots[i]`, each asked through
    `ask` with its view and legal moves (while cards are turned up: its own). `moved(position,
    seat, move)` is told each move before it is made; `ended(result)` each round's end."""
    while table.phase != GAME_OVER:
        if table.phase == ROUND_OVER:
            deal(table)
            continue
        seat = table.current
        position = table.to_position()
        codes = legal_codes(table)
        if table.phase == REVEAL:
            first = REVEAL_AT + CELLS * seat
            codes = [code for code in codes if first <= code < first + CELLS]
        move = ask(bots[seat], position, seat, [move_of(code) for code in codes])
        if moved is not None:
            moved(position, seat, move)
        step(table, code_of(move))
        if table.phase == ROUND_OVER or table.phase == GAME_OVER:
            result = round_result(table.to_position())
            assert result is not None
            if ended is not None:
                ended(result)
