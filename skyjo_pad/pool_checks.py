"""A database server's connections checked before use when they sat idle a while.

SQLAlchemy's `pool_pre_ping` asks the server (`SELECT 1`) each time a connection is taken
from the pool: on a busy server that is one more round trip for every request. Here a
connection is asked only when it comes back after `IDLE_CHECK` seconds unused: one that
a restarted server dropped is then replaced before a request uses it (the pool tries
another). A busy process reuses its connections within moments, so it asks nothing;
one that was busy when the server restarted loses the requests that were running, as
with `pool_pre_ping`, and the pool then starts afresh (SQLAlchemy's own disconnect check).
"""

from __future__ import annotations

import time
from typing import Any
from weakref import WeakSet

from sqlalchemy import event, exc
from sqlalchemy.engine import Engine

IDLE_CHECK = 1.0
"""Seconds a connection may sit in the pool before it is asked whether it still works."""
RETURNED = "skyjo_returned_at"
"""Where a connection's record keeps when it came back to the pool."""
_CHECKED: WeakSet[Engine] = WeakSet()
"""The engines whose connections are checked already (an engine may serve several apps)."""


def install(engine: Engine) -> None:
    """Check `engine`'s connections that sat idle before they are used (not SQLite's)."""
    if engine.dialect.name == "sqlite" or engine in _CHECKED:
        return
    _CHECKED.add(engine)

    def returned(_dbapi_connection: Any, record: Any) -> None:
        record.info[RETURNED] = time.monotonic()

    def taken(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.pop(RETURNED, None)
        if since is None or time.monotonic() - since < IDLE_CHECK:
            return  # new, or back a moment ago
        try:
            engine.dialect.do_ping(dbapi_connection)
        except Exception as error:  # gone: the pool drops it and takes another
            raise exc.DisconnectionError("The database connection was lost.") from error

    event.listen(engine, "checkin", returned)
    event.listen(engine, "checkout", taken)
