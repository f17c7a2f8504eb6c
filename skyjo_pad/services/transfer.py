"""The whole history out (JSON, or the rounds as CSV) and back in on another installation.

Exports are written as they are read, a few hundred games at a time, so a long history
never sits in memory whole. An import checks every game of the file before it writes
any (a pad game's rounds are scored again by the engine, a digital game's record is
replayed move by move): a file with one bad game adds nothing. Then it adds what this
installation lacks in short transactions of a few dozen games each (a game is never
split), so the phones saving rounds meanwhile wait milliseconds, not the whole import.
Games are known by their id, random across installations: a game already here is left
as it is, so importing the same file twice changes nothing, and an import cut short
(the server stopped) is finished by importing the file again.
"""

from __future__ import annotations

import csv
import io
import json
import secrets
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import JSON, Connection, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..engine import (
    IllegalMove,
    NotationError,
    Phase,
    PositionError,
    move_from_json,
    outcome,
    position_from_json,
    position_to_json,
    scoring,
)
from ..engine.limits import MULTIPLIER_MAX, RECORD_MOVES_MAX, SEED_MAX
from ..engine.notation import RECORD_FORMAT
from ..engine.rules import PAD_RULE_KEYS
from ..extensions import db
from ..models import (
    ABANDONED,
    FINISHED,
    GAME_ID_LENGTH,
    PLAYING,
    STATUSES,
    Game,
    GameSeat,
    Player,
    Round,
    RoundScore,
    TableState,
    name_key,
    utcnow,
)
from . import history, ratings, sheets, summaries
from . import players as player_book
from .errors import N_, Invalid, Malformed, Nn_, Sentence, ServiceError, refused
from .pad import SCORE_LIMIT, is_closer, is_score, pad_rules
from .roster import clean_email
from .tables import table_rules
from .transaction import transaction

T = TypeVar("T")
GAMES = Game.__table__
SEATS = GameSeat.__table__
ROUNDS = Round.__table__
SCORES = RoundScore.__table__
STATES = TableState.__table__
PLAYERS = Player.__table__
FORMAT = "skyjo-pad-history/1"
BATCH = 200
MAX_GAMES = 100_000
MAX_ROUNDS = 1_000
BOTS = ("easy", "medium", "hard")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
"""What makes a spreadsheet read a cell as a formula (the full-width forms too)."""
RoundData = tuple[int | None, bool, list[int], list[int], list[Any]]
"""A round to store: closer, doubled, raw scores, final scores, grids."""
CSV_HEADER = (
    "game",
    "date",
    "kind",
    "round",
    "seat",
    "player",
    "computer",
    "raw",
    "final",
    "closed",
    "doubled",
    "total",
)


# Export ------------------------------------------------------------------------------------


def export_json(emails: bool = False) -> Iterator[str]:
    """The whole history as skyjo-pad-history/1 JSON text, in pieces; the address book's
    emails only when asked for (`emails`), else null."""
    head = {"format": FORMAT, "exported_at": _stamp(utcnow())}
    yield json.dumps(head)[:-1] + ', "players": '
    people = db.session.execute(select(Player.name, Player.email).order_by(Player.id)).all()
    yield json.dumps([{"name": n, "email": e if emails else None} for n, e in people])
    yield ', "games": ['
    first = True
    for batch in _batches():
        for data in batch:
            yield ("" if first else ",\n") + json.dumps(data, separators=(",", ":"))
            first = False
    yield "]}\n"


