"""The OpenAPI description of the online tables (`/api/tables/`, each player on their own
phone through a token), added to `openapi.DOCUMENT` on import (kept beside it: the main
description is long enough)."""

from __future__ import annotations

from ..bots import BUILTIN
from ..models import NAME_MAX
from .openapi import (
    GAME_ID,
    JSON,
    PATHS,
    REPLAY_STEP,
    SCHEMAS,
    TABLE_VERSION,
    WHOLE,
    _answer,
    _body,
    _error,
    _errors,
    _ref,
)

SEAT = {"seat": WHOLE, "name": {"type": "string"}, "bot": {"type": ["string", "null"]}}
"""A seat of an online table: its number, who sits there, the computer player if any."""
TOKEN_SECURITY: list[dict[str, list[str]]] = [{"tableToken": []}]
SEAT_IN_PATH = {
    "name": "seat",
    "in": "path",
    "required": True,
    "schema": {**WHOLE, "minimum": 0},
    "description": "The seat, from 0.",
}
PERSON_SEAT = {
    "type": "object",
    "description": "A person: a name, and an address to send the link to (optional).",
    "required": ["name"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "maxLength": NAME_MAX},
        "email": {"type": ["string", "null"]},
        "bot": {"type": "null"},
    },
}
COMPUTER_SEAT = {
    "type": "object",
    "description": "A computer player (its name: the level's, if none).",
    "required": ["bot"],
    "additionalProperties": False,
    "properties": {
        "bot": {"enum": list(BUILTIN)},
        "name": {"type": ["string", "null"], "maxLength": NAME_MAX},
        "email": {"type": "null"},
    },
}
SCHEMAS.update(
    {
        "NewOnlineTable": {
            "type": "object",
            "required": ["seats"],
            "additionalProperties": False,
            "properties": {
                "seats": {
                    "type": "array",
                    "minItems": 1,
                    "items": {"anyOf": [PERSON_SEAT, COMPUTER_SEAT]},
                    "description": "In turn order: a person {name, email?} or a computer "
                    "player {bot}; 2 to 8 seats (12 with max_players 12), one a person.",
                },
                "rules": {
                    "type": ["object", "null"],
                    "description": "Any option of docs/rules-options.md (null: the defaults).",
                },
                "seed": {
                    "type": ["integer", "null"],
                    "minimum": 0,
                    "description": "The deal (optional; null: a secret one).",
                },
            },
        },
        "CreatedOnlineTable": {
            "type": "object",
            "description": "Every token of the new table, shown this once (only digests are kept).",
            "required": ["id", "host_token", "spectator_token", "seats"],
            "properties": {
                "id": {"type": "string"},
                "host_token": {"type": "string"},
                "spectator_token": {"type": "string"},
                "seats": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["seat", "name"],
                        "properties": {
                            "seat": WHOLE,
                            "name": {"type": "string"},
                            "token": {"type": "string"},
                            "link": {"type": "string"},
                            "invitation": {"enum": ["sent", "failed", "none"]},
                            "bot": {"type": "string"},
                        },
                    },
                },
            },
        },
        "OnlineTable": {
            "type": "object",
            "description": "An online table as one token sees it: the view of its seat (a "
            "spectator's view for the host and spectators), never a face-down value, the "
            "draw pile or the seed. Besides API.md's fields it carries what the page draws.",
            "required": ["id", "version", "status", "seat", "actor", "view", "moves", "seats"],
            "properties": {
                "id": {"type": "string"},
                "version": WHOLE,
                "status": {"enum": ["playing", "finished", "abandoned"]},
                "seat": {"type": ["integer", "null"], "description": "This token's seat."},
                "actor": {
                    "type": ["integer", "null"],
                    "description": "The seat to act (null during the opening reveals, "
                    "between rounds and at the end).",
                },
                "view": {"type": "object"},
                "moves": {"type": "array", "items": _ref("Move")},
                "seats": {"type": "array", "items": {"type": "object", "properties": SEAT}},
                "summary": {"type": ["object", "null"]},
                "role": {"enum": ["seat", "host", "spectator"]},
                "chosen_deal": {
                    "type": "boolean",
                    "description": "Whoever made the table chose its deal number (`seed`), "
                    "so they can know every card: every seat is told.",
                },
            },
        },
        "HostSeats": {
            "type": "object",
            "required": ["seats"],
            "properties": {
                "seats": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            **SEAT,
                            "opened": {"type": "boolean"},
                            "online": {"type": "boolean"},
                            "invitation": {"type": ["string", "null"]},
                        },
                    },
                }
            },
        },
        "Reissued": {
            "type": "object",
            "required": ["seat", "token", "link"],
            "properties": {
                "seat": WHOLE,
                "token": {"type": "string"},
                "link": {"type": "string"},
            },
        },
        "OnlineMove": {
            "type": "object",
            "required": ["version", "move"],
            "additionalProperties": False,
            "properties": {"version": TABLE_VERSION, "move": _ref("Move")},
        },
    }
)
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
                "after the computer seats played. Refused with nothing changed: 409 stale or "
                "over, 403 not this seat's turn (or another seat's reveal) or not a seat "
                "token, 422 against the rules, 400 not a move.",
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
                    "200": _answer("HostSeats", "Every seat after the change."),
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
