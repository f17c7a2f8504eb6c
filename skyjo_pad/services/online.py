"""Online tables: every player on their own phone, reached through secret tokens.

A table played online is a digital table (`tables`) with tokens: one per person's seat,
one for the host, one for spectators. A token is 256 random bits shown once; only its
SHA-256 digest is kept, so the store never holds a usable link. A seat token acts for
its seat only, and only on its turn (or its own opening reveals); every answer is made
from the token's own view (a spectator's view for the host and spectators). A move is
played by the one use case of every table (`table_play`): after a person's move the
computer seats play at once, on the server; then the new version is announced to the
open event streams (`live`). Who a token is and what it may do: `table_policy`.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from ..engine import Rules
from ..extensions import db
from ..models import Game, TableState, TableToken, utcnow
from . import roster, table_play, table_thinkers, tables
from . import table_policy as policy
from . import table_store as store
from .errors import Conflict, Invalid, Unauthorized
from .retry import retried
from .table_policy import HOST as HOST  # the kinds of token, for the pages
from .table_policy import NO_TOKEN as NO_TOKEN
from .table_policy import SEAT, digest, new_token
from .table_policy import SPECTATOR as SPECTATOR
from .table_view import Screen, build
from .transaction import transaction

SENT, FAILED, NONE = "sent", "failed", "none"


@dataclass(frozen=True, slots=True)
class Invitee:
    """A seat asked for when creating a table: a person (with an optional email) or a bot."""

    name: str
    email: str | None = None
    bot: str | None = None
    language: str | None = None
    """The language of the person's email invitation (the reader's own when None)."""


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat of a table just made, with its token (shown this once) for a person."""

    seat: int
    name: str
    bot: str | None
    token: str | None
    email: str | None
    invitation: str | None
    language: str | None = None
    """The language of the seat's email invitation (the reader's own when None)."""


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


COMPUTERS_WAIT = 30.0
"""Seconds a move's answer waits for the searching computer players after it (seven
experts' turns of up to three searches of 0.9 s each take 19 s); past it, the answer
shows the table as it is then, and the event stream tells the rest."""
LIVE_COOKIE = "skyjo_live"
"""A link's page keeps its token, for its event stream, record and replay (where a browser
sends no header), in a cookie of this name and the link's `live_selector`: one cookie per
link, so that two links of one table opened in one browser each keep their own view."""
LIVE_SELECTOR = re.compile(r"[0-9a-f]{16}")


def live_selector(token: str) -> str:
    """A link's public name for its cookie (16 hex digits of its token's SHA-256, which
    tell nothing of the token), sent by its page as `?via=`."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


def live_cookie_name(selector: str) -> str | None:
    """The cookie a page's `?via=` names (None for anything else)."""
    return f"{LIVE_COOKIE}_{selector}" if LIVE_SELECTOR.fullmatch(selector) else None


def live_cookie_of(token: str) -> str:
    """The name of the cookie a link's page keeps its token in."""
    return f"{LIVE_COOKIE}_{live_selector(token)}"


def check(
    seats: Sequence[Invitee], rules: Mapping[str, Any] | None = None, seed: object = None
) -> list[Invitee]:
    """Everything `create` checks, with nothing written: the seats as they would be made
    (emails tidied), for the host to look over before the links are made."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise Invalid(tables.SEED_PROBLEM, "seed", max=tables.SEED_LARGEST)
    checked = [replace(s, email=roster.mailable_email(s.email)) for s in seats]
    tables.plan([tables.SeatChoice(s.name, s.bot) for s in checked], rules, seed)
    return checked


def create(
    seats: Sequence[Invitee],
    rules: Mapping[str, Any] | None = None,
    seed: object = None,
    invite: Callable[[NewSeat, str, str], str] | None = None,
) -> NewTable:
    """Start an online table; its tokens, shown this once. `invite(seat, host_name,
    game_id)` sends a seat's invitation and answers sent or failed (it never raises).

    One transaction: everything is checked before anything is written, and the table,
    its tokens and the computer seats' opening reveals are committed together (or not
    at all); the invitations go out after that commit.
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise Invalid(tables.SEED_PROBLEM, "seed", max=tables.SEED_LARGEST)
    seats = [replace(s, email=roster.mailable_email(s.email)) for s in seats]  # forms' too
    planned = tables.plan([tables.SeatChoice(s.name, s.bot) for s in seats], rules, seed)
    try:
        table, rows = retried(lambda: _store(planned, seats))
    except IntegrityError as error:
        raise Conflict("The table could not be saved just now: try again.") from error
    if invite is not None:
        table = _invite(table, rows, invite)
    return table


