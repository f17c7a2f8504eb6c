"""Errors at the HTTP level: addresses, methods, content types, bodies, and bugs."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import RULEBOOK_ROUND, PadApi
from databases import Databases
from flask.testing import FlaskClient

from skyjo_pad import create_app
from skyjo_pad.api import pad as pad_views
from skyjo_pad.api.bodies import MAX_BODY_BYTES
from skyjo_pad.extensions import db

Game = dict[str, Any]

BODY_ENDPOINTS = [
    ("POST", "/api/games"),
    ("POST", "/api/games/{id}/rounds"),
    ("PUT", "/api/games/{id}/rounds/1"),
    ("POST", "/api/score"),
]


@pytest.fixture
def played(api: PadApi, game: Game) -> Game:
    """A game with one round, so every endpoint has something to change."""
    return api.add_round(game["id"], RULEBOOK_ROUND)


def send(client: FlaskClient, method: str, url: str, game: Game, **kwargs: Any) -> Any:
    """Send a request to `url` with the game's id filled in."""
    return client.open(url.format(id=game["id"]), method=method, **kwargs)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api"),
        ("GET", "/api/"),
        ("GET", "/api/nothing"),
        ("POST", "/api/nothing/here"),
        ("GET", "/api/games/"),
        ("GET", "/api/games/x/rounds/1/more"),
        ("PUT", "/api/games/x/rounds/one"),
        ("DELETE", "/api/games/x/rounds/-1"),
        ("DELETE", "/api/games/x/rounds/1.5"),
    ],
)
def test_unknown_address_is_404_json(
    client: FlaskClient, api: PadApi, method: str, path: str
) -> None:
    message = api.refused(client.open(path, method=method), 404)
    assert "/api/openapi.json" in message


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("GET", "/api/games", {"POST"}),
        ("DELETE", "/api/games/x", {"GET"}),
        ("PATCH", "/api/games/x/rounds", {"POST"}),
        ("GET", "/api/games/x/rounds/1", {"PUT", "DELETE"}),
        ("GET", "/api/score", {"POST"}),
        ("POST", "/api/openapi.json", {"GET"}),
    ],
)
def test_wrong_method_is_405_json_with_allow(
    client: FlaskClient, api: PadApi, method: str, path: str, allowed: set[str]
) -> None:
    response = client.open(path, method=method)
    message = api.refused(response, 405)
    assert method in message
    assert allowed <= {m.strip() for m in response.headers["Allow"].split(",")}


@pytest.mark.parametrize("path", ["/api/games", "/api/tables/abc/moves", "/api/score"])
def test_options_tells_the_methods_and_answers_no_page(client: FlaskClient, path: str) -> None:
    response = client.open(path, method="OPTIONS")
    assert response.status_code == 204 and response.data == b""
    assert "Content-Type" not in response.headers
    assert "POST" in response.headers["Allow"]


def test_errors_are_json_even_for_a_browser(client: FlaskClient, api: PadApi) -> None:
    response = client.get("/api/games/nosuchgame", headers={"Accept": "text/html"})
    api.refused(response, 404)


def test_pages_keep_their_own_404(client: FlaskClient) -> None:
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert response.mimetype != "application/json"


@pytest.mark.parametrize(("method", "url"), BODY_ENDPOINTS)
@pytest.mark.parametrize(
    "headers",
    [
        pytest.param({"Content-Type": "text/plain"}, id="text"),
        pytest.param({"Content-Type": "application/x-www-form-urlencoded"}, id="form"),
        pytest.param({}, id="none"),
    ],
)
def test_body_not_sent_as_json_is_400(
    client: FlaskClient,
    api: PadApi,
    played: Game,
    method: str,
    url: str,
    headers: dict[str, str],
) -> None:
    before = api.counts()
    body = '{"players": ["Ann", "Bob"], "scores": [1, 2, 3], "closer": null}'
    message = api.refused(send(client, method, url, played, data=body, headers=headers), 400)
    assert "Content-Type" in message
    assert api.counts() == before
    assert api.game(played["id"]) == played


BAD_BODIES = [
    pytest.param(b"", id="empty"),
    pytest.param(b"   ", id="blank"),
    pytest.param(b"{", id="unclosed"),
    pytest.param(b"{'players': ['Ann', 'Bob']}", id="single quotes"),
    pytest.param(b'{"closer": 1,}', id="trailing comma"),
    pytest.param(b"null", id="null"),
    pytest.param(b"[1, 2, 3]", id="a list"),
    pytest.param(b'"text"', id="a string"),
    pytest.param(b"42", id="a number"),
    pytest.param(b'{"scores": [NaN, 1, 2], "closer": null}', id="NaN"),
    pytest.param(b'{"scores": [Infinity, 1, 2], "closer": null}', id="Infinity"),
    pytest.param(b'{"grid": -Infinity}', id="-Infinity"),
    pytest.param(b'{"players": ["\xff\xfe", "Bob"]}', id="not utf-8"),
    pytest.param(b"[" * 30_000 + b"]" * 30_000, id="deep nesting"),
    pytest.param(b'{"a": ' * 8_000 + b"1" + b"}" * 8_000, id="deep objects"),
    pytest.param(b'{"scores": [' + b"9" * 5000 + b'], "closer": null}', id="5000 digits"),
    pytest.param(b'{"scores": [1e400, 1, 2], "closer": null}', id="1e400"),
    pytest.param(b'{"players": ["' + b"x" * (MAX_BODY_BYTES + 1) + b'"]}', id="too large"),
]


@pytest.mark.parametrize(("method", "url"), BODY_ENDPOINTS)
@pytest.mark.parametrize("body", BAD_BODIES)
def test_bad_json_is_400_and_changes_nothing(
    client: FlaskClient, api: PadApi, played: Game, method: str, url: str, body: bytes
) -> None:
    before = api.counts()
    response = send(client, method, url, played, data=body, content_type="application/json")
    api.refused(response, 400)
    assert api.counts() == before
    assert api.game(played["id"]) == played


def test_json_with_a_charset_is_accepted(client: FlaskClient, api: PadApi) -> None:
    response = client.post(
        "/api/games",
        data='{"players": ["Ann", "Bob"]}',
        content_type="application/json; charset=utf-8",
    )
    assert response.status_code == 201


def test_unexpected_error_is_500_json_without_details(
    client: FlaskClient, api: PadApi, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(game_id: str) -> None:
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(pad_views.pad, "get_sheet", broken)
    response = client.get(f"/api/games/{game['id']}")
    message = api.refused(response, 500)
    assert "secret" not in message


def test_api_needs_no_csrf_token(databases: Databases) -> None:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": databases.empty("csrf"),
            "WTF_CSRF_ENABLED": True,
        }
    )
    try:
        client = app.test_client()
        created = client.post("/api/games", json={"players": ["Ann", "Bob"]})
        assert created.status_code == 201
        game_id = created.get_json()["id"]
        body = {"scores": [1, 2], "closer": 0}
        assert client.post(f"/api/games/{game_id}/rounds", json=body).status_code == 201
        assert client.put(f"/api/games/{game_id}/rounds/1", json=body).status_code == 200
        assert client.delete(f"/api/games/{game_id}/rounds/1").status_code == 200
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
