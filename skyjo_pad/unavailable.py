"""A database that did not answer: not a bug, and soon over. Pages and the API answer it
503 with `Retry-After`, in words; the log names the error's kind only (a statement's
values may hold a game's hidden cards)."""

from __future__ import annotations

from flask import Response, current_app, jsonify, request
from sqlalchemy import exc

DATABASE_AWAY = (exc.OperationalError, exc.TimeoutError)
"""Its server dropped the connection or is restarting, SQLite's file stayed locked, or
every pooled connection stayed busy too long."""
MESSAGE = (
    "The server could not reach its database just now; nothing was changed. Try again in a moment."
)
"""The API's `error` for it."""


def database_away(error: Exception, page: Response | None = None) -> Response:
    """503 and to try again in a second, as JSON or as `page`."""
    current_app.logger.warning(
        "Database unavailable in %s %s: %s", request.method, request.path, type(error).__name__
    )
    response = page or jsonify(error=MESSAGE)
    response.status_code = 503
    response.headers["Retry-After"] = "1"
    return response
