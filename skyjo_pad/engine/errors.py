"""The engine's named errors; each is a ValueError whose message says what is wrong.

>>> issubclass(IllegalMove, ValueError), issubclass(PositionError, ValueError)
(True, True)
"""

from __future__ import annotations


class Reason(str):
    """Why the engine refuses something (a move, a rule option), in plain English; also its
    `template` (`%(name)s` placeholders) and the `data` that fills it, so that a caller can
    word it in another language (the web side translates the templates, `make messages`
    extracts them).

    >>> why = Reason("the card at %(cell)s is already face up", cell="[1, 1]")
    >>> why
    'the card at [1, 1] is already face up'
    >>> why.template, why.data
    ('the card at %(cell)s is already face up', {'cell': '[1, 1]'})
    """

    template: str
    data: dict[str, int | str]

    def __new__(cls, template: str, **data: int | str) -> Reason:
        """The reason `template` filled with `data`."""
        reason = super().__new__(cls, template % data if data else template)
        reason.template = template
        reason.data = data
        return reason


class Refusal(ValueError):
    """Something the engine refuses; the message says why in plain words, and `reason`
    is the engine's `Reason` when it made one (a template and its data)."""

    @property
    def reason(self) -> Reason:
        """Why, as a `Reason` (a plain message becomes one with no data)."""
        said = self.args[0] if self.args else ""
        return said if isinstance(said, Reason) else Reason(str(said))


class IllegalMove(Refusal):
    """A move that is not legal in the position; the message says why in plain words."""


class PositionError(ValueError):
    """A position that breaks the rules of the game; the message names the problem."""


class NotationError(ValueError):
    """JSON that is not skyjo-position/1, skyjo-record/1 or a move; the message says where."""
