"""Issue 21, item 5: the password limit and the invitation mails, counted in the database
that every process shares; a lockout never refuses a known browser's right password."""

from __future__ import annotations

import base64
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from servers import smtp_server

from skyjo_pad import mailer
from skyjo_pad.extensions import db
from skyjo_pad.services import rate_store
from skyjo_pad.web import access

PASSWORD = "correct horse battery"


@pytest.fixture
def guarded(app_with: Callable[..., Flask], hash_of: Callable[[str], str]) -> Callable[[], Flask]:
    """Make an app with the password and its limits on: each one is a server process of
    its own (its own limiter and connections), on the one database."""
    hashed = hash_of(PASSWORD)
    return lambda: app_with(ACCESS_PASSWORD_HASH=hashed, RATELIMIT_ENABLED=True)


def test_the_counts_live_in_the_database(app: Flask) -> None:
    with app.app_context():
        store = rate_store.DatabaseStorage(rate_store.URI, **rate_store.storage_options())
        other = rate_store.DatabaseStorage(rate_store.URI, **rate_store.storage_options())
    assert store.check()
    assert [store.incr("k", 60), other.incr("k", 60), store.incr("k", 60, 3)] == [1, 2, 5]
    assert other.get("k") == 5 and store.get("nothing") == 0
    assert time.time() < store.get_expiry("k") <= time.time() + 60
    assert store.incr("short", 0.05) == 1
    time.sleep(0.1)
    assert store.get("short") == 0
    assert store.incr("short", 60) == 1  # a new window
    store.clear("k")
    assert other.get("k") == 0
    assert store.reset() == 1


def test_wrong_passwords_count_across_processes(guarded: Callable[[], Flask]) -> None:
    first, second = guarded(), guarded()
    for app in (first, second) * 5:
        answer = app.test_client().post("/login", data={"password": "guess"})
        assert answer.status_code == 401
    for app in (first, second):  # the eleventh try, on either process, is refused
        blocked = app.test_client().post("/login", data={"password": "guess"})
        assert blocked.status_code == 429
        assert access.TOO_MANY_TRIES in blocked.text


def test_a_lockout_never_refuses_the_right_password(guarded: Callable[[], Flask]) -> None:
    first, second = guarded(), guarded()
    mine = first.test_client()
    for app in (first, second) * 5:
        assert app.test_client().post("/login", data={"password": "guess"}).status_code == 401
    assert mine.post("/login", data={"password": "guess"}).status_code == 429
    back = mine.post("/login", data={"password": PASSWORD, "next": "/history"})
    assert back.status_code == 303 and back.headers["Location"] == "/history"
    assert mine.get("/history").status_code == 200
    basic = second.test_client().get("/api/games/x", headers=_basic(PASSWORD))
    assert basic.status_code == 404  # let in (there is no such game)


def _basic(password: str) -> dict[str, str]:
    token = base64.b64encode(f"script:{password}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


@pytest.fixture
def fewer_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """An hourly limit of 20 wrong passwords (100 in the app), for a short test."""
    monkeypatch.setattr(access, "PASSWORD_CHECKS", "20 per hour")


@pytest.mark.usefixtures("fewer_checks")
def test_guessing_stops_at_the_hourly_limit_but_for_known_browsers(
    guarded: Callable[[], Flask],
) -> None:
    first, second = guarded(), guarded()
    known = first.test_client()
    assert known.post("/login", data={"password": PASSWORD}).status_code == 303
    assert known.post("/logout").status_code == 303
    guesser = second.test_client()  # another browser at the same address
    codes = [guesser.post("/login", data={"password": "guess"}).status_code for _ in range(20)]
    assert codes == [401] * 10 + [429] * 10
    stopped = first.test_client().post("/login", data={"password": PASSWORD})
    assert stopped.status_code == 429  # not even checked, on any process
    assert access.NO_MORE_TRIES in stopped.text
    assert second.test_client().get("/api/games/x", headers=_basic(PASSWORD)).status_code == 429
    back = known.post("/login", data={"password": PASSWORD})  # counted on its own
    assert back.status_code == 303


@pytest.mark.usefixtures("fewer_checks")
def test_a_known_browser_is_still_limited_on_its_own(guarded: Callable[[], Flask]) -> None:
    app = guarded()
    mine = app.test_client()
    assert mine.post("/login", data={"password": PASSWORD}).status_code == 303
    mine.post("/logout")
    for _ in range(20):
        assert mine.post("/login", data={"password": "guess"}).status_code in (401, 429)
    assert mine.post("/login", data={"password": PASSWORD}).status_code == 429
    other = app.test_client()  # the address itself is not locked by it
    assert other.post("/login", data={"password": PASSWORD}).status_code == 303


class Inbox:
    """An SMTP server's handler that keeps the recipients of what arrives."""

    def __init__(self) -> None:
        self.recipients: list[str] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.recipients.extend(envelope.rcpt_tos)
        return "250 Message accepted"


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    with smtp_server(handler) as port:
        yield handler, port


@pytest.fixture
def mailing(app_with: Callable[..., Flask], inbox: tuple[Inbox, int]) -> Callable[[], Flask]:
    """Make an app that sends invitations, with its limits on (a process of its own)."""
    return lambda: app_with(
        MAIL_SERVER="127.0.0.1",
        MAIL_PORT=inbox[1],
        MAIL_DEFAULT_SENDER="table@example.org",
        MAIL_SUPPRESS_SEND=False,
        RATELIMIT_ENABLED=True,
    )


def invite(app: Flask, *emails: str, address: str = "127.0.0.1") -> list[str]:
    """Make a table inviting these addresses; each seat's invitation."""
    seats = [{"name": f"P{n}", "email": email} for n, email in enumerate(emails)]
    answer = app.test_client().post(
        "/api/tables",
        json={"seats": [*seats, {"bot": "easy"}]},
        environ_base={"REMOTE_ADDR": address},
    )
    assert answer.status_code == 201, answer.get_json()  # the table is made either way
    return [seat["invitation"] for seat in answer.get_json()["seats"] if "bot" not in seat]


def test_one_address_gets_three_invitations_an_hour_from_any_process(
    mailing: Callable[[], Flask], inbox: tuple[Inbox, int]
) -> None:
    first, second = mailing(), mailing()
    assert invite(first, "ann@example.org", "bob@example.org") == ["sent", "sent"]
    assert invite(second, "ann@example.org") == ["sent"]
    assert invite(first, "Ann@Example.org", "cy@example.org") == ["sent", "sent"]
    assert invite(second, "ann@example.org", "bob@example.org") == ["failed", "sent"]
    assert invite(first, "ann@example.org", address="10.0.0.9") == ["failed"]
    assert sorted(inbox[0].recipients).count("ann@example.org") == 2
    assert len(inbox[0].recipients) == 6


def test_one_client_sends_a_limited_number_of_invitations(
    mailing: Callable[[], Flask], inbox: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mailer, "FROM_A_CLIENT", "3 per hour")
    first, second = mailing(), mailing()
    assert invite(first, "a@example.org", "b@example.org") == ["sent", "sent"]
    assert invite(second, "c@example.org", "d@example.org") == ["sent", "failed"]
    assert invite(second, "e@example.org", address="10.0.0.9") == ["sent"]  # another client
    assert len(inbox[0].recipients) == 4
    with first.app_context():
        rows = db.session.execute(db.text("SELECT count(*) FROM rate_counts")).scalar()
    assert rows
