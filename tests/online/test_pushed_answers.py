"""Streams opened with `?answers=1` push each token's own answer after each version: the
same as its `GET /api/tables/<id>` (every kind of token, in the reader's language), no
secret in it, made once per table version in a process, and none after a revoke."""

from __future__ import annotations

import asyncio
import html
import json
import random
import re
import threading
import time
from typing import Any

import pytest
from coroutines import run as run_coroutine
from databases import ON_POSTGRES
from flask import Flask
from flask.testing import FlaskClient
from online_walk import assert_hidden, bearer, create, seat_tokens, state, truth

from skyjo_pad.api import stream_answers
from skyjo_pad.extensions import db
from skyjo_pad.services import live, live_reader, live_tables, online_seats
from skyjo_pad.services import table_policy as policy
from skyjo_pad.services.errors import Unauthorized
from skyjo_pad.services.live import Subscription


def events(text: str) -> list[tuple[str, Any]]:
    """Every event of a stream's text: its name and its data (JSON)."""
    found = []
    for block in text.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "event" in lines:
            found.append((lines["event"], json.loads(lines["data"])))
    return found


def answers(text: str) -> list[dict[str, Any]]:
    return [data for name, data in events(text) if name == "answer"]


def read(client: FlaskClient, game: str, token: str, **headers: str) -> str:
    """A whole stream with answers (it ends at STREAM_SECONDS)."""
    url = f"/api/tables/{game}/events?answers=1"
    answer = client.get(url, headers={**bearer(token), **headers})
    assert answer.status_code == 200
    return answer.text


class Reader:
    """A stream read in a thread until it ends."""

    def __init__(self, client: FlaskClient, game: str, token: str, **headers: str) -> None:
        self.told: list[str] = []
        self.thread = threading.Thread(
            target=lambda: self.told.append(read(client, game, token, **headers))
        )
        self.thread.start()

    def text(self) -> str:
        """Its whole text, once it ended."""
        self.thread.join(10)
        return self.told[0]


@pytest.fixture
def short(app: Flask) -> Flask:
    app.config["STREAM_SECONDS"] = 1.5
    return app


def test_two_links_of_one_table_in_one_browser_keep_their_own_streams(
    short: Flask, client: FlaskClient
) -> None:
    """Ann's seat and the host's page opened in one browser: each page's stream (cookies,
    no headers) is pushed its own link's answer, whichever page was opened last."""
    table = create(client)
    ann, host = seat_tokens(table)[0], table["host_token"]
    urls = {}
    for who, token in (("ann", ann), ("host", host)):
        page = client.get(f"/t/{token}")
        assert page.status_code == 200
        found = re.search(r'data-events-url="([^"]+)"', page.text)
        urls[who] = html.unescape(found[1]) if found else None
    assert urls["ann"] and "via=" in urls["ann"]
    pushed = answers(client.get(urls["ann"]).text)  # the host's page was opened last
    assert pushed and all(answer["seat"] == 0 for answer in pushed)
    assert client.get(urls["ann"].split("?")[0] + "?answers=1").status_code == 401


def test_every_token_is_pushed_its_own_answer_as_a_get_would_give_it(
    short: Flask, client: FlaskClient
) -> None:
    table = create(client)
    game = table["id"]
    ann, bob = seat_tokens(table)
    everyone = {"ann": ann, "bob": bob, "host": table["host_token"]}
    everyone["spectator"] = table["spectator_token"]
    readers = {who: Reader(client, game, token) for who, token in everyone.items()}
    in_swedish = Reader(client, game, bob, **{"Accept-Language": "sv"})
    time.sleep(0.4)
    seen = state(client, table, ann)
    moved = client.post(
        f"/api/tables/{game}/moves",
        json={"version": seen["version"], "move": seen["moves"][0]},
        headers=bearer(ann),
    )
    assert moved.status_code == 200
    for who, token in everyone.items():
        text = readers[who].text()
        pushed = answers(text)
        assert [a["version"] for a in pushed] == [seen["version"], moved.get_json()["version"]]
        assert pushed[-1] == state(client, table, token), who
        assert [n for n, _ in events(text)] == ["version", "answer"] * 2
    swedish = answers(in_swedish.text())[-1]
    asked = client.get(f"/api/tables/{game}", headers={**bearer(bob), "Accept-Language": "sv"})
    assert swedish == asked.get_json() and swedish != state(client, table, bob)
    assert swedish["info"]["now"] != state(client, table, bob)["info"]["now"]


def test_a_stream_without_answers_tells_versions_only(short: Flask, client: FlaskClient) -> None:
    table = create(client)
    text = client.get(f"/api/tables/{table['id']}/events", headers=bearer(seat_tokens(table)[0]))
    assert [name for name, _ in events(text.text)] == ["version"]


