"""An online table's phone takes the other phones' moves from its event stream: the
stream pushes its own answer, and the page shows it without asking the server again."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from browser_helpers import PHONE_CONTEXT
from playwright.sync_api import Browser, Page, Request, Route, expect
from table_helpers import state

SEATS = [{"name": "Ann"}, {"name": "Bob"}]


def api(base: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
    data = None if body is None else json.dumps(body).encode()
    ask = urllib.request.Request(base + path, data=data, method=method)
    ask.add_header("Content-Type", "application/json")
    if token:
        ask.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(ask, timeout=10) as answer:
        return json.loads(answer.read())


def test_the_other_phone_shows_a_move_without_asking_for_it(
    browser: Browser, live_server: str
) -> None:
    seats = [{"name": "Ann"}, {"name": "Bob"}]
    table = api(live_server, "POST", "/api/tables", {"seats": seats})
    ann, bob = (seat["token"] for seat in table["seats"])
    context = browser.new_context(**PHONE_CONTEXT)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/t/{bob}")
        page.wait_for_selector("[data-live]:not([hidden])")
        asked: list[str] = []

        def seen(request: Request) -> None:
            if request.method == "GET" and request.url.endswith(f"/api/tables/{table['id']}"):
                asked.append(request.url)

        page.on("request", seen)
        version = state(page)["version"]
        for _ in range(2):  # Ann turns up two cards on her own phone (the API here)
            mine = api(live_server, "GET", f"/api/tables/{table['id']}", token=ann)
            body = {"version": mine["version"], "move": mine["moves"][0]}
            api(live_server, "POST", f"/api/tables/{table['id']}/moves", body, token=ann)
        page.wait_for_function(f"window.skyjoTable.state.version >= {version + 2}")
        shown = state(page)
        assert shown["view"]["viewer"] == 1 and shown["seat"] == 1
        assert sum(c != "?" for row in shown["view"]["grids"][0] for c in row) == 2  # hers, up
        page.wait_for_timeout(2500)  # past the wait for an answer that does not come
        assert asked == []
    finally:
        context.close()


def test_a_page_refused_its_stream_says_it_is_not_live_and_asks_again(
    page: Page, live_server: str
) -> None:
    """A link's fifth page gets 429 for its stream (four per link): EventSource never asks
    again by itself. The page must not claim "Live", and must come back to the table."""
    seats = [{"name": "Ann"}, {"name": "Bob"}]
    table = api(live_server, "POST", "/api/tables", {"seats": seats})
    ann, bob = (seat["token"] for seat in table["seats"])
    refused: list[str] = []

    def full(route: Route) -> None:
        if not refused:
            refused.append(route.request.url)
            route.fulfill(status=429, json={"error": "Too many pages follow this link."})
        else:
            route.continue_()

    page.route("**/events*", full)
    page.goto(f"{live_server}/t/{bob}")
    page.wait_for_function("() => window.skyjoTable && window.skyjoTable.state")
    expect(page.locator("[data-live]")).to_be_hidden()
    expect(page.locator("[data-live-offline]")).to_be_hidden()  # the network is there
    assert refused
    mine = api(live_server, "GET", f"/api/tables/{table['id']}", token=ann)
    body = {"version": mine["version"], "move": mine["moves"][0]}
    api(live_server, "POST", f"/api/tables/{table['id']}/moves", body, token=ann)
    expect(page.locator("[data-live]")).to_be_visible()  # asked again, and let in
    page.wait_for_function(f"window.skyjoTable.state.version >= {mine['version'] + 1}")


def _play_turn(base: str, table: str, tokens: list[str]) -> Any:
    """The seat to act draws and keeps the card in place of its first card."""
    seen = api(base, "GET", f"/api/tables/{table}", token=tokens[0])
    token = tokens[seen["actor"]]
    for move in ({"action": "draw"}, {"action": "swap", "cell": [0, 0]}):
        mine = api(base, "GET", f"/api/tables/{table}", token=token)
        body = {"version": mine["version"], "move": move}
        seen = api(base, "POST", f"/api/tables/{table}/moves", body, token=token)
    return seen


def test_a_phone_away_while_a_round_ended_and_the_next_was_dealt_shows_its_scores(
    page: Page, live_server: str
) -> None:
    """Ann's page was closed when round 1 ended and Bob dealt round 2: opened again, it
    shows round 1's scores (which it never showed) until she goes on."""
    rules = {"reveal_count": 0, "stall_turns": 2, "target": 500}  # two turns: round over
    table = api(live_server, "POST", "/api/tables", {"seats": SEATS, "rules": rules})
    game, tokens = table["id"], [seat["token"] for seat in table["seats"]]
    page.goto(f"{live_server}/t/{tokens[0]}")  # Ann follows round 1
    page.wait_for_function("() => window.skyjoTable && window.skyjoTable.state")
    page.goto("about:blank")
    for _ in range(2):
        over = _play_turn(live_server, game, tokens)
    assert over["summary"]["round"] == 1
    body = {"version": over["version"], "move": {"action": "deal"}}
    api(live_server, "POST", f"/api/tables/{game}/moves", body, token=tokens[1])  # Bob deals
    page.goto(f"{live_server}/t/{tokens[0]}")
    panel = page.locator("[data-summary]")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text("Round 1 is over")
    page.reload()  # they stay until she goes on
    expect(panel).to_contain_text("Round 1 is over")
    page.get_by_role("button", name="Round 2 is dealt: go on").click()
    expect(panel).to_be_hidden()
    page.reload()  # shown once: not again
    page.wait_for_function("() => window.skyjoTable && window.skyjoTable.state")
    page.wait_for_timeout(500)
    expect(panel).to_be_hidden()


def test_a_phone_that_opens_a_table_late_is_not_shown_old_scores(
    page: Page, live_server: str
) -> None:
    rules = {"reveal_count": 0, "stall_turns": 2, "target": 500}
    table = api(live_server, "POST", "/api/tables", {"seats": SEATS, "rules": rules})
    game, tokens = table["id"], [seat["token"] for seat in table["seats"]]
    for _ in range(2):
        over = _play_turn(live_server, game, tokens)
    body = {"version": over["version"], "move": {"action": "deal"}}
    api(live_server, "POST", f"/api/tables/{game}/moves", body, token=tokens[1])
    page.goto(f"{live_server}/t/{tokens[0]}")  # never opened in round 1
    page.wait_for_function("() => window.skyjoTable && window.skyjoTable.state")
    page.wait_for_timeout(500)
    expect(page.locator("[data-summary]")).to_be_hidden()


def test_an_online_games_end_offers_its_replay(page: Page, live_server: str) -> None:
    """As at a one-phone table: the replay (open to anyone once the game is over) and
    the record, from the panel that names the winner."""
    rules = {"reveal_count": 0, "stall_turns": 2, "target": 1}  # one round ends the game
    table = api(live_server, "POST", "/api/tables", {"seats": SEATS, "rules": rules})
    game, tokens = table["id"], [seat["token"] for seat in table["seats"]]
    page.goto(f"{live_server}/t/{tokens[0]}")
    for _ in range(2):
        over = _play_turn(live_server, game, tokens)
    assert over["status"] == "finished"
    panel = page.locator("[data-summary]")
    expect(panel).to_contain_text("Game over")
    panel.get_by_role("link", name="Replay").click()
    expect(page).to_have_url(re.compile(rf"/tables/{game}/replay(\?step=\d+)?$"))
    expect(page.locator("[data-replay], .replay").first).to_be_visible()
