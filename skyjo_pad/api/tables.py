"""The digital table over JSON: what its play screen and replay viewer speak (docs/table.md).

Each view reads its request, calls one table service and answers JSON; a refusal answers
the shared error shape, `{"error": "<sentence>"}`, and, when the table exists, the play
screen as it is now under `state`, so a stale screen catches up at once.

Moves come from the play screen of this app, so they carry its CSRF token (the rest of
the API is for other programs and is exempt).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, current_app, jsonify
from flask_wtf.csrf import CSRFError

from ..devices import device_key
from ..extensions import csrf
from ..presenters.table_screen import hint_json, replay_json, screen_json
from ..rate_limits import limited
from ..services import tables
from ..services.errors import Malformed, NotFound, ServiceError
from ..services.table_view import Screen
from . import bodies
from .blueprint import bp
from .models.tables import AdvanceBody, MoveBody


class Refused(ServiceError):
    """A table service's refusal, answered with the table as it is now."""

    def __init__(self, error: ServiceError, state: dict[str, Any]) -> None:
        super().__init__(error.sentence, error.field)  # its words, in every language
        self.status = error.status
        self.extra = {"state": state}


def _answer(game_id: str, action: Callable[[], dict[str, Any]]) -> Response:
    """Run a table action (its body read inside it); a refusal carries the table as it is
    now, if it exists (404 if it does not, before any other refusal)."""
    try:
        return jsonify(action())
    except NotFound:
        raise
    except ServiceError as error:
        try:
            state = screen_json(tables.screen(game_id, device_key()))
        except NotFound as missing:  # no such table here (an online one too), whatever the
            raise missing from None  # body said: a refused body reads nothing first
        except ServiceError:
            raise error from None
        raise Refused(error, state) from error


def _check_csrf() -> None:
    """A move must come from this app's own play screen (its X-CSRFToken header)."""
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        try:
            csrf.protect()
        except CSRFError as error:
            raise Malformed("This move did not come from the table's page: reload it.") from error


@bp.get("/phone-tables/<game_id>")
def table_state(game_id: str) -> Response:
    """The play screen's data for the seat holding the phone, as it is now (404 for an
    online table: it is reached only through its tokens)."""
    tables.claim(game_id, device_key())
    return jsonify(screen_json(tables.screen(game_id, device_key())))


@bp.post("/phone-tables/<game_id>/moves")
def table_move(game_id: str) -> Response:
    """A person's move: `{"version": n, "move": {...}}`; the play screen after it."""
    _check_csrf()
    data = bodies.json_object()
    return _answer(game_id, lambda: screen_json(_play(game_id, MoveBody.read(data))))


@bp.post("/phone-tables/<game_id>/advance")
def table_advance(game_id: str) -> Response:
    """The computer's next step, or all until a person acts: `{"version": n, "all": bool}`."""
    _check_csrf()
    data = bodies.json_object()
    return _answer(game_id, lambda: screen_json(_advance(game_id, AdvanceBody.read(data))))


def _play(game_id: str, body: MoveBody) -> Screen:
    return tables.play(game_id, body.move.root, body.version, device_key())


def _advance(game_id: str, body: AdvanceBody) -> Screen:
    return tables.advance(game_id, body.version, body.all, device_key())


@bp.get("/phone-tables/<game_id>/hint")
def table_hint(game_id: str) -> Response:
    """What the hard computer player would do now, in the place of the person to act."""
    version = bodies.version_arg()
    return _answer(game_id, lambda: hint_json(tables.hint(game_id, version, device_key())))


@bp.get("/phone-tables/<game_id>/record")
def table_record(game_id: str) -> Response:
    """The skyjo-record/1 of a table that is over, as a download."""
    answer = jsonify(tables.record(game_id, device_key()))
    answer.headers["Content-Disposition"] = f'attachment; filename="skyjo-{game_id}.json"'
    return answer


@bp.get("/phone-tables/<game_id>/replay")
@limited("replay")
def table_replay(game_id: str) -> Response:
    """The replay's first step: the table as dealt, and how many steps there are."""
    tables.claim(game_id, device_key())
    return jsonify(replay_json(tables.replay(game_id, 0, device_key())))


@bp.get("/phone-tables/<game_id>/replay/<int:step>")
@limited("replay")
def table_replay_step(game_id: str, step: int) -> Response:
    """The table after its first `step` moves, as a spectator sees it."""
    tables.claim(game_id, device_key())
    return jsonify(replay_json(tables.replay(game_id, step, device_key())))
