"""Issue 24: the host's tools forgive. An online table is made only after its line-up was
looked over; the invitation page is reached by a redirect, so a reload shows the same
table; a new link is made only once confirmed, and is shown again (with its QR code) on
the host's page; a replaced link's page says what happened; the turn is told in words to
the seat whose turn it is, and to nobody else."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from online_walk import create, move, seat_tokens, state
from sqlalchemy import func, select
from table_forms import table_form

from skyjo_pad.extensions import db
from skyjo_pad.models import Game

LINK = re.compile(r"/t/([A-Za-z0-9_-]{43})")


def _games(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(Game)) or 0)


def _made(client: FlaskClient) -> tuple[str, str]:
    """Make a table through the form (line-up, then confirm): the invitation page's address
    and its text."""
    form = table_form(("Ann", "person"), ("Bob", "person"), ("", "easy"), confirm_online="1")
    made = client.post("/tables/new", data=form)
    assert made.status_code == 303, made.text[:300]
    page = client.get(made.headers["Location"])
    assert page.status_code == 200 and "The table is ready" in page.text
    return made.headers["Location"], page.text


def test_the_line_up_is_shown_and_corrected_before_anything_is_made(
    app: Flask, client: FlaskClient
) -> None:
    before = _games(app)
    form = table_form(("Ann", "person"), ("Bbo", "person"), ("", "hard"), online="1")
    form["seat-0-email"] = "ann@example.org"
    lineup = client.post("/tables/new", data=form)
    assert lineup.status_code == 200 and "Check the line-up" in lineup.text
    text = lineup.text
    assert text.index("Ann") < text.index("Bbo") < text.index("Hard bot")
    assert "ann@example.org" in text and "/t/" not in text
    assert _games(app) == before  # nothing made yet

    corrected = client.post("/tables/new", data={**form, "correct": "1"})
    assert corrected.status_code == 200 and "Play at the table" in corrected.text
    assert 'value="Bbo"' in corrected.text and 'value="ann@example.org"' in corrected.text
    assert _games(app) == before

    form |= {"seat-1-name": "Bob", "confirm_online": "1"}
    del form["online"]
    made = client.post("/tables/new", data=form)
    assert made.status_code == 303 and _games(app) == before + 1


def test_a_bad_line_up_is_refused_before_it_is_shown(app: Flask, client: FlaskClient) -> None:
    form = table_form(("Ann", "person"), ("Ann", "person"), online="1")
    page = client.post("/tables/new", data=form)
    assert page.status_code == 200 and "Check the line-up" not in page.text
    assert 'class="field-error"' in page.text


def test_reloading_the_invitation_page_shows_the_same_table(
    app: Flask, client: FlaskClient
) -> None:
    address, first = _made(client)
    count = _games(app)
    again = client.get(address)
    assert again.status_code == 200 and _games(app) == count  # no second table
    assert sorted(set(LINK.findall(again.text))) == sorted(set(LINK.findall(first)))
    assert len(set(LINK.findall(first))) == 4  # two seats, the spectators, the host
    # Another browser with the host link: the host's page, never the seats' links.
    host = address.split("/t/")[1].split("/")[0]
    other = app.test_client().get(f"/t/{host}/invited")
    assert other.status_code == 303 and other.headers["Location"].endswith(f"/t/{host}")


def test_a_new_link_is_confirmed_then_shown_with_its_code(app: Flask, client: FlaskClient) -> None:
    table = create(client)
    host, ann = table["host_token"], seat_tokens(table)[0]
    asked = client.post(f"/t/{host}/seats/0/link")
    assert asked.status_code == 200 and "A new link for Ann?" in asked.text
    assert client.get(f"/t/{ann}").status_code == 200  # still Ann's until confirmed

    made = client.post(f"/t/{host}/seats/0/link", data={"confirm": "yes"})
    assert made.status_code == 303
    page = client.get(made.headers["Location"])
    fresh = LINK.findall(page.text.split("The new link for Ann")[1].split("</section>")[0])
    assert fresh and fresh[0] != ann and "<svg" in page.text
    assert client.get(f"/t/{fresh[0]}").status_code == 200
    old = client.get(f"/t/{ann}")
    assert old.status_code == 404 and "new link" in old.text and "Not found" not in old.text
    assert client.get(made.headers["Location"]).text.count(fresh[0]) >= 1  # reload: kept


def test_a_computer_seat_given_to_a_person_gets_its_link_at_once(
    app: Flask, client: FlaskClient
) -> None:
    """A seat dealt to the computer has no link: given to a person, named on the host's
    page, it gets one, shown there (else the table would wait for a player nobody can
    invite); the person plays under their own name, never as "Hard bot"."""
    table = create(client)
    host, ann = table["host_token"], seat_tokens(table)[0]
    page = client.get(f"/t/{host}").text
    assert ">Name of the person who takes this seat</label>" in page
    nameless = client.post(f"/t/{host}/seats/2/player", data={"bot": ""})
    shown = client.get(nameless.headers["Location"]).text
    assert "Give the name of the person who takes this seat." in shown
    computer = client.post(f"/t/{host}/seats/2/player", data={"bot": "", "name": "Hard bot"})
    shown = client.get(computer.headers["Location"]).text
    assert 'value="Hard bot" aria-invalid="true"' in shown  # kept in its field, marked
    given = client.post(f"/t/{host}/seats/2/player", data={"bot": "", "name": "Dee"})
    assert given.status_code == 303
    page = client.get(given.headers["Location"])
    fresh = LINK.findall(page.text.split("The new link for Dee")[1].split("</section>")[0])
    assert fresh and fresh[0] not in (host, ann)
    assert state(client, table, fresh[0])["seat"] == 2
    # a person's seat handed to the computer and back keeps its own link
    client.post(f"/t/{host}/seats/0/player", data={"bot": "easy"})
    back = client.post(f"/t/{host}/seats/0/player", data={"bot": ""})
    assert "The new link for Ann" not in client.get(back.headers["Location"]).text
    assert state(client, table, ann)["seat"] == 0


def test_your_turn_is_told_to_the_seat_on_turn_only(app: Flask, client: FlaskClient) -> None:
    table = create(client)
    tokens = seat_tokens(table)
    for token in tokens:  # the opening: each seat turns up its cards
        seen = state(client, table, token)
        while seen["view"]["phase"] == "reveal" and seen["moves"]:
            body = {"version": seen["version"], "move": seen["moves"][0]}
            seen = move(client, table, token, body).get_json()
    lines = [state(client, table, token) for token in tokens]
    actor = lines[0]["actor"]
    assert actor in (0, 1)
    name = lines[actor]["seats"][actor]["name"]
    assert lines[actor]["info"]["now"].startswith(f"Your turn, {name}: ")
    other = lines[1 - actor]["info"]["now"]
    assert re.fullmatch(rf"{name} (takes the −?\d+ or draws|draws a card)…", other), other
    spectator = state(client, table, table["spectator_token"])
    assert "Your turn" not in spectator["info"]["now"]


def test_twelve_seats_links_fit_the_session_cookie(app: Flask, client: FlaskClient) -> None:
    """The invitation page's tokens ride in the host's session cookie: 12 seats with long
    names stay well under a browser's 4 KB per cookie."""
    seats = [(f"Player number {n} with a long name", "person") for n in range(12)]
    form = table_form(*seats, extended="y", confirm_online="1")
    made = client.post("/tables/new", data=form)
    assert made.status_code == 303, made.text[:300]
    cookie = next(c for c in made.headers.getlist("Set-Cookie") if c.startswith("session="))
    assert len(cookie) < 3500, len(cookie)
    page = client.get(made.headers["Location"])
    assert len(set(LINK.findall(page.text))) == 14  # 12 seats, the spectators, the host
