"""The coach at the table over JSON (docs/table.md, "The coach"): one request apart from
the move, on either kind of table.

- `GET /api/phone-tables/<id>/coach?move=<n>` and `GET /api/tables/<id>/coach?move=<n>`:
  what the expert would have played instead of move n (the person who made it only);
- `…/coach/close?version=<v>`: what each move that closes the round now risks (the
  person to act only).

Both are rate-limited per client address (`rate_limits.py`, "coach") and answer 503 while this
process's search slots are taken.
"""

from __future__ import annotations

from flask import Response, current_app, jsonify, request

from ..devices import device_key
from ..presenters.coach_words import judgement_json, risks_json
from ..rate_limits import limited
from ..services import table_coach as coach
from ..services import table_policy as policy
from ..services.errors import N_, Malformed
from . import bodies
from .blueprint import bp
from .models.reading import show
from .online import bearer


def _only(name: str) -> str | None:
    """The address's parameter `name` (any other is refused)."""
    for other in request.args:
        if other != name:
            raise Malformed(
                N_("Unknown parameter %(name)s in the address; the only one is %(known)s."),
                name=show(other),
                known=name,
            )
    return request.args.get(name)


def _seconds() -> float:
    """How long a judgement may search (`COACH_SECONDS`)."""
    return float(current_app.config.get("COACH_SECONDS", coach.SECONDS))


def _token() -> policy.Token:
    return policy.Token(bearer())


@bp.get("/phone-tables/<game_id>/coach")
@limited("coach")
def table_coach(game_id: str) -> Response:
    """The coach's word on move n of a one-phone table (the device it is played on)."""
    device = policy.Device(device_key())
    coach.check_asker(game_id, device)
    return jsonify(judgement_json(coach.judge(game_id, device, _step(), _seconds())))


@bp.get("/phone-tables/<game_id>/coach/close")
@limited("coach")
def table_coach_close(game_id: str) -> Response:
    """What closing now risks, for the person to act at a one-phone table."""
    device = policy.Device(device_key())
    coach.check_asker(game_id, device)
    return jsonify(risks_json(coach.risks(game_id, device, bodies.version_arg())))


@bp.get("/tables/<game_id>/coach")
@limited("coach")
def online_coach(game_id: str) -> Response:
    """The coach's word on move n of an online table (that seat's own token only)."""
    token = _token()
    coach.check_asker(game_id, token)
    return jsonify(judgement_json(coach.judge(game_id, token, _step(), _seconds())))


@bp.get("/tables/<game_id>/coach/close")
@limited("coach")
def online_coach_close(game_id: str) -> Response:
    """What closing now risks, for an online seat on its turn (its own token only)."""
    token = _token()
    coach.check_asker(game_id, token)
    return jsonify(risks_json(coach.risks(game_id, token, bodies.version_arg())))


def _step() -> int:
    """The `move` of the address: required, a whole number."""
    text = _only("move")
    if text is None:
        raise Malformed(coach.NOT_A_NUMBER, field="move")
    return coach.read_step(text)
