"""The pages of online tables: `/t/<token>` opens a seat's play screen, the host's page or
the spectator's (docs/table.md, "Online tables"). Their JSON is in `api/online.py`."""

from __future__ import annotations

from typing import Any

import segno
from flask import (
    Blueprint,
    Request,
    abort,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import mailer
from ..addresses import table_link
from ..i18n import LANGUAGES
from ..i18n import gettext as _
from ..presenters.online_screen import created_json, online_json, seats_json
from ..presenters.problems import why
from ..services import invitations, online, online_seats
from ..services.errors import ServiceError, Unauthorized
from .js_strings import level_word
from .table_forms import BOT_KINDS, NewTableForm
from .table_new import render_new

bp = Blueprint("online", __name__)
INVITED = "invited"
"""The session key of the last online table this browser made: its tokens, to show again."""
FRESH = "fresh_link"
"""The session key of the last seat link this browser's host page gave: shown again there."""
NEWCOMER = "newcomer_typed"
"""The session key of a newcomer's name the host typed and the app refused: shown again in
its field, once, with the reason."""
TYPED_KEPT = 80
"""The most of a refused newcomer's name kept to show again (the field says what is too
long)."""


@bp.get("/t/<token>")
def page(token: str) -> Response | str | tuple[str, int]:
    """The page a secret link opens: a seat's play screen, the host's page, the spectator's."""
    try:
        access = online.open_link(token)
        online.opened(access.game_id, token)
        state = online_json(online.screen(access.game_id, token))
    except Unauthorized:
        return _no_table(), 404
    sel = online.live_selector(token)
    urls = {
        "state": url_for("api.online_table", game_id=access.game_id),
        "move": url_for("api.online_move", game_id=access.game_id, wait=0),
        "events": url_for("api.online_events", game_id=access.game_id, answers=1, via=sel),
        "record": url_for("api.online_record", game_id=access.game_id, via=sel),
        "coach": url_for("api.online_coach", game_id=access.game_id),
        "replay": url_for("table.replay", game_id=access.game_id),  # once the game is over
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


def _no_table() -> str:
    """What an unknown link opens: most often a seat's link the host replaced."""
    return render_template(
        "error.html",
        title=_("This link opens no table now"),
        text=_(
            "The host may have given this seat a new link: the old one then stops working."
            " Ask the host for the new link. A table that was deleted opens no more either."
        ),
    )


def _live_cookie(answer: Response, token: str, game_id: str) -> None:
    """The token for the page's event stream and record download (no headers there), in
    a cookie of this link's own (`online.LIVE_COOKIE`)."""
    path = url_for("api.online_table", game_id=game_id)
    answer.set_cookie(
        online.live_cookie_of(token),
        token,
        path=path,
        httponly=True,
        samesite="Strict",
        secure=request.is_secure,
    )


def qr_svg(address: str) -> Markup:
    """A QR code of `address`, as inline SVG (no style attributes: the CSP allows it)."""
    code = segno.make(address, error="m")
    return Markup(code.svg_inline(scale=4, dark="#111", light="#fff", omitsize=False))


def lineup(form: NewTableForm) -> str:
    """The line-up of a new online table, to check and correct before any link is made
    (seed 004: look at the line-up, correct any mistake, then confirm)."""
    try:
        seats = online.check(form.invitees(), form.rules(), form.seed.data)
    except ServiceError as error:
        form.problem = why(error)
        return render_new(form)
    languages = form.invitation_languages()
    kept = [(k, v) for k, v in request.form.items(multi=True) if k not in ("online", "correct")]
    return render_template(
        "table/lineup.html",
        seats=seats,
        invite_languages=languages,
        language_names=LANGUAGES,
        form=form,
        kept=kept,
        bots=dict(BOT_KINDS),
    )


def start(form: NewTableForm) -> Response | str:
    """Start an online table once its line-up was confirmed; the invitation page is then
    reached by a redirect (a reload shows the same table, never makes a second one). A
    deal number typed in is kept, and every seat's screen says it was chosen."""
    try:
        invite = mailer.inviter(table_link)
        table = online.create(form.invitees(), form.rules(), form.seed.data, invite)
    except ServiceError as error:
        form.problem = why(error)
        return render_new(form)
    created = created_json(table, table_link)
    for seat in created["seats"]:
        seat.pop("link", None)
    session[INVITED] = created  # the links are shown only to this browser, the host's
    return redirect(url_for("online.invited", token=table.host_token), 303)


@bp.get("/t/<token>/invited")
def invited(token: str) -> Response:
    """The invitations of a table just made: its links, kept for the browser that made it
    (elsewhere, the host's page: a seat's lost link is replaced there)."""
    access = _host(token)
    created = _invitations_kept(access.game_id)
    if created is None:
        return redirect(url_for("online.page", token=token), 303)
    seats = [
        {**seat, "link": table_link(seat["token"])} if seat.get("token") else seat
        for seat in created["seats"]
    ]
    answer = Response(
        render_template(
            "table/invited.html",
            table={**created, "seats": seats},
            host_link=table_link(created["host_token"]),
            spectator_link=table_link(created["spectator_token"]),
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
    """The host gives a seat a new link, once confirmed; the old one stops at once (CSRF
    checked). The host's page then shows the new link (kept for this browser)."""
    access = _host(token)
    try:
        if request.form.get("confirm") != "yes":
            online_seats.may_reissue(access.game_id, token, seat)  # refused before it is confirmed
            state = online_json(online.screen(access.game_id, token))
            emailed = (
                invitations.emailed(access.game_id, token, seat)
                if mailer.configured_here()
                else None
            )
            return render_template(
                "table/online_relink.html", token=token, state=state, seat=seat, emailed=emailed
            )
        language = request.form.get("language", "")
        fresh = online_seats.reissue(access.game_id, token, seat)
    except ServiceError as error:
        return _refused_to_host(token, error)
    _keep_fresh(access.game_id, seat, fresh)
    if request.form.get("email") == "yes":
        _email_again(access.game_id, token, seat, fresh, language)
    return redirect(url_for("online.page", token=token), 303)


def _email_again(game_id: str, token: str, seat: int, fresh: str, language: str) -> None:
    """Send a seat's new link to its first invitation's address, in `language`."""
    try:
        invite = mailer.inviter(table_link)
        if invite is not None:
            chosen = language if language in LANGUAGES else None
            invitations.email_again(game_id, token, seat, fresh, invite, chosen)
    except ServiceError as error:  # no longer a seat invited by email: the page says why
        flash(why(error), "error")


def _keep_fresh(game_id: str, seat: int, fresh: str) -> None:
    """Keep a seat's new link for this browser: shown on the host's page, and in place of
    the old one on the invitation page."""
    session[FRESH] = {"id": game_id, "seat": seat, "token": fresh}
    created = _invitations_kept(game_id)
    if created is not None:
        for kept in created["seats"]:
            if kept.get("seat") == seat:
                kept["token"] = fresh
        session[INVITED] = created


def _invitations_kept(game_id: str) -> dict[str, Any] | None:
    """The links of this table kept in this browser since it made the table, if any."""
    created = session.get(INVITED)
    return created if isinstance(created, dict) and created.get("id") == game_id else None


@bp.post("/t/<token>/seats/<int:seat>/player")
def give_seat(token: str, seat: int) -> Response:
    """The host hands a seat to a computer player, or back to its person; a seat dealt
    to the computer has no link yet, so it gets one at once, shown on the host's page."""
    access = _host(token)
    bot = request.form.get("bot") or None
    name = request.form.get("name")
    try:
        fresh = online_seats.give_seat(access.game_id, token, seat, bot, name)
        if fresh is not None:
            _keep_fresh(access.game_id, seat, fresh)
    except ServiceError as error:
        if name:  # the name typed comes back in its field with the reason
            session[NEWCOMER] = {"seat": seat, "name": name[:TYPED_KEPT]}
        return _refused_to_host(token, error)
    return redirect(url_for("online.page", token=token), 303)


def _refused_to_host(token: str, error: ServiceError) -> Response:
    """Back to the host's page, which says why (nothing was changed)."""
    flash(why(error), "error")
    return redirect(url_for("online.page", token=token), 303)


@bp.route("/t/<token>/abandon", methods=["GET", "POST"])
def abandon(token: str) -> Response | str:
    """Abandon the table, once the host confirmed it. The question is a page of its own
    (Back after abandoning comes to it, as a GET: a table over is not asked about again)."""
    access = _host(token)
    if request.form.get("confirm") != "yes":
        try:
            online.check_playing(access.game_id, token)
        except ServiceError as error:  # a page left open from before it ended: said so
            return _refused_to_host(token, error)
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


def _host_page(token: str, access: online.Access) -> Response:
    state = online_json(online.screen(access.game_id, token))
    kept = session.get(FRESH)
    fresh = None
    if isinstance(kept, dict) and kept.get("id") == access.game_id:
        fresh = {"seat": kept["seat"], "link": table_link(kept["token"])}
    statuses = online_seats.seats(access.game_id, token)
    typed = session.pop(NEWCOMER, None)
    newcomer = typed if isinstance(typed, dict) else {}
    # the page also tells a seat dealt to a computer (no link: a newcomer takes it by name)
    seats = [
        {**seat, "linked": status.linked}
        for seat, status in zip(seats_json(statuses), statuses, strict=True)
    ]
    answer = Response(
        render_template(
            "table/host.html",
            state=state,
            seats=seats,
            token=token,
            fresh=fresh,
            invitations=_invitations_kept(access.game_id) is not None,
            newcomer=newcomer,
            qr=qr_svg,
            bots=[(level, level_word(level).capitalize()) for level, _name in BOT_KINDS],
            record_url=url_for(
                "api.online_record", game_id=access.game_id, via=online.live_selector(token)
            ),
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
    name = online.live_cookie_name(request.args.get("via", ""))
    return readable and name is not None and name in request.cookies
