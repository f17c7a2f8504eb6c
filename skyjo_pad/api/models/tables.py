"""The tables' request bodies: a new online table, a move (online or on one phone), the
computer's steps, handing a seat over, abandoning a table.

A move is a JSON object read by the engine's notation (its own sentences), documented as
the `Move` the notation declares (`moves.py`); the rule options are read by the engine
(`Rules`), which states their limits; bot names come from the bot registry.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, ClassVar, get_type_hints

from flask_babel import gettext
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    create_model,
)
from pydantic_core import PydanticCustomError

from ...bots import BUILTIN
from ...engine.limits import CELLS, MULTIPLIER_MAX, SEED_MAX, STALL_MAX, TARGET_MAX
from ...engine.rules import SEATINGS, Rules
from ...models import NAME_MAX
from ...services.errors import N_
from ...services.online import Invitee
from ...services.roster import COMPUTER_NAMES, free_name
from ...services.tables import SEED_LARGEST, SEED_PROBLEM
from .moves import Move
from .reading import Body, Words

GIVE_SEAT = N_('Send {"bot": "easy"}, "medium", "hard", "expert", or {"bot": null} for a person.')
CONFIRM = N_('Confirm it: send {"confirm": true}.')


class GiveSeat(Body):
    """Hand a seat to a computer player, or back to a person (null)."""

    WHAT: ClassVar[str] = N_("a seat handed over")
    WORDS: ClassVar[dict[str, Words]] = {
        "bot": Words(N_("The bot"), shape=GIVE_SEAT, missing=GIVE_SEAT)
    }

    bot: str | None = Field(
        description="A computer player of the registry, or null for a person.",
        json_schema_extra={"enum": [*BUILTIN, None]},
    )
    name: Name | None = Field(
        None,
        description="With bot null, for a seat dealt to a computer player: the person who "
        "takes it (a seat that had a person goes back to them).",
    )


def _yes(confirmed: bool) -> bool:
    """Only `true` confirms (not `false`, nor `1`, which a `Literal[True]` takes)."""
    if not confirmed:
        raise ValueError("not confirmed")
    return confirmed


class Abandon(Body):
    """Stop a table for good: it must be confirmed."""

    WHAT: ClassVar[str] = N_("abandoning a table")
    WORDS: ClassVar[dict[str, Words]] = {
        "confirm": Words(N_("The confirmation"), shape=CONFIRM, missing=CONFIRM)
    }

    confirm: Annotated[StrictBool, AfterValidator(_yes)] = Field(
        description="Yes, abandon it.", json_schema_extra={"const": True}
    )


class NoFields(Body):
    """The body of a request that takes none: nothing, or an empty object `{}`."""

    WHAT: ClassVar[str] = N_("this request, which takes no fields")


RANGES = {
    "target": (1, TARGET_MAX),
    "multiplier": (1, MULTIPLIER_MAX),
    "reveal_count": (0, CELLS),
    "stall_turns": (1, STALL_MAX),
}
"""The range of each whole-number rule option of a new table (engine/limits.py)."""


def _table_rules() -> type[BaseModel]:
    """The digital table's rule options as a model made from the engine's `Rules`: every
    option, its type and its default, the ranges above, `max_players`' seatings. Only
    for the document: the engine reads a table's rules, in its own words."""
    hints = get_type_hints(Rules)
    official = Rules()
    fields: dict[str, Any] = {}
    for option in dataclasses.fields(Rules):
        kind: Any = hints[option.name]
        if option.name in RANGES:
            low, high = RANGES[option.name]
            ranged = Annotated[int, Field(ge=low, le=high)]
            kind = ranged | None if getattr(official, option.name) is None else ranged
        if option.name == "max_players":
            kind = Annotated[int, Field(json_schema_extra={"enum": list(SEATINGS)})]
        fields[option.name] = (kind, getattr(official, option.name))
    config = ConfigDict(extra="forbid", strict=True)
    return create_model("TableRules", __config__=config, __doc__=TABLE_RULES, **fields)


TABLE_RULES = "Any option of docs/rules-options.md; one left out takes its official default."
TableRules = _table_rules()


def _object_or_null(value: object) -> dict[str, Any] | None:
    """A table's `rules` as given, when an object or null; the engine reads its options."""
    if value is None or isinstance(value, dict):
        return value
    raise PydanticCustomError("dict_type", "Input should be a valid dictionary")


RulesGiven = Annotated[
    dict[str, Any] | None,
    PlainValidator(_object_or_null, json_schema_input_type=TableRules | None),
]
"""A table's rule options: an object (or null) the engine reads in its own words (422),
documented as `TableRules`."""


