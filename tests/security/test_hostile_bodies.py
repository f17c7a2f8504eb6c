"""Finding 5 of issue 12: hostile imports and bodies get a 400 and change nothing."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from skyjo_pad.extensions import db
from skyjo_pad.models import Game
from skyjo_pad.services import tables, transfer

PLAYING_TABLE: dict[str, Any] = {
    "format": transfer.FORMAT,
    "players": [],
    "games": [
        {
            "id": "hostile001",
            "kind": "table",
            "created_at": "2026-05-01T20:00:00",
            "status": "playing",
            "rules": {},
            "players": ["Ann", "Bob"],
            "bots": [None, None],
            "rounds": [{"number": 1, "closer": 0, "raw": [3, 4], "final": [3, 4]}],
        }
    ],
}


def _import(client: FlaskClient, data: dict[str, Any]) -> Any:
    body = json.dumps(data).encode()
    return client.post(
        "/history/import", data={"file": (io.BytesIO(body), "export.json")}, buffered=True
    )


@pytest.mark.parametrize(
    "change",
    [
        {"raw": [10**30, 4], "final": [10**30, 4]},
        {"raw": [3, 4], "final": [3, -(10**19)]},
        {"closer": True},
        {"closer": 5},
    ],
)
def test_an_import_with_impossible_scores_is_refused(
    app: Flask, client: FlaskClient, change: dict[str, Any]
) -> None:
    data = copy.deepcopy(PLAYING_TABLE)
    data["games"][0]["rounds"][0].update(change)
    answer = _import(client, data)
    assert answer.status_code == 400
    assert "Nothing was imported" in answer.text
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0


def test_the_same_import_with_sane_scores_is_taken(app: Flask, client: FlaskClient) -> None:
    taken = _import(client, PLAYING_TABLE)  # read whole, then left out: it is played elsewhere
    assert taken.status_code == 200 and "still being played was left out" in taken.text


def _table(app: Flask) -> tuple[str, int]:
    with app.app_context():
        seats = [tables.SeatChoice("Ann"), tables.SeatChoice("Bob")]
        game_id = tables.create(seats, {}, seed=1)
        return game_id, tables.screen(game_id).version


@pytest.mark.parametrize("path", ["moves", "advance"])
def test_a_deeply_nested_body_is_a_400(app: Flask, client: FlaskClient, path: str) -> None:
    game_id, version = _table(app)
    deep = "[" * 100_000 + "]" * 100_000
    nested = f'{{"version": {version}, "move": {deep}}}'
    answer = client.post(
        f"/api/phone-tables/{game_id}/{path}", data=nested, content_type="application/json"
    )
    assert answer.status_code == 400
    assert answer.get_json()["error"]
    with app.app_context():
        assert tables.screen(game_id).version == version


def test_a_huge_body_is_refused_unread(app: Flask, client: FlaskClient) -> None:
    game_id, version = _table(app)
    body = json.dumps({"version": version, "move": {"action": "draw"}, "pad": "x" * 5_000_000})
    answer = client.post(
        f"/api/phone-tables/{game_id}/moves", data=body, content_type="application/json"
    )
    assert answer.status_code == 400
    assert "too large" in answer.get_json()["error"]
    with app.app_context():
        assert tables.screen(game_id).version == version


def test_an_import_larger_than_other_bodies_is_still_read(app: Flask, client: FlaskClient) -> None:
    pad_game = {**PLAYING_TABLE["games"][0], "kind": "pad"}  # a table in play is left out
    export = {**PLAYING_TABLE, "games": [pad_game]}
    body = json.dumps(export).encode() + b" " * 3_000_000  # past the 1 MB of a form
    answer = client.post(
        "/history/import", data={"file": (io.BytesIO(body), "export.json")}, buffered=True
    )
    assert answer.status_code == 200, answer.text
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 1
