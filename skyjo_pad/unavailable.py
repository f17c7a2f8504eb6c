"""A database that did not answer: not a bug, and soon over. Pages and the API answer it
503 with `Retry-After`, in words; the log names the error's kind only (a statement's
values may hold a game's hidden cards)."""

from __future__ import annotations

import logging

from flask import Flask, Response, current_app, jsonify, request
from sqlalchemy import exc

from .extensions import db

DATABASE_AWAY = (exc.OperationalError, exc.TimeoutError)
"""Its server dropped the connection or is restarting, SQLite's file stayed locked, or
every pooled connection stayed busy too long."""
MESSAGE = (
    "The server could not reach its database just now; nothing was changed. Try again in a moment."
)
"""The API's `error` for it."""


def log_failure(log: logging.Logger, message: str, error: BaseException) -> None:
    """Log work that failed where nobody waits for its answer: a database away (soon over)
    as a warning naming its kind, anything else with its traceback. Neither shows a
    statement: a traceback of SQLAlchemy's would."""
    if isinstance(error, DATABASE_AWAY):
        log.warning("%s (the database did not answer: %s)", message, type(error).__name__)
    elif isinstance(error, exc.SQLAlchemyError):
        log.error("%s (%s)", message, type(error).__name__)
    else:
        log.error(message, exc_info=error)


def database_away(error: Exception, page: Response | None = None) -> Response:
    """503 and to try again in a second, as JSON or as `page`."""
    current_app.logger.warning(
        "Database unavailable in %s %s: %s", request.method, request.path, type(error).__name__
    )
    response = page or jsonify(error=MESSAGE)
    response.status_code = 503
    response.headers["Retry-After"] = "1"
    return response


def install(app: Flask) -> None:
    """End each request's database session without letting a dead connection cut the
    answer: the session's closing rollback fails when the database went away after the
    answer was made (its headers may be sent already), so it is dropped instead."""

    @app.teardown_appcontext
    def end_session(_error: BaseException | None) -> None:
        try:
            db.session.remove()
        except exc.SQLAlchemyError as error:
            app.logger.warning("Database session dropped at the end: %s", type(error).__name__)
            db.session.registry().invalidate()  # its connections are not given back as good
            db.session.registry.clear()
