"""One writer at a time on an embedded SQLite file, within a server process.

SQLite lets one connection write at a time. A second writer waits in SQLite's busy
handler, which sleeps and polls (1, 2, 5, 10 … ms apart), so under a burst of saves most
of the time goes to sleeping. Threads of one process instead queue here and start the
moment the writer before them is done. Other databases take concurrent writers
themselves: for them this does nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from ..extensions import db

_lock = threading.Lock()


@contextmanager
def one_writer() -> Iterator[None]:
    """Run the block (a write and its commit) alone among this process's SQLite writers; a
    block that fails is rolled back before the next writer starts."""
    if db.engine.dialect.name != "sqlite":
        yield
        return
    with _lock:
        try:
            yield
        except BaseException:
            db.session.rollback()
            raise
