"""The host page of an online table: a seat handed to the computer player the host picks."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from table_forms import table_form

from skyjo_pad.services import online, online_seats

LINK = re.compile(r'href="(http://[^"]+/t/[\w-]+)" data-link')
"""A seat's link as the invitation page and the host's new-link box show it."""


def host_table(app: Flask) -> online.NewTable:
    with app.app_context():
        return online.create([online.Invitee("Ann"), online.Invitee("Bob")])


def bots_of(app: Flask, table: online.NewTable) -> list[str | None]:
    with app.app_context():
        return [seat.bot for seat in online_seats.seats(table.id, table.host_token)]


def test_the_host_picks_the_level_of_the_computer_player(app: Flask, client: FlaskClient) -> None:
    table = host_table(app)
    page = client.get(f"/t/{table.host_token}").text
    choice = re.search(r'<select name="bot" id="bot-1"[^>]*>(.*?)</select>', page, re.S)
    assert choice is not None
    options = re.findall(r'<option value="(\w+)"( selected)?>([^<]+)</option>', choice.group(1))
    assert [(value, label) for value, _, label in options] == [  # the level alone: it fits
        ("easy", "Easy"),  # beside the button at large text ("Mittlerer Computer" did not)
        ("medium", "Medium"),
        ("hard", "Hard"),
        ("expert", "Expert"),
    ]
    assert [value for value, selected, _ in options if selected] == ["medium"]
    assert '<label class="visually-hidden" for="bot-1">Computer player for Bob</label>' in page

    given = client.post(f"/t/{table.host_token}/seats/1/player", data={"bot": "hard"})
    assert given.status_code == 303
    assert bots_of(app, table) == [None, "hard"]
    assert "Played by the computer (hard)." in client.get(f"/t/{table.host_token}").text


@pytest.mark.parametrize("level", ["genius", "person"])
def test_an_unknown_level_is_refused_and_changes_nothing(
    app: Flask, client: FlaskClient, level: str
) -> None:
    table = host_table(app)
    refused = client.post(f"/t/{table.host_token}/seats/1/player", data={"bot": level})
    assert refused.status_code == 303 and refused.location == f"/t/{table.host_token}"
    page = client.get(refused.location).text  # the host's page, saying why
    assert f"There is no computer player &#39;{level}&#39;." in page
    assert bots_of(app, table) == [None, None]


def test_the_host_finds_the_invitation_links_again_and_they_stay_true(
    client: FlaskClient,
) -> None:
    """The browser that made the table goes back to its links from the host's page; a seat
    given a new link shows the new one there, never the one that stopped working."""
    form = table_form(("Ann", "person"), ("Bob", "person"), confirm_online="1")
    invited = client.post("/tables/new", data=form).location
    host = invited.removesuffix("/invited")
    old_links = set(
        re.findall(r'href="(http://[^"]+/t/[\w-]+)" data-link', client.get(invited).text)
    )
    assert len(old_links) == 2
    page = client.get(host).text
    assert f'href="{invited}">Show the invitation links again</a>' in page
    assert "Make a new link" not in page

    made = client.post(f"{host}/seats/1/link", data={"confirm": "yes"})
    assert made.status_code == 303
    new_bob = LINK.search(client.get(host).text)
    assert new_bob is not None
    links = set(LINK.findall(client.get(invited).text))
    assert new_bob.group(1) in links and len(links) == 2 and len(links & old_links) == 1

    elsewhere = client.application.test_client().get(host).text
    assert "Show the invitation links again" not in elsewhere


def test_a_host_page_left_open_asks_no_question_of_a_table_that_is_over(
    app: Flask, client: FlaskClient
) -> None:
    """Its "Abandon" form sent after the table was abandoned elsewhere: the host's page
    says it was, instead of asking whether to stop it."""
    table = host_table(app)
    host = table.host_token
    assert "Abandon this game?" in client.post(f"/t/{host}/abandon", data={}).text
    assert "Abandon this game?" in client.get(f"/t/{host}/abandon").text  # a page of its own
    client.post(f"/t/{host}/abandon", data={"confirm": "yes"})
    late = client.post(f"/t/{host}/abandon", data={})
    assert late.status_code == 303 and late.location == f"/t/{host}"
    back = client.get(f"/t/{host}/abandon")  # Back after abandoning: the question's address
    assert back.status_code == 303 and back.location == f"/t/{host}"
    page = client.get(late.location).text
    assert "This table was abandoned." in page and "Abandon this game?" not in page
