"""Whatever is typed or sent in the forms, the pages answer without a server error."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from web_helpers import counts, save_round

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
typed = (
    st.text(max_size=12)
    | st.text(alphabet="0123456789-−+ x✕", max_size=8)
    | st.integers().map(str)
    | st.sampled_from(["", " ", "\x00", "9" * 5000, "١٢", "1_0", "1e3", "nan"])
)
field_names = st.sampled_from(
    [
        "closer",
        "version",
        "keep_unusual",
        "action",
        "seats-0-score",
        "seats-1-score",
        "seats-1-negative",
        "seats-2-cards-5",
        "seats-7-score",
        "seats-0-cards-12",
        "seats-x-score",
    ]
)


@pytest.fixture
def game(client: FlaskClient) -> str:
    """A game with one round, to correct or add to."""
    response = client.post(
        "/games/new",
        data={"player-0": "Ann", "player-1": "Bob", "player-2": "Cy", "target": "100"}
        | {"multiplier": "2", "start": "1"},
    )
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    save_round(client, game_id, [1, 2, 3], 0)
    return game_id


@SETTINGS
@given(data=st.dictionaries(field_names, typed, max_size=8))
def test_random_round_forms(client: FlaskClient, game: str, data: dict[str, str]) -> None:
    for url in (
        f"/games/{game}/rounds/new",
        f"/games/{game}/rounds/1/edit",
        f"/games/{game}/rounds/preview",
        f"/games/{game}/rounds/1/delete",
    ):
        response = client.post(url, data=data)
        assert response.status_code < 500, (url, data)


@SETTINGS
@given(
    data=st.dictionaries(
        st.sampled_from(
            [
                *("player-0", "player-1", "player-13", "player-x"),
                *("target", "multiplier", "tie_doubles"),
                *("add", "up", "remove", "more", "start"),
            ]
        ),
        typed,
        max_size=8,
    )
)
def test_random_new_game_forms(app: Flask, client: FlaskClient, data: dict[str, str]) -> None:
    before = counts(app)[0]
    response = client.post("/games/new", data=data)
    assert response.status_code in (200, 302), data
    assert counts(app)[0] == before + (response.status_code == 302)
