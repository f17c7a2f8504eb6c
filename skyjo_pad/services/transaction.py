"""Services own their transactions: a use case commits once when it succeeds and rolls
back when it fails, before its error reaches the page or the API that called it.

`@transaction` marks a use case. Inside it nothing commits: a use case called from
another joins the caller's transaction, and what must wait for the commit (telling the
phones that follow a game, keeping a sheet in memory) is handed to `after_commit`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from ..extensions import db

P = ParamSpec("P")
R = TypeVar("R")
_AFTER = "skyjo_after_commit"
"""The session's list of what waits for the running use case's commit (absent: none runs)."""


def transaction(use_case: Callable[P, R]) -> Callable[P, R]:
    """Run `use_case` as one unit of work: commit on success, roll back on any failure."""

    @functools.wraps(use_case)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        info = db.session.info
        if _AFTER in info:  # called by another use case: its transaction holds this one
            return use_case(*args, **kwargs)
        info[_AFTER] = []
        try:
            result = use_case(*args, **kwargs)
            db.session.commit()
        except BaseException:
            db.session.rollback()
            raise
        finally:
            waiting = info.pop(_AFTER)
        for step in waiting:
            step()
        return result

    return run


def after_commit(step: Callable[[], object]) -> None:
    """Run `step` once the running use case committed (never if it fails); at once when no
    use case runs."""
    waiting = db.session.info.get(_AFTER)
    if waiting is None:
        step()
    else:
        waiting.append(step)
