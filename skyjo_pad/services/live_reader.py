"""Reading a table on the event loop (PostgreSQL), for the answers its streams push.

A process woken by another's NOTIFY needs the table at its new version once for all its
streams of it (`live_tables`). Read in a thread, that read waits for the interpreter
lock behind the request threads, again and again; read here, on the process's event loop
over a few asyncio connections of its own (`CONNECTIONS`: reads of different tables go
side by side, so a slow one holds up no other), it costs one short query and no thread.
One read per table at a time: streams woken together wait for the same one. On SQLite (one process:
every move is made where its streams are) there is no reader.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from ..engine import position_from_json
from . import live_tables
from .table_view import Table

TABLE = (
    "SELECT g.version, s.status, s.bots, s.position, s.log, s.chosen_deal,"
    " json_array_length(s.moves),"
    " ARRAY(SELECT p.name FROM game_seats gs JOIN players p ON p.id = gs.player_id"
    " WHERE gs.game_id = g.id ORDER BY gs.seat)"
    " FROM games g JOIN table_states s ON s.game_id = g.id WHERE g.id = %s AND s.online"
)
"""The table and its seats' names, in one query."""
CONNECTIONS = 3
"""Reads at once per process, each on a connection of its own (opened when needed)."""
log = logging.getLogger(__name__)


class Reader:
    """Reads tables into `live_tables.TABLES` over a few asyncio PostgreSQL connections."""

    def __init__(self, url: str, connections: int = CONNECTIONS) -> None:
        self.url = url
        self._idle: list[Any] = []
        """Open connections not reading now."""
        self._free = asyncio.Semaphore(connections)
        self._reading: dict[str, asyncio.Task[None]] = {}

    async def fetch(self, game_id: str, at_least: int) -> None:
        """Have the table at `at_least` or later kept (read now unless it is, or is being
        read); a failed read is logged and leaves it to the caller's other way."""
        if live_tables.TABLES.kept(game_id, at_least) is not None:
            return
        task = self._reading.get(game_id)
        if task is None:
            task = asyncio.ensure_future(self._read(game_id))
            self._reading[game_id] = task
            task.add_done_callback(lambda _done: self._reading.pop(game_id, None))
        await asyncio.shield(task)

    async def _read(self, game_id: str) -> None:
        async with self._free:
            connection: Any = None
            try:
                connection = await self._connect()
                row = await (await connection.execute(TABLE, (game_id,))).fetchone()
            except BaseException as error:  # a connection that failed, or was cancelled
                await _close(connection)  # mid-read, is not used again
                if not isinstance(error, Exception):
                    raise
                log.warning(
                    "Live updates: a table could not be read on the loop (%s).",
                    type(error).__name__,
                )
                return
            self._idle.append(connection)
        if row is None:
            return
        version, status, bots, position, words, chosen, steps, names = row
        live_tables.TABLES.remember(
            Table(
                id=game_id,
                version=int(version),
                status=status,
                bots=tuple(bots),
                names=tuple(names),
                log=tuple(words),
                chosen_deal=bool(chosen),
                position=position_from_json(position),
                steps=int(steps or 0),
            )
        )
        live_tables.TABLES.reads += 1

    async def _connect(self) -> Any:
        """An idle open connection, else a new one."""
        import psycopg  # only on PostgreSQL

        while self._idle:
            connection = self._idle.pop()
            if not connection.closed:
                return connection
        return await psycopg.AsyncConnection.connect(self.url, autocommit=True)

    async def close(self) -> None:
        """Close its idle connections (the next read opens another)."""
        idle, self._idle = self._idle, []
        for connection in idle:
            await _close(connection)


async def _close(connection: Any) -> None:
    if connection is not None:
        with contextlib.suppress(Exception):
            await connection.close()
