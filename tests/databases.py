"""The tests' databases: SQLite files, or databases on a PostgreSQL server.

`make test` runs the suite twice: on SQLite, then with `scripts/with-postgres`, which
starts a throwaway PostgreSQL server and names it in `SKYJO_TEST_POSTGRES`. Every test
gets a database of its own either way: a copy of one migrated once per run (a file copy
for SQLite, `CREATE DATABASE … TEMPLATE` for PostgreSQL), or an empty one. Its first copy
is at the same address in every test (`make_reused`), so that its apps can share one
engine (tests/conftest.py, `engine_of_app`).
"""

from __future__ import annotations

import itertools
import os
import shutil
from pathlib import Path

from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

from skyjo_pad.extensions import db

POSTGRES_SERVER = os.environ.get("SKYJO_TEST_POSTGRES", "").strip()
"""The PostgreSQL server the tests run on (a URL of a database to connect to for
creating others), or "" for SQLite."""
ON_POSTGRES = bool(POSTGRES_SERVER)
DIALECT = "postgresql" if ON_POSTGRES else "sqlite"


def fuzz_cases(on_sqlite: int) -> int:
    """How many random cases a fuzzing test sends: all of them on SQLite, half on
    PostgreSQL (the answers come from the same parsing and code on either database)."""
    return on_sqlite // 2 if ON_POSTGRES else on_sqlite


_numbers = itertools.count(1)
_emptiers: dict[str, tuple[Engine, str]] = {}
_reused: set[str] = set()


def _emptier(url: str) -> tuple[Engine, str]:
    """An engine on the reused database, kept for the whole run (a connection per test
    would start a server process per test), and the one script that empties it: every
    table's rows, children first, and every sequence back to its start."""
    if url not in _emptiers:
        engine = create_engine(url)
        with engine.connect() as connection:
            quote = connection.dialect.identifier_preparer
            sequences = connection.scalars(
                text("SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'")
            ).all()
        statements = [
            "SET LOCAL lock_timeout = '10s'",
            *(f"DELETE FROM {quote.format_table(t)}" for t in reversed(db.metadata.sorted_tables)),
            *(f"ALTER SEQUENCE {quote.quote(name)} RESTART" for name in sequences),
        ]
        _emptiers[url] = (engine, ";\n".join(statements))
    return _emptiers[url]


class Databases:
    """Makes databases for the tests, and drops the PostgreSQL ones again."""

    def __init__(self, folder: Path, reused: str | None = None) -> None:
        """SQLite files go in `folder`; `reused`: the database that `first_copy` hands
        out, made anew from the migrated one for each test (`make_reused`)."""
        self.folder = folder
        self.template: str | None = None
        """The URL of the migrated database every copy is made from."""
        self.reused = reused
        self._reused_taken = False
        self._made: list[str] = []

    def make_reused(self) -> str:
        """The database that each test's first copy reuses, at one address for the whole
        run (so each app on it can take the same engine: tests/conftest.py). On
        PostgreSQL a copy of the migrated database, emptied after each test that took
        it; on SQLite a file that the migrated one is copied over for each test."""
        if ON_POSTGRES:
            self.reused = self.copy("reused")
        else:
            self.reused = f"sqlite:///{self.folder / 'reused.sqlite3'}"
        _reused.add(self.reused)
        return self.reused

    @staticmethod
    def is_reused(url: str) -> bool:
        """Whether `url` is the database that the tests reuse."""
        return url in _reused

    def first_copy(self, name: str) -> str:
        """Like `copy`; the reused database the first time a test asks."""
        if self.reused is None or self._reused_taken:
            return self.copy(name)
        self._reused_taken = True
        if not ON_POSTGRES:
            path = Path(make_url(self.reused).database or "")
            for journal in ("-wal", "-shm"):  # the last test's, were any left
                path.with_name(path.name + journal).unlink(missing_ok=True)
            self._copy_file(path)
        return self.reused

    def clean_reused(self) -> None:
        """Empty the reused database again, if this test took it (PostgreSQL; SQLite's is
        copied anew)."""
        taken, self._reused_taken = self._reused_taken, False
        if self.reused is None or not taken or not ON_POSTGRES:
            return
        engine, script = _emptier(self.reused)
        with engine.begin() as connection:
            connection.exec_driver_sql(script)

    def empty(self, name: str) -> str:
        """The URL of a new database with nothing in it."""
        if not ON_POSTGRES:
            return f"sqlite:///{self.folder / (name + '.sqlite3')}"
        return self._create(name, None)

    def copy(self, name: str) -> str:
        """The URL of a new database copied from the migrated template."""
        assert self.template is not None, "migrate the template first"
        if not ON_POSTGRES:
            path = self.folder / (name + ".sqlite3")
            self._copy_file(path)
            return f"sqlite:///{path}"
        return self._create(name, make_url(self.template).database)

    def _copy_file(self, path: Path) -> None:
        """SQLite: copy the migrated template's file to `path`."""
        assert self.template is not None, "migrate the template first"
        shutil.copyfile(make_url(self.template).database or "", path)

    def drop_made(self) -> None:
        """Drop the PostgreSQL databases made so far (SQLite files go with their folder)."""
        if not self._made:
            return
        if self.reused in _emptiers:
            _emptiers.pop(self.reused)[0].dispose()
        engine = create_engine(POSTGRES_SERVER, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as connection:
                for name in self._made:
                    connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        finally:
            engine.dispose()
        self._made.clear()

    def _create(self, name: str, template: str | None) -> str:
        unique = f"skyjo_{os.getpid()}_{next(_numbers)}_{name}"[:63].lower()
        engine = create_engine(POSTGRES_SERVER, isolation_level="AUTOCOMMIT")
        copy = f' TEMPLATE "{template}" STRATEGY FILE_COPY' if template else ""
        try:
            with engine.connect() as connection:
                connection.execute(text(f'CREATE DATABASE "{unique}"{copy}'))
        finally:
            engine.dispose()
        self._made.append(unique)
        return make_url(POSTGRES_SERVER).set(database=unique).render_as_string(hide_password=False)
