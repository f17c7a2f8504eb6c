"""Fixtures of the page tests: the app on a fresh file database, CSRF on or off."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from web_helpers import start_game

from skyjo_pad import create_app
from skyjo_pad.extensions import db

SETTINGS = {"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False}


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file brought up to head by the real migrations, once per test run."""
    path = tmp_path_factory.mktemp("migrated") / "head.sqlite3"
    app = create_app({**SETTINGS, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        db.engine.dispose()  # the last connection closing folds the WAL into the file
    return path


@pytest.fixture
def app(migrated_database: Path, tmp_path: Path) -> Iterator[Flask]:
    """The app on its own copy of the migrated file (much faster than migrating anew)."""
    path = tmp_path / "test.sqlite3"
    shutil.copyfile(migrated_database, path)
    app = create_app(
        {**SETTINGS, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "AUTO_MIGRATE": False}
    )
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def csrf_app(migrated_database: Path, tmp_path: Path) -> Iterator[Flask]:
    """The app as it runs for people: CSRF protection on."""
    path = tmp_path / "csrf.sqlite3"
    shutil.copyfile(migrated_database, path)
    app = create_app(
        {
            **SETTINGS,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
            "AUTO_MIGRATE": False,
            "WTF_CSRF_ENABLED": True,
        }
    )
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def game_id(client: FlaskClient) -> str:
    """A game of Ann, Bob and Cy under the official rules, started through the form."""
    return start_game(client, ["Ann", "Bob", "Cy"])
