"""The engine's named errors; each is a ValueError whose message says what is wrong.

>>> issubclass(IllegalMove, ValueError), issubclass(PositionError, ValueError)
(True, True)
"""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move that is not legal in the position; the message says why in plain words."""


class PositionError(ValueError):
    """A position that breaks the rules of the game; the message names the problem."""


class NotationError(ValueError):
    """JSON that is not skyjo-position/1, skyjo-record/1 or a move; the message says where."""
