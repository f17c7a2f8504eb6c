"""Finding 8 of issue 12: only the device a table is played on sees the seat to act."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from table_forms import table_form

from skyjo_pad.services import tables

FORM = table_form(("Ann", "person"), ("Bob", "person"), start="1")


def _start(client: FlaskClient) -> str:
    answer = client.post("/tables/new", data=FORM)
    assert answer.status_code == 302, answer.text
    return answer.headers["Location"].rsplit("/", 1)[1]


def _draw(client: FlaskClient, game_id: str) -> dict[str, Any]:
    """Play the opening reveals on this device, then draw: the screen with a card in hand."""
    screen = client.get(f"/api/phone-tables/{game_id}").get_json()
    while screen["view"]["phase"] == "reveal":
        move = screen["moves"][0]
        screen = client.post(
            f"/api/phone-tables/{game_id}/moves", json={"version": screen["version"], "move": move}
        ).get_json()
    move = {"action": "draw"}
    return client.post(
        f"/api/phone-tables/{game_id}/moves", json={"version": screen["version"], "move": move}
    ).get_json()


def test_another_device_sees_no_drawn_card_and_cannot_move(app: Flask) -> None:
    phone, other = app.test_client(), app.test_client()
    game_id = _start(phone)
    mine = _draw(phone, game_id)
    held = mine["view"]["held"]
    assert held["from"] == "draw" and isinstance(held["value"], int)
    assert not mine["watching"]

    seen = other.get(f"/api/phone-tables/{game_id}").get_json()
    assert seen["watching"] is True
    assert seen["view"]["viewer"] is None and seen["view"]["held"]["value"] is None
    assert seen["moves"] == [] and seen["can_deal"] is False
    page = other.get(f"/tables/{game_id}").text
    assert "can only watch" in page
    for path, body in (("moves", {"move": {"action": "discard"}}), ("hint", None)):
        if body is None:
            answer = other.get(f"/api/phone-tables/{game_id}/hint?version={seen['version']}")
        else:
            answer = other.post(
                f"/api/phone-tables/{game_id}/{path}", json={"version": seen["version"], **body}
            )
        assert answer.status_code == 403, path
        assert answer.get_json()["state"]["view"]["held"]["value"] is None
    assert other.post(f"/tables/{game_id}/abandon", data={"confirm": "yes"}).status_code == 403
    assert phone.get(f"/api/phone-tables/{game_id}").get_json()["version"] == seen["version"]


def test_a_table_kept_from_before_belongs_to_the_first_device_to_open_it(app: Flask) -> None:
    with app.app_context():
        game_id = tables.create([tables.SeatChoice("Ann"), tables.SeatChoice("Bob")], {}, seed=9)
    first, second = app.test_client(), app.test_client()
    assert first.get(f"/api/phone-tables/{game_id}").get_json()["watching"] is False
    assert second.get(f"/api/phone-tables/{game_id}").get_json()["watching"] is True
    assert first.get(f"/api/phone-tables/{game_id}").get_json()["moves"]


def test_a_table_over_tells_no_other_device_it_can_only_watch(app: Flask) -> None:
    """Once over, nobody plays it: another device reads the final table, no watching note."""
    phone, other = app.test_client(), app.test_client()
    game_id = _start(phone)
    watching = other.get(f"/tables/{game_id}").text
    assert "data-watching hidden" not in watching
    assert "Abandon this game" not in watching  # not offered where it would be refused
    assert "Abandon this game" in phone.get(f"/tables/{game_id}").text
    assert phone.post(f"/tables/{game_id}/abandon", data={"confirm": "yes"}).status_code == 302
    assert "data-watching hidden" in other.get(f"/tables/{game_id}").text
