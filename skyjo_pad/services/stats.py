"""A player's numbers and two players' record against each other, aggregated in SQL.

Everything is read from the seat summaries of `game_seats` (one row per player and
game, see `summaries`), so a player's page costs the same with ten games or ten thousand
in the store. A game counts for wins and places once it is won ("decided"); a shared
win is a win.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import case, func, select
from sqlalchemy.orm import aliased

from ..extensions import db
from ..models import Game, GameSeat, Player, held_by_a_person
from .errors import NotFound


def half_up(value: float, places: int) -> Decimal:
    """`value` to `places` decimals with a half rounded up (away from zero), as people
    round: 2.25 is 2.3 and 12.5 % is 13 % (Python and Babel round a half to even).

    >>> half_up(9 / 4, 1), half_up(-2.25, 1), half_up(0.125, 2)
    (Decimal('2.3'), Decimal('-2.3'), Decimal('0.13'))
    """
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)


def tenths(value: float) -> float:
    """An average as the pages show it: to one decimal, a half up."""
    return float(half_up(value, 1))


RECENT = 20
"""Games shown in a player's chart of recent results."""


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """What a player's page shows; averages are None until there is something to average."""

    player_id: int
    name: str
    email: str | None
    games: int
    decided: int
    """Games that ended with a winner."""
    wins: int
    rounds: int
    round_average: float | None
    best_round: int | None
    worst_round: int | None
    final_average: float | None
    """The average final total of the decided games."""
    closed: int
    closed_paid: int
    """Rounds closed without being doubled."""
    doubled: int
    cleared: int | None
    """Columns cleared at digital tables (None: never played one)."""
    computer: bool
    """Only ever sat as a computer player."""

    @property
    def win_rate(self) -> float | None:
        """Wins per decided game, from 0 to 1."""
        return self.wins / self.decided if self.decided else None

    @property
    def closing_rate(self) -> float | None:
        """How often closing paid off (closed and not doubled), from 0 to 1."""
        return self.closed_paid / self.closed if self.closed else None


@dataclass(frozen=True, slots=True)
class Result:
    """One of a player's recent decided games."""

    game_id: str
    played_at: datetime
    total: int
    place: int
    players: int


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two players' record in the games they both played."""

    first: tuple[int, str]
    second: tuple[int, str]
    games: int
    decided: int
    first_ahead: int
    """Decided games where the first player finished with the lower total."""
    second_ahead: int
    level: int
    first_wins: int
    second_wins: int
    first_average: float | None
    second_average: float | None


def player_stats(player_id: int) -> PlayerStats:
    """Every number of a player's page, from one aggregate query."""
    player = db.session.get(Player, player_id) if _plausible(player_id) else None
    if player is None:
        raise NotFound("There is no such player.")
    decided = GameSeat.place.is_not(None)
    row = db.session.execute(
        select(
            func.count().label("games"),
            func.count(GameSeat.place).label("decided"),
            func.sum(case((GameSeat.place == 1, 1), else_=0)).label("wins"),
            func.sum(GameSeat.rounds).label("rounds"),
            func.sum(GameSeat.total).label("points"),
            func.min(GameSeat.best).label("best"),
            func.max(GameSeat.worst).label("worst"),
            func.avg(case((decided, GameSeat.total), else_=None)).label("final_average"),
            func.sum(GameSeat.closed).label("closed"),
            func.sum(GameSeat.doubled).label("doubled"),
            func.sum(GameSeat.cleared).label("cleared"),
            func.sum(case((held_by_a_person(), 1), else_=0)).label("as_person"),
        ).where(GameSeat.player_id == player_id)
    ).one()
    rounds = int(row.rounds or 0)
    closed, doubled = int(row.closed or 0), int(row.doubled or 0)
    return PlayerStats(
        player_id=player.id,
        name=player.name,
        email=player.email,
        games=row.games,
        decided=row.decided,
        wins=int(row.wins or 0),
        rounds=rounds,
        round_average=tenths(int(row.points or 0) / rounds) if rounds else None,
        best_round=row.best,
        worst_round=row.worst,
        final_average=None if row.final_average is None else tenths(float(row.final_average)),
        closed=closed,
        closed_paid=closed - doubled,
        doubled=doubled,
        cleared=None if row.cleared is None else int(row.cleared),
        computer=row.games > 0 and not row.as_person,
    )


def recent_results(player_id: int, limit: int = RECENT) -> list[Result]:
    """The player's last `limit` decided games, oldest first (for a chart)."""
    decided = select(GameSeat.game_id).where(
        GameSeat.player_id == player_id, GameSeat.place.is_not(None)
    )
    latest = (  # walks the games newest first and stops after `limit` of the player's
        select(Game.id, Game.created_at)
        .where(Game.id.in_(decided))
        .order_by(Game.created_at.desc(), Game.id.desc())
        .limit(limit)
        .subquery()
    )
    rows = db.session.execute(
        select(GameSeat.game_id, latest.c.created_at, GameSeat.total, GameSeat.place)
        .join(latest, latest.c.id == GameSeat.game_id)
        .where(GameSeat.player_id == player_id)
        .order_by(latest.c.created_at.desc(), latest.c.id.desc())
    ).all()
    sizes = dict(
        db.session.execute(
            select(GameSeat.game_id, func.count())
            .where(GameSeat.game_id.in_([r.game_id for r in rows]))
            .group_by(GameSeat.game_id)
        ).all()
    )
    return [
        Result(r.game_id, r.created_at, r.total, r.place, sizes.get(r.game_id, 0))
        for r in reversed(rows)
    ]


def head_to_head(first_id: int, second_id: int) -> HeadToHead:
    """Two players' record in the games they shared."""
    names = {}
    for player_id in (first_id, second_id):
        player = db.session.get(Player, player_id) if _plausible(player_id) else None
        if player is None:
            raise NotFound("There is no such player.")
        names[player_id] = player.name
    a, b = aliased(GameSeat), aliased(GameSeat)
    both = a.place.is_not(None)
    row = db.session.execute(
        select(
            func.count().label("games"),
            func.count(a.place).label("decided"),
            func.sum(case((both & (a.total < b.total), 1), else_=0)).label("a_ahead"),
            func.sum(case((both & (a.total > b.total), 1), else_=0)).label("b_ahead"),
            func.sum(case((both & (a.total == b.total), 1), else_=0)).label("level"),
            func.sum(case((a.place == 1, 1), else_=0)).label("a_wins"),
            func.sum(case((b.place == 1, 1), else_=0)).label("b_wins"),
            func.avg(case((both, a.total), else_=None)).label("a_avg"),
            func.avg(case((both, b.total), else_=None)).label("b_avg"),
        )
        .select_from(a)
        .join(b, b.game_id == a.game_id)
        .where(a.player_id == first_id, b.player_id == second_id)
    ).one()
    return HeadToHead(
        first=(first_id, names[first_id]),
        second=(second_id, names[second_id]),
        games=row.games,
        decided=row.decided,
        first_ahead=int(row.a_ahead or 0),
        second_ahead=int(row.b_ahead or 0),
        level=int(row.level or 0),
        first_wins=int(row.a_wins or 0),
        second_wins=int(row.b_wins or 0),
        first_average=None if row.a_avg is None else tenths(float(row.a_avg)),
        second_average=None if row.b_avg is None else tenths(float(row.b_avg)),
    )


def _plausible(player_id: object) -> bool:
    return isinstance(player_id, int) and not isinstance(player_id, bool) and 0 < player_id < 2**31
