"""Where a digital table is kept: load it, add a move to it, write it, find a past step.

One store for every table, played on one phone or online. The full position (secrets
included) lives in `TableState` and never leaves the services; every `SNAPSHOT_EVERY`
moves the position is also kept as a `TableSnapshot`, so a replay step is worked out
from the snapshot before it in at most `SNAPSHOT_EVERY` moves, never from move 0.
"""

from __future__ import annotations

import hashlib
from typing import Any

from sqlalchemy import inspect, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from ..bots import BotError, make_bot
from ..bots.base import mix
from ..engine import (
    EndedRound,
    IllegalMove,
    Move,
    Outcome,
    Phase,
    Position,
    move_from_json,
    move_to_json,
    outcome,
    position_from_json,
    position_to_json,
    view,
)
from ..engine.cards import is_wide
from ..extensions import db
from ..models import (
    ABANDONED,
    FINISHED,
    Game,
    Round,
    RoundScore,
    TableSnapshot,
    TableState,
    utcnow,
)
from . import move_writes, table_events
from .errors import N_, Conflict, Invalid, Malformed, NotFound, refused
from .sheets import plausible_id

NO_TABLE = N_("There is no table with that id.")
STALE = N_("The table moved on since this screen was drawn: here it is as it is now.")
ABANDONED_ALREADY = N_("This table was abandoned.")
OVER = N_("This game is over.")
LOG_KEEP = 40
"""How many past events a table keeps in words."""
SNAPSHOT_EVERY = 32
"""A table's full position is kept after every this many moves (for the replay)."""


def load(game_id: str) -> tuple[Game, TableState]:
    """A table's game and state, any kind (404 when there is none), read by one statement:
    on SQLite each statement of a read sees the database as it is then, so two could pair
    a version with the position of the next (a computer's move committed between them).
    Where the session holds both already, neither expired since (a token's statement brings
    them together, `table_policy.by_token`), no statement is sent: a new read would return
    those very objects, their attributes as they are."""
    if not plausible_id(game_id):
        raise NotFound(NO_TABLE)
    held = _held(game_id)
    if held is not None:
        return held
    both = db.session.execute(
        select(Game, TableState)
        .join(TableState, TableState.game_id == Game.id)
        .where(Game.id == game_id)
        # Both as this statement read them, even one the session still held from an
        # earlier read: never a version paired with an older position.
        .execution_options(populate_existing=True)
    ).first()
    if both is None:
        raise NotFound(NO_TABLE)
    return both[0], both[1]


def _held(game_id: str) -> tuple[Game, TableState] | None:
    """The table's game and state from the session's identity map, if both are there and
    neither was expired (by a commit or a rollback) nor detached, and nothing waits to be
    deleted (a read flushes that first)."""
    if db.session.deleted:
        return None
    held = db.session().identity_map
    game = held.get(Session.identity_key(Game, game_id))
    state = held.get(Session.identity_key(TableState, game_id))
    if not isinstance(game, Game) or not isinstance(state, TableState):
        return None
    if _stale(game) or _stale(state):
        return None
    return game, state


def _stale(held: object) -> bool:
    """Whether a row the session holds was detached or had attributes expired."""
    instance = inspect(held)
    return instance.session is None or bool(instance.expired_attributes)


def position_of(state: TableState) -> Position:
    """The table's full position now (server only)."""
    return position_from_json(state.position)


def seed_of(state: TableState) -> int:
    """The deal number the table was started with (server only while it is played)."""
    return int(state.seed)


