"""Online tables: every player on their own phone, reached through secret tokens.

A table played online is a digital table (`tables`) with tokens: one per person's seat,
one for the host, one for spectators. A token is 256 random bits shown once; only its
SHA-256 digest is kept, so the store never holds a usable link. A seat token acts for
its seat only, and only on its turn (or its own opening reveals); every answer is made
from the token's own view (a spectator's view for the host and spectators). After a
person's move the computer seats play at once, on the server; then the new version is
announced to the open event streams (`live`).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select

from ..bots import BUILTIN, BotError, ask
from ..engine import (
    Deal,
    EndedRound,
    Move,
    NotationError,
    Phase,
    Position,
    Reveal,
    Rules,
    View,
    ended_round,
    game_winners,
    legal_moves,
    move_from_json,
    view,
)
from ..extensions import db
from ..models import PLAYING, Game, TableState, TableToken, utcnow
from . import live, roster, tables
from .errors import N_, Conflict, Forbidden, Invalid, Malformed, Unauthorized
from .transaction import transaction

SEAT, HOST, SPECTATOR = "seat", "host", "spectator"
SENT, FAILED, NONE = "sent", "failed", "none"
NO_TOKEN = N_(
    "This table is reached through its secret link: this one is missing or no longer works."
)
NOT_A_SEAT = N_("Only a player's own link can make a move at this table.")
BOT_STEPS_MAX = 5_000
ONLINE_WITHIN = timedelta(seconds=45)
"""A seat is online while its event stream said it was alive this recently (a stream
says so when it opens and with every heartbeat, every 15 seconds)."""


@dataclass(frozen=True, slots=True)
class Invitee:
    """A seat asked for when creating a table: a person (with an optional email) or a bot."""

    name: str
    email: str | None = None
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat of a table just made, with its token (shown this once) for a person."""

    seat: int
    name: str
    bot: str | None
    token: str | None
    email: str | None
    invitation: str | None


@dataclass(frozen=True, slots=True)
class NewTable:
    """A table just made: its id and every token, shown this once."""

    id: str
    host_token: str
    spectator_token: str
    seats: tuple[NewSeat, ...]


@dataclass(frozen=True, slots=True)
class Access:
    """What a token opens: its table, its kind and (for a seat token) its seat."""

    game_id: str
    kind: str
    seat: int | None


@dataclass(frozen=True, slots=True)
class SeatStatus:
    """A seat as the host sees it: who sits there, whether its link was opened."""

    seat: int
    name: str
    bot: str | None
    opened: bool
    online: bool
    invitation: str | None


@dataclass(frozen=True, slots=True)
class OnlineScreen:
    """One token's answer: made of its own view and the engine's public reasons only."""

    id: str
    version: int
    status: str
    kind: str
    seat: int | None
    actor: int | None
    seen: View
    moves: tuple[Move, ...]
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    ended: EndedRound | None
    winners: tuple[int, ...]
    game_over: bool
    log: tuple[Any, ...]


def new_token() -> str:
    """A fresh secret token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    """What the store keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def parse_seats(data: object) -> list[Invitee]:
    """The `seats` of a create request: `{"name", "email"?}` or `{"bot"}` objects."""
    if not isinstance(data, list) or not data:
        raise Malformed('seats must be a list of seats: {"name": …, "email": …} or {"bot": …}.')
    seats = []
    for item in data:
        if not isinstance(item, dict) or not set(item) <= {"name", "email", "bot"}:
            raise Malformed('Each seat is {"name": …, "email": …} or {"bot": "hard"}.')
        name, email, bot = item.get("name"), item.get("email"), item.get("bot")
        if bot is not None:
            if not isinstance(bot, str) or email is not None:
                raise Malformed('A computer seat is {"bot": "easy"}, "medium" or "hard".')
            if name is not None and not isinstance(name, str):
                raise Malformed("A seat's name is text.")
            seats.append(Invitee(name or f"{bot.capitalize()} bot", bot=bot))
            continue
        if not isinstance(name, str):
            raise Malformed("A person's seat needs a name (text).")
        if email is not None and not isinstance(email, str):
            raise Malformed("An email address is text.")
        seats.append(Invitee(name, email=roster.clean_email(email)))
    return seats


