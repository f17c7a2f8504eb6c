"""The migrations: from nothing to head, back to nothing, and in step with the models, on
the database the run is on (SQLite, or PostgreSQL: see databases.py)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from databases import ON_POSTGRES, Databases
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from skyjo_pad import MIGRATIONS, create_app
from skyjo_pad.extensions import db
from skyjo_pad.models import NAME_KEY_MAX
from skyjo_pad.services import pad, roster


@pytest.fixture
def bare_app(databases: Databases) -> Iterator[Flask]:
    """The app on an empty database that nothing has migrated yet."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": databases.empty("migrate"),
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


def test_servers_starting_at_once_on_an_empty_database_all_start(databases: Databases) -> None:
    """Three processes create the app (which upgrades the schema) on one empty database at
    the same moment (several machines on PostgreSQL; a server and a command on one SQLite
    file): each starts, and the schema is at head once."""
    url = databases.empty("at-once")
    start = "from skyjo_pad import create_app; create_app()"
    environ = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "test", "SKYJO_AUTO_MIGRATE": "1"}
    starting = [
        subprocess.Popen([sys.executable, "-c", start], env=environ, stderr=subprocess.PIPE)
        for _ in range(3)
    ]
    for process in starting:
        _, errors = process.communicate(timeout=120)
        assert process.returncode == 0, errors.decode()[-2000:]
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        assert current() == head()
        db.session.remove()
        db.engine.dispose()


def test_flask_db_upgrade_by_hand_says_nothing_of_the_schema_it_upgrades(
    databases: Databases,
) -> None:
    """`flask db upgrade` with SKYJO_AUTO_MIGRATE=0 (docs/operations.md): the schema ends
    at head, and no "Not ready to serve" is printed for the schema being upgraded; a
    command that only reads (`flask routes`) still says it."""
    url = databases.empty("by-hand")
    flask = str(Path(sys.executable).with_name("flask"))
    environ = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "test", "SKYJO_AUTO_MIGRATE": "0"}
    environ["FLASK_APP"] = str(Path(__file__).parent.parent / "app.py")

    def run(*words: str) -> str:
        done = subprocess.run([flask, *words], env=environ, capture_output=True, timeout=120)
        assert done.returncode == 0, done.stderr.decode()[-2000:]
        return (done.stdout + done.stderr).decode()

    assert "Not ready to serve" in run("routes")
    assert "Not ready to serve" not in run("db", "upgrade")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        assert current() == head()
        db.session.remove()
        db.engine.dispose()