def export_csv() -> Iterator[str]:
    """Every round of every game, one line per player and round, as CSV text in pieces."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(CSV_HEADER)
    for batch in _batches():
        for game in batch:
            totals = [0] * len(game["players"])
            for r in game["rounds"]:
                for seat, name in enumerate(game["players"]):
                    totals[seat] += r["final"][seat]
                    writer.writerow(
                        (
                            game["id"],
                            game["created_at"][:10],
                            game["kind"],
                            r["number"],
                            seat,
                            csv_text(name),
                            game["bots"][seat] or "",
                            r["raw"][seat],
                            r["final"][seat],
                            "yes" if r["closer"] == seat else "",
                            "yes" if r["closer"] == seat and r["doubled"] else "",
                            totals[seat],
                        )
                    )
        yield buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
    yield buffer.getvalue()


def csv_text(text: str) -> str:
    """Text a spreadsheet shows as text: one that would start a formula gets a `'` first.

    >>> csv_text("=HYPERLINK(1)"), csv_text("Ann")
    ("'=HYPERLINK(1)", 'Ann')
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _batches() -> Iterator[list[dict[str, Any]]]:
    """Every game as export data, oldest first, BATCH games at a time."""
    last: tuple[datetime, str] | None = None
    while True:
        query = select(Game).order_by(Game.created_at, Game.id).limit(BATCH)
        if last is not None:
            query = query.where(
                (Game.created_at > last[0]) | ((Game.created_at == last[0]) & (Game.id > last[1]))
            )
        games = list(db.session.scalars(query))
        if not games:
            return
        yield _export_games(games)
        last = (games[-1].created_at, games[-1].id)
        db.session.expunge_all()


def _export_games(games: list[Game]) -> list[dict[str, Any]]:
    ids = [g.id for g in games]
    seats: dict[str, list[tuple[str, str | None]]] = defaultdict(list)
    for game_id, name, bot in db.session.execute(
        select(GameSeat.game_id, Player.name, GameSeat.bot)
        .join(Player, Player.id == GameSeat.player_id)
        .where(GameSeat.game_id.in_(ids))
        .order_by(GameSeat.game_id, GameSeat.seat)
    ):
        seats[game_id].append((name, bot))
    rounds = sheets.rounds_with_grids(ids)
    states = {
        s.game_id: s
        for s in db.session.scalars(select(TableState).where(TableState.game_id.in_(ids)))
    }
    out = []
    for game in games:
        state = states.get(game.id)
        lines = [_round_line(r) for r in rounds.get(game.id, [])]
        data: dict[str, Any] = {
            "id": game.id,
            "kind": game.kind,
            "created_at": _stamp(game.created_at),
            "finished_at": _stamp(game.finished_at) if game.finished_at else None,
            "status": _status(game, state),
            "rules": game.rules,
            "players": [name for name, _bot in seats[game.id]],
            "bots": [bot for _name, bot in seats[game.id]],
            "rounds": lines,
            "notes": game.notes,
            "place": game.place,
        }
        if state is not None and state.status != PLAYING:  # the seed tells every card
            data["seed"] = int(state.seed)
            data["record"] = {
                "format": RECORD_FORMAT,
                "position": state.start,
                "moves": state.moves,
            }
        out.append(data)
    return out


def _status(game: Game, state: TableState | None) -> str:
    if state is not None:
        return state.status
    return FINISHED if game.finished else PLAYING


def _stamp(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


# Import ------------------------------------------------------------------------------------


@dataclass
class ImportReport:
    """What an import did."""

    added: int = 0
    already_here: int = 0
    players_added: int = 0
    names: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class _Game:
    """A game of the file, checked and ready to store."""

    id: str
    kind: str
    created_at: datetime
    finished_at: datetime | None
    finished: bool
    status: str
    rules: dict[str, Any]
    players: list[str]
    bots: list[str | None]
    rounds: list[RoundData]
    notes: str | None
    place: str | None
    table: dict[str, Any] | None


def import_text(raw: bytes | str) -> ImportReport:
    """Read an export and add what is missing; refused whole (nothing added) if wrong."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise Malformed(N_("This file is not a Skyjo Pad export: it is not JSON.")) from error
    return import_data(data)


@transaction
def import_data(data: object) -> ImportReport:
    """Add the games of an export (parsed JSON) that this installation does not have."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Malformed(
            N_('This file is not a Skyjo Pad export (its "format" is not "%(format)s").'),
            format=FORMAT,
        )
    games_data = data.get("games")
    people = data.get("players", [])
    if not isinstance(games_data, list) or not isinstance(people, list):
        raise Malformed(N_("This export has no list of games."))
    if len(games_data) > MAX_GAMES:
        raise Invalid(
            Nn_("An export holds at most %(num)s game.", "An export holds at most %(num)s games."),
            num=MAX_GAMES,
        )
    emails = _emails(people)
    games: list[_Game] = []
    seen: set[str] = set()
    for index, item in enumerate(games_data):
        try:
            game = _check_game(item)
        except ServiceError as error:
            raise type(error)(
                N_("Game %(number)s of the file: %(problem)s"),
                number=index + 1,
                problem=error.sentence,
            ) from error
        if game.id in seen:
            raise Invalid(
                "Game %(number)s of the file: the id %(id)s appears twice.",
                number=index + 1,
                id=game.id,
            )
        seen.add(game.id)
        games.append(game)
    return _store(games, emails)