SEAT_SHAPE = N_('Each seat is {"name": …, "email": …} or {"bot": "hard"}.')
SEND_MOVE = N_('Send {"version": n, "move": {...}}.')
TableVersion = Annotated[
    int,
    Field(
        description="The table's `version` the request was made on; a move made on an older "
        "one is refused with 409 and the table as it is now."
    ),
]
Name = Annotated[str, Field(json_schema_extra={"maxLength": NAME_MAX})]
"""A seat's name; a name too long or blank is the roster's to refuse (422)."""


class PersonSeat(Body):
    """A person: a name, and an address to send the link to (optional)."""

    name: Name
    email: str | None = None
    bot: None = None


class ComputerSeat(Body):
    """A computer player (its name: the level's, if none)."""

    bot: str = Field(json_schema_extra={"enum": list(BUILTIN)})
    """Another name is the service's to refuse (422: no such computer player)."""
    name: Name | None = None
    email: None = None


class NewOnlineTable(Body):
    """A new online table: its seats in turn order, its rule options, its deal."""

    WHAT: ClassVar[str] = N_("a new table")
    WORDS: ClassVar[dict[str, Words]] = {
        "seats": Words(
            N_("The seat %(seat)s"),
            shape=N_('seats must be a list of seats: {"name": …, "email": …} or {"bot": …}.'),
            item=SEAT_SHAPE,
            missing=N_('Give the seats, like {"seats": [{"name": "Ann"}, {"bot": "hard"}]}.'),
        ),
        "rules": Words(N_("The rules"), shape=N_("rules must be an object of rule options.")),
        "seed": Words(
            N_("The deal number"),
            shape=SEED_PROBLEM,
            data={"max": SEED_LARGEST},
            against_rules=True,
        ),
    }

    seats: list[PersonSeat | ComputerSeat] = Field(  # one seat: the roster's words (422)
        min_length=1,
        json_schema_extra={"minItems": 2},
        description="In turn order: a person {name, email?} or a computer player {bot}; "
        "2 to 8 seats (12 with max_players 12), one a person.",
    )
    rules: RulesGiven = Field(
        None, description="The rule options (null or left out: the official rules)."
    )
    seed: int | None = Field(
        None, ge=0, le=SEED_MAX, description="The deal (optional; null: a secret one)."
    )

    def invitees(self) -> list[Invitee]:
        """The seats for the service (a computer seat without a name: its level's, "… 2"
        when taken)."""
        used = {" ".join((seat.name or "").split()).casefold() for seat in self.seats}
        return [
            Invitee(
                (seat.name or "").strip() or free_name(_computer_name(seat.bot), used),
                bot=seat.bot,
            )
            if isinstance(seat, ComputerSeat)
            else Invitee(seat.name, email=seat.email)
            for seat in self.seats
        ]


class OnlineMove(Body):
    """A seat's move on an online table, made on the table's version."""

    WHAT: ClassVar[str] = N_("a move")
    WORDS: ClassVar[dict[str, Words]] = {
        "version": Words(N_("The version"), missing=SEND_MOVE),
        "move": Words(N_("The move"), missing=SEND_MOVE),
    }

    version: TableVersion
    move: Move


class MoveBody(Body):
    """A person's move on a one-phone table, made on the table's version (other fields
    are not read)."""

    model_config = ConfigDict(extra="ignore")
    WHAT: ClassVar[str] = N_("a move")
    WORDS: ClassVar[dict[str, Words]] = {
        "version": Words(
            N_("The version"), missing=N_("Say which version of the table the move was made on.")
        ),
        "move": Words(N_("The move"), missing=N_("Give the move.")),
    }

    version: TableVersion
    move: Move


class AdvanceBody(Body):
    """Let the computer play on a one-phone table: its next step, or (`all`) every step
    until a person must act (other fields are not read)."""

    model_config = ConfigDict(extra="ignore")
    WHAT: ClassVar[str] = N_("letting the computer play")
    WORDS: ClassVar[dict[str, Words]] = {
        "version": Words(
            N_("The version"),
            missing=N_("Say which version of the table the move was made on."),
        ),
        "all": Words(N_("all")),
    }

    version: TableVersion
    all: bool = Field(
        False,
        description="true plays every computer step until a person must act.",
    )


def _computer_name(level: str) -> str:
    """The name of a computer seat left blank, in the reader's language (a level there is
    not is named by itself: the service refuses it in words)."""
    return gettext(COMPUTER_NAMES[level]) if level in COMPUTER_NAMES else level
