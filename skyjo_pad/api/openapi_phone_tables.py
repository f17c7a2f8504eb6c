"""The OpenAPI description of the digital table on one phone (`/api/phone-tables/`),
added to `openapi.DOCUMENT` on import (kept beside it: the main description is long
enough)."""

from __future__ import annotations

from ..engine.notation import ACTIONS, MOVE_KEYS
from .openapi import (
    GAME_ID,
    PATHS,
    REPLAY_STEP,
    SCHEMAS,
    TABLE_VERSION,
    WHOLE,
    _answer,
    _body,
    _errors,
    _ref,
)

MOVE_VALUES = {
    "seat": {**WHOLE, "minimum": 0},
    "cell": {"type": "array", "items": WHOLE, "minItems": 2, "maxItems": 2},
    "deck": {"type": "array", "items": WHOLE},
}
"""What each key of a move holds besides its action (the notation says which it takes)."""


def _move(action: str) -> dict[str, object]:
    """The schema of one kind of move: its action and exactly the keys it takes."""
    required, optional = MOVE_KEYS[action]
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["action", *required],
        "properties": {
            "action": {"const": action},
            **{key: MOVE_VALUES[key] for key in (*required, *optional)},
        },
    }


SCHEMAS.update(
    {
        "Move": {
            "description": "One move of skyjo-position/1 (docs/formats.md), like "
            '{"action": "swap", "cell": [1, 3]}.',
            "anyOf": [_move(action) for action in ACTIONS],
        },
        "MoveBody": {
            "type": "object",
            "required": ["version", "move"],
            "properties": {"version": TABLE_VERSION, "move": _ref("Move")},
        },
        "AdvanceBody": {
            "type": "object",
            "required": ["version"],
            "properties": {
                "version": TABLE_VERSION,
                "all": {
                    "type": "boolean",
                    "default": False,
                    "description": "true plays every computer step until a person must act.",
                },
            },
        },
        "TableScreen": {
            "type": "object",
            "description": "What the play screen draws: one seat's view (skyjo-position/1 "
            "view: no face-down value, no draw pile, no seed) and the words around it.",
            "required": ["id", "version", "status", "view", "you", "moves", "info", "log"],
            "properties": {
                "id": {"type": "string"},
                "version": WHOLE,
                "status": {"enum": ["playing", "finished", "abandoned"]},
                "view": {"type": "object", "description": "The view of seat `you`."},
                "you": {**WHOLE, "description": "The seat the phone shows."},
                "actor": {"type": ["integer", "null"], "description": "The seat to act."},
                "bots": {"type": "array", "items": {"type": ["string", "null"]}},
                "pass_and_play": {"type": "boolean"},
                "info": {
                    "type": "object",
                    "properties": {
                        "now": {"type": "string", "description": "What has to happen now."},
                        "then": {"type": ["string", "null"], "description": "What just did."},
                    },
                },
                "log": {"type": "array", "items": {"type": "string"}},
                "moves": {"type": "array", "items": _ref("Move")},
                "can_deal": {"type": "boolean"},
                "tallies": {"type": "array", "items": WHOLE},
                "summary": {
                    "type": ["object", "null"],
                    "description": "Once a round is over: its scores, totals and winners.",
                },
            },
        },
        "Hint": {
            "type": "object",
            "required": ["move", "text"],
            "properties": {"move": _ref("Move"), "text": {"type": "string"}},
        },
        "Record": {
            "type": "object",
            "description": "skyjo-record/1 (docs/formats.md): the first deal and every move.",
            "required": ["format", "position", "moves"],
            "properties": {
                "format": {"const": "skyjo-record/1"},
                "description": {"type": "string"},
                "position": {"type": "object"},
                "moves": {"type": "array", "items": _ref("Move")},
            },
        },
        "ReplayStep": {
            "type": "object",
            "description": "The table after `step` moves, as a spectator sees it.",
            "required": ["step", "steps", "view", "text"],
            "properties": {
                "step": WHOLE,
                "steps": WHOLE,
                "view": {"type": "object"},
                "bots": {"type": "array", "items": {"type": ["string", "null"]}},
                "text": {"type": "string", "description": "What the last move did."},
                "tallies": {"type": "array", "items": WHOLE},
                "summary": {"type": ["object", "null"]},
            },
        },
    }
)
PATHS.update(
    {
        "/api/phone-tables/{game_id}": {
            "parameters": [GAME_ID],
            "get": {
                "summary": "A digital table's play screen",
                "description": "A one-phone table only: an online table is reached through its "
                "tokens, so every /api/phone-tables route answers 404 for it.",
                "operationId": "getTable",
                "responses": {
                    "200": _answer(
                        "TableScreen", "The play screen for the seat holding the phone."
                    ),
                    **_errors(400, 404, 500),
                },
            },
        },
        "/api/phone-tables/{game_id}/moves": {
            "parameters": [GAME_ID],
            "post": {
                "summary": "Play a person's move",
                "description": "Comes from the table's page: the X-CSRFToken header carries its "
                "token. Refused (nothing changed, the table as it is now under `state`) when "
                "stale, unreadable, illegal (the engine's reason) or a computer's move.",
                "operationId": "playTableMove",
                "requestBody": _body(
                    "MoveBody",
                    {"version": 1, "move": {"action": "reveal", "seat": 0, "cell": [0, 0]}},
                ),
                "responses": {
                    "200": _answer("TableScreen", "The play screen after the move."),
                    **_errors(400, 404, 409, 422, 500),
                },
            },
        },
        "/api/phone-tables/{game_id}/advance": {
            "parameters": [GAME_ID],
            "post": {
                "summary": "Let the computer play",
                "description": "Its next step, or (`all`) every step until a person must act. "
                "Comes from the table's page, with its X-CSRFToken header.",
                "operationId": "advanceTable",
                "requestBody": _body("AdvanceBody", {"version": 1, "all": True}),
                "responses": {
                    "200": _answer("TableScreen", "The play screen after the computer's steps."),
                    **_errors(400, 404, 409, 500),
                },
            },
        },
        "/api/phone-tables/{game_id}/hint": {
            "parameters": [GAME_ID],
            "get": {
                "summary": "A hint for the person to act",
                "operationId": "tableHint",
                "parameters": [
                    {
                        "name": "version",
                        "in": "query",
                        "required": True,
                        "schema": WHOLE,
                        "description": TABLE_VERSION["description"],
                    }
                ],
                "responses": {
                    "200": _answer("Hint", "The move the hard computer player would make."),
                    **_errors(400, 404, 409, 500),
                },
            },
        },
        "/api/phone-tables/{game_id}/record": {
            "parameters": [GAME_ID],
            "get": {
                "summary": "The game record of a table that is over",
                "description": "It shows every card, so it is ready once the game is over or "
                "abandoned (409 before).",
                "operationId": "tableRecord",
                "responses": {
                    "200": _answer("Record", "The skyjo-record/1, as a download."),
                    **_errors(400, 404, 409, 500),
                },
            },
        },
        "/api/phone-tables/{game_id}/replay": {
            "parameters": [GAME_ID],
            "get": {
                "summary": "The replay's first step",
                "description": "While the table is played, only on the device it is played on "
                "(403 elsewhere); 404 for an online table (its tokens replay it). Rate-limited.",
                "operationId": "tableReplay",
                "responses": {
                    "200": _answer("ReplayStep", "The table as dealt, and how many steps follow."),
                    **_errors(400, 403, 404, 500),
                },
            },
        },
        "/api/phone-tables/{game_id}/replay/{step}": {
            "parameters": [
                GAME_ID,
                REPLAY_STEP,
            ],
            "get": {
                "summary": "One step of the replay",
                "operationId": "tableReplayStep",
                "responses": {
                    "200": _answer(
                        "ReplayStep", "The table after `step` moves, as a spectator sees it."
                    ),
                    **_errors(400, 403, 404, 500),
                },
            },
        },
    }
)