def _emails(people: list[Any]) -> dict[str, str | None]:
    """The export's address book: each name (one per person) with its email, if any."""
    found: dict[str, str | None] = {}
    keys: set[str] = set()
    for person in people:
        if not isinstance(person, dict) or not isinstance(person.get("name"), str):
            raise Malformed(N_("Each player of the export's address book needs a name."))
        name = player_book.clean_name(person["name"])
        if name_key(name) not in keys:
            keys.add(name_key(name))
            found[name] = clean_email(person.get("email"))
    return found


def _check_game(item: object) -> _Game:
    if not isinstance(item, dict):
        raise Malformed(N_("a game must be a JSON object."))
    game_id: Any = item.get("id")
    if not (
        isinstance(game_id, str)
        and 0 < len(game_id) <= GAME_ID_LENGTH
        and game_id.isascii()
        and game_id.isalnum()
    ):
        raise Invalid("its id must be up to 10 letters and digits.")
    game_id = game_id.lower()
    kind = item.get("kind")
    if kind not in ("pad", "table"):
        raise Invalid('its kind must be "pad" or "table".')
    names = player_book.check_names(item.get("players"), maximum=12)
    bots = item.get("bots") or [None] * len(names)
    if not isinstance(bots, list) or len(bots) != len(names):
        raise Invalid("it needs one entry in bots per player.")
    if any(b is not None and b not in BOTS for b in bots) or (kind == "pad" and any(bots)):
        raise Invalid(
            "a computer player is one of %(levels)s, at a digital table only.",
            levels=", ".join(BOTS),
        )
    created = _moment(item.get("created_at"), "created_at")
    assert created is not None
    finished_at = _moment(item.get("finished_at"), "finished_at", optional=True)
    notes = history.clean_text(item.get("notes"), "notes")
    place = history.clean_text(item.get("place"), "place")
    if kind == "pad":
        rules = pad_rules(item.get("rules") if isinstance(item.get("rules"), dict) else None)
        rounds = _pad_rounds(item.get("rounds"), len(names), rules)
        totals = scoring.totals([r[3] for r in rounds], len(names))
        finished = bool(rounds) and bool(scoring.winners(totals, rules))
        status, table = (FINISHED if finished else PLAYING), None
        stored_rules = rules.to_dict(PAD_RULE_KEYS)
    else:
        rules = table_rules(item.get("rules") if isinstance(item.get("rules"), dict) else None)
        status = str(item.get("status"))
        if status not in STATUSES:
            raise Invalid(
                "a digital game's status is one of %(statuses)s.", statuses=", ".join(STATUSES)
            )
        rounds, table = _table_rounds(item, names, status)
        finished = status != PLAYING
        stored_rules = rules.to_dict()
    if finished and finished_at is None:
        finished_at = created
    return _Game(
        id=game_id,
        kind=kind,
        created_at=created,
        finished_at=finished_at if finished else None,
        finished=finished,
        status=status,
        rules=stored_rules,
        players=names,
        bots=bots,
        rounds=rounds,
        notes=notes,
        place=place,
        table=table,
    )


def _moment(value: object, what: str, optional: bool = False) -> datetime | None:
    if value is None and optional:
        return None
    try:
        if not isinstance(value, str) or len(value) > 40:
            raise ValueError
        moment = datetime.fromisoformat(value)
    except ValueError as error:
        raise Invalid(
            "its %(key)s must be a date and time like 2026-05-31T20:15:00.", key=what
        ) from error
    if moment.tzinfo is not None:  # stored times are UTC without an offset
        moment = moment.astimezone(UTC)
    return moment.replace(tzinfo=None)


