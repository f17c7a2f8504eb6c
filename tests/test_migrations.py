"""The migrations: from nothing to head, back to nothing, and in step with the models."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from skyjo_pad import MIGRATIONS, create_app
from skyjo_pad.extensions import db
from skyjo_pad.models import NAME_KEY_MAX
from skyjo_pad.services import pad


@pytest.fixture
def bare_app(tmp_path: Path) -> Iterator[Flask]:
    """The app on an empty SQLite file that nothing has migrated yet."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'migrate.sqlite3'}",
            "AUTO_MIGRATE": False,
        }
    )
    with app.app_context():
        yield app
        db.session.remove()
        db.engine.dispose()


def model_tables() -> set[str]:
    """The tables the models declare."""
    return set(db.metadata.tables)


def head() -> str:
    """The newest revision of the migration scripts."""
    config = ScriptDirectory(MIGRATIONS)
    revision = config.get_current_head()
    assert revision is not None
    return revision


def current() -> str | None:
    """The revision the database is at (None: not migrated)."""
    with db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def tables() -> set[str]:
    """The application's tables in the database."""
    return set(inspect(db.engine).get_table_names()) - {"alembic_version"}


def differences() -> list[Any]:
    """What autogenerate would change to make the database match the models."""
    with db.engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "compare_server_default": True}
        )
        return list(compare_metadata(context, db.metadata))


def test_upgrade_from_empty_to_head(bare_app: Flask) -> None:
    assert tables() == set() and current() is None
    upgrade(directory=MIGRATIONS)
    assert current() == head()
    assert tables() == model_tables()


def test_the_models_and_the_migrations_agree(bare_app: Flask) -> None:
    upgrade(directory=MIGRATIONS)
    assert differences() == []


def test_downgrade_to_base_and_up_again(bare_app: Flask) -> None:
    upgrade(directory=MIGRATIONS)
    downgrade(directory=MIGRATIONS, revision="base")
    assert tables() == set() and current() is None
    upgrade(directory=MIGRATIONS)
    assert current() == head() and tables() == model_tables()
    assert differences() == []


def test_every_step_down_and_up_again(bare_app: Flask) -> None:
    revisions = [r.revision for r in ScriptDirectory(MIGRATIONS).walk_revisions()][::-1]
    for revision in revisions:
        upgrade(directory=MIGRATIONS, revision=revision)
        assert current() == revision
    for revision in revisions[::-1]:
        downgrade(directory=MIGRATIONS, revision="-1")
        assert current() != revision
    assert current() is None


def test_upgrading_keeps_the_games_and_their_links(bare_app: Flask) -> None:
    upgrade(directory=MIGRATIONS, revision="0001")
    with db.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO players (id, name, name_key, created_at) VALUES "
                "(1, 'Ann', 'ann', '2026-01-01'), (2, 'Bob', 'bob', '2026-01-01')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO games (id, kind, rules, created_at, updated_at, finished, version) "
                "VALUES ('oldgame001', 'pad', '{}', '2026-01-01', '2026-01-01', 0, 2)"
            )
        )
        connection.execute(
            text("INSERT INTO game_seats VALUES ('oldgame001', 0, 1), ('oldgame001', 1, 2)")
        )
        connection.execute(
            text(
                "INSERT INTO rounds (id, game_id, number, closer, doubled, created_at) "
                "VALUES (1, 'oldgame001', 1, 0, 0, '2026-01-01')"
            )
        )
        connection.execute(
            text("INSERT INTO round_scores VALUES (1, 0, 3, 3, NULL), (1, 1, 9, 9, NULL)")
        )
    upgrade(directory=MIGRATIONS)
    assert current() == head()
    sheet = pad.get_sheet("oldgame001")
    assert sheet.players == ("Ann", "Bob") and sheet.totals == (3, 9)
    with db.engine.connect() as connection:
        assert connection.execute(text("PRAGMA foreign_key_check")).all() == []
    columns = {c["name"]: c for c in inspect(db.engine).get_columns("players")}
    assert columns["name_key"]["type"].length == NAME_KEY_MAX
    uniques = inspect(db.engine).get_unique_constraints("players")
    assert [u["column_names"] for u in uniques] == [["name_key"]]


def test_foreign_keys_are_enforced_again_after_migrating(bare_app: Flask) -> None:
    upgrade(directory=MIGRATIONS)
    with db.engine.connect() as connection:
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_upgrading_to_0004_fills_the_seat_summaries_and_the_computer_seats(
    bare_app: Flask,
) -> None:
    upgrade(directory=MIGRATIONS, revision="0003")
    with db.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO players (id, name, name_key, created_at) VALUES "
                "(1, 'Ann', 'ann', '2026-01-01'), (2, 'Easy bot', 'easy bot', '2026-01-01')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO games (id, kind, rules, created_at, updated_at, finished, "
                "finished_at, version) VALUES ('tablegame1', 'table', '{}', '2026-01-01', "
                "'2026-01-01', 1, '2026-01-01', 3)"
            )
        )
        connection.execute(
            text("INSERT INTO game_seats VALUES ('tablegame1', 0, 1), ('tablegame1', 1, 2)")
        )
        connection.execute(
            text(
                "INSERT INTO table_states VALUES ('tablegame1', '[null, \"easy\"]', '{}', "
                "'[]', '{}', '[]', 'finished', 7)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO rounds (id, game_id, number, closer, doubled, created_at) "
                "VALUES (1, 'tablegame1', 1, 0, 1, '2026-01-01')"
            )
        )
        grid = "[[null, 1, 2, 3], [null, 4, 5, 6], [null, 7, 8, 9]]"
        connection.execute(
            text(f"INSERT INTO round_scores VALUES (1, 0, 45, 90, '{grid}'), (1, 1, 30, 30, NULL)")
        )
    upgrade(directory=MIGRATIONS)
    with db.engine.connect() as connection:
        rows = connection.execute(
            text(
                "SELECT seat, bot, total, place, closed, doubled, cleared FROM game_seats "
                "ORDER BY seat"
            )
        ).all()
    assert [tuple(r) for r in rows] == [(0, None, 90, 2, 1, 1, 1), (1, "easy", 30, 1, 0, 0, 0)]
