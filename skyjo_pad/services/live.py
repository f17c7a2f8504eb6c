"""Telling open event streams that a table's version moved, across worker processes.

`announce` is called once the move that changed a table is committed. Within one process
a `threading.Condition` wakes the streams waiting on that table. On PostgreSQL the
announcement is also a `NOTIFY`, and each process keeps ONE listening connection in a background
thread (`LISTEN`) that wakes its own streams: a move made through one worker reaches the
streams of every other. A stream never holds a database connection while it waits.
"""

from __future__ import annotations

import logging
import threading
import time

from sqlalchemy import text

from ..extensions import db

CHANNEL = "skyjo_tables"
LISTEN_TICK = 1.0
"""How often (seconds) a listener looks whether it should stop."""
log = logging.getLogger(__name__)


class Board:
    """The latest version known of each table, and a condition to wait for a change."""

    def __init__(self) -> None:
        self._versions: dict[str, int] = {}
        self._changed = threading.Condition()
        self._listening: dict[str, tuple[threading.Thread, threading.Event]] = {}
        self._lock = threading.Lock()

    def post(self, game_id: str, version: int) -> None:
        """Record `version` of `game_id` and wake every stream waiting on a change."""
        with self._changed:
            if version > self._versions.get(game_id, 0):
                self._versions[game_id] = version
                self._changed.notify_all()

    def wait(self, game_id: str, seen: int, timeout: float) -> int:
        """The table's version once it is past `seen`, or `seen` after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while self._versions.get(game_id, 0) <= seen:
                left = deadline - time.monotonic()
                if left <= 0:
                    return seen
                self._changed.wait(left)
            return self._versions[game_id]

    def listen(self, url: str) -> None:
        """Start (once per database per process) the thread that LISTENs on PostgreSQL."""
        with self._lock:
            if url in self._listening:
                return
            stop = threading.Event()
            thread = threading.Thread(
                target=self._listen, args=(url, stop), daemon=True, name="live"
            )
            self._listening[url] = (thread, stop)
        thread.start()

    def stop(self) -> None:
        """Stop every listener of this process (before its database is dropped)."""
        with self._lock:
            listening = list(self._listening.values())
            self._listening.clear()
        for thread, stop in listening:
            stop.set()
            thread.join(timeout=5)

    def _listen(self, url: str, stop: threading.Event) -> None:
        import psycopg  # only on PostgreSQL

        while not stop.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    while not stop.is_set():
                        for note in connection.notifies(timeout=LISTEN_TICK):
                            game_id, _, version = note.payload.partition(" ")
                            if version.isdigit():
                                self.post(game_id, int(version))
            except Exception:  # the server went away: listen again shortly
                log.warning("Live updates: lost the PostgreSQL listener; reconnecting.")
                stop.wait(1)


BOARD = Board()


def announce(game_id: str, version: int, *, closed: bool = False) -> None:
    """Tell every stream of `game_id` that its version is now `version` (call after the
    move's commit; on PostgreSQL a NOTIFY tells the other processes). `closed`: the table
    is over (finished or abandoned), so its streams end once told."""
    if db.engine.dialect.name == "postgresql":
        db.session.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": f"{game_id} {version}"},
        )
        db.session.commit()
    BOARD.post(game_id, version)


def revoke(game_id: str, token_digest: str) -> None:
    """Close every open stream of `game_id` opened with the token whose digest is
    `token_digest` (call after the commit that replaced or revoked it)."""


def start_listening() -> None:
    """On PostgreSQL, make sure this process listens for other processes' moves."""
    if db.engine.dialect.name == "postgresql":
        url = db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        BOARD.listen(url)


def wait(game_id: str, seen: int, timeout: float) -> int:
    """Wait (no database connection held) until `game_id` moves past `seen`."""
    return BOARD.wait(game_id, seen, timeout)


def stop_listening() -> None:
    """Stop this process's PostgreSQL listeners (the tests, before dropping a database)."""
    BOARD.stop()
