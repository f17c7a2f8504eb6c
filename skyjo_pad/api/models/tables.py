"""The online tables' small request bodies: handing a seat over, abandoning a table.

A table's seats, rules and moves are read by the services and the notation (their own
sentences); their description stays hand-written in `openapi_online.py`.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from ...bots import BUILTIN
from ...services.errors import N_
from .reading import Body, Words

GIVE_SEAT = N_('Send {"bot": "easy"}, "medium", "hard", or {"bot": null} for a person.')
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


class Abandon(Body):
    """Stop a table for good: it must be confirmed."""

    WHAT: ClassVar[str] = N_("abandoning a table")
    WORDS: ClassVar[dict[str, Words]] = {
        "confirm": Words(N_("The confirmation"), shape=CONFIRM, missing=CONFIRM)
    }

    confirm: Literal[True] = Field(description="Yes, abandon it.")


class NoFields(Body):
    """The body of a request that takes none: nothing, or an empty object `{}`."""

    WHAT: ClassVar[str] = N_("this request, which takes no fields")