@pytest.mark.parametrize(
    ("setting", "said"),
    [
        ({"DATABASE_URL": "postgresql://x:y@127.0.0.1:1/db"}, "Error: Cannot reach the database"),
        ({"SKYJO_RATE_LIMITS": "maybe"}, "Error: SKYJO_RATE_LIMITS must be 1 or 0"),
    ],
)
def test_flask_db_says_a_setting_it_cannot_use_in_one_line(
    setting: dict[str, str], said: str, tmp_path: Path
) -> None:
    """The release step's `flask db upgrade` with a database it cannot reach or a setting
    it cannot read: the one line `skyjo-pad serve` gives, no traceback, status 1."""
    flask = str(Path(sys.executable).with_name("flask"))
    environ = {**os.environ, "SECRET_KEY": "test", "SKYJO_AUTO_MIGRATE": "0"}
    environ |= {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", **setting}
    environ["FLASK_APP"] = str(Path(__file__).parent.parent / "app.py")
    done = subprocess.run([flask, "db", "upgrade"], env=environ, capture_output=True, timeout=60)
    assert done.returncode == 1
    errors = done.stderr.decode()
    assert errors.startswith(said) and "Traceback" not in errors, errors[-2000:]
    assert len(errors.strip().splitlines()) == 1


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


def insert(connection: Any, sql: str, **values: Any) -> Any:
    """One row inserted with bound values (so each database converts them its own way);
    the value of its `RETURNING` clause, if any."""
    result = connection.execute(text(sql), values)
    return result.scalar() if "RETURNING" in sql else None


FIRST_DAY = datetime(2026, 1, 1, 20, 0)


def fill_first_schema(connection: Any) -> dict[str, int]:
    """Players, a finished game and one in play, as revision 0001 stored them; ids are
    the database's own (so its sequences must be right for the next insert)."""
    players = {}
    for name, email in (("Ann", "ann@example.org"), ("Bob", None), ("Cy", None)):
        players[name] = insert(
            connection,
            "INSERT INTO players (name, name_key, email, created_at) "
            "VALUES (:name, :key, :email, :at) RETURNING id",
            name=name,
            key=name.casefold(),
            email=email,
            at=FIRST_DAY,
        )
    games = {
        "oldgame001": (["Ann", "Bob"], True, [[(40, 40), (62, 62)], [(30, 30), (50, 50)]]),
        "oldgame002": (["Bob", "Cy", "Ann"], False, [[(3, 3), (9, 9), (-2, -2)]]),
    }
    for game_id, (names, finished, rounds) in games.items():
        insert(
            connection,
            "INSERT INTO games (id, kind, rules, created_at, updated_at, finished, "
            "finished_at, version) VALUES (:id, 'pad', :rules, :at, :at, :finished, :end, :v)",
            id=game_id,
            rules='{"target": 100}',
            at=FIRST_DAY,
            finished=finished,
            end=FIRST_DAY if finished else None,
            v=len(rounds) + 1,
        )
        for seat, name in enumerate(names):
            insert(
                connection,
                "INSERT INTO game_seats (game_id, seat, player_id) VALUES (:g, :s, :p)",
                g=game_id,
                s=seat,
                p=players[name],
            )
        for number, scores in enumerate(rounds, start=1):
            round_id = insert(
                connection,
                "INSERT INTO rounds (game_id, number, closer, doubled, created_at) "
                "VALUES (:g, :n, 0, :doubled, :at) RETURNING id",
                g=game_id,
                n=number,
                doubled=False,
                at=FIRST_DAY,
            )
            for seat, (raw, final) in enumerate(scores):
                grid = "[[1, 1, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0]]" if raw == 3 else None
                insert(
                    connection,
                    "INSERT INTO round_scores (round_id, seat, raw, final, grid) "
                    "VALUES (:r, :s, :raw, :final, :grid)",
                    r=round_id,
                    s=seat,
                    raw=raw,
                    final=final,
                    grid=grid,
                )
    return players


def orphans() -> int:
    """Rows pointing at a game, player or round that is not there."""
    checks = [
        "SELECT count(*) FROM game_seats s LEFT JOIN games g ON g.id = s.game_id "
        "WHERE g.id IS NULL",
        "SELECT count(*) FROM game_seats s LEFT JOIN players p ON p.id = s.player_id "
        "WHERE p.id IS NULL",
        "SELECT count(*) FROM rounds r LEFT JOIN games g ON g.id = r.game_id WHERE g.id IS NULL",
        "SELECT count(*) FROM round_scores c LEFT JOIN rounds r ON r.id = c.round_id "
        "WHERE r.id IS NULL",
    ]
    with db.engine.connect() as connection:
        return sum(connection.execute(text(sql)).scalar() or 0 for sql in checks)


def test_upgrading_from_the_first_schema_keeps_every_game(bare_app: Flask) -> None:
    upgrade(directory=MIGRATIONS, revision="0001")
    with db.engine.begin() as connection:
        fill_first_schema(connection)
    upgrade(directory=MIGRATIONS)
    assert current() == head()

    finished = pad.get_sheet("oldgame001")
    assert finished.players == ("Ann", "Bob") and finished.totals == (70, 112)
    assert finished.finished and finished.winners == (0,)
    assert finished.finals() == [(40, 62), (30, 50)]
    playing = pad.get_sheet("oldgame002", with_grids=True)
    assert playing.players == ("Bob", "Cy", "Ann") and playing.totals == (3, 9, -2)
    assert not playing.finished
    assert playing.rounds[0].grids[0] == ((1, 1, 1, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    with db.engine.connect() as connection:
        emails = dict(connection.execute(text("SELECT name, email FROM players")).all())
        seats = connection.execute(
            text("SELECT game_id, seat, total, rounds, place FROM game_seats ORDER BY 1, 2")
        ).all()
    assert emails == {"Ann": "ann@example.org", "Bob": None, "Cy": None}
    assert [tuple(row) for row in seats] == [
        ("oldgame001", 0, 70, 2, 1),
        ("oldgame001", 1, 112, 2, 2),
        ("oldgame002", 0, 3, 1, None),
        ("oldgame002", 1, 9, 1, None),
        ("oldgame002", 2, -2, 1, None),
    ]
    assert orphans() == 0

    # the upgraded database takes new rounds, games and players (its ids carry on)
    entry = pad.RoundEntry(tuple(pad.SeatEntry(score=s) for s in (5, 6, 1)), closer=2)
    after, _ = pad.add_round("oldgame002", entry)
    assert after.totals == (8, 15, -1) and after.version == playing.version + 1
    newer = pad.new_game(["Ann", "Dee"])
    assert pad.get_sheet(newer.id).players == ("Ann", "Dee")

    # a player removed while holding the highest id leaves it unused for good
    zed = roster.add("Zed").id
    roster.remove(zed)
    assert roster.add("Yan").id == zed + 1

    columns = {c["name"]: c for c in inspect(db.engine).get_columns("players")}
    assert columns["name_key"]["type"].length == NAME_KEY_MAX
    uniques = inspect(db.engine).get_unique_constraints("players")
    assert [u["column_names"] for u in uniques] == [["name_key"]]


def test_foreign_keys_are_enforced_after_migrating(bare_app: Flask) -> None:
    upgrade(directory=MIGRATIONS)
    if not ON_POSTGRES:
        with db.engine.connect() as connection:
            assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
    with pytest.raises(IntegrityError), db.engine.begin() as connection:
        connection.execute(
            text("INSERT INTO game_seats (game_id, seat, player_id) VALUES ('nogame', 0, 99)")
        )


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
                "finished_at, version) VALUES ('tablegame1', 'table', '{}', :at, :at, :yes, "
                ":at, 3)"
            ),
            {"at": FIRST_DAY, "yes": True},
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
                "VALUES (1, 'tablegame1', 1, 0, :yes, :at)"
            ),
            {"at": FIRST_DAY, "yes": True},
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


def test_upgrading_to_0008_marks_the_online_tables_and_the_chosen_deals(bare_app: Flask) -> None:
    upgrade(directory=MIGRATIONS, revision="0007")
    secret = str((1 << 128) | 12345)
    with db.engine.begin() as connection:
        for game_id, seed in (("phone00001", "42"), ("online0001", secret)):
            connection.execute(
                text(
                    "INSERT INTO games (id, kind, rules, created_at, updated_at, finished, "
                    "version) VALUES (:id, 'table', '{}', :at, :at, :no, 1)"
                ),
                {"id": game_id, "at": FIRST_DAY, "no": False},
            )
            connection.execute(
                text(
                    "INSERT INTO table_states (game_id, bots, start, moves, position, log, "
                    "status, seed) VALUES (:id, '[null, null]', '{}', '[]', '{}', '[]', "
                    "'playing', :seed)"
                ),
                {"id": game_id, "seed": seed},
            )
        connection.execute(
            text(
                "INSERT INTO table_tokens (game_id, kind, digest, created_at) "
                "VALUES ('online0001', 'host', :digest, :at)"
            ),
            {"digest": "a" * 64, "at": FIRST_DAY},
        )
    upgrade(directory=MIGRATIONS)
    with db.engine.connect() as connection:
        rows = connection.execute(
            text("SELECT game_id, online, chosen_deal FROM table_states ORDER BY game_id")
        ).all()
    assert [(r[0], bool(r[1]), bool(r[2])) for r in rows] == [
        ("online0001", True, False),
        ("phone00001", False, True),
    ]


def test_the_health_check_says_whether_the_schema_is_this_codes(
    bare_app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    """A release whose migration was not run (SKYJO_AUTO_MIGRATE=0): the health check is
    503 naming both revisions, and a start says so in its log; migrated, "ok"."""
    empty = bare_app.test_client().get("/healthz")
    assert "the database has no schema yet, this code needs" in empty.text
    upgrade(directory=MIGRATIONS, revision="0011")
    behind = bare_app.test_client().get("/healthz")
    assert behind.status_code == 503 and behind.mimetype == "text/plain"
    assert f"the database schema is at 0011, this code needs {head()}" in behind.text
    logging.getLogger().addHandler(caplog.handler)  # Alembic's logging setup took it off
    create_app({**bare_app.config, "AUTO_MIGRATE": False})  # another process starting
    assert "Not ready to serve: the database schema is at 0011" in caplog.text
    upgrade(directory=MIGRATIONS)
    ready = bare_app.test_client().get("/healthz")
    assert (ready.status_code, ready.text) == (200, "ok\n")
    assert ready.headers["Cache-Control"] == "no-store"