def create(
    seats: Sequence[Invitee],
    rules: Mapping[str, Any] | None = None,
    seed: object = None,
    invite: Callable[[NewSeat, str, str], str] | None = None,
) -> NewTable:
    """Start an online table; its tokens, shown this once. `invite(seat, host_name,
    game_id)` sends a seat's invitation and answers sent or failed (it never raises)."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise Invalid(tables.SEED_PROBLEM, "seed", digits=tables.SEED_DIGITS)
    choices = [tables.SeatChoice(s.name, s.bot) for s in seats]
    game_id = tables.create(choices, rules, seed)
    return _add_tokens(game_id, seats, invite)


@transaction
def _add_tokens(
    game_id: str, seats: Sequence[Invitee], invite: Callable[[NewSeat, str, str], str] | None
) -> NewTable:
    game, state = tables.load(game_id)
    _play_bots(game, state, tables.position_of(state))  # computer seats turn up their cards
    host, spectator = new_token(), new_token()
    db.session.add(TableToken(game_id=game_id, kind=HOST, digest=digest(host)))
    db.session.add(TableToken(game_id=game_id, kind=SPECTATOR, digest=digest(spectator)))
    made = []
    rows = []
    for place, (asked, seated) in enumerate(zip(seats, game.seats, strict=True)):
        if asked.bot is not None:
            made.append(NewSeat(place, seated.player.name, asked.bot, None, None, None))
            continue
        if asked.email is not None:
            seated.player.email = asked.email  # the address book keeps it for next time
        token = new_token()
        row = TableToken(game_id=game_id, kind=SEAT, seat=place, digest=digest(token))
        db.session.add(row)
        rows.append(row)
        made.append(NewSeat(place, seated.player.name, None, token, asked.email, NONE))
    db.session.commit()
    if invite is not None:
        host_name = next((s.name for s in made if s.bot is None), "")
        done = []
        for seat in made:
            if seat.token is not None and seat.email is not None:
                seat = NewSeat(**{**_fields(seat), "invitation": invite(seat, host_name, game_id)})
            done.append(seat)
        made = done
        for row in rows:
            row.invitation = next(s.invitation for s in made if s.seat == row.seat)
    return NewTable(game_id, host, spectator, tuple(made))


def record_invitation(game_id: str, seat: int, outcome: str) -> None:
    """The final outcome of a seat's email invitation (sent or failed)."""
    row = db.session.scalar(
        select(TableToken).where(
            TableToken.game_id == game_id, TableToken.kind == SEAT, TableToken.seat == seat
        )
    )
    if row is not None:
        row.invitation = outcome
        db.session.commit()


def rules_of(game_id: str) -> Rules:
    """The rules a table is played by (for its invitations)."""
    game, _state = tables.load(game_id)
    return Rules.from_dict(game.rules)


def _fields(seat: NewSeat) -> dict[str, Any]:
    return {name: getattr(seat, name) for name in NewSeat.__slots__}


def identify(game_id: str, token: str | None) -> Access:
    """What `token` opens at `game_id`; 401 when it opens nothing there."""
    row = _token_row(token)
    if row is None or row.game_id != game_id:
        raise Unauthorized(NO_TOKEN)
    if row.opened_at is None:
        row.opened_at = utcnow()
        db.session.commit()
    return Access(row.game_id, row.kind, row.seat)


def open_link(token: str) -> Access:
    """What a `/t/<token>` link opens (401 when it is unknown or was replaced)."""
    row = _token_row(token)
    if row is None:
        raise Unauthorized(NO_TOKEN)
    return identify(row.game_id, token)


def _token_row(token: str | None) -> TableToken | None:
    if not token or len(token) > 200:
        return None
    found: TableToken | None = db.session.scalar(
        select(TableToken).where(TableToken.digest == digest(token))
    )
    return found


