"""Who is at a table, and what they may see and do: one policy for every table.

A one-phone table is played on one device (the digest of its `device_key` cookie in
`TableState.owner`); any other device only watches. An online table is reached only
through its secret tokens: a seat's (acts for its seat, sees its own cards), the host's
and the spectators' (see what a spectator sees, move nothing). A device never reaches an
online table: to it, such a table does not exist.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from sqlalchemy import bindparam, select

from ..engine import Deal, HeldFrom, Move, Phase, Position, Reveal, legal_moves, mover
from ..extensions import db
from ..models import PLAYING, Game, TableState, TableToken
from .errors import N_, Forbidden, Invalid, NotFound, Unauthorized
from .table_store import NO_TABLE

OWNER, WATCHER = "owner", "watcher"
"""A device: the one a one-phone table is played on, or another one."""
SEAT, HOST, SPECTATOR = "seat", "host", "spectator"
"""The kinds of token of an online table."""
ELSEWHERE = N_("This table is played on another phone: this one can only watch.")
NO_TOKEN = N_(
    "This table is reached through its secret link: this one is missing or no longer works."
)
NOT_A_SEAT = N_("Only a player's own link can make a move at this table.")
TOKEN_MAX = 200
TOKENS_SEEN = "skyjo_tokens_seen"
"""Where a database session keeps the tokens it looked up (`by_token`)."""
TABLES_LOADED = "skyjo_tables_loaded"
"""Where it holds the tables loaded with them, for the rest of the session."""


@dataclass(frozen=True, slots=True)
class Device:
    """A browser's device key (None: the server's own caller, who plays any table)."""

    key: str | None


@dataclass(frozen=True, slots=True)
class Token:
    """A secret link's token, as sent (None when none was)."""

    value: str | None


Credential = Device | Token


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is at the table: `role` (owner, watcher, seat, host, spectator), the seat a
    seat token acts for, and the digest of the token it came with."""

    role: str
    seat: int | None = None
    digest: str | None = None

    @property
    def moves_cards(self) -> bool:
        """Whether this actor may make moves at all (the one-phone owner, a seat)."""
        return self.role in (OWNER, SEAT)


def new_token() -> str:
    """A fresh secret token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def digest(secret: str) -> str:
    """What the store keeps of a token or a device key: its SHA-256, in hex."""
    return hashlib.sha256(secret.encode()).hexdigest()


def token_row(token: str | None) -> TableToken | None:
    """The stored token `token` opens, if any (nothing is written)."""
    if not token or len(token) > TOKEN_MAX:
        return None
    found: TableToken | None = db.session.scalar(
        select(TableToken).where(TableToken.digest == digest(token))
    )
    return found


def by_token(game_id: str, token: str | None) -> Actor:
    """The actor a token makes at `game_id`; 401 when it opens nothing there.

    Looked up once per database session (one request: the route, the service and the
    use case each ask); a session that changes a token forgets what it looked up."""
    key, found = _looked_up(token)
    if found is None and key and not _table_exists(game_id):
        raise NotFound(NO_TABLE)  # a link of a table deleted since: said so, not "replaced"
    if found is None or found.game_id != game_id:
        raise Unauthorized(NO_TOKEN)
    return Actor(found.kind, found.seat, key)


def _table_exists(game_id: str) -> bool:
    """Whether a table of this id is kept (asked only of a token that opens nothing)."""
    return db.session.get(TableState, game_id) is not None


def unopened(game_id: str, token: str | None) -> bool:
    """Whether `token` opens `game_id` and its link was never opened (as `by_token`, at
    most one query a session)."""
    found = _looked_up(token)[1]
    return found is not None and found.game_id == game_id and not found.opened


class Opens(NamedTuple):
    """What a token opens, as a session looked it up."""

    game_id: str
    kind: str
    seat: int | None
    opened: bool
    """Whether its link was opened before."""


