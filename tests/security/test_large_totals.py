"""Finding 3 of issue 12: totals in the thousands draw their charts, not a 500."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from skyjo_pad.extensions import db
from skyjo_pad.models import Player
from skyjo_pad.services import pad
from skyjo_pad.web import charts


def test_ticks_cover_any_span() -> None:
    for high in (5, 999, 5_000, 6_001, 123_456):
        ticks = charts._ticks(0, high)
        assert ticks[0] <= 0 and ticks[-1] >= high
        assert len(ticks) <= 7


def test_history_and_player_pages_show_a_game_to_10000(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        sheet = pad.new_game(["Ann", "Bob"], {"target": 10_000})
        seats = (pad.SeatEntry(score=6_000), pad.SeatEntry(score=4))
        pad.add_round(sheet.id, pad.RoundEntry(seats, None))
        pad.add_round(sheet.id, pad.RoundEntry(seats, None))
        ann = db.session.scalar(select(Player.id).where(Player.name == "Ann"))
    for url in (f"/history/{sheet.id}", f"/players/{ann}", "/history", "/players"):
        answer = client.get(url)
        assert answer.status_code == 200, url
    assert "12000" in client.get(f"/history/{sheet.id}").text
