"""What `skyjo-pad serve` makes sure of before it starts, so that a first day's mistake is
one line naming it (`SettingError`), not a traceback or a server answering 500: the pages
beside the package, the database reachable, the rate-limit store usable."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .config import SettingError, in_instance, normalised_url

PAGES = ("templates", "static")
"""The folders of pages and files the app serves, beside its package (a clone's)."""


def check_pages(root: Path) -> None:
    """Refuse an install without the pages beside the package (a wheel carries none)."""
    if not all((root / name).is_dir() for name in PAGES):
        raise SettingError(
            f"The app's pages ({', '.join(f'{name}/' for name in PAGES)}) are not in {root}:"
            " run Skyjo Pad from its clone, installed with `pip install -e .`"
            " (docs/operations.md)."
        )


INSTANCE = Path(__file__).resolve().parent.parent / "instance"
"""The app's instance folder, where a relative SQLite file is (Flask's, from the clone)."""


def check_database(environ: Mapping[str, str], instance_path: str = str(INSTANCE)) -> None:
    """Refuse a DATABASE_URL that is no database address, names a database this app does
    not speak to, or cannot be reached now (the default SQLite file is made at start)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    given = environ.get("DATABASE_URL", "").strip()
    if not given:
        return
    try:
        url = make_url(in_instance(normalised_url(given), instance_path))
    except ArgumentError as error:
        raise SettingError(
            "DATABASE_URL is not a database address: use postgresql://user:password@host/"
            "name, or sqlite:////path/to/skyjo.sqlite3."
        ) from error
    shown = url.render_as_string(hide_password=True)
    if url.get_backend_name() not in ("sqlite", "postgresql"):
        raise SettingError(
            f"DATABASE_URL {shown}: the app keeps its games in SQLite or PostgreSQL."
        )
    options = {"connect_timeout": 5} if url.get_backend_name() == "postgresql" else {}
    try:
        engine = create_engine(url, connect_args=options)
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        engine.dispose()
    except NoSuchModuleError as error:
        raise SettingError(f"DATABASE_URL {shown}: {error}") from error
    except Exception as error:  # refused, unknown host, bad password, a folder missing
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        raise SettingError(f"Cannot reach the database at {shown}: {reason}") from error


def check_rate_store(environ: Mapping[str, str]) -> None:
    """Refuse a RATELIMIT_STORAGE_URI that names no store this install can use."""
    from limits.storage import storage_from_string

    given = environ.get("RATELIMIT_STORAGE_URI", "").strip()
    if not given:
        return
    try:
        storage_from_string(given)
    except Exception as error:  # an unknown scheme, or its client library not installed
        scheme = given.split("://", 1)[0]
        raise SettingError(
            f"RATELIMIT_STORAGE_URI ({scheme}://…) cannot be used: {error}"
        ) from error
