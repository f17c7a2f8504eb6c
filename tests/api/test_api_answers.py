"""Every kind of answer the API gives, checked against the model it is declared by
(api/models/answers.py: strict, no undeclared key) and against the schema the OpenAPI
document serves for it (generated from that model)."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import RULEBOOK_ROUND, PadApi
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from online_helpers import OnlineApi, bearer
from pydantic import ValidationError
from werkzeug.test import TestResponse

from skyjo_pad.api.models import answers
from skyjo_pad.services import tables
from skyjo_pad.services.tables import SeatChoice


class Conformance:
    """Checks answers against their models and the served document."""

    def __init__(self, client: FlaskClient) -> None:
        self.schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
        self.checked: set[str] = set()

    def check(self, name: str, response: TestResponse, status: int = 200) -> dict[str, Any]:
        """The answer's JSON, once its status, its model and its document schema agree."""
        assert response.status_code == status, response.get_json()
        model: type[answers.Answer] = getattr(answers, name)
        model.model_validate_json(response.data, strict=True)
        schema = {"$ref": f"#/components/schemas/{name}", "components": {"schemas": self.schemas}}
        errors = list(Draft202012Validator(schema).iter_errors(response.get_json()))
        assert not errors, [error.message for error in errors]
        self.checked.add(name)
        data: dict[str, Any] = response.get_json()
        return data


@pytest.fixture
def conform(client: FlaskClient) -> Conformance:
    return Conformance(client)


def test_the_pad_answers_as_declared(api: PadApi, conform: Conformance) -> None:
    client = api.client
    game = conform.check("Game", client.post("/api/games", json={"players": ["Ann", "Bob"]}), 201)
    rounds = f"/api/games/{game['id']}/rounds"
    saved = conform.check("Game", client.post(rounds, json={"scores": [200, 3], "closer": 1}), 201)
    assert saved["warnings"]  # a score beyond the official bounds
    conform.check("Game", client.get(f"/api/games/{game['id']}"))
    conform.check("Game", client.put(f"{rounds}/1", json={"scores": [8, 3], "closer": 1}))
    conform.check("Game", client.delete(f"{rounds}/1"))
    grid = [[5, 5, -1, None], [5, 7, 2, None], [5, 0, 3, None]]
    assert conform.check("GridScore", client.post("/api/score", json={"grid": grid}))["raw"]
    conform.check("Error", client.get("/api/games/nothing-here"), 404)
    german = client.post(rounds, json={"scores": [1]}, headers={"Accept-Language": "de"})
    assert "message" in conform.check("Error", german, 400)


def test_the_share_links_answer_as_declared(api: PadApi, conform: Conformance) -> None:
    game = api.new_game()
    shares = f"/api/games/{game['id']}/shares"
    made = conform.check("NewShareLink", api.client.post(shares, json={"kind": "keeper"}), 201)
    api.client.get("/api/games/" + game["id"], headers=bearer(made["token"]))
    listed = conform.check("ShareLinks", api.client.get(shares))
    assert [link["id"] for link in listed["links"]] == [made["id"]]
    revoked = conform.check("Revoked", api.client.delete(f"{shares}/{made['id']}"))
    assert revoked == {"revoked": made["id"]}


def test_an_online_table_answers_as_declared(
    app: Flask, client: FlaskClient, conform: Conformance
) -> None:
    online = OnlineApi(app, client)
    seats = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob"}, {"bot": "hard"}]
    created = conform.check(
        "CreatedOnlineTable", client.post("/api/tables", json={"seats": seats}), 201
    )
    table, ann, host = created["id"], created["seats"][0]["token"], created["host_token"]
    for token in (ann, host, created["spectator_token"]):
        conform.check("OnlineTable", online.get(table, token))
    now = online.state(table, ann)
    moved = conform.check("OnlineTable", online.move(table, ann, now["version"], now["moves"][0]))
    assert moved["version"] > now["version"]
    conform.check("Error", online.move(table, ann, now["version"], now["moves"][1]), 409)
    conform.check("HostSeats", client.get(f"/api/tables/{table}/seats", headers=bearer(host)))
    given = client.post(
        f"/api/tables/{table}/seats/1/player", json={"bot": "easy"}, headers=bearer(host)
    )
    assert conform.check("GivenSeat", given)["seats"][1]["bot"] == "easy"
    reissued = client.post(f"/api/tables/{table}/seats/0/token", headers=bearer(host))
    ann = conform.check("Reissued", reissued)["token"]
    conform.check("ReplayStep", client.get(f"/api/tables/{table}/replay/1", headers=bearer(ann)))
    abandon = client.post(
        f"/api/tables/{table}/abandon", json={"confirm": True}, headers=bearer(host)
    )
    assert conform.check("OnlineTable", abandon)["status"] == "abandoned"
    record = conform.check("Record", client.get(f"/api/tables/{table}/record", headers=bearer(ann)))
    assert record["moves"]


def test_a_phone_table_answers_as_declared(
    app: Flask, client: FlaskClient, conform: Conformance
) -> None:
    with app.app_context():
        table = tables.create([SeatChoice("Ann"), SeatChoice("Bot", "easy")], None, seed=7)
    url = f"/api/phone-tables/{table}"
    screen = conform.check("TableScreen", client.get(url))
    while screen["moves"]:  # Ann turns up her opening cards
        body = {"version": screen["version"], "move": screen["moves"][0]}
        screen = conform.check("TableScreen", client.post(f"{url}/moves", json=body))
    stale = client.post(f"{url}/moves", json={"version": 0, "move": {"action": "draw"}})
    assert conform.check("Error", stale, 409)["state"]["id"] == table
    advanced = client.post(f"{url}/advance", json={"version": screen["version"], "all": True})
    screen = conform.check("TableScreen", advanced)
    hint = client.get(f"{url}/hint", query_string={"version": screen["version"]})
    assert conform.check("Hint", hint)["text"]
    conform.check("ReplayStep", client.get(f"{url}/replay"))
    conform.check("ReplayStep", client.get(f"{url}/replay/1"))


def test_an_answer_with_a_key_it_does_not_declare_fails_its_model(api: PadApi) -> None:
    game = api.new_game()
    answers.Game.model_validate(game, strict=True)
    with pytest.raises(ValidationError):
        answers.Game.model_validate({**game, "secret": 1}, strict=True)
    with pytest.raises(ValidationError):
        answers.Game.model_validate({**game, "version": "3"}, strict=True)
    game = api.add_round(game["id"], RULEBOOK_ROUND)
    answers.Game.model_validate(game, strict=True)
