"""Settings read from the environment: the database URL as the hosts hand it out."""

from __future__ import annotations

import pytest

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
