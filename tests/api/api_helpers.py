"""The pad API client the API tests share, and the checks every refusal must pass."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from skyjo_pad.extensions import db
from skyjo_pad.models import Game, Player, Round

RULEBOOK_ROUND = {"scores": [8, 50, 10], "closer": 2}
"""The rulebook's example: the closer's 10 is doubled to 20 because Ann has 8."""


class PadApi:
    """Calls of the pad API that the tests repeat, with the checks every answer needs."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app = app
        self.client = client

    def new_game(self, players: list[str] | None = None, **rules: Any) -> dict[str, Any]:
        """Start a game (Ann, Bob, Cy by default) and return it."""
        body: dict[str, Any] = {"players": players or ["Ann", "Bob", "Cy"]}
        if rules:
            body["rules"] = rules
        response = self.client.post("/api/games", json=body)
        assert response.status_code == 201, response.json
        return self.json(response)

    def add_round(self, game_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """Save a round that must be accepted; return the game."""
        response = self.client.post(f"/api/games/{game_id}/rounds", json=body)
        assert response.status_code == 201, response.json
        return self.json(response)

    def game(self, game_id: str) -> dict[str, Any]:
        """The game as GET answers it."""
        response = self.client.get(f"/api/games/{game_id}")
        assert response.status_code == 200, response.json
        return self.json(response)

    @staticmethod
    def json(response: TestResponse) -> dict[str, Any]:
        """The JSON object of an answer (which must be JSON)."""
        assert response.mimetype == "application/json", response.data[:200]
        data = response.get_json()
        assert isinstance(data, dict)
        return data

    def refused(self, response: TestResponse, status: int) -> str:
        """Check a refusal: the status, and a body that is exactly one error sentence."""
        assert response.status_code == status, (response.status_code, response.data[:300])
        data = self.json(response)
        assert list(data) == ["error"]
        message = data["error"]
        assert_sentence(message)
        return message

    def counts(self) -> tuple[int, int, int]:
        """How many games, players and rounds the store holds."""
        with self.app.app_context():
            return tuple(  # type: ignore[return-value]
                db.session.scalar(select(func.count()).select_from(model))
                for model in (Game, Player, Round)
            )


def assert_sentence(message: object) -> None:
    """An error message a person can read: a non-empty sentence, no trace, no markup."""
    assert isinstance(message, str)
    assert len(message) > 10 and message == message.strip(), message
    assert "\n" not in message, message
    assert message.endswith((".", "?", "!")), message
    assert "Traceback" not in message
    assert "<" not in message, message
