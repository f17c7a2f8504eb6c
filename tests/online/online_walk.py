"""An online table brought to a secret moment (a seat holds a drawn card), for the tests
that walk the app as an outsider or compare its two kinds of table."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from hidden_cards import FACE_DOWN as FACE_DOWN
from hidden_cards import assert_hidden as assert_hidden

from skyjo_pad.extensions import db
from skyjo_pad.models import TableState

"""A face-down card as the full position writes it ("7d")."""


def bearer(token: str) -> dict[str, str]:
    """The header that carries a token."""
    return {"Authorization": f"Bearer {token}"}


def create(client: FlaskClient, **extra: Any) -> dict[str, Any]:
    """An online table of Ann, Bob and a hard computer player (a secret deal)."""
    body = {"seats": [{"name": "Ann"}, {"name": "Bob"}, {"bot": "hard"}], **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.json
    data: dict[str, Any] = answer.get_json()
    return data


def seat_tokens(table: dict[str, Any]) -> list[str]:
    """The person seats' tokens, by seat (Ann, Bob)."""
    return [s["token"] for s in table["seats"] if "token" in s]


def state(client: FlaskClient, table: dict[str, Any], token: str) -> dict[str, Any]:
    """The table as `token` sees it."""
    answer = client.get(f"/api/tables/{table['id']}", headers=bearer(token))
    assert answer.status_code == 200, answer.json
    data: dict[str, Any] = answer.get_json()
    return data


def move(client: FlaskClient, table: dict[str, Any], token: str, body: Any) -> Any:
    """POST a move with `token`; the answer."""
    return client.post(f"/api/tables/{table['id']}/moves", json=body, headers=bearer(token))


def until_drawn(client: FlaskClient, table: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Play the opening reveals, then let the seat to act draw from the pile: that seat
    and its answer (it holds the drawn card)."""
    tokens = seat_tokens(table)
    for token in tokens:
        seen = state(client, table, token)
        while seen["view"]["phase"] == "reveal" and seen["moves"]:
            answer = move(
                client, table, token, {"version": seen["version"], "move": seen["moves"][0]}
            )
            assert answer.status_code == 200, answer.json
            seen = answer.get_json()
    seen = state(client, table, tokens[0])
    acting = seen["actor"]
    assert acting in (0, 1), seen["info"]
    mine = state(client, table, tokens[acting])
    answer = move(
        client, table, tokens[acting], {"version": mine["version"], "move": {"action": "draw"}}
    )
    assert answer.status_code == 200, answer.json
    drawn: dict[str, Any] = answer.get_json()
    assert drawn["view"]["held"]["from"] == "draw" and isinstance(
        drawn["view"]["held"]["value"], int
    )
    return acting, drawn


def kept(app: Flask, game_id: str) -> dict[str, Any]:
    """What the server keeps of a table's play (secrets included), for the checks."""
    with app.app_context():
        row = db.session.get(TableState, game_id)
        assert row is not None
        data = {
            "position": json.dumps(row.position, sort_keys=True),
            "moves": len(row.moves),
            "owner": row.owner,
            "status": row.status,
            "seed": row.seed,
            "online": row.online,
        }
        db.session.remove()
    return data


def truth(app: Flask, game_id: str) -> tuple[dict[str, Any], str]:
    """The full position on the server and the seed, for the checks."""
    with app.app_context():
        row = db.session.get(TableState, game_id)
        assert row is not None
        position, seed = dict(row.position), row.seed
        db.session.remove()
    return position, seed
