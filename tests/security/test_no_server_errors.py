"""Issue 21, item 6: inputs that gave a 500 get a clear 400/404 and change nothing."""

from __future__ import annotations

import io
import json

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from skyjo_pad.extensions import db
from skyjo_pad.models import Game, Player, TableState, TableToken
from skyjo_pad.services import transfer

LONE = "a\ud800@x.yy"
"""An email with a lone surrogate: no database can keep it."""


def stored(app: Flask) -> tuple[int, int, int, int]:
    """How many games, players, tables and tokens the store holds."""
    with app.app_context():
        return tuple(  # type: ignore[return-value]
            db.session.scalar(select(func.count()).select_from(model))
            for model in (Game, Player, TableState, TableToken)
        )


def test_a_lone_surrogate_in_an_email_makes_no_table(app: Flask, client: FlaskClient) -> None:
    before = stored(app)
    body = json.dumps({"seats": [{"name": "Ann", "email": LONE}, {"name": "Bob"}]})
    answer = client.post("/api/tables", data=body, content_type="application/json")
    assert answer.status_code in (400, 422), answer.text
    assert "email" in answer.get_json()["error"]
    assert stored(app) == before


@pytest.mark.parametrize(
    "email", [LONE, "ann\x00@x.yy", "ann@x.yy\x85", "an\x1bn@x.yy", "ann\n@x.yy"]
)
def test_an_import_with_a_bad_email_is_refused_whole(app: Flask, email: str) -> None:
    data = {
        "format": transfer.FORMAT,
        "players": [{"name": "Ann", "email": email}, {"name": "Bob", "email": None}],
        "games": [
            {
                "id": "badmail001",
                "kind": "pad",
                "created_at": "2026-03-15T21:30:00+00:00",
                "rules": {"target": 10},
                "players": ["Ann", "Bob"],
                "rounds": [{"number": 1, "closer": 0, "raw": [3, 12]}],
            }
        ],
    }
    before = stored(app)
    text = json.dumps(data).encode()
    answer = app.test_client().post(
        "/history/import", data={"file": (io.BytesIO(text), "export.json")}
    )
    assert answer.status_code == 400
    assert "Nothing was imported" in answer.text
    assert stored(app) == before


@pytest.mark.parametrize(
    "url",
    [
        "/tables/%00",
        "/tables/%00/replay",
        "/games/%00",
        "/history/%00",
        "/t/%00",
        "/language/%00",
        "/api/phone-tables/%00",
        "/api/phone-tables/%00/record",
        "/api/phone-tables/%00/replay/1",
        "/api/games/%00",
        "/api/tables/%00",
        "/api/tables/%00/record",
    ],
)
def test_a_nul_in_an_address_is_not_found(client: FlaskClient, url: str) -> None:
    answer = client.get(url)
    assert answer.status_code == 404
    if url.startswith("/api/"):
        assert answer.get_json()["error"]


@pytest.mark.parametrize("again", ["%00", "ab%00cd", "%0A", "%ED%A0%80", "x" * 300])
def test_playing_again_a_game_that_cannot_be(app: Flask, client: FlaskClient, again: str) -> None:
    before = stored(app)
    answer = client.get(f"/tables/new?again={again}")
    assert answer.status_code in (200, 400, 404)
    answer = client.post(f"/tables/new?again={again}", data={"seat-0": "Ann"})
    assert answer.status_code < 500
    assert stored(app) == before


@pytest.mark.parametrize(
    "target",
    ["/history%0A", "/%0d%0aSet-Cookie:%20x=1", "/games/%00", "/\t/evil.example", "%ED%A0%80"],
)
def test_a_language_switch_never_follows_a_broken_next(client: FlaskClient, target: str) -> None:
    answer = client.get(f"/language/fr?next={target}")
    assert answer.status_code in (302, 303)
    assert answer.headers["Location"] == "/"
    assert "\n" not in answer.headers.get("Set-Cookie", "")


@pytest.mark.parametrize(
    "target", ["/history%0A", "/%0d%0aSet-Cookie:%20x=1", "/\t/evil.example", "%ED%A0%80"]
)
def test_a_right_password_never_follows_a_broken_next(make_app, target: str) -> None:  # type: ignore[no-untyped-def]
    app = make_app(ACCESS_PASSWORD="secret")
    client = app.test_client()
    answer = client.post(f"/login?next={target}", data={"password": "secret"})
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/"
    assert client.get("/history").status_code == 200


def test_a_good_next_is_still_followed(make_app, client: FlaskClient) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/language/fr?next=/history?page=2").headers["Location"] == "/history?page=2"
    app = make_app(ACCESS_PASSWORD="secret")
    answer = app.test_client().post("/login?next=/history", data={"password": "secret"})
    assert answer.headers["Location"] == "/history"


@pytest.mark.parametrize("name", ["%00", "Ann%00", "%1B"])
def test_seating_a_known_name_that_cannot_be(client: FlaskClient, name: str) -> None:
    body = f"seat-0-name=Ed&seat-0-kind=person&seat-1-name=Zed&seat-1-kind=person&add={name}"
    answer = client.post("/tables/new", data=body, content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 200
