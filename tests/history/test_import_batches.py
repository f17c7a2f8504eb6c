"""A big import is written in short transactions: each game whole or not at all, and an
import cut short is finished by importing the same file again, never adding a game twice."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from skyjo_pad.extensions import db
from skyjo_pad.models import Game, GameSeat, Player, Round, RoundScore
from skyjo_pad.services import games_store, history, history_import, pad, transfer

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def export(games: int, seed: int = 5) -> dict[str, Any]:
    """An export of `games` finished pad games, three to five rounds each."""
    rng = random.Random(seed)
    items = []
    for number in range(games):
        players = rng.sample(NAMES, rng.randint(2, 4))
        rounds = [
            {"number": n, "closer": None, "raw": [rng.randint(0, 30) for _ in players]}
            for n in range(1, rng.randint(3, 5) + 1)
        ]
        items.append(
            {
                "id": f"imp{number:07d}",
                "kind": "pad",
                "players": players,
                "created_at": f"2026-03-{1 + number % 28:02d}T20:00:00",
                "rounds": rounds,
            }
        )
    people = [{"name": "Ann", "email": "ann@example.org"}]
    return {"format": transfer.FORMAT, "players": people, "games": items}


def counts() -> tuple[int, ...]:
    """Rows of each kind in the store."""
    return tuple(
        db.session.scalar(select(func.count()).select_from(model)) or 0
        for model in (Game, GameSeat, Round, RoundScore, Player)
    )


def whole_games() -> bool:
    """Every stored game has all its seats and rounds with a score per seat."""
    for game_id in db.session.scalars(select(Game.id)):
        sheet = pad.get_sheet(game_id)
        if not sheet.rounds or any(len(r.final) != len(sheet.players) for r in sheet.rounds):
            return False
    return True


def test_a_big_import_is_written_in_several_transactions(
    ctx: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    commits = []
    real_commit = db.session.commit
    monkeypatch.setattr(history_import, "WRITE_ROWS", 60)
    monkeypatch.setattr(db.session, "commit", lambda: commits.append(1) or real_commit())
    report = transfer.import_data(export(40))
    assert (report.added, report.already_here, report.players_added) == (40, 0, 5)
    assert len(commits) >= 10  # the players, then a batch of a few games at a time
    assert whole_games()
    assert db.session.scalar(select(Player.email).where(Player.name == "Ann")) == (
        "ann@example.org"
    )


def test_an_import_cut_short_is_finished_by_importing_again(
    ctx: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = export(30)
    monkeypatch.setattr(history_import, "WRITE_ROWS", 60)
    real_insert = games_store.insert_games
    calls = []

    def crash_on_the_fourth_batch(*args: Any) -> None:
        calls.append(1)
        real_insert(*args)
        if len(calls) == 4:
            raise RuntimeError("the server stopped")

    monkeypatch.setattr(games_store, "insert_games", crash_on_the_fourth_batch)
    with pytest.raises(RuntimeError):
        transfer.import_data(data)
    written = counts()
    assert 0 < written[0] < 30  # three batches are in, the fourth was rolled back
    assert whole_games()

    monkeypatch.setattr(games_store, "insert_games", real_insert)
    report = transfer.import_data(data)
    assert report.added == 30 - written[0] and report.already_here == written[0]
    assert whole_games()
    again = transfer.import_data(data)
    assert (again.added, again.already_here, again.players_added) == (0, 30, 0)
    full = counts()
    assert full[0] == 30 and full[4] == 5
    assert db.session.scalar(select(func.count(func.distinct(Round.game_id)))) == 30


def test_a_game_deleted_then_imported_again_shows_its_imported_rounds(
    app: Flask, client: FlaskClient
) -> None:
    """Pages and sheets are kept in memory by game, version and players: a game brought
    back under its old id must not meet a page kept from before it was deleted."""
    game = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()
    assert '<tr class="totals">' not in client.get(f"/games/{game['id']}").text  # no rounds yet
    body = {"scores": [7, 9], "closer": 0}
    assert client.post(f"/api/games/{game['id']}/rounds", json=body).status_code == 201
    with app.app_context():
        data = json.loads("".join(transfer.export_json()))
        history.delete(game["id"])
        assert transfer.import_data(data).added == 1
    shown = client.get(f"/games/{game['id']}").text
    assert "Total" in shown and 'data-total="1">9</td>' in shown
    assert client.get(f"/api/games/{game['id']}").get_json()["totals"] == [7, 9]
