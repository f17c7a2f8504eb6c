"""An outside bot plugged in by name: it speaks the FORMATS.md JSON, the project speaks moves.

An outside bot is any object with `choose(view, legal_moves)` where `view` is the
skyjo-position/1 view as a JSON dict and `legal_moves` a list of move dicts; it returns one
of those dicts. `OutsideBot` wraps it so that drivers treat it like a built-in bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skyjo_pad.engine import Move, View, move_to_json, view_to_json

from .base import BotError


class OutsideBot:
    """A bot from outside the project, seen through the JSON notation."""

    def __init__(self, inner: Any, name: str) -> None:
        """Wrap `inner` (an object with a `choose` method), loaded under `name`."""
        if not callable(getattr(inner, "choose", None)):
            raise BotError(f"the bot {name!r} has no choose(view, legal_moves) method")
        self.inner = inner
        self.name = name

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """Ask the outside bot with JSON; the legal move whose JSON it returned."""
        offered = [move_to_json(move) for move in legal_moves]
        answer = self.inner.choose(view_to_json(view), [dict(m) for m in offered])
        for move, data in zip(legal_moves, offered, strict=True):
            if _same(answer, data):
                return move
        raise BotError(
            f"the bot {self.name!r} returned {answer!r}, which is not one of the legal moves "
            f"it was offered: {offered}"
        )


def _same(answer: object, move: dict[str, Any]) -> bool:
    """Whether `answer` is the move dict `move` (a cell may come back as a tuple)."""
    if not isinstance(answer, dict) or answer.keys() != move.keys():
        return False
    for key, value in move.items():
        given = answer[key]
        if isinstance(value, list):
            if not isinstance(given, list | tuple) or list(given) != value:
                return False
        elif given != value or type(given) is not type(value):
            return False
    return True