def _pad_rounds(data: object, seats: int, rules: Any) -> list[RoundData]:
    """A pad game's rounds, scored again by the engine: a file whose sums are off is refused."""
    if not isinstance(data, list) or len(data) > MAX_ROUNDS:
        raise Invalid("its rounds must be a list.")
    rounds: list[RoundData] = []
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict) or item.get("number", number) != number:
            raise Invalid("round %(number)s is missing or out of order.", number=number)
        raw = item.get("raw")
        if not isinstance(raw, list) or len(raw) != seats or not all(map(is_score, raw)):
            raise Invalid(
                "round %(number)s needs one whole-number score per player.", number=number
            )
        closer = item.get("closer")
        if not is_closer(closer, seats):
            raise Invalid(
                "round %(number)s's closer must be one of the players, or nobody.", number=number
            )
        result = scoring.score_round(raw, closer, rules)
        if "final" in item and item["final"] != list(result.final):
            raise Invalid(
                "round %(number)s's scores do not add up under the game's rules.", number=number
            )
        grids = item.get("grids") or [None] * seats
        if not isinstance(grids, list) or len(grids) != seats:
            raise Invalid("round %(number)s needs one grid (or null) per player.", number=number)
        for grid in grids:
            if grid is not None:
                try:
                    scoring.parse_grid(grid)
                except (scoring.GridError, TypeError, ValueError) as error:
                    raise Invalid(
                        "round %(number)s has a grid that is not 3 rows of 4.", number=number
                    ) from error
        if any(scoring.game_over(t, rules) for t in _running(rounds, seats)):
            raise Invalid("round %(number)s follows the end of the game.", number=number)
        rounds.append((closer, result.doubled, list(raw), list(result.final), grids))
    return rounds


def _running(
    rounds: Sequence[tuple[Any, Any, Any, list[int], Any]], seats: int
) -> list[tuple[int, ...]]:
    """The totals after the last round so far (empty when there is none)."""
    if not rounds:
        return []
    return [scoring.totals([r[3] for r in rounds], seats)]


def _table_rounds(
    item: Mapping[str, Any], names: list[str], status: str
) -> tuple[list[RoundData], dict[str, Any] | None]:
    """A digital game's rounds, replayed from its record (a game still in play has none)."""
    record = item.get("record")
    if status == PLAYING:
        return _pad_rounds_loose(item.get("rounds"), len(names)), None
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise Invalid(
            "a digital game that is over needs its %(format)s record.", format=RECORD_FORMAT
        )
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise Invalid("its record has no list of moves.")
    if len(moves) > RECORD_MOVES_MAX:  # checked before any move is replayed
        raise Invalid(
            Nn_(
                "its record has more moves than any game can have (%(num)s move at most).",
                "its record has more moves than any game can have (%(num)s moves at most).",
            ),
            num=RECORD_MOVES_MAX,
        )
    try:
        position = position_from_json(record.get("position"))
        start = record["position"]
        if list(position.players) != names:
            raise Invalid("its record seats other players than the game.")
        rounds: list[RoundData] = []
        for index, raw in enumerate(moves):
            try:
                played = outcome(position, move_from_json(raw))
            except (IllegalMove, NotationError) as error:
                raise Invalid(
                    "move %(number)s of its record is not legal: %(problem)s.",
                    number=index + 1,
                    problem=_why(error),
                ) from error
            ended = played.ended
            if ended is not None:
                result = ended.result
                grids = [[list(line) for line in grid] for grid in ended.grids]
                rounds.append(
                    (result.closer, result.doubled, list(result.raw), list(result.final), grids)
                )
            position = played.position
    except (NotationError, PositionError, ValueError) as error:
        if isinstance(error, ServiceError):
            raise
        raise Invalid("its record cannot be read: %(problem)s.", problem=str(error)) from error
    if (status == FINISHED) != (position.phase is Phase.GAME_OVER):
        raise Invalid(
            'its record does not end the way its status "%(status)s" says.', status=status
        )
    seed = item.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise Invalid("its deal number must be a whole number.")
    table = {
        "start": start,
        "moves": moves,
        "position": position_to_json(position),
        "seed": str(seed),
    }
    return rounds, table


