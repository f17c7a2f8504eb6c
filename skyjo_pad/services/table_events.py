"""What happened at a digital table, kept as public facts: one event per move.

An event is made from the spectator's views around a move and the engine's reasons, so
it holds nothing a player may not see; it is stored in the table's log as JSON and told
in words on the web side (`presenters/table_words.py`), where a later language can tell
it differently.

>>> from skyjo_pad.engine import new_game, outcome, Reveal, view
>>> game = new_game(["Ann", "Bob"], seed=42)
>>> played = outcome(game, Reveal(0, (0, 0)))
>>> event(view(game, None), Reveal(0, (0, 0)), view(played.position, None), played.reasons)["shown"]
4
"""

from __future__ import annotations

from typing import Any

from ..engine import Card, Deal, Move, Phase, Reasons, Start, Swap, View, move_to_json


def event(before: View, move: Move, after: View, reasons: Reasons) -> dict[str, Any]:
    """A move as public facts: the move, who made it, the cards it showed, the reasons."""
    data: dict[str, Any] = {"move": move_to_json(move), "seat": reasons.seat}
    if isinstance(move, Deal):
        data["round"] = after.round
        data["reveal"] = after.phase is Phase.REVEAL
        data["start"] = start_data(reasons.dealt_start)
        return data
    data["top"] = before.discard[0] if before.discard else None
    data["shown"] = reasons.shown
    if isinstance(move, Swap) and reasons.seat is not None:
        old = before.grids[reasons.seat][move.cell[0]][move.cell[1]]
        held = before.held
        data["replaced"] = reasons.replaced
        data["replaced_face_up"] = isinstance(old, Card)
        data["from"] = None if held is None else held.source.value
    cleared = reasons.cleared
    if cleared is not None:
        data["cleared"] = {
            "line": cleared.line.value,
            "index": cleared.index,
            "value": cleared.value,
        }
        if cleared.row is not None:
            data["cleared"]["row"] = cleared.row
    data["start"] = start_data(reasons.start)
    data["closed"] = reasons.closed
    data["ended"] = None if reasons.ended is None else reasons.ended.number
    if reasons.ended is not None and reasons.ended.limit is not None:
        data["limit"] = reasons.ended.limit  # the engine's round or turn limit cut it short
    return data


def start_data(start: Start | None) -> dict[str, Any] | None:
    """Who starts and why, as JSON."""
    if start is None:
        return None
    return {
        "seat": start.seat,
        "rule": start.rule.value,
        "total": start.total,
        "shown": start.shown,
        "tied": list(start.tied),
        "card": start.card,
    }
