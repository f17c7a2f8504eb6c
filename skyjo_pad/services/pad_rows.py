"""The score pad's writes: plain SQL statements on the session's connection.

Saving a round is the request a table makes most, so its writes skip the ORM's unit of
work: the game's row moves to its next version (only if nobody moved it first: that is
how two phones saving at once are told apart), and a round's rows are inserted, replaced
or deleted directly. The caller commits, in one transaction with the version move.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, delete, insert, select, update

from ..engine.scoring import Grid
from ..extensions import db
from ..models import Game, Round, RoundScore
from .sheets import StoredRound

GAMES = Game.__table__
ROUNDS = Round.__table__
SCORES = RoundScore.__table__

_MOVE = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("b_id"), GAMES.c.version == bindparam("b_version"))
    .values(version=bindparam("b_next"), updated_at=bindparam("b_at"))
)
_MOVE_AND_END = _MOVE.values(finished=bindparam("b_finished"), finished_at=bindparam("b_end"))
_ROUND_ID = (
    select(ROUNDS.c.id)
    .where(ROUNDS.c.game_id == bindparam("b_game"), ROUNDS.c.number == bindparam("b_number"))
    .scalar_subquery()
)
_SET_ROUND = (
    update(ROUNDS)
    .where(ROUNDS.c.id == _ROUND_ID)
    .values(closer=bindparam("b_closer"), doubled=bindparam("b_doubled"))
)
_SET_SCORE = (
    update(SCORES)
    .where(SCORES.c.round_id == bindparam("b_round"), SCORES.c.seat == bindparam("b_seat"))
    .values(raw=bindparam("b_raw"), final=bindparam("b_final"), grid=bindparam("b_grid"))
)
_DROP_SCORES = delete(SCORES).where(SCORES.c.round_id == _ROUND_ID)
_DROP_ROUND = delete(ROUNDS).where(ROUNDS.c.id == _ROUND_ID)


def move_version(game_id: str, version: int, now: datetime, finished: bool | None = None) -> bool:
    """Move the game from `version` to the next; with `finished`, also set its end (ended
    now, or not ended). False: the game is no longer at `version`."""
    params: dict[str, Any] = {"b_id": game_id, "b_version": version, "b_next": version + 1}
    params["b_at"] = now
    statement = _MOVE
    if finished is not None:
        statement = _MOVE_AND_END
        params |= {"b_finished": finished, "b_end": now if finished else None}
    moved = _connection().execute(statement, params)
    return bool(moved.rowcount == 1)


def insert_round(
    game_id: str, stored: StoredRound, now: datetime, client_id: str | None = None
) -> None:
    """Insert a round and its scores (`client_id`: the id the phone made for it)."""
    connection = _connection()
    inserted = connection.execute(
        insert(ROUNDS),
        {
            "game_id": game_id,
            "number": stored.number,
            "closer": stored.closer,
            "doubled": stored.doubled,
            "created_at": now,
            "client_id": client_id,
        },
    )
    round_id = inserted.inserted_primary_key[0]  # type: ignore[index]
    connection.execute(
        insert(SCORES),
        [
            {"round_id": round_id, "seat": seat, "raw": raw, "final": final, "grid": _json(grid)}
            for seat, raw, final, grid in stored.per_seat()
        ],
    )


def game_with_client_id(client_id: str) -> str | None:
    """The id of the game made with this client id, if there is one."""
    found = _connection().execute(select(GAMES.c.id).where(GAMES.c.client_id == client_id))
    return found.scalar_one_or_none()


def has_round_with_client_id(game_id: str, client_id: str) -> bool:
    """Whether the game holds a round saved with this client id."""
    found = _connection().execute(
        select(ROUNDS.c.id).where(ROUNDS.c.game_id == game_id, ROUNDS.c.client_id == client_id)
    )
    return found.first() is not None


def replace_round(game_id: str, stored: StoredRound) -> None:
    """Write a corrected round over the stored round of the same number."""
    connection = _connection()
    where = {"b_game": game_id, "b_number": stored.number}
    connection.execute(
        _SET_ROUND, {**where, "b_closer": stored.closer, "b_doubled": stored.doubled}
    )
    round_id = connection.execute(select(_ROUND_ID), where).scalar_one()
    connection.execute(
        _SET_SCORE,
        [
            {"b_round": round_id, "b_seat": seat, "b_raw": raw, "b_final": final}
            | {"b_grid": _json(grid)}
            for seat, raw, final, grid in stored.per_seat()
        ],
    )


def delete_round(game_id: str, number: int) -> None:
    """Delete a round and its scores."""
    connection = _connection()
    where = {"b_game": game_id, "b_number": number}
    connection.execute(_DROP_SCORES, where)
    connection.execute(_DROP_ROUND, where)


def _connection() -> Connection:
    """The session's connection: these writes share its transaction."""
    return db.session.connection()


def _json(grid: Grid | None) -> list[list[int | None]] | None:
    """A grid as the JSON column stores it."""
    return [list(row) for row in grid] if grid is not None else None
