"""The OpenAPI description of the coach at the table (`api/coach.py`), on both kinds of
table, added to `openapi.DOCUMENT` on import; and the screens' `step`, the number a move
is asked about by."""

from __future__ import annotations

from typing import Any

from . import openapi_phone_tables  # noqa: F401  (its TableScreen gets `step` below)
from .openapi import GAME_ID, PATHS, SCHEMAS, TABLE_VERSION, WHOLE, _answer, _error, _errors, _ref
from .openapi_online import TOKEN_SECURITY

MOVE_NUMBER = {
    "name": "move",
    "in": "query",
    "required": True,
    "schema": {**WHOLE, "minimum": 1},
    "description": "The move's number in the game, from 1 (the table's `step` is the number "
    "of moves so far: a move made on it is `step + 1`).",
}
VERSION = {
    "name": "version",
    "in": "query",
    "required": True,
    "schema": WHOLE,
    "description": TABLE_VERSION["description"],
}
STEP = {
    **WHOLE,
    "description": "How many moves the table has had: a move made now is move `step + 1`, "
    "the number the coach is asked about.",
}
SCHEMAS["TableScreen"]["properties"]["step"] = STEP
SCHEMAS["OnlineTable"]["properties"]["step"] = STEP
BUSY = _error("The coach is busy with other players: ask again in a moment.")
SCHEMAS.update(
    {
        "CoachWord": {
            "type": "object",
            "description": "The coach on one move, from its player's view before it.",
            "required": ["move", "seat", "weighed", "better", "points", "text"],
            "properties": {
                "move": WHOLE,
                "seat": WHOLE,
                "weighed": {
                    "type": "boolean",
                    "description": "false: not a choice the coach weighs (an opening reveal, "
                    "a forced move) or no time to weigh it; `text` is then null.",
                },
                "better": {"anyOf": [_ref("Move"), {"type": "null"}]},
                "points": {
                    "type": ["number", "null"],
                    "description": "How many points better `better` is on average.",
                },
                "text": {"type": ["string", "null"]},
            },
        },
        "CoachRisks": {
            "type": "object",
            "description": "Each move that closes the round now, and what the close risks.",
            "required": ["seat", "closes"],
            "properties": {
                "seat": WHOLE,
                "closes": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["move", "chance", "cost", "score", "text"],
                        "properties": {
                            "move": _ref("Move"),
                            "chance": {"type": "number", "minimum": 0, "maximum": 1},
                            "cost": {"type": "number"},
                            "score": {"type": "number"},
                            "text": {"type": "string"},
                        },
                    },
                },
            },
        },
    }
)


def _operation(name: str, summary: str, answer: str, online: bool, query: Any) -> dict[str, Any]:
    codes = (400, 401, 403, 404, 409, 500) if online else (400, 403, 404, 409, 500)
    operation = {
        "summary": summary,
        "description": "Rate-limited per address; 503 while the coach is busy.",
        "operationId": name,
        "parameters": [query],
        "responses": {
            "200": _answer(answer, summary),
            **_errors(*codes),
            "503": BUSY,
        },
    }
    if online:
        operation["security"] = TOKEN_SECURITY
    return operation


PATHS.update(
    {
        "/api/phone-tables/{game_id}/coach": {
            "parameters": [GAME_ID],
            "get": _operation(
                "tableCoach", "What the expert would have played", "CoachWord", False, MOVE_NUMBER
            ),
        },
        "/api/phone-tables/{game_id}/coach/close": {
            "parameters": [GAME_ID],
            "get": _operation(
                "tableCoachClose", "What closing now risks", "CoachRisks", False, VERSION
            ),
        },
        "/api/tables/{game_id}/coach": {
            "parameters": [GAME_ID],
            "get": _operation(
                "onlineCoach",
                "What the expert would have played (own seat)",
                "CoachWord",
                True,
                MOVE_NUMBER,
            ),
        },
        "/api/tables/{game_id}/coach/close": {
            "parameters": [GAME_ID],
            "get": _operation(
                "onlineCoachClose",
                "What closing now risks (own seat)",
                "CoachRisks",
                True,
                VERSION,
            ),
        },
    }
)
