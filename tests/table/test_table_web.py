"""The table's pages and the JSON its play screen speaks, through the test client."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from databases import Databases
from flask import Flask
from flask.testing import FlaskClient
from flask_babel import refresh
from sqlalchemy import func, select
from table_forms import table_form
from table_service_helpers import play_round

from skyjo_pad import create_app
from skyjo_pad.extensions import db
from skyjo_pad.models import Game

FORM = table_form(("Ann", "person"), ("", "easy"), ("", "person"), target="30", seed="42")


def start(client: FlaskClient, **changes: str) -> str:
    """Post the new-table form; the new table's id."""
    answer = client.post("/tables/new", data={**FORM, **changes, "start": "1"})
    assert answer.status_code == 302, answer.text
    match = re.fullmatch(r"/tables/(\w+)", answer.headers["Location"])
    assert match
    return match.group(1)


def screen(client: FlaskClient, game_id: str) -> dict[str, Any]:
    """The play screen's data."""
    data: dict[str, Any] = client.get(f"/api/phone-tables/{game_id}").get_json()
    return data


def test_the_form_shows_every_rule_with_its_official_default(client: FlaskClient) -> None:
    """Seats (a person and a computer player to begin with) and all rule options."""
    page = client.get("/tables/new").text
    for label in (
        "Game ends at",
        "Closer’s penalty",
        "A tie with the closer doubles",
        "Only a score above 0",
        "equal opening cards",
        "Later rounds: who starts",
        "Cards each player turns up",
        "Four equal cards in a row",
        "Up to 12 players",
        "End a round after",
        "Deal number",
    ):
        assert label in page, label
    assert page.count("Official") >= 10
    assert re.search(r'<option selected value="medium">', page)
    assert 'placeholder="Medium bot"' in page  # a computer seat's name when left blank


def test_a_table_starts_without_javascript(client: FlaskClient) -> None:
    """The plain form deals; a blank computer seat is named; a blank person seat left out."""
    game_id = start(client)
    data = screen(client, game_id)
    assert data["view"]["players"] == ["Ann", "Easy bot"]
    assert data["bots"] == [None, "easy"]
    assert data["view"]["rules"] == {"target": 30}
    page = client.get(f"/tables/{game_id}").text
    assert "data-initial" in page and '"draw":' not in page and '"seed"' not in page


def test_the_form_buttons_add_and_remove_seats(client: FlaskClient) -> None:
    """Another seat, a known player, remove: the form comes back rearranged."""
    start(client, **{"seat-0-name": "Zoe"})
    more = client.post("/tables/new", data={**FORM, "more": "1"}).text
    assert 'name="seat-3-name"' in more
    added = client.post("/tables/new", data={**FORM, "add": "Zoe"}).text
    assert re.search(r'name="seat-2-name"[^>]*value="Zoe"', added)
    removed = client.post("/tables/new", data={**FORM, "remove": "0"}).text
    assert 'value="Ann"' not in removed
    for odd in ("x", "-1", "99"):  # not a seat's button: the form again, no table
        again = client.post("/tables/new", data={**FORM, "remove": odd})
        assert again.status_code == 200 and 'value="Ann"' in again.text


def test_refusals_come_back_on_the_form(client: FlaskClient) -> None:
    """Too few people, a bad target: the form says so and no table starts."""
    page = client.post("/tables/new", data={**FORM, "seat-1-kind": "person", "start": "1"}).text
    assert "A game needs 2 to 8 players" in page
    page = client.post("/tables/new", data={**FORM, "target": "0", "start": "1"}).text
    assert "The game must end at a score from 1" in page
    page = client.post(
        "/tables/new",
        data={**FORM, "seat-0-kind": "hard", "start": "1"},
    ).text
    assert "At least one seat needs a person" in page
    # a computer seat left blank gets the name its box showed, in the reader's language
    refresh()
    swedish = {**FORM, "seat-1-kind": "hard", "seat-1-name": "", "start": "1"}
    made = client.post("/tables/new", data=swedish, headers={"Accept-Language": "sv"})
    state = client.get(f"/api/phone-tables/{made.location.rsplit('/', 1)[-1]}").get_json()
    assert state["view"]["players"][1] == "Svår dator"
    person = {**FORM, "seat-1-kind": "person", "seat-1-name": "svår dator 2", "start": "1"}
    refused = client.post("/tables/new", data=person, headers={"Accept-Language": "sv"}).text
    assert "svår dator 2 är en datorspelares namn" in refused
    refresh()
    # a choice no page offers (a hand-edited form) is said at its field, in the language
    odd = {**FORM, "seat-1-kind": "godlike", "first_tiebreak": "xx", "start": "1"}
    page = client.post("/tables/new", data=odd, headers={"Accept-Language": "de"}).text
    assert page.count("Keine gültige Auswahl.") == 2


