"""The newest version of each table this process knows, for the answers its streams push.

A move's request leaves the table it just committed here (`remember`): the streams of
that process make their answers from it without reading the database. A stream woken
for a version this process did not make (another worker's move, heard through NOTIFY)
asks `latest`, which reads the table once for all the streams of this process (one
read per table and version, not one per phone). Kept: the last `KEEP` tables used.

What is kept holds the full position (every secret): it never leaves the services; the
streams get only `table_view.screen_of` of it for their own token.
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict

from ..extensions import db
from ..models import TableState
from . import table_store as store
from .errors import NotFound
from .table_view import Table, table_of

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
            try:
                game, state = store.load(game_id)
            except NotFound:
                return None
            if not isinstance(state, TableState) or not state.online:
                return None
            table = table_of(game, state, store.position_of(state))
            db.session.rollback()
            self.reads += 1
            self.remember(table)
            return table

    def forget(self) -> None:
        """Keep nothing (the tests' fresh start)."""
        with self._lock:
            self._tables.clear()


TABLES = Tables()
