"""Background threads that play the searching computer players' turns at online tables.

A searching bot (`expert`) spends up to a second of one core on a turn. An online table's
computer seats play on the server, but a search must never run inside a request's
transaction (it would hold the table, and on SQLite the whole database, for that second),
nor keep a person's move waiting for its answer. So the move's use case commits, and
then asks this module to `start` the table's thinking: a thread of a small pool runs it,
bound to the app's database (`extensions.with_database`), outside any request.

Searches are costly, so a process runs at most `AT_ONCE` at a time, whoever asks, and
one a table (`search_slot`: a one-phone table's step waits up to `WAIT` seconds for a
slot, then is answered "busy", as is a second step asked while the first is searched; a
thread waits as long as it takes). One table is thought about by one thread of a
process at a time: a `start` for a table already in hand is noted, and the thread runs
the work once more when it is done (the table may have moved on meanwhile). Several
processes may think about one table; the table's version decides which move counts
(`table_play.think`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

from sqlalchemy.exc import SQLAlchemyError

from .errors import N_, Busy

AT_ONCE = 2
"""Searches a process runs at once, and its thinker threads (the search runs in C,
outside Python's lock)."""
WAIT = 10.0
"""Seconds a request waits for a search slot before it is answered "busy"."""
BUSY = N_("The computer players are thinking at other tables: it goes on in a moment.")
ALREADY = N_("The computer player is already thinking about this move.")

log = logging.getLogger(__name__)
_pool = ThreadPoolExecutor(AT_ONCE, thread_name_prefix="table-thinker")
_slots = threading.BoundedSemaphore(AT_ONCE)
_lock = threading.Lock()
_done = threading.Condition(_lock)
"""Told each time a table leaves the hands of this process's threads."""
_searched: set[str] = set()
"""The tables a search of this process is at now."""
_again: dict[str, bool] = {}
"""The tables in hand, each with whether it was asked for again while in hand."""


def start(game_id: str, work: Callable[[], None]) -> None:
    """Run `work` for table `game_id` in a thread of the pool; once more after it if the
    table is in hand already."""
    with _lock:
        if game_id in _again:
            _again[game_id] = True
            return
        _again[game_id] = False
    _pool.submit(_run, game_id, work)


def _run(game_id: str, work: Callable[[], None]) -> None:
    """`work` until nobody asked for it again while it ran."""
    while True:
        try:
            work()
        except SQLAlchemyError as error:  # its traceback would show a statement
            kind = type(error).__name__
            log.error("The computer players of table %s could not play (%s)", game_id, kind)
        except Exception:  # a thread has nobody to answer: the log keeps it
            log.exception("The computer players of table %s could not play", game_id)
        with _lock:
            if not _again[game_id]:
                del _again[game_id]
                _done.notify_all()
                return
            _again[game_id] = False


@contextmanager
def search_slot(game_id: str, wait: float | None = WAIT) -> Iterator[None]:
    """Hold one of the process's search slots while searching table `game_id`: waiting up
    to `wait` seconds for it (None: as long as it takes), else Busy (503); Busy at once
    when this process searches that table already."""
    with _lock:
        if game_id in _searched:
            raise Busy(ALREADY)
        _searched.add(game_id)
    try:
        with holding(_slots, wait, BUSY):
            yield
    finally:
        with _lock:
            _searched.discard(game_id)


@contextmanager
def holding(slots: threading.Semaphore, wait: float | None, busy: str) -> Iterator[None]:
    """Hold one of `slots`, waited for up to `wait` seconds (None: as long as it takes),
    else Busy (503) saying `busy`."""
    if not slots.acquire(timeout=-1 if wait is None else wait):
        raise Busy(busy)
    try:
        yield
    finally:
        slots.release()


def wait_for(game_id: str, seconds: float) -> bool:
    """Wait up to `seconds` until no thread of this process has table `game_id` in hand;
    whether one had it (the table may then have moved on)."""
    with _done:
        if game_id not in _again:
            return False
        _done.wait_for(lambda: game_id not in _again, seconds)
        return True


def busy() -> bool:
    """Whether any table is in hand."""
    with _lock:
        return bool(_again)


def wait_idle(seconds: float) -> bool:
    """Wait up to `seconds` until no table is in hand; whether none is."""
    end = time.monotonic() + seconds
    while busy():
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True
