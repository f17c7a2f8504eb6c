"""The one store of players and games, score pad and digital alike.

Models hold data only; the rules live in the engine and the workflows in services.
"""

from __future__ import annotations

import secrets
import string
import unicodedata
from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    ColumnElement,
    Float,
    ForeignKey,
    Index,
    String,
    Text,
    UniqueConstraint,
    exists,
    false,
    or_,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db

GAME_ID_ALPHABET = string.ascii_lowercase + string.digits
GAME_ID_LENGTH = 10
CLIENT_ID_MAX = 64
"""The longest id a client makes for a game or a round (API.md: 8 to 64 characters)."""
NAME_MAX = 40
NAME_KEY_MAX = 4 * NAME_MAX
"""Room for a name's key: case folding can lengthen a name (ß → ss, ΐ → three characters)."""
EMAIL_MAX = 254
NOTES_MAX = 2000
PLACE_MAX = 80
BOT_NAME_MAX = 20
PLAYING, FINISHED, ABANDONED = "playing", "finished", "abandoned"
STATUSES = (PLAYING, FINISHED, ABANDONED)
"""A game's status: being played, over, or stopped for good (a digital table only)."""


def utcnow() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC).replace(tzinfo=None)


def new_game_id() -> str:
    """A random id that is unique across installations (so imports never collide)."""
    return "".join(secrets.choice(GAME_ID_ALPHABET) for _ in range(GAME_ID_LENGTH))


def name_key(name: str) -> str:
    """How two spellings of one name are recognised as the same player: look-alike forms
    (full-width letters, ligatures) made one by NFKC, invisible format characters (zero
    width, bidi controls) dropped, case and spaces ignored."""
    plain = unicodedata.normalize("NFKC", name)
    plain = "".join(c for c in plain if unicodedata.category(c) != "Cf")
    return " ".join(plain.split()).casefold()[:NAME_KEY_MAX]


class Player(db.Model):  # type: ignore[name-defined,misc]
    """A person in the address book."""

    __tablename__ = "players"
    __table_args__: ClassVar[dict[str, Any]] = {"sqlite_autoincrement": True}
    """An id is never given out again (SQLite would reuse the highest one once removed or
    merged away): a link to a player's page never quietly shows another."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_MAX), unique=True)
    email: Mapped[str | None] = mapped_column(String(EMAIL_MAX))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Game(db.Model):  # type: ignore[name-defined,misc]
    """A game: a score pad game now, a digital table later, in the same table."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(GAME_ID_LENGTH), primary_key=True, default=new_game_id)
    kind: Mapped[str] = mapped_column(String(10), default="pad")
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    finished: Mapped[bool] = mapped_column(default=False)
    finished_at: Mapped[datetime | None]
    version: Mapped[int] = mapped_column(default=1)
    notes: Mapped[str | None] = mapped_column(Text)
    """Anything the players want to remember about the game."""
    place: Mapped[str | None] = mapped_column(String(PLACE_MAX))
    """Where it was played (optional)."""
    client_id: Mapped[str | None] = mapped_column(String(CLIENT_ID_MAX))
    """The id the phone made for a game started offline: a retry finds the game again."""

    seats: Mapped[list[GameSeat]] = relationship(
        back_populates="game", order_by="GameSeat.seat", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="game", order_by="Round.number", cascade="all, delete-orphan"
    )

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 (SQLAlchemy reads it)
    __table_args__ = (
        Index("ix_games_finished_created", "finished", "created_at"),
        Index("ix_games_finished_at", "finished_at"),
        Index("ix_games_kind_created", "kind", "created_at"),
        Index("uq_games_client_id", "client_id", unique=True),
    )


