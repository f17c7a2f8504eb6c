"""Skyjo Pad: a phone-first companion for the SKYJO card game.

Importing the package loads nothing else, so `skyjo_pad.engine` stands alone (no Flask,
no SQLAlchemy). The web app's factory lives in `skyjo_pad.factory`; `create_app`,
`MIGRATIONS` and `upgrade_database` are reached through here on first use.
"""

from __future__ import annotations

from typing import Any

_FACTORY_NAMES = ("MIGRATIONS", "PROJECT_ROOT", "create_app", "upgrade_database")


def __getattr__(name: str) -> Any:
    """Load the web app's factory only when one of its names is asked for."""
    if name in _FACTORY_NAMES:
        from . import factory

        return getattr(factory, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = list(_FACTORY_NAMES)