def screen(game_id: str, token: str | None) -> OnlineScreen:
    """The table as `token` may see it now."""
    access = identify(game_id, token)
    game, state = tables.load(game_id)
    return _screen(game, state, access)


@transaction
def play(game_id: str, token: str | None, body: object) -> OnlineScreen:
    """A seat's move `{"version": n, "move": {...}}`, then every computer seat's moves.

    Refused with nothing changed: 401 no token, 403 not a seat token or not this seat's
    turn, 400 not a move, 409 stale or over, 422 against the rules.
    """
    access = identify(game_id, token)
    if access.kind != SEAT or access.seat is None:
        raise Forbidden(NOT_A_SEAT)
    if not isinstance(body, dict) or set(body) != {"version", "move"}:
        raise Malformed('Send {"version": n, "move": {...}}.')
    game, state = tables.load(game_id)
    tables.check_playing(state)
    tables.check_version(game, body["version"])
    try:
        move = move_from_json(body["move"])
    except NotationError as error:
        raise Malformed(str(error)) from error
    if isinstance(move, Deal) and move.deck is not None:
        raise Invalid("A table deals the next round from its own shuffle.")
    position = tables.position_of(state)
    if state.bots[access.seat] is not None:
        raise Forbidden("A computer player sits at this seat now.")
    _check_turn(position, move, access.seat)
    played = tables.apply_move(position, move)
    tables.record_move(game, state, position, move, played)
    _play_bots(game, state, played.position)
    tables.commit()
    live.announce(game_id, game.version, closed=game.finished)
    return _screen(game, state, access)


def _check_turn(position: Position, move: Move, seat: int) -> None:
    names = position.players
    if isinstance(move, Reveal):
        if move.seat != seat:
            if 0 <= move.seat < len(names):
                raise Forbidden(
                    "Only %(name)s may turn up %(name)s's cards.", name=names[move.seat]
                )
            raise Forbidden("You may turn up only your own cards.")
        return
    acting = acting_seat(position)
    if acting is not None and acting != seat and not isinstance(move, Deal):
        raise Forbidden("It is %(name)s's turn, not yours.", name=names[acting])


def acting_seat(position: Position) -> int | None:
    """The seat to act now: None during the opening reveals, between rounds and at the end."""
    if position.phase in (Phase.TURN, Phase.FINAL_TURNS):
        return position.current
    return None


def _play_bots(game: Game, state: TableState, position: Position) -> Position:
    """Every computer seat's moves until a person must act (reveals, then turns)."""
    for _ in range(BOT_STEPS_MAX):
        seat = _bot_to_move(state, position)
        if seat is None:
            break
        try:
            move = ask(tables.bot_of(state, seat), position, seat)
        except BotError as error:
            raise Conflict(
                "The computer player could not move: %(problem)s", problem=str(error)
            ) from error
        played = tables.apply_move(position, move)
        tables.record_move(game, state, position, move, played)
        position = played.position
    return position


def _bot_to_move(state: TableState, position: Position) -> int | None:
    if position.phase is Phase.REVEAL:
        return next(
            (s for s, bot in enumerate(state.bots) if bot and legal_moves(position, s)), None
        )
    seat = acting_seat(position)
    return seat if seat is not None and state.bots[seat] is not None else None


def _screen(game: Game, state: TableState, access: Access) -> OnlineScreen:
    position = tables.position_of(state)
    seat = access.seat if access.kind == SEAT else None
    moves: tuple[Move, ...] = ()
    if state.status == PLAYING and seat is not None and state.bots[seat] is None:
        if position.phase is Phase.ROUND_OVER:
            moves = (Deal(),)
        elif position.phase is Phase.REVEAL or acting_seat(position) == seat:
            moves = tuple(legal_moves(position, seat))
    return OnlineScreen(
        id=game.id,
        version=game.version,
        status=state.status,
        kind=access.kind,
        seat=seat,
        actor=acting_seat(position),
        seen=view(position, seat),
        moves=moves,
        names=tuple(s.player.name for s in game.seats),
        bots=tuple(state.bots),
        ended=ended_round(position),
        winners=game_winners(position),
        game_over=position.phase is Phase.GAME_OVER,
        log=tuple(state.log),
    )


