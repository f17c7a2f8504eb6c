"""The pages."""

from flask import Flask


def register(app: Flask) -> None:
    """Register the page blueprints."""
