"""The ASGI entry: live-update streams on an event loop, every other request in Flask.

`create()` gives the app `skyjo-pad serve` runs (uvicorn, or Gunicorn's uvicorn workers).
A request goes one of two ways:
- a live-update stream (`STREAM_PATHS`, GET): its opening runs through the Flask app in a
  small thread pool of its own (host, password, token, caps: the view in `api/streams`),
  then the stream is a coroutine parked on its subscription in `live.HUB`, woken only for
  its own table: thousands cost memory, not threads;
- anything else: the body size is checked before a byte of the body is read (413), then
  the Flask app answers it in the thread pool of `a2wsgi.WSGIMiddleware`.
At start-up (ASGI lifespan) the process starts its PostgreSQL listener (one connection,
`live.listen`) and the heartbeat that marks the seats of open streams as online.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from a2wsgi import WSGIMiddleware
from a2wsgi.wsgi import build_environ
from flask import Flask
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

from .api import stream_answers
from .api import streams as stream_views
from .config import REQUEST_THREADS, connection_settings
from .i18n import N_
from .services import live, live_reader, streams
from .unavailable import log_failure
from .web import access
from .web.security import BODY_REFUSED, LARGE_BODY_ENDPOINTS, TOO_LARGE

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

STREAM_PATHS = (
    re.compile(r"/api/tables/[^/]+/events"),
    re.compile(r"/api/games/[^/]+/events"),  # a score sheet's (issue 23)
)
"""The paths whose GET may become a stream (the view at each path decides who may open
one): an online table's (`api/streams.py`) and a score sheet's (`api/pad_shares.py`)."""
OPENING_THREADS = 4
"""Threads that open streams: a crowd reconnecting at once never starves the pages."""
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
WHOLE_ANSWERS = "/api/"
"""Paths whose calls with a body (a move, a round …) are answered in one go: their
answers are small JSON objects the view makes whole (`Server.whole`)."""
TOUCH_EVERY_MAX = 15.0
"""Seconds between two "seat online" marks at most (a seat is online for 45 s)."""
TOO_SLOW = N_("What was sent came too slowly: nothing was saved. Try again.")
log = logging.getLogger(__name__)


class Server:
    """The ASGI app around one Flask app (its streams, body limits and lifespan)."""

    def __init__(
        self, app: Flask, threads: int = REQUEST_THREADS, body_timeout: float = 10.0
    ) -> None:
        self.app = app
        self.body_timeout = body_timeout
        self.wsgi = WSGIMiddleware(chunked_bodies(app), workers=threads)  # type: ignore[arg-type]
        self.openers = ThreadPoolExecutor(OPENING_THREADS, thread_name_prefix="stream-open")
        self.adapter = app.url_map.bind("localhost")
        self.tasks: list[asyncio.Task[None]] = []
        self.reader: live_reader.Reader | None = None
        """Reads tables for the streams' answers on the loop (PostgreSQL only)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Route one connection's scope (http, lifespan; websockets are refused)."""
        if scope["type"] == "lifespan":
            await self.lifespan(receive, send)
        elif scope["type"] != "http":
            await send({"type": "websocket.close", "code": 1000})
        elif scope["method"] == "GET" and any(p.fullmatch(scope["path"]) for p in STREAM_PATHS):
            await self.stream(scope, receive, send)
        else:
            await self.plain(scope, receive, send)

    # Plain requests ---------------------------------------------------------------

    def body_limit(self, scope: Scope) -> int:
        """The largest body this request's route reads (an import's is larger)."""
        config = self.app.config
        try:
            endpoint, _args = self.adapter.match(scope["path"], scope["method"])
        except (HTTPException, RequestRedirect):
            endpoint = None
        key = "IMPORT_MAX_CONTENT_LENGTH" if endpoint in LARGE_BODY_ENDPOINTS else ""
        return int(config[key or "MAX_CONTENT_LENGTH"])

    async def plain(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A page or API call. Its body: refused at once when its Content-Length is over
        the limit, counted as it comes (a chunked one) and cut off past it, each part due
        within `body_timeout` seconds. With no access password to check first, the body is
        read here, on the loop, so no thread ever waits for a slow client's body; with
        one, the app reads it only once the password was checked."""
        if scope["method"] not in BODY_METHODS:
            await self.wsgi(scope, receive, send)  # type: ignore[arg-type]
            return
        gate = BodyGate(receive, send, self.body_limit(scope), self.body_timeout)
        length = _header(scope, b"content-length")
        if length is not None and length.isdigit() and int(length) > gate.limit:
            if scope["path"].startswith("/api/"):
                await gate.refuse(413)
            else:
                await self.refused_page(scope, gate)
            return
        if not access.enabled(self.app):
            if not await gate.read_all():
                return
            if scope["path"].startswith(WHOLE_ANSWERS):
                await self.whole(scope, gate)
                return
        await self.wsgi(scope, gate.receive, gate.send)  # type: ignore[arg-type]

    async def refused_page(self, scope: Scope, gate: BodyGate) -> None:
        """A page's body over its limit, never read: the app's own 413 page (in the reader's
        language, no view run), then the connection is closed."""
        loop = asyncio.get_running_loop()
        environ: dict[str, Any] = dict(build_environ(scope, io.BytesIO(b"")))  # type: ignore[arg-type]
        environ[BODY_REFUSED] = True
        context = contextvars.copy_context()
        status, headers, answer = await loop.run_in_executor(
            self.wsgi.executor, context.run, self._call_flask, environ, self.wsgi.app
        )
        await gate.refuse_with(status, headers, answer)

    async def whole(self, scope: Scope, gate: BodyGate) -> None:
        """An API call whose body was read: the Flask app answers it in one go in a thread
        of the same pool, and its answer is sent from here (no trip back to the loop for
        each part of the body and of the answer, as `WSGIMiddleware` makes)."""
        loop = asyncio.get_running_loop()
        body = gate.buffered[0].get("body", b"") if gate.buffered else b""
        environ: dict[str, Any] = dict(build_environ(scope, io.BytesIO(body)))  # type: ignore[arg-type]
        context = contextvars.copy_context()
        status, headers, answer = await loop.run_in_executor(
            self.wsgi.executor, context.run, self._call_flask, environ, self.wsgi.app
        )
        await gate.send({"type": "http.response.start", "status": status, "headers": headers})
        await gate.send({"type": "http.response.body", "body": answer})

    # Streams ----------------------------------------------------------------------

    async def stream(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Open a stream through Flask (in a thread), then serve it from this loop."""
        loop = asyncio.get_running_loop()
        slot: list[stream_views.Opening] = []
        environ: dict[str, Any] = dict(build_environ(scope, io.BytesIO(b"")))  # type: ignore[arg-type]
        environ[stream_views.ASGI_SLOT] = slot
        try:
            status, headers, body = await loop.run_in_executor(
                self.openers, self._call_flask, environ
            )
        except BaseException:
            for opening in slot:
                live.HUB.unsubscribe(opening.subscription)
            raise
        if not slot or status != 200:
            for opening in slot:
                live.HUB.unsubscribe(opening.subscription)
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        kept = [(k, v) for k, v in headers if k.lower() != b"content-length"]
        await serve(slot[0], kept, receive, send, stream_answers.of(self.app), self.reader)

    def _call_flask(
        self, environ: dict[str, Any], wsgi: Callable[..., Any] | None = None
    ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        """The Flask app's (or `wsgi`'s) whole answer to `environ` (run in a thread)."""
        said: dict[str, Any] = {}

        def start_response(status: str, headers: list[tuple[str, str]], exc: Any = None) -> Any:
            said["status"], said["headers"] = int(status.split(" ", 1)[0]), headers
            return lambda data: None

        answer = (wsgi or self.app)(environ, start_response)
        try:
            body = b"".join(answer)
        finally:
            close = getattr(answer, "close", None)
            if close is not None:
                close()
        headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in said["headers"]]
        return said["status"], headers, body

    # Lifespan ---------------------------------------------------------------------

    async def lifespan(self, receive: Receive, send: Send) -> None:
        """Start the listener and the heartbeat with the process; stop them with it."""
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                try:
                    await self.start()
                except Exception as error:
                    log.exception("Live updates could not start.")
                    await send({"type": "lifespan.startup.failed", "message": str(error)})
                    return
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await self.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def start(self) -> None:
        """The PostgreSQL listener (none on SQLite) and the "seat online" heartbeat."""
        with self.app.app_context():
            url = live.listener_url()
            streams.release()
        if url is not None:
            self.reader = live_reader.Reader(url)
            ready = asyncio.Event()
            self.tasks.append(asyncio.create_task(live.listen(url, ready=ready)))
            try:
                await asyncio.wait_for(ready.wait(), 10)
            except TimeoutError:
                log.warning("Live updates: PostgreSQL did not answer LISTEN in 10 s; retrying.")
        self.tasks.append(asyncio.create_task(self.mark_online()))

    async def stop(self) -> None:
        """Cancel the background tasks."""
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.tasks.clear()
        if self.reader is not None:
            await self.reader.close()
        self.openers.shutdown(wait=False)
        stream_answers.of(self.app).close()

    async def mark_online(self) -> None:
        """Every few seconds, one UPDATE marks the tokens of this process's open streams."""
        every = min(TOUCH_EVERY_MAX, max(1.0, float(self.app.config["STREAM_HEARTBEAT"])))
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(every)
            digests = [s.digest for s in live.HUB.open_streams()]
            if not digests:
                continue
            try:
                await loop.run_in_executor(self.openers, self._touch, digests)
            except Exception as error:
                log_failure(
                    log, "Live updates: could not mark the open streams' seats online.", error
                )

    def _touch(self, digests: list[str]) -> None:
        with self.app.app_context():
            streams.touch(digests)


