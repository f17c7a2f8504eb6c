"""Every JSON answer of the API, declared once: the OpenAPI document's answer schemas are
generated from these models, and the tests check real answers against them
(tests/api/test_api_answers.py; schemathesis checks every answer it gets against the
document).

The views build their answers with the presenters (plain dicts, for speed on the move
path); these models say what those dicts hold. Strict and closed: a key an answer carries
and its model does not declare is a fault the tests find. Values named elsewhere (the
statuses, the kinds of link and token, the record's format) come from where they are
defined.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ...engine.limits import COLUMNS
from ...engine.notation import RECORD_FORMAT
from ...models import STATUSES
from ...services.online import FAILED, NONE, SENT
from ...services.pad_shares import KINDS
from ...services.table_policy import HOST, SEAT, SPECTATOR
from .moves import Move
from .pad import PadRules
from .reading import not_null

Status = Annotated[str, Field(json_schema_extra={"enum": list(STATUSES)})]
SeatNumber = Annotated[int, Field(ge=0)]
MoveCount = Annotated[
    int,
    Field(
        ge=0,
        description="How many moves the table has had: a move made now is move `step + 1`, "
        "the number the coach is asked about.",
    ),
]
Bot = Annotated[str | None, Field(description="The computer player, or null for a person.")]


def _absent(description: str) -> Any:
    """An optional key: left out of the answer when it has nothing to say (never null)."""
    return Field(None, description=description, json_schema_extra=not_null)


class Answer(BaseModel):
    """A JSON answer: strict types, and no key the model does not declare."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class Round(Answer):
    """A round of a score pad game."""

    number: int = Field(ge=1)
    closer: int | None
    raw: list[int]
    final: list[int] = Field(description="After the penalty.")
    doubled: bool


class Game(Answer):
    """A score pad game as API.md describes it."""

    id: str
    kind: Literal["pad"]
    players: list[str]
    rules: PadRules
    rounds: list[Round]
    totals: list[int]
    finished: bool
    winners: list[int] = Field(
        description="Seats with the lowest total once finished (several if tied); empty "
        "while the game goes on."
    )
    version: int = Field(
        description="Changes with every save; send it back as `version` to be told (409) "
        "when the sheet changed meanwhile."
    )
    saved_as: int | None = _absent(
        "Only in the 200 answer to a new round whose `client_id` was used before: the "
        "number of the round that first request saved."
    )
    warnings: list[str] | None = _absent(
        "Only in answers to saving a round, when a score lies outside the official bounds, "
        "a grid holds more of a card than the deck has or a column is removed in part "
        "(English)."
    )
    warning_messages: list[str] | None = _absent(
        "The same sentences in the reader's language (the lang cookie or Accept-Language), "
        "when that is not English: what a page shows."
    )


class GridScore(Answer):
    """One grid's score after the column rule."""

    raw: int
    removed_columns: list[Annotated[int, Field(ge=0, le=COLUMNS - 1)]]


class Info(Answer):
    """The information line of a table's screen."""

    now: str = Field(description="What has to happen now.")
    then: str | None = Field(description="What just happened.")


class Summary(Answer):
    """Once a round is over: its scores, totals and winners (every card is face up)."""

    round: int
    closer: int | None
    raw: list[int]
    final: list[int]
    doubled: bool
    totals: list[int]
    winners: list[int]
    game_over: bool


class TableScreen(Answer):
    """What the play screen draws: one seat's view (skyjo-position/1 view: no face-down
    value, no draw pile, no seed) and the words around it."""

    id: str
    version: int
    step: MoveCount
    status: Status
    view: dict[str, Any] = Field(description="The view of seat `you`.")
    you: int = Field(description="The seat the phone shows.")
    actor: int | None = Field(description="The seat to act.")
    bots: list[str | None]
    pass_and_play: bool
    watching: bool
    info: Info
    log: list[str]
    moves: list[Move]
    can_deal: bool
    tallies: list[int]
    summary: Summary | None = Field(
        description="Once a round is over: its scores, totals and winners."
    )


class Error(Answer):
    """A refused request: a sentence saying why; nothing was changed."""

    error: str = Field(description="A sentence saying why (English).")
    message: str | None = _absent(
        "The same sentence as a page shows it, when that differs: in the reader's language "
        "(the lang cookie or Accept-Language), a card's place in words."
    )
    state: TableScreen | OnlineTable | None = _absent(
        "Only from a table's routes, when the table exists: its play screen as it is now "
        "(a one-phone table's, or an online table's as the token sees it), so a stale "
        "screen catches up."
    )


class Hint(Answer):
    """The move the hard computer player would make, and the same in words."""

    move: Move
    text: str


class Record(Answer):
    """skyjo-record/1 (docs/formats.md): the first deal and every move."""

    format: str = Field(json_schema_extra={"const": RECORD_FORMAT})
    description: str | None = _absent("Which table, and who played.")
    position: dict[str, Any]
    moves: list[Move]


