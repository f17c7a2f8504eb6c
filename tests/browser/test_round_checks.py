"""What the round form tells a player who forgot something or typed something unusual."""

from __future__ import annotations

import re

from browser_helpers import choose_closer, expect_totals, seat, shoot, start_game, type_score
from playwright.sync_api import Page, Route, expect


def test_missing_score_and_closer_are_shown_and_nothing_is_saved(
    page: Page, live_server: str
) -> None:
    """Saving with a blank score and no closer keeps the page, with a message at each field."""
    start_game(page, live_server, ["Gus", "Hal"])
    page.get_by_role("link", name=re.compile("Enter round 1")).click()
    type_score(page, "Gus", 7)
    page.get_by_role("button", name="Save round 1").click()

    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(seat(page, "Hal").get_by_role("alert")).to_have_text("Enter a score.")
    expect(seat(page, "Hal").get_by_role("textbox", name="Hal", exact=True)).to_have_attribute(
        "aria-invalid", "true"
    )
    expect(seat(page, "Gus").get_by_role("alert")).to_have_count(0)
    closer = page.get_by_role("group", name="Who closed the round?")
    expect(closer.get_by_role("alert")).to_have_text("Choose who closed the round, or Nobody.")
    expect(page.get_by_role("textbox", name="Gus", exact=True)).to_have_value("7")
    shoot(page, "round-errors")

    page.get_by_role("link", name="← Sheet").click()
    expect(page.get_by_text("No rounds yet")).to_be_visible()
    expect(page.locator("table.sheet")).to_have_count(0)


def test_unusual_score_asks_before_it_is_kept(page: Page, live_server: str) -> None:
    """A score outside −17..140 is not saved until the player ticks “keep”."""
    start_game(page, live_server, ["Ida", "Jo"], target=300)
    page.get_by_role("link", name=re.compile("Enter round 1")).click()
    type_score(page, "Ida", 150)
    type_score(page, "Jo", 4)
    choose_closer(page, "Jo")
    expect(page.locator("[data-verdict]")).to_contain_text("outside −17 to 140")
    # The preview already offers "keep": wait for the server's answer to the first Save,
    # or the tick lands on the page being left and the second Save is taken for a double tap.
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").click()

    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    keep = page.get_by_role("checkbox", name=re.compile("Keep these scores anyway"))
    expect(keep).not_to_be_checked()
    expect(keep).to_be_focused()  # where the hand (or the screen reader) goes next
    expect(keep).to_have_accessible_description(re.compile("Ida's 150 is outside −17 to 140"))
    expect(page.get_by_text(re.compile("Ida's 150 is outside −17 to 140"))).to_be_visible()
    keep.check()
    shoot(page, "round-keep")
    page.get_by_role("button", name="Save round 1").click()
    expect_totals(page, [150, 4])
    game = re.search(r"/games/([^/?#]+)", page.url)
    assert game, page.url
    page.goto(f"{live_server}/games/{game[1]}/rounds/1/edit")  # the kept round, to correct
    expect(page.get_by_role("heading", name="Correct round 1")).to_be_visible()
    focused = page.evaluate("document.activeElement.name || document.activeElement.tagName")
    assert focused != "keep_unusual"  # opened to correct, not refused: nothing is asked


def test_unusual_negative_score_can_be_kept(page: Page, live_server: str) -> None:
    """−20 (typed with the minus toggle) is below −17: kept after the confirmation."""
    start_game(page, live_server, ["Kai", "Lou"])
    page.get_by_role("link", name=re.compile("Enter round 1")).click()
    type_score(page, "Kai", -20)
    type_score(page, "Lou", 9)
    choose_closer(page, "Nobody")
    with page.expect_navigation():
        page.get_by_role("button", name="Save round 1").click()
    keep = page.get_by_role("checkbox", name=re.compile("Keep these scores anyway"))
    expect(page.get_by_text(re.compile("Kai's −20 is outside"))).to_be_visible()
    keep.check()
    page.get_by_role("button", name="Save round 1").click()
    expect_totals(page, [-20, 9])


def test_keep_ticked_while_the_preview_is_on_its_way_stays_ticked(
    page: Page, live_server: str
) -> None:
    """The refused page refreshes its preview; a tick given before that answer is kept."""
    start_game(page, live_server, ["Oda", "Pim"])
    page.get_by_role("link", name=re.compile("Enter round 1")).click()
    type_score(page, "Oda", -20)
    type_score(page, "Pim", 9)
    choose_closer(page, "Nobody")
    expect(page.locator("[data-verdict]")).to_contain_text("outside −17 to 140")
    held: list[Route] = []
    page.route("**/preview", lambda route: held.append(route))
    with page.expect_request("**/preview"), page.expect_navigation():
        page.get_by_role("button", name="Save round 1").click()
    keep = page.get_by_role("checkbox", name=re.compile("Keep these scores anyway"))
    keep.check()
    page.evaluate("document.querySelector('input[name=keep_unusual]').dataset.before = '1'")
    held.pop().continue_()
    expect(page.locator("input[name=keep_unusual]:not([data-before])")).to_be_checked()
    page.get_by_role("button", name="Save round 1").click()
    expect_totals(page, [-20, 9])
