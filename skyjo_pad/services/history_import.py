"""A history file in: the games this installation lacks are added, nothing else changes.

The file is checked whole first (`history_format`): a file with one bad game adds
nothing. Then the import adds what is missing in short transactions of a few dozen games
each (a game is never split), so the phones saving rounds meanwhile wait milliseconds,
not the whole import: this use case owns one transaction for the address book, then one
per batch. Games are known by their id, random across installations: a game already here
is left as it is, so importing the same file twice changes nothing, and an import cut
short (the server stopped) is finished by importing the file again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial

from sqlalchemy import Connection, insert, select, update

from ..extensions import db
from ..models import PLAYING, Game, Player, name_key, utcnow
from . import games_store, ratings, roster
from .errors import N_, Invalid, Malformed, Sentence
from .history_format import TABLE, HistoryFile, ImportedGame, read_file
from .retry import retried
from .roster import A_COMPUTERS_NAME
from .transaction import transaction

GAMES = Game.__table__
PLAYERS = Player.__table__
WRITE_ROWS = 1_500
"""Rows (games, seats, rounds, scores) written per transaction: short enough that a round
saved meanwhile waits a few milliseconds, long enough that a big import stays quick."""
PAUSE = 0.5
"""SQLite has one lock for every writer, and a writer kept waiting only looks again now and
then: after each batch the import leaves the lock free for this share of the time it held
it, so the rounds saved meanwhile get their turn (PostgreSQL locks rows: its batches run
back to back)."""


@dataclass
class ImportReport:
    """What an import did."""

    added: int = 0
    already_here: int = 0
    players_added: int = 0
    left_out: int = 0
    """Digital games still being played elsewhere: played only where they were dealt."""
    names: list[str] = field(default_factory=list)


def import_text(raw: bytes | str) -> ImportReport:
    """Read an export and add what is missing; refused whole (nothing added) if wrong."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:
        if "integer string conversion" in str(error):  # Python reads up to 4,300 digits
            raise Malformed(
                N_("This file is not a Skyjo Pad export: a number in it has thousands of digits.")
            ) from error
        raise Malformed(N_("This file is not a Skyjo Pad export: it is not JSON.")) from error
    return import_data(data)


def import_data(data: object) -> ImportReport:
    """Add the games of an export (parsed JSON) that this installation does not have."""
    return _store(read_file(data))


def _store(checked: HistoryFile) -> ImportReport:
    """Write the checked games this installation lacks, a batch per short transaction."""
    games, emails = checked.games, checked.emails
    report = ImportReport()
    try:
        here = _here([game.id for game in games])  # one look: games here are left as they are
        elsewhere = _played_elsewhere(games, here)
        _check_people(games, here)
        games = [game for game in games if game.id not in elsewhere]
        report.left_out = len(elsewhere)
        keys = _player_ids([*emails, *(name for game in games for name in game.players)], emails)
        report.players_added = keys.added
        latest = db.session.scalar(
            select(Game.finished_at).order_by(Game.finished_at.desc()).limit(1)
        )
        shared_lock = db.engine.dialect.name == "sqlite"
        for batch in _write_batches(games):
            started = time.perf_counter()
            added = retried(partial(_write_missing, batch, keys.ids, latest))
            report.added += added
            report.already_here += len(batch) - added
            if shared_lock:
                time.sleep((time.perf_counter() - started) * PAUSE)
    finally:
        db.session.rollback()  # whatever a failure left open (every batch ends committed)
    return report


def _check_people(games: Sequence[ImportedGame], here: set[str]) -> None:
    """Refuse a game not `here` yet that seats a person under the name of a computer player
    of this address book ("Robo", named by a host here): their records would mix."""
    people = [
        (number, game.id, name)
        for number, game in enumerate(games, start=1)
        if game.id not in here
        for name, bot in zip(game.players, game.bots, strict=True)
        if bot is None
    ]
    computers = roster.computers_among({name for _number, _id, name in people})
    for number, game_id, name in people:
        if name_key(name) in computers:
            raise Invalid(
                N_("Game %(number)s of the file (%(id)s): %(problem)s"),
                number=number,
                id=game_id,
                problem=Sentence(A_COMPUTERS_NAME, {"name": name}),
            )


