"""The newest version of each table this process knows, for the answers its streams push.

A move's request leaves the table it just committed here (`remember`): the streams of
that process make their answers from it without reading the database. A stream woken
for a version this process did not make (another worker's move, heard through NOTIFY)
asks `latest`, which reads the table once for all the streams of this process (one
read per table and version, not one per phone, and not its record: `read`). Kept: the
last `KEEP` tables used.

What is kept holds the full position (every secret): it never leaves the services; the
streams get only `table_view.screen_of` of it for their own token.
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict

from sqlalchemy import bindparam, func, select

from ..engine import position_from_json
from ..extensions import db
from ..models import Game, GameSeat, Player, TableState
from .sheets import plausible_id
from .table_view import Table

KEEP = 4096
"""Tables kept per process (a few KB each)."""
GATES = 64
"""Locks that make one read per table at a time (a table's is chosen by its id)."""


class Tables:
    """The newest `Table` of each table seen lately by this process (thread-safe)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._lock = threading.Lock()
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._gates = [threading.Lock() for _ in range(GATES)]
        self.reads = 0
        """Tables read from the database (for the tests and the benchmarks)."""

    def remember(self, table: Table) -> None:
        """Keep `table` unless a newer version of it is kept already."""
        with self._lock:
            kept = self._tables.get(table.id)
            if kept is None or kept.version < table.version:
                self._tables[table.id] = table
            self._tables.move_to_end(table.id)
            while len(self._tables) > self.keep:
                self._tables.popitem(last=False)

    def kept(self, game_id: str, at_least: int) -> Table | None:
        """The kept table at `at_least` or a later version, if any (no database)."""
        with self._lock:
            table = self._tables.get(game_id)
            if table is None or table.version < at_least:
                return None
            self._tables.move_to_end(game_id)
            return table

    def latest(self, game_id: str, at_least: int) -> Table | None:
        """The table at `at_least` or later: the kept one, else read now (once, whoever
        else waits for it); None when there is no such online table. Needs an app
        context; the caller gives its connection back (`streams.release`)."""
        found = self.kept(game_id, at_least)
        if found is not None:
            return found
        with self._gates[zlib.crc32(game_id.encode()) % GATES]:
            found = self.kept(game_id, at_least)  # read meanwhile by another stream
            if found is not None:
                return found
            table = read(game_id)
            db.session.rollback()
            if table is None:
                return None
            self.reads += 1
            self.remember(table)
            return table

    def forget(self) -> None:
        """Keep nothing (the tests' fresh start)."""
        with self._lock:
            self._tables.clear()


def read(game_id: str) -> Table | None:
    """The online table `game_id` as it is now, in two plain queries (not its record)."""
    if not plausible_id(game_id):
        return None
    row = db.session.execute(
        select(
            Game.version,
            TableState.status,
            TableState.bots,
            TableState.position,
            TableState.log,
            TableState.chosen_deal,
            func.json_array_length(TableState.moves).label("steps"),
        )
        .join(TableState, TableState.game_id == Game.id)
        .where(Game.id == game_id, TableState.online.is_(True))
    ).first()
    if row is None:
        return None
    return Table(
        id=game_id,
        version=int(row.version),
        status=row.status,
        bots=tuple(row.bots),
        names=names_of(game_id),
        log=tuple(row.log),
        chosen_deal=bool(row.chosen_deal),
        position=position_from_json(row.position),
        steps=int(row.steps or 0),
    )


NAMES = (
    select(Player.name)
    .join(GameSeat, GameSeat.player_id == Player.id)
    .where(GameSeat.game_id == bindparam("game"))
    .order_by(GameSeat.seat)
)
"""Built once (its cache key worked out once): every move asks it."""


def names_of(game_id: str) -> tuple[str, ...]:
    """The names at a table, seat by seat (one plain query)."""
    return tuple(db.session.scalars(NAMES, {"game": game_id}))


TABLES = Tables()
