"""What the server said it saved survives the server being killed (kill -9).

The real server (`skyjo-pad serve`) runs as a separate process on the run's database
(SQLite, or PostgreSQL in the PostgreSQL run) while round saves and table moves stream
in; it is killed without warning at random moments, started again, and every write it
confirmed must be there, and every game must open.
"""

from __future__ import annotations

import http.cookiejar
import json
import random
import re
import threading
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.client import HTTPException
from pathlib import Path
from typing import Any

import pytest
from databases import Databases
from servers import Server, call, page
from table_forms import table_form

CRASHES = 6
"""Kills per test run."""
WRITES_PER_LIFE = 40
"""Writes sent to each server process at most (it is killed somewhere among them)."""


@pytest.fixture
def server(databases: Databases, tmp_path: Path) -> Iterator[Server]:
    """A server on a new database, killed at the end whatever happens."""
    server = Server(databases.empty("durable"), tmp_path / "server.log", "--threads", "2")
    try:
        yield server
    finally:
        server.kill()


def test_a_saved_round_survives_kill_9(server: Server) -> None:
    server.start()
    status, game = call(server.base, "POST", "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    assert status == 201, game
    body = {"scores": [8, 50, 10], "closer": 2, "version": game["version"]}
    status, saved = call(server.base, "POST", f"/api/games/{game['id']}/rounds", body)
    assert status == 201, saved
    assert saved["totals"] == [8, 50, 20]

    server.kill()
    server.start()

    status, again = call(server.base, "GET", f"/api/games/{game['id']}")
    assert status == 200, again
    assert again["rounds"] == saved["rounds"]
    assert again["totals"] == [8, 50, 20] and again["version"] == saved["version"]
    status, _ = call(server.base, "POST", f"/api/games/{game['id']}/rounds", body)
    assert status == 409  # sent again with the old version: refused, not saved twice


class Browser:
    """A phone's browser: keeps the session cookie, sends the page's CSRF token."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        self.token = ""

    def get(self, path: str) -> str:
        with self.opener.open(self.server.base + path, timeout=10) as response:
            return str(response.read().decode())

    def form(self, path: str, fields: dict[str, str]) -> str:
        """Post a form; the address it ends on (after redirects)."""
        data = urllib.parse.urlencode(fields).encode()
        with self.opener.open(self.server.base + path, data=data, timeout=10) as response:
            return str(response.geturl())

    def json(self, path: str, body: Any) -> tuple[int, Any]:
        request = urllib.request.Request(
            self.server.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-CSRFToken": self.token},
        )
        try:
            with self.opener.open(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


TABLE_FORM = table_form(("Ann", "person"), ("Bob", "person"), seed="7", start="1")


@dataclass
class Confirmed:
    """What the server confirmed: each pad game's rounds, the table's version and moves."""

    rounds: dict[str, list[list[int]]] = field(default_factory=dict)
    table_version: int = 0
    table_log: list[Any] = field(default_factory=list)
    writes: int = 0


def new_table(phone: Browser) -> str:
    """A two-person table started through its form; its id."""
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', phone.get("/tables/new"))
    assert token
    where = phone.form("/tables/new", {**TABLE_FORM, "csrf_token": token.group(1)})
    game_id = where.rsplit("/", 1)[1]
    header = re.search(r'data-csrf="([^"]+)"', phone.get(f"/tables/{game_id}"))
    assert header
    phone.token = header.group(1)
    return game_id


def write(server: Server, phone: Browser, table: str, rng: random.Random, done: Confirmed) -> None:
    """One write: a round saved to a pad game, or the table's next move."""
    if rng.random() < 0.5:
        game_id = rng.choice(sorted(done.rounds))
        scores = [rng.randint(-2, 3), rng.randint(-2, 3)]
        body = {"scores": scores, "closer": None, "version": len(done.rounds[game_id]) + 1}
        status, answer = call(server.base, "POST", f"/api/games/{game_id}/rounds", body)
        assert status == 201, answer
        done.rounds[game_id].append(answer["rounds"][-1]["final"])
    else:
        status, state = call(server.base, "GET", f"/api/phone-tables/{table}")
        assert status == 200, state
        if state["moves"]:
            status, answer = phone.json(
                f"/api/phone-tables/{table}/moves",
                {"version": state["version"], "move": state["moves"][0]},
            )
        else:
            status, answer = phone.json(
                f"/api/phone-tables/{table}/advance", {"version": state["version"], "all": True}
            )
        assert status == 200, answer
        done.table_version = answer["version"]
    done.writes += 1


def check_everything_is_there(server: Server, table: str, done: Confirmed) -> None:
    """Every confirmed write is stored; every game opens, as a page and through the API."""
    for game_id, rounds in done.rounds.items():
        status, game = call(server.base, "GET", f"/api/games/{game_id}")
        assert status == 200, game
        stored = [r["final"] for r in game["rounds"]]
        assert stored[: len(rounds)] == rounds
        assert len(stored) <= len(rounds) + 1  # at most the one in flight when killed
        done.rounds[game_id] = stored  # a save in flight may have made it: carry on from there
        assert "Enter round" in page(server.base, f"/games/{game_id}")
    status, state = call(server.base, "GET", f"/api/phone-tables/{table}")
    assert status == 200, state
    assert state["version"] >= done.table_version
    assert 'data-csrf="' in page(server.base, f"/tables/{table}")
    assert page(server.base, "/history").count("</html>") == 1


def test_confirmed_writes_survive_kill_9_at_random_moments(server: Server) -> None:
    rng = random.Random(2026)
    server.start()
    done = Confirmed()
    for _ in range(3):
        status, game = call(server.base, "POST", "/api/games", {"players": ["Ann", "Bob"]})
        assert status == 201, game
        done.rounds[game["id"]] = []
    phone = Browser(server)
    table = new_table(phone)
    survived = 0
    for _ in range(CRASHES):
        killer = threading.Timer(rng.uniform(0.05, 1.0), server.kill)
        killer.start()
        try:
            for _ in range(WRITES_PER_LIFE):
                write(server, phone, table, rng, done)
        except (OSError, HTTPException):
            pass  # killed in the middle of a request: that write was never confirmed
        killer.join()
        server.kill()
        server.start()
        check_everything_is_there(server, table, done)
        survived += 1
    print(f"crashes survived: {survived}, confirmed writes: {done.writes}")
    assert survived == CRASHES and done.writes > CRASHES
