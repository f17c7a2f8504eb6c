"""Configuration from the environment, with safe defaults for one machine."""

from __future__ import annotations

import contextlib
import math
import os
import re
import secrets
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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
    return in_instance(normalised_url(url), instance_path)


def in_instance(url: str, instance_path: str) -> str:
    """`url` with a relative SQLite file made absolute in the instance folder, where
    Flask-SQLAlchemy would open it: the start's checks, its line and the file's
    owner-only mode then name that file, not one beside the current folder."""
    if not url.startswith("sqlite") or "://" not in url:
        return url
    scheme, _, rest = url.partition(":///")
    path, query = rest.partition("?")[::2]
    if not path or path.startswith(("/", ":memory:")):
        return url
    absolute = f"{scheme}:///{Path(instance_path) / path}"
    return f"{absolute}?{query}" if query else absolute


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
        **pace_settings(),
        **mail_settings(os.environ),
        "PUBLIC_URL": public_url(),
    }


def public_url(environ: Mapping[str, str] | None = None) -> str | None:
    """`SKYJO_PUBLIC_URL`: the scheme and host (and port) the links the app sends begin
    with (an invitation's, a sheet's), instead of the address a request came to: set it,
    and a request's Host names no other server in a mail the app sends. None when unset."""
    text = (os.environ if environ is None else environ).get("SKYJO_PUBLIC_URL", "").strip()
    if not text:
        return None
    problem = SettingError(
        "SKYJO_PUBLIC_URL must be only a scheme and a host (and a port), like"
        f" https://skyjo.example.org, not {text!r}."
    )
    try:
        parts = urlsplit(text)
        port = parts.port  # a port that is not a number from 0 to 65535 raises
    except ValueError as error:  # an unclosed [ of an IPv6 address, a bad port
        raise problem from error
    host = parts.hostname or ""
    if parts.scheme not in ("http", "https") or not HOST_NAME.fullmatch(host):
        raise problem
    if parts.path.strip("/") or parts.query or parts.fragment or "@" in parts.netloc:
        raise problem
    shown = f"[{host}]" if ":" in host else host
    return f"{parts.scheme}://{shown}" + (f":{port}" if port is not None else "")


HOST_NAME = re.compile(r"[A-Za-z0-9.-]+|[0-9A-Fa-f:.]+")
"""A host name or an IPv4 address, or an IPv6 address (the brackets taken off)."""


def pace_settings() -> dict[str, Any]:
    """The live updates' and the table's pace, its caps, and whether to migrate at start,
    from the environment (a value the app cannot run with raises SettingError)."""
    return {
        "STREAM_SECONDS": number("SKYJO_STREAM_SECONDS", 300, least=1),
        "STREAM_HEARTBEAT": number("SKYJO_STREAM_HEARTBEAT", 15, least=0.5),
        "STREAMS_PER_TOKEN": whole("SKYJO_STREAMS_PER_TOKEN", 4, least=1),
        "STREAMS_PER_ADDRESS": whole("SKYJO_STREAMS_PER_ADDRESS", 64, least=1),
        "HOST_REFRESH_SECONDS": number("SKYJO_HOST_REFRESH_SECONDS", 10, least=0.5),
        # The table's pace on the page: a computer step, the cards shown before the round's
        # scores, an event stream's reconnection delay (the browser tests shorten them).
        "TABLE_STEP_SECONDS": number("SKYJO_TABLE_STEP_SECONDS", 1, least=0),
        "SHOW_CARDS_SECONDS": number("SKYJO_SHOW_CARDS_SECONDS", 1.8, least=0),
        "STREAM_RETRY_SECONDS": number("SKYJO_STREAM_RETRY_SECONDS", 3, least=0.1),
        # The coach's longest search for one move (it stops early, between sampled worlds).
        "COACH_SECONDS": number("SKYJO_COACH_SECONDS", 1, least=0.05),
        "AUTO_MIGRATE": flag("SKYJO_AUTO_MIGRATE", True),
    }


YES = ("1", "true", "yes", "on")
NO = ("0", "false", "no", "off")


class SettingError(ValueError):
    """An environment variable the app cannot run with; the message names it."""


def flag(name: str, default: bool, environ: Mapping[str, str] | None = None) -> bool:
    """A yes/no variable: 1, true, yes or on; 0, false, no or off (any case); unset or
    empty: `default`. Anything else stops the app, naming the variable."""
    text = (os.environ if environ is None else environ).get(name, "").strip().lower()
    if not text:
        return default
    if text in YES or text in NO:
        return text in YES
    raise SettingError(f"{name} must be 1 or 0 (or true/false, yes/no, on/off), not {text!r}.")


def number(
    name: str, default: float, least: float, environ: Mapping[str, str] | None = None
) -> float:
    """A number variable of at least `least` (unset or empty: `default`); anything else
    stops the app, naming the variable."""
    text = (os.environ if environ is None else environ).get(name, "").strip()
    if not text:
        return float(default)
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < least:
        raise SettingError(f"{name} must be a number of at least {least:g}, not {text!r}.")
    return value


def whole(name: str, default: int, least: int, environ: Mapping[str, str] | None = None) -> int:
    """A whole-number variable of at least `least` (unset or empty: `default`); anything
    else stops the app, naming the variable."""
    value = number(name, default, least, environ)
    if value != int(value):
        raise SettingError(f"{name} must be a whole number, not {value:g}.")
    return int(value)


MAIL_TEXTS = ("MAIL_SERVER", "MAIL_USERNAME", "MAIL_PASSWORD", "MAIL_DEFAULT_SENDER")
"""Flask-Mail's settings taken as written, from the environment variables of the same
names (with MAIL_PORT, MAIL_USE_TLS and MAIL_USE_SSL, read below)."""


def mail_settings(environ: Mapping[str, str]) -> dict[str, Any]:
    """The mail settings set in `environ` (invitations are emailed once MAIL_SERVER is); a
    port that is no port, a yes/no that is neither, or TLS and SSL at once stops the app,
    naming the variable."""
    found: dict[str, Any] = {key: environ[key] for key in MAIL_TEXTS if environ.get(key)}
    if environ.get("MAIL_PORT", "").strip():
        port = whole("MAIL_PORT", 0, 1, environ)
        if port > 65535:
            raise SettingError(f"MAIL_PORT must be a port from 1 to 65535, not {port}.")
        found["MAIL_PORT"] = port
    for key in ("MAIL_USE_TLS", "MAIL_USE_SSL"):
        if environ.get(key, "").strip():
            found[key] = flag(key, False, environ)
    if found.get("MAIL_USE_TLS") and found.get("MAIL_USE_SSL"):
        raise SettingError(
            "Set MAIL_USE_TLS (STARTTLS, port 587) or MAIL_USE_SSL (port 465), not both."
        )
    return found


def connection_settings(environ: Mapping[str, str] | None = None) -> dict[str, float]:
    """The server's connection limits from the environment (README's configuration
    table): the server process (`serving`) and its ASGI app (`asgi`) read them."""
    env = os.environ if environ is None else environ
    return {
        "max_connections": number("SKYJO_MAX_CONNECTIONS", 10000, least=1, environ=env),
        "header_timeout": number("SKYJO_HEADER_TIMEOUT", 10, least=0.1, environ=env),
        "keep_alive": number("SKYJO_KEEP_ALIVE", 5, least=0, environ=env),
    }
