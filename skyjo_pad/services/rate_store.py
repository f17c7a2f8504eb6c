"""Rate limits counted in the app's own database: every process and machine shares them.

`RATELIMIT_STORAGE_URI=skyjo-database://` (the default, docs/operations.md) makes
Flask-Limiter keep its counts (wrong passwords, invitation mails, creations and imports)
in the `rate_counts` table, through the `limits` package's storage interface: fixed
windows, one row per limit, key and window, raised by one atomic upsert. No other
service is needed; `redis://…` or `memcached://…` still work for those who have one.
"""

from __future__ import annotations

import hashlib
import itertools
import time
from typing import Any

from limits.storage import Storage
from sqlalchemy import Engine, case, delete, select, text
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db
from ..models import RateCount

SCHEME = "skyjo-database"
URI = f"{SCHEME}://"
SWEEP_EVERY = 200
"""Every this many counts, rows whose window ended a while ago are deleted."""
_table = RateCount.__table__


def storage_options() -> dict[str, Any]:
    """What the storage needs from the app (call inside its context): its database."""
    return {"engine": db.engine}


class DatabaseStorage(Storage):
    """The `limits` storage of `skyjo-database://`: counts in the `rate_counts` table."""

    STORAGE_SCHEME = [SCHEME]  # noqa: RUF012  (the registry of `limits` reads it)

    def __init__(
        self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any
    ) -> None:
        engine = options.pop("engine", None)
        if not isinstance(engine, Engine):
            raise ValueError(f"{URI} needs the app's database (storage option 'engine').")
        self.engine = engine
        self._counted = itertools.count(1)
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        """What a failing database raises (Flask-Limiter then falls back to memory)."""
        return SQLAlchemyError

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        """Add `amount` to the count of `key` (a new window of `expiry` seconds if its
        last one ended); the count now."""
        now = time.time()
        dialect = sqlite if self.engine.dialect.name == "sqlite" else postgresql
        stmt = dialect.insert(_table).values(
            key=_digest(key), count=amount, expires_at=now + expiry
        )
        ended = _table.c.expires_at <= now
        stmt = stmt.on_conflict_do_update(
            index_elements=[_table.c.key],
            set_={
                "count": case((ended, amount), else_=_table.c.count + amount),
                "expires_at": case((ended, now + expiry), else_=_table.c.expires_at),
            },
        ).returning(_table.c.count)
        with self.engine.begin() as connection:
            count = connection.execute(stmt).scalar_one()
            if next(self._counted) % SWEEP_EVERY == 0:
                connection.execute(delete(_table).where(_table.c.expires_at < now - 60))
        return int(count)

    def get(self, key: str) -> int:
        """The count of `key` in its current window (0 if none)."""
        query = select(_table.c.count).where(
            _table.c.key == _digest(key), _table.c.expires_at > time.time()
        )
        with self.engine.connect() as connection:
            return int(connection.execute(query).scalar() or 0)

    def get_expiry(self, key: str) -> float:
        """When the window of `key` ends (now, if it has none)."""
        query = select(_table.c.expires_at).where(_table.c.key == _digest(key))
        with self.engine.connect() as connection:
            found = connection.execute(query).scalar()
        return float(found) if found is not None else time.time()

    def check(self) -> bool:
        """Whether the database answers."""
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        """Forget every count; how many there were."""
        with self.engine.begin() as connection:
            return connection.execute(delete(_table)).rowcount

    def clear(self, key: str) -> None:
        """Forget the count of `key`."""
        with self.engine.begin() as connection:
            connection.execute(delete(_table).where(_table.c.key == _digest(key)))


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
