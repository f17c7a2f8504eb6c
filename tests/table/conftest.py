"""Fixtures for the digital table's tests: an app context."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask


@pytest.fixture
def ctx(app: Flask) -> Iterator[Flask]:
    """The app with its context pushed, so services can be called directly."""
    with app.app_context():
        yield app
