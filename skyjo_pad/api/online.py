"""Online tables over JSON (API.md, "Online tables"): every player on their own phone.

Each view reads its request and its bearer token, calls one online-table service and
answers JSON. The event stream (`streams`) says only "the version moved"; each client then
asks for its own answer.
"""

from __future__ import annotations

from flask import Response, jsonify, request

from .. import mailer
from ..addresses import table_link
from ..presenters.online_screen import created_json, online_json, seats_json
from ..presenters.table_screen import replay_json, summary
from ..rate_limits import limited
from ..services import online
from ..services import online_seats as host_seats
from ..services.errors import ServiceError
from . import bodies
from .blueprint import bp
from .models.tables import Abandon, GiveSeat, NewOnlineTable, OnlineMove
from .tables import Refused


def bearer() -> str | None:
    """The request's `Authorization: Bearer <token>`, if any."""
    auth = request.authorization
    if auth is None or auth.type.lower() != "bearer":
        return None
    return auth.token


def page_token() -> str | None:
    """The asker's token: its bearer header, or (a page's event stream, record download or
    replay, which send no header) the cookie of the link its page names with `?via=`."""
    name = online.live_cookie_name(request.args.get("via", ""))
    return bearer() or (request.cookies.get(name) if name else None)


@bp.post("/tables")
@limited("create")
def create_table() -> tuple[Response, int]:
    """Start an online table; every token is in this answer and never again."""
    body = NewOnlineTable.read(bodies.json_object())
    table = online.create(body.invitees(), body.rules, body.seed, mailer.inviter(table_link))
    return jsonify(created_json(table, table_link)), 201


@bp.get("/tables/<game_id>")
def online_table(game_id: str) -> Response:
    """The table as this token may see it now."""
    token = bearer()
    online.identify(game_id, token)
    online.opened(game_id, token)
    answer = online_json(online.screen(game_id, token))
    if request.args.get("previous") == "1" and (ended := online.last_round_end(game_id, token)):
        answer["previous"] = summary(ended.seen, ended.ended, ended.winners)
    return jsonify(answer)


@bp.post("/tables/<game_id>/moves")
def online_move(game_id: str) -> Response:
    """A seat's move `{"version": n, "move": {...}}`; the answer after the computer seats
    (`?wait=0`: before a searching one moved, which the event stream then tells: the page's
    way, so a person sees their move at once)."""
    token = bearer()
    online.mover(game_id, token)  # 401, 403 before the body is read
    try:
        body = OnlineMove.read(bodies.json_object())
        wait = request.args.get("wait") != "0"
        screen = online.play(game_id, token, body.move.root, body.version, wait)
    except ServiceError as error:  # with the table as it is now, as the refusal says
        try:
            state = online_json(online.screen(game_id, token))
        except ServiceError:
            raise error from None
        raise Refused(error, state) from error
    online.opened(game_id, token)  # a client that moves without a look first has opened it
    return jsonify(online_json(screen))


@bp.get("/tables/<game_id>/record")
def online_record(game_id: str) -> Response:
    """The skyjo-record/1 once the game is over or abandoned."""
    return jsonify(online.record(game_id, page_token()))


@bp.get("/tables/<game_id>/replay/<int:step>")
@limited("replay")
def online_replay(game_id: str, step: int) -> Response:
    """The table after its first `step` moves, as a spectator saw it (any token of it)."""
    return jsonify(replay_json(online.replay(game_id, page_token(), step)))


@bp.get("/tables/<game_id>/seats")
def online_seats(game_id: str) -> Response:
    """The host's view of the seats: who opened their link, who is online now."""
    return jsonify(seats=seats_json(host_seats.seats(game_id, bearer())))


@bp.post("/tables/<game_id>/seats/<int:seat>/token")
def online_reissue(game_id: str, seat: int) -> Response:
    """A new link for a seat (host); the old one stops working at once."""
    host = bearer()
    online.identify_host(game_id, host)  # 401, 403 before the body is read
    bodies.no_body()
    token = host_seats.reissue(game_id, host, seat)
    return jsonify(seat=seat, token=token, link=table_link(token))


@bp.post("/tables/<game_id>/seats/<int:seat>/player")
def online_give_seat(game_id: str, seat: int) -> Response:
    """Hand a seat to a computer player `{"bot": "hard"}` or back `{"bot": null}` (host);
    a seat dealt to a computer to a person `{"bot": null, "name": "Dee"}`, with their link."""
    token = bearer()
    online.identify_host(game_id, token)
    body = GiveSeat.read(bodies.json_object())
    fresh = host_seats.give_seat(game_id, token, seat, body.bot, body.name)
    seats = seats_json(host_seats.seats(game_id, token))
    if fresh is None:
        return jsonify(seats=seats)
    return jsonify(seats=seats, token=fresh, link=table_link(fresh))


@bp.post("/tables/<game_id>/abandon")
def online_abandon(game_id: str) -> Response:
    """Stop the table for good (host); it stays in the history."""
    token = bearer()
    online.identify_host(game_id, token)
    Abandon.read(bodies.json_object())
    online.abandon(game_id, token)
    return jsonify(online_json(online.screen(game_id, token)))
