"""Settings read from the environment: the database URL as the hosts hand it out."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from servers import free_port

from skyjo_pad import config


@pytest.mark.parametrize(
    ("given", "used"),
    [
        (
            "postgres://ann:pw@db.example.org/skyjo",
            "postgresql+psycopg://ann:pw@db.example.org/skyjo",
        ),
        ("postgresql://ann@localhost:5433/skyjo", "postgresql+psycopg://ann@localhost:5433/skyjo"),
        ("postgresql+psycopg://ann@localhost/skyjo", "postgresql+psycopg://ann@localhost/skyjo"),
        ("sqlite:////srv/skyjo/pad.sqlite3", "sqlite:////srv/skyjo/pad.sqlite3"),
        ("sqlite:///pad.sqlite3", "sqlite:////unused/pad.sqlite3"),  # in the instance folder
        ("sqlite:///games/pad.sqlite3?timeout=9", "sqlite:////unused/games/pad.sqlite3?timeout=9"),
        ("sqlite://", "sqlite://"),  # in memory
    ],
)
def test_postgresql_urls_are_served_by_psycopg_3(
    monkeypatch: pytest.MonkeyPatch, given: str, used: str
) -> None:
    monkeypatch.setenv("DATABASE_URL", f"  {given} ")
    assert config.database_url("/unused") == used


def test_without_a_url_the_games_go_in_a_sqlite_file_in_the_instance_folder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert config.database_url("/srv/instance") == "sqlite:////srv/instance/skyjo-pad.sqlite3"


def _key_when_told(folder: str, go: Any, keys: Any) -> None:
    go.wait()
    try:
        keys.put(config.secret_key(folder))
    except Exception as error:  # the test reports what the process met
        keys.put(repr(error))


def test_processes_starting_together_share_one_whole_generated_key(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    forked = multiprocessing.get_context("fork")
    for attempt in range(15):
        folder = str(tmp_path / f"instance-{attempt}")
        go, keys = forked.Event(), forked.Queue()
        starting = [
            forked.Process(target=_key_when_told, args=(folder, go, keys)) for _ in range(4)
        ]
        for process in starting:
            process.start()
        go.set()
        seen = {keys.get(timeout=30) for _ in starting}
        for process in starting:
            process.join()
        assert len(seen) == 1, seen
        (key,) = seen
        assert len(key) == 64
        assert (Path(folder) / config.SECRET_KEY_FILE).stat().st_mode & 0o077 == 0
        assert sorted(path.name for path in Path(folder).iterdir()) == [config.SECRET_KEY_FILE]


def test_an_empty_key_file_stops_the_start_with_a_clear_message(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    (tmp_path / config.SECRET_KEY_FILE).write_text("\n", encoding="ascii")
    with pytest.raises(RuntimeError, match="is empty: delete it"):
        config.secret_key(str(tmp_path))


@pytest.mark.parametrize(
    ("text", "read"),
    [("1", True), ("true", True), ("Yes", True), ("on", True), ("0", False), ("FALSE", False),
     ("no", False), ("off", False), ("", None), ("  ", None)],
)  # fmt: skip
def test_a_yes_or_no_variable_reads_every_usual_spelling(text: str, read: bool | None) -> None:
    for default in (True, False):
        expected = default if read is None else read
        assert config.flag("SKYJO_RATE_LIMITS", default, {"SKYJO_RATE_LIMITS": text}) is expected


@pytest.mark.parametrize(
    ("name", "text", "words"),
    [
        ("SKYJO_RATE_LIMITS", "maybe", "SKYJO_RATE_LIMITS must be 1 or 0"),
        ("SKYJO_STREAM_HEARTBEAT", "0", "SKYJO_STREAM_HEARTBEAT must be a number of at least 0.5"),
        ("SKYJO_STREAMS_PER_TOKEN", "two", "SKYJO_STREAMS_PER_TOKEN must be a number"),
        ("SKYJO_STREAMS_PER_TOKEN", "2.5", "SKYJO_STREAMS_PER_TOKEN must be a whole number"),
        ("SKYJO_MAX_CONNECTIONS", "0", "SKYJO_MAX_CONNECTIONS must be a number of at least 1"),
        ("SKYJO_STREAM_SECONDS", "inf", "SKYJO_STREAM_SECONDS must be a number"),
        ("SKYJO_PROXY_HOPS", "one", "SKYJO_PROXY_HOPS must be a whole number"),
        ("MAIL_PORT", "abc", "MAIL_PORT must be a number of at least 1"),
        ("MAIL_USE_TLS", "ture", "MAIL_USE_TLS must be 1 or 0"),
        ("RATELIMIT_STORAGE_URI", "bogus://x", "RATELIMIT_STORAGE_URI (bogus://…) cannot be used"),
        ("DATABASE_URL", "garbage", "DATABASE_URL is not a database address"),
        ("DATABASE_URL", "mysql://a@b/c", "the app keeps its games in SQLite or PostgreSQL"),
        ("DATABASE_URL", "sqlite:////no/such/folder/x.sqlite3", "Cannot reach the database at"),
    ],
)
def test_a_setting_the_app_cannot_run_with_stops_the_start_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str, text: str, words: str
) -> None:
    """`skyjo-pad serve` says which variable and why, and starts nothing."""
    from click.testing import CliRunner

    from skyjo_pad.cli import main

    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    monkeypatch.setenv(name, text)
    monkeypatch.setenv("MAIL_SERVER", "localhost")
    result = CliRunner().invoke(main, ["serve", "--port", "1"])
    assert result.exit_code == 1 and words in result.output, result.output
    assert "Traceback" not in result.output
    assert "Skyjo Pad on http" not in result.output  # no address announced that never serves


def test_the_sqlite_file_is_readable_by_its_owner_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """It holds the players' emails: 0600, like the secret key beside it."""
    from skyjo_pad import create_app

    database = tmp_path / "pad.sqlite3"
    database.touch(mode=0o644)
    database.chmod(0o644)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{database}")
    create_app({"SECRET_KEY": "test"})
    assert database.stat().st_mode & 0o777 == 0o600


