"""Serving the app: uvicorn in one process, or Gunicorn's uvicorn workers.

`skyjo-pad serve` (what `make run` runs) is one uvicorn process on SQLite;
`skyjo-pad serve --workers N` is Gunicorn with N uvicorn worker processes, for a server
that many tables share, on PostgreSQL. Either way each process runs `skyjo_pad.asgi`: the
live-update streams on its event loop, the Flask app in a thread pool (`--threads`) beside
them. Why: a stream waiting for a move should cost memory, not a thread
(docs/architecture.md); the computer players' CPU-bound search runs in the pool's
threads, never on the loop.

Limits on every connection (docs/operations.md): at most SKYJO_MAX_CONNECTIONS per
process (then 503), a request head within SKYJO_HEADER_TIMEOUT seconds and at most
HEADER_MAX bytes, idle keep-alive connections closed after SKYJO_KEEP_ALIVE seconds, the
body limit checked before a body is read (`asgi`). The database schema is brought up to
date once, in the master process before any worker starts.
"""

from __future__ import annotations

import asyncio
import gc
import os
import resource
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gunicorn.app.base import BaseApplication
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn_worker import UvicornWorker

try:  # uvicorn's faster HTTP/1.1 parser (C), when installed: a dependency of this app
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as FastProtocol
except ImportError:  # pragma: no cover - an install without it still serves, with h11
    FastProtocol = None  # type: ignore[assignment,misc]

from . import accesslog
from .config import connection_settings as settings
from .config import flag
from .services import live

HEADER_MAX = 16 * 1024
"""The largest request line and headers read (bytes); a larger head gets 431/400."""
TOO_LARGE_SAYS = b'{"error": "The address or the headers of this request are too long."}'
"""Said before the app reads the request: in JSON, as every refusal of the API is."""
HEAD_TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\n"
    b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(TOO_LARGE_SAYS), TOO_LARGE_SAYS)
)
FD_RESERVE = 64
"""File descriptors kept for the database, logs and listening sockets."""
GC_THRESHOLDS = (50_000, 20, 50)
"""Python's cyclic garbage collector, run less often than its defaults (700, 10, 10):
a process holding thousands of open streams has hundreds of thousands of long-lived
objects, and with the defaults it spent about a tenth of its time collecting, full
collections of all of them pausing every stream (1,000 tables x 4 phones at 100 moves/s:
p99 until every other phone holds a move 450-700 ms, 138-160 ms with these; the server's
CPU per move 5.2-5.8 ms, 4.9 ms with these). Objects are still freed at once when their
last reference goes; only reference cycles wait for a collection."""


if TYPE_CHECKING:  # the mixin is typed as the protocol it goes before
    _Protocol = H11Protocol
else:
    _Protocol = object


class HeadGuard(_Protocol):
    """For uvicorn's HTTP/1.1 connection (h11's or httptools'): closed when a request's
    head is not all in within `header_timeout` seconds of the connection (or of the
    previous answer), so a client that trickles its headers holds no connection for long.
    A head over HEADER_MAX bytes is answered 431 and the connection closed."""

    header_timeout = 10.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Start the clock for the first request's head."""
        self._timer: asyncio.TimerHandle | None = None
        self._timed: object = None
        self._head = 0
        self._tail = b""
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        """Count the head's bytes; stop the clock once a new request's head is in."""
        if self._timer is not None and self._too_long(data):
            self.transport.write(HEAD_TOO_LARGE)
            self.transport.close()
            return
        super().data_received(data)
        if self.cycle is not None and self.cycle is not self._timed:
            self._timed = self.cycle
            self._disarm()

    def on_response_complete(self) -> None:
        """The next request's head must come in time too, unless it came already (read
        while this answer was ending, it may be a stream that lasts for hours)."""
        super().on_response_complete()
        if self.cycle is None or self.cycle.response_complete:
            self._arm()

    def shutdown(self) -> None:
        """The server is stopping: end this process's streams now (their phones reconnect,
        to another process), rather than after the graceful shutdown's timeout."""
        live.HUB.end_all("shutdown")
        super().shutdown()

    def connection_lost(self, exc: Exception | None) -> None:
        """No clock for a closed connection."""
        self._disarm()
        super().connection_lost(exc)

    def _too_long(self, data: bytes) -> bool:
        """Whether the head being read, with `data`, passes HEADER_MAX."""
        seen = self._tail + data
        end = seen.find(b"\r\n\r\n")
        length = self._head + (len(data) if end < 0 else end + 4 - len(self._tail))
        self._head, self._tail = self._head + len(data), seen[-3:]
        return length > HEADER_MAX

    def _arm(self) -> None:
        self._disarm()
        self._head, self._tail = 0, b""
        self._timer = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _too_slow(self) -> None:
        self._timer = None
        if self.cycle is None or self.cycle is self._timed:
            self.transport.close()


