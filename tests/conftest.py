"""Fixtures shared by every test: the app on its own copy of a migrated database.

The database is SQLite, or PostgreSQL when `SKYJO_TEST_POSTGRES` names a server (see
`databases.py`; `make test` runs the suite on both).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import url_builders
from databases import DIALECT, ON_POSTGRES, Databases
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

from skyjo_pad import create_app
from skyjo_pad.extensions import db

SETTINGS = {
    "TESTING": True,
    "SECRET_KEY": "test",
    "WTF_CSRF_ENABLED": False,
    "STREAM_SECONDS": 0.3,  # an event stream read in a test ends by itself
    "STREAM_HEARTBEAT": 0.1,
}


DATABASE_FIXTURES = {"databases", "migrated_database", "live_server"}
"""Fixtures every test that reaches a database asks for (directly or through another)."""


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, kept in memory for every test's app (each new app would
    compile them again); Jinja checks each against its template's source before use."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()
url_builders.install()  # every app's URL rules share their compiled builders too


def pytest_report_header() -> str:
    """Say which database the run is on."""
    return f"database: {DIALECT}"


COUNTED = {"schemathesis_cases": "schemathesis: {} cases sent to the API"}
"""Figures the tests put in their reports (`record_property`), summed at the end of a run."""


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print the figures of COUNTED, summed over every test (and every xdist worker)."""
    sums: dict[str, int] = {}
    for report in terminalreporter.getreports("passed"):
        for name, value in getattr(report, "user_properties", ()):
            if name in COUNTED and report.when == "call":
                sums[name] = sums.get(name, 0) + int(value)
    for name, total in sums.items():
        terminalreporter.write_line(COUNTED[name].format(f"{total:,}"))


BROWSER_TESTS = Path(__file__).parent / "browser"


def on_both_databases(item: pytest.Item) -> bool:
    """Whether the PostgreSQL run keeps this test: it reaches a database, and it is not a
    browser test (those run once, on SQLite) unless marked `both_databases`."""
    if not DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
        return False
    if item.get_closest_marker("both_databases"):
        return True
    return not item.path.is_relative_to(BROWSER_TESTS)


SLOW_FIRST = (
    "tests/api/test_api_online.py::test_no_answer_or_event_ever_carries_a_secret",
    "tests/browser/test_table_restart.py",
    "tests/browser/test_table_solo.py",
    "tests/browser/test_table_online.py",
    "tests/browser/test_table_pass_and_play.py",
    "tests/test_durability.py",
    "tests/online/test_streams_served.py",
    "tests/online/test_secrets_one_controller.py",
    "tests/online/test_live_across_processes.py",
    "tests/test_processes.py",
    "tests/bots/test_legal_play.py",
    "tests/engine/test_playouts.py",
    "tests/security/test_record_limits.py",
    "tests/security/test_shared_limits.py",
    "tests/api/test_api_schemathesis.py",
)
"""The longest tests (docs/operations.md, "The slowest tests"), run first: pytest-xdist
hands out tests in the order collected (after its groups, largest first), so a long
test left to the end would keep one process busy while the others have finished."""


def slow_rank(item: pytest.Item) -> int:
    """Where the test's entry stands in SLOW_FIRST, or after them all."""
    for rank, prefix in enumerate(SLOW_FIRST):
        if item.nodeid == prefix or item.nodeid.startswith((prefix + "::", prefix + "[")):
            return rank
    return len(SLOW_FIRST)


GC_THRESHOLDS = (10_000, 20, 100)
"""The cyclic garbage collector's thresholds in a test process (Python's are 700, 10, 10).
Every test makes an app, a database engine and forms that become cyclic garbage; with
Python's thresholds the collector ran some 17,000 times in the SQLite run and took 17 s of
its 103 s of CPU, most of it in full collections walking every long-lived object. Fewer,
larger collections free the same garbage (docs/operations.md, "What keeps it fast")."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once every test module is imported: what the imports made lives for the whole run,
    so it is frozen out of the collector's walks (`gc.freeze`), and the collector runs
    less often (GC_THRESHOLDS)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the tests of SLOW_FIRST first. On PostgreSQL, leave out the tests that reach no
    database (the engine, the bots, the catalogues…) and the browser tests not marked
    `both_databases`: they run the same on either database (the pages, the scripts), and
    the SQLite run has them."""
    items.sort(key=slow_rank)  # stable: the others keep their order
    if not ON_POSTGRES:
        return
    kept: list[pytest.Item] = []
    left: list[pytest.Item] = []
    for item in items:
        (kept if on_both_databases(item) else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Databases]:
    """A database brought up to head by the real migrations, once per test run: the
    template every test's database is copied from."""
    databases = Databases(tmp_path_factory.mktemp("migrated"))
    url = databases.empty("template")
    app = create_app({**SETTINGS, "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        db.session.remove()
        db.engine.dispose()  # SQLite: the last connection folds the WAL into the file
    databases.template = url
    if ON_POSTGRES:
        databases.reused = databases.copy("reused")
    yield databases
    databases.drop_made()


@pytest.fixture
def databases(migrated_database: Databases, tmp_path: Path) -> Iterator[Databases]:
    """New databases for this test (copies of the migrated one, or empty), dropped after."""
    mine = Databases(tmp_path, reused=migrated_database.reused)
    mine.template = migrated_database.template
    yield mine
    mine.drop_made()
    mine.clean_reused()


def app_on_copy(databases: Databases, name: str, **settings: Any) -> Iterator[Flask]:
    """The app on a fresh copy of the migrated database (much faster than migrating
    anew); disposed of when the test is done."""
    app = create_app(
        {
            **SETTINGS,
            "SQLALCHEMY_DATABASE_URI": databases.first_copy(name),
            "AUTO_MIGRATE": False,
            **settings,
        }
    )
    app.jinja_env.bytecode_cache = COMPILED_TEMPLATES
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def make_app(databases: Databases) -> Iterator[Callable[..., Flask]]:
    """Make an app with settings of the test's own (a mail server, say), on its own copy."""
    made: list[Iterator[Flask]] = []

    def make(**settings: Any) -> Flask:
        apps = app_on_copy(databases, f"custom{len(made)}", **settings)
        made.append(apps)
        return next(apps)

    yield make
    for apps in made:
        next(apps, None)


@pytest.fixture
def app(databases: Databases) -> Iterator[Flask]:
    """The app on its own database, CSRF protection off."""
    yield from app_on_copy(databases, "test")


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client of the app."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A runner for the app's CLI commands."""
    return app.test_cli_runner()


@pytest.fixture
def ctx(app: Flask) -> Iterator[Flask]:
    """The app, with its context pushed: the services can be called directly."""
    with app.app_context():
        yield app


@pytest.fixture
def csrf_app(databases: Databases) -> Iterator[Flask]:
    """The app as it runs for people: CSRF protection on."""
    yield from app_on_copy(databases, "csrf", WTF_CSRF_ENABLED=True)
