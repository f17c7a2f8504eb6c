"""Fixtures of the API tests: a small client of the pad API and a fresh game."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import PadApi
from flask import Flask
from flask.testing import FlaskClient


@pytest.fixture
def api(app: Flask, client: FlaskClient) -> PadApi:
    """A client of the pad API."""
    return PadApi(app, client)


@pytest.fixture
def game(api: PadApi) -> dict[str, Any]:
    """A fresh game of Ann, Bob and Cy under the default rules."""
    return api.new_game()
