"""A score sheet on every phone at the table (issue 23): the "Show on other phones" page,
the page a watch link opens, a keeper link's way in, and the big-screen view.

- `/games/<id>/share`: make a watch or keeper link (shown once, with its QR code and a
  copy button), see the links in use, revoke one.
- `/s/<token>`: a watch link shows the sheet, kept current by `static/sheet-live.js`
  (the game's event stream, then the part below fetched again); a keeper link is kept in
  this browser's session and opens the ordinary sheet, where "Enter round" works.
- `/s/<token>/tv` and `/games/<id>/tv`: the sheet for a TV or tablet in landscape.
Each live page has a `…/part` address: the same page's changing part alone.
"""

from __future__ import annotations

import re

import segno
from flask import (
    Blueprint,
    Request,
    abort,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.wrappers import Response

from ..addresses import shared_link
from ..i18n import N_
from ..kept_links import keep, kept_token
from ..presenters.problems import why
from ..rate_limits import limited
from ..services import pad_shares
from ..services.errors import NotFound, ServiceError
from ..services.pad_shares import KEEPER, Link
from .forms import FORM_EXPIRED

bp = Blueprint("pad_share", __name__)
LINK_REVOKED = N_("This link to a score sheet no longer works: it was revoked.")
FRESH = "pad_link_made"
"""The session key of a link just made, shown once on the links page it redirects to."""
GAME_PATH = re.compile(r"/(api/)?games/([^/]+)(/.*)?")
KEEPER_PAGES = re.compile(r"(/rounds/(new|preview|\d+/edit|\d+/delete))?")
NO_STORE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
PREVIEW_QUIET = {"part": "verdict", "outcome": None, "problem": None, "number": None, "form": None}
"""What `_preview.html` reads when its doubling sentence is imported (nothing is shown)."""


# The owner's page: make, show and revoke links ----------------------------------------


def qr_svg(address: str) -> Markup:
    """A QR code of `address` as inline SVG that scales to its box (a viewBox, no size):
    drawn large enough to scan from across a table."""
    code = segno.make(address, error="m")
    return Markup(code.svg_inline(scale=6, dark="#111", light="#fff", omitsize=True))


@bp.route("/games/<game_id>/share", methods=["GET", "POST"])
@limited("create")
def share(game_id: str) -> Response:
    """The game's links: make one (shown this once, on the page the making redirects to:
    a reload makes no other), or see those in use."""
    sheet = _sheet(game_id)  # no pad game (an online table's id): 404 before anything
    if request.method == "POST":
        if not FlaskForm().validate_on_submit():
            flash(FORM_EXPIRED, "error")
            return redirect(url_for(".share", game_id=game_id), 303)
        try:
            made = pad_shares.make(game_id, request.form.get("kind", ""))
        except NotFound:
            abort(404)
        except ServiceError as error:
            flash(why(error), "error")
            return redirect(url_for(".share", game_id=game_id), 303)
        session[FRESH] = {
            "game": game_id,
            "kind": made.link.kind,
            "id": str(made.link.id),
            "link": shared_link(".watch", token=made.token),
        }
        return redirect(url_for(".share", game_id=game_id), 303)
    fresh = session.pop(FRESH, None)
    if not isinstance(fresh, dict) or fresh.get("game") != game_id:
        fresh = None
    try:
        links = pad_shares.links(game_id)
    except NotFound:
        abort(404)
    html = render_template("sheet_share.html", sheet=sheet, links=links, fresh=fresh, qr=qr_svg)
    return Response(html, mimetype="text/html", headers=NO_STORE)


@bp.post("/games/<game_id>/share/<int:link_id>/revoke")
def revoke(game_id: str, link_id: int) -> Response:
    """Revoke a link: the phones holding it stop following the sheet at once."""
    _sheet(game_id)
    if not FlaskForm().validate_on_submit():
        flash(FORM_EXPIRED, "error")
    else:
        try:
            gone = pad_shares.revoke(game_id, link_id)
            flash(_kind_revoked(gone), "info")
        except ServiceError as error:
            flash(why(error), "error")
    return redirect(url_for(".share", game_id=game_id), 303)


def _kind_revoked(link: Link) -> str:
    if link.kind == KEEPER:
        return str(_("The keeper link was revoked: it no longer opens the sheet."))
    return str(_("The watch link was revoked: it no longer opens the sheet."))


# What a link opens --------------------------------------------------------------------


@bp.get("/s/<token>")
def watch(token: str) -> Response:
    """A watch link: the sheet, live. A keeper link: kept here, then the sheet itself."""
    link = _open(token)
    _keep(link, token)
    if link.keeper:
        return redirect(url_for("pad.sheet", game_id=link.game_id), 303)
    return _live_page("sheet_watch.html", link.game_id, token, tv=False)


@bp.get("/s/<token>/part")
def watch_part(token: str) -> Response:
    """The changing part of a watch link's page."""
    return _part("_watch_part.html", _open(token, note=False).game_id)


@bp.get("/s/<token>/tv")
def watch_tv(token: str) -> Response:
    """The big-screen view, from a watch (or keeper) link."""
    link = _open(token)
    _keep(link, token)
    return _live_page("sheet_tv.html", link.game_id, token, tv=True)


@bp.get("/s/<token>/tv/part")
def watch_tv_part(token: str) -> Response:
    """The changing part of the big-screen view."""
    return _part("_tv_part.html", _open(token, note=False).game_id)


@bp.get("/games/<game_id>/tv")
def tv(game_id: str) -> Response:
    """The big-screen view of a sheet, from the sheet itself."""
    return _live_page("sheet_tv.html", game_id, None, tv=True)


@bp.get("/games/<game_id>/tv/part")
def tv_part(game_id: str) -> Response:
    """The changing part of the big-screen view."""
    return _part("_tv_part.html", game_id)


def _open(token: str, note: bool = True) -> Link:
    """The link `token` opens (404 when none: revoked or never made)."""
    link = pad_shares.find(token)
    if link is None:
        abort(404, _(LINK_REVOKED))
    if note:
        pad_shares.opened(link.id)
    return link


def _keep(link: Link, token: str) -> None:
    """Keep the link in this browser's session; a watch link never takes the place of a
    keeper link of the same game that still works (the other QR code scanned by mistake)."""
    if not link.keeper and _lets_in(link.game_id, kept_token(link.game_id), keeper=True):
        return
    keep(link.game_id, token)


def _live_page(template: str, game_id: str, token: str | None, tv: bool) -> Response:
    """A page that follows the sheet: its part, and the addresses its script needs."""
    if token is None:
        part_url = url_for(".tv_part", game_id=game_id)
    else:
        part_url = url_for(".watch_tv_part" if tv else ".watch_part", token=token)
    sheet = _sheet(game_id)
    html = render_template(
        template,
        sheet=sheet,
        last=pad_shares.last_round(sheet),
        part_url=part_url,
        events_url=url_for("api.pad_events", game_id=game_id, token=token),
        tv_url=url_for(".watch_tv", token=token) if token else None,
        **PREVIEW_QUIET,
    )
    return Response(html, mimetype="text/html", headers=NO_STORE)


def _part(template: str, game_id: str) -> Response:
    sheet = _sheet(game_id)
    html = render_template(
        template, sheet=sheet, last=pad_shares.last_round(sheet), **PREVIEW_QUIET
    )
    answer = Response(html, mimetype="text/html", headers=NO_STORE)
    answer.headers["X-Sheet-Version"] = str(sheet.version)
    return answer


def _sheet(game_id: str) -> pad_shares.Sheet:
    try:
        return pad_shares.pad_sheet(game_id)
    except NotFound:
        abort(404)
    except ServiceError as error:
        abort(409, why(error))


# The access password: who gets in with a link -----------------------------------------


def is_public(req: Request) -> bool:
    """Whether a request passes the access password by a sheet's link (API.md: valid
    even when the access password is set): a link's own pages; the game's API reads with
    a link's bearer token or the link this browser opened, its round requests with a
    link's bearer token or the keeper link this browser opened (what its phone kept
    offline); the sheet's pages and round forms in a browser that opened a keeper link;
    the big-screen view with any link."""
    path = req.path
    if path.startswith("/s/"):
        return True
    match = GAME_PATH.fullmatch(path)
    if match is None:
        return False
    api, game_id, rest = match.group(1), match.group(2), match.group(3) or ""
    auth = req.authorization
    bearer = auth.token if auth is not None and auth.type.lower() == "bearer" else None
    if api:
        if req.method == "GET" and rest in ("", "/events"):
            named = req.args.get("token") if rest else None  # a link's page's own stream
            return _lets_in(game_id, bearer or named or kept_token(game_id), keeper=False)
        if req.method in ("POST", "PUT", "DELETE") and rest.startswith("/rounds"):
            # any link of the game gets past the password; the API then answers a watch
            # link 403 ("only shows the sheet"), a clearer word than the password's 401
            if bearer is not None:
                return _lets_in(game_id, bearer, keeper=False)
            # the keeper link this browser opened: its phone sends what it kept offline
            return _lets_in(game_id, kept_token(game_id), keeper=True)
        return False
    if rest in ("/tv", "/tv/part"):
        return req.method == "GET" and _lets_in(game_id, kept_token(game_id), keeper=False)
    if KEEPER_PAGES.fullmatch(rest):
        return _lets_in(game_id, kept_token(game_id), keeper=True)
    return False


def revoked_here(req: Request) -> Response | None:
    """Why a sheet's page or call is refused to a browser whose link to that game was
    revoked (the access password would stop it): that link, in words, not the password."""
    match = GAME_PATH.fullmatch(req.path)
    token = kept_token(match.group(2)) if match else None
    if match is None or token is None or _lets_in(match.group(2), token, keeper=False):
        return None
    if match.group(1):
        answer = jsonify(error=_(pad_shares.NO_LINK))
        answer.status_code = 401
        return answer
    text, gone = _(LINK_REVOKED), match.group(2)  # the phone forgets its copy of the game
    page = render_template("error.html", title=_("Not found"), text=text, forget_game=gone)
    return make_response(page, 404)


def _lets_in(game_id: str, token: str | None, keeper: bool) -> bool:
    if token is None:
        return False
    try:
        pad_shares.allowed(game_id, token, keeper=keeper)
    except ServiceError:
        return False
    return True
