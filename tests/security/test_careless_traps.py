"""Finding 11 of issue 12: traps for a careless tap, a saved note, a time-zone offset."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from skyjo_pad.extensions import db
from skyjo_pad.models import Game
from skyjo_pad.services import history, tables, transfer


def test_saving_notes_leaves_a_tables_version_alone(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        game_id = tables.create([tables.SeatChoice("Ann"), tables.SeatChoice("Bob")], {}, seed=3)
    version = client.get(f"/api/phone-tables/{game_id}").get_json()["version"]
    saved = client.post(f"/history/{game_id}/notes", data={"notes": "Ann's birthday", "place": ""})
    assert saved.status_code == 302
    move = {"action": "reveal", "seat": 0, "cell": [0, 0]}
    answer = client.post(
        f"/api/phone-tables/{game_id}/moves", json={"version": version, "move": move}
    )
    assert answer.status_code == 200, answer.get_json()
    with app.app_context():
        assert history.game(game_id).notes == "Ann's birthday"


def test_an_import_converts_time_zone_offsets_to_utc(app: Flask) -> None:
    game = {
        "id": "tzgame0001",
        "kind": "pad",
        "created_at": "2026-03-15T21:30:00+02:00",
        "finished_at": "2026-03-15T17:45:00-03:00",
        "rules": {"target": 10},
        "players": ["Ann", "Bob"],
        "rounds": [{"number": 1, "closer": 0, "raw": [3, 12]}],
    }
    with app.app_context():
        transfer.import_data({"format": transfer.FORMAT, "players": [], "games": [game]})
        row = db.session.get(Game, game["id"])
        assert row is not None and row.finished_at is not None
        assert (row.created_at.hour, row.created_at.minute) == (19, 30)
        assert (row.finished_at.day, row.finished_at.hour) == (15, 20)


def test_abandoning_a_table_asks_first(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        game_id = tables.create([tables.SeatChoice("Ann"), tables.SeatChoice("Bob")], {}, seed=3)
    page = client.get(f"/tables/{game_id}").text
    form = re.search(r'<form method="post" action="/tables/\w+/abandon".*?</form>', page, re.S)
    assert form and 'name="confirm"' not in form.group(0)
    asked = client.post(f"/tables/{game_id}/abandon")
    assert asked.status_code == 200
    assert "Abandon this game?" in asked.text
    assert client.get(f"/api/phone-tables/{game_id}").get_json()["status"] == "playing"
    done = client.post(f"/tables/{game_id}/abandon", data={"confirm": "yes"})
    assert done.status_code == 302
    assert client.get(f"/api/phone-tables/{game_id}").get_json()["status"] == "abandoned"