def _pad_rounds_loose(data: object, seats: int) -> list[RoundData]:
    """The rounds of a digital game still in play, as listed (there is no record yet)."""
    if not isinstance(data, list) or len(data) > MAX_ROUNDS:
        raise Invalid("its rounds must be a list.")
    rounds: list[RoundData] = []
    for number, item in enumerate(data, start=1):
        ok = isinstance(item, dict) and all(
            isinstance(item.get(k), list)
            and len(item[k]) == seats
            and all(isinstance(v, int) and not isinstance(v, bool) for v in item[k])
            and all(abs(v) <= limit for v in item[k])
            for k, limit in (("raw", SCORE_LIMIT), ("final", SCORE_LIMIT * MULTIPLIER_MAX))
        )
        if not ok:
            raise Invalid(
                "round %(number)s needs raw and final scores, one per player, "
                "each raw score from %(min)s to %(max)s.",
                number=number,
                min=-SCORE_LIMIT,
                max=SCORE_LIMIT,
            )
        closer = item.get("closer")
        if closer is not None and (
            isinstance(closer, bool) or not isinstance(closer, int) or not 0 <= closer < seats
        ):
            raise Invalid(
                "round %(number)s's closer must be one of the players, or nobody.", number=number
            )
        rounds.append(
            (closer, bool(item.get("doubled")), item["raw"], item["final"], [None] * seats)
        )
    return rounds


def _store(games: list[_Game], emails: dict[str, str | None]) -> ImportReport:
    """Write the checked games this installation lacks, a batch per short transaction."""
    report = ImportReport()
    try:
        keys = _player_ids([*emails, *(name for game in games for name in game.players)], emails)
        report.players_added = keys.added
        latest = db.session.scalar(
            select(Game.finished_at).order_by(Game.finished_at.desc()).limit(1)
        )
        shared_lock = db.engine.dialect.name == "sqlite"
        for batch in _write_batches(games):
            started = time.perf_counter()
            added = _write_batch(batch, keys.ids, latest)
            report.added += added
            report.already_here += len(batch) - added
            if shared_lock:
                time.sleep((time.perf_counter() - started) * PAUSE)
    except Exception:
        db.session.rollback()
        raise
    return report


WRITE_ROWS = 1_500
"""Rows (games, seats, rounds, scores) written per transaction: short enough that a round
saved meanwhile waits a few milliseconds, long enough that a big import stays quick."""
WRITE_ATTEMPTS = 3
"""How often a batch is tried when another import adds one of its games or players first."""
PAUSE = 0.5
"""SQLite has one lock for every writer, and a writer kept waiting only looks again now and
then: after each batch the import leaves the lock free for this share of the time it held
it, so the rounds saved meanwhile get their turn (PostgreSQL locks rows: its batches run
back to back)."""


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
    return _retried(lambda: _add_players(first, emails))


def _add_players(first: dict[str, str], emails: dict[str, str | None]) -> _PlayerIds:
    """`_player_ids` once: `first` holds each key with the name first given for it."""
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
    for name, email in emails.items():
        found = known.get(name_key(name))
        if email and found is not None and not found[1]:
            connection.execute(update(PLAYERS).where(PLAYERS.c.id == found[0]).values(email=email))
    db.session.commit()
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


def _retried(write: Callable[[], T]) -> T:
    """Run `write` (which commits); again, from a fresh look at the store, when another
    request added one of its games or players first (a unique key refused the row)."""
    for attempt in range(WRITE_ATTEMPTS):
        try:
            return write()
        except IntegrityError:
            db.session.rollback()
            if attempt + 1 == WRITE_ATTEMPTS:
                raise
    raise AssertionError("unreachable")


def _write_batches(games: list[_Game]) -> Iterator[list[_Game]]:
    """The games in batches of about WRITE_ROWS rows each (a game is never split)."""
    batch: list[_Game] = []
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


def _write_batch(batch: list[_Game], players: dict[str, int], latest: datetime | None) -> int:
    """Write the games of `batch` that are not here yet, in one transaction; how many."""
    return _retried(lambda: _write_missing(batch, players, latest))


