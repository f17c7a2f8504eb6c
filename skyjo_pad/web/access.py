"""An optional access password, for an app reachable from the internet (off by default).

With `SKYJO_PASSWORD` (or `SKYJO_PASSWORD_HASH`, a werkzeug password hash) set, every
page and every API call needs it: a browser logs in once at /login (the session cookie
then carries a keyed fingerprint of the password, never the password); a script sends it
with HTTP Basic authentication (any user name). Only wrong passwords are counted, in the
rate-limit store (RATELIMIT_STORAGE_URI, which every process shares), per client address
(the login form's and Basic authentication's together), or per browser that has logged
in before (its session carries a signed mark of that device, kept when it logs out, so
somebody else's guesses at the same address never count against it):

- past `PASSWORD_TRIES` a wrong password is answered 429 ("wait a minute"), but the
  right one still gets in: a lockout never refuses the right password;
- past `PASSWORD_CHECKS` no password is checked at all until the hour is over, so a
  guesser gets that many tries an hour, however fast it sends them.

Seat and spectator links of online tables (issue 13) must stay open to their holders:
such a route registers a check with `allow_public(app, check)`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from flask import (
    Blueprint,
    Flask,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import lazy_gettext as _l
from flask_limiter import Limiter
from limits import parse_many
from werkzeug.security import check_password_hash
from werkzeug.wrappers import Response
from wtforms import PasswordField
from wtforms.validators import InputRequired

from ..addresses import safe_target
from ..config import SettingError
from ..i18n import N_, gettext
from .forms import TextForm

bp = Blueprint("access", __name__)
SESSION_KEY = "access"
PUBLIC_ENDPOINTS = frozenset(
    {
        "static",
        "favicon",
        "access.login",
        "access.logout",
        "access.logout_page",
        "language.switch",
        "install.manifest",
        "install.service_worker",
        "install.offline",
        "rules.page",
        "health.healthz",
    }
)
"""What anyone may open: the login page itself, the files it needs, the choice of a
language (a cookie, then back to the page it was chosen on: a link's own page, say),
what installs the pad on a phone (no game in them: a sheet's link holder keeps the
sheet offline with them), and the rules of the game."""
DEVICE_KEY = "device"
"""The session's mark of a browser that has logged in (random, kept when it logs out)."""
PASSWORD_TRIES = "10 per minute"
"""Wrong passwords per client address (or known browser) answered as wrong; the next
ones within the minute are answered 429, and the right one still gets in."""
PASSWORD_CHECKS = "100 per hour"
"""Wrong passwords per client address (or known browser) in an hour: then no password is
checked until the hour is over."""
WRONG = N_("That is not the password. Check it and try again.")
TOO_MANY_TRIES = N_("Too many wrong passwords from this device: wait a minute and try again.")
NO_MORE_TRIES = N_("Too many wrong passwords from this device: wait an hour and try again.")
NEEDED = N_("This Skyjo Pad is protected by a password: log in first.")
PublicCheck = Callable[[Any], bool]
Explanation = Callable[[Any], "Response | None"]


class LoginForm(TextForm):
    """The password, and the form's CSRF token."""

    password = PasswordField(_l("Password"), validators=[InputRequired(_l("Type the password."))])


def settings(environ: Mapping[str, str]) -> dict[str, Any]:
    """The password settings from the environment; both set, or a hash werkzeug did not
    make (one the shell cut at a `$`), stop the app rather than lock everyone out."""
    password = environ.get("SKYJO_PASSWORD") or None
    hashed = (environ.get("SKYJO_PASSWORD_HASH") or "").strip() or None
    if password and hashed:
        raise SettingError("Set SKYJO_PASSWORD or SKYJO_PASSWORD_HASH, not both.")
    if hashed is not None and not _made_by_werkzeug(hashed):
        raise SettingError(
            "SKYJO_PASSWORD_HASH is not a password hash made by werkzeug (method$salt$hash): "
            "put it in single quotes, or the shell takes its $ signs for variables."
        )
    return {"ACCESS_PASSWORD": password, "ACCESS_PASSWORD_HASH": hashed}


def _made_by_werkzeug(hashed: str) -> bool:
    """Whether `hashed` reads as werkzeug's `generate_password_hash` writes it: a method,
    a salt, and the hash in hexadecimal (64 digits or more: a sha256's at least)."""
    parts = hashed.split("$")
    if len(parts) != 3 or not parts[0].startswith(("scrypt:", "pbkdf2:")) or not parts[1]:
        return False
    return len(parts[2]) >= 64 and all(c in "0123456789abcdef" for c in parts[2])


def install(app: Flask, limiter: Limiter) -> None:
    """The login page, and the check in front of every request when a password is set."""
    app.extensions["skyjo_access"] = {"limiter": limiter, "public": [], "explain": []}
    app.register_blueprint(bp)
    app.before_request_funcs.setdefault(None, []).insert(1, _require_access)


def explain_refusal(app: Flask, explain: Explanation) -> None:
    """Answer a request the password stops with `explain(request)` when it gives an
    answer (a link this browser opened, since revoked: that, not the password, is why)."""
    app.extensions["skyjo_access"]["explain"].append(explain)


def allow_public(app: Flask, check: PublicCheck) -> None:
    """Let requests for which `check(request)` is true through without the password
    (issue 13: `/t/<token>` pages and API calls with a seat or spectator token)."""
    app.extensions["skyjo_access"]["public"].append(check)


def enabled(app: Flask) -> bool:
    """Whether a password protects the app."""
    return bool(app.config.get("ACCESS_PASSWORD") or app.config.get("ACCESS_PASSWORD_HASH"))


@bp.route("/login", methods=["GET", "POST"])
def login() -> tuple[str, int] | str | Response:
    """Ask for the password; on the right one, go where the visitor was going."""
    form = LoginForm()
    target = safe_target(request.values.get("next", ""), url_for("pad.home"))
    problem = None
    if form.validate_on_submit():
        if not _within(PASSWORD_CHECKS):
            problem, status = gettext(NO_MORE_TRIES), 429
        elif _right_password(form.password.data or ""):
            session[SESSION_KEY] = _fingerprint()
            session.setdefault(DEVICE_KEY, secrets.token_urlsafe(16))
            session.permanent = True
            return redirect(target, 303)
        elif _count_wrong_try():  # said at the field: marked, and read with it
            form.password.errors = [gettext(WRONG)]
            status = 401
        else:
            problem, status = gettext(TOO_MANY_TRIES), 429
        html = render_template("login.html", form=form, problem=problem, target=target)
        return html, status
    return render_template(
        "login.html", form=form, problem=None, target=target, protected=enabled(current_app)
    )


@bp.get("/logout")
def logout_page() -> Response:
    """The address typed: the login page, where the device logs out (a GET changes nothing)."""
    return redirect(url_for("access.login"), 303)


@bp.post("/logout")
def logout() -> Response:
    """Forget this browser's login and the links it kept; the login page then has the phone
    forget what it kept for offline use (static/app.js, `forgetDevice`), but changes not
    sent yet."""
    device = session.get(DEVICE_KEY)
    session.clear()  # the login, and the links this browser kept (a pad's, a table's)
    if device is not None:  # its own mark stays: others' guesses never count against it
        session[DEVICE_KEY] = device
    return redirect(url_for("access.login", left=1), 303)


def let_in() -> bool:
    """Whether this browser may open every page: no password is set, or it logged in."""
    return not enabled(current_app) or session.get(SESSION_KEY) == _fingerprint()


def _require_access() -> tuple[Response, int] | Response | None:
    """Let a request through if no password is set, or it carries the right one."""
    app = current_app
    if request.endpoint in PUBLIC_ENDPOINTS or let_in():
        return None
    if any(check(request) for check in app.extensions["skyjo_access"]["public"]):
        return None
    auth = request.authorization
    if auth is not None and auth.type == "basic":
        if not _within(PASSWORD_CHECKS):
            return jsonify(error=NO_MORE_TRIES), 429
        if _right_password(auth.password or ""):
            return None
        if not _count_wrong_try():
            return jsonify(error=TOO_MANY_TRIES), 429
    explanations: list[Explanation] = app.extensions["skyjo_access"]["explain"]
    for explain in explanations:
        said = explain(request)
        if said is not None:
            return said
    if request.path.startswith("/api/") or request.is_json:
        answer = jsonify(error=NEEDED)
        if request.path.startswith("/api/"):
            answer.headers["WWW-Authenticate"] = 'Basic realm="Skyjo Pad", charset="UTF-8"'
        return answer, 401
    return redirect(url_for("access.login", next=request.full_path.rstrip("?")), 303)


def _right_password(given: str) -> bool:
    hashed = current_app.config.get("ACCESS_PASSWORD_HASH")
    if hashed:
        try:
            return check_password_hash(hashed, given)
        except ValueError:  # an unknown hash method: nobody gets in
            current_app.logger.error("SKYJO_PASSWORD_HASH is not a werkzeug password hash.")
            return False
    plain = str(current_app.config.get("ACCESS_PASSWORD") or "")
    return hmac.compare_digest(given.encode(), plain.encode())


def _fingerprint() -> str:
    """A mark of the current password, keyed by the app's secret: changing the password
    logs every browser out, and the cookie tells nothing about the password."""
    material = str(
        current_app.config.get("ACCESS_PASSWORD_HASH") or current_app.config["ACCESS_PASSWORD"]
    )
    key = str(current_app.secret_key).encode()
    return hmac.new(key, b"access:" + material.encode(), hashlib.sha256).hexdigest()


def _within(limits: str) -> bool:
    """Whether this client's wrong passwords so far leave room under `limits`."""
    limiter: Limiter = current_app.extensions["skyjo_access"]["limiter"]
    if not limiter.enabled:
        return True
    key = _counted_as()
    return all(limiter.limiter.test(item, "password", key) for item in parse_many(limits))


def _count_wrong_try() -> bool:
    """Count a wrong password; whether it was still within `PASSWORD_TRIES`."""
    limiter: Limiter = current_app.extensions["skyjo_access"]["limiter"]
    if not limiter.enabled:
        return True
    key = _counted_as()
    within = _within(PASSWORD_TRIES)
    for item in parse_many(f"{PASSWORD_TRIES}; {PASSWORD_CHECKS}"):
        limiter.limiter.hit(item, "password", key)
    return within


def _counted_as() -> str:
    """Whose wrong passwords these are: a known browser's own, else its address's."""
    device = session.get(DEVICE_KEY)
    if isinstance(device, str) and device:
        return f"device:{device}"
    return f"address:{request.remote_addr or '?'}"
