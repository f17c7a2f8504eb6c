"""Which browser is this: a random device key kept in the (signed) session cookie.

A pass-and-play table belongs to the browser that started it (docs/table.md): only that
browser is shown the seat to act, with a card it has drawn; any other device watches.
"""

from __future__ import annotations

import secrets

from flask import session

SESSION_KEY = "device"


def device_key() -> str:
    """This browser's device key, made on first use; the session then lasts a month, so
    closing the browser does not lose the tables it plays."""
    key = session.get(SESSION_KEY)
    if not isinstance(key, str) or len(key) < 20:
        key = secrets.token_urlsafe(24)
        session[SESSION_KEY] = key
    session.permanent = True
    return key
