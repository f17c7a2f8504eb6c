"""Random bodies thrown at every endpoint: never a 500, every refusal one error sentence."""

from __future__ import annotations

import json
from typing import Any

import pytest
from api_helpers import RULEBOOK_ROUND, PadApi
from databases import fuzz_cases
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

JSON = "application/json"
FIELDS = ["players", "rules", "scores", "grids", "closer", "version", "grid", "target"]
EXAMPLES = fuzz_cases(150)
"""Cases per test."""
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-3, max_value=14)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=30,
)
cards = st.none() | st.integers(min_value=-3, max_value=13)
grids = st.lists(st.lists(cards, min_size=3, max_size=5), min_size=2, max_size=4)
near_miss_values = (
    json_values
    | grids
    | st.lists(st.integers(min_value=-(10**20), max_value=10**20), max_size=4)
    | st.lists(grids, max_size=4)
    | st.lists(st.text(max_size=6), max_size=14)
)
bodies = json_values | st.dictionaries(st.sampled_from(FIELDS), near_miss_values, max_size=4)


def check(api: PadApi, response: Any) -> None:
    """The invariant: not a 500, JSON always, and a refusal is exactly {"error": text}."""
    assert response.status_code < 500, response.data[:300]
    data = api.json(response)
    if response.status_code >= 400:
        assert list(data) == ["error"]
        assert isinstance(data["error"], str) and data["error"]


@pytest.fixture
def game_id(api: PadApi) -> str:
    game = api.new_game()
    api.add_round(game["id"], RULEBOOK_ROUND)
    return str(game["id"])


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("POST", "/api/games"),
        ("POST", "/api/games/{id}/rounds"),
        ("PUT", "/api/games/{id}/rounds/1"),
        ("POST", "/api/score"),
    ],
)
@SETTINGS
@given(body=bodies)
def test_random_json_bodies(
    client: FlaskClient, api: PadApi, game_id: str, method: str, url: str, body: Any
) -> None:
    data = json.dumps(body)
    response = client.open(url.format(id=game_id), method=method, data=data, content_type=JSON)
    check(api, response)


@SETTINGS
@given(raw=st.binary(max_size=200), content_type=st.sampled_from([JSON, "text/plain"]))
def test_random_bytes(
    client: FlaskClient, api: PadApi, game_id: str, raw: bytes, content_type: str
) -> None:
    for method, url in [("POST", "/api/games"), ("POST", f"/api/games/{game_id}/rounds")]:
        check(api, client.open(url, method=method, data=raw, content_type=content_type))


@SETTINGS
@given(
    number=st.integers(min_value=-5, max_value=10**30),
    version=st.none() | st.text(max_size=10) | st.integers().map(str),
    game=st.sampled_from(["", "x", "nosuchgame", "%00", "é", "a" * 300]),
)
def test_random_addresses(
    client: FlaskClient, api: PadApi, game_id: str, number: int, version: str | None, game: str
) -> None:
    query = {} if version is None else {"version": version}
    for target in (game or game_id, game_id):
        url = f"/api/games/{target}/rounds/{number}"
        check(api, client.delete(url, query_string=query))
        check(api, client.put(url, json=RULEBOOK_ROUND))
        check(api, client.get(f"/api/games/{target}"))
