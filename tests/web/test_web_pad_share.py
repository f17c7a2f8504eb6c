"""The pages of a sheet shown on other phones (issue 23): the links page, what a watch and
a keeper link open, the big screen, and the access password."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from web_helpers import save_round, start_game, words

PASSWORD = "table-secret"


def make_link(client: FlaskClient, game_id: str, kind: str) -> str:
    """Make a link on the links page; the link the page shows (this once)."""
    made = client.post(f"/games/{game_id}/share", data={"kind": kind})
    assert made.status_code == 303 and made.headers["Location"] == f"/games/{game_id}/share"
    page = client.get(made.headers["Location"])
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    assert page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "<svg" in html  # its QR code
    found = re.search(r"data-link>(http://[^<]+/s/([\w-]+))</a>", html)
    assert found, html[:2000]
    return found.group(2)


def test_the_sheet_offers_other_phones_and_the_big_screen(
    client: FlaskClient, game_id: str
) -> None:
    sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/share"' in sheet and f'href="/games/{game_id}/tv"' in sheet
    assert f'data-events-url="/api/games/{game_id}/events"' in sheet
    page = client.get(f"/games/{game_id}/share")
    assert "No links yet" in words(page)


def test_a_watch_link_shows_the_sheet_and_its_part_follows_it(
    client: FlaskClient, game_id: str
) -> None:
    token = make_link(client, game_id, "watch")
    phone = client.application.test_client()
    page = phone.get(f"/s/{token}")
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    assert page.mimetype == "text/html"
    assert "Round 1" in words(page) and "No rounds yet" in words(page)
    assert "Enter round" not in words(page)
    save_round(client, game_id, [8, 50, 10], 2)
    part = phone.get(f"/s/{token}/part")
    said = words(part)
    assert "Round 2" in said and "Cy 10 → 20" in said  # the doubling sentence
    assert re.search(r"1\. ★ Ann 8 2\. Cy 20 3\. Bob 50", said), said
    assert part.headers["X-Sheet-Version"] == "2"
    tv = phone.get(f"/s/{token}/tv/part")
    assert "Ann leads with 8" in words(tv)
    listed = words(client.get(f"/games/{game_id}/share"))
    assert "Watch link" in listed and "opened at" in listed


def test_a_keeper_link_opens_the_sheet_where_rounds_are_entered(make_app: Any) -> None:
    app: Flask = make_app(ACCESS_PASSWORD=PASSWORD)
    owner = app.test_client()
    owner.post("/login", data={"password": PASSWORD})
    game_id = start_game(owner, ["Ann", "Bob", "Cy"])
    keeper_token = make_link(owner, game_id, "keeper")
    watch_token = make_link(owner, game_id, "watch")
    keeper, watcher = app.test_client(), app.test_client()
    assert keeper.get(f"/games/{game_id}").status_code in (302, 303)  # the password first
    opened = keeper.get(f"/s/{keeper_token}")
    assert opened.status_code == 303 and opened.headers["Location"] == f"/games/{game_id}"
    kept_sheet = keeper.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Enter round 1" in words(keeper.get(f"/games/{game_id}"))
    assert 'class="brand" href=' not in kept_sheet  # its icon leads to no password page
    save_round(keeper, game_id, [8, 50, 10], 2)
    assert keeper.get(f"/api/games/{game_id}/events").status_code == 200
    save_round(keeper, game_id, [100, 5, 5], 0)  # the game ends: no "Play again" to the
    over = words(keeper.get(f"/games/{game_id}"))  # password page for the keeper
    assert "wins" in over and "Play again" not in over
    seen = words(owner.get(f"/games/{game_id}"))  # the same version, drawn for the owner
    assert "Play again" in seen and "Show on other phones" in seen
    taken = keeper.post(f"/games/{game_id}/rounds/2/delete", data={"version": "3"})
    assert taken.status_code == 302  # taken back: the game goes on
    assert keeper.get("/history").status_code in (302, 303)  # nothing else of the app
    assert keeper.get(f"/games/{game_id}/share").status_code in (302, 303)
    assert watcher.get(f"/s/{watch_token}").status_code == 200
    assert "Cy 10 → 20" in words(watcher.get(f"/s/{watch_token}/part"))
    assert watcher.get(f"/games/{game_id}/rounds/new").status_code in (302, 303)
    assert watcher.get(f"/games/{game_id}/tv").status_code == 200
    # the keeper scans the watch link's code by mistake: it is still the keeper
    assert keeper.get(f"/s/{watch_token}").status_code == 200
    assert keeper.get(f"/games/{game_id}/rounds/new").status_code == 200
    # a round the keeper's phone kept offline is sent with the link it opened; a watch
    # link kept in a browser sends none
    kept = {"scores": [1, 2, 3], "closer": 0}
    assert keeper.post(f"/api/games/{game_id}/rounds", json=kept).status_code == 201
    assert watcher.post(f"/api/games/{game_id}/rounds", json=kept).status_code == 401
    # revoked: the keeper is back at the password, the watcher's page says so
    links = owner.get(f"/api/games/{game_id}/shares").get_json()["links"]
    for link in links:
        assert owner.post(f"/games/{game_id}/share/{link['id']}/revoke").status_code == 303
    # the keeper is told its link was revoked (not asked for the password it never had)
    told = keeper.get(f"/games/{game_id}/rounds/new")
    assert told.status_code == 404 and "it was revoked" in words(told)
    sent = keeper.post(f"/api/games/{game_id}/rounds", json=kept)
    assert sent.status_code == 401 and "revoked" in sent.get_json()["error"]
    assert keeper.get("/history").status_code in (302, 303)  # elsewhere: the password
    assert watcher.get(f"/s/{watch_token}/part").status_code == 404
    assert "revoked" in words(watcher.get(f"/s/{watch_token}"))
    assert watcher.get(f"/api/games/{game_id}/events").status_code == 401
    # a link's holder chooses the language without the password
    chosen = watcher.get(f"/language/sv?next=/s/{watch_token}")
    assert chosen.status_code == 302 and chosen.headers["Location"] == f"/s/{watch_token}"
    assert "återkallades" in words(watcher.get(f"/s/{watch_token}"))


def test_a_reload_of_the_links_page_makes_no_other_link(client: FlaskClient, game_id: str) -> None:
    token = make_link(client, game_id, "keeper")
    again = client.get(f"/games/{game_id}/share")  # the reload: the page it was shown on
    assert token not in again.get_data(as_text=True)  # shown once
    assert len(client.get(f"/api/games/{game_id}/shares").get_json()["links"]) == 1


def test_the_owner_who_opened_a_link_since_revoked_still_follows_the_sheet(
    client: FlaskClient, game_id: str
) -> None:
    token = make_link(client, game_id, "watch")
    assert client.get(f"/s/{token}").status_code == 200  # kept in this browser's session
    link = client.get(f"/api/games/{game_id}/shares").get_json()["links"][0]
    assert client.post(f"/games/{game_id}/share/{link['id']}/revoke").status_code == 303
    assert client.get(f"/api/games/{game_id}/events").status_code == 200


def test_the_big_screen_of_a_finished_game_names_the_winner(
    client: FlaskClient,
) -> None:
    game_id = start_game(client, ["Ann", "Bob"], target="10")
    save_round(client, game_id, [3, 12], 0)
    page = words(client.get(f"/games/{game_id}/tv"))
    assert "Ann wins with 3" in page and "Game over after 1 round" in page


def test_links_cannot_be_made_for_a_missing_game_or_with_a_stale_form(
    client: FlaskClient, csrf_app: Flask, game_id: str
) -> None:
    assert client.post("/games/nosuchgame/share", data={"kind": "watch"}).status_code == 404
    assert client.get("/s/not-a-token").status_code == 404
    refused = client.post(f"/games/{game_id}/share", data={"kind": "boss"}, follow_redirects=True)
    assert 'must be "watch" or "keeper"' in words(refused)
    stale = csrf_app.test_client().post(f"/games/{game_id}/share", data={"kind": "watch"})
    assert stale.status_code == 400  # a form without its token: nothing is made


def test_a_watch_page_follows_its_own_link_not_the_last_one_opened(make_app: Any) -> None:
    """With the password set: a phone opened a keeper link, then the watch link; the keeper
    link is revoked. The watch page's stream is its own link's, and stays open."""
    app: Flask = make_app(ACCESS_PASSWORD=PASSWORD)
    owner = app.test_client()
    owner.post("/login", data={"password": PASSWORD})
    game_id = start_game(owner, ["Ann", "Bob"])
    keeper_token = make_link(owner, game_id, "keeper")
    watch_token = make_link(owner, game_id, "watch")
    phone = app.test_client()
    phone.get(f"/s/{keeper_token}")
    page = phone.get(f"/s/{watch_token}").get_data(as_text=True)
    found = re.search(r'data-events-url="([^"]+)"', page)
    assert found, page[:1500]
    events = html.unescape(found.group(1))
    assert phone.get(events).status_code == 200
    keeper_link = owner.get(f"/api/games/{game_id}/shares").get_json()["links"][0]
    assert keeper_link["kind"] == "keeper"
    revoke = f"/games/{game_id}/share/{keeper_link['id']}/revoke"
    assert owner.post(revoke).status_code == 303
    assert phone.get(events).status_code == 200  # its own link is still good
    assert phone.get(f"/api/games/{game_id}/events").status_code == 401  # the kept one: not
