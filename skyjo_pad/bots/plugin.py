"""The built-in levels as outside bots: factories for `package.module:factory` names.

`skyjo_pad.bots.plugin:ev` (and `:random`, `:easy`, `:medium`, `:hard`) makes a bot that
speaks only the FORMATS.md JSON, like any outside bot: a view dict and move dicts in, a
move dict out. It reads the view back into the engine's `View` and asks the built-in bot
(seed 0), so a harness outside the project, or `skyjo-pad simulate`, can seat the
built-in levels through the plug-in interface exactly as it seats its own bots.
"""

from __future__ import annotations

from typing import Any

from skyjo_pad.engine import (
    HIDDEN,
    Card,
    Held,
    HeldFrom,
    Phase,
    Rules,
    View,
    ViewCell,
    move_from_json,
    move_to_json,
)

from .base import Bot
from .registry import make_bot

JSON = dict[str, Any]


def view_from_json(data: JSON) -> View:
    """The `View` a skyjo-position/1 view dict describes (as `view_to_json` writes it).

    >>> from skyjo_pad.engine import new_game, view, view_to_json
    >>> seen = view(new_game(["Ann", "Bob"], seed=4), 1)
    >>> view_from_json(view_to_json(seen)) == seen
    True
    """
    held = data.get("held")
    return View(
        viewer=data["viewer"],
        rules=Rules.from_dict(data.get("rules", {})),
        players=tuple(data["players"]),
        round=data["round"],
        totals=tuple(data["totals"]),
        phase=Phase(data["phase"]),
        current=data["current"],
        closer=data.get("closer"),
        grids=tuple(
            tuple(tuple(_cell(token) for token in row) for row in grid) for grid in data["grids"]
        ),
        draw_count=data["draw_count"],
        discard=tuple(data["discard"]),
        held=None if held is None else Held(held["value"], HeldFrom(held["from"])),
        starter=data.get("starter"),
        turns=data.get("turns", 0),
    )


def _cell(token: str) -> ViewCell:
    if token == "__":
        return None
    if token == "?":
        return HIDDEN
    return Card(int(token[:-1]), token[-1] == "u")


class JsonBot:
    """A built-in bot behind the outside bots' JSON interface."""

    def __init__(self, inner: Bot) -> None:
        """Speak JSON for `inner`."""
        self.inner = inner

    def choose(self, view: JSON, legal_moves: list[JSON]) -> JSON:
        """The inner bot's choice, as one of the offered move dicts."""
        moves = [move_from_json(move) for move in legal_moves]
        return move_to_json(self.inner.choose(view_from_json(view), moves))


def _level(name: str) -> JsonBot:
    return JsonBot(make_bot(name))


def random() -> JsonBot:
    """`skyjo_pad.bots.plugin:random`."""
    return _level("random")


def easy() -> JsonBot:
    """`skyjo_pad.bots.plugin:easy`."""
    return _level("easy")


def medium() -> JsonBot:
    """`skyjo_pad.bots.plugin:medium`."""
    return _level("medium")


def ev() -> JsonBot:
    """`skyjo_pad.bots.plugin:ev`."""
    return _level("ev")


def hard() -> JsonBot:
    """`skyjo_pad.bots.plugin:hard`."""
    return _level("hard")
