"""Other phones following a score pad sheet over JSON (API.md, "other phones following a
sheet"): the sheet's event stream, and its secret watch and keeper links.

- `GET /api/games/<id>/events`: server-sent events, `version` with `{"version": n}`, the
  first one the version now, then one each time the game changes (served like a table's,
  `api/streams.py`).
- `POST /api/games/<id>/shares` `{"kind": "watch" | "keeper"}` → 201 with the token (shown
  this once) and its link; `GET /api/games/<id>/shares` lists the live links (no tokens);
  `DELETE /api/games/<id>/shares/<link>` revokes one: it stops at once.
- `Authorization: Bearer <token>` of a link is checked before the game's views run: a link
  that opens nothing at that game answers 401, a watch link on a round request 403.
"""

from __future__ import annotations

from flask import Response, current_app, g, jsonify, request

from ..addresses import shared_link
from ..kept_links import kept_token
from ..rate_limits import limited
from ..services import live, pad_shares
from ..services.errors import Unauthorized
from ..services.pad_shares import Link
from . import bodies
from . import streams as stream_api
from .blueprint import bp
from .models.pad import ShareBody
from .online import bearer

STREAMS_PER_LINK = 64
"""Streams one link may hold open at once (everyone at a table scans the same QR code)."""
READS = frozenset({"api.show_game", "api.pad_events"})
"""The game's endpoints a watch link may use."""
WRITES = frozenset({"api.add_round", "api.replace_round", "api.remove_round"})
"""The game's endpoints only a keeper link may use (besides its reads)."""


@bp.before_request
def check_link() -> None:
    """A bearer token on a game's request must be a live link of that game (of the keeper
    kind for a round request); the checked link is kept in `g.pad_link`."""
    endpoint = request.endpoint or ""
    token = bearer()
    if token is None or endpoint not in READS | WRITES:
        return
    game_id = str((request.view_args or {}).get("game_id", ""))
    g.pad_link = pad_shares.allowed(game_id, token, keeper=endpoint in WRITES)


@bp.get("/games/<game_id>/events")
def pad_events(game_id: str) -> Response:
    """Server-sent events: `version` with `{"version": n}` each time the sheet changes.
    A link's page names its own link (`?token=`: EventSource sends no header), not the
    one this browser opened last, which may be another since revoked."""
    given = bearer() or request.args.get("token") or None
    token = given or kept_token(game_id)
    try:
        start = pad_shares.stream_start(game_id, token)
    except Unauthorized:
        if given is not None or token is None:
            raise
        # a link this browser kept, revoked since: who got this far passed the access
        # password (if any) without it, and follows the sheet as its owner does
        token = None
        start = pad_shares.stream_start(game_id, token)
    config = current_app.config
    subscription = live.HUB.subscribe(
        game_id,
        start.key,
        request.remote_addr or "?",
        STREAMS_PER_LINK if start.link else int(config["STREAMS_PER_TOKEN"]) * 4,
        int(config["STREAMS_PER_ADDRESS"]),
    )
    try:  # subscribed first: an announcement between the read and now is not missed
        start = pad_shares.stream_start(game_id, token)
    except BaseException:
        live.HUB.unsubscribe(subscription)
        raise
    subscription.seen = start.version
    return stream_api.served(subscription)


@bp.post("/games/<game_id>/shares")
@limited("create")
def make_share(game_id: str) -> tuple[Response, int]:
    """Make a watch or keeper link: 201, with its token this once."""
    pad_shares.pad_sheet(game_id)  # a game that is no pad's (an online table's) is not found
    kind = ShareBody.read(bodies.json_object()).kind
    made = pad_shares.make(game_id, kind)
    data = link_json(made.link)
    data["token"] = made.token
    data["link"] = shared_link("pad_share.watch", token=made.token)
    return jsonify(data), 201


@bp.get("/games/<game_id>/shares")
def list_shares(game_id: str) -> Response:
    """The game's live links, without their tokens."""
    return jsonify(links=[link_json(link) for link in pad_shares.links(game_id)])


@bp.delete("/games/<game_id>/shares/<int:link_id>")
def revoke_share(game_id: str, link_id: int) -> Response:
    """Revoke a link: its requests and open streams stop at once."""
    gone = pad_shares.revoke(game_id, link_id)
    return jsonify(revoked=gone.id)


def link_json(link: Link) -> dict[str, object]:
    """A link as the API shows it (never its token or digest)."""
    return {
        "id": link.id,
        "kind": link.kind,
        "created_at": link.created_at.isoformat(timespec="seconds") + "Z",
        "opened_at": None
        if link.opened_at is None
        else link.opened_at.isoformat(timespec="seconds") + "Z",
    }
