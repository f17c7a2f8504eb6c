"""One way to try a write again when another request got there first."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.exc import IntegrityError, OperationalError

from ..extensions import db

T = TypeVar("T")
ATTEMPTS = 3
"""How often a write is tried before its clash is given to the caller."""
PAUSE = 0.002
"""Seconds (times the attempt, at most, at random) a write waits before it tries again, so
that writers that keep meeting stop arriving in step."""


DEADLOCK = "40P01"
"""PostgreSQL's SQLSTATE for a transaction it failed to break a deadlock."""


def met_another(error: Exception) -> bool:
    """Whether a write failed for another one made at the same moment: a key it refused
    (another request added the same game, player or round first, or removed a row this one
    points to), or a deadlock PostgreSQL broke by failing this one."""
    if isinstance(error, IntegrityError):
        return True
    return isinstance(error, OperationalError) and getattr(error.orig, "sqlstate", "") == DEADLOCK


def retried(
    write: Callable[[], T],
    attempts: int = ATTEMPTS,
    give_up: Callable[[Exception], bool] = lambda _error: False,
    clash: Callable[[Exception], bool] = met_another,
) -> T:
    """Run `write` (which ends its own transaction); when it meets another request's
    write (`clash`: by default `met_another`), roll back and run it again from a fresh
    look at the store, at most `attempts` times in all. `give_up` tells a clash that another try
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
            time.sleep(random.uniform(0, PAUSE * attempt))  # the writers part ways
    raise AssertionError("unreachable")