class Guarded(HeadGuard, H11Protocol):
    """h11's connection (pure Python), guarded."""


def guarded(header_timeout: float) -> type[HeadGuard]:
    """The guarded protocol class with this head timeout: on httptools' parser when it is
    installed (about a third less CPU for each request and each event a stream writes),
    else on h11's."""
    base = Guarded if FastProtocol is None else type("Guarded", (HeadGuard, FastProtocol), {})
    return type("Guarded", (base,), {"header_timeout": header_timeout})


def tune_collector() -> None:
    """Once the app is made (in each process): what exists now lives as long as the
    process, so the collector leaves it alone (`gc.freeze`), and runs less often."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def uvicorn_options(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """uvicorn's settings for a process of this app (both ways of serving)."""
    limits = settings(environ)
    return {
        "http": guarded(limits["header_timeout"]),
        "h11_max_incomplete_event_size": HEADER_MAX,
        "limit_concurrency": connection_limit(int(limits["max_connections"])),
        "timeout_keep_alive": int(limits["keep_alive"]),
        "timeout_graceful_shutdown": 5,
        "backlog": 2048,
        "proxy_headers": False,  # the app's SKYJO_PROXY_HOPS decides what to believe
        "server_header": False,
        "lifespan": "on",
    }


def connection_limit(wanted: int) -> int:
    """`wanted`, within the open files this process may have (raised to its hard limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = wanted + FD_RESERVE if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return max(16, min(wanted, soft - FD_RESERVE))


def check_settings() -> None:
    """Read every setting of the environment once, before anything starts or is announced:
    a value the app cannot run with raises SettingError, naming it."""
    from . import startup_checks
    from .config import mail_settings, pace_settings, public_url
    from .factory import PROJECT_ROOT
    from .web import security

    pace_settings()
    mail_settings(os.environ)
    public_url()
    security.settings(os.environ)
    settings()
    startup_checks.check_pages(PROJECT_ROOT)
    startup_checks.check_rate_store(os.environ)
    startup_checks.check_database(os.environ)


def database_label(url: str) -> str:
    """DATABASE_URL as the start line shows it (its password hidden); unset: the SQLite
    file in instance/."""
    from sqlalchemy.engine import make_url

    from .config import SQLITE_FILE, in_instance, normalised_url
    from .startup_checks import INSTANCE

    if not url:
        return f"sqlite (instance/{SQLITE_FILE})"
    resolved = in_instance(normalised_url(url), str(INSTANCE))
    return make_url(resolved).render_as_string(hide_password=True)


def run_one(host: str, port: int, threads: int) -> None:
    """Serve on host:port from this process (uvicorn)."""
    import uvicorn

    from .asgi import create

    accesslog.install()
    app = create(threads)
    tune_collector()
    print(f"  database: {app.app.config['DATABASE_LABEL']}", flush=True)
    config = uvicorn.Config(app, host=host, port=port, **uvicorn_options())
    uvicorn.Server(config).run()


class Worker(UvicornWorker):  # type: ignore[misc]
    """Gunicorn's uvicorn worker with this app's connection limits."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Read the limits, then let the worker build its uvicorn settings."""
        self.CONFIG_KWARGS = {"loop": "auto", **uvicorn_options()}
        super().__init__(*args, **kwargs)
        accesslog.install()


class Workers(BaseApplication):  # type: ignore[misc]
    """Gunicorn, configured here instead of by a file or its command line."""

    def __init__(self, options: dict[str, Any], threads: int) -> None:
        """`options`: Gunicorn settings by name (bind, workers …); `threads`: each
        process's pool for plain requests."""
        self.options = options
        self.threads = threads
        super().__init__()

    def load_config(self) -> None:
        """Hand the settings to Gunicorn."""
        for name, value in self.options.items():
            self.cfg.set(name, value)

    def load(self) -> Any:
        """The ASGI app, made in each worker after it starts (nothing shared across a fork)."""
        from .asgi import create

        app = create(self.threads)
        tune_collector()
        return app


def migrate_once() -> None:
    """Bring the schema up to date here, and tell the workers not to try again."""
    from skyjo_pad.extensions import db
    from skyjo_pad.factory import create_app

    app = create_app()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    os.environ["SKYJO_AUTO_MIGRATE"] = "0"


def run(host: str, port: int, workers: int, threads: int) -> None:
    """Serve on host:port with `workers` uvicorn processes under Gunicorn."""
    if flag("SKYJO_AUTO_MIGRATE", True):
        migrate_once()
    accesslog.install()
    options = {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": "skyjo_pad.serving.Worker",
        "accesslog": "-",
        "graceful_timeout": 10,
        "proc_name": "skyjo-pad",
        # no gunicornc control socket: unused here, and one path ($HOME/.gunicorn) shared by
        # every server of the machine, which the first to stop would take from the others
        "control_socket_disable": True,
    }
    Workers(options, threads).run()
