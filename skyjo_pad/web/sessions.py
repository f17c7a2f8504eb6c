"""Flask's signed-cookie sessions, with the signer made once instead of on every request.

Flask builds a new signing serializer for each request (about a tenth of a millisecond,
a good share of a page served from memory). It depends only on the app's keys, so it is
made once per set of keys and reused.
"""

from __future__ import annotations

from flask import Flask, g, has_request_context, request
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from itsdangerous import URLSafeTimedSerializer


class ReusedSignerSessions(SecureCookieSessionInterface):
    """Cookie sessions exactly as Flask signs them, the signer kept between requests."""

    def __init__(self) -> None:
        """No signer made yet."""
        self._signers: dict[tuple[object, ...], URLSafeTimedSerializer | None] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """The signer for the app's current keys, made on first use."""
        keys = (app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        if keys not in self._signers:
            self._signers[keys] = super().get_signing_serializer(app)
        return self._signers[keys]

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        """As Flask's, except for a page the service worker fetches in the background
        (`g.quiet_session`): it never refreshes the cookie, which could put back the session
        as it was before a form the reader sent meanwhile changed it."""
        if has_request_context() and g.get("quiet_session"):
            return session.modified
        return super().should_set_cookie(app, session)

    def get_cookie_secure(self, app: Flask) -> bool:
        """`Secure` when set so, or when the request came over HTTPS (behind a proxy:
        with SKYJO_PROXY_HOPS set, the proxy's X-Forwarded-Proto says so)."""
        forced = bool(app.config["SESSION_COOKIE_SECURE"])
        return forced or (has_request_context() and request.is_secure)
