"""Services own their transactions: a refused use case leaves nothing half-done behind."""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import create_engine, text

from skyjo_pad.extensions import db
from skyjo_pad.models import Game
from skyjo_pad.services import history, pad, roster
from skyjo_pad.services.errors import Conflict, Invalid


def test_a_refused_change_is_rolled_back_by_the_service(ctx: Flask) -> None:
    game_id = pad.new_game(["Ann", "Bob"]).id
    history.set_notes(game_id, "Kitchen table", "Home")
    with pytest.raises(Invalid):
        history.set_notes(game_id, "These notes are set first", 12)  # the place is refused
    assert not db.session.dirty and not db.session.new
    game = db.session.get(Game, game_id)
    assert game is not None and game.notes == "Kitchen table"


def test_a_refused_addition_leaves_the_session_clean(ctx: Flask) -> None:
    roster.add("Cy")
    with pytest.raises(Conflict):
        roster.add(" cy ")
    assert not db.session.new
    assert [name for _id, name in roster.names()].count("Cy") == 1


def test_a_success_is_committed_by_the_service(ctx: Flask) -> None:
    player = roster.add("Dee")
    db.session.rollback()  # nothing pending: the service committed
    assert roster.get(player.id).name == "Dee"


def test_the_sqlite_pragmas_stay_on_the_apps_own_database(ctx: Flask) -> None:
    other = create_engine("sqlite://")
    with other.connect() as connection:
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 0
    if db.engine.dialect.name == "sqlite":
        assert db.session.execute(text("PRAGMA foreign_keys")).scalar() == 1
