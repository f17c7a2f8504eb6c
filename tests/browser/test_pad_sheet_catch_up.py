"""A sheet that another phone changed while this one lost its network: the page drawn on
the phone from its own copy does not say it matches the server, and once the network is
back it catches up (as the watch page does)."""

from __future__ import annotations

import re

from browser_helpers import api, pad_game
from offline_helpers import installed
from playwright.sync_api import BrowserContext, Page, expect

ABC = ["Ann", "Ben", "Cy"]


def test_a_sheet_reloaded_as_the_network_drops_catches_up_when_it_is_back(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Another phone saves round 1 while this one is offline: the announced version makes
    the sheet load again, which falls to the phone's copy (still no rounds): it says it is
    not up to date, never "everything is on the server", and shows round 1 once the
    network is back."""
    game = pad_game(live_server, ABC)
    installed(page, live_server, f"/games/{game}")
    page.wait_for_function(
        "document.querySelector('[data-sheet-follow]').dataset.connected === 'yes'",
        timeout=10_000,
    )
    context.set_offline(True)
    api(live_server, "POST", f"/games/{game}/rounds", {"scores": [4, 9, 12], "closer": 0})
    page.wait_for_timeout(2_000)
    # The version event came (Playwright's offline switch leaves the stream up): the sheet
    # loaded again and, with no network, is the phone's own copy, which is older.
    page.wait_for_function("document.documentElement.dataset.shellReady === 'sheet'")
    note = page.locator("[data-waiting-note]")
    expect(note).to_contain_text("Not up to date")
    expect(page.get_by_text("Everything on this sheet is on the server")).to_have_count(0)
    assert api(live_server, "GET", f"/games/{game}")["rounds"]

    context.set_offline(False)
    expect(page.get_by_role("heading", name=re.compile(r"^Round 2\b"))).to_be_visible(
        timeout=10_000
    )
    expect(page.locator("tr.totals td")).to_have_text(["4", "9", "12"])
    expect(page.locator("[data-sheet-state]")).to_have_attribute("data-rounds", "1")
    expect(page.get_by_text("Not up to date")).to_have_count(0)
