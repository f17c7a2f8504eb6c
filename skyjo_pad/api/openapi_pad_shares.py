"""The OpenAPI description of a sheet followed by other phones (issue 23): the sheet's
event stream and its watch and keeper links, added to `openapi.DOCUMENT` on import (kept
beside it: the main description is already long)."""

from __future__ import annotations

from typing import Any

from ..services.pad_shares import LINK_ID_MAX, LINKS_MAX
from .openapi import (
    DOCUMENT,
    GAME_ID,
    PATHS,
    _answer,
    _body,
    _error,
    _errors,
)

LINK_SECURITY: list[dict[str, list[str]]] = [{}, {"padLink": []}]
"""Optional: the sheet's own phone needs none (or the access password); another phone
sends its link's token."""
NO_LINK = _error(
    "A bearer token that opens nothing at this game (unknown, or its link was revoked); "
    "with the access password set, a request with neither the password nor a link."
)
EVENT = {
    "type": "object",
    "description": 'One event: `version`, its id the version, its data JSON {"version": n}.',
    "required": ["event", "data"],
    "properties": {
        "event": {"const": "version"},
        "id": {"type": "string"},
        "data": {"type": "string"},
    },
}
WATCH_ONLY = _error("A watch link on a round request: it only shows the sheet.")

PATHS.update(
    {
        "/api/games/{game_id}/events": {
            "parameters": [GAME_ID],
            "get": {
                "summary": "Server-sent events: the sheet changed",
                "description": 'An event `version` with data {"version": n} first (the '
                "version now), then each time a round is saved, corrected or taken back; "
                "comment lines keep it open, and it ends after its maximum age (EventSource "
                "reconnects). With a link's token (or the link the page kept in its "
                "session), it ends within a second when that link is revoked.",
                "operationId": "gameEvents",
                "security": LINK_SECURITY,
                "responses": {
                    "200": {
                        "description": "The event stream.",
                        "content": {"text/event-stream": {"schema": EVENT}},
                    },
                    "401": NO_LINK,
                    "429": _error(
                        "Too many open streams for this link, or from this client address."
                    ),
                    **_errors(404, 500),
                },
            },
        },
        "/api/games/{game_id}/shares": {
            "parameters": [GAME_ID],
            "post": {
                "summary": "Make a watch or keeper link to the sheet",
                "description": "A watch link reads the game and follows its events; a keeper "
                "link may also save, correct and take back rounds (the same version rules: "
                "a stale `version` answers 409). Links work even when the access password "
                f"is set. At most {LINKS_MAX} links per game at once. A link never makes, "
                "lists or revokes links.",
                "operationId": "makeShareLink",
                "requestBody": _body("ShareBody", {"kind": "watch"}),
                "responses": {
                    "201": _answer("NewShareLink", "The new link, with its token this once."),
                    **_errors(400, 404, 409, 422, 500),
                },
            },
            "get": {
                "summary": "The sheet's links in use (without their tokens)",
                "operationId": "listShareLinks",
                "responses": {
                    "200": _answer("ShareLinks", "The links, oldest first."),
                    **_errors(404, 500),
                },
            },
        },
        "/api/games/{game_id}/shares/{link_id}": {
            "parameters": [
                GAME_ID,
                {
                    "name": "link_id",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "integer", "minimum": 1, "maximum": LINK_ID_MAX},
                },
            ],
            "delete": {
                "summary": "Revoke a link",
                "description": "It stops at once: its requests answer 401 and its open event "
                "streams end within a second.",
                "operationId": "revokeShareLink",
                "responses": {
                    "200": _answer("Revoked", "The id of the revoked link."),
                    **_errors(404, 500),
                },
            },
        },
    }
)


def _accept_links(path: str, method: str, keeper: bool) -> None:
    """Say on a game's operation that a link's bearer token is accepted."""
    operation: dict[str, Any] = PATHS[path][method]
    operation["security"] = LINK_SECURITY
    operation["responses"].setdefault("401", NO_LINK)
    if keeper:
        operation["responses"].setdefault("403", WATCH_ONLY)


_accept_links("/api/games/{game_id}", "get", keeper=False)
_accept_links("/api/games/{game_id}/rounds", "post", keeper=True)
_accept_links("/api/games/{game_id}/rounds/{number}", "put", keeper=True)
_accept_links("/api/games/{game_id}/rounds/{number}", "delete", keeper=True)
DOCUMENT["components"]["securitySchemes"]["padLink"] = {
    "type": "http",
    "scheme": "bearer",
    "description": "A score sheet's watch link (reads) or keeper link (reads and rounds).",
}
