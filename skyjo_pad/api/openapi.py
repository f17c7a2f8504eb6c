"""The OpenAPI 3.1 description of the API, served at GET /api/openapi.json.

A test checks that it lists exactly the routes of the API blueprint.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from ..engine.limits import MAX_CARD, MIN_CARD, MULTIPLIER_MAX, RAW_MAX, RAW_MIN, TARGET_MAX
from ..engine.rules import PAD_RULE_KEYS
from .blueprint import bp
from .bodies import MAX_BODY_BYTES, NUMBER_LIMIT

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
        "a missing field or a value of the wrong type."
    ),
    "404": _error("No such game, no such round, or no such address."),
    "405": _error("The address exists but not with this method; the Allow header lists them."),
    "409": _error(
        "Conflict with the current state: a round on a finished game, taking back a round "
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
}


def _errors(*codes: int) -> dict[str, Any]:
    return {str(code): ERRORS[str(code)] for code in codes}


WHOLE = {"type": "integer"}
CARD = {"type": ["integer", "null"], "minimum": MIN_CARD, "maximum": MAX_CARD}
VERSION = {
    "type": ["integer", "null"],
    "description": "Optional: the game's `version` this request was made against. If the "
    "game changed since (another phone saved a round), the request is refused with 409 "
    "and nothing is saved.",
}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {"error": {"type": "string", "description": "A sentence saying why."}},
    },
    "Rules": {
        "type": "object",
        "description": "The score pad's rule options (RULES.md); a key left out takes its default.",
        "additionalProperties": False,
        "properties": {
            "target": {**WHOLE, "minimum": 1, "maximum": TARGET_MAX, "default": 100},
            "multiplier": {**WHOLE, "minimum": 1, "maximum": MULTIPLIER_MAX, "default": 2},
            "tie_doubles": {"type": "boolean", "default": True},
            "double_only_positive": {"type": "boolean", "default": True},
        },
    },
    "NewGame": {
        "type": "object",
        "required": ["players"],
        "additionalProperties": False,
        "properties": {
            "players": {
                "type": "array",
                "minItems": 2,
                "maxItems": 12,
                "items": {"type": "string", "minLength": 1, "maxLength": 40},
                "description": "Names in seat order (seats from 0), non-empty and distinct.",
            },
            "rules": {"oneOf": [_ref("Rules"), {"type": "null"}]},
        },
    },
    "Grid": {
        "type": "array",
        "description": "3 rows of 4 card values, top row first; null for a card removed "
        "during the round.",
        "minItems": 3,
        "maxItems": 3,
        "items": {"type": "array", "minItems": 4, "maxItems": 4, "items": CARD},
    },
    "RoundBody": {
        "type": "object",
        "description": "Exactly one of `scores` and `grids`, and `closer` (null: nobody "
        f"closed). A raw score outside {RAW_MIN} … {RAW_MAX} is kept, with a warning.",
        "required": ["closer"],
        "additionalProperties": False,
        "properties": {
            "scores": {
                "type": "array",
                "items": {**WHOLE, "minimum": -NUMBER_LIMIT, "maximum": NUMBER_LIMIT},
                "description": "Each player's raw round score, one per seat.",
            },
            "grids": {
                "type": "array",
                "items": _ref("Grid"),
                "description": "Each player's final grid, one per seat; the column rule "
                "is applied before adding up.",
            },
            "closer": {"type": ["integer", "null"], "minimum": 0},
            "version": VERSION,
        },
        "oneOf": [{"required": ["scores"]}, {"required": ["grids"]}],
    },
    "Round": {
        "type": "object",
        "required": ["number", "closer", "raw", "final", "doubled"],
        "properties": {
            "number": {**WHOLE, "minimum": 1},
            "closer": {"type": ["integer", "null"]},
            "raw": {"type": "array", "items": WHOLE},
            "final": {"type": "array", "items": WHOLE, "description": "After the penalty."},
            "doubled": {"type": "boolean"},
        },
    },
    "Game": {
        "type": "object",
        "required": [
            "id",
            "kind",
            "players",
            "rules",
            "rounds",
            "totals",
            "finished",
            "winners",
            "version",
        ],
        "properties": {
            "id": {"type": "string"},
            "kind": {"const": "pad"},
            "players": {"type": "array", "items": {"type": "string"}},
            "rules": _ref("Rules"),
            "rounds": {"type": "array", "items": _ref("Round")},
            "totals": {"type": "array", "items": WHOLE},
            "finished": {"type": "boolean"},
            "winners": {
                "type": "array",
                "items": WHOLE,
                "description": "Seats with the lowest total once finished (several if "
                "tied); empty while the game goes on.",
            },
            "version": {
                **WHOLE,
                "description": "Changes with every save; send it back as `version` to be "
                "told (409) when the sheet changed meanwhile.",
            },
            "warnings": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Only in answers to saving a round, when a score lies "
                "outside the official bounds.",
            },
        },
    },
    "GridScore": {
        "type": "object",
        "required": ["raw", "removed_columns"],
        "properties": {
            "raw": WHOLE,
            "removed_columns": {"type": "array", "items": {**WHOLE, "minimum": 0, "maximum": 3}},
        },
    },
}

GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"}}
NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "schema": {**WHOLE, "minimum": 1},
    "description": "The round number, from 1.",
}
ROUND_EXAMPLE = {"scores": [8, 50, 10], "closer": 2}

PATHS: dict[str, Any] = {
    "/api/games": {
        "post": {
            "summary": "Start a score pad game",
            "operationId": "createGame",
            "requestBody": _body("NewGame", {"players": ["Ann", "Bob", "Cy"], "rules": {}}),
            "responses": {"201": _game("The new game."), **_errors(400, 422, 500)},
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
            "requestBody": _body("RoundBody", ROUND_EXAMPLE),
            "responses": {
                "201": _game("The game with the new round (and `warnings`, if any)."),
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
            "parameters": [
                {
                    "name": "version",
                    "in": "query",
                    "required": False,
                    "schema": WHOLE,
                    "description": VERSION["description"],
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
            "requestBody": {
                "required": True,
                "content": {
                    JSON: {
                        "schema": {
                            "type": "object",
                            "required": ["grid"],
                            "additionalProperties": False,
                            "properties": {"grid": _ref("Grid")},
                        },
                        "example": {"grid": [[5, 5, -1, None], [5, 7, 2, None], [5, 0, 3, None]]},
                    }
                },
            },
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
        "description": "The score pad of Skyjo Pad over JSON. Requests and answers are JSON "
        f"(Content-Type: application/json; bodies up to {MAX_BODY_BYTES // 1024} KB). Every "
        'error answers {"error": "<sentence>"}, and a refused request changes nothing. '
        "Seats are numbered from 0. Rule keys of the pad: " + ", ".join(PAD_RULE_KEYS) + ".",
    },
    "paths": PATHS,
    "components": {"schemas": SCHEMAS},
}


@bp.get("/openapi.json")
def document() -> Response:
    """This API's OpenAPI 3.1 description."""
    return jsonify(DOCUMENT)
