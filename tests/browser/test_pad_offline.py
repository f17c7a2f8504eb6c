"""The pad with no network: installable, rounds kept on the phone and sent later with the
sheet's version, a conflict explained; and the browser's card count agreeing with the engine."""

from __future__ import annotations

import random
import re

from browser_helpers import api, choose_closer, pad_game, shoot, type_score
from playwright.sync_api import BrowserContext, Page, Route, expect

from skyjo_pad.engine.scoring import score_grid


def open_round_online(page: Page, url: str) -> None:
    """Open a round form with the network on, and wait until the service worker keeps the app."""
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")


def test_a_round_saved_offline_arrives_when_the_network_returns(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Offline: the page says so, Save keeps the round on the phone; back online, it is sent
    and the sheet shows it."""
    game = pad_game(live_server, ["Ann", "Ben", "Cy"], [([4, 9, 12], 0)])
    open_round_online(page, f"{live_server}/games/{game}/rounds/new")
    context.set_offline(True)
    expect(page.locator("[data-offline]")).to_be_visible()
    type_score(page, "Ann", 6)
    type_score(page, "Ben", -1)
    type_score(page, "Cy", 10)
    choose_closer(page, "Ben")
    page.get_by_role("button", name=re.compile("^Save round 2")).tap()
    expect(page.locator("[data-verdict]")).to_contain_text("Kept on this phone")
    expect(page.get_by_role("button", name="Waiting for the network…")).to_be_disabled()
    shoot(page, "offline", docs=True)
    assert len(api(live_server, "GET", f"/games/{game}")["rounds"]) == 1

    context.set_offline(False)
    expect(page.locator("tr.totals td")).to_have_text(["10", "8", "22"])
    saved = api(live_server, "GET", f"/games/{game}")["rounds"]
    assert [r["raw"] for r in saved] == [[4, 9, 12], [6, -1, 10]]
    expect(page.locator("[data-offline]")).to_be_hidden()


def test_a_round_saved_offline_on_a_sheet_changed_meanwhile_is_not_merged(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Another phone saved round 1 meanwhile: the round typed offline is refused by its
    version, and the player is told what it was, to enter it again if need be."""
    game = pad_game(live_server, ["Ann", "Ben"])
    open_round_online(page, f"{live_server}/games/{game}/rounds/new")
    context.set_offline(True)
    type_score(page, "Ann", 3)
    type_score(page, "Ben", 7)
    choose_closer(page, "Ann")
    page.get_by_role("button", name=re.compile("^Save round 1")).tap()
    expect(page.locator("[data-verdict]")).to_contain_text("Kept on this phone")
    api(live_server, "POST", f"/games/{game}/rounds", {"scores": [20, 1], "closer": 1})

    context.set_offline(False)
    notice = page.get_by_role("alert").filter(has_text="was not added")
    expect(notice).to_contain_text("The sheet changed since you opened it")
    expect(notice).to_contain_text("Ann 3 (closed), Ben 7")
    assert [r["raw"] for r in api(live_server, "GET", f"/games/{game}")["rounds"]] == [[20, 1]]
    notice.get_by_role("button", name="Dismiss").tap()
    expect(notice).to_have_count(0)


def test_the_app_is_installable(page: Page, live_server: str) -> None:
    """A manifest with PNG icons, and a service worker in charge of the whole app."""
    page.goto(live_server + "/")
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert page.request.get(live_server + icon["src"]).ok
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == live_server + "/"


def random_grid(rng: random.Random) -> list[int | None]:
    """12 cards with the awkward cases made likely: equal columns, removed cards."""
    cells: list[int | None] = [rng.randint(-2, 12) for _ in range(12)]
    for column in range(4):
        if rng.random() < 0.35:
            value = rng.choice([-2, -1, 0, 5, 12])
            for row in range(3):
                cells[row * 4 + column] = value
        if rng.random() < 0.2:
            for row in range(3):
                cells[row * 4 + column] = None
        elif rng.random() < 0.2:
            cells[rng.randrange(3) * 4 + column] = None
    return cells


def test_the_browsers_card_count_agrees_with_the_engine(page: Page, live_server: str) -> None:
    """SkyjoPad.cardTotal (what the phone shows while counting) and the engine's score_grid
    (what is saved) give the same score and removed columns for every grid."""
    rng = random.Random(10)
    grids: list[list[int | None]] = [
        [-2] * 12,
        [-2, 1, 2, 3, -2, 4, 5, 6, -2, 7, 8, 9],
        [None, 5, 5, 0, None, 5, 5, 0, None, 5, 6, 0],
        [None] * 12,
        [7, None, 0, -1, 7, None, 0, -1, 7, None, 0, -1],
        [12] * 12,
        [-1, -2, 0, 3, None, -2, 0, 3, -1, -2, 0, 3],
        *(random_grid(rng) for _ in range(200)),
    ]
    page.goto(live_server + "/")
    answers = page.evaluate("grids => grids.map(g => window.SkyjoPad.cardTotal(g))", grids)
    for cells, answer in zip(grids, answers, strict=True):
        engine = score_grid(tuple(tuple(cells[r * 4 : r * 4 + 4]) for r in range(3)))
        assert (answer["raw"], tuple(answer["removed"])) == (
            engine.raw,
            engine.removed_columns,
        ), cells


WAKE_LOCK_SPY = """
window.__wakeLocks = [];
Object.defineProperty(navigator, "wakeLock", {
  configurable: true,
  value: {
    request: (type) => { window.__wakeLocks.push(type); return Promise.resolve({ release() {} }); },
  },
});
"""


def test_the_screen_stays_awake_while_a_game_is_on(page: Page, live_server: str) -> None:
    """The sheet of a game being played asks for a screen wake lock; a finished one does not."""
    page.add_init_script(WAKE_LOCK_SPY)
    playing = pad_game(live_server, ["Ann", "Ben"], [([5, 9], 0)])
    page.goto(f"{live_server}/games/{playing}")
    page.wait_for_function("window.__wakeLocks.length > 0")
    assert page.evaluate("window.__wakeLocks") == ["screen"]
    over = pad_game(live_server, ["Ann", "Ben"], [([120, 9], 1)])
    page.goto(f"{live_server}/games/{over}")
    expect(page.get_by_role("heading", name=re.compile("Ben wins"))).to_be_visible()
    assert page.evaluate("window.__wakeLocks") == []


def test_a_save_that_gets_no_answer_is_kept_too(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """The phone thinks it is online but the network is dead: the save's page comes back
    from the service worker with what was typed, kept to be sent later, and sent."""
    game = pad_game(live_server, ["Ann", "Ben"])
    open_round_online(page, f"{live_server}/games/{game}/rounds/new")
    page.reload()  # now under the service worker's control
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    type_score(page, "Ann", 4)
    type_score(page, "Ben", 11)
    choose_closer(page, "Ann")
    page.wait_for_timeout(300)  # the draft is kept as it is typed
    dead = re.compile(r"/(api/)?games/\w+/rounds(/new)?$")

    def no_answer(route: Route) -> None:
        if route.request.method == "POST":
            route.abort()
        else:
            route.fallback()

    context.route(dead, no_answer)
    page.get_by_role("button", name=re.compile("^Save round 1")).tap()
    expect(page.locator("[data-verdict]")).to_contain_text("Kept on this phone")
    expect(page.get_by_role("textbox", name="Ben", exact=True)).to_have_value("11")
    assert api(live_server, "GET", f"/games/{game}")["rounds"] == []
    context.unroute(dead)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("tr.totals td")).to_have_text(["4", "11"])
    assert [r["raw"] for r in api(live_server, "GET", f"/games/{game}")["rounds"]] == [[4, 11]]
