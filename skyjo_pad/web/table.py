"""The digital table's pages: a new table, the play screen, the replay (docs/table.md).

The JSON the play screen and the replay speak is in `api/tables.py`.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..devices import device_key
from ..i18n import N_, current, gettext
from ..models import PLAYING
from ..presenters.problems import why
from ..presenters.table_screen import screen_json
from ..rate_limits import limited
from ..services import players, tables
from ..services.errors import Forbidden, NotFound, ServiceError
from . import online as online_pages
from .forms import button_number
from .table_forms import MAX_SEATS, PERSON, NewTableForm, set_seats
from .table_new import render_new

bp = Blueprint("table", __name__, url_prefix="/tables")
EMAILS_ONLINE = N_(
    "Invitations go to players of an online table: tap “Play online”, or clear the emails "
    "to play on this phone."
)


@bp.route("/new", methods=["GET", "POST"])
@limited("create")
def new_table() -> str | Response:
    """Seats, rules and deal of a new table; `?again=<id>` starts from that table's."""
    form = NewTableForm()
    if request.method == "GET":
        _prefill(form, request.args.get("again", ""))
        if request.args.get("deal") == "new":  # "New game, same seats": a fresh deal
            form.seed.data = None
    elif _rearrange(form) or "correct" in request.form:
        pass  # a seat added or removed, or the online line-up to correct: the form again
    elif form.validate_on_submit():
        if "online" in request.form:
            return online_pages.lineup(form)
        if "confirm_online" in request.form:
            return online_pages.start(form)
        if any(_emailed(seat.form) for seat in form.seat):
            form.problem = gettext(EMAILS_ONLINE)  # a table on this phone would drop them
            return render_new(form)
        try:
            game_id = tables.create(form.seats(), form.rules(), form.seed.data, device_key())
        except ServiceError as error:
            field = getattr(form, error.field or "", None)
            if error.field in ("target", "multiplier", "seed") and field is not None:
                field.errors = [why(error)]
            else:
                form.problem = why(error)
        else:
            return redirect(url_for("table.play", game_id=game_id))
    return render_new(form)


def _emailed(seat: Any) -> bool:
    """Whether a person's seat has an email (shown again with the box to invite ticked)."""
    return seat.kind.data == PERSON and bool((seat.email.data or "").strip())


@bp.route("/<game_id>")
def play(game_id: str) -> str:
    """The play screen (drawn by static/table.js from the seat's view); 404 for an online
    table, which is reached only through its links."""
    try:
        tables.claim(game_id, device_key())
        state = screen_json(tables.screen(game_id, device_key()))
        status, seed = tables.status(game_id)
    except NotFound:
        abort(404)
    return render_template("table/play.html", state=state, status=status, seed=seed)


@bp.route("/<game_id>/abandon", methods=["GET", "POST"])
def abandon(game_id: str) -> str | Response:
    """Stop the table for good (it stays in the history), once confirmed; CSRF checked.
    The question is a page of its own (Back after abandoning comes to it, as a GET): a
    game already over is not asked about again, its table says how it ended."""
    try:
        if request.form.get("confirm") != "yes":
            if tables.status(game_id)[0] != PLAYING:
                return redirect(url_for("table.play", game_id=game_id))
            names = [seat.name for seat in tables.setup(game_id).seats]
            return render_template("table/abandon.html", game_id=game_id, names=names)
        tables.abandon(game_id, device_key())
    except NotFound:
        abort(404)
    except Forbidden as error:
        abort(403, why(error))
    return redirect(url_for("table.play", game_id=game_id))


@bp.get("/<game_id>/replay")
@limited("replay")
def replay(game_id: str) -> str:
    """The replay viewer: the table move by move, as a spectator sees it (while it is
    played, only on the device it is played on)."""
    try:
        tables.claim(game_id, device_key())
        first = tables.replay(game_id, 0, device_key())
        status, _seed = tables.status(game_id)
    except NotFound:
        abort(404)
    except Forbidden as error:
        abort(403, why(error))
    step = request.args.get("step", type=int)
    return render_template(
        "table/replay.html",
        game_id=game_id,
        steps=first.steps,
        step=step,
        status=status,
        online=is_online(game_id),
    )


def is_online(game_id: str) -> bool:
    """Whether a game is an online table (a template helper: such a game's links go to its
    history page, never to the one-phone pages). Asked once per game and request."""
    known: dict[str, bool] = g.setdefault("online_tables", {})
    if game_id not in known:
        known[game_id] = bool(tables.online_ids([game_id]))
    return known[game_id]


def _prefill(form: NewTableForm, game_id: str) -> None:
    """Fill the form from an earlier table (its deal number only once it is over)."""
    if not game_id:
        set_seats(form, [("", PERSON), ("", "medium")])
        return
    try:
        form.fill(tables.setup(game_id))
    except NotFound:
        set_seats(form, [("", PERSON), ("", "medium")])


def _rearrange(form: NewTableForm) -> bool:
    """Handle the form's own buttons: another seat, remove one, seat a known name."""
    rows = [
        (
            e.form.name.data or "",
            e.form.kind.data or PERSON,
            e.form.email.data or "",
            e.form.language.data or current(),
        )
        for e in form.seat
    ]
    if "add" in request.form:
        added = request.form["add"]
        row = (added, PERSON, players.email_of(added) or "", current())
        blanks = [
            i for i, (name, kind, *_) in enumerate(rows) if not name.strip() and kind == PERSON
        ]
        if blanks:
            rows[blanks[0]] = row
        else:
            rows.append(row)
        form.focus = f"seat-{(blanks or [len(rows) - 1])[0]}-name"
    elif "remove" in request.form:  # a button's own value; anything else: the form again
        i = button_number(request.form["remove"])
        if i is not None and 0 <= i < len(rows):
            del rows[i]
            form.focus = f"remove-seat-{min(i, len(rows) - 1)}" if rows else "more-seats"
    elif "more" in request.form:
        rows.append(("", PERSON, "", current()))
        form.focus = f"seat-{min(len(rows), MAX_SEATS) - 1}-name"
    else:
        return False
    set_seats(form, rows[:MAX_SEATS])
    return True