@transaction
def _store(planned: tables.Plan, seats: Sequence[Invitee]) -> tuple[NewTable, list[TableToken]]:
    """Write the table, its tokens and its computer seats' reveals; one commit."""
    game, state = tables.add(planned, online=True)
    db.session.flush()  # the game's id
    table_play.run_bots(game, state, store.position_of(state))  # computer seats turn up
    host, spectator = new_token(), new_token()
    db.session.add(TableToken(game_id=game.id, kind=HOST, digest=digest(host)))
    db.session.add(TableToken(game_id=game.id, kind=SPECTATOR, digest=digest(spectator)))
    made = []
    rows = []
    for place, (asked, seated) in enumerate(zip(seats, game.seats, strict=True)):
        if asked.bot is not None:
            made.append(NewSeat(place, seated.player.name, asked.bot, None, None, None))
            continue
        if asked.email is not None:
            seated.player.email = asked.email  # the address book keeps it for next time
        token = new_token()
        language = asked.language if asked.email is not None else None
        row = TableToken(
            game_id=game.id, kind=SEAT, seat=place, digest=digest(token), language=language
        )
        db.session.add(row)
        rows.append(row)
        made.append(NewSeat(place, seated.player.name, None, token, asked.email, NONE, language))
    return NewTable(game.id, host, spectator, tuple(made)), rows


@transaction
def _invite(
    table: NewTable, rows: list[TableToken], invite: Callable[[NewSeat, str, str], str]
) -> NewTable:
    """Send the seats' invitations (after the table is kept) and note how each went."""
    host_name = next((s.name for s in table.seats if s.bot is None), "")
    made = []
    for seat in table.seats:
        if seat.token is not None and seat.email is not None:
            seat = NewSeat(**{**_fields(seat), "invitation": invite(seat, host_name, table.id)})
        made.append(seat)
    _note_invitations(table.id, {row.seat: _invitation_of(made, row.seat) for row in rows})
    return NewTable(table.id, table.host_token, table.spectator_token, tuple(made))


def _invitation_of(seats: Sequence[NewSeat], seat: int | None) -> str | None:
    return next(s.invitation for s in seats if s.seat == seat)


@transaction
def _note_invitations(game_id: str, outcomes: Mapping[int | None, str | None]) -> None:
    """How each seat's invitation went as the table's answer says it ("sent" for one still
    on its way), where its sender has not recorded its final word first: a late sender's
    `record_invitation` may commit before this, and is never overwritten."""
    for seat, outcome in outcomes.items():
        db.session.execute(
            update(TableToken)
            .where(
                TableToken.game_id == game_id,
                TableToken.kind == SEAT,
                TableToken.seat == seat,
                TableToken.invitation.is_(None),
            )
            .values(invitation=outcome)
        )


@transaction
def record_invitation(game_id: str, seat: int, outcome: str, language: str | None) -> None:
    """The final outcome of a seat's email invitation (sent or failed), and its language."""
    row = db.session.scalar(
        select(TableToken).where(
            TableToken.game_id == game_id, TableToken.kind == SEAT, TableToken.seat == seat
        )
    )
    if row is not None:
        row.invitation, row.language = outcome, language


def rules_of(game_id: str) -> Rules:
    """The rules a table is played by (for its invitations)."""
    game, _state = store.load(game_id)
    return Rules.from_dict(game.rules)


def _fields(seat: NewSeat) -> dict[str, Any]:
    return {name: getattr(seat, name) for name in NewSeat.__slots__}


