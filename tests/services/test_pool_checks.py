"""A database server's connections are asked whether they work only after sitting idle
(`pool_checks`): a busy process makes no extra round trip per request, and a connection
the server dropped while it sat in the pool is replaced before a request uses it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from databases import ON_POSTGRES, Databases
from flask import Flask
from sqlalchemy import create_engine, text

from skyjo_pad import pool_checks
from skyjo_pad.extensions import db

pytestmark = pytest.mark.skipif(not ON_POSTGRES, reason="SQLite keeps no server connections")


@pytest.fixture
def app(make_app: Callable[..., Flask], databases: Databases) -> Flask:
    """The app on a copy of its own, so on an engine of its own: not the reused database,
    whose engine is kept across tests (conftest.KEPT_ENGINES) with the connections earlier
    tests opened. These tests watch the pool from its first connection."""
    return make_app(SQLALCHEMY_DATABASE_URI=databases.copy("pool"))


def backend(app: Flask) -> int:
    """The server process behind the connection one request gets (given back after)."""
    with app.app_context():
        pid = int(db.session.execute(text("SELECT pg_backend_pid()")).scalar_one())
        db.session.remove()
    return pid


def counted_pings(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one each time a connection is asked."""
    pings: list[int] = []
    with app.app_context():
        dialect = db.engine.dialect
    asked = dialect.do_ping

    def ping(connection: Any) -> bool:
        pings.append(1)
        return bool(asked(connection))

    monkeypatch.setattr(dialect, "do_ping", ping)
    return pings


def test_a_busy_process_asks_nothing(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool_checks, "IDLE_CHECK", 60.0)
    pings = counted_pings(app, monkeypatch)
    first = backend(app)
    assert [backend(app) for _ in range(5)] == [first] * 5  # the same kept connection
    assert pings == []


def test_an_idle_connection_is_asked(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool_checks, "IDLE_CHECK", 0.05)
    pings = counted_pings(app, monkeypatch)
    first = backend(app)
    time.sleep(0.1)
    assert backend(app) == first  # it still works: kept
    assert pings == [1]


def terminate(app: Flask, pid: int) -> None:
    """Drop one of the app's connections, as a restarting server or an admin would."""
    killer = create_engine(app.config["SQLALCHEMY_DATABASE_URI"])
    try:
        with killer.connect() as connection:
            connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
    finally:
        killer.dispose()


def test_a_dropped_connection_is_replaced(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pool_checks, "IDLE_CHECK", 0.05)
    first = backend(app)
    terminate(app, first)
    time.sleep(0.2)
    assert backend(app) != first  # the request got a working connection, no error


def test_a_connection_dropped_just_after_use_says_try_again_once(
    app: Flask, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Dropped within IDLE_CHECK of its last use, a connection is not asked: the one request
    that meets it is told in words to try again (503, Retry-After), changes nothing, and
    logs no statement; the next request works."""
    monkeypatch.setattr(pool_checks, "IDLE_CHECK", 60.0)
    client = app.test_client()
    game = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()["id"]

    terminate(app, backend(app))
    answer = client.post(f"/api/games/{game}/rounds", json={"scores": [5, 9], "closer": 0})
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "1"
    assert answer.get_json() == {
        "error": "The server could not reach its database just now; nothing was changed. "
        "Try again in a moment."
    }
    terminate(app, backend(app))
    page = client.get(f"/games/{game}")
    assert page.status_code == 503
    assert "Try again in a moment" in page.text and "Traceback" not in page.text
    assert "Database unavailable in POST" in caplog.text
    assert "SELECT" not in caplog.text and "INSERT" not in caplog.text

    assert client.get(f"/api/games/{game}").get_json()["rounds"] == []
    assert (
        client.post(f"/api/games/{game}/rounds", json={"scores": [5, 9], "closer": 0}).status_code
        == 201
    )


def test_a_connection_dropped_after_the_answer_is_made_leaves_it_whole(
    app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    """The database goes away between the answer and the end of the request (a restart):
    the session's closing rollback fails, and the answer still goes out whole; the next
    request works."""
    dropping = {"now": False}

    @app.after_request
    def drop_the_connection(response: Any) -> Any:
        if dropping["now"]:
            terminate(app, int(db.session.execute(text("SELECT pg_backend_pid()")).scalar_one()))
        return response

    client = app.test_client()
    game = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()["id"]
    dropping["now"] = True
    answer = client.get(f"/api/games/{game}")
    dropping["now"] = False
    assert answer.status_code == 200 and answer.get_json()["id"] == game
    assert "Database session dropped at the end: OperationalError" in caplog.text
    assert client.get(f"/api/games/{game}").status_code == 200
