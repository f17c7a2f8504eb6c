"""The sheet page as phones reload it: always the game as it is now, cheap to ask again."""

from __future__ import annotations

import gzip
from datetime import timedelta

import brotli
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import update
from web_helpers import flashes, save_round, totals_shown, words

from skyjo_pad.extensions import db
from skyjo_pad.models import Game, Player
from skyjo_pad.services import tables


def test_a_browser_that_has_the_sheet_is_told_so_until_a_round_is_saved(
    client: FlaskClient, game_id: str
) -> None:
    save_round(client, game_id, [5, 8, 12], 0)
    first = client.get(f"/games/{game_id}")
    etag = first.headers["ETag"]
    again = client.get(f"/games/{game_id}", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""

    save_round(client, game_id, [1, 2, 3], 1)
    client.get(f"/games/{game_id}")  # the flash "saved" message, if any, is shown once
    after = client.get(f"/games/{game_id}", headers={"If-None-Match": etag})
    assert after.status_code == 200
    assert totals_shown(after) == [6, 12, 15]  # Bob closed with 2, not lowest: doubled


def test_a_backup_restored_never_shows_a_browser_its_old_sheet(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    """A restore winds the versions back: the same version saved again later may hold
    other rounds, so a browser that kept the page from before is sent the page anew."""
    save_round(client, game_id, [5, 8, 12], 0)
    etag = client.get(f"/games/{game_id}").headers["ETag"]
    assert client.get(f"/games/{game_id}", headers={"If-None-Match": etag}).status_code == 304
    later = Game.updated_at + timedelta(minutes=5)  # the same version, saved again later
    with app.app_context():
        db.session.execute(update(Game).where(Game.id == game_id).values(updated_at=later))
        db.session.commit()
    after = client.get(f"/games/{game_id}", headers={"If-None-Match": etag})
    assert after.status_code == 200


def test_every_encoding_carries_the_same_page(client: FlaskClient, game_id: str) -> None:
    save_round(client, game_id, [5, 8, 12], 0)
    plain = client.get(f"/games/{game_id}", headers={"Accept-Encoding": "identity"})
    as_br = client.get(f"/games/{game_id}", headers={"Accept-Encoding": "br"})
    as_gzip = client.get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    assert as_br.headers["Content-Encoding"] == "br"
    assert as_gzip.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in plain.headers["Vary"]
    assert brotli.decompress(as_br.get_data()) == plain.get_data()
    assert gzip.decompress(as_gzip.get_data()) == plain.get_data()
    assert len({plain.headers["ETag"], as_br.headers["ETag"], as_gzip.headers["ETag"]}) == 3


def test_a_renamed_player_shows_at_once(app: Flask, client: FlaskClient, game_id: str) -> None:
    save_round(client, game_id, [5, 8, 12], 0)
    assert "Bob" in words(client.get(f"/games/{game_id}"))
    with app.app_context():
        db.session.execute(update(Player).where(Player.name == "Bob").values(name="Robert"))
        db.session.commit()
    page = words(client.get(f"/games/{game_id}"))
    assert "Robert" in page
    assert "Bob" not in page


def test_a_message_is_shown_with_the_sheet_once(client: FlaskClient, game_id: str) -> None:
    save_round(client, game_id, [5, 8, 12], 0)
    client.get(f"/games/{game_id}")
    client.post(f"/games/{game_id}/rounds/1/delete", data={"version": ""})
    shown = client.get(f"/games/{game_id}")
    assert any("taken back" in message for message in flashes(shown))
    assert flashes(client.get(f"/games/{game_id}")) == []


def test_a_deleted_or_unknown_game_is_not_found(client: FlaskClient) -> None:
    assert client.get("/games/nosuchgame").status_code == 404
    assert client.get("/games/" + "x" * 300).status_code == 404


def test_a_digital_tables_sheet_offers_no_typing(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        game_id = tables.create([tables.SeatChoice("Ann"), tables.SeatChoice("Bot", "easy")])
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 200
    text = words(page)
    assert "Enter round" not in text
    assert "Back to the table" in text
    assert "start round" not in text  # the engine, not the pad, says who starts
    assert f"/games/{game_id}/rounds/new" not in page.get_data(as_text=True)


def test_the_old_icon_address_leads_to_the_icon(client: FlaskClient) -> None:
    answer = client.get("/favicon.ico", follow_redirects=True)
    assert answer.status_code == 200
    assert answer.mimetype == "image/svg+xml"
