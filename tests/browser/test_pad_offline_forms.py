"""The server's pad forms sent just as the network drops (no answer comes, or the phone
knows it is offline): a new game and a take-back are done on the phone, as a round is,
and sent when the network is back; nothing typed is lost to the browser's error page."""

from __future__ import annotations

import json
import re
from urllib.request import urlopen

import pytest
from browser_helpers import api, pad_game
from offline_helpers import installed, server_rounds
from playwright.sync_api import BrowserContext, Error, Page, Route, expect

DEAD = re.compile(r"^http://127\.0\.0\.1:\d+/(games|api)/")


def _network_back(page: Page, context: BrowserContext, how: str) -> None:
    """The network returns (the phone told so, if it thought it online all along)."""
    if how == "offline":
        context.set_offline(False)
        return
    context.unroute_all(behavior="wait")  # a request in hand is answered first
    try:
        page.evaluate("window.dispatchEvent(new Event('online'))")
    except Error as error:  # its own retry sent it first and opened the server's page
        assert "context was destroyed" in error.message


def _network_gone(context: BrowserContext, how: str) -> None:
    """Offline as the phone knows it, or a dead network it believes in ("lost": the form's
    request reaches the server, its answer never the phone)."""
    if how == "offline":
        context.set_offline(True)
        return

    def dead(route: Route) -> None:
        if how == "lost" and route.request.method == "POST":
            route.fetch()
        route.abort()

    context.route(DEAD, dead)


@pytest.mark.parametrize("how", ["offline", "dead", "lost"])
def test_a_new_game_started_as_the_network_drops_is_kept_on_the_phone(
    page: Page, context: BrowserContext, live_server: str, how: str
) -> None:
    installed(page, live_server, "/games/new")
    page.reload()  # under the service worker's control
    page.get_by_label("Player 1", exact=True).fill("Abe")
    bea = f"Bea {how}"  # (one server for every test: this test's game by its names)
    page.get_by_label("Player 2", exact=True).fill(bea)
    _network_gone(context, how)
    page.get_by_role("button", name="Start the game").tap()
    expect(page).to_have_url(re.compile(r"/games/c-[\w-]+$"))
    expect(page.locator("table.sheet, .seat-list").first).to_contain_text("Abe")
    _network_back(page, context, how)
    expect(page).to_have_url(re.compile(r"/games/[a-z0-9]{10}$"), timeout=20_000)
    game = page.url.rsplit("/", 1)[1]
    assert api(live_server, "GET", f"/games/{game}")["players"] == ["Abe", bea]
    made = json.loads(urlopen(f"{live_server}/history/export.json").read())["games"]
    assert [g["id"] for g in made if g["players"] == ["Abe", bea]] == [game]  # once


@pytest.mark.parametrize("how", ["offline", "dead"])
def test_a_take_back_confirmed_as_the_network_drops_is_kept_on_the_phone(
    page: Page, context: BrowserContext, live_server: str, how: str
) -> None:
    game = pad_game(live_server, ["Ann", "Ben"], [([3, 4], 0), ([5, 6], 1)])
    installed(page, live_server, f"/games/{game}")
    page.get_by_role("link", name="Take back round 2").tap()
    expect(page.get_by_role("heading", name="Take back round 2?")).to_be_visible()
    _network_gone(context, how)
    page.get_by_role("button", name="Take back round 2").tap()
    expect(page.locator("[data-waiting-note]")).to_contain_text("1 change is kept on this phone")
    expect(page.locator("tr.totals td")).to_have_text(["3", "4"])
    assert server_rounds(live_server, game) == [([3, 4], 0), ([5, 6], 1)]
    _network_back(page, context, how)
    expect(page.locator("[data-waiting-note].queued")).to_have_count(0, timeout=20_000)
    assert server_rounds(live_server, game) == [([3, 4], 0)]


ANN_CARDS = [[1, 2, 3, 4], [0, 0, 0, 0], [5, 5, 5, 5]]  # 30
BEN_CARDS = [[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]]  # 24
CY_CARDS = [[-1, 0, 1, 2], [3, 4, 5, 6], [7, 8, 9, 10]]  # 54


def cards_shown(page: Page, seat: int) -> list[str]:
    return [page.locator(f'[name="seats-{seat}-cards-{i}"]').input_value() for i in range(12)]


def test_an_offline_correction_shows_the_cards_counted_for_the_round(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Counted on another phone (the server keeps the cards): offline, the correction
    form shows them, one is changed; sent, then corrected offline again: the new ones."""
    game = pad_game(live_server, ["Ann", "Ben", "Cy"])
    body = {"grids": [ANN_CARDS, BEN_CARDS, CY_CARDS], "closer": 0}
    api(live_server, "POST", f"/games/{game}/rounds", body)
    installed(page, live_server, f"/games/{game}")
    context.set_offline(True)
    page.get_by_role("link", name="Correct round 1").tap()
    assert cards_shown(page, 0) == ["1", "2", "3", "4", "0", "0", "0", "0", "5", "5", "5", "5"]
    assert cards_shown(page, 2)[0] == "−1"
    expect(page.locator("details[data-count][open]")).to_have_count(3)
    page.locator('[name="seats-0-cards-0"]').fill("12")  # Ann's first card was a 12
    page.get_by_role("button", name=re.compile("^Save the correction")).tap()
    expect(page.locator("table.sheet").first).to_be_visible()
    context.set_offline(False)
    expect(page.locator("[data-waiting-note].queued")).to_have_count(0, timeout=20_000)
    assert server_rounds(live_server, game) == [([41, 24, 54], 0)]
    context.set_offline(True)
    page.reload()
    page.get_by_role("link", name="Correct round 1").tap()
    assert cards_shown(page, 0)[:4] == ["12", "2", "3", "4"]
    page.get_by_role("textbox", name="Ann", exact=True).fill("40")  # a score typed: her
    page.get_by_role("button", name=re.compile("^Save the correction")).tap()  # cards go
    page.get_by_role("link", name="Correct round 1").tap()  # while it waits to be sent
    assert cards_shown(page, 0) == [""] * 12
    assert cards_shown(page, 1)[:4] == ["1", "1", "1", "1"]  # Ben's stay, as on the server


def test_the_new_game_form_drawn_offline_moves_on_by_enter_and_stops_at_twelve(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    installed(page, live_server)
    context.set_offline(True)
    page.goto(live_server + "/games/new")
    expect(page.locator("form[data-shell-new]")).to_be_visible()
    for seat, name in enumerate(("Ann", "Ben")):
        box = page.get_by_label(f"Player {seat + 1}", exact=True)
        box.fill(name)
        box.press("Enter")
        expect(page.get_by_label(f"Player {seat + 2}", exact=True)).to_be_focused()
    more = page.get_by_role("button", name=re.compile("Another player"))
    for rows in range(5, 13):
        more.click()
        expect(page.get_by_label(f"Player {rows}", exact=True)).to_be_focused()
    expect(more).to_be_hidden()
    page.get_by_label("Player 3", exact=True).press("Enter")  # an empty name: start
    expect(page.locator("table.sheet, .seat-list").first).to_be_visible()
    expect(page).to_have_url(re.compile(r"/games/c-"))
