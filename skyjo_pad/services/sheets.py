"""Score sheets: a game's rounds with everything derived from them, read straight from SQL.

A sheet is built from plain rows (two queries, no ORM objects), because showing a sheet
and saving a round are the requests a table makes most: `read_sheet` for one game,
`recent_sheets` for the home page, `sheet_stamp` to tell cheaply whether a page drawn
earlier is still true. `with_rounds` derives a changed sheet in memory after a write.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import Dialect, Executable, Row, Select, bindparam, exc, select

from ..engine import scoring
from ..engine.limits import PAD_ROUNDS_MAX
from ..engine.rules import PAD_RULE_KEYS, Rules
from ..engine.scoring import Grid, RoundResult
from ..extensions import db
from ..memo import LRU
from ..models import GAME_ID_LENGTH, Game, GameSeat, Player, Round, RoundScore
from .errors import NotFound
from .text import unprintable

NEAR_TARGET_PERCENT = 80
"""A total at this percentage of the target or more gets a warning on the sheet."""


@dataclass(frozen=True, slots=True)
class SheetRound:
    """A scored round as the sheet shows it."""

    number: int
    closer: int | None
    raw: tuple[int, ...]
    final: tuple[int, ...]
    doubled: bool
    totals: tuple[int, ...]
    """Each seat's total after this round."""
    grids: tuple[Grid | None, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    """A game as read from the store, with everything derived from its rounds."""

    id: str
    kind: str
    players: tuple[str, ...]
    rules: Rules
    rounds: tuple[SheetRound, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    version: int
    created_at: datetime

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the lowest total, once a round is scored."""
        if not self.rounds:
            return ()
        lowest = min(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == lowest)

    @property
    def near_target(self) -> tuple[int, ...]:
        """Seats close to ending the game, while it goes on."""
        if self.finished:
            return ()
        line = -(-self.rules.target * NEAR_TARGET_PERCENT // 100)  # exact ceiling, any size
        return tuple(seat for seat, total in enumerate(self.totals) if total >= line)

    @property
    def next_starter(self) -> int | None:
        """Who starts the next round, as the engine deals it (`next_round_starter`): the
        last round's closer, or when nobody closed it its lowest score; None: the cards
        decide (the first round, or a game over)."""
        if self.finished or not self.rounds:
            return None
        last = self.rounds[-1]
        result = RoundResult(last.raw, last.final, last.closer, last.doubled)
        return scoring.next_round_starter(result, self.rules.next_starter)

    @property
    def full(self) -> bool:
        """Whether it holds as many rounds as a game may (no other can be entered)."""
        return len(self.rounds) >= PAD_ROUNDS_MAX

    @property
    def typed(self) -> bool:
        """Whether its rounds are typed in on the pad (not played at a digital table)."""
        return self.kind == "pad"

    def standings(self) -> list[tuple[int, int, int]]:
        """(place, seat, total) from lowest total up; tied totals share a place."""
        order = sorted(range(len(self.players)), key=lambda seat: (self.totals[seat], seat))
        ranked: list[tuple[int, int, int]] = []
        for index, seat in enumerate(order):
            tied = ranked and ranked[-1][2] == self.totals[seat]
            place = ranked[-1][0] if tied else index + 1
            ranked.append((place, seat, self.totals[seat]))
        return ranked

    def finals(self) -> list[tuple[int, ...]]:
        """Each round's final scores, in order."""
        return [r.final for r in self.rounds]

    def to_api(self) -> dict[str, Any]:
        """The game as API.md describes it."""
        return {
            "id": self.id,
            "kind": self.kind,
            "players": list(self.players),
            "rules": self.rules.to_dict(PAD_RULE_KEYS),
            "rounds": [
                {
                    "number": r.number,
                    "closer": r.closer,
                    "raw": list(r.raw),
                    "final": list(r.final),
                    "doubled": r.doubled,
                }
                for r in self.rounds
            ],
            "totals": list(self.totals),
            "finished": self.finished,
            "winners": list(self.winners),
            "version": self.version,
        }


@dataclass(frozen=True, slots=True)
class StoredRound:
    """A round as stored: what a sheet is derived from."""

    number: int
    closer: int | None
    doubled: bool
    raw: tuple[int, ...]
    final: tuple[int, ...]
    grids: tuple[Grid | None, ...]

    def without_grids(self) -> StoredRound:
        """The same round, its grids left out (as sheets read without grids have it)."""
        return replace(self, grids=(None,) * len(self.grids))

    def to_json(self) -> dict[str, Any]:
        """The round as the history export writes it (grids only when some were entered)."""
        line: dict[str, Any] = {
            "number": self.number,
            "closer": self.closer,
            "doubled": self.doubled,
            "raw": list(self.raw),
            "final": list(self.final),
        }
        if any(self.grids):
            line["grids"] = [[list(row) for row in g] if g else None for g in self.grids]
        return line

    def per_seat(self) -> Iterator[tuple[int, int, int, Grid | None]]:
        """(seat, raw, final, grid) for each seat."""
        return zip(range(len(self.raw)), self.raw, self.final, self.grids, strict=True)


def plausible_id(game_id: object) -> bool:
    """Whether `game_id` could name a game (never ask the database about a NUL:
    PostgreSQL refuses it with an error; nor about a lone surrogate)."""
    return isinstance(game_id, str) and len(game_id) <= GAME_ID_LENGTH and not unprintable(game_id)


def read_sheet(game_id: str, with_grids: bool = False) -> Sheet:
    """The sheet of a game, or NotFound; `with_grids` also reads the cards entered for
    each score (only a round's correction shows them: without, every grid is None)."""
    heads = _heads([game_id]) if plausible_id(game_id) else {}
    if game_id not in heads:
        raise NotFound("There is no game with that id.")
    if with_grids:
        return build_sheet(heads[game_id], _rounds([game_id], True).get(game_id, []))
    return _sheets_of(heads, [game_id])[0]


def recent_sheets(finished: bool, limit: int) -> list[Sheet]:
    """Games in progress or finished, the most recent first."""
    ids = list(
        db.session.scalars(
            select(Game.id)
            .where(Game.finished == finished)
            .order_by(Game.created_at.desc())
            .limit(limit)
        )
    )
    return _sheets_of(_heads(ids), ids)


def rounds_with_grids(ids: Sequence[str]) -> dict[str, list[StoredRound]]:
    """Each of these games' stored rounds in order, with the grids entered, by game id."""
    return _rounds(ids, with_grids=True)


def remember(sheet: Sheet) -> None:
    """Keep a sheet just written and committed (read without grids, like every sheet
    kept), as the sheet of its game's version."""
    _memory().put(_key(sheet.id, sheet.version, sheet.players), sheet)


def _sheets_of(heads: dict[str, Head], ids: Sequence[str]) -> list[Sheet]:
    """The sheets of these games (those that exist), from memory where the game has not
    changed since, else from their rounds."""
    memory = _memory()
    found = {i: memory.get(_key(i, heads[i].version, heads[i].players)) for i in ids if i in heads}
    missing = [i for i, sheet in found.items() if sheet is None]
    rounds = _rounds(missing)
    for i in missing:
        head = heads[i]
        found[i] = memory.put(
            _key(i, head.version, head.players), build_sheet(head, rounds.get(i, []))
        )
    return [sheet for sheet in found.values() if sheet is not None]


SheetKey = tuple[str, str, int, tuple[str, ...]]
"""What a sheet depends on: its database, its game, the game's version and its players'
names. Every write to a game's rounds moves its version (see `games_store`, `tables`), a
rename changes the names: a sheet kept under its key is that game's sheet while the key
holds."""
MEMORY_SIZE = 512
"""Sheets kept per process."""


_MEMORY: LRU[SheetKey, Sheet] = LRU(MEMORY_SIZE)
"""This process's recent sheets, of every database it serves (the key names the database)."""


def _key(game_id: str, version: int, players: tuple[str, ...]) -> SheetKey:
    return _database(), game_id, version, players


def _database() -> str:
    """The database this session works on, so two apps in one process never mix sheets."""
    return db.engine.url.render_as_string(hide_password=False)


def _memory() -> LRU[SheetKey, Sheet]:
    """The process's recent sheets."""
    return _MEMORY


def sheet_stamp(game_id: str) -> tuple[int, tuple[str, ...], str] | None:
    """What a drawn sheet depends on besides its rounds: the game's version (bumped by every
    change to the game), the players' names (a rename changes them) and when the game last
    changed (a backup restored winds versions back: the same version may then hold other
    rounds); None: no game."""
    if not plausible_id(game_id):
        return None
    rows = _driver_rows(_STAMP, {"game_id": game_id})
    if not rows:
        return None
    return rows[0][0], tuple(row[1] for row in rows), str(rows[0][2])


_STAMP = (
    select(Game.version, Player.name, Game.updated_at)
    .join(GameSeat, GameSeat.game_id == Game.id)
    .join(Player, Player.id == GameSeat.player_id)
    .where(Game.id == bindparam("game_id"))
    .order_by(GameSeat.seat)
)
"""The query of `sheet_stamp`, built once like the two below (they run on every request
that shows or changes a sheet)."""
_HEADS = (
    select(Game.id, Game.kind, Game.rules, Game.version, Game.created_at, Player.name)
    .join(GameSeat, GameSeat.game_id == Game.id)
    .join(Player, Player.id == GameSeat.player_id)
    .where(Game.id.in_(bindparam("ids", expanding=True)))
    .order_by(Game.id, GameSeat.seat)
)
_ROUNDS = (
    select(
        Round.game_id, Round.number, Round.closer, Round.doubled, RoundScore.raw, RoundScore.final
    )
    .join(RoundScore, RoundScore.round_id == Round.id)
    .where(Round.game_id.in_(bindparam("ids", expanding=True)))
    .order_by(Round.game_id, Round.number, RoundScore.seat)
)
_ROUNDS_AND_GRIDS = _ROUNDS.add_columns(RoundScore.grid)


@dataclass(frozen=True, slots=True)
class Head:
    """A game's own row and its players' names."""

    id: str
    kind: str
    rules: Rules
    version: int
    created_at: datetime
    players: tuple[str, ...]


def build_sheet(head: Head, rounds: Sequence[StoredRound]) -> Sheet:
    """Derive the sheet (totals, end, winners) from the stored rounds."""
    running = [0] * len(head.players)
    derived = []
    for row in rounds:
        running = [t + f for t, f in zip(running, row.final, strict=True)]
        derived.append(
            SheetRound(
                row.number, row.closer, row.raw, row.final, row.doubled, tuple(running), row.grids
            )
        )
    totals = tuple(running)
    winners = scoring.winners(totals, head.rules) if derived else ()
    return Sheet(
        id=head.id,
        kind=head.kind,
        players=head.players,
        rules=head.rules,
        rounds=tuple(derived),
        totals=totals,
        finished=bool(winners),
        winners=winners,
        version=head.version,
        created_at=head.created_at,
    )


def with_rounds(sheet: Sheet, rounds: Sequence[StoredRound], version: int) -> Sheet:
    """The sheet after a write replaced its rounds and bumped its version."""
    head = Head(sheet.id, sheet.kind, sheet.rules, version, sheet.created_at, sheet.players)
    return build_sheet(head, rounds)


def stored_rounds(sheet: Sheet) -> list[StoredRound]:
    """The rounds of a sheet as stored (to change one and derive the sheet again)."""
    return [
        StoredRound(r.number, r.closer, r.doubled, r.raw, r.final, r.grids) for r in sheet.rounds
    ]


def _heads(ids: Sequence[str]) -> dict[str, Head]:
    """Each game's row and its players, by game id."""
    if not ids:
        return {}
    rows = _rows(_HEADS, {"ids": list(ids)})
    heads: dict[str, Head] = {}
    for game_id, group in _grouped(rows, 0):
        first = group[0]
        rules = Rules.from_dict(first.rules)
        players = tuple(row.name for row in group)
        heads[game_id] = Head(game_id, first.kind, rules, first.version, first.created_at, players)
    return heads


def _rounds(ids: Sequence[str], with_grids: bool = False) -> dict[str, list[StoredRound]]:
    """Each game's rounds in order, by game id (with the grids entered, if asked)."""
    if not ids:
        return {}
    rows = _rows(_ROUNDS_AND_GRIDS if with_grids else _ROUNDS, {"ids": list(ids)})
    rounds: dict[str, list[StoredRound]] = {}
    for (game_id, number), group in _grouped(rows, 0, 1):
        first = group[0]
        rounds.setdefault(game_id, []).append(
            StoredRound(
                number=number,
                closer=first.closer,
                doubled=bool(first.doubled),
                raw=tuple(row.raw for row in group),
                final=tuple(row.final for row in group),
                grids=tuple(scoring.parse_grid(row.grid) if row.grid else None for row in group)
                if with_grids
                else (None,) * len(group),
            )
        )
    return rounds


def _grouped(rows: Iterable[Any], *key: int) -> Iterable[tuple[Any, list[Any]]]:
    """Consecutive rows sharing the columns at `key` (one column: its value is the key)."""
    current: Any = None
    group: list[Any] = []
    for row in rows:
        value = row[key[0]] if len(key) == 1 else tuple(row[k] for k in key)
        if group and value != current:
            yield current, group
            group = []
        current = value
        group.append(row)
    if group:
        yield current, group


def _rows(query: Executable, params: dict[str, Any]) -> Sequence[Row[Any]]:
    """The rows of a prebuilt query, on the session's connection (skipping the ORM layer:
    these are plain columns)."""
    return db.session.connection().execute(query, params).all()


def _driver_rows(query: Select[*tuple[Any, ...]], params: dict[str, Any]) -> list[Any]:
    """The rows of a prebuilt query of plain columns, straight from the database driver on
    a pooled connection: no session, no result objects. For the one query every showing of
    a sheet makes, where they are most of the cost."""
    dialect = db.engine.dialect
    sql, names = _compiled(query, dialect)
    values = params if names is None else tuple(params[name] for name in names)
    connection = db.engine.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute(sql, values)
        rows = list(cursor.fetchall())
        cursor.close()
    except dialect.loaded_dbapi.Error as error:
        # As SQLAlchemy's own statements fail: its exception, and on a lost connection the
        # pool started afresh (its other connections went with the same server).
        lost = dialect.is_disconnect(error, connection.dbapi_connection, None)
        if lost:
            connection.invalidate(error)
            db.engine.dispose()
        raise exc.DBAPIError.instance(
            sql,
            values,
            error,
            dialect.loaded_dbapi.Error,
            hide_parameters=True,
            connection_invalidated=lost,
            dialect=dialect,
        ) from error
    finally:
        connection.close()  # back to the pool
    return rows


@lru_cache(maxsize=32)
def _compiled(
    query: Select[*tuple[Any, ...]], dialect: Dialect
) -> tuple[str, tuple[str, ...] | None]:
    """A query's SQL for this database, and the order of its parameters when the driver
    takes them by position (None: by name)."""
    compiled = query.compile(dialect=dialect)
    names = tuple(compiled.positiontup or ()) if compiled.positional else None
    return str(compiled), names