def _write_missing(batch: list[_Game], players: dict[str, int], latest: datetime | None) -> int:
    """`_write_batch` once."""
    connection = db.session.connection()
    ids = [game.id for game in batch]
    have = set(connection.scalars(select(GAMES.c.id).where(GAMES.c.id.in_(ids))))
    missing = [game for game in batch if game.id not in have]
    if not missing:
        db.session.rollback()
        return 0
    _insert_games(connection, missing, players)
    if latest and any(g.finished_at and g.finished_at <= latest for g in missing):
        ratings.mark_stale(connection)  # an older game joins the rated ones
    db.session.commit()
    return len(missing)


def fresh_version() -> int:
    """The first version of an imported game: a random one, not 1. Server processes keep
    sheets and pages by game id and version; a game deleted, then imported again under the
    same id, must not meet one kept from before (its version 1 had no rounds)."""
    return 1 + secrets.randbelow(FRESH_VERSIONS)


FRESH_VERSIONS = 2**30
"""Imported games start at a version below this (room left below 2**31 for their moves)."""


def _summaries(game: _Game) -> list[summaries.SeatSummary]:
    """Each seat's history summary, from the rounds at hand (as `summaries` keeps them)."""
    lines = [summaries.RoundLine(c, d, final, grids) for c, d, _raw, final, grids in game.rounds]
    decided = game.finished and game.status != ABANDONED
    return summaries.summarize(len(game.players), lines, decided, game.kind == "table")


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


def _insert_games(connection: Connection, games: list[_Game], players: dict[str, int]) -> None:
    """Insert the rows of these games: games, seats, rounds, scores, table states."""
    now = utcnow()
    _insert_rows(
        connection,
        GAMES,
        [
            {
                "id": g.id,
                "kind": g.kind,
                "rules": g.rules,
                "created_at": g.created_at,
                "updated_at": now,
                "finished": g.finished,
                "finished_at": g.finished_at,
                "version": fresh_version(),
                "notes": g.notes,
                "place": g.place,
            }
            for g in games
        ],
    )
    _insert_rows(
        connection,
        SEATS,
        [
            {
                "game_id": g.id,
                "seat": seat,
                "player_id": players[name_key(name)],
                "bot": g.bots[seat],
                "total": summary.total,
                "rounds": summary.rounds,
                "place": summary.place,
                "closed": summary.closed,
                "doubled": summary.doubled,
                "best": summary.best,
                "worst": summary.worst,
                "cleared": summary.cleared,
            }
            for g in games
            for seat, (name, summary) in enumerate(zip(g.players, _summaries(g), strict=True))
        ],
    )
    round_rows = [
        {
            "game_id": g.id,
            "number": number,
            "closer": closer,
            "doubled": doubled,
            "created_at": g.created_at,
        }
        for g in games
        for number, (closer, doubled, _raw, _final, _grids) in enumerate(g.rounds, start=1)
    ]
    if round_rows:
        ids = connection.execute(
            insert(ROUNDS).returning(ROUNDS.c.id, sort_by_parameter_order=True), round_rows
        ).scalars()
        rounds = (r for g in games for r in g.rounds)
        _insert_rows(
            connection,
            SCORES,
            [
                {"round_id": round_id, "seat": seat, "raw": raw[seat], "final": final[seat]}
                | {"grid": grids[seat]}
                for round_id, (_closer, _doubled, raw, final, grids) in zip(
                    ids, rounds, strict=True
                )
                for seat in range(len(raw))
            ],
        )
    states = [
        {"game_id": g.id, "bots": g.bots, "log": [], "status": g.status, **g.table}
        for g in games
        if g.table is not None
    ]
    if states:
        connection.execute(insert(STATES), states)


def _round_line(stored: sheets.StoredRound) -> dict[str, Any]:
    """A stored round as the export writes it (grids only when some were entered)."""
    line: dict[str, Any] = {
        "number": stored.number,
        "closer": stored.closer,
        "doubled": stored.doubled,
        "raw": list(stored.raw),
        "final": list(stored.final),
    }
    if any(stored.grids):
        line["grids"] = [[list(row) for row in g] if g else None for g in stored.grids]
    return line


def _why(error: IllegalMove | NotationError) -> Sentence | str:
    """An engine's refusal as a sentence for the reader (a record's notation error stays
    as the engine words it: it names JSON keys)."""
    return refused(error) if isinstance(error, IllegalMove) else str(error)
