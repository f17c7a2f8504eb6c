"""Live-update streams (server-sent events) of the API: `GET /api/tables/<id>/events`.

The view checks the request like any other (host, password, token, caps), files the stream
in `live.HUB` and reads the version to start from. Then:
- served by `skyjo_pad.asgi` (what `skyjo-pad serve` runs), the view hands the opened
  subscription back through the request's environ (`ASGI_SLOT`) and the ASGI server
  streams it from its event loop: an open stream costs memory, not a thread;
- served by a plain WSGI server (the tests' client), the view streams from its own thread.
Both write the same text: `retry:`, then `id:`/`event: version`/`data: {"version": n}` for
the version now and every later one, `: still here` heartbeats; the stream ends at its
maximum age (the browser reconnects), when its table is over, or when its token is revoked.
Opened with `?answers=1`, each `version` event is followed by an `answer` event: the
token's own answer (`stream_answers`), so the page need not ask for it.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

from flask import Flask, Response, current_app, request

from .. import i18n
from ..services import live, streams
from ..services.errors import Unauthorized
from ..services.live import Subscription
from ..services.online import NO_TOKEN
from . import stream_answers
from .blueprint import bp
from .online import page_token

ASGI_SLOT = "skyjo_pad.stream"
"""The environ key under which the ASGI server waits for an opened stream (a list)."""
HEARTBEAT = ": still here\n\n"
HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


@dataclass(frozen=True, slots=True)
class Opening:
    """A stream the view opened, for the ASGI server to serve."""

    subscription: Subscription
    seconds: float
    heartbeat: float
    retry: float
    """The browser's wait before it reconnects, once the stream ended (STREAM_RETRY_SECONDS)."""


@bp.get("/tables/<game_id>/events")
def online_events(game_id: str) -> Response:
    """Server-sent events: `version` with `{"version": n}` each time the table moves."""
    return open_stream(game_id, page_token())


def open_stream(game_id: str, token: str | None) -> Response:
    """Open a stream of `game_id` for `token`: 401 for a token that opens nothing there,
    429 past a cap, 204 when the table is over (EventSource then stops reconnecting)."""
    config = current_app.config
    key = streams.token_digest(token)
    if not key:
        raise Unauthorized(NO_TOKEN)
    subscription = live.HUB.subscribe(
        game_id,
        key,
        request.remote_addr or "?",
        int(config["STREAMS_PER_TOKEN"]),
        int(config["STREAMS_PER_ADDRESS"]),
    )
    try:  # subscribed first: no announcement after the version read below is missed
        start = streams.start(game_id, token)
    except BaseException:
        live.HUB.unsubscribe(subscription)
        raise
    if start.closed:
        live.HUB.unsubscribe(subscription)
        return Response(status=204, headers={"Cache-Control": "no-store"})
    subscription.seen = start.version
    subscription.role, subscription.seat = start.kind, start.seat
    subscription.answers = request.args.get("answers") == "1"
    subscription.locale = i18n.current()
    return served(subscription)


def served(subscription: Subscription) -> Response:
    """The stream's answer: handed to the ASGI server to serve as a coroutine when it runs
    the app, else served from this request's thread (plain WSGI servers, the tests' client)."""
    config = current_app.config
    opening = Opening(
        subscription,
        float(config["STREAM_SECONDS"]),
        float(config["STREAM_HEARTBEAT"]),
        float(config["STREAM_RETRY_SECONDS"]),
    )
    slot = request.environ.get(ASGI_SLOT)
    if isinstance(slot, list):
        slot.append(opening)
        return Response(iter(()), mimetype="text/event-stream", headers=HEADERS)
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    body = _threaded(app, opening)
    answer = Response(body, mimetype="text/event-stream", headers=HEADERS)
    answer.call_on_close(lambda: live.HUB.unsubscribe(subscription))  # even if never read
    return answer


def event(version: int) -> str:
    """One `version` event."""
    return f"id: {version}\nevent: version\ndata: {json.dumps({'version': version})}\n\n"


def first(opening: Opening) -> str:
    """What a stream says when it opens: the retry delay and the version now."""
    return f"retry: {round(opening.retry * 1000)}\n\n" + event(opening.subscription.seen)


def pending(subscription: Subscription) -> tuple[str, bool]:
    """What the stream must say now (a newer version, or nothing), and whether it ends."""
    said = ""
    if subscription.latest > subscription.seen and subscription.ending != "revoked":
        subscription.seen = subscription.latest
        said = event(subscription.seen)
    return said, subscription.ending is not None


def _threaded(app: Flask, opening: Opening) -> Iterator[str]:
    """The stream served from a request thread (plain WSGI servers and the tests' client)."""
    subscription, heartbeat = opening.subscription, opening.heartbeat
    woken = threading.Event()
    subscription.wake = woken.set
    answers = stream_answers.of(app)
    try:
        yield first(opening)
        deadline = time.monotonic() + opening.seconds
        while True:
            if stream_answers.due(subscription):
                text = stream_answers.said(subscription, answers.made(subscription))
                if text:
                    yield text
            woken.clear()
            said, ends = pending(subscription)
            if said:
                yield said
                continue  # its answer first, then whether it ends
            left = deadline - time.monotonic()
            if ends or left <= 0:
                return
            if not woken.wait(min(heartbeat, left)):
                yield HEARTBEAT
                with app.app_context():
                    streams.touch([subscription.digest])
    finally:
        live.HUB.unsubscribe(subscription)
