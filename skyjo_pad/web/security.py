"""Safe to put on a network: security headers, cookies, trusted hosts, the proxy in front,
body size limits and rate limits, all set from configuration (see docs/operations.md).

`install(app)` is the one hook `create_app` calls; it also installs the optional access
password of `access`.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from typing import Any
from urllib.parse import unquote_to_bytes, urlsplit

from flask import Flask, current_app, jsonify, render_template, request
from flask.wrappers import Request
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded
from flask_limiter.util import get_remote_address
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.sansio.utils import host_is_trusted
from werkzeug.wrappers import Response

from ..config import SettingError, flag, public_url
from ..i18n import N_, gettext
from ..rate_limits import METHOD, RATE_LIMITS, group_of
from ..services import rate_store
from . import access, online, pad_share

CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""No inline script or style anywhere: every page's code and style come from static/. The
manifest falls under default-src (no `manifest-src`: WebKit, Safari's engine, logs that
directive as unrecognized on every page; default-src 'self' allows the same)."""
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}
"""Sent with every answer (a header a view set itself is kept)."""
BODY_MAX = 1024 * 1024
"""The largest request body read, but an import's."""
IMPORT_MAX_BYTES = 64 * 1024 * 1024
"""The largest export file an import reads (ten thousand games take about 10 MB)."""
IMPORT_BODY_MAX = IMPORT_MAX_BYTES + 1024 * 1024
"""The import page reads an export of up to IMPORT_MAX_BYTES (and the form around it)."""
LARGE_BODY_ENDPOINTS = frozenset({"history.import_file"})
BODY_REFUSED = "skyjo.body_refused"
"""Set in a request's environ by the server when its body was over the limit and never
read: the app answers with its 413 page, before any view runs."""
TOO_MANY = N_("Too many requests from this device just now: wait a minute and try again.")
TOO_LARGE = N_("What was sent is too large for this app: nothing was saved.")
UNREADABLE_FORM = N_(
    "Some of what was sent is not text this app can read: nothing was saved. Type it again."
)
LOCAL_NAMES = ("localhost",)
UNKNOWN_HOST = (
    "This app does not answer to this address. Its operator can add the name used here "
    "to SKYJO_TRUSTED_HOSTS; without it, only its IP address or localhost work.\n"
)


class BoundedRequest(Request):
    """A request whose body is read up to BODY_MAX (an import's up to IMPORT_BODY_MAX)."""

    @property
    def max_content_length(self) -> int | None:
        """The limit for this request's endpoint."""
        if self._max_content_length is not None:
            return self._max_content_length
        if self.endpoint in LARGE_BODY_ENDPOINTS:
            return int(current_app.config["IMPORT_MAX_CONTENT_LENGTH"])
        limit = current_app.config.get("MAX_CONTENT_LENGTH")
        return None if limit is None else int(limit)

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value


def settings(environ: Mapping[str, str]) -> dict[str, Any]:
    """The security settings read from the environment (each documented in the README)."""
    hosts = [  # a host name is the same in any case (a browser sends it in lower case)
        h.strip().lower() for h in environ.get("SKYJO_TRUSTED_HOSTS", "").split(",") if h.strip()
    ]
    public = urlsplit(public_url(environ) or "").hostname  # its links are answered
    if public and hosts != ["*"]:
        hosts.append(public)
    return {
        "PROXY_HOPS": _whole(environ.get("SKYJO_PROXY_HOPS", "0"), "SKYJO_PROXY_HOPS"),
        "ANSWERED_HOSTS": None if not hosts or hosts == ["*"] else hosts,
        "LOCAL_HOSTS_ONLY": not hosts,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SECURE": flag("SKYJO_SECURE_COOKIES", False, environ),
        "MAX_CONTENT_LENGTH": BODY_MAX,
        "IMPORT_MAX_CONTENT_LENGTH": IMPORT_BODY_MAX,
        "RATELIMIT_STORAGE_URI": environ.get("RATELIMIT_STORAGE_URI") or rate_store.URI,
        "RATELIMIT_ENABLED": flag("SKYJO_RATE_LIMITS", True, environ),
        "RATELIMIT_SWALLOW_ERRORS": True,  # a shared store that is down never stops the pad
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        **access.settings(environ),
    }


