"""Tiny outside bots for the tests, plugged in by name as `outside_bot:<factory>`.

They speak only the FORMATS.md JSON: a view dict in, a list of move dicts offered, one of
those dicts back.
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]


class LowCard:
    """Takes a low discard, keeps low drawn cards over its highest face-up card."""

    def __init__(self) -> None:
        self.views: list[JSON] = []

    def choose(self, view: JSON, legal_moves: list[JSON]) -> JSON:
        """A simple, legal choice made from the JSON alone."""
        self.views.append(view)
        actions = {move["action"]: move for move in legal_moves}
        held = view["held"]
        if held is None and "take_discard" in actions and view["discard"][0] <= 2:
            return actions["take_discard"]
        if held is None and "draw" in actions:
            return actions["draw"]
        if held is not None and held["value"] is not None:
            grid = view["grids"][view["viewer"]]
            swaps = [m for m in legal_moves if m["action"] == "swap"]

            def worth(move: JSON) -> int:
                token = grid[move["cell"][0]][move["cell"][1]]
                return 5 if token == "?" else int(token[:-1])

            best = max(swaps, key=worth)
            if worth(best) > held["value"] or "discard" not in actions:
                return best
            return actions["discard"]
        return legal_moves[-1]


def make() -> LowCard:
    """The factory named `outside_bot:make`."""
    return LowCard()


class Cheater:
    """Answers with a move it was not offered."""

    def choose(self, view: JSON, legal_moves: list[JSON]) -> JSON:
        """Always tries to swap into a cell that does not exist."""
        return {"action": "swap", "cell": [7, 7]}


def cheater() -> Cheater:
    """The factory named `outside_bot:cheater`."""
    return Cheater()


class Tuples:
    """Answers with the first move, its cell given as a tuple rather than a list."""

    def choose(self, view: JSON, legal_moves: list[JSON]) -> JSON:
        """The first legal move, cell as a tuple."""
        move = dict(legal_moves[0])
        if "cell" in move:
            move["cell"] = tuple(move["cell"])
        return move


def tuples() -> Tuples:
    """The factory named `outside_bot:tuples`."""
    return Tuples()


NOT_A_FACTORY = 42
