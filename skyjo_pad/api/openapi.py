"""The OpenAPI 3.1 description of the API, served at GET /api/openapi.json.

A test checks that it lists exactly the routes of the API blueprint.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from ..bots import BUILTIN
from ..engine.limits import (
    MAX_CARD,
    MIN_CARD,
)
from ..engine.notation import ACTIONS
from ..engine.rules import PAD_RULE_KEYS
from ..models import NAME_MAX
from .blueprint import bp
from .bodies import MAX_BODY_BYTES
from .models.pad import NUMBER_LIMIT, VERSION_DESCRIPTION
from .models.schemas import schemas as request_schemas

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
    return {str(code): ERRORS[str(code)] for code in codes}


WHOLE = {"type": "integer"}
SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {"type": "string", "description": "A sentence saying why (English)."},
            "message": {
                "type": "string",
                "description": "The same sentence in the reader's language (the lang cookie "
                "or Accept-Language), when that is not English: what a page shows.",
            },
            "state": {
                **_ref("TableScreen"),
                "description": "Only from a table's routes, when the table exists: its play "
                "screen as it is now, so a stale screen catches up.",
            },
        },
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
            "rules": _ref("PadRules"),
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
SCHEMAS.update(request_schemas())

TABLE_VERSION = {
    **WHOLE,
    "description": "The table's `version` the request was made on; a move made on an older "
    "one is refused with 409 and the table as it is now.",
}
SCHEMAS.update(
    {
        "Move": {
            "type": "object",
            "description": "One move of skyjo-position/1 (docs/formats.md), like "
            '{"action": "swap", "cell": [1, 3]}.',
            "required": ["action"],
            "properties": {
                "action": {"enum": list(ACTIONS)},
                "seat": {**WHOLE, "minimum": 0},
                "cell": {"type": "array", "items": WHOLE, "minItems": 2, "maxItems": 2},
            },
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


def _answer(schema: str, description: str) -> dict[str, Any]:
    return {"description": description, "content": {JSON: {"schema": _ref(schema)}}}


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
                "201": _game("The new game."),
                "200": _game("A game was already started with this `client_id`: that game."),
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
    "/api/phone-tables/{game_id}": {
        "parameters": [GAME_ID],
        "get": {
            "summary": "A digital table's play screen",
            "description": "A one-phone table only: an online table is reached through its "
            "tokens, so every /api/phone-tables route answers 404 for it.",
            "operationId": "getTable",
            "responses": {
                "200": _answer("TableScreen", "The play screen for the seat holding the phone."),
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
                "MoveBody", {"version": 1, "move": {"action": "reveal", "seat": 0, "cell": [0, 0]}}
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
                    "items": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            "name": {"type": "string", "maxLength": NAME_MAX},
                            "email": {"type": ["string", "null"]},
                            "bot": {"enum": list(BUILTIN)},
                        },
                    },
                    "description": "In turn order: a person {name, email?} or a computer "
                    "player {bot}; 2 to 8 seats (12 with max_players 12), one a person.",
                },
                "rules": {"type": "object", "description": "Any option of docs/rules-options.md."},
                "seed": {"type": "integer", "minimum": 0, "description": "The deal (optional)."},
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
        "GiveSeat": {
            "type": "object",
            "required": ["bot"],
            "additionalProperties": False,
            "properties": {"bot": {"enum": [*BUILTIN, None]}},
        },
        "Abandon": {
            "type": "object",
            "required": ["confirm"],
            "additionalProperties": False,
            "properties": {"confirm": {"const": True, "description": "Yes, abandon it."}},
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
                "replaced.",
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
                                    'version, its data JSON {"version": n}.',
                                    "required": ["event", "data"],
                                    "properties": {
                                        "event": {"const": "version"},
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
                    "content": {JSON: {"schema": {"type": "object", "maxProperties": 0}}},
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
            }
        },
    },
}


@bp.get("/openapi.json")
def document() -> Response:
    """This API's OpenAPI 3.1 description."""
    return jsonify(DOCUMENT)
