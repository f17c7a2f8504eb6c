"""The web app's factory: `create_app` binds the settings, the database and the pages."""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # not a POSIX system: servers on one SQLite file are started one by one
    fcntl = None  # type: ignore[assignment]

from flask import Flask
from sqlalchemy import event, text
from sqlalchemy.engine import make_url

from . import (
    accesslog,
    addresses,
    config,
    i18n,
    models,  # noqa: F401  (the tables)
    pool_checks,
    unavailable,
)
from .extensions import compress, csrf, db, migrate
from .services import schema

PROJECT_ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = str(schema.MIGRATIONS)


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: settings from the environment (or `test_config`), extensions, pages."""
    app = Flask(
        "skyjo_pad",  # the package's name, as before the factory had a module of its own
        instance_relative_config=True,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
    )
    accesslog.install()  # whichever server runs the app, its log lines hide the tokens
    addresses.install(app)  # before any route: no control character in a path part
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(config.load(app.instance_path))
    if test_config:
        app.config.from_mapping(test_config)
    app.config["DATABASE_LABEL"] = make_url(app.config["SQLALCHEMY_DATABASE_URI"]).render_as_string(
        hide_password=True
    )

    db.init_app(app)
    unavailable.install(app)  # after Flask-SQLAlchemy's: its end of a request runs first
    with app.app_context():
        for engine in db.engines.values():
            event.listen(engine, "connect", _sqlite_pragmas)
            pool_checks.install(engine)
    migrate.init_app(app, db, directory=MIGRATIONS, render_as_batch=True)
    csrf.init_app(app)
    compress.init_app(app)
    i18n.install(app)

    from .services import games_store

    games_store.install()

    from . import mailer
    from .api import bp as api_bp
    from .web import register as register_web
    from .web import security

    csrf.exempt(api_bp)
    app.register_blueprint(api_bp)
    register_web(app)
    mailer.install(app)
    security.install(app)  # headers, hosts, proxy, limits, access password

    if app.config["AUTO_MIGRATE"]:
        upgrade_database(app)
    elif not _migrating_by_hand():  # the schema is someone else's: say so if not upgraded
        with app.app_context():
            problem = schema.schema_problem()
            db.session.remove()
        if problem:
            logging.getLogger(__name__).warning("Not ready to serve: %s.", problem)
    _owner_only(app.config["SQLALCHEMY_DATABASE_URI"])
    return app


def _migrating_by_hand() -> bool:
    """Whether this process is a `flask db …` command (`flask db upgrade`, say): the app it
    loads is not about to serve, so an old schema is no news (it is being upgraded)."""
    return Path(sys.argv[0]).name in {"flask", "__main__.py"} and "db" in sys.argv[1:]


def _owner_only(url: str) -> None:
    """A SQLite file (and its write-ahead log) readable by its owner alone, like the secret
    key beside it: it holds the players' emails."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite") or not parsed.database:
        return
    for path in (Path(parsed.database + suffix) for suffix in ("", "-wal", "-shm")):
        with contextlib.suppress(OSError):  # not made yet, or not ours to change
            if path.exists() and path.stat().st_mode & 0o077:
                path.chmod(0o600)


MIGRATION_LOCK = 0x736B796A6F
"""The PostgreSQL advisory lock ("skyjo") held while one server upgrades the schema."""


def upgrade_database(app: Flask) -> None:
    """Bring the database schema up to date, so an upgrade never loses a user's games.
    Servers starting at once take turns: the first upgrades, the others then find the
    schema up to date (on PostgreSQL by an advisory lock, on a SQLite file by a lock on the
    file `<database>.migrating` beside it)."""
    from flask_migrate import upgrade

    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            with _file_lock(db.engine.url.database):
                upgrade(directory=MIGRATIONS)
            return
        with db.engine.connect() as holder:
            holder.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            try:
                upgrade(directory=MIGRATIONS)
            finally:
                holder.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})


@contextlib.contextmanager
def _file_lock(database: str | None) -> Iterator[None]:
    """Held by one process at a time: the lock on `<database>.migrating` (none for a
    database in memory, or where the system has no such locks)."""
    if not database or database == ":memory:" or fcntl is None:
        yield
        return
    with open(f"{database}.migrating", "a", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """SQLite: enforce foreign keys; WAL with full sync, so a saved round survives a crash."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.close()