END: Message = {"type": "http.request", "body": b"", "more_body": False}


MIN_BODY_RATE = 1024
"""Bytes a second a request's body must average once its first `timeout` seconds are
over: a body trickled in a byte at a time would hold its connection for ever."""


class BodyGate:
    """A request's body let through up to `limit` bytes, each part within `timeout` s and
    the whole at `MIN_BODY_RATE` after the first `timeout` s; past any of them the answer
    is 413 or 408 and the app's own answer is dropped."""

    def __init__(self, receive: Receive, send: Send, limit: int, timeout: float) -> None:
        self.limit, self.timeout = limit, timeout
        self._receive, self._send = receive, send
        self.received = 0
        self.refused = False
        self.buffered: list[Message] = []
        self.started = time.monotonic()

    def _time_left(self) -> float:
        """How long the next part may take: `timeout`, or less when the body is behind."""
        due = self.started + self.timeout + self.received / MIN_BODY_RATE
        return min(self.timeout, due - time.monotonic())

    async def receive(self) -> Message:
        """The next part of the body (the end of it once refused)."""
        if self.refused:
            return dict(END)
        if self.buffered:
            return self.buffered.pop()
        try:
            left = self._time_left()
            if left <= 0:
                raise TimeoutError
            async with asyncio.timeout(left):
                message = await self._receive()
        except TimeoutError:
            await self.refuse(408)
            return dict(END)
        self.received += len(message.get("body", b""))
        if self.received > self.limit:
            await self.refuse(413)
            return dict(END)
        return message

    async def read_all(self) -> bool:
        """Read the whole body now; False when it was refused or the client left."""
        parts = []
        while True:
            message = await self.receive()
            if self.refused or message["type"] != "http.request":
                return False
            parts.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        self.buffered = [{"type": "http.request", "body": b"".join(parts), "more_body": False}]
        return True

    async def send(self, message: Message) -> None:
        """Pass the app's answer on, unless the body was refused."""
        if not self.refused:
            await self._send(message)

    async def refuse(self, status: int) -> None:
        """Answer 413 or 408 with `{"error": …}`, and close the connection."""
        words = TOO_LARGE if status == 413 else TOO_SLOW
        body = json.dumps({"error": words}).encode()
        await self.refuse_with(status, [(b"content-type", b"application/json")], body)

    async def refuse_with(
        self, status: int, headers: list[tuple[bytes, bytes]], body: bytes
    ) -> None:
        """Answer this instead of the app, and close the connection (the body is unread)."""
        self.refused = True
        kept = [(k, v) for k, v in headers if k not in (b"content-length", b"connection")]
        kept += [(b"content-length", str(len(body)).encode()), (b"connection", b"close")]
        await self._send({"type": "http.response.start", "status": status, "headers": kept})
        await self._send({"type": "http.response.body", "body": body})


