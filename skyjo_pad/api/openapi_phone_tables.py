"""The OpenAPI description of the digital table on one phone (`/api/phone-tables/`),
added to `openapi.DOCUMENT` on import (kept beside it: the main description is long
enough)."""

from __future__ import annotations

from .openapi import (
    GAME_ID,
    PATHS,
    REPLAY_STEP,
    TABLE_VERSION,
    WHOLE,
    _answer,
    _body,
    _error,
    _errors,
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
                "description": "Its next step, or (`all`) every step until a person must act "
                "(an expert's turn is searched, up to about a second, and ends such a run). "
                "Comes from the table's page, with its X-CSRFToken header.",
                "operationId": "advanceTable",
                "requestBody": _body("AdvanceBody", {"version": 1, "all": True}),
                "responses": {
                    "200": _answer("TableScreen", "The play screen after the computer's steps."),
                    **_errors(400, 404, 409, 500),
                    "503": _error(
                        "Every search of the server is busy at other tables, or the "
                        "database did not answer: ask again in a moment (nothing changed)."
                    ),
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
