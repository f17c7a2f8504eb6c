"""The games store: every write of a game's rows outside the ORM goes through here, and
keeps the seat summaries in step itself.

Two writers use it. The score pad saves, corrects or takes back one round: the game's
row moves to its next version (only if nobody moved it first: that is how two phones
saving at once are told apart), the round's rows are inserted, replaced or deleted with
prebuilt statements, and the seats' summaries are stored from the rounds the game now
has (no second read). The history import adds whole games in bulk (one executemany per
table; COPY on PostgreSQL), each seat's summary computed from the rounds at hand. Games
changed through the ORM (a digital table's moves, a deletion) are caught by the store's
session hook (`install`), which summarises again, after each flush, the games the flush
touched. So every write of a game keeps its summaries here, and a new write path cannot
forget them. The caller owns the transaction: the store never commits.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta
from itertools import chain
from typing import TYPE_CHECKING, Any

from flask_sqlalchemy.session import Session
from sqlalchemy import JSON, Connection, bindparam, delete, event, insert, inspect, select, update

from ..engine.scoring import Grid
from ..extensions import db
from ..models import ABANDONED, Game, GameSeat, Round, RoundScore, TableState, name_key, utcnow
from . import ratings, summaries
from .sheets import Sheet, StoredRound, plausible_id

if TYPE_CHECKING:  # the format builds on the pad, which writes here
    from .history_format import ImportedGame

GAMES = Game.__table__
SEATS = GameSeat.__table__
ROUNDS = Round.__table__
SCORES = RoundScore.__table__
STATES = TableState.__table__
FRESH_VERSIONS = 2**30
"""Imported games start at a version below this (room left below 2**31 for their moves)."""


class Stale(Exception):
    """The game is no longer at the version the write was made on."""


# The score pad's rounds ------------------------------------------------------------------

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


_HOLD = (
    update(GAMES)
    .where(GAMES.c.id == bindparam("b_id"))
    .values(version=GAMES.c.version, updated_at=GAMES.c.updated_at)  # changes nothing
)


def hold(game_id: str) -> None:
    """Take game `game_id`'s row for this transaction before it is read: another phone's
    write of it waits for this one's commit instead of meeting it (SQLite: the database's
    write lock; PostgreSQL: the row's). An id no game can have holds nothing (the read
    after it says there is no such game)."""
    if plausible_id(game_id):
        _connection().execute(_HOLD, {"b_id": game_id})


def add_round(
    before: Sheet, added: StoredRound, after: Sheet, client_id: str | None = None
) -> None:
    """Save `added` after the last round of `before` (`after`: the sheet it gives;
    `client_id`: the phone's id for the round). Stale: someone moved the game first."""
    now = utcnow()
    _move_version(before, after, now)
    connection = _connection()
    inserted = connection.execute(
        insert(ROUNDS),
        {
            "game_id": before.id,
            "number": added.number,
            "closer": added.closer,
            "doubled": added.doubled,
            "created_at": now,
            "client_id": client_id,
        },
    )
    round_id = inserted.inserted_primary_key[0]  # type: ignore[index]
    connection.execute(
        insert(SCORES),
        [
            {"round_id": round_id, "seat": seat, "raw": raw, "final": final, "grid": _json(grid)}
            for seat, raw, final, grid in added.per_seat()
        ],
    )
    _pad_summaries(before, after)


def replace_round(before: Sheet, changed: StoredRound, after: Sheet) -> None:
    """Write a corrected round over the stored round of the same number."""
    _move_version(before, after, utcnow())
    connection = _connection()
    where = {"b_game": before.id, "b_number": changed.number}
    connection.execute(
        _SET_ROUND, {**where, "b_closer": changed.closer, "b_doubled": changed.doubled}
    )
    round_id = connection.execute(select(_ROUND_ID), where).scalar_one()
    connection.execute(
        _SET_SCORE,
        [
            {"b_round": round_id, "b_seat": seat, "b_raw": raw, "b_final": final}
            | {"b_grid": _json(grid)}
            for seat, raw, final, grid in changed.per_seat()
        ],
    )
    _pad_summaries(before, after)


def delete_round(before: Sheet, number: int, after: Sheet) -> None:
    """Delete a round and its scores."""
    _move_version(before, after, utcnow())
    connection = _connection()
    where = {"b_game": before.id, "b_number": number}
    connection.execute(_DROP_SCORES, where)
    connection.execute(_DROP_ROUND, where)
    _pad_summaries(before, after)


def game_with_client_id(client_id: str) -> str | None:
    """The id of the game made with this client id, if there is one."""
    found = _connection().execute(select(GAMES.c.id).where(GAMES.c.client_id == client_id))
    return found.scalar_one_or_none()


def round_with_client_id(game_id: str, client_id: str) -> int | None:
    """The number of the game's round saved with this client id, if there is one."""
    found = _connection().execute(
        select(ROUNDS.c.number).where(ROUNDS.c.game_id == game_id, ROUNDS.c.client_id == client_id)
    )
    return found.scalar()


def round_made(game_id: str, number: int) -> int | None:
    """When the game's round `number` was first saved (microseconds since 1970): a
    correction keeps it; a round taken back and entered again has its own. (Not its row's
    id: SQLite gives a row deleted last its id again.)"""
    found = _connection().execute(
        select(ROUNDS.c.created_at).where(ROUNDS.c.game_id == game_id, ROUNDS.c.number == number)
    )
    made = found.scalar()
    return None if made is None else (made - datetime(1970, 1, 1)) // timedelta(microseconds=1)


def _move_version(before: Sheet, after: Sheet, now: datetime) -> None:
    """Move the game from `before`'s version to the next, its end brought up to date;
    Stale when the game is no longer at that version."""
    params: dict[str, Any] = {"b_id": before.id, "b_version": before.version}
    params |= {"b_next": before.version + 1, "b_at": now}
    statement = _MOVE
    if after.finished != before.finished:
        statement = _MOVE_AND_END
        params |= {"b_finished": after.finished, "b_end": now if after.finished else None}
    if _connection().execute(statement, params).rowcount != 1:
        raise Stale(before.id)


def _pad_summaries(before: Sheet, after: Sheet) -> None:
    """Store the seats' summaries from the rounds the game now has; flag the ratings when
    they had counted the game."""
    lines = [summaries.RoundLine(r.closer, r.doubled, r.final, ()) for r in after.rounds]
    computed = summaries.summarize(len(after.players), lines, after.finished, False)
    connection = _connection()
    summaries.write(connection, [(after.id, computed)])
    if before.finished:
        ratings.mark_stale(connection)


def _connection() -> Connection:
    """The session's connection: these writes share its transaction."""
    return db.session.connection()


def _json(grid: Grid | None) -> list[list[int | None]] | None:
    """A grid as the JSON column stores it."""
    return [list(row) for row in grid] if grid is not None else None


# Whole games, in bulk --------------------------------------------------------------------


def fresh_version() -> int:
    """The first version of an imported game: a random one, not 1. Server processes keep
    sheets and pages by game id and version; a game deleted, then imported again under the
    same id, must not meet one kept from before (its version 1 had no rounds)."""
    return 1 + secrets.randbelow(FRESH_VERSIONS)


def insert_games(
    connection: Connection, games: Sequence[ImportedGame], players: dict[str, int]
) -> None:
    """Insert the rows of these games (games, seats with their summaries, rounds, scores,
    table states); `players`: each name's key with its player's id."""
    now = utcnow()
    _insert_rows(connection, GAMES, [_game_row(g, now) for g in games])
    _insert_rows(
        connection,
        SEATS,
        [
            {
                "game_id": g.id,
                "seat": seat,
                "player_id": players[name_key(name)],
                "bot": g.bots[seat],
                **_summary_columns(summary),
            }
            for g in games
            for seat, (name, summary) in enumerate(zip(g.players, _summaries(g), strict=True))
        ],
    )
    rounds = [(g, number, r) for g in games for number, r in enumerate(g.rounds, start=1)]
    if rounds:
        ids = connection.execute(
            insert(ROUNDS).returning(ROUNDS.c.id, sort_by_parameter_order=True),
            [
                {"game_id": g.id, "number": number, "closer": r.closer}
                | {"doubled": r.doubled, "created_at": g.created_at}
                for g, number, r in rounds
            ],
        ).scalars()
        _insert_rows(
            connection,
            SCORES,
            [
                {"round_id": round_id, "seat": seat, "raw": r.raw[seat], "final": r.final[seat]}
                | {"grid": r.grids[seat]}
                for round_id, (_game, _number, r) in zip(ids, rounds, strict=True)
                for seat in range(len(r.raw))
            ],
        )
    states = [
        {"game_id": g.id, "bots": g.bots, "log": [], "status": g.status, **g.table}
        for g in games
        if g.table is not None
    ]
    if states:
        connection.execute(insert(STATES), states)


def _game_row(game: ImportedGame, now: datetime) -> dict[str, Any]:
    """A game's own row."""
    return {
        "id": game.id,
        "kind": game.kind,
        "rules": game.rules,
        "created_at": game.created_at,
        "updated_at": now,
        "finished": game.finished,
        "finished_at": game.finished_at,
        "version": fresh_version(),
        "notes": game.notes,
        "place": game.place,
    }


def _summaries(game: ImportedGame) -> list[summaries.SeatSummary]:
    """Each seat's history summary, from the rounds at hand."""
    lines = [summaries.RoundLine(r.closer, r.doubled, r.final, r.grids) for r in game.rounds]
    decided = game.finished and game.status != ABANDONED
    return summaries.summarize(len(game.players), lines, decided, game.kind == "table")


def _summary_columns(summary: summaries.SeatSummary) -> dict[str, int | None]:
    """A seat summary as its `game_seats` columns."""
    return {
        "total": summary.total,
        "rounds": summary.rounds,
        "place": summary.place,
        "closed": summary.closed,
        "doubled": summary.doubled,
        "best": summary.best,
        "worst": summary.worst,
        "cleared": summary.cleared,
    }


def _insert_rows(connection: Connection, table: Any, rows: list[dict[str, Any]]) -> None:
    """Insert many rows (each naming every column): on PostgreSQL with COPY, as psycopg 3
    would otherwise send a statement per row; elsewhere with one executemany."""
    if connection.dialect.name != "postgresql":
        connection.execute(insert(table), rows)
        return
    names = list(rows[0])
    as_json = {name for name in names if isinstance(table.c[name].type, JSON)}
    columns = ", ".join(f'"{name}"' for name in names)
    cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    with cursor.copy(f'COPY "{table.name}" ({columns}) FROM STDIN') as copy:
        for row in rows:
            copy.write_row([json.dumps(row[n]) if n in as_json else row[n] for n in names])


# Writes through the ORM ------------------------------------------------------------------

GAME_FIELDS = ("finished", "finished_at", "rounds", "seats")
"""A Game whose only change is elsewhere (updated_at, a table move) needs no new summary."""


def install() -> None:
    """Keep the summaries (and the ratings' freshness) in step with every ORM write."""
    if not event.contains(Session, "after_flush", _after_flush):
        event.listen(Session, "after_flush", _after_flush)


def _after_flush(session: Any, _context: Any) -> None:
    """Summarise again the games this flush changed."""
    touched: set[str] = set()
    stamps: list[datetime] = []
    for obj in chain(session.new, session.dirty, session.deleted):
        game_id = _game_of(obj, stamps)
        if game_id:
            touched.add(game_id)
    if touched or stamps:
        _process(session.connection(), touched, stamps)


def _process(connection: Connection, touched: set[str], stamps: list[datetime]) -> None:
    """Refresh these games' summaries; flag the ratings if a game they rated changed."""
    if touched:
        was_decided = connection.scalars(
            select(SEATS.c.game_id)
            .where(SEATS.c.game_id.in_(touched), SEATS.c.place.is_not(None))
            .limit(1)
        ).first()
        summaries.refresh(connection, touched)
        if was_decided is not None:
            ratings.mark_stale(connection)
        stamps = stamps + [
            stamp
            for stamp in connection.scalars(
                select(GAMES.c.finished_at).where(GAMES.c.id.in_(touched))
            )
            if stamp is not None
        ]
    if stamps:
        ratings.mark_stale_since(connection, min(stamps))


def _game_of(obj: object, stamps: list[datetime]) -> str | None:
    """The id of the game whose summary `obj`'s change affects (None: none)."""
    state = inspect(obj)
    values = state.dict
    if isinstance(obj, Game):
        if not (state.pending or state.deleted or state.was_deleted) and not any(
            state.attrs[name].history.has_changes() for name in GAME_FIELDS
        ):
            return None
        history = state.attrs["finished_at"].history
        if state.deleted or state.was_deleted:
            stamps += [v for v in chain(history.added, history.unchanged, history.deleted) if v]
            if values.get("finished_at"):
                stamps.append(values["finished_at"])
        return str(values["id"]) if values.get("id") else None
    if isinstance(obj, GameSeat | Round):
        return values.get("game_id") or getattr(values.get("game"), "id", None)
    if isinstance(obj, RoundScore):
        row = values.get("round")
        return getattr(row, "game_id", None) if row is not None else None
    changed = isinstance(obj, TableState) and (
        state.pending or state.attrs["status"].history.has_changes()
    )
    return values.get("game_id") if changed else None
