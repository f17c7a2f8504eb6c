"""The host's page keeps itself current in real Chromium: a player who opens their link
shows up as online without the host reloading, and a choice the host is making stays."""

from __future__ import annotations

from browser_helpers import phones
from playwright.sync_api import Browser, Locator, Page, expect
from test_table_online import invite


def seat_status(page: Page, name: str) -> Locator:
    """The status line of `name`'s seat on the host's page."""
    seat = page.locator("li.invite", has=page.get_by_role("heading", name=name, exact=True))
    return seat.locator(".status")


def test_the_host_sees_a_player_come_online_without_reloading(
    browser: Browser, live_server: str
) -> None:
    with phones(browser, 2) as (host, ann):
        links = invite(host, live_server)
        host.goto(links["host"])
        expect(seat_status(host, "Ann")).to_have_text("Has not opened their link yet.")
        host.get_by_label("Computer player for Bob").select_option("hard")
        host.evaluate("window.notReloaded = true")

        ann.goto(links["ann"])
        expect(ann.locator("[data-board]")).to_be_visible()

        expect(seat_status(host, "Ann")).to_have_text("Online now.", timeout=10_000)
        expect(seat_status(host, "Ann")).to_have_class("status ok")
        assert host.evaluate("window.notReloaded") is True
        expect(host.get_by_label("Computer player for Bob")).to_have_value("hard")
        expect(seat_status(host, "Bob")).to_have_text("Has not opened their link yet.")
