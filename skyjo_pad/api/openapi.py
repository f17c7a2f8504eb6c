"""The OpenAPI 3.1 description of the API, served at GET /api/openapi.json.

A test checks that it lists exactly the routes of the API blueprint.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from flask import Response, current_app, jsonify

from ..engine.limits import (
    MAX_CARD,
    MIN_CARD,
)
from ..engine.rules import PAD_RULE_KEYS
from ..rate_limits import group_of
from .blueprint import bp
from .bodies import MAX_BODY_BYTES
from .models.pad import NUMBER_LIMIT, VERSION_DESCRIPTION
from .models.schemas import schemas as model_schemas

JSON = "application/json"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _error(description: str) -> dict[str, Any]:
    return {"description": description, "content": {JSON: {"schema": _ref("Error")}}}


def _game(description: str) -> dict[str, Any]:
    return {"description": description, "content": {JSON: {"schema": _ref("Game")}}}


def _body(schema: str, example: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {JSON: {"schema": _ref(schema), "example": example}}}


ERRORS = {
    "400": _error(
        "Malformed: not JSON, not an object, the wrong Content-Type, an unknown field, "
        "a missing field or a value of the wrong type. Whole numbers are written without a "
        "decimal point: 2.0 is refused where a whole number goes (JSON Schema's `integer` "
        "cannot say so)."
    ),
    "404": _error("No such game, no such round, or no such address."),
    "405": _error("The address exists but not with this method; the Allow header lists them."),
    "409": _error(
        "Conflict with the current state: a round on a finished game or after a game's "
        "1,000th, taking back a round "
        "that is not the last, a correction that would end the game before later rounds, "
        "or a stale version (the sheet changed since it was read)."
    ),
    "422": _error(
        "Well formed but against the rules of the pad: wrong number of players or scores, "
        "empty or repeated names, a closer who is not a player, a card outside "
        f"{MIN_CARD} … {MAX_CARD}, a rule option that does not exist or is out of range, "
        f"a number beyond ±{NUMBER_LIMIT}."
    ),
    "500": _error("A bug on the server; nothing is shown of it but this sentence."),
    "503": _error(
        "The database did not answer (its server restarting, a connection it dropped, a "
        "file locked too long): nothing changed; try again after Retry-After seconds."
    ),
    "401": _error(
        "An online table's request without a token, or with one that opens nothing at this "
        "table (unknown, or replaced by a new link)."
    ),
    "403": _error(
        "Not this token's to do: another seat's turn or cards, a move by the host's or a "
        "spectator's token, a host's action with another token."
    ),
}


def _errors(*codes: int) -> dict[str, Any]:
    """The refusals `codes`, and the 503 of a database that did not answer (any operation)."""
    return {**{str(code): ERRORS[str(code)] for code in codes}, "503": ERRORS["503"]}


WHOLE = {"type": "integer"}
SCHEMAS: dict[str, Any] = model_schemas()
"""Every body and answer, generated from its model (`api/models/`)."""

TABLE_VERSION = {
    **WHOLE,
    "description": "The table's `version` the request was made on; a move made on an older "
    "one is refused with 409 and the table as it is now.",
}


def _answer(schema: str, description: str) -> dict[str, Any]:
    return {"description": description, "content": {JSON: {"schema": _ref(schema)}}}


LOCATION = {"Location": {"description": "The game's address.", "schema": {"type": "string"}}}
GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "schema": {**WHOLE, "minimum": 1},
    "description": "The round number, from 1.",
}
ROUND_EXAMPLE = {"scores": [8, 50, 10], "closer": 2}
REPLAY_STEP = {
    "name": "step",
    "in": "path",
    "required": True,
    "schema": {**WHOLE, "minimum": 0},
    "description": "How many moves are played, from 0.",
}

PATHS: dict[str, Any] = {
    "/api/games": {
        "post": {
            "summary": "Start a score pad game",
            "operationId": "createGame",
            "requestBody": _body("NewGame", {"players": ["Ann", "Bob", "Cy"], "rules": {}}),
            "responses": {
                "201": {**_game("The new game."), "headers": LOCATION},
                "200": {
                    **_game("A game was already started with this `client_id`: that game."),
                    "headers": LOCATION,
                },
                **_errors(400, 409, 422, 500),
            },
        }
    },
    "/api/games/{game_id}": {
        "parameters": [GAME_ID],
        "get": {
            "summary": "The game",
            "operationId": "getGame",
            "responses": {"200": _game("The game."), **_errors(404, 500)},
        },
    },
    "/api/games/{game_id}/rounds": {
        "parameters": [GAME_ID],
        "post": {
            "summary": "Save a new round",
            "operationId": "addRound",
            "requestBody": _body("NewRoundBody", {**ROUND_EXAMPLE, "client_id": "r-1f3a9c2e"}),
            "responses": {
                "201": _game("The game with the new round (and `warnings`, if any)."),
                "200": _game("A round with this `client_id` was saved before: the game."),
                **_errors(400, 404, 409, 422, 500),
            },
        },
    },
    "/api/games/{game_id}/rounds/{number}": {
        "parameters": [GAME_ID, NUMBER],
        "put": {
            "summary": "Correct a past round",
            "description": "Later totals, the end of the game and the winners follow; a "
            "game that no longer reaches the target is no longer finished.",
            "operationId": "replaceRound",
            "requestBody": _body("RoundBody", ROUND_EXAMPLE),
            "responses": {
                "200": _game("The corrected game (and `warnings`, if any)."),
                **_errors(400, 404, 409, 422, 500),
            },
        },
        "delete": {
            "summary": "Take back the last round",
            "operationId": "removeRound",
            "requestBody": {
                "required": False,
                "content": {JSON: {"schema": _ref("TakeBackBody"), "example": {"version": 3}}},
            },
            "parameters": [
                {
                    "name": "version",
                    "in": "query",
                    "required": False,
                    "schema": WHOLE,
                    "description": VERSION_DESCRIPTION,
                }
            ],
            "responses": {
                "200": _game("The game without its last round."),
                **_errors(400, 404, 409, 500),
            },
        },
    },
    "/api/score": {
        "post": {
            "summary": "Score one grid after the column rule",
            "operationId": "scoreGrid",
            "requestBody": _body(
                "ScoreBody", {"grid": [[5, 5, -1, None], [5, 7, 2, None], [5, 0, 3, None]]}
            ),
            "responses": {
                "200": {
                    "description": "The raw score and the columns the rule removed.",
                    "content": {JSON: {"schema": _ref("GridScore")}},
                },
                **_errors(400, 422, 500),
            },
        }
    },
    "/api/openapi.json": {
        "get": {
            "summary": "This description",
            "operationId": "openapi",
            "responses": {
                "200": {
                    "description": "The OpenAPI 3.1 document.",
                    "content": {JSON: {"schema": {"type": "object"}}},
                }
            },
        }
    },
}


DOCUMENT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Skyjo Pad API",
        "version": "1",
        "description": "The score pad and the digital table of Skyjo Pad over JSON. Requests "
        "and answers are JSON "
        f"(Content-Type: application/json; bodies up to {MAX_BODY_BYTES // 1024} KB). Every "
        'error answers {"error": "<sentence>"}, and a refused request changes nothing. '
        "Seats are numbered from 0. Rule keys of the pad: " + ", ".join(PAD_RULE_KEYS) + ".",
    },
    "paths": PATHS,
    "components": {
        "schemas": SCHEMAS,
        "securitySchemes": {
            "tableToken": {
                "type": "http",
                "scheme": "bearer",
                "description": "An online table's seat, host or spectator token.",
            },
            "accessPassword": {
                "type": "http",
                "scheme": "basic",
                "description": "Only when the app has an access password (SKYJO_PASSWORD): "
                "that password, with any user name.",
            },
        },
    },
}


PASSWORD_NEEDED = _error(
    "The app has an access password (SKYJO_PASSWORD) and the request did not carry it: "
    "send it by HTTP Basic authentication, with any user name."
)
TOO_MANY = _error(
    "Too many requests from this address just now: creating games and tables, replays and "
    "the coach have a limit a minute, and so have wrong access passwords "
    "(docs/operations.md); wait and try again."
)
TOO_LARGE = _error("A body over 1 MB, refused before it is read.")


@bp.get("/openapi.json")
def document() -> Response:
    """This API's OpenAPI 3.1 description."""
    if "openapi" not in current_app.extensions:
        current_app.extensions["openapi"] = _with_the_apps_answers(DOCUMENT)
    return jsonify(current_app.extensions["openapi"])


