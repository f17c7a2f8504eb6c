"""The score pad over JSON: games, their rounds, and the score of one grid.

Each view reads its body, calls one service and answers the game as API.md describes it.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Response, jsonify, url_for

from .. import i18n
from ..engine.scoring import score_grid
from ..presenters.problems import say
from ..rate_limits import limited
from ..services import pad, pad_once
from ..services.errors import Sentence
from . import bodies
from .blueprint import bp
from .models.pad import NewGame, NewRoundBody, RoundBody, ScoreBody


@bp.post("/games")
@limited("create")
def create_game() -> tuple[Response, int, dict[str, str]]:
    """Start a score pad game: 201 and the game (200: already started with its client_id)."""
    body = NewGame.read(bodies.json_object())
    sheet, started = pad_once.new_game(body.players, body.rule_options(), body.client_id)
    location = url_for(".show_game", game_id=sheet.id)
    return game_json(sheet), 201 if started else 200, {"Location": location}


@bp.get("/games/<game_id>")
def show_game(game_id: str) -> Response:
    """The game."""
    return game_json(pad.get_sheet(game_id))


@bp.post("/games/<game_id>/rounds")
def add_round(game_id: str) -> tuple[Response, int]:
    """Save a new round at the end of the sheet: 201 and the game (200: a round with the
    same client_id was saved before, and nothing changed; the answer names that round)."""
    body = NewRoundBody.read(bodies.json_object())
    sheet, outcome = pad_once.add_round(game_id, body.entry(), body.version, body.client_id)
    if outcome is None:
        assert body.client_id is not None  # only a client_id makes a request a repeat
        return game_json(sheet, saved_as=pad_once.saved_as(game_id, body.client_id)), 200
    return game_json(sheet, outcome.warnings), 201


@bp.put("/games/<game_id>/rounds/<int:number>")
def replace_round(game_id: str, number: int) -> Response:
    """Correct a past round; later totals, the end and the winners follow."""
    body = RoundBody.read(bodies.json_object())
    sheet, outcome = pad.replace_round(game_id, number, body.entry(), expected_version=body.version)
    return game_json(sheet, outcome.warnings)


@bp.delete("/games/<game_id>/rounds/<int:number>")
def remove_round(game_id: str, number: int) -> Response:
    """Take back the last round (another number: 409)."""
    sheet = pad.remove_last_round(game_id, number, expected_version=bodies.version_arg())
    return game_json(sheet)


@bp.post("/score")
def score() -> Response:
    """The score of one final grid after the column rule."""
    result = score_grid(ScoreBody.read(bodies.json_object()).parsed())
    return jsonify(raw=result.raw, removed_columns=list(result.removed_columns))


def game_json(
    sheet: pad.Sheet, warnings: Sequence[Sentence] = (), saved_as: int | None = None
) -> Response:
    """The game as JSON, with the service's warnings when it has any (in English, and in
    the reader's language beside them when that is another, as an error's `message`);
    `saved_as`: the round a repeated client_id saved (a phone that changed that round
    since it sent it corrects it)."""
    data = sheet.to_api()
    if saved_as is not None:
        data["saved_as"] = saved_as
    if warnings:
        data["warnings"] = [warning.english for warning in warnings]
        if i18n.current() != i18n.DEFAULT:
            data["warning_messages"] = [say(warning) for warning in warnings]
    return jsonify(data)
