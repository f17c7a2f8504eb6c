"""The database side of a stream (`services/streams.py`): who may open one, where it
starts, and the heartbeat's "seat online" mark for many tokens at once; and the ASGI
server's task that gives those marks."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from coroutines import run as run_coroutine
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from skyjo_pad.asgi import Server
from skyjo_pad.extensions import db
from skyjo_pad.models import TableToken, utcnow
from skyjo_pad.services import live, streams
from skyjo_pad.services.errors import Unauthorized
from skyjo_pad.services.table_policy import digest


def new_table(client: FlaskClient) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"seats": [{"name": "Ann"}, {"name": "Bob"}]})
    assert answer.status_code == 201
    data: dict[str, Any] = answer.get_json()
    return data


def seen_at(app: Flask, token: str) -> Any:
    with app.app_context():
        found = db.session.scalar(
            select(TableToken.seen_at).where(TableToken.digest == digest(token))
        )
        db.session.remove()
        return found


def test_a_stream_starts_at_the_tables_version_for_its_own_tokens_only(
    app: Flask, client: FlaskClient
) -> None:
    first, second = new_table(client), new_table(client)
    bob = first["seats"][1]["token"]
    with app.app_context():
        assert streams.start(first["id"], bob) == streams.Start(1, False, "seat", 1)
        for game, token in ((second["id"], bob), (first["id"], "nonsense"), (first["id"], None)):
            with pytest.raises(Unauthorized):
                streams.start(game, token)
    assert seen_at(app, bob) is not None  # the seat shows online from the opening
    host = {"Authorization": f"Bearer {first['host_token']}"}
    client.post(f"/api/tables/{first['id']}/abandon", json={"confirm": True}, headers=host)
    with app.app_context():
        assert streams.start(first["id"], bob).closed


def test_one_touch_marks_every_open_streams_seat_online(app: Flask, client: FlaskClient) -> None:
    tables = [new_table(client) for _ in range(3)]
    tokens = [seat["token"] for table in tables for seat in table["seats"]]
    before = utcnow() - timedelta(seconds=1)
    with app.app_context():
        streams.touch([digest(token) for token in tokens[:-1]] + ["", "unknown"])
    assert all(seen_at(app, token) >= before for token in tokens[:-1])
    assert seen_at(app, tokens[-1]) is None


def test_the_server_marks_its_open_streams_seats_online_every_heartbeat(make_app: Any) -> None:
    app = make_app(STREAM_HEARTBEAT=0.05)
    table = new_table(app.test_client())
    token = table["seats"][0]["token"]
    held = live.HUB.subscribe(table["id"], digest(token), "127.0.0.1", 4, 64)
    server = Server(app, threads=1)

    async def a_moment_of_serving() -> None:
        task = asyncio.create_task(server.mark_online())
        await asyncio.sleep(1.3)  # at least one mark: every max(1 s, heartbeat)
        task.cancel()

    try:
        run_coroutine(a_moment_of_serving())
    finally:
        live.HUB.unsubscribe(held)
    assert seen_at(app, token) is not None
