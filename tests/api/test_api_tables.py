"""The digital table's JSON under /api/tables: the shared error shape, the documented
examples, and random bodies that never break it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skyjo_pad.services import tables
from skyjo_pad.services.tables import SeatChoice

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture
def table_id(app: Flask) -> str:
    """A table of Ann and Bob, two people, dealt with deal number 7."""
    with app.app_context():
        return tables.create([SeatChoice("Ann"), SeatChoice("Bob")], None, seed=7)


def screen(client: FlaskClient, table_id: str) -> dict[str, Any]:
    answer = client.get(f"/api/phone-tables/{table_id}")
    assert answer.status_code == 200
    data: dict[str, Any] = answer.get_json()
    return data


def test_a_move_answers_the_new_screen_and_a_refusal_the_screen_as_it_is(
    client: FlaskClient, table_id: str
) -> None:
    before = screen(client, table_id)
    url = f"/api/phone-tables/{table_id}/moves"
    moved = client.post(url, json={"version": before["version"], "move": before["moves"][0]})
    assert moved.status_code == 200
    after = moved.get_json()
    assert after["version"] != before["version"]
    stale = client.post(url, json={"version": before["version"], "move": before["moves"][1]})
    assert stale.status_code == 409
    body = stale.get_json()
    assert set(body) == {"error", "state"} and body["state"] == after
    assert "draw" not in body["state"]["view"] and "seed" not in body["state"]["view"]


def test_the_documented_example_move_is_played(client: FlaskClient, table_id: str) -> None:
    paths = client.get("/api/openapi.json").get_json()["paths"]
    example = paths["/api/phone-tables/{game_id}/moves"]["post"]["requestBody"]["content"]
    body = dict(example["application/json"]["example"])
    body["version"] = screen(client, table_id)["version"]
    answer = client.post(f"/api/phone-tables/{table_id}/moves", json=body)
    assert answer.status_code == 200, answer.get_json()


def test_an_unknown_table_answers_the_plain_error(client: FlaskClient) -> None:
    for answer in (
        client.get("/api/phone-tables/nothere"),
        client.post("/api/phone-tables/nothere/moves", json={"version": 1, "move": {}}),
        client.get("/api/phone-tables/nothere/replay/0"),
    ):
        assert answer.status_code == 404
        assert list(answer.get_json()) == ["error"]


def test_the_replay_starts_at_the_deal(client: FlaskClient, table_id: str) -> None:
    first = client.get(f"/api/phone-tables/{table_id}/replay").get_json()
    assert first["step"] == 0 and first["steps"] == 0
    assert client.get(f"/api/phone-tables/{table_id}/record").status_code == 409


@SETTINGS
@given(
    body=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=20,
    )
    | st.fixed_dictionaries(
        {
            "version": st.integers(0, 3) | st.text(max_size=3),
            "move": st.dictionaries(
                st.sampled_from(["action", "seat", "cell", "deck"]),
                st.sampled_from(["draw", "swap", "reveal", "deal", 0, 1, [0, 0], [9, 9], None]),
            ),
        }
    ),
    where=st.sampled_from(["moves", "advance"]),
)
def test_random_bodies_never_break_a_table(
    client: FlaskClient, table_id: str, body: Any, where: str
) -> None:
    answer = client.post(
        f"/api/phone-tables/{table_id}/{where}",
        data=json.dumps(body),
        content_type="application/json",
    )
    assert answer.status_code < 500
    data = answer.get_json()
    if answer.status_code >= 400:
        assert isinstance(data["error"], str) and data["error"]
        assert set(data) <= {"error", "state"}
