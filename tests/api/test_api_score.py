"""POST /api/score: one grid after the column rule."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import PadApi
from flask.testing import FlaskClient


@pytest.mark.parametrize(
    ("grid", "raw", "removed"),
    [
        pytest.param([[5, 5, -1, None], [5, 7, 2, None], [5, 0, 3, None]], 16, [0], id="api.md"),
        pytest.param([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], 78, [], id="no column"),
        pytest.param([[-2, 0, 4, 4], [-2, 1, 4, 4], [-2, 2, 4, 4]], 3, [0, 2, 3], id="-2 column"),
        pytest.param([[12] * 4] * 3, 0, [0, 1, 2, 3], id="all twelves"),
        pytest.param([[None] * 4] * 3, 0, [], id="all removed"),
        pytest.param([[5, 5, 5, 5], [5, 5, 5, 5], [5, 5, 5, None]], 10, [0, 1, 2], id="rows never"),
        pytest.param([[3, 1, 1, 1], [3, 2, 2, 2], [None, 3, 3, 3]], 24, [], id="null breaks"),
    ],
)
def test_score_of_a_grid(
    client: FlaskClient, api: PadApi, grid: list[Any], raw: int, removed: list[int]
) -> None:
    response = client.post("/api/score", json={"grid": grid})
    assert response.status_code == 200
    assert api.json(response) == {"raw": raw, "removed_columns": removed}


@pytest.mark.parametrize(
    "body",
    [
        pytest.param({}, id="no grid"),
        pytest.param({"grid": None}, id="null"),
        pytest.param({"grid": "5 5 -1"}, id="text"),
        pytest.param({"grid": [[1, 2, 3, 4]] * 2}, id="two rows"),
        pytest.param({"grid": [[1, 2, 3]] * 3}, id="three columns"),
        pytest.param({"grid": [[1, 2, 3, 4, 5]] * 3}, id="five columns"),
        pytest.param({"grid": [[1, 2, 3, True]] * 3}, id="a boolean"),
        pytest.param({"grid": [[1, 2, 3, 4.5]] * 3}, id="a fraction"),
        pytest.param({"grid": [[1, 2, 3, "4"]] * 3}, id="a text card"),
        pytest.param({"grid": [[1, 2, 3, [4]]] * 3}, id="a nested card"),
        pytest.param({"grid": {"0": [1, 2, 3, 4]}}, id="an object"),
        pytest.param({"grid": [[1, 2, 3, 4]] * 3, "rules": {}}, id="unknown field"),
    ],
)
def test_malformed_grid_is_400(client: FlaskClient, api: PadApi, body: dict[str, Any]) -> None:
    api.refused(client.post("/api/score", json=body), 400)


@pytest.mark.parametrize("card", [13, -3, 10**30, -(10**30)])
def test_a_card_outside_the_deck_is_422(client: FlaskClient, api: PadApi, card: int) -> None:
    grid = [[1, 2, 3, card], [1, 2, 3, 4], [1, 2, 3, 4]]
    message = api.refused(client.post("/api/score", json={"grid": grid}), 422)
    assert "not a card" in message


@pytest.mark.parametrize("card", [10**30, -(10**30)])
def test_a_huge_card_is_refused_in_the_readers_language_too(client: FlaskClient, card: int) -> None:
    """The French sentence writes the number out as typed (too long for Babel to group)."""
    client.set_cookie("lang", "fr")
    grid = [[1, 2, 3, card], [1, 2, 3, 4], [1, 2, 3, 4]]
    answer = client.post("/api/score", json={"grid": grid})
    assert answer.status_code == 422
    assert str(abs(card)) in answer.get_json()["message"]


def test_scoring_saves_nothing(client: FlaskClient, api: PadApi) -> None:
    before = api.counts()
    client.post("/api/score", json={"grid": [[1, 2, 3, 4]] * 3})
    assert api.counts() == before
