"""The host's side of an online table's seats: who sits where and whether their link is
open, a new link for a seat, a seat handed to a computer player or back to a person (or,
when a computer was dealt in, to a newcomer named by the host).

Every use case here is the host's alone (`table_policy.check_host`), and a seat's new
link never shows the host a card only that seat may see (`HELD_SEAT`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select

from ..bots import BUILTIN
from ..engine import Position
from ..extensions import db
from ..models import PLAYING, Game, TableState, TableToken, utcnow
from . import live, roster, table_play
from . import players as player_book
from . import table_policy as policy
from . import table_store as store
from .errors import N_, Conflict, Invalid, NotFound
from .retry import retried
from .table_policy import SEAT, digest, new_token
from .transaction import transaction

ONLINE_WITHIN = timedelta(seconds=45)
"""A seat is online while its event stream said it was alive this recently (a stream
says so when it opens and with every heartbeat, every 15 seconds)."""
HELD_SEAT = N_(
    "%(name)s holds a drawn card not placed yet: wait until it is placed, then give the "
    "seat a new link."
)
HELD_BY_COMPUTER = N_(
    "The computer player in %(name)s's seat holds a drawn card not placed yet: wait until "
    "it is placed, then give the seat back."
)
PLAYED_BY_COMPUTER = N_(
    "A computer player plays this seat (%(name)s): give it to a person first, then make "
    "its new link."
)
PLAYED_FOR = N_(
    "A computer player plays %(name)s's seat now: give it back to %(name)s first, then make "
    "its new link."
)


@dataclass(frozen=True, slots=True)
class SeatStatus:
    """A seat as the host sees it: who sits there, whether its link was opened."""

    seat: int
    name: str
    bot: str | None
    opened: bool
    online: bool
    invitation: str | None
    linked: bool
    """Whether the seat has a link (a seat dealt to a computer player has none)."""
    language: str | None = None
    """The language its last email invitation was written in, when one was chosen."""


def _hosted(game_id: str, token: str | None) -> tuple[Game, TableState]:
    """The table `token` hosts (401 for no token, 403 for any other kind)."""
    actor = policy.by_token(game_id, token)
    policy.check_host(actor)
    return store.load(game_id)


def seats(game_id: str, token: str | None) -> tuple[SeatStatus, ...]:
    """Every seat as the host sees it: the name, the bot, whether its link was opened."""
    game, state = _hosted(game_id, token)
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
            seat.seat in rows,
            rows[seat.seat].language if seat.seat in rows else None,
        )
        for seat in game.seats
    )


def reissue(game_id: str, token: str | None, seat: object) -> str:
    """A new link for a seat (host only); the old one stops working at once, and its open
    event streams are closed.

    Refused (409) while a computer player plays the seat (a link is a person's), and
    while the seat holds a drawn card not placed yet: the new link would show the host
    that card (docs/table.md). The table's
    version moves on, so that a move made at the same moment cannot slip in between.
    """
    fresh, old = retried(lambda: _reissue(game_id, token, seat), clash=table_play.moved_meanwhile)
    if old is not None:
        live.revoke(game_id, old)  # again: a stream opened before the commit ends too
    return fresh


def may_reissue(game_id: str, token: str | None, seat: object) -> None:
    """Refuse what `reissue` would refuse now (before the host confirms it)."""
    _seat_to_reissue(game_id, token, seat)


def _seat_to_reissue(game_id: str, token: str | None, seat: object) -> tuple[Game, TableState, int]:
    """The table and the seat a new link may be made for (refused in words, else)."""
    game, state = _hosted(game_id, token)
    store.check_playing(state)  # a table that is over keeps every link it gave
    chosen = _seat_at(state, seat)
    position = store.position_of(state)
    if state.bots[chosen] is not None:  # a person's seat handed over has a link of its own
        said = PLAYED_FOR if _has_link(game_id, chosen) else PLAYED_BY_COMPUTER
        raise Conflict(said, name=_seat_name(game, chosen))
    _check_not_held(state, position, chosen, _seat_name(game, chosen))
    return game, state, chosen


def _seat_at(state: TableState, seat: object) -> int:
    """`seat`, when it is one of the table's (else 404, in words)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.bots):
        raise NotFound("There is no such seat at this table.", field="seat")
    return seat


@transaction
def _reissue(game_id: str, token: str | None, seat: object) -> tuple[str, str | None]:
    game, state, seat = _seat_to_reissue(game_id, token, seat)
    fresh = new_token()
    row = db.session.scalar(
        select(TableToken).where(
            TableToken.game_id == game_id, TableToken.kind == SEAT, TableToken.seat == seat
        )
    )
    old = None if row is None else row.digest
    policy.forget_tokens()
    if row is None:
        db.session.add(TableToken(game_id=game_id, kind=SEAT, seat=seat, digest=digest(fresh)))
    else:
        row.digest = digest(fresh)
        row.opened_at = None
        row.seen_at = None
    if old is not None:
        live.revoke_at_commit(game_id, old)
    # The table's version moves on from the one the seat was checked at: a move read
    # before this (by the old link, perhaps a draw the new link would show) is refused as
    # stale, and one that got there first makes this look again (`moved_meanwhile`), now
    # refused if the seat holds a card.
    game.updated_at = utcnow()
    store.flush()
    live.announce(game_id, game.version, closed=state.status != PLAYING)
    return fresh, old


def _check_not_held(
    state: TableState, position: Position, seat: int, name: str, held: str = HELD_SEAT
) -> None:
    """Refuse (409, saying `held`) while `seat`, a person or a computer thinking, holds a
    card drawn from the pile and not placed yet: only that seat may see it."""
    if state.status == PLAYING and policy.holds_secret_card(position, seat):
        raise Conflict(held, name=name)


def give_seat(
    game_id: str, token: str | None, seat: object, bot: str | None, name: object = None
) -> str | None:
    """Hand a seat to a computer player (`bot`), or back to its person (None); host only.
    A seat dealt to a computer has no person: it goes to the one `name`d, who takes its
    place in the game, with a link of their own: its token is returned (None for any
    other change). A move made at the same moment makes it look again (it carries no
    version)."""
    return retried(
        lambda: _give_seat(game_id, token, seat, bot, name), clash=table_play.moved_meanwhile
    )


@transaction
def _give_seat(
    game_id: str, token: str | None, seat: object, bot: str | None, name: object
) -> str | None:
    game, state = _hosted(game_id, token)
    store.check_playing(state)
    seat = _seat_at(state, seat)
    if bot is not None and bot not in BUILTIN:
        raise Invalid("There is no computer player %(bot)s.", field="bot", bot=repr(bot))
    fresh = None
    if bot is None and state.bots[seat] is not None and not _has_link(game_id, seat):
        _seat_newcomer(game, seat, name)
        fresh = new_token()
        db.session.add(TableToken(game_id=game_id, kind=SEAT, seat=seat, digest=digest(fresh)))
        policy.forget_tokens()
    elif bot is not None and state.bots[seat] not in (None, bot) and not _has_link(game_id, seat):
        raise Invalid(
            "%(name)s plays at its own level to the end of the game: give its seat to a "
            "person, or leave it.",
            field="bot",
            name=_seat_name(game, seat),
        )
    elif name is not None and name != "" and bot is not None:
        raise Invalid(
            "A name goes only with a person who takes a seat: a computer player has its own.",
            field="name",
        )
    elif name is not None and name != "":
        raise Invalid(
            "This seat goes back to its own person: a name is given only to a seat dealt "
            "to a computer player.",
            field="name",
        )
    bots = list(state.bots)
    bots[seat] = bot
    if all(b is not None for b in bots):
        raise Invalid("At least one seat needs a person.", field="seat")
    position = store.position_of(state)
    if bot is None:  # its link (a new one, shown to the host) would show the card
        held = HELD_SEAT if state.bots[seat] is None else HELD_BY_COMPUTER
        _check_not_held(state, position, seat, _seat_name(game, seat), held)
    if bots[seat] != state.bots[seat]:  # who plays the seat from the next move on
        handover = [len(state.moves), seat, state.bots[seat], bots[seat]]
        state.handovers = [*(state.handovers or []), handover]
    state.bots = bots
    for gs in game.seats:
        if gs.seat == seat:
            gs.bot = bot
    game.updated_at = utcnow()
    table_play.run_bots(game, state, position)
    store.flush()  # the new version
    live.announce(game_id, game.version, closed=state.status != PLAYING)
    return fresh


def _seat_newcomer(game: Game, seat: int, name: object) -> None:
    """Seat the person `name`d where a computer was dealt in: the seat's player becomes
    theirs (the address book's, added if new), checked as a new table's names are."""
    if name is None or (isinstance(name, str) and not name.strip()):
        raise Invalid("Give the name of the person who takes this seat.", field="name")
    others = [gs.player.name for gs in game.seats if gs.seat != seat]
    names = player_book.check_names([*others, name], maximum=len(game.seats))
    roster.check_seat_kinds([names[-1]], [None])
    newcomer = player_book.find_or_add([names[-1]])[0]
    for gs in game.seats:
        if gs.seat == seat:
            gs.player = newcomer


def _seat_name(game: Game, seat: int) -> str:
    """Who sits at `seat` now (a person who took a computer's seat, by their name)."""
    return next(gs.player.name for gs in game.seats if gs.seat == seat)


def _has_link(game_id: str, seat: int) -> bool:
    """Whether the seat has a link of its own: a person's seat (now or once)."""
    found = db.session.scalar(
        select(TableToken.id).where(
            TableToken.game_id == game_id, TableToken.kind == SEAT, TableToken.seat == seat
        )
    )
    return found is not None


def _alive(seen_at: datetime | None) -> bool:
    return seen_at is not None and utcnow() - seen_at < ONLINE_WITHIN
