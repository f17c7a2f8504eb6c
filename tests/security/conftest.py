"""Fixtures of the security tests: the app with settings of its own."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from werkzeug.security import generate_password_hash

from skyjo_pad import create_app
from skyjo_pad.extensions import db

SHARED = ("TESTING", "SECRET_KEY", "WTF_CSRF_ENABLED", "SQLALCHEMY_DATABASE_URI")
QUICK_HASH = "pbkdf2:sha256:1000"
"""The tests' password hashes: a thousand rounds, not Werkzeug's costly default. They
check who gets in and the limits on guessing, not the hash's cost; the app checks a
hash by the method it names."""


@pytest.fixture
def hash_of() -> Callable[[str], str]:
    """A password's hash, as an operator sets ACCESS_PASSWORD_HASH (QUICK_HASH)."""
    return lambda password: generate_password_hash(password, method=QUICK_HASH)


@pytest.fixture
def app_with(app: Flask) -> Iterator[Callable[..., Flask]]:
    """Make another app on the database of `app`, with these settings on top of its own."""
    made: list[Flask] = []

    def make(**settings: Any) -> Flask:
        base = {key: app.config[key] for key in SHARED}
        other = create_app({**base, "AUTO_MIGRATE": False, **settings})
        made.append(other)
        return other

    yield make
    for other in made:
        with other.app_context():
            db.session.remove()
            db.engine.dispose()
