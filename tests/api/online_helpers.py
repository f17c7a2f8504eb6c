"""A client of the online-table API, and the check that no answer carries a secret."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from hidden_cards import assert_hidden
from werkzeug.test import TestResponse

from skyjo_pad.engine import position_from_json, position_to_json
from skyjo_pad.extensions import db
from skyjo_pad.models import TableState

"""A face-down card as the full position writes it ("7d"): never in an answer."""


def bearer(token: str | None) -> dict[str, str]:
    """The header that carries a token."""
    return {} if token is None else {"Authorization": f"Bearer {token}"}


class OnlineApi:
    """Calls of the online-table API that the tests repeat."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app = app
        self.client = client

    def create(self, seats: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
        """A new table (Ann, Bob and a hard bot by default); every token."""
        body = {"seats": seats or [{"name": "Ann"}, {"name": "Bob"}, {"bot": "hard"}], **extra}
        answer = self.client.post("/api/tables", json=body)
        assert answer.status_code == 201, answer.json
        data: dict[str, Any] = answer.get_json()
        return data

    def get(self, table: str, token: str | None) -> TestResponse:
        """GET the table with `token`."""
        return self.client.get(f"/api/tables/{table}", headers=bearer(token))

    def state(self, table: str, token: str | None) -> dict[str, Any]:
        """The table as `token` sees it (must be answered)."""
        answer = self.get(table, token)
        assert answer.status_code == 200, answer.json
        data: dict[str, Any] = answer.get_json()
        return data

    def move(self, table: str, token: str | None, version: Any, move: Any) -> TestResponse:
        """POST a move."""
        body = {"version": version, "move": move}
        return self.client.post(f"/api/tables/{table}/moves", json=body, headers=bearer(token))

    def events(self, table: str, token: str | None, **headers: str) -> TestResponse:
        """Read the event stream (it ends by itself in the tests: STREAM_SECONDS)."""
        return self.client.get(f"/api/tables/{table}/events", headers={**bearer(token), **headers})

    def truth(self, table: str) -> dict[str, Any]:
        """The full position on the server (secrets included), for the checks."""
        with self.app.app_context():
            state = db.session.get(TableState, table)
            assert state is not None
            data = dict(state.position)
            seed = state.seed
            db.session.remove()
        return {"position": data, "seed": seed}

    def fingerprint(self, table: str) -> str:
        """Everything the server keeps of a table's play: changes with any move."""
        truth = self.truth(table)
        return json.dumps(position_to_json(position_from_json(truth["position"])))


def versions_in(stream: str) -> list[int]:
    """The versions an event stream told, in order."""
    found = []
    for block in stream.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if lines.get("event") == "version":
            data = json.loads(lines["data"])
            assert set(data) == {"version"}, data  # an event says only that the version moved
            found.append(data["version"])
    return found


def assert_no_secret(answer: Any, truth: dict[str, Any], viewer: int | None) -> None:
    """`answer` for `viewer` keeps the secrets of `truth` (its position and seed)."""
    assert_hidden(answer, truth["position"], truth["seed"], viewer)


class StreamReader:
    """An event stream read as it comes (the test client's unbuffered body)."""

    def __init__(self, body: Any) -> None:
        self.chunks = iter(body)
        self.text = ""

    def until(self, version: int) -> list[int]:
        """Read until the stream has told `version` (or ended): the versions told so far."""
        while version not in versions_in(self.text):
            chunk = next(self.chunks, None)
            if chunk is None:
                break
            self.text += chunk.decode() if isinstance(chunk, bytes) else chunk
        return versions_in(self.text)