def install(app: Flask, environ: Mapping[str, str] | None = None) -> None:
    """Apply the settings (test config wins), then the hooks, headers and limits.

    Called once every blueprint is registered: the rate limits wrap their views.
    """
    defaults = settings(os.environ if environ is None else environ)
    if app.testing and "RATELIMIT_ENABLED" not in app.config:
        defaults["RATELIMIT_ENABLED"] = False  # the tests of the limits turn them on
    for key, value in defaults.items():
        if key not in app.config or app.config[key] == app.default_config.get(key, object()):
            app.config[key] = value
    app.request_class = BoundedRequest
    hops = int(app.config["PROXY_HOPS"])
    if hops:  # the client's address and scheme; its host and path stay the request's own
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=0, x_port=0, x_prefix=0
        )
    first = app.before_request_funcs.setdefault(None, [])
    first.insert(0, _check_host)  # before CSRF, sessions or any view sees the request
    first.insert(1, _refuse_unread_body)
    first.insert(2, _refuse_unreadable_form)
    app.after_request(_add_headers)
    app.register_error_handler(RateLimitExceeded, _too_many)
    app.register_error_handler(RequestEntityTooLarge, too_large)
    if str(app.config["RATELIMIT_STORAGE_URI"]).startswith(rate_store.URI):
        with app.app_context():  # the counts go in the app's own database
            app.config["RATELIMIT_STORAGE_OPTIONS"] = rate_store.storage_options()
    limiter = Limiter(get_remote_address, app=app, default_limits=[], headers_enabled=True)
    app.extensions["skyjo_limiter"] = limiter  # the invitation mails count in it too
    if "pad.new_game" not in app.view_functions:
        raise RuntimeError("security.install(app) goes after the blueprints are registered.")
    for endpoint, view in list(app.view_functions.items()):
        group = group_of(view)  # the views declare their limits (`rate_limits.limited`)
        if group is not None:
            methods = [METHOD[group]]
            limit = limiter.shared_limit(RATE_LIMITS[group], scope=group, methods=methods)
            app.view_functions[endpoint] = limit(view)  # type: ignore[assignment]
    access.install(app, limiter)
    access.allow_public(app, online.is_public)  # secret links carry their own permission
    access.allow_public(app, pad_share.is_public)  # a sheet's watch and keeper links too
    access.explain_refusal(app, pad_share.revoked_here)


def local_host(host: str) -> bool:
    """Whether `host` (with any port) is an IP address or localhost: what a name-less
    server on a home network is reached by, and what DNS rebinding cannot forge."""
    name = host[1 : host.find("]")] if host.startswith("[") else host.rsplit(":", 1)[0]
    name = name.rstrip(".").lower()
    if name in LOCAL_NAMES or name.endswith(".localhost"):
        return True
    try:
        ipaddress.ip_address(name.split("%", 1)[0])
    except ValueError:
        return False
    return True


def _check_host() -> Response | None:
    """Refuse a request for a host name this app was not told it serves (in plain text,
    without a trusted host no page can be drawn; the API's in its JSON)."""
    try:
        host = request.host
    except SecurityError:  # a host werkzeug cannot read
        return _unknown_host()
    if local_host(host):  # always: the names set add to the addresses, never replace them
        return None
    named = current_app.config["ANSWERED_HOSTS"]
    if current_app.config["LOCAL_HOSTS_ONLY"] or (
        named is not None and not host_is_trusted(host.lower(), named)
    ):
        return _unknown_host()
    return None


def _unknown_host() -> Response:
    if request.path.startswith("/api/"):
        answer = jsonify(error=UNKNOWN_HOST.strip())
        answer.status_code = 400
        return answer
    return Response(UNKNOWN_HOST, 400, mimetype="text/plain")


def _add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def _too_many(error: RateLimitExceeded) -> tuple[Any, int]:
    if request.path.startswith("/api/") or request.is_json:
        return jsonify(error=TOO_MANY), 429
    title, text = gettext("Please wait a moment"), gettext(TOO_MANY)
    return render_template("error.html", title=title, text=text), 429


def _refuse_unread_body() -> None:
    """A page request whose body the server refused unread (asgi.Server.plain)."""
    if request.environ.get(BODY_REFUSED):
        raise RequestEntityTooLarge()


def _refuse_unreadable_form() -> None:
    """A page's form whose text is not UTF-8: werkzeug would keep such bytes as their
    codes ("%ED%A0%80") in a urlencoded form, as "�" in a multipart one: a name nobody
    typed. Refused before any view reads it."""
    if request.method != "POST" or request.path.startswith("/api/"):
        return
    if request.mimetype == "multipart/form-data":
        if any("\ufffd" in value for value in request.form.values()):
            raise BadRequest(gettext(UNREADABLE_FORM))
        return
    if request.mimetype != "application/x-www-form-urlencoded":
        return
    for pair in request.get_data(cache=True).split(b"&"):  # the form is read from this copy
        try:
            unquote_to_bytes(pair.replace(b"+", b" ")).decode()
        except UnicodeDecodeError:
            raise BadRequest(gettext(UNREADABLE_FORM)) from None


def too_large(error: RequestEntityTooLarge) -> tuple[Any, int]:
    """What was sent is too large: said in JSON to the API, on a page to a browser."""
    if request.path.startswith("/api/") or request.is_json:
        return jsonify(error=TOO_LARGE), 413
    title, text = gettext("Too large"), gettext(TOO_LARGE)
    return render_template("error.html", title=title, text=text), 413


def _whole(text: str, name: str) -> int:
    try:
        value = int(text)
    except ValueError as error:
        raise SettingError(f"{name} must be a whole number, not {text!r}.") from error
    if value < 0:
        raise SettingError(f"{name} must be 0 or more.")
    return value
