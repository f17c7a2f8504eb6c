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
from sqlalchemy import Engine, engine_from_config
from sqlalchemy.engine import make_url

from skyjo_pad import create_app
from skyjo_pad.extensions import db
from skyjo_pad.services import table_thinkers

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

KEPT_ENGINES: dict[tuple[str, str], Engine] = {}
"""The engines of the databases that tests reuse (`Databases.is_reused`), by URL and options,
kept for the whole run: every app on such a database takes the same engine, with its
open connection and its compiled statements, instead of connecting anew (on PostgreSQL,
a server process started and warmed up for each test) and compiling every query again."""


def engine_of_app(bind_key: str | None, options: dict[str, Any], app: Flask) -> Engine:
    """Flask-SQLAlchemy's engine maker for the tests' apps: the kept engine of a reused
    database, a new engine for any other."""
    url = make_url(options["url"]).render_as_string(hide_password=False)
    if not Databases.is_reused(url):
        return engine_from_config(options, prefix="")
    key = (url, repr(sorted((name, repr(value)) for name, value in options.items())))
    if key not in KEPT_ENGINES:
        KEPT_ENGINES[key] = engine_from_config(options, prefix="")
    return KEPT_ENGINES[key]


db._make_engine = engine_of_app  # type: ignore[method-assign]


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


TESTS = Path(__file__).parent
BROWSER_TESTS = TESTS / "browser"


def reaches_database(item: pytest.Item) -> bool:
    """Whether the test asks for a database (directly or through another fixture)."""
    return bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())))


def pytest_addoption(parser: pytest.Parser) -> None:
    """`--part`: the database part of the suite, the other part, or all of it."""
    parser.addoption(
        "--part",
        choices=("all", "database", "other"),
        default="all",
        help="run all the tests; the database part (the tests that reach a database, the "
        "browser tests aside); or the other part (the browser tests and the tests that "
        "reach no database, the bots' among them). `make test` runs the two parts "
        "side by side on SQLite: while the other part's processes wait for pages and "
        "servers, its pure-Python tests keep the cores busy",
    )


def in_part(item: pytest.Item, part: str) -> bool:
    """Whether the test belongs to `--part` (all, database or other). The tests that only
    compute (the bots') are in the other part: its two processes share them, and the three
    runs of `make test` end about together (docs/operations.md, "Testing")."""
    if part == "all":
        return True
    database = reaches_database(item) and not item.path.is_relative_to(BROWSER_TESTS)
    return database == (part == "database")


def on_both_databases(item: pytest.Item) -> bool:
    """Whether the PostgreSQL run keeps this test: it reaches a database, and it is not a
    browser test (those run once, on SQLite) unless marked `both_databases`."""
    if not reaches_database(item):
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
    "tests/test_live_benchmarks.py",
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


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure() -> None:
    """The run is over: what is left goes with the process, so it is frozen out of the
    collector's last walk (pytest collects once more at its end, which took some 2 s of
    CPU per test process to free what the process would drop anyway)."""
    gc.freeze()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the tests of SLOW_FIRST first. On PostgreSQL, leave out the tests that reach no
    database (the engine, the bots, the catalogues…) and the browser tests not marked
    `both_databases`: they run the same on either database (the pages, the scripts), and
    the SQLite runs have them. On SQLite, keep the tests of `--part`."""
    items.sort(key=slow_rank)  # stable: the others keep their order
    part = config.getoption("part")
    if not ON_POSTGRES and part == "all":
        return
    kept: list[pytest.Item] = []
    left: list[pytest.Item] = []
    for item in items:
        wanted = on_both_databases(item) if ON_POSTGRES else in_part(item, part)
        (kept if wanted else left).append(item)
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
    databases.make_reused()
    yield databases
    for engine in KEPT_ENGINES.values():
        engine.dispose()
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
    # An expert's turn at an online table is played by a thread after the request: it
    # must not outlive the test's database (nor write into the next test's copy).
    assert table_thinkers.wait_idle(60), "a computer player was still thinking"
    with app.app_context():
        db.session.remove()
        url = db.engine.url.render_as_string(hide_password=False)
        if not (ON_POSTGRES and Databases.is_reused(url)):
            db.engine.dispose()  # SQLite: the reused file is copied anew for the next test


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
