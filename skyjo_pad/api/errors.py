"""Every error under /api/ answers JSON `{"error": "<sentence>"}`, never a page or a trace.

Three paths lead here:
- a refused request inside a view (a ServiceError, from the services or from `bodies`);
- an HTTP error inside a view (werkzeug's exceptions, by status code);
- an address or method the API does not have: routing fails before any blueprint is
  known, so a hook that runs for every request answers those under the API's prefix,
  whatever page-error handlers the rest of the app registers.
Anything unexpected is logged and answered 500 with a plain sentence. The services roll
back their own work before an error leaves them.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request
from werkzeug.exceptions import HTTPException, MethodNotAllowed, default_exceptions

from .. import i18n
from ..presenters.problems import says_a_place, why
from ..services.errors import ServiceError
from ..unavailable import DATABASE_AWAY, database_away

NOT_FOUND = "There is no such address in the API; the routes are listed at /api/openapi.json."
SERVER_ERROR = "Something went wrong on the server. Please try again in a moment."
MESSAGES = {
    400: "The request could not be read.",
    404: NOT_FOUND,
    413: "The request body is too large.",
    415: "Send the body as JSON, with the header Content-Type: application/json.",
    429: "Too many requests from this device just now: wait a minute and try again.",
    500: SERVER_ERROR,
}
"""Sentences for HTTP errors whose werkzeug description is written for browsers."""


def error_response(message: str, status: int) -> tuple[Response, int]:
    """The JSON answer of a refused request."""
    return jsonify(error=message), status


def register(bp: Blueprint) -> None:
    """Install the JSON error handling of the API blueprint `bp`."""
    prefix = (bp.url_prefix or "").rstrip("/")

    @bp.before_app_request
    def answer_routing_errors() -> tuple[Response, int] | Response | None:
        """Answer an unknown /api/ address or method in JSON before any page handler can."""
        error = request.routing_exception
        if not isinstance(error, HTTPException) or (error.code or 0) < 400:
            return None
        if request.path != prefix and not request.path.startswith(prefix + "/"):
            return None
        return http_error(error)

    @bp.errorhandler(ServiceError)
    def refused(error: ServiceError) -> tuple[Response, int]:
        """A request a service (or the body reader) refused; nothing was changed."""
        extra: dict[str, object] = getattr(error, "extra", {})
        if i18n.current() != i18n.DEFAULT or says_a_place(error.sentence):
            # the same sentence for a page to show its reader: in another language, or
            # with a card's place in words
            extra = {"message": why(error), **extra}
        answer = jsonify({"error": error.message, **extra})
        if error.status == 503:  # busy for a moment: said when to ask again, as the database's
            answer.headers["Retry-After"] = "1"
        return answer, error.status

    for code in default_exceptions:
        bp.register_error_handler(code, http_error)

    @bp.after_request
    def bare_options(response: Response) -> Response:
        """An OPTIONS request (Flask answers its Allow header): 204, no body, and no page's
        content type (the API never answers a page)."""
        if request.method == "OPTIONS" and response.status_code == 200:
            response.status_code = 204
            response.set_data(b"")
            del response.headers["Content-Type"]
        return response

    @bp.errorhandler(Exception)
    def unexpected(error: Exception) -> tuple[Response, int] | Response:
        """A bug: log it and answer without the details."""
        if isinstance(error, HTTPException):
            return http_error(error)
        if isinstance(error, DATABASE_AWAY):
            return database_away(error)
        current_app.logger.exception("Unexpected error in %s %s", request.method, request.path)
        return error_response(SERVER_ERROR, 500)


def http_error(error: HTTPException) -> tuple[Response, int] | Response:
    """An HTTP error as JSON, keeping the headers it needs (Allow on a 405)."""
    code = error.code or 500
    if isinstance(error, MethodNotAllowed):
        allowed = sorted(error.valid_methods or ())
        useful = [method for method in allowed if method not in ("HEAD", "OPTIONS")]
        message = f"{request.method} is not allowed here; this address accepts {', '.join(useful)}."
        response, status = error_response(message, code)
        response.headers["Allow"] = ", ".join(allowed)
        return response, status
    if code >= 500:
        current_app.logger.error("HTTP %s in %s %s", code, request.method, request.path)
        return error_response(SERVER_ERROR, code)
    return error_response(MESSAGES.get(code) or _sentence(error), code)


def _sentence(error: HTTPException) -> str:
    """Werkzeug's description of an error, as one plain sentence."""
    text = " ".join((error.description or error.name or "The request was refused").split())
    return text if text.endswith((".", "!", "?")) else text + "."