def identify(game_id: str, token: str | None) -> Access:
    """What `token` opens at `game_id`; 401 when it opens nothing there (nothing is
    written: see `opened`)."""
    actor = policy.by_token(game_id, token)
    return Access(game_id, actor.role, actor.seat)


def identify_host(game_id: str, token: str | None) -> None:
    """Refuse a token that is not the host's of `game_id` (401, 403), before the body of a
    host's request is read: a seat's link is told it may not, whatever it sent."""
    policy.check_host(policy.by_token(game_id, token))


def open_link(token: str) -> Access:
    """What a `/t/<token>` link opens (401 when it is unknown or was replaced)."""
    row = policy.token_row(token)
    if row is None:
        raise Unauthorized(NO_TOKEN)
    return Access(row.game_id, row.kind, row.seat)


def opened(game_id: str, token: str | None) -> None:
    """Note that `token`'s link was opened (the host's page shows it), the first time: a
    link opened before writes nothing (no transaction, no commit)."""
    if policy.unopened(game_id, token):
        _note_opened(game_id, token)


@transaction
def _note_opened(game_id: str, token: str | None) -> None:
    row = policy.token_row(token)
    if row is not None and row.game_id == game_id and row.opened_at is None:
        row.opened_at = utcnow()


def _table(game_id: str, token: str | None) -> tuple[Game, TableState, policy.Actor]:
    actor = policy.by_token(game_id, token)
    game, state = store.load(game_id)
    return game, state, actor


def check_playing(game_id: str, token: str | None) -> None:
    """Refuse, in words (409), what only a table still being played allows: its host's
    page left open from before it ended asks nothing of it."""
    store.check_playing(_table(game_id, token)[1])


def screen(game_id: str, token: str | None) -> Screen:
    """The table as `token` may see it now (a table that is over: its final state). A
    searching computer player to act with nobody at it is set thinking."""
    game, state, actor = _table(game_id, token)
    position = store.position_of(state)
    table_play.keep_thinking(game, state, position)
    return build(game, state, position, actor)


def mover(game_id: str, token: str | None) -> Access:
    """What `token` opens at `game_id`, when it may move there: 401 when it opens
    nothing, 403 when it is not a seat's (nothing is written)."""
    actor = policy.by_token(game_id, token)
    policy.check_may_move(actor)
    return Access(game_id, actor.role, actor.seat)


def play(
    game_id: str, token: str | None, move_data: object, version: object, wait: bool = True
) -> Screen:
    """A seat's move (JSON, as the notation reads it) on table `version`, then every
    computer seat's moves (`table_play.play`, the one use case of every table); with
    `wait`, a searching computer player's too (its thinker thread, up to
    `COMPUTERS_WAIT` seconds), else the answer comes at once and the event stream tells
    its move.

    Refused with nothing changed: 401 no token, 403 not a seat token or not this seat's
    turn, 400 not a move, 409 stale or over, 422 against the rules.
    """
    played = table_play.play(game_id, policy.Token(token), move_data, version)
    if wait and table_thinkers.wait_for(game_id, COMPUTERS_WAIT):
        return screen(game_id, token)
    return played


def record(game_id: str, token: str | None) -> dict[str, Any]:
    """The skyjo-record/1 once the game is over or abandoned (409 while it is played)."""
    game, state, _actor = _table(game_id, token)
    return tables.record_of(game, state)


def replay(game_id: str, token: str | None, step: int) -> tables.ReplayStep:
    """The table after its first `step` moves, as a spectator saw it (any of its tokens)."""
    _game, state, _actor = _table(game_id, token)
    return tables.replay_of(state, step)


def last_round_end(game_id: str, token: str | None) -> tables.ReplayStep | None:
    """The table as its latest round ended (every card face up: all public), for a phone
    that never showed that round's scores because another phone dealt the next one
    first; None before a round has ended (any of its tokens)."""
    _game, state, _actor = _table(game_id, token)
    deals = [step for step, move in enumerate(state.moves) if move.get("action") == "deal"]
    return tables.replay_of(state, deals[-1]) if deals else None


def abandon(game_id: str, token: str | None) -> None:
    """Stop the table for good (host only); it stays in the history."""
    table_play.abandon(game_id, policy.Token(token))