def record(game_id: str, token: str | None) -> dict[str, Any]:
    """The skyjo-record/1 once the game is over or abandoned (409 while it is played)."""
    identify(game_id, token)
    return tables.record(game_id)


def _host(game_id: str, token: str | None) -> None:
    if identify(game_id, token).kind != HOST:
        raise Forbidden("Only the host's link manages the table.")


def seats(game_id: str, token: str | None) -> tuple[SeatStatus, ...]:
    """Every seat as the host sees it: the name, the bot, whether its link was opened."""
    _host(game_id, token)
    game, state = tables.load(game_id)
    rows = {
        row.seat: row
        for row in db.session.scalars(
            select(TableToken).where(TableToken.game_id == game_id, TableToken.kind == SEAT)
        )
    }
    return tuple(
        SeatStatus(
            seat.seat,
            seat.player.name,
            state.bots[seat.seat],
            seat.seat in rows and rows[seat.seat].opened_at is not None,
            seat.seat in rows and _alive(rows[seat.seat].seen_at),
            rows[seat.seat].invitation if seat.seat in rows else None,
        )
        for seat in game.seats
    )


@transaction
def reissue(game_id: str, token: str | None, seat: object) -> str:
    """A new link for a person's seat (host only); the old one stops working at once."""
    _host(game_id, token)
    _game, state = tables.load(game_id)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.bots):
        raise Invalid("There is no such seat at this table.", field="seat")
    fresh = new_token()
    row = db.session.scalar(
        select(TableToken).where(
            TableToken.game_id == game_id, TableToken.kind == SEAT, TableToken.seat == seat
        )
    )
    if row is None:
        db.session.add(TableToken(game_id=game_id, kind=SEAT, seat=seat, digest=digest(fresh)))
    else:
        replaced = row.digest
        row.digest = digest(fresh)
        row.opened_at = None
        db.session.commit()
        live.revoke(game_id, replaced)  # its open streams end too
    return fresh


@transaction
def give_seat(game_id: str, token: str | None, seat: object, bot: str | None) -> None:
    """Hand a seat to a computer player (`bot`), or back to its person (None); host only."""
    _host(game_id, token)
    game, state = tables.load(game_id)
    tables.check_playing(state)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.bots):
        raise Invalid("There is no such seat at this table.", field="seat")
    if bot is not None and bot not in BUILTIN:
        raise Invalid("There is no computer player %(bot)s.", field="bot", bot=repr(bot))
    bots = list(state.bots)
    bots[seat] = bot
    if all(b is not None for b in bots):
        raise Invalid("At least one seat needs a person.", field="seat")
    state.bots = bots
    for gs in game.seats:
        if gs.seat == seat:
            gs.bot = bot
    game.updated_at = utcnow()
    _play_bots(game, state, tables.position_of(state))
    tables.commit()
    live.announce(game_id, game.version, closed=game.finished)


def abandon(game_id: str, token: str | None) -> None:
    """Stop the table for good (host only); it stays in the history."""
    _host(game_id, token)
    tables.abandon(game_id)
    game, _state = tables.load(game_id)
    live.announce(game_id, game.version, closed=game.finished)


def _alive(seen_at: datetime | None) -> bool:
    return seen_at is not None and utcnow() - seen_at < ONLINE_WITHIN


def touch(game_id: str, token: str | None) -> None:
    """An event stream opened with `token` is alive (the host page shows it as online)."""
    row = _token_row(token)
    if row is not None and row.game_id == game_id:
        row.seen_at = utcnow()
        db.session.commit()


def version(game_id: str, token: str | None) -> int:
    """The table's version now (what an event stream starts from)."""
    identify(game_id, token)
    game, _state = tables.load(game_id)
    return int(game.version)


def let_go() -> None:
    """Give back this thread's database connection (an event stream waits without one)."""
    db.session.remove()
