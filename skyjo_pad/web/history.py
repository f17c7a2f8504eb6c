"""The history's pages: every game, one game, its notes, deleting it, export and import."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import chain
from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from ..i18n import N_, join_names
from ..presenters.problems import why
from ..rate_limits import limited
from ..services import history, transfer
from ..services.errors import NotFound, ServiceError
from . import charts, security
from .forms import FORM_EXPIRED
from .security import IMPORT_MAX_BYTES

bp = Blueprint("history", __name__, url_prefix="/history")
IMPORT_TOO_LARGE = N_("This file is too large: an export of up to 64 MB can be imported.")
BOM = "\ufeff"
"""The byte order mark a CSV download starts with (spreadsheets then read it as UTF-8)."""


@bp.get("")
def index() -> tuple[str, int] | str | Response:
    """All games, newest first, with filters and pages."""
    problem = None
    try:
        filters = history.parse_filters(request.args)
    except ServiceError as error:
        problem, filters = why(error), history.filters_still_readable(request.args)
    page = history.history(filters)
    if problem is None and page.filters.page != filters.page:  # past the last: the last
        args: dict[str, Any] = {**request.args.to_dict(), "page": page.page}
        return redirect(url_for(".index", **args))
    players = history.players_for_filter(filters.player)
    if problem is None and filters.player not in (None, *(pid for pid, _name in players)):
        problem = _("No player has this number: merged into another, or removed.")
    html = render_template(
        "history/list.html",
        page=page,
        filters=page.filters,
        players=players,
        kinds=history.KINDS,
        statuses=history.STATUSES,
        problem=problem,
    )
    return (html, 400) if problem else html


@bp.get("/<game_id>")
def game(game_id: str) -> str:
    """A game: its chart, its sheet, who closed and who was doubled, notes, replay."""
    return _game_page(game_id)


def _game_page(game_id: str, typed: Mapping[str, str] | None = None, problem: str = "") -> str:
    """The game's page; a refused note comes back with what was typed and why."""
    detail = _detail(game_id)
    sheet = detail.sheet
    chart = charts.totals_chart(
        sheet.players,
        [r.totals for r in sheet.rounds],
        sheet.rules.target,
        [r.closer if r.doubled else None for r in sheet.rounds],
    )
    kept = {"notes": detail.notes or "", "place": detail.place or ""}
    return render_template(
        "history/game.html",
        detail=detail,
        sheet=sheet,
        chart=chart,
        target_drawn=charts.target_drawn([r.totals for r in sheet.rounds], sheet.rules.target),
        colour=charts.colour,
        notes=typed or kept,
        notes_problem=problem,
    )


@bp.post("/<game_id>/notes")
def notes(game_id: str) -> Response | tuple[str, int]:
    """Keep the game's notes and place; refused, the page again with what was typed."""
    typed = {"notes": request.form.get("notes", ""), "place": request.form.get("place", "")}
    if not {"notes", "place"} <= request.form.keys():  # not this page's form: keep what is saved
        return _game_page(game_id, problem=str(FORM_EXPIRED)), 400
    try:
        history.set_notes(game_id, typed["notes"], typed["place"])
    except NotFound:
        abort(404)
    except ServiceError as error:
        return _game_page(game_id, typed, why(error)), 422
    flash(_("Notes saved."), "info")
    return redirect(url_for("history.game", game_id=game_id, _anchor="notes"))


@bp.route("/<game_id>/delete", methods=["GET", "POST"])
def delete(game_id: str) -> str | Response:
    """Delete a game, after a confirmation."""
    detail = _detail(game_id)
    if request.method == "GET":
        return render_template("history/delete.html", detail=detail, sheet=detail.sheet)
    history.delete(game_id)
    flash(_("The game of %(names)s was deleted.", names=join_names(detail.sheet.players)), "info")
    return redirect(url_for("history.index"))


@bp.get("/transfer")
def transfer_page() -> str:
    """Export the history, or import another installation's export."""
    return render_template("history/transfer.html", report=None, problem=None)


@bp.get("/export.json")
def export_json() -> Response:
    """The whole history as JSON (skyjo-pad-history/1), as a download; the players'
    emails only with `?emails=1`."""
    emails = request.args.get("emails") == "1"
    return _download(transfer.export_json(emails), "application/json", "skyjo-pad-history.json")


@bp.get("/export.csv")
def export_csv() -> Response:
    """Every round of every game as CSV, as a download. It starts with a byte order mark:
    without one, Excel reads the UTF-8 of "Jörg" or "Émilie" as another encoding."""
    rows = chain([BOM], transfer.export_csv())
    return _download(rows, "text/csv", "skyjo-pad-rounds.csv")


@bp.post("/import")
@limited("import")
def import_file() -> tuple[str, int] | str:
    """Add the games of an export file that this installation lacks."""
    upload = request.files.get("file")
    problem = None
    report = None
    if (request.content_length or 0) > IMPORT_MAX_BYTES:
        problem = _(IMPORT_TOO_LARGE)
    elif upload is None or not upload.filename:
        problem = _("Choose an export file (skyjo-pad-history.json) first.")
    else:
        try:
            report = transfer.import_text(upload.read(IMPORT_MAX_BYTES + 1))
        except ServiceError as error:
            problem = _("Nothing was imported. %(problem)s", problem=why(error))
    html = render_template("history/transfer.html", report=report, problem=problem)
    return (html, 400) if problem else html


@bp.errorhandler(RequestEntityTooLarge)
def too_large(error: RequestEntityTooLarge) -> tuple[Any, int]:
    """A file far past the import's limit, refused by the server before it was read: the
    import page says so as for one just past it; any other page of the history as the app
    does (`security.too_large`)."""
    if request.endpoint != "history.import_file":
        return security.too_large(error)
    problem = _(IMPORT_TOO_LARGE)
    return render_template("history/transfer.html", report=None, problem=problem), 413


def _download(chunks: Iterator[str], mimetype: str, name: str) -> Response:
    response = Response(stream_with_context(chunks), mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"  # the whole address book: kept nowhere
    return response


def _detail(game_id: str) -> history.GameDetail:
    try:
        return history.game(game_id)
    except NotFound:
        abort(404)
