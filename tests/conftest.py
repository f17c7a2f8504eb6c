"""Fixtures shared by every test: an app on a fresh, migrated SQLite database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from skyjo_pad import create_app
from skyjo_pad.extensions import db


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app on its own SQLite file, brought up by the real migrations."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite3'}",
            "WTF_CSRF_ENABLED": False,
        }
    )
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A runner for the app's CLI commands."""
    return app.test_cli_runner()
