"""The rule options of RULES.md, with the official defaults, and their validation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from .limits import CELLS, MAX_PLAYERS, OFFICIAL_MAX_PLAYERS

SEATINGS = (OFFICIAL_MAX_PLAYERS, MAX_PLAYERS)
"""The values `max_players` takes."""

FirstTiebreak = Literal["highest_card", "seat", "random"]
NextStarter = Literal["closer", "round_winner", "highest_reveal"]

FIRST_TIEBREAKS: tuple[str, ...] = ("highest_card", "seat", "random")
NEXT_STARTERS: tuple[str, ...] = ("closer", "round_winner", "highest_reveal")

#: The keys a score pad game uses; the digital table uses them all.
PAD_RULE_KEYS: tuple[str, ...] = ("target", "multiplier", "tie_doubles", "double_only_positive")


class RulesError(ValueError):
    """A rule option with a wrong name or value; the message says which and why."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule options of a game. Every field defaults to the official rule."""

    target: int = 100
    """The game ends after the round in which a total reaches this."""
    multiplier: int = 2
    """The closer's round score is multiplied by this when the closer is not lowest."""
    tie_doubles: bool = True
    """A tie with the closer's score doubles the closer."""
    double_only_positive: bool = True
    """A closer's score of 0 or below is never doubled."""
    first_tiebreak: FirstTiebreak = "highest_card"
    """Who starts round 1 when the two revealed cards tie."""
    next_starter: NextStarter = "closer"
    """Who starts the rounds after the first."""
    max_players: int = 8
    """8 (official) or 12 (extended)."""
    reveal_count: int = 2
    """Cards each player turns up at the start of a round."""
    row_clear: bool = False
    """Also remove four equal face-up cards in a row."""
    stall_turns: int | None = None
    """End a round after this many turns (engine-only play), or never."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, allowed: tuple[str, ...] = ()) -> Rules:
        """Build rules from JSON-like data; missing keys take their default.

        >>> Rules.from_dict({"target": 50}).target
        50
        >>> Rules.from_dict({"target": 0})
        Traceback (most recent call last):
        ...
        skyjo_pad.engine.rules.RulesError: The target must be a whole number of at least 1.
        """
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise RulesError("The rules must be an object of rule options.")
        known = allowed or tuple(f.name for f in fields(cls))
        for key in data:
            if key not in known:
                raise RulesError(f"Unknown rule option {key!r}; known options: {', '.join(known)}.")
        rules = cls(**dict(data))
        rules.validate()
        return rules

    def validate(self) -> None:
        """Raise RulesError naming the first option whose value is not allowed."""
        _whole(self.target, 1, "The target")
        _whole(self.multiplier, 1, "The multiplier")
        for name in ("tie_doubles", "double_only_positive", "row_clear"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"The option {name} must be true or false.")
        if self.first_tiebreak not in FIRST_TIEBREAKS:
            raise RulesError(f"first_tiebreak must be one of {', '.join(FIRST_TIEBREAKS)}.")
        if self.next_starter not in NEXT_STARTERS:
            raise RulesError(f"next_starter must be one of {', '.join(NEXT_STARTERS)}.")
        if self.max_players not in SEATINGS or isinstance(self.max_players, bool):
            raise RulesError(f"max_players must be {SEATINGS[0]} or {SEATINGS[1]}.")
        _whole(self.reveal_count, 0, "reveal_count")
        if self.reveal_count > CELLS:
            raise RulesError(f"reveal_count must be between 0 and {CELLS}.")
        if self.stall_turns is not None:
            _whole(self.stall_turns, 1, "stall_turns")

    def to_dict(self, keys: tuple[str, ...] = ()) -> dict[str, Any]:
        """The options as JSON-ready data, all of them or only `keys`."""
        data = asdict(self)
        return {k: data[k] for k in keys} if keys else data


def _whole(value: object, minimum: int, label: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise RulesError(f"{label} must be a whole number of at least {minimum}.")