def _with_the_apps_answers(document: dict[str, Any]) -> dict[str, Any]:
    """`document` with the answers the app adds in front of the views: 413 for any body,
    429 for a rate-limited view, and the access password's 401 and 429 (when one is set)
    for any request a table's token does not open."""
    whole = copy.deepcopy(document)
    limited = _limited_operations()
    for path, item in whole["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            answers = operation["responses"]
            if "requestBody" in operation:
                answers.setdefault("413", TOO_LARGE)
            opened_by = operation.get("security", [{}])
            if {} in opened_by:  # no token needed: the password stands in front of it
                operation["security"] = [*opened_by, {"accessPassword": []}]
                answers.setdefault("401", PASSWORD_NEEDED)
                answers.setdefault("429", TOO_MANY)
            elif (path, method) in limited:
                answers.setdefault("429", TOO_MANY)
    return whole


def _limited_operations() -> set[tuple[str, str]]:
    """Each (path, method) of the API whose view has a rate limit, in OpenAPI spelling."""
    found: set[tuple[str, str]] = set()
    for rule in current_app.url_map.iter_rules():
        view = current_app.view_functions.get(rule.endpoint)
        if not rule.endpoint.startswith(f"{bp.name}.") or view is None or not group_of(view):
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        found.update((path, method.lower()) for method in rule.methods or ())
    return found
