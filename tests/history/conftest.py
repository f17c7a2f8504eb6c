"""Fixtures of the history tests: the app on a copy of a migrated database, the fixed history."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from history_helpers import build

from skyjo_pad import create_app
from skyjo_pad.extensions import db

SETTINGS = {"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False}


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file brought up to head by the real migrations, once per test run."""
    path = tmp_path_factory.mktemp("history-migrated") / "head.sqlite3"
    app = create_app({**SETTINGS, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        db.engine.dispose()
    return path


@pytest.fixture
def app(migrated_database: Path, tmp_path: Path) -> Iterator[Flask]:
    """The app on its own copy of the migrated file."""
    path = tmp_path / "history.sqlite3"
    shutil.copyfile(migrated_database, path)
    app = create_app(
        {**SETTINGS, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "AUTO_MIGRATE": False}
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
def ctx(app: Flask) -> Iterator[Flask]:
    """The app with its context pushed, so services can be called directly."""
    with app.app_context():
        yield app


@pytest.fixture
def fixed(ctx: Flask) -> dict[str, str]:
    """The fixed history of history_helpers, stored; its game ids by name."""
    return build()
