"""What the play screen and the replay receive, as JSON: one seat's view and the words.

Made from the table service's `Screen`, `ReplayStep` and `Hint`, which hold a seat's view
(or a spectator's), the engine's reasons and the table's public events, never the full
position; so the same answer could go to another device as it is. Besides the view it
carries what the view cannot say: who plays by computer, which seat the phone shows, the
information line, the moves that can be tapped now and, once a round is over, its scores
(every card is face up by then, so they are public).
"""

from __future__ import annotations

from typing import Any

from ..engine import Card, EndedRound, Phase, View, move_to_json, view_to_json
from ..i18n import gettext as _
from ..services.table_view import Screen
from ..services.tables import Hint, ReplayStep
from . import table_words

LOG_SHOWN = 8
"""How many of the latest events the screen lists."""


def screen_json(screen: Screen) -> dict[str, Any]:
    """The play screen's data (JSON-ready) for the seat holding the phone."""
    seen = screen.seen
    log = [table_words.told(event, seen.players, seen.rules) for event in screen.log]
    return {
        "version": screen.version,
        "status": screen.status,
        "view": view_to_json(seen),
        "you": screen.seat,
        "actor": screen.actor,
        "bots": list(screen.bots),
        "pass_and_play": sum(1 for bot in screen.bots if bot is None) > 1,
        "watching": screen.watching,
        "info": {"now": _now(screen), "then": log[-1] if log else None},
        "log": log[-LOG_SHOWN:],
        "moves": [move_to_json(move) for move in screen.moves],
        "can_deal": screen.can_deal,
        "tallies": tallies(seen),
        "summary": summary(seen, screen.ended, screen.winners),
        "id": screen.id,
        "step": screen.steps,
    }


def replay_json(step: ReplayStep) -> dict[str, Any]:
    """One step of the replay: the spectator's view after `step` moves, and what it did."""
    seen = step.seen
    if step.event is None:
        text = _("Round 1 is dealt: %(count)s players.", count=len(seen.players))
    else:
        text = table_words.told(step.event, seen.players, seen.rules)
    return {
        "step": step.step,
        "steps": step.steps,
        "view": view_to_json(seen),
        "bots": list(step.bots),
        "text": text,
        "tallies": tallies(seen),
        "summary": summary(seen, step.ended, step.winners),
    }


def hint_json(hint: Hint) -> dict[str, Any]:
    """A hint: the move a strong player would make, and the same in words."""
    move = move_to_json(hint.move)
    return {"move": move, "text": table_words.advice(move, hint.seen)}


def tallies(seen: View) -> list[int]:
    """Each seat's face-up cards added up: the round so far, as everyone sees it."""
    return [sum(c.value for row in grid for c in row if isinstance(c, Card)) for grid in seen.grids]


def summary(
    seen: View, ended: EndedRound | None, winners: tuple[int, ...]
) -> dict[str, Any] | None:
    """The scores of the round just ended (the engine's), or None while it is played."""
    if ended is None:
        return None
    result = ended.result
    return {
        "round": ended.number,
        "closer": result.closer,
        "raw": list(result.raw),
        "final": list(result.final),
        "doubled": result.doubled,
        "totals": list(seen.totals),
        "winners": list(winners),
        "game_over": seen.phase is Phase.GAME_OVER,
    }


def _now(screen: Screen) -> str:
    if screen.abandoned:
        return _("This table was abandoned: look back at it in the replay")
    if screen.seen.phase is Phase.ROUND_OVER and not screen.can_deal:
        return table_words.waiting_for_the_deal(screen.seen)
    seat = None if screen.watching else screen.seat
    return table_words.told_to(screen.seen, screen.bots, seat)