class ReplayStep(Answer):
    """The table after `step` moves, as a spectator sees it."""

    step: int
    steps: int
    view: dict[str, Any]
    bots: list[str | None]
    text: str = Field(description="What the last move did.")
    tallies: list[int]
    summary: Summary | None


class TableSeat(Answer):
    """A seat of an online table: its number, who sits there, the computer player if any."""

    seat: SeatNumber
    name: str
    bot: Bot


class OnlineTable(Answer):
    """An online table as one token sees it: the view of its seat (a spectator's view for
    the host and spectators), never a face-down value, the draw pile or the seed. Besides
    API.md's fields it carries what the page draws."""

    id: str
    version: int
    step: MoveCount
    status: Status
    seat: int | None = Field(description="This token's seat.")
    actor: int | None = Field(
        description="The seat to act (null during the opening reveals, between rounds and "
        "at the end)."
    )
    view: dict[str, Any]
    moves: list[Move]
    seats: list[TableSeat]
    summary: Summary | None
    role: str = Field(json_schema_extra={"enum": [SEAT, HOST, SPECTATOR]})
    you: int
    watching: bool
    online: bool
    pass_and_play: bool
    bots: list[str | None]
    info: Info
    log: list[str]
    tallies: list[int]
    can_deal: bool
    chosen_deal: bool = Field(
        description="Whoever made the table chose its deal number (`seed`), so they can "
        "know every card: every seat is told."
    )
    previous: Summary | None = _absent(
        "Asked with previous=1: the scores of the latest round that ended (left out before "
        "one has), for a phone that never showed them (another phone dealt the next round)."
    )


class CreatedSeat(Answer):
    """A seat of a table just made: a person's with its token and link (shown this once),
    or a computer player's."""

    seat: SeatNumber
    name: str
    token: str | None = _absent("A person's token.")
    link: str | None = _absent("The page the person's token opens.")
    invitation: str | None = Field(None, json_schema_extra=lambda s: _enum(s, [SENT, FAILED, NONE]))
    bot: str | None = _absent("A computer player's level.")


class CreatedOnlineTable(Answer):
    """Every token of the new table, shown this once (only digests are kept)."""

    id: str
    host_token: str
    spectator_token: str
    seats: list[CreatedSeat]


class HostSeat(TableSeat):
    """A seat as the host sees it: whether its link was opened, whether it is online."""

    opened: bool
    online: bool
    invitation: str | None


class HostSeats(Answer):
    """Every seat, as the host sees them."""

    seats: list[HostSeat]


class GivenSeat(HostSeats):
    """Every seat after the change; a person seated where a computer was dealt in gets
    their link at once."""

    token: str | None = _absent("The newcomer's token, shown this once.")
    link: str | None = _absent("The newcomer's link.")


class Reissued(Answer):
    """A seat's new token and link, shown this once."""

    seat: int
    token: str
    link: str


class ShareLink(Answer):
    """A link that shows the sheet on another phone (never its token)."""

    id: int
    kind: str = Field(json_schema_extra={"enum": list(KINDS)})
    created_at: str = Field(json_schema_extra={"format": "date-time"})
    opened_at: str | None = Field(json_schema_extra=lambda s: _format(s, "date-time"))


class NewShareLink(ShareLink):
    """A new link, with its token this once."""

    token: str = Field(
        description="192 random bits, URL-safe; shown this once (the server keeps its "
        "SHA-256 only). Send it as `Authorization: Bearer <token>`."
    )
    link: str = Field(description="The page the link opens: /s/<token>.")


class ShareLinks(Answer):
    """The sheet's links in use, oldest first."""

    links: list[ShareLink]


class Revoked(Answer):
    """The id of the revoked link."""

    revoked: int


def _enum(schema: dict[str, Any], values: list[str]) -> None:
    """Document an optional text as one of `values`, left out rather than null."""
    not_null(schema)
    schema["enum"] = values


def _format(schema: dict[str, Any], name: str) -> None:
    """Document the text branch of a nullable text with its `format`."""
    for branch in schema.get("anyOf", []):
        if branch.get("type") == "string":
            branch["format"] = name


ANSWERS: tuple[type[Answer], ...] = (
    Error,
    Game,
    GridScore,
    TableScreen,
    Hint,
    Record,
    ReplayStep,
    OnlineTable,
    CreatedOnlineTable,
    HostSeats,
    GivenSeat,
    Reissued,
    ShareLink,
    NewShareLink,
    ShareLinks,
    Revoked,
)
"""Every answer the document describes from its model (the models they hold come with
them: `Round`, `Summary`, `Info`, the seats)."""

Error.model_rebuild()  # its `state` may be an OnlineTable, declared below it
