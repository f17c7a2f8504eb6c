"""A grid the rules refuse is refused in the reader's language, the whole sentence: "In
the grid of seat 1, 99 is not a card…" is worded from three message ids (the frame, the
place, the engine's reason), each through the catalogues; the English `error` stays."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import PadApi
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import force_locale, get_translations

from skyjo_pad.presenters import problems

FRAME = "In %(where)s, %(why)s"
NOT_A_CARD = "%(value)s is not a card: cards go from %(min)s to %(max)s."
BAD_GRID = [[99, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
GERMAN = {"Accept-Language": "de"}


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every message id the refusal's words were looked up by; each comes back marked."""
    ids: list[str] = []

    def marked(message: str, **data: Any) -> str:
        ids.append(message)
        return "«" + (message % data if data else message) + "»"

    monkeypatch.setattr(problems, "gettext", marked)
    return ids


def test_a_card_off_the_deck_is_worded_whole_for_the_reader(
    client: FlaskClient, asked: list[str]
) -> None:
    answer = client.post("/api/score", json={"grid": BAD_GRID}, headers=GERMAN)
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["error"] == "In the grid, 99 is not a card: cards go from -2 to 12."
    assert {FRAME, "the grid", NOT_A_CARD} <= set(asked)
    assert body["message"] == "«In «the grid», «99 is not a card: cards go from −2 to 12.»»"


def test_a_seats_grid_in_a_round_is_worded_whole_for_the_reader(
    api: PadApi, asked: list[str]
) -> None:
    game = api.new_game(["Ann", "Bob"])
    grid = [[0, 0, 0, 0]] * 3
    body = {"grids": [grid, BAD_GRID], "closer": 0}
    answer = api.client.post(f"/api/games/{game['id']}/rounds", json=body, headers=GERMAN)
    assert answer.status_code == 422
    assert answer.get_json()["error"].startswith("In the grid of seat 1, 99 is not a card")
    assert {FRAME, "the grid of seat %(seat)s", NOT_A_CARD} <= set(asked)
    assert "«the grid of seat 1»" in answer.get_json()["message"]


def test_once_translated_the_german_sentence_has_no_english_left(
    app: Flask, client: FlaskClient
) -> None:
    """Checked once the catalogues hold the sentences (the integrator translates them)."""
    with app.test_request_context(), force_locale("de"):
        catalogue = get_translations()
        missing = [
            message
            for message in (FRAME, "the grid", NOT_A_CARD)
            if catalogue.gettext(message) == message
        ]
    if missing:
        pytest.skip(f"not translated yet: {missing}")
    answer = client.post("/api/score", json={"grid": BAD_GRID}, headers=GERMAN)
    message = answer.get_json()["message"]
    assert "99" in message
    for english in ("In the grid", "is not a card", "cards go from"):
        assert english not in message
