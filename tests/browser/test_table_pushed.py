"""An online table's phone takes the other phones' moves from its event stream: the
stream pushes its own answer, and the page shows it without asking the server again."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from browser_helpers import PHONE_CONTEXT
from playwright.sync_api import Browser, Page, Request, Route, expect
from table_helpers import state


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
