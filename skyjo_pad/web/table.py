"""The digital table's pages and the JSON its play screen speaks (see docs/table.md)."""

from __future__ import annotations

import json
import re
from contextlib import suppress
from typing import Any

from flask import Blueprint, abort, jsonify, redirect, render_template, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.wrappers import Response

from ..services import players, tables
from ..services.errors import Forbidden, Malformed, NotFound, ServiceError
from .devices import device_key
from .table_forms import MAX_SEATS, PERSON, NewTableForm, set_seats

bp = Blueprint("table", __name__, url_prefix="/tables")
BOT_NAME = re.compile(r"(Easy|Medium|Hard) bot( \d+)?")
"""The names computer seats get when left blank: not offered as people who played before."""
BODY_MAX = 16 * 1024
"""The largest JSON body a table endpoint reads: a move is a few dozen bytes."""


@bp.route("/new", methods=["GET", "POST"])
def new_table() -> str | Response:
    """Seats, rules and deal of a new table; `?again=<id>` starts from that table's."""
    form = NewTableForm()
    if request.method == "GET":
        _prefill(form, request.args.get("again", ""))
        if request.args.get("deal") == "new":  # "New game, same seats": a fresh deal
            form.seed.data = None
    elif _rearrange(form):
        pass  # a no-JavaScript button added or removed a seat: show the form again
    elif form.validate_on_submit():
        try:
            game_id = tables.create(form.seats(), form.rules(), form.seed.data, device_key())
        except ServiceError as error:
            field = getattr(form, error.field or "", None)
            if error.field in ("target", "multiplier", "seed") and field is not None:
                field.errors = [error.message]
            else:
                form.problem = error.message
        else:
            return redirect(url_for("table.play", game_id=game_id))
    while len(form.seat) < 3:
        form.seat.append_entry()
    known = [name for name in players.known_names() if not BOT_NAME.fullmatch(name)]
    return render_template("table/new.html", form=form, known=known)


@bp.route("/<game_id>")
def play(game_id: str) -> str:
    """The play screen (drawn by static/table.js from the seat's view)."""
    try:
        state = tables.screen(game_id, device_key())
        status, seed = tables.status(game_id)
    except NotFound:
        abort(404)
    return render_template("table/play.html", state=state, status=status, seed=seed)


@bp.get("/<game_id>/state")
def state(game_id: str) -> tuple[Response, int] | Response:
    """The play screen's data, as it is now."""
    return _answer(game_id, lambda: tables.screen(game_id, device_key()))


@bp.post("/<game_id>/move")
def move(game_id: str) -> tuple[Response, int] | Response:
    """A person's move: `{"version": n, "move": {...}}`."""

    def act() -> dict[str, Any]:
        body = _body()
        return tables.play(game_id, body.get("move"), body.get("version"), device_key())

    return _answer(game_id, act)


@bp.post("/<game_id>/advance")
def advance(game_id: str) -> tuple[Response, int] | Response:
    """The computer's next step, or all until a person acts: `{"version": n, "all": bool}`."""

    def act() -> dict[str, Any]:
        body = _body()
        return tables.advance(game_id, body.get("version"), body.get("all") is True, device_key())

    return _answer(game_id, act)


@bp.get("/<game_id>/hint")
def hint(game_id: str) -> tuple[Response, int] | Response:
    """What the hard computer player would do now: `?version=n`."""
    version = request.args.get("version", type=int)
    return _answer(game_id, lambda: tables.hint(game_id, version, device_key()))


@bp.post("/<game_id>/abandon")
def abandon(game_id: str) -> str | Response:
    """Stop the table for good (it stays in the history), once confirmed; CSRF checked."""
    try:
        if request.form.get("confirm") != "yes":
            names = [seat.name for seat in tables.setup(game_id).seats]
            return render_template("table/abandon.html", game_id=game_id, names=names)
        tables.abandon(game_id, device_key())
    except NotFound:
        abort(404)
    except Forbidden as error:
        abort(403, error.message)
    return redirect(url_for("table.play", game_id=game_id))


@bp.get("/<game_id>/record.json")
def record(game_id: str) -> tuple[Response, int] | Response:
    """The game record (skyjo-record/1) of a table that is over, as a download."""
    try:
        data = tables.record(game_id)
    except ServiceError as error:
        return jsonify(error=error.message), error.status
    answer = jsonify(data)
    answer.headers["Content-Disposition"] = f'attachment; filename="skyjo-{game_id}.json"'
    return answer


@bp.get("/<game_id>/replay")
def replay(game_id: str) -> str:
    """The replay viewer: the table move by move, as a spectator sees it."""
    try:
        first = tables.replay(game_id, 0)
        status, _seed = tables.status(game_id)
    except NotFound:
        abort(404)
    step = request.args.get("step", type=int)
    return render_template(
        "table/replay.html", game_id=game_id, steps=first["steps"], step=step, status=status
    )


@bp.get("/<game_id>/replay/<int:step>")
def replay_step(game_id: str, step: int) -> tuple[Response, int] | Response:
    """One step of the replay as JSON: the spectator's view after `step` moves."""
    try:
        return jsonify(tables.replay(game_id, step))
    except ServiceError as error:
        return jsonify(error=error.message), error.status


def _body() -> dict[str, Any]:
    """The JSON object posted; Malformed if too large or nested too deep to read."""
    if (request.content_length or 0) > BODY_MAX:
        raise Malformed("This request is too large to be a move.")
    try:
        data = json.loads(request.get_data(cache=True) or b"null")
    except RequestEntityTooLarge as error:
        raise Malformed("This request is too large to be a move.") from error
    except (ValueError, RecursionError):
        data = None
    return data if isinstance(data, dict) else {}


def _answer(game_id: str, action: Any) -> tuple[Response, int] | Response:
    """Run a table action; a refusal answers its message and the table as it is now."""
    try:
        return jsonify(action())
    except ServiceError as error:
        body: dict[str, Any] = {"error": error.message}
        if not isinstance(error, NotFound):
            with suppress(ServiceError):
                body["state"] = tables.screen(game_id, device_key())
        return jsonify(body), error.status


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
    rows = [(e.form.name.data or "", e.form.kind.data or PERSON) for e in form.seat]
    if "add" in request.form:
        blanks = [i for i, (name, kind) in enumerate(rows) if not name.strip() and kind == PERSON]
        if blanks:
            rows[blanks[0]] = (request.form["add"], PERSON)
        else:
            rows.append((request.form["add"], PERSON))
    elif "remove" in request.form and request.form["remove"].isdigit():
        i = int(request.form["remove"])
        if 0 <= i < len(rows):
            del rows[i]
    elif "more" in request.form:
        rows.append(("", PERSON))
    else:
        return False
    set_seats(form, rows[:MAX_SEATS])
    return True