async def serve(
    opening: stream_views.Opening,
    headers: list[tuple[bytes, bytes]],
    receive: Receive,
    send: Send,
    answers: stream_answers.Answers,
    reader: live_reader.Reader | None = None,
) -> None:
    """Serve an opened stream from the event loop until it ends (its maximum age, its
    table is over, its token revoked, or the client left). A stream that pushes answers
    follows each `version` event with its `answer`: made here at once from the table its
    process kept, else once the table was read (`reader` on PostgreSQL, else a thread of
    `answers`)."""
    subscription = opening.subscription
    loop = asyncio.get_running_loop()
    woken = asyncio.Event()

    def wake() -> None:
        loop.call_soon_threadsafe(woken.set)

    subscription.wake = wake
    watcher = asyncio.create_task(_watch(receive, subscription, woken))
    try:
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        said = stream_views.first(opening)
        deadline = loop.time() + opening.seconds
        while True:
            if stream_answers.due(subscription):
                made = answers.ready(subscription)  # the move was made here: at once
                if made is None:  # another process's: read once per table, then made
                    if said:
                        await _say(send, said)  # the version meanwhile
                        said = ""
                    if reader is not None:  # on the loop (PostgreSQL)
                        await reader.fetch(subscription.game_id, subscription.seen)
                        made = answers.ready(subscription)
                if made is None:  # else in a thread
                    made = await asyncio.wrap_future(answers.submit(subscription))
                said += stream_answers.said(subscription, made)
            if said:
                await _say(send, said)  # a version and its answer in one write
            woken.clear()
            said, ends = stream_views.pending(subscription)
            if said:
                continue  # said with its answer, then whether it ends
            left = deadline - loop.time()
            if ends or left <= 0:
                break
            try:
                async with asyncio.timeout(min(opening.heartbeat, left)):
                    await woken.wait()
            except TimeoutError:
                await _say(send, stream_views.HEARTBEAT)
        if subscription.ending != "gone":
            await send({"type": "http.response.body", "body": b"", "more_body": False})
    finally:
        watcher.cancel()
        live.HUB.unsubscribe(subscription)


async def _watch(receive: Receive, subscription: live.Subscription, woken: asyncio.Event) -> None:
    """Wait for the client to leave, and end its stream then."""
    while (await receive())["type"] != "http.disconnect":
        pass
    subscription.ending = "gone"
    woken.set()


async def _say(send: Send, text: str) -> None:
    await send({"type": "http.response.body", "body": text.encode(), "more_body": True})


def chunked_bodies(app: Flask) -> Callable[[dict[str, Any], Any], Any]:
    """The WSGI app, told that a chunked body ends where its stream ends (werkzeug reads
    no body without a Content-Length otherwise); `Server.plain` counts what it reads."""

    def wsgi(environ: dict[str, Any], start_response: Any) -> Any:
        if "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
            environ["wsgi.input_terminated"] = True
        return app(environ, start_response)

    return wsgi


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return str(value.decode("latin-1")).strip()
    return None


def create(threads: int = REQUEST_THREADS) -> Server:
    """The ASGI app of a server process: a new Flask app behind it."""
    from .factory import create_app

    return Server(create_app(), threads, connection_settings()["header_timeout"])
