"""Configuration from the environment, with safe defaults for one machine."""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

REQUEST_THREADS = 8
"""Threads per server process that answer pages and API calls (`skyjo-pad serve
--threads`; the streams need none). Python runs one at a time, so more only fight over
it: 1,000 online tables x 4 phones at 200 moves/s on `serve --workers 2`, p99 until every
other phone holds a move 179-196 ms with 8 and 323-512 ms with 24 (docs/operations.md)."""

SECRET_KEY_FILE = "secret_key"
SQLITE_FILE = "skyjo-pad.sqlite3"


def database_url(instance_path: str) -> str:
    """`DATABASE_URL`, or a SQLite file in the instance folder."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return "sqlite:///" + str(Path(instance_path) / SQLITE_FILE)
    return normalised_url(url)


POSTGRES_SCHEMES = ("postgres://", "postgresql://")
"""How hosts hand out PostgreSQL URLs; the app talks to them through psycopg 3."""


def normalised_url(url: str) -> str:
    """`url` with a bare PostgreSQL scheme turned into psycopg 3's (SQLAlchemy would
    otherwise look for psycopg2, which is not installed)."""
    for scheme in POSTGRES_SCHEMES:
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url.removeprefix(scheme)
    return url


def secret_key(instance_path: str) -> str:
    """`SECRET_KEY`, or a key generated once and kept in the instance folder.

    The key is written whole to a file of its own and then linked into place, which fails
    if the key is there already: a process starting beside another never reads a key file
    that exists but is not yet written."""
    key = os.environ.get("SECRET_KEY", "").strip()
    if key:
        return key
    path = Path(instance_path) / SECRET_KEY_FILE
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(
            "w", encoding="ascii", dir=path.parent, prefix=".secret_key-"
        ) as draft:  # made readable by its owner alone
            draft.write(secrets.token_hex(32))
            draft.flush()
            os.fsync(draft.fileno())
            with contextlib.suppress(FileExistsError):  # another process's key is there first
                os.link(draft.name, path)
    key = path.read_text(encoding="ascii").strip()
    if not key:
        raise RuntimeError(
            f"{path} is empty: delete it (a new key is made at the next start) or set SECRET_KEY"
        )
    return key


POOL_KEPT = 16
"""Connections to a database server each process keeps open (up to twice as many at once):
as many as its threads use at a time, so a busy process does not open and close one per
request (each costs the server a new backend)."""


def engine_options(url: str) -> dict[str, Any]:
    """A database server's connections are kept (`POOL_KEPT`) and checked before use
    when they sat idle (it may have restarted: `pool_checks`, installed by the factory);
    the last one given back is the next one taken, so a busy process keeps using the
    same few and the others sit (and are checked) only when a burst needs them. An
    embedded SQLite file's need none of it. A database error never quotes a statement's
    values (in a log they could show a game's hidden cards)."""
    hidden = {"hide_parameters": True}
    if url.startswith("sqlite"):
        return hidden
    return {**hidden, "pool_size": POOL_KEPT, "max_overflow": POOL_KEPT, "pool_use_lifo": True}


def load(instance_path: str) -> dict[str, Any]:
    """The settings of the app, read from the environment."""
    url = database_url(instance_path)
    return {
        "SECRET_KEY": secret_key(instance_path),
        "SQLALCHEMY_DATABASE_URI": url,
        "DATABASE_LABEL": url.split("://", 1)[0] if "@" in url else url,
        "SQLALCHEMY_ENGINE_OPTIONS": engine_options(url),
        "WTF_CSRF_TIME_LIMIT": None,  # a game at the table can last all evening
        # Over HTTPS Flask-WTF also wants a Referer of this site, which no browser sends:
        # every page says Referrer-Policy: no-referrer (a secret link must never leak). The
        # form's token, bound to the session, and its SameSite cookie do the check.
        "WTF_CSRF_SSL_STRICT": False,
        "COMPRESS_MIMETYPES": [
            "text/html",
            "text/css",
            "application/javascript",
            "text/javascript",
            "application/json",
            "image/svg+xml",
        ],
        "COMPRESS_ALGORITHM": ["br", "gzip"],
        "SEND_FILE_MAX_AGE_DEFAULT": 3600,
        "STREAM_SECONDS": float(os.environ.get("SKYJO_STREAM_SECONDS", "300")),
        "STREAM_HEARTBEAT": float(os.environ.get("SKYJO_STREAM_HEARTBEAT", "15")),
        "STREAMS_PER_TOKEN": int(os.environ.get("SKYJO_STREAMS_PER_TOKEN", "4")),
        "STREAMS_PER_ADDRESS": int(os.environ.get("SKYJO_STREAMS_PER_ADDRESS", "64")),
        "HOST_REFRESH_SECONDS": float(os.environ.get("SKYJO_HOST_REFRESH_SECONDS", "10")),
        # The table's pace on the page: a computer step, the cards shown before the round's
        # scores, an event stream's reconnection delay (the browser tests shorten them).
        "TABLE_STEP_SECONDS": float(os.environ.get("SKYJO_TABLE_STEP_SECONDS", "1")),
        "SHOW_CARDS_SECONDS": float(os.environ.get("SKYJO_SHOW_CARDS_SECONDS", "1.8")),
        "STREAM_RETRY_SECONDS": float(os.environ.get("SKYJO_STREAM_RETRY_SECONDS", "3")),
        # The coach's longest search for one move (it stops early, between sampled worlds).
        "COACH_SECONDS": float(os.environ.get("SKYJO_COACH_SECONDS", "1")),
        "AUTO_MIGRATE": os.environ.get("SKYJO_AUTO_MIGRATE", "1") != "0",
        **mail_settings(os.environ),
    }


def _yes(text: str) -> bool:
    return text.strip().lower() in ("1", "true", "yes", "on")


MAIL_SETTINGS: dict[str, Callable[[str], Any]] = {
    "MAIL_SERVER": str,
    "MAIL_PORT": int,
    "MAIL_USE_TLS": _yes,
    "MAIL_USE_SSL": _yes,
    "MAIL_USERNAME": str,
    "MAIL_PASSWORD": str,
    "MAIL_DEFAULT_SENDER": str,
}
"""Flask-Mail's settings, read from the environment variables of the same names."""


def mail_settings(environ: Any) -> dict[str, Any]:
    """The mail settings set in `environ` (invitations are emailed once MAIL_SERVER is)."""
    return {key: read(environ[key]) for key, read in MAIL_SETTINGS.items() if environ.get(key)}


def connection_settings(environ: Mapping[str, str] | None = None) -> dict[str, float]:
    """The server's connection limits from the environment (README's configuration
    table): the server process (`serving`) and its ASGI app (`asgi`) read them."""
    env = os.environ if environ is None else environ
    return {
        "max_connections": float(env.get("SKYJO_MAX_CONNECTIONS", "10000")),
        "header_timeout": float(env.get("SKYJO_HEADER_TIMEOUT", "10")),
        "keep_alive": float(env.get("SKYJO_KEEP_ALIVE", "5")),
    }
