"""An online seat's new link, emailed again to the address its invitation went to.

The host of an online table gives a seat a new link (`online_seats.reissue`) when the old one
was lost or leaked; a seat first invited by email can get the new one by email too, in
the language the host picks, under the same limits as the first invitation (the mailer's).
The address is never shown: it is the one the address book keeps for the seat's player.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import online, online_seats, roster
from . import table_store as store
from .errors import Invalid

Invite = Callable[[online.NewSeat, str, str], str]
"""Sends one seat's invitation: (seat, the host's name, the game's id) → sent or failed."""


@dataclass(frozen=True, slots=True)
class Emailed:
    """A seat whose invitation went by email: where and how it went."""

    name: str
    email: str
    host_name: str
    """The first person seated, as the first invitation said."""
    language: str | None
    """The language its last invitation was written in, when one was chosen."""


def emailed(game_id: str, token: str | None, seat: int) -> Emailed | None:
    """The seat's email invitation, when it went by email, so its new link can go the same
    way (host only)."""
    seats = online_seats.seats(game_id, token)  # the host's view: refused to anyone else
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
    return Emailed(seats[seat].name, email, host_name, seats[seat].language)


def email_again(
    game_id: str, token: str | None, seat: int, fresh: str, invite: Invite, language: str | None
) -> str:
    """Email the seat's new link `fresh` to the address of its first invitation, in
    `language` (the reader's own when None); its outcome (sent or failed) is kept for the
    host's page and returned. Refused (400) when the seat was never invited by email."""
    found = emailed(game_id, token, seat)
    if found is None:
        raise Invalid("This seat was not invited by email.", field="seat")
    new_seat = online.NewSeat(seat, found.name, None, fresh, found.email, None, language)
    outcome = invite(new_seat, found.host_name, game_id)
    online.record_invitation(game_id, seat, outcome, language)
    return outcome
