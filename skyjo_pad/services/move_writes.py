"""A move written by plain statements: most moves change only a table's record, position
and words, and for them the ORM's unit of work costs more than the move itself.

`write_moves_only` writes such a change (the game's version moved on only if it is still
the one loaded: else a stale move, 409) and leaves anything else to the ORM's flush.
On PostgreSQL the two rows are written by one statement (one trip to the server).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, inspect, select, update
from sqlalchemy.orm.exc import StaleDataError

from ..extensions import db
from ..models import Game, TableState

MOVES_ONLY = {Game: frozenset({"updated_at"}), TableState: frozenset({"moves", "position", "log"})}
"""What moves alone change (no round ended, no snapshot, the game goes on)."""
_GAMES, _STATES = Game.__table__, TableState.__table__
GAME_MOVED = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game"), _GAMES.c.version == bindparam("was"))
    .values(updated_at=bindparam("now"), version=bindparam("next"))
)
STATE_MOVED = (
    update(_STATES)
    .where(_STATES.c.game_id == bindparam("game"))
    .values(moves=bindparam("record"), position=bindparam("at"), log=bindparam("words"))
)
_MOVED = GAME_MOVED.returning(_GAMES.c.id).cte("moved")
BOTH_MOVED = STATE_MOVED.where(_STATES.c.game_id.in_(select(_MOVED.c.id)))
"""PostgreSQL: both in one statement, the state written only if the game's was."""
# Built once: a statement's cache key is worked out once per statement object.


def write_moves_only() -> bool:
    """Write the session's change if it is only moves (see above), and take the two rows
    out of the session as written (nothing more is written of them); False, with nothing
    written, for any other change."""
    session = db.session
    if session.new or session.deleted:
        return False
    changed = session.dirty
    dirty = {type(obj): obj for obj in changed}
    if len(dirty) != len(changed) or set(dirty) != set(MOVES_ONLY):
        return False
    game, state = dirty[Game], dirty[TableState]
    if any(set(inspect(obj).committed_state) - MOVES_ONLY[type(obj)] for obj in (game, state)):
        return False
    version = game.version
    values: dict[str, Any] = {
        "game": game.id,
        "was": version,
        "now": game.updated_at,
        "next": version + 1,
        "record": state.moves,
        "at": state.position,
        "words": state.log,
    }
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        written = connection.execute(BOTH_MOVED, values).rowcount
    else:
        written = connection.execute(GAME_MOVED, values).rowcount
        if written == 1:
            connection.execute(STATE_MOVED, values)
    if written != 1:
        raise StaleDataError("the table moved on")
    session.expunge(game)
    session.expunge(state)
    game.version = version + 1
    return True
