"""The sheet at the end of a game, the friendly error pages, CSRF protection, and how
long browsers may keep the static files."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from web_helpers import (
    counts,
    flashes,
    game_form,
    input_value,
    page_text,
    round_form,
    save_round,
    sheet,
    start_game,
    totals_shown,
    words,
)


def test_the_game_over_page_names_the_winner(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client, ["Ann", "Bob", "Cy"], target="50")
    save_round(client, game_id, [8, 50, 10], 2)
    response = client.get(f"/games/{game_id}")
    said = words(response)
    assert "Ann wins with 8" in said and "shared victory" not in said
    assert "1. Ann 8 2. Cy 20 3. Bob 50" in said
    assert totals_shown(response) == [8, 50, 20]
    assert f"/games/new?again={game_id}" in page_text(response)


def test_tied_lowest_totals_share_the_victory(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client, ["Ann", "Bob", "Cy"], target="50")
    save_round(client, game_id, [8, 50, 8], "none")
    assert sheet(app, game_id).winners == (0, 2)
    said = words(client.get(f"/games/{game_id}"))
    assert "Ann and Cy win with 8" in said
    assert "A shared victory" in said
    assert "1. Ann 8 1. Cy 8 3. Bob 50" in said


def test_a_finished_game_takes_no_new_round(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client, ["Ann", "Bob"], target="10")
    save_round(client, game_id, [3, 12], 0)
    response = client.get(f"/games/{game_id}/rounds/new", follow_redirects=True)
    assert any("This game is over" in m for m in flashes(response))
    refused = client.post(
        f"/games/{game_id}/rounds/new", data=round_form([1, 2], 0), follow_redirects=True
    )
    assert refused.status_code == 200
    assert len(sheet(app, game_id).rounds) == 1


def test_a_total_close_to_the_target_is_pointed_out(client: FlaskClient) -> None:
    game_id = start_game(client, ["Ann", "Bob"], target="101")
    save_round(client, game_id, [81, 80], "none")
    text = page_text(client.get(f"/games/{game_id}"))
    assert "Ann has 81: 20 from 101" in text
    assert "Bob has 80" not in text


def test_the_home_page_lists_games(client: FlaskClient) -> None:
    playing = start_game(client, ["Ann", "Bob"])
    done = start_game(client, ["Cy", "Dee"], target="5")
    save_round(client, done, [1, 9], 0)
    text = page_text(client.get("/"))
    assert f"/games/{playing}" in text and f"/games/{done}" in text


@pytest.mark.parametrize(
    "url",
    [
        "/games/nosuchgame",
        "/games/nosuchgame/rounds/new",
        "/games/nosuchgame/rounds/1/edit",
        "/games/nosuchgame/rounds/1/delete",
        "/no/such/page",
    ],
)
def test_an_unknown_address_gets_a_friendly_page(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    text = page_text(response)
    assert "Not found" in text and "Back to the start" in text
    assert "Traceback" not in text and "werkzeug" not in text.lower()


def test_a_post_to_an_unknown_game_gets_a_friendly_page(client: FlaskClient) -> None:
    response = client.post("/games/nosuchgame/rounds/new", data=round_form([1, 2], 0))
    assert response.status_code == 404 and "Back to the start" in page_text(response)


def test_without_the_csrf_token_nothing_is_saved(csrf_app: Flask) -> None:
    client = csrf_app.test_client()
    before = counts(csrf_app)
    response = client.post("/games/new", data=game_form(["Ann", "Bob"]))
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    text = page_text(response)
    assert "Please try again" in text and "Reload it and try again" in text
    assert counts(csrf_app) == before


def test_over_https_the_forms_work_with_no_referer(csrf_app: Flask) -> None:
    """Behind a TLS proxy: no browser sends a Referer (every page says no-referrer), so
    the form's token alone decides; a form without it is still refused."""
    client = csrf_app.test_client()
    https = {"base_url": "https://localhost"}
    token = input_value(client.get("/games/new", **https), "csrf_token")
    form = {**game_form(["Ann", "Bob"]), "csrf_token": token}
    started = client.post("/games/new", data=form, **https)
    assert started.status_code == 302, page_text(started)[:300]
    del form["csrf_token"]
    assert client.post("/games/new", data=form, **https).status_code == 400
    assert counts(csrf_app)[0] == 1


def test_with_the_csrf_token_the_forms_work(csrf_app: Flask) -> None:
    client = csrf_app.test_client()
    token = input_value(client.get("/games/new"), "csrf_token")
    assert token
    started = client.post("/games/new", data={**game_form(["Ann", "Bob"]), "csrf_token": token})
    assert started.status_code == 302
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    form = client.get(f"/games/{game_id}/rounds/new")
    fields = round_form([3, 4], 0, csrf_token=input_value(form, "csrf_token") or "")
    fields["version"] = input_value(form, "version") or ""
    assert client.post(f"/games/{game_id}/rounds/new", data=fields).status_code == 302
    forged = client.post(f"/games/{game_id}/rounds/1/delete", data={"version": "2"})
    assert forged.status_code == 400
    assert counts(csrf_app) == (1, 2, 1)


def test_the_pages_files_are_kept_a_year_at_their_hashed_address(client: FlaskClient) -> None:
    home = client.get("/").get_data(as_text=True)
    hashed = re.findall(r'(/static/[\w./-]+\?v=[0-9a-f]{10})"', home)
    assert any(url.startswith("/static/app.css?") for url in hashed), hashed
    for url in hashed:
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable", url
    # by another hash (a page from before the file changed) or none: an hour, as before
    for url in ("/static/app.css?v=0000000000", "/static/app.css"):
        assert "immutable" not in client.get(url).headers["Cache-Control"], url
    assert client.get("/static/nothing.css?v=0000000000").status_code == 404


def test_a_page_drawn_for_a_form_is_its_addresss_get_only_where_that_answers_get(
    client: FlaskClient,
) -> None:
    """A page the server draws for a POST is marked for static/app.js to make its history
    entry the address's GET (Back and reload then show the page, not a resend), only where
    that address answers GET: the confirm page at a POST-only address keeps its entry."""
    drawn = client.post("/tables/new", data={"more": "1"})
    assert drawn.status_code == 200 and "data-posted" in drawn.text
    refused = client.post("/history/import", data={})  # POST only: no GET of its own
    assert "Choose an export file" in refused.text and "data-posted" not in refused.text
    assert "data-posted" not in client.get("/tables/new").text
