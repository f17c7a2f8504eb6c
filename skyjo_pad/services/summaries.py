"""Per-seat summaries of every game, kept in step with its rounds.

History, stats and ratings read one `game_seats` row per player and game (total, place,
rounds closed …) instead of every round, so they aggregate in SQL and stay fast with
years of games. This module computes them (`summarize`, `refresh`) and writes them
(`write`); the games store (`games_store`) decides when, for every write of a game.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, select, update

from ..models import ABANDONED, Game, GameSeat, Round, RoundScore, TableState

GAMES = Game.__table__
SEATS = GameSeat.__table__
ROUNDS = Round.__table__
SCORES = RoundScore.__table__
STATES = TableState.__table__
CHUNK = 500
"""Games summarised per query batch."""


@dataclass(frozen=True, slots=True)
class RoundLine:
    """What a summary needs of one round: who closed, whether doubled, each seat's score."""

    closer: int | None
    doubled: bool
    final: Sequence[int]
    grids: Sequence[Any]


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """The `game_seats` summary columns of one seat."""

    total: int
    rounds: int
    place: int | None
    closed: int
    doubled: int
    best: int | None
    worst: int | None
    cleared: int | None


def summarize(
    seats: int, rounds: Sequence[RoundLine], decided: bool, digital: bool
) -> list[SeatSummary]:
    """Each seat's summary; `decided`: the game ended with a winner (places are given).

    >>> rows = [RoundLine(0, False, [3, 9], [None, None]), RoundLine(1, True, [5, 20], [])]
    >>> [(s.total, s.place, s.closed, s.doubled) for s in summarize(2, rows, True, False)]
    [(8, 1, 1, 0), (29, 2, 1, 1)]
    """
    totals = [sum(r.final[seat] for r in rounds) for seat in range(seats)]
    places: list[int | None] = [None] * seats
    if decided and rounds:
        for seat in range(seats):
            places[seat] = 1 + sum(1 for other in totals if other < totals[seat])
    summaries = []
    for seat in range(seats):
        finals = [r.final[seat] for r in rounds]
        closed = [r for r in rounds if r.closer == seat]
        summaries.append(
            SeatSummary(
                total=totals[seat],
                rounds=len(rounds),
                place=places[seat],
                closed=len(closed),
                doubled=sum(1 for r in closed if r.doubled),
                best=min(finals) if finals else None,
                worst=max(finals) if finals else None,
                cleared=sum(_cleared(r.grids[seat]) for r in rounds if seat < len(r.grids))
                if digital
                else None,
            )
        )
    return summaries


def _cleared(grid: Any) -> int:
    """Columns of three removed from a stored final grid (all three cells null)."""
    if not isinstance(grid, list) or len(grid) != 3:
        return 0
    try:
        return sum(1 for column in zip(*grid, strict=True) if all(c is None for c in column))
    except (TypeError, ValueError):
        return 0


def refresh(connection: Connection, game_ids: Iterable[str]) -> None:
    """Recompute the seat summaries of these games from their rounds."""
    ids = sorted(set(game_ids))
    for start in range(0, len(ids), CHUNK):
        _refresh_chunk(connection, ids[start : start + CHUNK])


def refresh_all(connection: Connection) -> None:
    """Recompute every game's seat summaries (after a bulk load)."""
    refresh(connection, connection.scalars(select(GAMES.c.id)).all())


def _refresh_chunk(connection: Connection, ids: list[str]) -> None:
    games = connection.execute(
        select(GAMES.c.id, GAMES.c.kind, GAMES.c.finished, STATES.c.status)
        .outerjoin(STATES, STATES.c.game_id == GAMES.c.id)
        .where(GAMES.c.id.in_(ids))
    ).all()
    seats: dict[str, int] = defaultdict(int)
    for game_id, _seat in connection.execute(
        select(SEATS.c.game_id, SEATS.c.seat).where(SEATS.c.game_id.in_(ids))
    ):
        seats[game_id] += 1
    lines: dict[str, dict[int, dict[str, Any]]] = defaultdict(dict)
    query = (
        select(
            ROUNDS.c.game_id,
            ROUNDS.c.id,
            ROUNDS.c.closer,
            ROUNDS.c.doubled,
            SCORES.c.seat,
            SCORES.c.final,
            SCORES.c.grid,
        )
        .join(SCORES, SCORES.c.round_id == ROUNDS.c.id)
        .where(ROUNDS.c.game_id.in_(ids))
        .order_by(ROUNDS.c.game_id, ROUNDS.c.number, SCORES.c.seat)
    )
    for game_id, round_id, closer, doubled, _seat, final, grid in connection.execute(query):
        line = lines[game_id].setdefault(
            round_id, {"closer": closer, "doubled": bool(doubled), "final": [], "grids": []}
        )
        line["final"].append(final)
        line["grids"].append(grid)
    computed = []
    for game_id, kind, finished, status in games:
        count = seats[game_id]
        rounds = [RoundLine(**line) for line in lines[game_id].values()]
        rounds = [r for r in rounds if len(r.final) == count]
        decided = bool(finished) and status != ABANDONED
        computed.append((game_id, summarize(count, rounds, decided, kind == "table")))
    write(connection, computed)


_STORE = (
    update(SEATS)
    .where(SEATS.c.game_id == bindparam("g"), SEATS.c.seat == bindparam("s"))
    .values(
        total=bindparam("v_total"),
        rounds=bindparam("v_rounds"),
        place=bindparam("v_place"),
        closed=bindparam("v_closed"),
        doubled=bindparam("v_doubled"),
        best=bindparam("v_best"),
        worst=bindparam("v_worst"),
        cleared=bindparam("v_cleared"),
    )
)


def write(connection: Connection, games: Sequence[tuple[str, list[SeatSummary]]]) -> None:
    """Write each game's seat summaries into its `game_seats` rows."""
    params = [
        {
            "g": game_id,
            "s": seat,
            "v_total": s.total,
            "v_rounds": s.rounds,
            "v_place": s.place,
            "v_closed": s.closed,
            "v_doubled": s.doubled,
            "v_best": s.best,
            "v_worst": s.worst,
            "v_cleared": s.cleared,
        }
        for game_id, seats in games
        for seat, s in enumerate(seats)
    ]
    if params:
        connection.execute(_STORE, params)
