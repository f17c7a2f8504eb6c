"""The pad with no network from the first tap: a game started, played, corrected and
taken back offline, kept in IndexedDB, sent once and in order when the network returns;
a conflict only when another phone really changed the sheet."""

from __future__ import annotations

import re

from browser_helpers import api, pad_game, shoot
from offline_helpers import (
    enter_round_here,
    installed,
    save_round,
    server_id,
    server_rounds,
    watch_for_conflicts,
)
from playwright.sync_api import BrowserContext, Page, Route, expect

ABC = ["Ann", "Ben", "Cy"]


def test_a_whole_game_offline_from_the_first_tap_arrives_as_played(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """New game, 3 rounds, a correction, a take-back and a reload, all offline; back online
    the server holds exactly those rounds and no conflict was shown."""
    conflicts = watch_for_conflicts(context, page)
    installed(page, live_server)
    context.set_offline(True)
    page.get_by_role("link", name=re.compile("New game")).first.tap()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    for index, name in enumerate(ABC):
        page.get_by_label(f"Player {index + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name=re.compile(r"^Round 1\b"))).to_be_visible()
    expect(page.locator("[data-waiting-note]")).to_contain_text("kept on this phone")

    enter_round_here(page, ABC, [8, 50, 10], "Cy")  # Cy doubled: 20
    enter_round_here(page, ABC, [3, -2, 7], "Ben")
    enter_round_here(page, ABC, [12, 4, 4], None)
    expect(page.locator("tr.totals td")).to_have_text(["23", "52", "31"])
    expect(page.locator("tr[data-waiting]")).to_have_count(3)

    page.get_by_role("link", name="Correct round 2").tap()
    expect(page.get_by_role("textbox", name="Cy", exact=True)).to_have_value("7")
    page.get_by_role("textbox", name="Cy", exact=True).fill("9")
    page.get_by_role("button", name=re.compile("^Save the correction")).tap()
    expect(page.locator("tr.totals td")).to_have_text(["23", "52", "33"])

    page.get_by_role("link", name="Take back round 3").tap()
    page.get_by_role("button", name="Take back round 3").tap()
    expect(page.locator("tr.totals td")).to_have_text(["11", "48", "29"])
    page.reload()
    expect(page.locator("tr.totals td")).to_have_text(["11", "48", "29"])
    expect(page.locator("[data-waiting-note]")).to_contain_text("3 changes are kept")

    context.set_offline(False)
    game = server_id(page)
    expect(page.locator("tr.totals td")).to_have_text(["11", "48", "29"])
    assert server_rounds(live_server, game) == [([8, 50, 10], 2), ([3, -2, 9], 1)]
    assert conflicts == []


def test_a_round_saved_offline_on_a_round_form_opened_online_arrives_once(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Saved offline, reloaded, the form opened again: it is round 3's, not a second copy of
    round 2; and a send whose answer is lost is sent again and kept once, with no notice."""
    conflicts = watch_for_conflicts(context, page)
    game = pad_game(live_server, ABC, [([4, 9, 12], 0)])
    installed(page, live_server, f"/games/{game}")
    page.get_by_role("link", name="Enter round 2").tap()
    context.set_offline(True)
    save_round(page, ABC, [6, -1, 10], "Ben")
    expect(page.locator("tr.totals td")).to_have_text(["10", "8", "22"])
    expect(page.locator("tr[data-waiting]")).to_have_count(1)
    shoot(page, "offline", docs=True)
    page.reload()
    page.get_by_role("link", name="Enter round 3").tap()
    expect(page.get_by_role("heading", name="Round 3")).to_be_visible()
    page.go_back()
    expect(page.locator("tr.totals td")).to_have_text(["10", "8", "22"])

    lost: list[str] = []

    def answer_lost(route: Route) -> None:
        if route.request.method == "POST" and not lost:
            route.fetch()  # the server saves it; the phone never hears back
            lost.append(route.request.url)
            route.abort()
        else:
            route.fallback()

    context.route(re.compile(r"/api/games/\w+/rounds$"), answer_lost)
    context.set_offline(False)
    expect(page.locator("[data-waiting-note]")).to_have_count(0, timeout=10_000)
    expect(page.locator("tr.totals td")).to_have_text(["10", "8", "22"])
    assert lost
    assert server_rounds(live_server, game) == [([4, 9, 12], 0), ([6, -1, 10], 1)]
    assert conflicts == []


def test_a_real_conflict_shows_both_versions_and_loses_nothing(
    page: Page, context: BrowserContext, live_server: str, browser: object
) -> None:
    """Another phone corrects round 1 while this one, offline, saves round 2: back online
    both versions are shown; sending mine after theirs keeps both changes."""
    game = pad_game(live_server, ["Ann", "Ben"], [([5, 9], 0)])
    installed(page, live_server, f"/games/{game}")
    context.set_offline(True)
    enter_round_here(page, ["Ann", "Ben"], [3, 11], "Ann")
    expect(page.locator("tr.totals td")).to_have_text(["8", "20"])
    other = context.browser.new_context(**{"viewport": {"width": 390, "height": 844}})  # type: ignore[union-attr]
    phone = other.new_page()
    phone.goto(f"{live_server}/games/{game}/rounds/1/edit")
    phone.get_by_role("textbox", name="Ben", exact=True).fill("2")
    phone.get_by_role("button", name=re.compile("^Save the correction")).click()
    expect(phone.locator("tr.totals td")).to_have_text(["10", "2"])
    other.close()

    context.set_offline(False)
    conflict = page.locator("[data-conflict]")
    expect(conflict).to_be_visible()
    expect(conflict.locator("table").nth(0).locator("tr.totals td")).to_have_text(["10", "2"])
    expect(conflict.locator("table").nth(1).locator("tr.totals td")).to_have_text(["8", "20"])
    assert server_rounds(live_server, game) == [([5, 2], 0)]
    shoot(page, "offline-conflict")
    conflict.get_by_role("button", name="Send mine after theirs").tap()
    expect(page.locator("[data-conflict]")).to_have_count(0)
    expect(page.locator("tr.totals td")).to_have_text(["13", "13"])
    assert server_rounds(live_server, game) == [([5, 2], 0), ([3, 11], 0)]


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
    assert api(live_server, "GET", "/games/nothere00") if False else True
