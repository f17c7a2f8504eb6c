"""The score pad's request bodies: a new game, a round, a take-back, a grid to score.

Each is declared once here; the views read bodies through them and the OpenAPI document
is generated from them. Values are checked as far as their shape goes (and the bounds the
engine states); whether they fit the game (a score per player, a closer who plays) is
the service's to say.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import ConfigDict, Field

from ...engine.limits import (
    COLUMNS,
    MAX_CARD,
    MAX_PLAYERS,
    MIN_CARD,
    MIN_PLAYERS,
    MULTIPLIER_MAX,
    RAW_MAX,
    RAW_MIN,
    ROWS,
    TARGET_MAX,
)
from ...engine.rules import Rules
from ...engine.scoring import Grid, GridError, parse_grid
from ...models import NAME_MAX
from ...services.errors import N_, Invalid, Malformed, Sentence, refused
from ...services.pad_once import CLIENT_ID
from ...services.pad_shares import KINDS, WATCH
from ...services.players import PLAYER_COUNT
from ...services.round_entry import SCORE_LIMIT, RoundEntry, SeatEntry
from .reading import Body, Words, not_null

NUMBER_LIMIT = SCORE_LIMIT
"""Any number in a body must lie within ± this (the pad's tighter limits apply after)."""
DEFAULTS = Rules()
ClientId = Annotated[
    str,
    Field(
        pattern=f"^{CLIENT_ID.pattern}$",
        description="Optional: an id the client made (a UUID is fine). A second request "
        "with the same id changes nothing and answers 200 with the game as it is now.",
    ),
]
VERSION_DESCRIPTION = (
    "Optional: the game's `version` this request was made against. If the game changed "
    "since (another phone saved a round), the request is refused with 409 and nothing is "
    "saved."
)
Version = Annotated[int | None, Field(description=VERSION_DESCRIPTION)]
Score = Annotated[int, Field(ge=-NUMBER_LIMIT, le=NUMBER_LIMIT)]
Card = Annotated[int | None, Field(json_schema_extra={"minimum": MIN_CARD, "maximum": MAX_CARD})]
"""A card's value; one beyond the deck is the engine's to refuse (422, "not a card")."""
Row = Annotated[list[Card], Field(min_length=COLUMNS, max_length=COLUMNS)]
GridRows = Annotated[
    list[Row],
    Field(
        min_length=ROWS,
        max_length=ROWS,
        description="3 rows of 4 card values, top row first; null for a card removed "
        "during the round.",
    ),
]
GRID_SHAPE = N_(
    "The grid must be 3 rows of 4 cards, each a whole number from %(min)s to %(max)s or null."
)
CARDS = {"min": MIN_CARD, "max": MAX_CARD}
CLIENT_ID_WORDS = Words(
    N_("The client_id"),
    shape=N_("The client_id must be 8 to 64 letters, digits, - or _ (a UUID is fine)."),
)
VERSION_WORDS = Words(N_("The version"))


class PadRules(Body):
    """The score pad's rule options (RULES.md); a key left out takes its default."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"additionalProperties": False})
    """Another option is the engine's to refuse (422), in its own words."""

    WHAT: ClassVar[str] = N_("the rules")
    WORDS: ClassVar[dict[str, Words]] = {
        key: Words(N_("The rule option %(name)s"))
        for key in ("target", "multiplier", "tie_doubles", "double_only_positive")
    }

    target: int = Field(DEFAULTS.target, ge=1, le=TARGET_MAX)
    multiplier: int = Field(DEFAULTS.multiplier, ge=1, le=MULTIPLIER_MAX)
    tie_doubles: bool = DEFAULTS.tie_doubles
    double_only_positive: bool = DEFAULTS.double_only_positive

    def given(self) -> dict[str, Any]:
        """The options the body gave (others take their default), unknown ones too."""
        return self.model_dump(exclude_unset=True)


class NewGame(Body):
    """A new score pad game: its players in seat order, its rule options."""

    WHAT: ClassVar[str] = N_("a new game")
    WORDS: ClassVar[dict[str, Words]] = {
        "players": Words(
            N_("The name at seat %(seat)s"),
            shape=N_('The players must be a list of names, like ["Ann", "Bob", "Cy"].'),
            missing=N_('Give the players, like {"players": ["Ann", "Bob", "Cy"]}.'),
            count=PLAYER_COUNT,
            data={"min": MIN_PLAYERS, "max": MAX_PLAYERS},
        ),
        "rules": Words(
            N_("The rule option %(name)s"),
            shape=N_('The rules must be an object, like {"target": 100}.'),
        ),
        "client_id": CLIENT_ID_WORDS,
    }

    players: list[Annotated[str, Field(max_length=NAME_MAX)]] = Field(
        min_length=MIN_PLAYERS,
        max_length=MAX_PLAYERS,
        description="Names in seat order (seats from 0), non-empty and distinct.",
    )
    rules: PadRules | None = None
    client_id: ClientId | None = None

    def rule_options(self) -> dict[str, Any] | None:
        """The rule options as given (None: the defaults)."""
        return None if self.rules is None else self.rules.given()


class RoundBody(Body):
    """A round: exactly one of `scores` and `grids`, and `closer` (null: nobody closed)."""

    model_config = ConfigDict(
        json_schema_extra={
            "description": "Exactly one of `scores` and `grids`, and `closer` (null: nobody "
            f"closed). A raw score outside {RAW_MIN} … {RAW_MAX} is kept, with a warning.",
            "oneOf": [{"required": ["scores"]}, {"required": ["grids"]}],
        }
    )
    WHAT: ClassVar[str] = N_("a round")
    WORDS: ClassVar[dict[str, Words]] = {
        "scores": Words(
            N_("The score of seat %(seat)s"),
            shape=N_("The scores must be a list of whole numbers, one per player."),
        ),
        "grids": Words(
            N_("The grid of seat %(seat)s"),
            shape=N_("The grids must be a list of grids (3 rows of 4 cards), one per player."),
            item=N_(
                "The grid of seat %(seat)s must be 3 rows of 4 cards, each a whole number "
                "from %(min)s to %(max)s or null."
            ),
            data=CARDS,
        ),
        "closer": Words(
            N_("The closer"),
            missing=N_(
                "Say who closed the round: closer is the seat number of that player "
                "(from 0), or null if nobody did."
            ),
        ),
        "version": VERSION_WORDS,
        "client_id": CLIENT_ID_WORDS,
    }

    scores: list[Score] | None = Field(
        None,
        description="Each player's raw round score, one per seat.",
        json_schema_extra=not_null,
    )
    grids: list[GridRows] | None = Field(
        None,
        json_schema_extra=not_null,
        description="Each player's final grid, one per seat; the column rule is applied "
        "before adding up.",
    )
    closer: Annotated[int, Field(ge=0)] | None
    version: Version = None

    def entry(self) -> RoundEntry:
        """The round for the pad's service; Malformed unless exactly one of scores and
        grids was given, Invalid for a grid the rules do not allow."""
        given = self.model_fields_set
        if ("scores" in given) == ("grids" in given) or (self.scores is None) == (
            self.grids is None
        ):
            raise Malformed(
                N_(
                    "Give either scores (one whole number per player) or grids (one 3×4 grid "
                    "per player), not both and not neither."
                )
            )
        if self.scores is not None:
            seats = tuple(SeatEntry(score=score) for score in self.scores)
            return RoundEntry(seats=seats, closer=self.closer)
        assert self.grids is not None
        return RoundEntry(
            seats=tuple(SeatEntry(grid=_grid(rows, seat)) for seat, rows in enumerate(self.grids)),
            closer=self.closer,
        )


class NewRoundBody(RoundBody):
    """A new round, which may carry the client's id for it."""

    client_id: ClientId | None = None


class TakeBackBody(Body):
    """A take-back's optional body: the version it was made against."""

    WHAT: ClassVar[str] = N_("a take-back")
    WORDS: ClassVar[dict[str, Words]] = {"version": VERSION_WORDS}

    version: Version = None


class ScoreBody(Body):
    """POST /api/score: one final grid."""

    WHAT: ClassVar[str] = N_("a grid to score")
    WORDS: ClassVar[dict[str, Words]] = {
        "grid": Words(
            N_("The grid"),
            shape=GRID_SHAPE,
            item=GRID_SHAPE,
            data=CARDS,
            missing=N_('Give the grid, as 3 rows of 4 cards: {"grid": [[…], […], […]]}.'),
        )
    }

    grid: GridRows

    def parsed(self) -> Grid:
        """The grid for the engine (a wrong card: Invalid)."""
        return _grid(self.grid, None)


def _grid(rows: list[list[int | None]], seat: int | None) -> Grid:
    """The engine's grid of `rows`; a grid the rules refuse is Invalid."""
    try:
        return parse_grid(rows)
    except GridError as error:
        where = (
            Sentence(N_("the grid"))
            if seat is None
            else Sentence(N_("the grid of seat %(seat)s"), {"seat": seat})
        )
        why = refused(error)  # the engine's sentence, worded for the reader as the rest
        raise Invalid(N_("In %(where)s, %(why)s"), where=where, why=why) from error


class ShareBody(Body):
    """A new link to the sheet for another phone: which kind."""

    WHAT: ClassVar[str] = N_("a new link")
    WORDS: ClassVar[dict[str, Words]] = {
        "kind": Words(N_("The kind"), shape=N_('kind must be "watch" or "keeper".'))
    }

    kind: str = Field(
        WATCH,
        description="watch: shows the sheet; keeper: may also save and correct rounds.",
        json_schema_extra={"enum": list(KINDS)},
    )
