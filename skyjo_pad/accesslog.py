"""Logs never show a secret link: `/t/<token>`, a sheet's `/s/<token>` (and a `token=` in
a query) are redacted.

`install()` puts `Redact` on the loggers that print request lines: uvicorn's access log
(which Gunicorn's uvicorn workers print too) and the Flask app's, whose error lines name
the path of the request that failed.
"""

from __future__ import annotations

import logging
import re

TOKEN_IN_PATH = re.compile(r"((?:/|%2[fF])[tsTS](?:/|\\|%[0-9A-Fa-f]{2}|\+|\?)+)[^/?#&%\s\"'\\]+")
"""A link's token: after /t/ or /s/ (either case), its slashes written as they are or
percent-encoded (a `next=%2Ft%2F…` that a browser or a hand re-encoded), doubled, or
followed by anything encoded or a stray `+`, `\\` or `?` (`/t//…`, `/t/%20…`, `/t/%2B…`:
a token pasted after a stray character is a live token all the same)."""
TOKEN_IN_QUERY = re.compile(r"([?&](?:token|access_token)=)[^&#\s\"']+", re.IGNORECASE)
HIDDEN = "…"
LOGGERS = (
    "uvicorn.access",
    "uvicorn.error",
    "gunicorn.access",
    "gunicorn.error",
    "werkzeug",  # `flask run`'s request lines
    "skyjo_pad",
)


def redact(text: str) -> str:
    """`text` with every token of a link or query replaced by `…`."""
    return TOKEN_IN_QUERY.sub(r"\1" + HIDDEN, TOKEN_IN_PATH.sub(r"\1" + HIDDEN, text))


class Redact(logging.Filter):
    """Rewrites a record whose message carries a token (it is always let through)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact the message and its arguments in place (keeping their shape: uvicorn's
        access formatter unpacks the arguments)."""
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_hidden(value) for value in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: _hidden(value) for key, value in record.args.items()}
        return True


def _hidden(value: object) -> object:
    return redact(value) if isinstance(value, str) else value


def install() -> None:
    """Redact the request lines of every logger that prints them (once per process)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, Redact) for f in logger.filters):
            logger.addFilter(Redact())
