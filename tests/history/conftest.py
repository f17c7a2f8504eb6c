"""Fixtures of the history tests: the fixed history."""

from __future__ import annotations

import pytest
from flask import Flask
from history_helpers import build


@pytest.fixture
def fixed(ctx: Flask) -> dict[str, str]:
    """The fixed history of history_helpers, stored; its game ids by name."""
    return build()
