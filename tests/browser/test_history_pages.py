"""The history, a game's page, a player's page and the leaderboard in Chromium, at phone size."""

from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from browser_helpers import PHONE_CONTEXT, enter_round, shoot, start_game
from playwright.sync_api import Browser, Page, expect

NAMES = ["Hana", "Ivo", "Jun"]


def fits_the_phone(page: Page) -> None:
    """Nothing is wider than the screen: no sideways scrolling of the page."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] if page.viewport_size else True, width


def test_a_finished_game_in_the_history_and_the_players_pages(page: Page, live_server: str) -> None:
    """Play a short game, then find it, annotate it, and read its players' numbers."""
    start_game(page, live_server, NAMES, target=30)
    enter_round(page, {"Hana": 4, "Ivo": 12, "Jun": 9}, "Hana")
    enter_round(page, {"Hana": 10, "Ivo": 25, "Jun": 3}, "Hana")  # Hana 10 > 3: doubled
    expect(page.get_by_role("heading", name=re.compile("Jun wins with 12"))).to_be_visible()

    page.get_by_role("link", name="History", exact=True).click()
    line = page.locator(".history-line", has_text="Hana, Ivo, Jun").first
    expect(line).to_contain_text("Finished · Jun won · 2 rounds · Pad")  # named, not only a cup
    expect(line.locator(".won")).to_have_text("Jun")
    fits_the_phone(page)
    line.click()

    expect(page.get_by_role("heading", name=re.compile("Jun wins with 12"))).to_be_visible()
    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(3)
    expect(chart.locator(".doubled-mark")).to_have_count(1)
    expect(page.locator("td.doubled")).to_contain_text("10×2")
    fits_the_phone(page)

    page.get_by_label("Where").fill("The garden")
    page.get_by_label("Notes").fill("Jun never closed and still won.")
    page.get_by_role("button", name="Save notes").click()
    expect(page.get_by_text("Notes saved.")).to_be_visible()
    expect(page.get_by_label("Notes")).to_have_value("Jun never closed and still won.")
    expect(page.locator(".kicker")).to_contain_text("The garden")

    page.locator(".legend").get_by_role("link", name="Hana").click()
    expect(page.get_by_role("heading", name="Hana")).to_be_visible()
    numbers = page.locator(".numbers")
    expect(numbers.locator("div", has_text="Rounds closed")).to_contain_text("2")
    expect(numbers.locator("div", has_text="Doubled as closer")).to_contain_text("1")
    expect(numbers.locator("div", has_text="Best round")).to_contain_text("4")
    expect(page.locator("svg.chart")).to_be_visible()
    fits_the_phone(page)

    page.get_by_label("Against").select_option(label="Jun")
    page.get_by_role("button", name="Compare").click()
    expect(page.get_by_role("heading", name=re.compile("Hana v Jun"))).to_be_visible()
    expect(page.locator(".versus .side").nth(2)).to_have_text(re.compile(r"1\s*Jun ahead"))

    page.get_by_role("link", name="Players", exact=True).click()
    page.get_by_role("link", name="Leaderboard").click()
    expect(page.locator(".board li", has_text="Jun")).to_contain_text("1 game")
    fits_the_phone(page)


def test_history_filters_and_an_empty_result(page: Page, live_server: str) -> None:
    """Filtering by kind and dates; a filter that matches nothing says so."""
    page.goto(live_server + "/history")
    page.get_by_text("Filter", exact=True).click()
    page.get_by_label("Kind").select_option(label="Digital table")
    page.get_by_label("From").fill("2001-01-01")
    page.get_by_label("To").fill("2001-01-31")
    page.get_by_role("button", name="Show").click()
    expect(page.get_by_text("No game matches these filters.")).to_be_visible()
    page.get_by_role("link", name="Clear").click()
    expect(page.locator(".history-line").first).to_be_visible()
    shoot(page, "history-list")


def test_a_game_is_dated_in_the_phones_own_time_zone(browser: Browser, live_server: str) -> None:
    """The server keeps UTC; a phone in Auckland reads the time its game began there."""
    phone = browser.new_context(**PHONE_CONTEXT, timezone_id="Pacific/Auckland")
    try:
        page = phone.new_page()
        start_game(page, live_server, ["Ula", "Vic"])
        game = page.url.rstrip("/").rsplit("/", 1)[-1]
        page.goto(f"{live_server}/history/{game}")
        when = page.locator(".kicker time")
        stamp = when.get_attribute("datetime")
        assert stamp is not None and stamp.endswith("Z")
        there = datetime.fromisoformat(stamp).astimezone(ZoneInfo("Pacific/Auckland"))
        hour = there.hour % 12 or 12
        expect(when).to_have_text(
            re.compile(rf"\b{there.day}, {there.year}, {hour}:{there:%M} [AP]M$")
        )
        page.goto(f"{live_server}/history")  # the list dates it by the same calendar
        line = page.locator(f"a.history-line[href='/history/{game}']")
        expect(line.locator(".day")).to_have_text(str(there.day))
        expect(line.locator(".year")).to_have_text(str(there.year))
        # filtered to that day, the phone's own, the game is found (UTC's may be another)
        page.get_by_text("Filter", exact=True).click()
        page.get_by_label("From").fill(there.date().isoformat())
        page.get_by_label("To").fill(there.date().isoformat())
        page.get_by_role("button", name="Show").click()
        expect(page.locator(f"a.history-line[href='/history/{game}']")).to_be_visible()
    finally:
        phone.close()
