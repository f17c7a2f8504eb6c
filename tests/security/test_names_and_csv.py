"""Finding 10 of issue 12: formulas in the CSV export, look-alike names."""

from __future__ import annotations

import csv
import io

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from skyjo_pad.extensions import db
from skyjo_pad.models import Player
from skyjo_pad.services import pad, players


def test_a_name_that_would_be_a_formula_is_exported_as_text(
    app: Flask, client: FlaskClient
) -> None:
    hostile = ['=HYPERLINK("http://evil.test","x")', "+1+1", "@SUM(A1)", "-2+3"]
    with app.app_context():
        game = pad.new_game([*hostile, "Ann"])
        pad.add_round(
            game.id, pad.RoundEntry(tuple(pad.SeatEntry(score=s) for s in (1, 2, 3, 4, 5)), None)
        )
    rows = list(
        csv.DictReader(io.StringIO(client.get("/history/export.csv").text.removeprefix("\ufeff")))
    )
    names = {row["player"] for row in rows}
    assert names == {"'" + name for name in hostile} | {"Ann"}
    assert not any(name.startswith(("=", "+", "-", "@")) for name in names)


@pytest.mark.parametrize(
    "look_alike",
    [
        "Ann\u200b",
        "\u200bAnn",
        "A\u200dnn",
        "\u202eAnn",
        "Ａｎｎ",
        "ANN\u2066",
        "An\u00adn",
        "Ann\u3164",
        "Ann\u115f",
        "An\u034fn",
        "Ann\u2800",
        "Ann\ufe0f",
        "A\ufe0enn",
    ],
)
def test_a_look_alike_name_is_the_same_player(app: Flask, look_alike: str) -> None:
    with app.app_context():
        pad.new_game(["Ann", "Bob"])
        pad.new_game([look_alike, "Bob"])
        assert db.session.scalar(select(func.count()).select_from(Player)) == 2
        with pytest.raises(players.Invalid, match="twice"):
            players.check_names(["Ann", look_alike])


@pytest.mark.parametrize("blank", ["\u3164", "\u2800", "\u115f\u1160", "\uffa0 \u034f"])
def test_a_name_that_draws_nothing_is_no_name(blank: str) -> None:
    with pytest.raises(players.Invalid, match="Every player needs a name"):
        players.clean_name(blank)


def test_an_emoji_with_its_variation_selector_is_the_same_name() -> None:
    """Phones add U+FE0F to an emoji by themselves: "😀️" and "😀" are one player."""
    assert players.clean_name("\U0001f600\ufe0f") == "\U0001f600"
    with pytest.raises(players.Invalid, match="twice"):
        players.check_names(["\U0001f600", "\U0001f600\ufe0f"])


def test_direction_controls_are_dropped_from_a_name(app: Flask) -> None:
    assert players.clean_name("\u202eAnn\u202c") == "Ann"
    assert players.clean_name("Zo\u200be") == "Zoe"