def test_emails_ask_for_an_online_table_instead_of_being_dropped(
    app: Flask, client: FlaskClient
) -> None:
    with app.app_context():
        before = db.session.scalar(select(func.count()).select_from(Game))
    page = client.post(
        "/tables/new", data={**FORM, "seat-0-email": "ann@example.org", "start": "1"}
    )
    assert page.status_code == 200 and "tap “Play online”, or clear the emails" in page.text
    assert 'value="ann@example.org"' in page.text  # kept, to go online with
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == before
    start(client, **{"seat-0-email": "  "})  # a blank one is no email
    start(client, **{"seat-1-email": "bot@example.org"})  # nor a computer's (never shown)


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("target", "The game must end at a score from 1"),
        ("multiplier", "The multiplier is a whole number from 1"),
        ("reveal_count", "Give a number from 0 to 12."),
        ("stall_turns", "From 1 to"),
        ("seed", "The deal number is a whole number from 0"),
    ],
)
@pytest.mark.parametrize("sign", ["", "-"])
def test_a_number_too_long_for_a_float_is_out_of_range(
    client: FlaskClient, field: str, message: str, sign: str
) -> None:
    """309 digits and more (beyond a float) get the field's range, not a server error."""
    page = client.post("/tables/new", data={**FORM, field: sign + "9" * 400, "start": "1"})
    assert page.status_code == 200 and message in page.text


def test_moves_answer_the_new_screen_or_why_not(client: FlaskClient) -> None:
    """A legal move: 200 and the new screen; illegal 422, stale 409, unreadable 400."""
    game_id = start(client)
    data = screen(client, game_id)
    url = f"/api/phone-tables/{game_id}/moves"
    illegal = client.post(url, json={"version": data["version"], "move": {"action": "draw"}})
    assert illegal.status_code == 422
    assert illegal.get_json()["error"] == "Everyone must first turn up 2 cards."
    assert illegal.get_json()["state"] == data
    moved = client.post(url, json={"version": data["version"], "move": data["moves"][0]})
    assert moved.status_code == 200 and moved.get_json()["version"] > data["version"]
    stale = client.post(url, json={"version": data["version"], "move": data["moves"][1]})
    assert stale.status_code == 409 and stale.get_json()["state"] == moved.get_json()
    assert client.post(url, data="not json").status_code == 400
    assert client.post("/api/phone-tables/nothere/moves", json={}).status_code == 404
    assert client.get("/tables/nothere").status_code == 404


def test_advance_and_hint_endpoints(client: FlaskClient) -> None:
    """The computer's steps on request; a hint for the person to act."""
    game_id = start(client)
    data = screen(client, game_id)
    hint = client.get(f"/api/phone-tables/{game_id}/hint?version={data['version']}").get_json()
    assert hint["move"] in data["moves"]
    for _ in range(2):
        data = client.post(
            f"/api/phone-tables/{game_id}/moves",
            json={"version": data["version"], "move": data["moves"][0]},
        ).get_json()
    assert data["bots"][data["actor"]] == "easy"
    advanced = client.post(
        f"/api/phone-tables/{game_id}/advance", json={"version": data["version"], "all": True}
    ).get_json()
    assert advanced["actor"] == 0 and advanced["moves"]
    assert client.get(f"/api/phone-tables/{game_id}/hint?version=1").status_code == 409