def _looked_up(token: str | None) -> tuple[str, Opens | None]:
    """The token's digest and what it opens, or None; looked up once per database
    session."""
    known: dict[str, Opens | None] = db.session.info.setdefault(TOKENS_SEEN, {})
    key = digest(token) if token and len(token) <= TOKEN_MAX else ""
    if key not in known:
        row = _token_and_table(key) if key else None
        known[key] = (
            None
            if row is None
            else Opens(row.game_id, row.kind, row.seat, row.opened_at is not None)
        )
        if row is not None:  # its game and state held: see `_token_and_table`
            db.session.info.setdefault(TABLES_LOADED, []).append(row)
    return key, known[key]


TOKEN_AND_TABLE = (
    select(
        TableToken.game_id,
        TableToken.kind,
        TableToken.seat,
        TableToken.opened_at,
        Game,
        TableState,
    )
    .join(Game, Game.id == TableToken.game_id)
    .join(TableState, TableState.game_id == TableToken.game_id)
    .where(TableToken.digest == bindparam("digest"))
)
"""Built once: a statement's cache key is worked out once per statement object."""


def _token_and_table(key: str) -> Any:
    """The token's four columns, with its table's game and state loaded into the session
    on the way (one query: the use case that asks next for the table finds them there,
    as long as they are held: the session's identity map keeps only weak references)."""
    return db.session.execute(TOKEN_AND_TABLE, {"digest": key}).first()


def forget_tokens() -> None:
    """Forget the tokens this session looked up (it is about to change one)."""
    db.session.info.pop(TOKENS_SEEN, None)
    db.session.info.pop(TABLES_LOADED, None)


def identify(game_id: str, state: TableState, credential: Credential) -> Actor:
    """Who `credential` makes at this table. A device at an online table: 404, as if it
    did not exist; a token: 401 when it is not one of this table's."""
    if isinstance(credential, Token):
        return by_token(game_id, credential.value)
    if state.online:
        raise NotFound(NO_TABLE)
    if credential.key is None:
        return Actor(OWNER)
    mine = state.owner is not None and hmac.compare_digest(state.owner, digest(credential.key))
    return Actor(OWNER if mine else WATCHER)


def claimable(state: TableState, credential: Credential) -> bool:
    """Whether a device may become the owner of this table: only a one-phone table being
    played that has no owner yet (one kept from before owners were), never an online one."""
    return (
        isinstance(credential, Device)
        and credential.key is not None
        and not state.online
        and state.owner is None
        and state.status == PLAYING
    )


def check_may_move(actor: Actor) -> None:
    """Refuse a move from whoever may make none (403)."""
    if actor.role == WATCHER:
        raise Forbidden(ELSEWHERE)
    if not actor.moves_cards:
        raise Forbidden(NOT_A_SEAT)


def check_owner(actor: Actor) -> None:
    """Refuse what only the device a one-phone table is played on may do (403)."""
    if actor.role != OWNER:
        raise Forbidden(ELSEWHERE)


def check_host(actor: Actor) -> None:
    """Refuse what only the host's link may do (403)."""
    if actor.role != HOST:
        raise Forbidden("Only the host's link manages the table.")


def check_move(actor: Actor, bots: Sequence[str | None], position: Position, move: Move) -> None:
    """Refuse a move that is not this actor's to make (before the engine is asked)."""
    names = position.players
    seats = range(len(names))
    if actor.role == SEAT:
        assert actor.seat is not None
        if bots[actor.seat] is not None:
            raise Forbidden("A computer player sits at this seat now.")
        if isinstance(move, Reveal):
            if move.seat != actor.seat:
                if move.seat in seats:
                    raise Forbidden(
                        "Only %(name)s may turn up %(name)s's cards.", name=names[move.seat]
                    )
                raise Forbidden("You may turn up only your own cards.")
            return
        acting = acting_seat(position)
        if acting is not None and acting != actor.seat:
            raise Forbidden("It is %(name)s's turn, not yours.", name=names[acting])
        return
    seat = mover(position, move)
    if seat is None or seat not in seats:
        return  # a deal, or a seat that is not there: the engine says why
    if bots[seat] is not None:
        raise Invalid("That is for %(name)s to do: the computer plays it.", name=names[seat])
    acting = actor_of(position)
    if acting is not None and seat != acting:  # a reveal of another's card
        raise Forbidden("Only %(name)s may turn up %(name)s's cards.", name=names[seat])