def bot_seed(state: TableState) -> int:
    """The seed the computer players' choices are drawn from. A secret deal's bots get a
    one-way digest of it: what they do tells nothing about the deal."""
    seed = seed_of(state)
    if not is_wide(seed):
        return seed  # as before: a typed-in deal number plays the same game again
    digest = hashlib.sha256(b"skyjo-pad bots " + str(seed).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def bot_of(state: TableState, seat: int) -> Any:
    """The computer player of `seat`, seeded for this table."""
    name = state.bots[seat]
    assert name is not None
    try:
        return make_bot(name, mix(bot_seed(state), seat))
    except BotError as error:
        raise Conflict(
            "The computer player %(bot)s cannot play here: %(problem)s",
            bot=repr(name),
            problem=str(error),
        ) from error


def check_version(game: Game, version: object) -> None:
    """Refuse a move made on another version of the table than the one now."""
    if isinstance(version, bool) or not isinstance(version, int):
        raise Malformed("Say which version of the table the move was made on.")
    if version != game.version:
        raise Conflict(STALE)


def check_playing(state: TableState) -> None:
    """Refuse anything but looking at a table that is over (409)."""
    if state.status == ABANDONED:
        raise Conflict(ABANDONED_ALREADY)
    if state.status == FINISHED:
        raise Conflict(OVER)


def apply_move(position: Position, move: Move) -> Outcome:
    """The engine's outcome of `move`, or its reason as a refusal (422)."""
    try:
        return outcome(position, move)
    except IllegalMove as error:
        raise Invalid(refused(error, clause=True)) from error


def event(before: Position, move: Move, played: Outcome) -> dict[str, Any]:
    """The move as public facts, from the spectator's view and the engine's reasons."""
    return table_events.event(view(before, None), move, view(played.position, None), played.reasons)


def record_move(
    game: Game, state: TableState, before: Position, move: Move, played: Outcome
) -> None:
    """Add a move to the table: the record, the position, the words, an ended round, a
    snapshot every `SNAPSHOT_EVERY` moves (nothing is committed here)."""
    after = played.position
    state.moves = [*state.moves, move_to_json(move)]
    state.position = position_to_json(after)
    state.log = [*state.log, event(before, move, played)][-LOG_KEEP:]
    step = len(state.moves)
    if step % SNAPSHOT_EVERY == 0:
        db.session.add(TableSnapshot(game_id=game.id, step=step, position=state.position))
    if played.ended is not None:
        game.rounds.append(_round_row(played.ended))
    if after.phase is Phase.GAME_OVER:
        state.status = FINISHED
        game.finished = True
        game.finished_at = utcnow()
    game.updated_at = utcnow()  # bumps the version: a move made on the old one is stale


def stop(game: Game, state: TableState) -> None:
    """Mark a table abandoned (nothing is committed here)."""
    state.status = ABANDONED
    game.finished = True
    game.finished_at = utcnow()


def flush() -> None:
    """Write the table's change so far (its version moves); a clash is a stale move (409).
    The use case that made the change commits it (`transaction`)."""
    try:
        if not move_writes.write_moves_only():
            db.session.flush()
    except (IntegrityError, StaleDataError) as error:
        db.session.rollback()
        raise Conflict(STALE) from error


def position_at(state: TableState, step: int) -> tuple[Position, dict[str, Any] | None]:
    """The table after its first `step` moves and the event of the last of them (None at
    step 0), from the nearest snapshot before `step`: at most `SNAPSHOT_EVERY` moves are
    replayed (a table kept before snapshots were: from its first deal)."""
    found = db.session.execute(
        select(TableSnapshot.step, TableSnapshot.position)
        .where(
            TableSnapshot.game_id == state.game_id,
            TableSnapshot.step < step,
            TableSnapshot.step >= step - SNAPSHOT_EVERY,
        )
        .order_by(TableSnapshot.step.desc())
        .limit(1)
    ).first()
    base = 0 if found is None else int(found.step)
    position = position_from_json(state.start if found is None else found.position)
    told = None
    for data in state.moves[base:step]:
        move = move_from_json(data)
        played = outcome(position, move)
        told = event(position, move, played)
        position = played.position
    return position, told


def _round_row(ended: EndedRound) -> Round:
    """The round just ended, stored as a score pad stores one (with each final grid)."""
    result = ended.result
    row = Round(number=ended.number, closer=result.closer, doubled=result.doubled)
    for seat, grid in enumerate(ended.grids):
        cells = [list(line) for line in grid]
        row.scores.append(
            RoundScore(seat=seat, raw=result.raw[seat], final=result.final[seat], grid=cells)
        )
    return row
