"""One way to try a write again when another request got there first."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.exc import IntegrityError

from ..extensions import db

T = TypeVar("T")
ATTEMPTS = 3
"""How often a write is tried before its clash is given to the caller."""


def retried(
    write: Callable[[], T],
    attempts: int = ATTEMPTS,
    give_up: Callable[[Exception], bool] = lambda _error: False,
    clash: Callable[[Exception], bool] = lambda error: isinstance(error, IntegrityError),
) -> T:
    """Run `write` (which ends its own transaction); when it meets another request's
    write (`clash`: by default a unique key refused one of its rows, another request added
    the same game, player or round first), roll back and run it again from a fresh look at
    the store, at most `attempts` times in all. `give_up` tells a clash that another try
    cannot cure: it is raised at once."""
    for attempt in range(1, attempts + 1):
        try:
            return write()
        except Exception as error:
            if not clash(error):
                raise
            db.session.rollback()
            if attempt == attempts or give_up(error):
                raise
    raise AssertionError("unreachable")
