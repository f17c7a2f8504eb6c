"""POST /api/games and GET /api/games/<id>."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import PadApi
from flask.testing import FlaskClient

DEFAULT_RULES = {"target": 100, "multiplier": 2, "tie_doubles": True, "double_only_positive": True}


def test_create_game_answers_201_and_the_game(client: FlaskClient, api: PadApi) -> None:
    response = client.post("/api/games", json={"players": ["Ann", "Bob", "Cy"]})
    assert response.status_code == 201
    game = api.json(response)
    assert response.headers["Location"] == f"/api/games/{game['id']}"
    assert game["kind"] == "pad"
    assert game["players"] == ["Ann", "Bob", "Cy"]
    assert game["rules"] == DEFAULT_RULES
    assert game["rounds"] == []
    assert game["totals"] == [0, 0, 0]
    assert game["finished"] is False
    assert game["winners"] == []
    assert isinstance(game["version"], int)


def test_get_game_answers_the_same_game(api: PadApi, game: dict[str, Any]) -> None:
    assert api.game(game["id"]) == game


def test_rules_are_kept_and_missing_ones_default(api: PadApi) -> None:
    game = api.new_game(["Ann", "Bob"], target=50, tie_doubles=False)
    assert game["rules"] == {**DEFAULT_RULES, "target": 50, "tie_doubles": False}


@pytest.mark.parametrize("rules", [None, {}])
def test_null_or_empty_rules_are_the_defaults(
    client: FlaskClient, api: PadApi, rules: dict[str, Any] | None
) -> None:
    response = client.post("/api/games", json={"players": ["Ann", "Bob"], "rules": rules})
    assert response.status_code == 201
    assert api.json(response)["rules"] == DEFAULT_RULES


def test_twelve_players_are_allowed(api: PadApi) -> None:
    names = [f"Player {n}" for n in range(12)]
    assert api.new_game(names)["players"] == names


def test_names_are_tidied(api: PadApi) -> None:
    assert api.new_game(["  Ann  Lee ", "Bob"])["players"] == ["Ann Lee", "Bob"]


def test_unknown_game_is_404(client: FlaskClient, api: PadApi) -> None:
    message = api.refused(client.get("/api/games/nosuchgame"), 404)
    assert "no game" in message


MALFORMED_GAMES = [
    pytest.param({}, id="no players"),
    pytest.param({"players": "Ann, Bob"}, id="players a string"),
    pytest.param({"players": {"Ann": 1}}, id="players an object"),
    pytest.param({"players": ["Ann", 7]}, id="a name not text"),
    pytest.param({"players": ["Ann", None]}, id="a name null"),
    pytest.param({"players": ["Ann", ["Bob"]]}, id="a name a list"),
    pytest.param({"players": ["Ann", "Bob"], "rules": [1]}, id="rules a list"),
    pytest.param({"players": ["Ann", "Bob"], "rules": "strict"}, id="rules a string"),
    pytest.param({"players": ["Ann", "Bob"], "rules": {"target": "50"}}, id="target text"),
    pytest.param({"players": ["Ann", "Bob"], "rules": {"target": 50.0}}, id="target float"),
    pytest.param({"players": ["Ann", "Bob"], "rules": {"multiplier": True}}, id="multiplier bool"),
    pytest.param({"players": ["Ann", "Bob"], "rules": {"tie_doubles": 1}}, id="tie_doubles 1"),
    pytest.param(
        {"players": ["Ann", "Bob"], "rules": {"double_only_positive": "no"}}, id="option text"
    ),
    pytest.param({"players": ["Ann", "Bob"], "colour": "red"}, id="unknown field"),
]


@pytest.mark.parametrize("body", MALFORMED_GAMES)
def test_malformed_new_game_is_400_and_saves_nothing(
    client: FlaskClient, api: PadApi, body: dict[str, Any]
) -> None:
    before = api.counts()
    api.refused(client.post("/api/games", json=body), 400)
    assert api.counts() == before


INVALID_GAMES = [
    pytest.param({"players": []}, id="nobody"),
    pytest.param({"players": ["Ann"]}, id="one player"),
    pytest.param({"players": [f"P{n}" for n in range(13)]}, id="13 players"),
    pytest.param({"players": ["Ann", ""]}, id="empty name"),
    pytest.param({"players": ["Ann", "   "]}, id="blank name"),
    pytest.param({"players": ["Ann", "x" * 41]}, id="name too long"),
    pytest.param({"players": ["Ann", "Bob", "ann"]}, id="same name twice"),
    pytest.param({"players": ["Ann", "Bob"], "rules": {"target": 0}}, id="target 0"),
    pytest.param({"players": ["Ann", "Bob"], "rules": {"multiplier": 0}}, id="multiplier 0"),
    pytest.param({"players": ["Ann", "Bob"], "rules": {"row_clear": True}}, id="not a pad rule"),
    pytest.param({"players": ["Ann", "Bob"], "rules": {"speed": 3}}, id="unknown rule"),
    pytest.param({"players": ["Ann", "Bob"], "rules": {"target": 10**30}}, id="huge target"),
    pytest.param({"players": ["Ann", "Bob"], "rules": {"multiplier": 10**19}}, id="huge mult"),
]


@pytest.mark.parametrize("body", INVALID_GAMES)
def test_invalid_new_game_is_422_and_saves_nothing(
    client: FlaskClient, api: PadApi, body: dict[str, Any]
) -> None:
    before = api.counts()
    api.refused(client.post("/api/games", json=body), 422)
    assert api.counts() == before


@pytest.mark.parametrize("count", [0, 1, 13])
def test_a_wrong_number_of_players_is_told_as_such(
    client: FlaskClient, api: PadApi, count: int
) -> None:
    players = [f"P{n}" for n in range(count)]
    message = api.refused(client.post("/api/games", json={"players": players}), 422)
    assert message == f"A game needs 2 to 12 players: you have {count}."


def test_repeated_name_message_names_it(client: FlaskClient, api: PadApi) -> None:
    message = api.refused(client.post("/api/games", json={"players": ["Ann", "Bob", "ann"]}), 422)
    assert "ann" in message.lower()


def test_known_players_are_reused(api: PadApi) -> None:
    api.new_game(["Ann", "Bob"])
    games, players, rounds = api.counts()
    api.new_game(["Ann", "Bob", "Cy"])
    assert api.counts() == (games + 1, players + 1, rounds)
