"""An online table's answer, as JSON: the contract of API.md plus what the page draws.

Made from the one screen type of every table (`services.table_view.Screen`), which
holds the token's own view (a spectator's view for the host and spectators), the public
events and the engine's reasons only. The page (static/table.js) reads the same answer
as the one-phone table's play screen: `you`, `watching`, `info`, `log`, `tallies`,
`can_deal`.
"""

from __future__ import annotations

from typing import Any

from ..engine import Card, Phase, Rules, move_to_json, view_to_json
from ..i18n import current, ngettext
from ..i18n import gettext as _
from ..services.online import NONE as NO_INVITATION
from ..services.online import NewTable
from ..services.online_seats import SeatStatus
from ..services.table_view import Screen
from . import table_words
from .table_screen import LOG_SHOWN, summary, tallies

TURNS = (Phase.TURN, Phase.FINAL_TURNS)
Event = dict[str, Any] | str
"""A public event of a table's log (words, for a table kept before events were)."""
WORDS_KEPT = 16384
"""Events kept in words (per language and table) by this process."""
_WORDS: dict[tuple[str, tuple[str, ...], Rules, str], str] = {}


def online_json(screen: Screen) -> dict[str, Any]:
    """The answer of `GET /api/tables/<id>` for one token."""
    seen = screen.seen
    language, players = current(), tuple(seen.players)
    log = [_told(language, players, seen.rules, event) for event in screen.log[-LOG_SHOWN:]]
    watching = screen.seat is None
    return {
        "id": screen.id,
        "version": screen.version,
        "status": screen.status,
        "seat": screen.seat,
        "actor": seen.current if seen.phase in TURNS and screen.actor is not None else None,
        "view": view_to_json(seen),
        "moves": [move_to_json(move) for move in screen.moves],
        "seats": [
            {"seat": seat, "name": name, "bot": bot}
            for seat, (name, bot) in enumerate(zip(screen.names, screen.bots, strict=True))
        ],
        "summary": summary(seen, screen.ended, screen.winners),
        "role": screen.role,
        "you": 0 if watching else screen.seat,
        "watching": watching,
        "online": True,
        "pass_and_play": False,
        "bots": list(screen.bots),
        "info": {"now": instruction(screen), "then": log[-1] if log else None},
        "log": log,
        "tallies": tallies(seen),
        "can_deal": screen.can_deal,
        "chosen_deal": screen.chosen_deal,
        "step": screen.steps,
    }


def _told(language: str, players: tuple[str, ...], rules: Rules, event: Event) -> str:
    """An event in words (`table_words.told`) in `language`, the one being answered in:
    told once per language and table, since a table's latest events are in every answer
    of its next versions, for each of its phones."""
    if isinstance(event, str):
        return event
    key = (language, players, rules, repr(event))
    words = _WORDS.get(key)
    if words is None:
        words = table_words.told(event, players, rules)
        if len(_WORDS) >= WORDS_KEPT:
            _WORDS.clear()
        _WORDS[key] = words
    return words


def instruction(screen: Screen) -> str:
    """What has to happen now, told to this token's holder."""
    seen = screen.seen
    if screen.status == "abandoned":
        return _("The host abandoned this table")
    if seen.phase is Phase.ROUND_OVER and not screen.can_deal:
        return table_words.waiting_for_the_deal(seen)
    if seen.phase is not Phase.REVEAL:
        return table_words.told_to(seen, screen.bots, screen.seat)
    if screen.seat is not None and screen.moves:
        up = sum(1 for row in seen.grids[screen.seat] for c in row if isinstance(c, Card))
        left = seen.rules.reveal_count - up
        return ngettext("Turn up %(num)s more of your cards", "Turn up %(num)s of your cards", left)
    return _("Everyone turns up their opening cards…")


def created_json(table: NewTable, link: Any) -> dict[str, Any]:
    """The answer of `POST /api/tables`: every token, shown this once. `link(token)`."""
    seats = []
    for seat in table.seats:
        if seat.bot is not None:
            seats.append({"seat": seat.seat, "name": seat.name, "bot": seat.bot})
        else:
            seats.append(
                {
                    "seat": seat.seat,
                    "name": seat.name,
                    "token": seat.token,
                    "link": link(seat.token),
                    "invitation": seat.invitation,
                }
            )
    return {
        "id": table.id,
        "host_token": table.host_token,
        "spectator_token": table.spectator_token,
        "seats": seats,
    }


def seats_json(seats: tuple[SeatStatus, ...]) -> list[dict[str, Any]]:
    """Every seat as the host sees it."""
    return [
        {
            "seat": s.seat,
            "name": s.name,
            "bot": s.bot,
            "opened": s.opened,
            "online": s.online,
            # "none" for a person's seat invited without an email, as its creation said
            "invitation": s.invitation or (NO_INVITATION if s.linked else None),
        }
        for s in seats
    ]
