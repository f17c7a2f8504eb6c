"""Rate limits, declared on the views they limit: `@limited("create")` under the route's
decorator. The app wraps every view so marked when it is made (`web/security.install`),
so a view renamed or moved keeps its limit; a limit is per client address, shared by the
pages and the API of its group.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

V = TypeVar("V", bound=Callable[..., Any])

RATE_LIMITS = {
    "create": "60 per minute; 600 per hour",
    "import": "10 per minute; 60 per hour",
    "replay": "120 per minute; 2000 per hour",
    "coach": "30 per minute; 600 per hour",
}
"""Each group's limit: creating games, tables and links (POSTs), imports (POSTs), the
replay's steps (GETs: each replays up to a snapshot's worth of moves), the coach's
answers (GETs: each a search of up to a second of one core). Wrong passwords
have their own (`web/access`)."""
METHOD = {"create": "POST", "import": "POST", "replay": "GET", "coach": "GET"}
"""The method each group's views are limited on (the others of the view are not)."""
MARK = "skyjo_rate_limit"


def limited(group: str) -> Callable[[V], V]:
    """Mark a view as limited by `group`'s limit (a key of RATE_LIMITS)."""
    if group not in RATE_LIMITS:
        raise ValueError(f"no rate limit group {group!r}")

    def mark(view: V) -> V:
        setattr(view, MARK, group)
        return view

    return mark


def group_of(view: Callable[..., Any]) -> str | None:
    """The limit group a view was marked with, if any."""
    group = getattr(view, MARK, None)
    return group if isinstance(group, str) else None