class GameSeat(db.Model):  # type: ignore[name-defined,misc]
    """Who sits at seat N of a game (seats from 0, the turn order)."""

    __tablename__ = "game_seats"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    bot: Mapped[str | None] = mapped_column(String(BOT_NAME_MAX))
    """The built-in computer player at this seat of a digital table; None for a person."""

    # What the seat's rounds add up to, kept by services/games_store.py whenever the game
    # changes, so history and stats aggregate one row per seat instead of every round.
    total: Mapped[int] = mapped_column(default=0, server_default="0")
    """The seat's total after the rounds played so far."""
    rounds: Mapped[int] = mapped_column(default=0, server_default="0")
    """Rounds scored."""
    place: Mapped[int | None]
    """1 for a winner (ties share), 2 for the next total …; None until the game is won."""
    closed: Mapped[int] = mapped_column(default=0, server_default="0")
    """Rounds this seat closed."""
    doubled: Mapped[int] = mapped_column(default=0, server_default="0")
    """Rounds this seat closed and had its score doubled."""
    best: Mapped[int | None]
    """The lowest round score (None before the first round)."""
    worst: Mapped[int | None]
    """The highest round score."""
    cleared: Mapped[int | None]
    """Columns of three cleared, digital tables only (None for the score pad)."""

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")

    __table_args__ = (
        # a player's decided games and totals, read from the index alone (stats, charts)
        Index("ix_game_seats_player_place", "player_id", "place", "game_id", "total"),
    )


class Round(db.Model):  # type: ignore[name-defined,misc]
    """One scored round of a game."""

    __tablename__ = "rounds"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int]
    closer: Mapped[int | None]
    doubled: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    client_id: Mapped[str | None] = mapped_column(String(CLIENT_ID_MAX))
    """The id the phone made for a round saved offline: unique within its game."""

    game: Mapped[Game] = relationship(back_populates="rounds")
    scores: Mapped[list[RoundScore]] = relationship(
        back_populates="round",
        order_by="RoundScore.seat",
        cascade="all, delete-orphan",
        lazy="selectin",
    )

    __table_args__ = (
        UniqueConstraint("game_id", "number", name="uq_rounds_game_number"),
        UniqueConstraint("game_id", "client_id", name="uq_rounds_game_client"),
    )


