"""Fixtures shared by every test: the app on its own copy of a migrated SQLite database."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

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


def app_on_copy(migrated: Path, path: Path, **settings: Any) -> Iterator[Flask]:
    """The app on `path`, a fresh copy of the migrated file (much faster than migrating
    anew); disposed of when the test is done."""
    shutil.copyfile(migrated, path)
    app = create_app(
        {
            **SETTINGS,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
            "AUTO_MIGRATE": False,
            **settings,
        }
    )
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def app(migrated_database: Path, tmp_path: Path) -> Iterator[Flask]:
    """The app on its own database, CSRF protection off."""
    yield from app_on_copy(migrated_database, tmp_path / "test.sqlite3")


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A runner for the app's CLI commands."""
    return app.test_cli_runner()


@pytest.fixture
def ctx(app: Flask) -> Iterator[Flask]:
    """The app, with its context pushed: the services can be called directly."""
    with app.app_context():
        yield app


@pytest.fixture
def csrf_app(migrated_database: Path, tmp_path: Path) -> Iterator[Flask]:
    """The app as it runs for people: CSRF protection on."""
    yield from app_on_copy(migrated_database, tmp_path / "csrf.sqlite3", WTF_CSRF_ENABLED=True)
