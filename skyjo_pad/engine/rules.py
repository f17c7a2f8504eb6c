"""The rule options of RULES.md, with the official defaults, and their validation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from .errors import Reason, Refusal
from .limits import (
    CELLS,
    MAX_PLAYERS,
    MULTIPLIER_MAX,
    OFFICIAL_MAX_PLAYERS,
    ROUND_TURNS_MAX,
    STALL_MAX,
    TARGET_MAX,
)

SEATINGS = (OFFICIAL_MAX_PLAYERS, MAX_PLAYERS)
"""The values `max_players` takes."""

FirstTiebreak = Literal["highest_card", "seat", "random"]
NextStarter = Literal["closer", "round_winner", "highest_reveal"]

FIRST_TIEBREAKS: tuple[str, ...] = ("highest_card", "seat", "random")
NEXT_STARTERS: tuple[str, ...] = ("closer", "round_winner", "highest_reveal")

#: The keys a score pad game uses; the digital table uses them all.
PAD_RULE_KEYS: tuple[str, ...] = ("target", "multiplier", "tie_doubles", "double_only_positive")


class RulesError(Refusal):
    """A rule option with a wrong name or value; the message says which and why (its
    `reason` keeps the template and data, for the reader's language)."""

    def __init__(self, template: str, **data: int | str) -> None:
        """The refusal `template` filled with `data`."""
        super().__init__(Reason(template, **data))


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

    @property
    def turn_limit(self) -> int:
        """The turns after which a round ends with no closer: `stall_turns`, and never
        more than `ROUND_TURNS_MAX` (limits.py).

        >>> Rules().turn_limit, Rules(stall_turns=50).turn_limit, Rules(stall_turns=5000).turn_limit
        (1000, 50, 1000)
        """
        stall = self.stall_turns
        return ROUND_TURNS_MAX if stall is None else min(stall, ROUND_TURNS_MAX)

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
                raise RulesError(
                    "Unknown rule option %(option)s; known options: %(known)s.",
                    option=repr(key),
                    known=", ".join(known),
                )
        rules = cls(**dict(data))
        rules.validate()
        return rules

    def validate(self) -> None:
        """Raise RulesError naming the first option whose value is not allowed."""
        if not _whole(self.target, 1):
            raise RulesError("The target must be a whole number of at least 1.")
        if not _whole(self.multiplier, 1):
            raise RulesError("The multiplier must be a whole number of at least 1.")
        for name in ("tie_doubles", "double_only_positive", "row_clear"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError("The option %(option)s must be true or false.", option=name)
        if self.first_tiebreak not in FIRST_TIEBREAKS:
            raise RulesError(
                "%(option)s must be one of %(choices)s.",
                option="first_tiebreak",
                choices=", ".join(FIRST_TIEBREAKS),
            )
        if self.next_starter not in NEXT_STARTERS:
            raise RulesError(
                "%(option)s must be one of %(choices)s.",
                option="next_starter",
                choices=", ".join(NEXT_STARTERS),
            )
        if type(self.max_players) is not int or self.max_players not in SEATINGS:
            raise RulesError(
                "%(option)s must be %(low)s or %(high)s.",
                option="max_players",
                low=SEATINGS[0],
                high=SEATINGS[1],
            )
        if not _whole(self.reveal_count, 0) or self.reveal_count > CELLS:
            raise RulesError(
                "%(option)s must be a whole number from 0 to %(max)s.",
                option="reveal_count",
                max=CELLS,
            )
        if self.stall_turns is not None and not _whole(self.stall_turns, 1):
            raise RulesError(
                "%(option)s must be a whole number of at least 1.", option="stall_turns"
            )

    def check_caps(self) -> None:
        """Raise RulesError naming the first option beyond the caps every front door puts
        on a new game (limits.py; the engine itself plays any whole number). Its data's
        `option` names that option.

        >>> Rules(target=10_001).check_caps()
        Traceback (most recent call last):
        ...
        skyjo_pad.engine.rules.RulesError: The target must be a whole number from 1 to 10000.
        """
        if self.target > TARGET_MAX:
            raise RulesError(
                "The target must be a whole number from 1 to %(max)s.",
                option="target",
                max=TARGET_MAX,
            )
        if self.multiplier > MULTIPLIER_MAX:
            raise RulesError(
                "The multiplier must be a whole number from 1 to %(max)s.",
                option="multiplier",
                max=MULTIPLIER_MAX,
            )
        if self.stall_turns is not None and self.stall_turns > STALL_MAX:
            raise RulesError("stall_turns is at most %(max)s.", option="rules", max=STALL_MAX)

    def to_dict(self, keys: tuple[str, ...] = ()) -> dict[str, Any]:
        """The options as JSON-ready data, all of them or only `keys`."""
        data = asdict(self)
        return {k: data[k] for k in keys} if keys else data


def _whole(value: object, minimum: int) -> bool:
    """Whether `value` is a whole number (not a bool) of at least `minimum`."""
    return not isinstance(value, bool) and isinstance(value, int) and value >= minimum
