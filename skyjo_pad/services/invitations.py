"""An online seat's new link, emailed again to the address its invitation went to.

The host of an online table gives a seat a new link (`online.reissue`) when the old one
was lost or leaked; a seat first invited by email can get the new one by email too, in
the language the host picks, under the same limits as the first invitation (the mailer's).
The address is never shown: it is the one the address book keeps for the seat's player.
"""

from __future__ import annotations

from collections.abc import Callable

from . import online, roster
from . import table_store as store
from .errors import Invalid

Invite = Callable[[online.NewSeat, str, str], str]
"""Sends one seat's invitation: (seat, the host's name, the game's id) → sent or failed."""


def can_email_again(game_id: str, token: str | None, seat: int) -> bool:
    """Whether the seat's invitation went by email, so its new link can go the same way
    (host only)."""
    return _address(game_id, token, seat) is not None


def email_again(game_id: str, token: str | None, seat: int, fresh: str, invite: Invite) -> str:
    """Email the seat's new link `fresh` to the address of its first invitation; its
    outcome (sent or failed) is kept for the host's page and returned. Refused (400) when
    the seat was never invited by email."""
    found = _address(game_id, token, seat)
    if found is None:
        raise Invalid("This seat was not invited by email.", field="seat")
    name, email, host_name = found
    outcome = invite(online.NewSeat(seat, name, None, fresh, email, None), host_name, game_id)
    online.record_invitation(game_id, seat, outcome)
    return outcome


def _address(game_id: str, token: str | None, seat: int) -> tuple[str, str, str] | None:
    """The seat's name, its invitation's address and the host's name (the first person
    seated, as the first invitation said), when its invitation went by email."""
    seats = online.seats(game_id, token)  # the host's view: refused to anyone else
    if not 0 <= seat < len(seats) or seats[seat].invitation not in (online.SENT, online.FAILED):
        return None
    game, _state = store.load(game_id)
    try:
        player = next(gs.player for gs in game.seats if gs.seat == seat)
        email = roster.mailable_email(player.email)
    except Invalid:  # an address the mailer would not send to (changed since)
        return None
    if email is None:
        return None
    host_name = next((s.name for s in seats if s.bot is None), "")
    return seats[seat].name, email, host_name
