"""Skill ratings for games of two to twelve players, and the leaderboard they make.

Every won game is a ranking of its seats (places from `game_seats.place`, ties shared),
fed in the order the games ended to openskill's Plackett-Luce model, which is built for
many players and for ties. A player's rating is `mu - 3·sigma` (openskill's ordinal: the
skill we are fairly sure of), so it rises with games played and wins, not with luck in
one evening.

Replaying years of games on every page would be slow, so the ratings are kept in the
`ratings` table with `rating_state` saying how far they go: a newly finished game is
added on top; a change to a game already rated (a correction, a deletion, a merge, an
import of older games) marks the state stale, and the next read replays everything.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Connection, and_, exists, or_, select, update
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..models import Game, GameSeat, Player, Rating, RatingState, held_by_a_person
from .transaction import transaction

MIN_GAMES = 3
"""A player is ranked once their rating rests on this many games."""
STATE_ID = 1
MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the leaderboard."""

    rank: int | None
    """1 for the best rated; None while fewer than MIN_GAMES games back the rating."""
    player_id: int
    name: str
    rating: float
    """mu − 3·sigma, one decimal."""
    mu: float
    sigma: float
    games: int
    computer: bool
    """Only ever sat as a computer player of a digital table."""


def mark_stale_since(connection: Connection, changed_at: datetime) -> None:
    """A game finished at `changed_at` changed: stale if the ratings already include it."""
    table = RatingState.__table__
    connection.execute(
        update(table)
        .where(table.c.id == STATE_ID, table.c.through_at.is_not(None))
        .where(table.c.through_at >= changed_at)
        .values(stale=True)
    )


def mark_stale(connection: Connection | None = None) -> None:
    """Replay every rating at the next read (a rated game changed, players merged …)."""
    table = RatingState.__table__
    statement = update(table).where(table.c.id == STATE_ID).values(stale=True)
    if connection is None:
        db.session.execute(statement)
    else:
        connection.execute(statement)


def bring_up_to_date() -> None:
    """Rate the games finished since the last time (or all of them, when stale): a use
    case of its own, one transaction, which the reads below run before they read (they
    write nothing themselves). Another request that brings them up to date at the same
    moment wins; this one then changes nothing."""
    with suppress(IntegrityError):  # another request brought them up to date meanwhile
        _catch_up()


@transaction
def _catch_up() -> None:
    """`bring_up_to_date` once, in one transaction."""
    state = db.session.get(RatingState, STATE_ID)
    changed = state is None or state.stale
    if state is None:
        state = RatingState(id=STATE_ID, stale=False, games=0)
        db.session.add(state)
    if state.stale:
        db.session.execute(Rating.__table__.delete())
        state.through_at, state.through_game, state.games, state.stale = None, None, 0, False
    ratings = {r.player_id: r for r in db.session.scalars(select(Rating))}
    rated = 0
    for game_id, finished_at, seats in _games_after(state.through_at, state.through_game):
        _rate(ratings, seats)
        state.through_at, state.through_game = finished_at, game_id
        rated += 1
    if rated or changed:
        state.games += rated


def _games_after(
    through_at: datetime | None, through_game: str | None
) -> Iterator[tuple[str, datetime, list[tuple[int, int]]]]:
    """Won games finished after the mark, in order, each with its (player, place) seats."""
    games = Game.__table__
    seats = GameSeat.__table__
    query = (
        select(games.c.id, games.c.finished_at, seats.c.player_id, seats.c.place)
        .join(seats, seats.c.game_id == games.c.id)
        .where(games.c.finished_at.is_not(None))  # set only while a game is finished
        .where(
            exists()
            .where(seats.c.game_id == games.c.id, seats.c.place.is_not(None))
            .correlate(games)
        )
        .order_by(games.c.finished_at, games.c.id, seats.c.seat)
    )
    if through_at is not None:
        query = query.where(  # the >= lets the index on finished_at find the few new ones
            games.c.finished_at >= through_at,
            or_(
                games.c.finished_at > through_at,
                and_(games.c.finished_at == through_at, games.c.id > (through_game or "")),
            ),
        )
    current: tuple[str, datetime] | None = None
    batch: list[tuple[int, int]] = []
    for game_id, finished_at, player_id, place in db.session.execute(query).yield_per(2000):
        if current is not None and current[0] != game_id:
            yield current[0], current[1], batch
            batch = []
        current = (game_id, finished_at)
        batch.append((player_id, place))
    if current is not None:
        yield current[0], current[1], batch


def _rate(ratings: dict[int, Rating], seats: list[tuple[int, int]]) -> None:
    """Update the ratings of one game's players from their places."""
    if len(seats) < 2 or any(place is None for _player, place in seats):
        return
    teams: list[list[Any]] = []
    for player_id, _place in seats:
        row = ratings.get(player_id)
        teams.append([MODEL.rating() if row is None else MODEL.rating(row.mu, row.sigma)])
    result = MODEL.rate(teams, ranks=[float(place) for _player, place in seats])
    for (player_id, _place), (after,) in zip(seats, result, strict=True):
        row = ratings.get(player_id)
        if row is None:
            row = Rating(player_id=player_id, mu=after.mu, sigma=after.sigma, games=0)
            db.session.add(row)
            ratings[player_id] = row
        row.mu, row.sigma, row.games = float(after.mu), float(after.sigma), row.games + 1


def leaderboard(computers: bool = False) -> list[Standing]:
    """Every rated player, best first; `computers` adds the computer players, marked
    (the ratings are first brought up to date: a use case of its own)."""
    bring_up_to_date()
    person = exists().where(GameSeat.player_id == Player.id, held_by_a_person())
    query = (
        select(Rating, Player.name, person.label("person"))
        .join(Player, Player.id == Rating.player_id)
        .order_by((Rating.mu - 3 * Rating.sigma).desc(), Player.name)
    )
    if not computers:
        query = query.where(person)
    standings: list[Standing] = []
    rank = 0
    for rating, name, is_person in db.session.execute(query):
        ranked = rating.games >= MIN_GAMES
        rank += 1 if ranked else 0
        standings.append(
            Standing(
                rank=rank if ranked else None,
                player_id=rating.player_id,
                name=name,
                rating=round(rating.mu - 3 * rating.sigma, 1),
                mu=rating.mu,
                sigma=rating.sigma,
                games=rating.games,
                computer=not is_person,
            )
        )
    ranked_first = [s for s in standings if s.rank is not None]
    return ranked_first + [s for s in standings if s.rank is None]


def rating_of(player_id: int) -> Standing | None:
    """One player's standing (ranked among people), or None if unrated."""
    for standing in leaderboard(computers=False):
        if standing.player_id == player_id:
            return standing
    row = db.session.get(Rating, player_id)
    if row is None:
        return None
    name = db.session.get(Player, player_id)
    return Standing(
        rank=None,
        player_id=player_id,
        name=name.name if name else "",
        rating=round(row.mu - 3 * row.sigma, 1),
        mu=row.mu,
        sigma=row.sigma,
        games=row.games,
        computer=True,
    )
