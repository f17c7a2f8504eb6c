"""Whether the database can serve this code: it answers, at the schema the migrations'
newest (the health check's question, and a start that does not migrate asks it too)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db


def schema_problem() -> str | None:
    """Why the database cannot serve this code (it does not answer; its schema is another
    than the migrations' newest), or None."""
    try:
        with db.engine.connect() as connection:
            at = MigrationContext.configure(connection).get_current_revision()
    except SQLAlchemyError as error:
        return f"the database does not answer ({type(error).__name__})"
    needed = _head()
    if at is None:
        return f"the database has no schema yet, this code needs {needed}: run the migrations"
    if at != needed:
        return (
            f"the database schema is at {at}, this code needs {needed}: run the migrations"
            " (flask --app app db upgrade, docs/operations.md)"
        )
    return None


MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
"""The migration scripts (Alembic's, through Flask-Migrate)."""


@cache
def _head() -> str | None:
    """The newest revision of the migration scripts (read once per process)."""
    return ScriptDirectory(str(MIGRATIONS)).get_current_head()
