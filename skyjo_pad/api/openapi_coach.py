"""The OpenAPI paths of the coach at the table (`api/coach.py`), on both kinds of table,
added to `openapi.DOCUMENT` on import (its answers' schemas come from `models/coach.py`)."""

from __future__ import annotations

from typing import Any

from .openapi import GAME_ID, PATHS, TABLE_VERSION, WHOLE, _answer, _error, _errors
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
BUSY = _error(
    "The coach is busy with other players, or the database did not answer: ask again in a moment."
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