def test_the_abandon_question_is_a_page_and_never_asked_of_a_game_over(
    client: FlaskClient,
) -> None:
    """The question is a page of its own (Back after abandoning comes to its address, not
    to a form sent again); once the game is over, it leads to the table, which says so."""
    game_id = start(client)
    asked = client.get(f"/tables/{game_id}/abandon")
    assert asked.status_code == 200 and "Abandon this game?" in asked.text
    assert "Abandon this game?" in client.post(f"/tables/{game_id}/abandon", data={}).text
    done = client.post(f"/tables/{game_id}/abandon", data={"confirm": "yes"})
    assert done.status_code == 302 and done.headers["Location"] == f"/tables/{game_id}"
    for again in (client.get, lambda url: client.post(url, data={})):
        answer = again(f"/tables/{game_id}/abandon")
        assert answer.status_code == 302 and answer.headers["Location"] == f"/tables/{game_id}"
    assert screen(client, game_id)["status"] == "abandoned"


def test_record_download_and_replay(app: Flask, client: FlaskClient) -> None:
    """The record only once the game is over, as a named JSON file; the replay steps."""
    game_id = start(client)
    assert client.get(f"/api/phone-tables/{game_id}/record").status_code == 409
    with app.app_context():
        play_round(game_id)
    client.post(f"/tables/{game_id}/abandon", data={"confirm": "yes"})
    answer = client.get(f"/api/phone-tables/{game_id}/record")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert answer.headers["Content-Disposition"] == f'attachment; filename="skyjo-{game_id}.json"'
    record = answer.get_json()
    assert record["format"] == "skyjo-record/1" and record["moves"]
    page = client.get(f"/tables/{game_id}/replay").text
    assert f'data-steps="{len(record["moves"])}"' in page
    step = client.get(f"/api/phone-tables/{game_id}/replay/1").get_json()
    assert step["step"] == 1 and step["view"]["viewer"] is None
    assert client.get(f"/api/phone-tables/{game_id}/replay/100000").status_code == 404
    again = client.get(f"/tables/new?again={game_id}").text
    assert 'value="42"' in again and 'value="Ann"' in again and 'value="30"' in again
    home = client.get("/").text
    assert f"/tables/{game_id}" in home


def test_the_seed_of_a_table_in_play_is_never_shown(client: FlaskClient) -> None:
    """Play again from a table still in play keeps its seats, but not its deal number."""
    game_id = start(client)
    again = client.get(f"/tables/new?again={game_id}").text
    assert 'value="Ann"' in again and 'value="42"' not in again


def test_json_posts_need_the_csrf_token(databases: Databases) -> None:
    """With CSRF on, a move without the page's token is refused."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": databases.empty("csrf"),
        }
    )
    client = app.test_client()
    page = client.get("/tables/new").text
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert token
    answer = client.post("/tables/new", data={**FORM, "start": "1", "csrf_token": token.group(1)})
    game_id = answer.headers["Location"].rsplit("/", 1)[1]
    data = json.loads(client.get(f"/api/phone-tables/{game_id}").text)
    body = {"version": data["version"], "move": data["moves"][0]}
    assert client.post(f"/api/phone-tables/{game_id}/moves", json=body).status_code == 400
    play = client.get(f"/tables/{game_id}").text
    header = re.search(r'data-csrf="([^"]+)"', play)
    assert header
    moved = client.post(
        f"/api/phone-tables/{game_id}/moves", json=body, headers={"X-CSRFToken": header.group(1)}
    )
    assert moved.status_code == 200


def test_an_abandoned_table_is_in_the_history(app: Flask, client: FlaskClient) -> None:
    """The home page lists it with the finished games, linking to the table."""
    game_id = start(client, target="100")
    with app.app_context():
        play_round(game_id)
    client.post(f"/tables/{game_id}/abandon", data={"confirm": "yes"})
    home = client.get("/").text
    assert f'href="/tables/{game_id}"' in home
    assert "Abandoned after 1 round" in home
    assert "Abandon this game" not in client.get(f"/tables/{game_id}").text


def test_the_play_screen_takes_its_pace_from_the_settings(
    client: FlaskClient, make_app: Any
) -> None:
    """A computer's step and the cards shown before the round's scores: 1 s and 1.8 s,
    or TABLE_STEP_SECONDS and SHOW_CARDS_SECONDS, in milliseconds on the page."""
    page = client.get(f"/tables/{start(client)}").text
    assert 'data-step-ms="1000" data-show-ms="1800"' in page
    quick = make_app(TABLE_STEP_SECONDS=0.25, SHOW_CARDS_SECONDS=0).test_client()
    page = quick.get(f"/tables/{start(quick)}").text
    assert 'data-step-ms="250" data-show-ms="0"' in page
