"""What the play screen receives: one seat's view of the table, and the words around it.

The screen is drawn from `view(position, seat)` only, never from the full position, so
the same answer could go to another device as it is. Besides the view it carries what
the view cannot say: who plays by computer, which seat the phone shows, the information
line, the moves that can be tapped now and, once a round is over, its scores (every card
is face up by then, so they are public).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import (
    Card,
    Phase,
    Position,
    game_winners,
    legal_moves,
    move_to_json,
    round_result,
    view,
    view_to_json,
)
from ..engine.views import View
from . import table_story

OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)


def actor(position: Position) -> int | None:
    """The seat that acts now (None once the round or the game is over)."""
    if position.phase in OVER:
        return None
    return position.current


def viewer(position: Position, bots: Sequence[str | None]) -> int:
    """The seat the phone shows: the person to act, else the person who acted last.

    Going back in turn order from the seat to act (once a round is over, from the seat
    that played its last turn, the one before the closer), the first person found is the
    one holding the phone.
    """
    people = [seat for seat, bot in enumerate(bots) if bot is None]
    acting = actor(position)
    if acting is not None and bots[acting] is None:
        return acting
    seats = len(bots)
    last = None if position.closer is None else (position.closer - 1) % seats
    start = next((s for s in (acting, last, position.current) if s is not None), 0)
    for back in range(seats):
        seat = (start - back) % seats
        if bots[seat] is None:
            return seat
    return people[0] if people else 0


def tallies(seen: View) -> list[int]:
    """Each seat's face-up cards added up: the round so far, as everyone sees it."""
    return [sum(c.value for row in grid for c in row if isinstance(c, Card)) for grid in seen.grids]


def summary(position: Position) -> dict[str, Any] | None:
    """The scores of the round just ended, or None while it is played."""
    result = round_result(position)
    if result is None:
        return None
    return {
        "round": position.round,
        "closer": result.closer,
        "raw": list(result.raw),
        "final": list(result.final),
        "doubled": result.doubled,
        "totals": list(position.totals),
        "winners": list(game_winners(position)),
        "game_over": position.phase is Phase.GAME_OVER,
    }


def screen(
    position: Position,
    bots: Sequence[str | None],
    log: Sequence[str],
    status: str,
    version: int,
    watching: bool = False,
) -> dict[str, Any]:
    """The play screen's data (JSON-ready) for the seat holding the phone; `watching`: for
    another device, which sees what a spectator sees and may not move."""
    you = viewer(position, bots)
    seen = view(position, None if watching else you)
    acting = actor(position)
    mine = acting == you and status == "playing" and not watching
    return {
        "version": version,
        "status": status,
        "view": view_to_json(seen),
        "you": you,
        "actor": acting,
        "bots": list(bots),
        "pass_and_play": sum(1 for bot in bots if bot is None) > 1,
        "watching": watching,
        "info": {
            "now": _now(seen, bots, status),
            "then": log[-1] if log else None,
        },
        "log": list(log[-8:]),
        "moves": [move_to_json(m) for m in legal_moves(position, you)] if mine else [],
        "can_deal": position.phase is Phase.ROUND_OVER and status == "playing" and not watching,
        "tallies": tallies(seen),
        "summary": summary(position),
    }


def _now(seen: View, bots: Sequence[str | None], status: str) -> str:
    if status == "abandoned":
        return "This table was abandoned: look back at it in the replay"
    return table_story.instruction(seen, bots)