def test_a_relative_sqlite_file_is_the_one_in_the_instance_folder_and_owner_only(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Where Flask-SQLAlchemy opens it (instance/): the start's check made a stray empty
    file in the current folder and the real one stayed readable by all."""
    from skyjo_pad import create_app
    from skyjo_pad.extensions import db
    from skyjo_pad.serving import database_label
    from skyjo_pad.startup_checks import check_database

    instance = Path(create_app({"SECRET_KEY": "test"}).instance_path)
    name = f"relative-{os.getpid()}.sqlite3"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{name}")
    try:
        check_database(os.environ, str(instance))
        app = create_app({"SECRET_KEY": "test"})
        with app.app_context():
            db.session.remove()
        assert not (tmp_path / name).exists()
        assert (instance / name).stat().st_mode & 0o777 == 0o600
        assert str(instance / name) in database_label(f"sqlite:///{name}")
    finally:
        for suffix in ("", "-wal", "-shm", ".migrating"):
            (instance / (name + suffix)).unlink(missing_ok=True)


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("", None),
        ("https://skyjo.example.org", "https://skyjo.example.org"),
        ("http://192.168.1.20:5000/", "http://192.168.1.20:5000"),
    ],
)
def test_the_public_address_is_a_scheme_and_a_host(given: str, kept: str | None) -> None:
    assert config.public_url({"SKYJO_PUBLIC_URL": given}) == kept


@pytest.mark.parametrize(
    "given",
    [
        "skyjo.example.org",
        "ftp://x.org",
        "https://x.org/pad",
        "https://u:p@x.org",
        "https://x.org:abc",
        "https://x.org:99999",
        "https://pad example.org",
        "https://[::1",
    ],
)
def test_a_public_address_that_is_not_one_stops_the_app(given: str) -> None:
    with pytest.raises(config.SettingError, match="SKYJO_PUBLIC_URL"):
        config.public_url({"SKYJO_PUBLIC_URL": given})


def test_an_install_without_its_pages_stops_the_start_in_one_line(tmp_path: Path) -> None:
    """A wheel carries the package alone: `serve` says so rather than answer 500."""
    from skyjo_pad import startup_checks
    from skyjo_pad.factory import PROJECT_ROOT

    startup_checks.check_pages(PROJECT_ROOT)  # a clone has them
    with pytest.raises(config.SettingError, match=r"run Skyjo Pad from its clone.*pip install -e"):
        startup_checks.check_pages(tmp_path)


def test_ctrl_c_stops_the_server_as_a_normal_end(tmp_path: Path) -> None:
    """`skyjo-pad serve` stopped with Ctrl-C (SIGINT) shuts down cleanly and exits 0,
    without "Aborted!" (make run would report an error)."""
    port = free_port()
    environ = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    environ["SECRET_KEY"] = "test"
    command = [sys.executable, "-m", "skyjo_pad.cli", "serve", "--port", str(port)]
    server = subprocess.Popen(
        command, env=environ, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    try:
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        server.send_signal(signal.SIGINT)
        output, _ = server.communicate(timeout=30)
    finally:
        server.kill()
    assert server.returncode == 0, output.decode()[-2000:]
    assert b"Aborted" not in output and b"Finished server process" in output
