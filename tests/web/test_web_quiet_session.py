"""The page the service worker fetches in the background (its offline shell, fetched again
when the reader's language changes) leaves the session cookie as it is: a refresh of it
could put the session back as it was before a form sent meanwhile changed it (an online
table's invitations, shown only to the browser that made them, were lost so)."""

from __future__ import annotations

from flask.testing import FlaskClient


def test_the_offline_shell_never_refreshes_the_session_cookie(client: FlaskClient) -> None:
    with client.session_transaction() as session:
        session.permanent = True  # as a phone at a table has it (its device key)
        session["note"] = "kept"
    shell = client.get("/offline")
    assert shell.status_code == 200
    assert "Set-Cookie" not in shell.headers
    page = client.get("/")  # any other page refreshes it, as Flask does
    assert "session=" in page.headers.get("Set-Cookie", "")
