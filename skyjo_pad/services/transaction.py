"""Services own their transactions: a use case commits when it succeeds and rolls back
when it fails, before its error reaches the page or the API that called it."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from ..extensions import db

P = ParamSpec("P")
R = TypeVar("R")


def transaction(use_case: Callable[P, R]) -> Callable[P, R]:
    """Run `use_case` as one unit of work: commit on success, roll back on any failure.

    A use case may commit on its own (to retry a clash, say); committing again is free.
    """

    @functools.wraps(use_case)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            result = use_case(*args, **kwargs)
            db.session.commit()
        except BaseException:
            db.session.rollback()
            raise
        return result

    return run
