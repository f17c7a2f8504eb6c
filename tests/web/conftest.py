"""Fixtures of the page tests: a game started through the form."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from web_helpers import start_game


@pytest.fixture
def game_id(client: FlaskClient) -> str:
    """A game of Ann, Bob and Cy under the official rules, started through the form."""
    return start_game(client, ["Ann", "Bob", "Cy"])