class RoundScore(db.Model):  # type: ignore[name-defined,misc]
    """One seat's score in one round: the cards' sum and what counted after doubling."""

    __tablename__ = "round_scores"

    round_id: Mapped[int] = mapped_column(
        ForeignKey("rounds.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(primary_key=True)
    raw: Mapped[int]
    final: Mapped[int]
    grid: Mapped[list[list[int | None]] | None] = mapped_column(JSON)

    round: Mapped[Round] = relationship(back_populates="scores")


class TableState(db.Model):  # type: ignore[name-defined,misc]
    """The play state of a digital table (a game of kind "table"), kept on the server only.

    The game's seats, rounds and version live in `games`, `game_seats`, `rounds` and
    `round_scores` like any game's; this row adds what only a table has.
    """

    __tablename__ = "table_states"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    bots: Mapped[list[str | None]] = mapped_column(JSON)
    """Per seat: None for a person, else the bot's name (easy, medium, hard, …)."""
    start: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The first deal, skyjo-position/1 (secrets included): where the record starts."""
    moves: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """Every move played since, in order (the record's moves)."""
    position: Mapped[dict[str, Any]] = mapped_column(JSON)
    """The position now, skyjo-position/1 (secrets included): never sent to a browser."""
    log: Mapped[list[Any]] = mapped_column(JSON)
    """The latest things that happened as public facts (`services/table_events.py`),
    oldest first; tables kept before hold them in words."""
    status: Mapped[str] = mapped_column(String(10), default=PLAYING)
    """playing, finished or abandoned."""
    seed: Mapped[str] = mapped_column(String(40))
    """The deal number the table was started with, in digits (a secret deal's has 39):
    the same one deals the same cards."""

    owner: Mapped[str | None] = mapped_column(String(64))
    """SHA-256 of the device key of the browser the table is played on (pass-and-play):
    only it sees the seat to act; other devices watch. None until a device opens it."""
    online: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Played online, each player through a secret link (`TableToken`): such a table is
    reached only through its tokens, never through the one-phone pages."""
    chosen_deal: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Whoever made the table chose its deal number (so they can know every card): an
    online table tells every seat so."""
    handovers: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    """Each time the host gave a seat to a computer player or back: [moves played by then,
    seat, its bot before, its bot after], oldest first (None: never, or kept before)."""

    game: Mapped[Game] = relationship()

    def bots_at(self, move: int) -> list[str | None]:
        """Who played each seat when move `move` (from 0) was made: its computer player,
        None for its person (`handovers` undone back to that move)."""
        bots = list(self.bots)
        for step, seat, before, _after in reversed(self.handovers or []):
            if step > move:
                bots[seat] = before
        return bots


class TableSnapshot(db.Model):  # type: ignore[name-defined,misc]
    """The full position of a table after `step` of its moves (every `SNAPSHOT_EVERY`
    moves), so a replay step starts near its step instead of at move 0. Server only."""

    __tablename__ = "table_snapshots"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    step: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    position: Mapped[dict[str, Any]] = mapped_column(JSON)


class TableToken(db.Model):  # type: ignore[name-defined,misc]
    """A secret link to an online table: a seat's, the host's or a spectator's.

    Only the SHA-256 digest of the token is kept (the token itself is shown once, when
    made); a reissued seat token replaces the row's digest, so the old one stops at once.
    """

    __tablename__ = "table_tokens"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(10))
    """seat, host or spectator."""
    seat: Mapped[int | None]
    """The seat a seat token acts for (None for the host and the spectator)."""
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    """SHA-256 of the token, in hex."""
    invitation: Mapped[str | None] = mapped_column(String(10))
    """For a seat: the email invitation's fate, sent, failed or none."""
    language: Mapped[str | None] = mapped_column(String(5))
    """For a seat invited by email: the language its last invitation was written in (a new
    link emailed again is offered in it), when the host chose one."""
    opened_at: Mapped[datetime | None]
    """When the link was first opened (a page or an API call)."""
    seen_at: Mapped[datetime | None]
    """When an event stream opened with this token last said it was alive."""
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Rating(db.Model):  # type: ignore[name-defined,misc]
    """A player's skill rating (openskill, Plackett-Luce), replayed from the won games."""

    __tablename__ = "ratings"

    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int]
    """How many rated games the rating rests on."""


class RatingState(db.Model):  # type: ignore[name-defined,misc]
    """How far the ratings have been brought: one row, id 1 (see services/ratings.py)."""

    __tablename__ = "rating_state"

    id: Mapped[int] = mapped_column(primary_key=True)
    through_at: Mapped[datetime | None]
    """The finish time of the last game rated (None: none yet)."""
    through_game: Mapped[str | None] = mapped_column(String(GAME_ID_LENGTH))
    """That game's id (games finished in the same instant are rated in id order)."""
    stale: Mapped[bool] = mapped_column(default=False, server_default=false())
    """An already rated game changed: the ratings are replayed from the start."""
    games: Mapped[int] = mapped_column(default=0, server_default="0")
    """Games rated so far."""


class RateCount(db.Model):  # type: ignore[name-defined,misc]
    """One rate limit's count in its current window (services/rate_store.py): wrong
    passwords, invitation mails, creations, counted here so every process shares them."""

    __tablename__ = "rate_counts"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    """SHA-256 of the limit's key (its scope, whose count, its window), in hex."""
    count: Mapped[int]
    """Hits in the current window."""
    expires_at: Mapped[float] = mapped_column(Float, index=True)
    """When the window ends, in seconds since the epoch (then the count starts again)."""


class PadShareLink(db.Model):  # type: ignore[name-defined,misc]
    """A secret link that shows a score pad game on another phone (issue 23).

    `watch` only reads the sheet; `keeper` may also enter, correct and take back rounds.
    Only the SHA-256 digest of the token is kept; revoking the link deletes its row.
    """

    __tablename__ = "pad_share_links"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(10))
    """watch or keeper."""
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    """SHA-256 of the token, in hex."""
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    opened_at: Mapped[datetime | None]
    """When a phone last opened the link's page."""


def held_by_a_person() -> ColumnElement[bool]:
    """Whether a `GameSeat` was a person's: no computer player at it, or a seat with a link
    of its own (a person whose seat the host handed to a computer player)."""
    linked = exists().where(
        TableToken.game_id == GameSeat.game_id,
        TableToken.seat == GameSeat.seat,
        TableToken.kind == "seat",
    )
    return or_(GameSeat.bot.is_(None), linked)
