"""Email invitations to an online table (Flask-Mail, configured by its MAIL_* settings).

Sending never blocks or fails the table: each message is sent by a background thread;
the request waits a moment (`MAIL_WAIT` seconds) to say "sent" or "failed", and the
thread writes the final outcome to the seat's link, where the host's page shows it.
Without `MAIL_SERVER` nothing is sent and every invitation is "none".

Invitations are rate limited in the rate-limit store (RATELIMIT_STORAGE_URI, shared by
every process): per client address (`FROM_A_CLIENT`) and per email address
(`TO_AN_ADDRESS`). Past either, the table is still made and that seat's invitation is
"failed" (nothing is sent; the host shares the link another way).
"""

from __future__ import annotations

import logging
import smtplib
import threading
import time
from collections.abc import Callable
from urllib.parse import urlencode

from flask import Flask, current_app, render_template
from flask_babel import force_locale
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_mail import Connection, Mail, Message
from limits import parse_many

from .i18n import COOKIE, current, gettext
from .services import online

log = logging.getLogger(__name__)
mail = Mail()
MAIL_WAIT = 5.0
"""How long creating a table waits for its invitations' outcomes, at most, all together."""
SMTP_TIMEOUT = 20.0
"""Seconds one exchange with the mail server may take: one that never answers is given up
(the invitation then shows as failed on the host's page)."""
FROM_A_CLIENT = "30 per hour"
"""Invitation mails that the tables made from one client address may send."""
TO_AN_ADDRESS = "3 per hour; 10 per day"
"""Invitation mails one email address may receive, from all tables together."""


def install(app: Flask) -> None:
    """Bind Flask-Mail to the app (its MAIL_* settings)."""
    mail.init_app(app)


def configured(app: Flask) -> bool:
    """Whether a mail server is set up (MAIL_SERVER)."""
    return bool(app.config.get("MAIL_SERVER"))


def configured_here() -> bool:
    """Whether this app has a mail server set up."""
    return configured(current_app)


def inviter(link: Callable[[str], str]) -> Callable[[online.NewSeat, str, str], str] | None:
    """A function that emails one seat its invitation, or None without a mail server.

    The mail is written in the seat's invitation language (the reader's own when it has
    none), and its link opens the table in it.
    """
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    if not configured(app):
        return None
    deadline = time.monotonic() + float(app.config.get("MAIL_WAIT", MAIL_WAIT))

    def invite(seat: online.NewSeat, host: str, game_id: str) -> str:
        assert seat.token is not None and seat.email is not None
        if not _may_send(app, seat.email):
            log.warning("The invitation to seat %s was not sent: too many mails.", seat.seat)
            return online.FAILED
        language = seat.language or current()
        address = f"{link(seat.token)}?{urlencode({COOKIE: language})}"
        with force_locale(language):
            message = _message(seat, host, address, game_id, app)
        done, lock = threading.Event(), threading.Lock()
        outcome = {"value": online.FAILED, "late": False}

        def send() -> None:
            try:
                with app.app_context(), TimedConnection(app.extensions["mail"]) as connection:
                    connection.send(message)
                value = online.SENT
            except Exception as error:  # a refused or unreachable mail server
                log.warning("The invitation to seat %s was not sent: %s", seat.seat, error)
                value = online.FAILED
            with lock:
                outcome["value"] = value
                late = outcome["late"]
                done.set()
            if late:  # the table's answer went without it: the host's page shows it
                with app.app_context():
                    online.record_invitation(game_id, seat.seat, value, seat.language)

        threading.Thread(target=send, daemon=True, name="invite").start()
        done.wait(max(0.0, deadline - time.monotonic()))
        with lock:
            if not done.is_set():
                outcome["late"] = True
                return online.SENT  # on its way: a failure shows on the host's page
            return str(outcome["value"])

    return invite


class TimedConnection(Connection):
    """Flask-Mail's connection to the mail server, each exchange limited to SMTP_TIMEOUT."""

    def configure_host(self) -> smtplib.SMTP:
        """Connect (and start TLS, and log in, as configured), within the time limit."""
        settings = self.mail
        kind = smtplib.SMTP_SSL if settings.use_ssl else smtplib.SMTP
        host = kind(settings.server, settings.port, timeout=SMTP_TIMEOUT)
        host.set_debuglevel(int(settings.debug))
        if settings.use_tls:
            host.starttls()
        if settings.username and settings.password:
            host.login(settings.username, settings.password)
        return host


def _may_send(app: Flask, address: str) -> bool:
    """Count one invitation from this client to `address`; False past either limit
    (then nothing is counted)."""
    limiter: Limiter | None = app.extensions.get("skyjo_limiter")
    if limiter is None or not limiter.enabled:
        return True
    counted = [
        *((item, "invitations-from", get_remote_address()) for item in parse_many(FROM_A_CLIENT)),
        *((item, "invitations-to", address.casefold()) for item in parse_many(TO_AN_ADDRESS)),
    ]
    if not all(limiter.limiter.test(item, scope, key) for item, scope, key in counted):
        return False
    for item, scope, key in counted:
        limiter.limiter.hit(item, scope, key)
    return True


def _message(seat: online.NewSeat, host: str, link: str, game_id: str, app: Flask) -> Message:
    rules = online.rules_of(game_id)
    values = {"name": seat.name, "host": host, "link": link, "rules": rules}
    sender = app.config.get("MAIL_DEFAULT_SENDER") or "skyjo-pad@localhost"
    # "=?" could start an encoded word a mail program decodes into other text (a line
    # break, a header): a zero-width space between keeps the host's name as typed.
    shown_host = host.replace("=?", "=\u200b?")
    return Message(
        subject=gettext("%(host)s invites you to a game of SKYJO", host=shown_host),
        recipients=[seat.email or ""],
        body=render_template("email/invitation.txt", **values),
        html=render_template("email/invitation.html", **values),
        sender=sender,
    )