def test_pushed_answers_never_carry_a_secret(app: Flask, client: FlaskClient) -> None:
    """A whole game: at every move each person's and the spectator's stream is read, its
    answers searched for secrets and compared with the GET (a seat holding a drawn card
    included)."""
    app.config["STREAM_SECONDS"] = 0.02  # a stream read pushes the answer now, then ends
    table = create(client, rules={"target": 10})
    game = table["id"]
    people = dict(enumerate(seat_tokens(table)))
    rng = random.Random(5)
    for _ in range(3_000):
        position, seed = truth(app, game)
        states = {seat: state(client, table, token) for seat, token in people.items()}
        if states[0]["status"] != "playing":
            break  # a stream of a table over answers 204
        for viewer, token in [*people.items(), (None, table["spectator_token"])]:
            pushed = answers(read(client, game, token))
            assert pushed, "a stream with answers pushes the answer now"
            assert_hidden(pushed[-1], position, seed, viewer)
            if viewer is not None:
                assert pushed[-1] == states[viewer]
        ready = [(seat, s) for seat, s in states.items() if s["moves"]]
        if not ready:
            break
        seat, seen = rng.choice(ready)
        body = {"version": seen["version"], "move": rng.choice(seen["moves"])}
        moved = client.post(f"/api/tables/{game}/moves", json=body, headers=bearer(people[seat]))
        assert moved.status_code == 200, moved.json
    assert states[0]["status"] == "finished"


def test_a_revoked_tokens_stream_is_pushed_nothing_more(short: Flask, client: FlaskClient) -> None:
    table = create(client)
    game = table["id"]
    ann, bob = seat_tokens(table)
    told = Reader(client, game, bob)
    time.sleep(0.4)
    first = state(client, table, ann)["version"]
    host = bearer(table["host_token"])
    assert client.post(f"/api/tables/{game}/seats/1/token", headers=host).status_code == 200
    seen = state(client, table, ann)
    body = {"version": seen["version"], "move": seen["moves"][0]}
    assert (
        client.post(f"/api/tables/{game}/moves", json=body, headers=bearer(ann)).status_code == 200
    )
    # the first only: neither the new link's version nor the move's
    assert [a["version"] for a in answers(told.text())] == [first]
    revoked = Subscription(game, "x", "here", seen=9, latest=9, ending="revoked", answers=True)
    assert not stream_answers.due(revoked)
    assert stream_answers.said(revoked, (9, "event: answer\ndata: {}\n\n")) == ""


def test_an_answer_is_made_once_per_version_and_the_table_read_once(
    app: Flask, client: FlaskClient
) -> None:
    table = create(client)
    game = table["id"]
    ann, bob = seat_tokens(table)
    made = stream_answers.of(app)
    live_tables.TABLES.forget()
    reads, renders = live_tables.TABLES.reads, made.renders
    streams = [
        Subscription(game, "d", "a", seen=1, answers=True, role="seat", seat=1) for _ in range(3)
    ]
    host = Subscription(game, "h", "a", seen=1, answers=True, role="host")
    found = [made.made(s) for s in [*streams, host]]
    assert live_tables.TABLES.reads == reads + 1  # read once for the four streams
    assert made.renders == renders + 2  # bob's answer once, the host's once
    assert found[0] == found[1] == found[2] != found[3]
    assert found[0] is not None and json.loads(found[0][1].split("data: ")[1]) == state(
        client, table, bob
    )
    seen = state(client, table, ann)
    body = {"version": seen["version"], "move": seen["moves"][0]}
    moved = client.post(f"/api/tables/{game}/moves", json=body, headers=bearer(ann))
    streams[0].seen = moved.get_json()["version"]
    after = made.made(streams[0])
    assert after is not None and after[0] == streams[0].seen
    assert live_tables.TABLES.reads == reads + 1  # the move's own process kept the table


@pytest.mark.skipif(not ON_POSTGRES, reason="the loop's reader is PostgreSQL's")
def test_the_loops_reader_reads_the_table_as_a_thread_would(
    app: Flask, client: FlaskClient
) -> None:
    table, other = create(client), create(client)
    game = table["id"]
    with app.app_context():
        url = live.listener_url()
        from_thread = live_tables.read(game)
        other_from_thread = live_tables.read(other["id"])
        db.session.remove()
    assert url is not None and from_thread is not None and other_from_thread is not None
    live_tables.TABLES.forget()

    async def read() -> None:
        reader = live_reader.Reader(url, connections=2)
        await asyncio.gather(
            *(reader.fetch(game, from_thread.version) for _ in range(3)),
            reader.fetch(other["id"], 1),  # another table's read goes side by side
        )
        assert len(reader._idle) == 2  # its two connections, kept for the next reads
        await reader.close()
        await reader.fetch("no-such-table", 1)  # a connection opened again
        await reader.close()

    reads = live_tables.TABLES.reads
    run_coroutine(read())
    assert live_tables.TABLES.reads == reads + 2  # three streams, one read; the other table's
    assert live_tables.TABLES.kept(game, from_thread.version) == from_thread
    assert live_tables.TABLES.kept(other["id"], 1) == other_from_thread
    assert live_tables.TABLES.kept("no-such-table", 0) is None


def test_a_token_looked_up_once_per_session_stops_when_replaced(
    app: Flask, client: FlaskClient
) -> None:
    table = create(client)
    game, bob = table["id"], seat_tokens(table)[1]
    with app.app_context():
        assert policy.by_token(game, bob).seat == 1
        assert policy.by_token(game, bob).seat == 1  # looked up once in this session
        online_seats.reissue(game, table["host_token"], 1)
        with pytest.raises(Unauthorized):
            policy.by_token(game, bob)  # the same session: no stale answer
        with pytest.raises(Unauthorized):
            policy.by_token("another", seat_tokens(table)[0])
        db.session.remove()
