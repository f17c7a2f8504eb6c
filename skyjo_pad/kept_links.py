"""The sheet links this browser opened, kept in its (signed, HTTP-only) session cookie.

A watch or keeper link's page keeps its token here, {game id: token}: the sheet's event
stream and, for a keeper, the sheet's pages and its offline rounds use it (docs/pad.md).
"""

from __future__ import annotations

from flask import session

SESSION_KEY = "pad_links"
KEPT_MAX = 8
"""Links one browser keeps at once (the oldest is forgotten first)."""


def keep(game_id: str, token: str) -> None:
    """Keep `token` as this browser's link to `game_id` (the last one opened wins)."""
    kept = session.get(SESSION_KEY)
    kept = dict(kept) if isinstance(kept, dict) else {}
    kept.pop(game_id, None)
    kept[game_id] = token
    while len(kept) > KEPT_MAX:
        kept.pop(next(iter(kept)))
    session[SESSION_KEY] = kept


def kept_token(game_id: str) -> str | None:
    """The link this browser opened for `game_id`, if any."""
    kept = session.get(SESSION_KEY)
    token = kept.get(game_id) if isinstance(kept, dict) else None
    return token if isinstance(token, str) else None