def _here(ids: Sequence[str]) -> set[str]:
    """Which of these games this installation has."""
    here: set[str] = set()
    for start in range(0, len(ids), 500):
        here |= set(
            db.session.scalars(select(Game.id).where(Game.id.in_(ids[start : start + 500])))
        )
    return here


def _played_elsewhere(games: Sequence[ImportedGame], here: set[str]) -> set[str]:
    """The digital games of the file still being played that are not `here`: their cards
    are on the server that dealt them, so they cannot go on here (one here is left as it is,
    like any game already here)."""
    return {g.id for g in games if g.kind == TABLE and g.status == PLAYING and g.id not in here}


@dataclass(frozen=True, slots=True)
class _PlayerIds:
    ids: dict[str, int]
    """Each name's key, with its player's id."""
    added: int


def _player_ids(names: Sequence[str], emails: dict[str, str | None]) -> _PlayerIds:
    """The address book's id of every name, adding the names it lacks (and the export's
    emails of players who have none), committed in one short transaction."""
    first: dict[str, str] = {}
    for name in names:
        first.setdefault(name_key(name), name)
    return retried(lambda: _add_players(first, emails))


@transaction
def _add_players(first: dict[str, str], emails: dict[str, str | None]) -> _PlayerIds:
    """`_player_ids` once, one transaction: `first` holds each key with the name first
    given for it."""
    connection = db.session.connection()
    known = _by_key(connection, list(first))
    lacking = [key for key in first if key not in known]
    now = utcnow()
    if lacking:
        connection.execute(
            insert(PLAYERS),
            [
                {
                    "name": first[key],
                    "name_key": key,
                    "email": emails.get(first[key]),
                    "created_at": now,
                }
                for key in lacking
            ],
        )
        known |= _by_key(connection, lacking)
    machines = roster.computers_among({name for name, email in emails.items() if email})
    for name, email in emails.items():  # a computer player's entry takes none
        found = known.get(name_key(name))
        if email and found is not None and not found[1] and name_key(name) not in machines:
            connection.execute(update(PLAYERS).where(PLAYERS.c.id == found[0]).values(email=email))
    return _PlayerIds({key: player_id for key, (player_id, _email) in known.items()}, len(lacking))


def _by_key(connection: Connection, keys: list[str]) -> dict[str, tuple[int, str | None]]:
    """The players with these name keys: each key with the player's id and email."""
    found: dict[str, tuple[int, str | None]] = {}
    for start in range(0, len(keys), 500):
        rows = connection.execute(
            select(PLAYERS.c.name_key, PLAYERS.c.id, PLAYERS.c.email).where(
                PLAYERS.c.name_key.in_(keys[start : start + 500])
            )
        )
        found.update((key, (player_id, email)) for key, player_id, email in rows)
    return found


def _write_batches(games: list[ImportedGame]) -> Iterator[list[ImportedGame]]:
    """The games in batches of about WRITE_ROWS rows each (a game is never split)."""
    batch: list[ImportedGame] = []
    rows = 0
    for game in games:
        size = 1 + len(game.players) * (1 + len(game.rounds)) + len(game.rounds)
        if batch and rows + size > WRITE_ROWS:
            yield batch
            batch, rows = [], 0
        batch.append(game)
        rows += size
    if batch:
        yield batch


@transaction
def _write_missing(
    batch: list[ImportedGame], players: dict[str, int], latest: datetime | None
) -> int:
    """Write the games of `batch` that are not here yet, in one transaction; how many."""
    connection = db.session.connection()
    ids = [game.id for game in batch]
    have = set(connection.scalars(select(GAMES.c.id).where(GAMES.c.id.in_(ids))))
    missing = [game for game in batch if game.id not in have]
    if not missing:
        return 0
    games_store.insert_games(connection, missing, players)
    if latest and any(g.finished_at and g.finished_at <= latest for g in missing):
        ratings.mark_stale(connection)  # an older game joins the rated ones
    return len(missing)
