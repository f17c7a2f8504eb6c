"""The players' pages: the address book, a player's numbers, head to head, the leaderboard."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from ..presenters.problems import why
from ..services import ratings, roster, stats
from ..services.errors import NotFound, ServiceError
from . import charts

bp = Blueprint("players", __name__)


@bp.route("/players", methods=["GET", "POST"])
def index() -> str | Response | tuple[str, int]:
    """The address book; a person can be added with an optional email."""
    problem = None
    if request.method == "POST":
        try:
            player = roster.add(request.form.get("name", ""), request.form.get("email", ""))
        except ServiceError as error:
            problem = why(error)
        else:
            flash(_("%(name)s is in the address book.", name=player.name), "info")
            return redirect(url_for("players.index"))
    computers = request.args.get("computers") == "1"
    html = render_template(
        "players/list.html",
        entries=roster.entries(computers=computers),
        computers=computers,
        problem=problem,
        form=request.form,
    )
    return (html, 400) if problem else html


@bp.get("/players/<int:player_id>")
def player(player_id: int) -> str:
    """A player's numbers, recent results and the people they played with."""
    numbers = _stats(player_id)
    recent = stats.recent_results(player_id)
    chart = charts.results_chart([(r.total, r.place, r.players) for r in recent])
    others = roster.merge_choices(player_id)
    return render_template(
        "players/player.html",
        stats=numbers,
        recent=recent,
        chart=chart,
        standing=ratings.rating_of(player_id),
        others=others,
    )


@bp.post("/players/<int:player_id>/edit")
def edit(player_id: int) -> Response:
    """Rename a player or change their email; their games stay theirs."""
    try:
        roster.update_player(player_id, request.form.get("name", ""), request.form.get("email"))
        flash(_("Saved."), "info")
    except NotFound:
        abort(404)
    except ServiceError as error:
        flash(why(error), "error")
    return redirect(url_for("players.player", player_id=player_id))


@bp.post("/players/<int:player_id>/remove")
def remove(player_id: int) -> Response:
    """Take an entry that never played out of the address book."""
    try:
        name = roster.remove(player_id)
    except NotFound:
        abort(404)
    except ServiceError as error:
        flash(why(error), "error")
        return redirect(url_for("players.player", player_id=player_id))
    flash(_("%(name)s is no longer in the address book.", name=name), "info")
    return redirect(url_for("players.index"))


@bp.post("/players/<int:player_id>/merge")
def merge(player_id: int) -> Response | str:
    """Merge another entry of the same person into this one, once confirmed (the first
    post answers a page that asks)."""
    other = request.form.get("other", "")
    if not (other.isascii() and other.isdigit() and len(other) < 10):
        flash(_("Choose the entry to merge into this one."), "error")
        return redirect(url_for("players.player", player_id=player_id))
    try:
        keeping, dropping = roster.mergeable(player_id, int(other))
        dropped = dropping.name
        if request.form.get("confirm") != "yes":
            return render_template(
                "players/merge.html",
                player_id=player_id,
                other=other,
                old=dropped,
                name=keeping.name,
            )
        kept = roster.merge(player_id, int(other))
        flash(
            _(
                "%(old)s merged into %(name)s: their games are all here now.",
                old=dropped,
                name=kept.name,
            ),
            "info",
        )
    except ServiceError as error:
        if isinstance(error, NotFound) and not _exists(player_id):
            abort(404)
        flash(why(error), "error")
    return redirect(url_for("players.player", player_id=player_id))


@bp.get("/players/<int:player_id>/versus")
def versus(player_id: int) -> str | Response:
    """Head to head: this player and another in the games they shared."""
    other = request.args.get("other", "")
    if not (other.isascii() and other.isdigit() and len(other) < 10):
        flash(_("Choose someone to compare with."), "error")
        return redirect(url_for("players.player", player_id=player_id))
    if int(other) == player_id and _exists(player_id):
        flash(_("Choose someone else to compare with."), "error")
        return redirect(url_for("players.player", player_id=player_id))
    try:
        record = stats.head_to_head(player_id, int(other))
    except NotFound:
        abort(404)
    return render_template("players/versus.html", record=record)


@bp.get("/leaderboard")
def leaderboard() -> str:
    """Everyone's skill rating, best first, with how many games it rests on."""
    computers = request.args.get("computers") == "1"
    return render_template(
        "players/leaderboard.html",
        standings=ratings.leaderboard(computers=computers),
        computers=computers,
        min_games=ratings.MIN_GAMES,
    )


def _stats(player_id: int) -> stats.PlayerStats:
    try:
        return stats.player_stats(player_id)
    except NotFound:
        abort(404)


def _exists(player_id: int) -> bool:
    try:
        roster.get(player_id)
    except NotFound:
        return False
    return True
