"""The database side of a live-update stream: who may open it, from which version, and
the "seat online" mark its heartbeat keeps fresh.

Each function is short database work, run in a worker thread; the stream itself then
waits in `live.HUB` holding no connection (`release` gives it back).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select, update

from ..extensions import db
from ..models import Game, TableToken, utcnow
from .errors import Unauthorized
from .table_policy import NO_TOKEN, TOKEN_MAX, digest
from .transaction import transaction

TOUCH_BATCH = 500
"""Tokens marked online by one UPDATE."""


@dataclass(frozen=True, slots=True)
class Start:
    """Where a stream starts: the table's version now, whether the table is over, and
    what its token is (`kind`: seat, host or spectator, and a seat token's seat)."""

    version: int
    closed: bool
    kind: str = ""
    seat: int | None = None


def token_digest(token: str | None) -> str:
    """The digest a stream is counted and revoked by ("" for no token)."""
    return digest(token) if token and len(token) <= TOKEN_MAX else ""


def start(game_id: str, token: str | None) -> Start:
    """The table's version for a stream opened with `token` (401 when the token opens
    nothing at `game_id`); marks the token's seat as online."""
    try:
        return _start(game_id, token)
    finally:
        release()


@transaction
def _start(game_id: str, token: str | None) -> Start:
    """`start`, one transaction."""
    key = token_digest(token)
    row = db.session.execute(
        select(TableToken, Game.version, Game.finished)
        .join(Game, Game.id == TableToken.game_id)
        .where(TableToken.digest == key, TableToken.game_id == game_id)
    ).first()
    if not key or row is None:
        raise Unauthorized(NO_TOKEN)
    found, version, finished = row
    now = utcnow()
    found.seen_at = now
    if found.opened_at is None:
        found.opened_at = now
    return Start(int(version), bool(finished), found.kind, found.seat)


def touch(digests: list[str]) -> None:
    """Mark the seats of these tokens as online now (the heartbeat of open streams)."""
    try:
        _touch(digests)
    finally:
        release()


@transaction
def _touch(digests: list[str]) -> None:
    """`touch`, one transaction."""
    unique = sorted(set(d for d in digests if d))
    now = utcnow()
    for first in range(0, len(unique), TOUCH_BATCH):
        part = unique[first : first + TOUCH_BATCH]
        db.session.execute(
            update(TableToken).where(TableToken.digest.in_(part)).values(seen_at=now)
        )


def release() -> None:
    """Give back this thread's database connection (a stream waits without one)."""
    db.session.rollback()
    db.session.remove()
