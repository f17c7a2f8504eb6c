"""The pages of online tables: `/t/<token>` opens a seat's play screen, the host's page or
the spectator's (docs/table.md, "Online tables"). Their JSON is in `api/online.py`."""

from __future__ import annotations

from typing import Any

import segno
from flask import Blueprint, Request, abort, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import mailer
from ..presenters.online_screen import created_json, online_json, seats_json
from ..presenters.problems import why
from ..services import online
from ..services.errors import ServiceError, Unauthorized
from .table_forms import BOT_KINDS, NewTableForm

bp = Blueprint("online", __name__)
LIVE_COOKIE = "skyjo_live"


@bp.get("/t/<token>")
def page(token: str) -> Response | str:
    """The page a secret link opens: a seat's play screen, the host's page, the spectator's."""
    try:
        access = online.open_link(token)
        online.opened(access.game_id, token)
        state = online_json(online.screen(access.game_id, token))
    except Unauthorized:
        abort(404)
    urls = {
        "state": url_for("api.online_table", game_id=access.game_id),
        "move": url_for("api.online_move", game_id=access.game_id),
        "events": url_for("api.online_events", game_id=access.game_id, answers=1),
        "record": url_for("api.online_record", game_id=access.game_id),
    }
    if access.kind == online.HOST:
        answer = _host_page(token, access)
    else:
        page_html = render_template("table/online.html", state=state, token=token, urls=urls)
        answer = Response(page_html, mimetype="text/html")
    answer.headers["Cache-Control"] = "no-store"
    answer.headers["Referrer-Policy"] = "no-referrer"
    _live_cookie(answer, token, access.game_id)
    return answer


def _live_cookie(answer: Response, token: str, game_id: str) -> None:
    """The token for the page's event stream and record download (no headers there)."""
    path = url_for("api.online_table", game_id=game_id)
    answer.set_cookie(
        LIVE_COOKIE, token, path=path, httponly=True, samesite="Strict", secure=request.is_secure
    )


def link(token: str) -> str:
    """The address a token opens."""
    return url_for("online.page", token=token, _external=True)


def qr_svg(address: str) -> Markup:
    """A QR code of `address`, as inline SVG (no style attributes: the CSP allows it)."""
    code = segno.make(address, error="m")
    return Markup(code.svg_inline(scale=4, dark="#111", light="#fff", omitsize=False))


def start(form: NewTableForm) -> Response | str:
    """Start an online table from the new-table form; its links, shown this once. A deal
    number typed in is kept, and every seat's screen says it was chosen (docs/table.md)."""
    try:
        invite = mailer.inviter(link, form.invitation_languages())
        table = online.create(form.invitees(), form.rules(), form.seed.data, invite)
    except ServiceError as error:
        form.problem = why(error)
        from .table import render_new

        return render_new(form)
    created = created_json(table, link)
    answer = Response(
        render_template(
            "table/invited.html",
            table=created,
            host_link=link(table.host_token),
            spectator_link=link(table.spectator_token),
            mail=mailer.configured_here(),
            qr=qr_svg,
        ),
        mimetype="text/html",
    )
    answer.headers["Cache-Control"] = "no-store"
    answer.headers["Referrer-Policy"] = "no-referrer"
    return answer


@bp.post("/t/<token>/seats/<int:seat>/link")
def reissue(token: str, seat: int) -> Response | str:
    """The host gives a seat a new link; the old one stops at once (CSRF checked)."""
    access = _host(token)
    try:
        fresh = online.reissue(access.game_id, token, seat)
    except ServiceError as error:
        abort(error.status if error.status in (403, 409, 422) else 400, why(error))
    return _host_page(token, access, fresh={"seat": seat, "link": link(fresh)})


@bp.post("/t/<token>/seats/<int:seat>/player")
def give_seat(token: str, seat: int) -> Response:
    """The host hands a seat to a computer player, or back to its person."""
    access = _host(token)
    bot = request.form.get("bot") or None
    try:
        online.give_seat(access.game_id, token, seat, bot)
    except ServiceError as error:
        abort(error.status if error.status in (403, 409, 422) else 400, why(error))
    return redirect(url_for("online.page", token=token), 303)


@bp.post("/t/<token>/abandon")
def abandon(token: str) -> Response | str:
    """Abandon the table, once the host confirmed it."""
    access = _host(token)
    if request.form.get("confirm") != "yes":
        state = online_json(online.screen(access.game_id, token))
        return render_template("table/online_abandon.html", token=token, state=state)
    online.abandon(access.game_id, token)
    return redirect(url_for("online.page", token=token), 303)


def _host(token: str) -> online.Access:
    try:
        access = online.open_link(token)
    except Unauthorized:
        abort(404)
    if access.kind != online.HOST:
        abort(403)
    return access


def _host_page(token: str, access: online.Access, fresh: dict[str, Any] | None = None) -> Response:
    state = online_json(online.screen(access.game_id, token))
    seats = seats_json(online.seats(access.game_id, token))
    answer = Response(
        render_template(
            "table/host.html",
            state=state,
            seats=seats,
            token=token,
            fresh=fresh,
            qr=qr_svg,
            bots=BOT_KINDS,
        ),
        mimetype="text/html",
    )
    answer.headers["Cache-Control"] = "no-store"
    answer.headers["Referrer-Policy"] = "no-referrer"
    return answer


def is_public(request: Request) -> bool:
    """A secret link's page, or an online table's API call with a bearer token, needs no
    access password: the token is the permission (API.md)."""
    path = request.path
    if path.startswith("/t/"):
        return True
    if not path.startswith("/api/tables/"):
        return False
    auth = request.authorization
    if auth is not None and auth.type.lower() == "bearer":
        return True
    readable = path.endswith(("/events", "/record")) or "/replay/" in path
    return readable and LIVE_COOKIE in request.cookies