def actor_of(position: Position) -> int | None:
    """The seat that acts now (None once the round or the game is over)."""
    if position.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        return None
    return position.current


def acting_seat(position: Position) -> int | None:
    """The seat whose turn it is: None during the opening reveals (online, every seat
    turns up its own at once), between rounds and at the end."""
    if position.phase in (Phase.TURN, Phase.FINAL_TURNS):
        return position.current
    return None


def holder(position: Position, bots: Sequence[str | None]) -> int:
    """The seat a one-phone table's screen shows: the person to act, else the person who
    acted last.

    Going back in turn order from the seat to act (once a round is over, from the seat
    that played its last turn, the one before the closer), the first person found is the
    one holding the phone. Only that seat's view leaves the server.
    """
    people = [seat for seat, bot in enumerate(bots) if bot is None]
    acting = actor_of(position)
    if acting is not None and bots[acting] is None:
        return acting
    seats = len(bots)
    last = None if position.closer is None else (position.closer - 1) % seats
    start = next((s for s in (acting, last, position.current) if s is not None), 0)
    for back in range(seats):
        seat = (start - back) % seats
        if bots[seat] is None:
            return seat
    return people[0] if people else 0


def shown_seat(actor: Actor, position: Position, bots: Sequence[str | None]) -> int | None:
    """The seat whose grid the screen shows as its own (None: the host's or a spectator's)."""
    if actor.role in (OWNER, WATCHER):
        return holder(position, bots)
    return actor.seat if actor.role == SEAT else None


def viewer(actor: Actor, position: Position, bots: Sequence[str | None]) -> int | None:
    """Whose view this actor gets: its seat's, or a spectator's (None). A seat a computer
    plays now is seen as a spectator sees it: the card the computer drew is its own."""
    seat = shown_seat(actor, position, bots) if actor.moves_cards else None
    return seat if seat is not None and bots[seat] is None else None


class Seating(Protocol):
    """What `offered` reads of a table: its status and its computer seats."""

    @property
    def status(self) -> str:
        """playing, finished or abandoned."""

    @property
    def bots(self) -> Sequence[str | None]:
        """The computer player of each seat, None for a person."""


def offered(actor: Actor, state: Seating, position: Position) -> tuple[tuple[Move, ...], bool]:
    """The moves the screen offers this actor now, and whether it may deal the next round."""
    if state.status != PLAYING or not actor.moves_cards:
        return (), False
    bots = state.bots
    if actor.role == OWNER:
        you = holder(position, bots)
        mine = actor_of(position) == you
        return (
            tuple(legal_moves(position, you)) if mine else (),
            position.phase is Phase.ROUND_OVER,
        )
    seat = actor.seat
    assert seat is not None
    if bots[seat] is not None:
        return (), False
    if position.phase is Phase.ROUND_OVER:
        return (Deal(),), True
    if position.phase is Phase.REVEAL or acting_seat(position) == seat:
        return tuple(legal_moves(position, seat)), False
    return (), False


def holds_secret_card(position: Position, seat: int) -> bool:
    """Whether `seat` holds a card drawn from the pile and not placed yet (only it knows)."""
    held = position.held
    return (
        held is not None
        and held.source is HeldFrom.DRAW
        and position.current == seat
        and position.phase in (Phase.TURN, Phase.FINAL_TURNS)
    )


def may_replay(actor: Actor, state: TableState) -> None:
    """Refuse a replay of a table being played to a device it is not played on (a token
    of the table may: the replay shows what a spectator saw)."""
    if state.status == PLAYING and actor.role == WATCHER:
        raise Forbidden(ELSEWHERE)
