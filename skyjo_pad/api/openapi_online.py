"""The OpenAPI description of the online tables (`/api/tables/`, each player on their own
phone through a token), added to `openapi.DOCUMENT` on import (kept beside it: the main
description is long enough)."""

from __future__ import annotations

from .openapi import (
    GAME_ID,
    JSON,
    PATHS,
    REPLAY_STEP,
    WHOLE,
    _answer,
    _body,
    _error,
    _errors,
    _ref,
)

TOKEN_SECURITY: list[dict[str, list[str]]] = [{"tableToken": []}]
SEAT_IN_PATH = {
    "name": "seat",
    "in": "path",
    "required": True,
    "schema": {**WHOLE, "minimum": 0},
    "description": "The seat, from 0.",
}
PATHS.update(
    {
        "/api/tables": {
            "post": {
                "summary": "Start an online table",
                "description": "No token needed. Emails each person with an address their "
                "link when a mail server is set up (`invitation`).",
                "operationId": "createOnlineTable",
                "requestBody": _body(
                    "NewOnlineTable",
                    {
                        "seats": [
                            {"name": "Ann", "email": "ann@example.org"},
                            {"name": "Bob"},
                            {"bot": "hard"},
                        ],
                        "rules": {"target": 100},
                    },
                ),
                "responses": {
                    "201": _answer("CreatedOnlineTable", "The table and its tokens."),
                    **_errors(400, 422, 500),
                },
            }
        },
        "/api/tables/{game_id}": {
            "parameters": [GAME_ID],
            "get": {
                "summary": "An online table, as this token sees it",
                "parameters": [
                    {
                        "name": "previous",
                        "in": "query",
                        "required": False,
                        "description": "1: add the scores of the latest round that ended.",
                        "schema": {"type": "string", "enum": ["1"]},
                    }
                ],
                "operationId": "getOnlineTable",
                "security": TOKEN_SECURITY,
                "responses": {
                    "200": _answer("OnlineTable", "The table now."),
                    **_errors(400, 401, 404, 500),
                },
            },
        },
        "/api/tables/{game_id}/moves": {
            "parameters": [GAME_ID],
            "post": {
                "summary": "A seat's move",
                "description": "With a seat token, on the table's version; the answer comes "
                "after the computer seats played (an expert's searched turns too, up to 30 s; "
                "wait=0: at once, the event stream telling the rest). Refused with nothing "
                "changed: 409 stale or over, 403 not this seat's turn (or another seat's "
                "reveal) or not a seat token, 422 against the rules, 400 not a move.",
                "parameters": [
                    {
                        "name": "wait",
                        "in": "query",
                        "required": False,
                        "description": "0: answer before an expert's searched turn.",
                        "schema": {"type": "string", "enum": ["0"]},
                    }
                ],
                "operationId": "playOnlineMove",
                "security": TOKEN_SECURITY,
                "requestBody": _body("OnlineMove", {"version": 1, "move": {"action": "draw"}}),
                "responses": {
                    "200": _answer("OnlineTable", "The table after the move."),
                    **_errors(400, 401, 404, 403, 409, 422, 500),
                },
            },
        },
        "/api/tables/{game_id}/events": {
            "parameters": [GAME_ID],
            "get": {
                "summary": "Server-sent events: the table's version moved",
                "description": 'An event `version` with data {"version": n} first (the '
                "version now) and then every time the table moves; comment lines keep it "
                "open. The page's stream may carry the token in its cookie instead. It ends "
                "after the table's last version, or within a second when its link is "
                "replaced. With answers=1, each `version` event is followed by an `answer` "
                "event whose data is the token's own answer (as GET /api/tables/{id} gives "
                "it, at that version or a later one), so the client need not ask for it.",
                "parameters": [
                    {
                        "name": "answers",
                        "in": "query",
                        "required": False,
                        "description": "1: push the token's own answer after each version.",
                        "schema": {"type": "string", "enum": ["1"]},
                    }
                ],
                "operationId": "onlineTableEvents",
                "security": TOKEN_SECURITY,
                "responses": {
                    "200": {
                        "description": "The event stream.",
                        "content": {
                            "text/event-stream": {
                                "schema": {
                                    "type": "object",
                                    "description": "One event: `version`, its id the "
                                    'version, its data JSON {"version": n}; or (answers=1) '
                                    "`answer`, its data the token's answer as JSON.",
                                    "required": ["event", "data"],
                                    "properties": {
                                        "event": {"enum": ["version", "answer"]},
                                        "id": {"type": "string"},
                                        "data": {"type": "string"},
                                    },
                                }
                            }
                        },
                    },
                    "204": {
                        "description": "The table is over (finished or abandoned): no "
                        "stream, and EventSource stops reconnecting."
                    },
                    "429": _error(
                        "Too many open streams for this link, or from this client address."
                    ),
                    **_errors(400, 401, 404, 500),
                },
            },
        },
        "/api/tables/{game_id}/record": {
            "parameters": [GAME_ID],
            "get": {
                "summary": "The record of an online table that is over",
                "operationId": "onlineTableRecord",
                "security": TOKEN_SECURITY,
                "responses": {
                    "200": _answer("Record", "The skyjo-record/1."),
                    **_errors(400, 401, 404, 409, 500),
                },
            },
        },
        "/api/tables/{game_id}/replay/{step}": {
            "parameters": [
                GAME_ID,
                REPLAY_STEP,
            ],
            "get": {
                "summary": "One step of an online table's replay",
                "description": "Any token of the table (or the page's cookie), while it is "
                "played and after: the table after `step` moves, as a spectator saw it. "
                "Rate-limited per address.",
                "operationId": "onlineTableReplayStep",
                "security": TOKEN_SECURITY,
                "responses": {
                    "200": _answer(
                        "ReplayStep", "The table after `step` moves, as a spectator sees it."
                    ),
                    **_errors(400, 401, 404, 500),
                },
            },
        },
        "/api/tables/{game_id}/seats": {
            "parameters": [GAME_ID],
            "get": {
                "summary": "The seats as the host sees them",
                "description": "Host token: who opened their link, who is online now.",
                "operationId": "onlineTableSeats",
                "security": TOKEN_SECURITY,
                "responses": {
                    "200": _answer("HostSeats", "Every seat."),
                    **_errors(400, 401, 404, 403, 500),
                },
            },
        },
        "/api/tables/{game_id}/seats/{seat}/token": {
            "parameters": [GAME_ID, SEAT_IN_PATH],
            "post": {
                "summary": "A new link for a seat",
                "description": "Host token; the seat's old token stops working at once (and "
                "its open event streams close). Refused (409) while the seat holds a card "
                "drawn from the pile and not placed yet: the new link would show it.",
                "operationId": "reissueSeatToken",
                "security": TOKEN_SECURITY,
                "requestBody": {
                    "required": False,
                    "content": {JSON: {"schema": _ref("NoFields")}},
                },
                "responses": {
                    "200": _answer("Reissued", "The new token, shown this once."),
                    **_errors(400, 401, 404, 403, 409, 422, 500),
                },
            },
        },
        "/api/tables/{game_id}/seats/{seat}/player": {
            "parameters": [GAME_ID, SEAT_IN_PATH],
            "post": {
                "summary": "Give a seat to a computer player, or back to its person",
                "operationId": "giveSeat",
                "security": TOKEN_SECURITY,
                "requestBody": _body("GiveSeat", {"bot": "medium"}),
                "responses": {
                    "200": _answer(
                        "GivenSeat",
                        "Every seat after the change (and a newcomer's token and link).",
                    ),
                    **_errors(400, 401, 404, 403, 409, 422, 500),
                },
            },
        },
        "/api/tables/{game_id}/abandon": {
            "parameters": [GAME_ID],
            "post": {
                "summary": "Abandon an online table",
                "description": "Host token; the game stays in the history.",
                "operationId": "abandonOnlineTable",
                "security": TOKEN_SECURITY,
                "requestBody": _body("Abandon", {"confirm": True}),
                "responses": {
                    "200": _answer("OnlineTable", "The table, abandoned."),
                    **_errors(400, 401, 404, 403, 500),
                },
            },
        },
    }
)
