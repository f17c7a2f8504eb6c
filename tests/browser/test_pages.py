"""The pages without JavaScript, in dark mode, and the new-game form's own buttons."""

from __future__ import annotations

import re
from typing import Any

from browser_helpers import api, expect_totals, shoot, start_game, type_score
from playwright.sync_api import Browser, Page, expect


def test_new_game_form_adds_and_orders_players(page: Page, own_server: str) -> None:
    """Known players are one tap away; rows move up and go away; the order is the seat order.
    (On a server of its own: a shared one's address book, the 24 most played names, may
    leave these out.)"""
    start_game(page, own_server, ["Mia", "Ned", "Oli"])  # so these names are known
    page.goto(own_server + "/games/new")
    page.get_by_role("button", name="Ned", exact=True).click()
    page.get_by_role("button", name="Mia", exact=True).click()
    expect(page.get_by_label("Player 1", exact=True)).to_have_value("Ned")
    expect(page.get_by_label("Player 2", exact=True)).to_have_value("Mia")
    expect(page.get_by_role("button", name="Ned", exact=True)).to_be_hidden()
    expect(page.get_by_role("button", name="Oli", exact=True)).to_be_visible()
    page.get_by_label("Player 3", exact=True).fill("Pat")
    page.get_by_role("button", name="Move player 3 up").click()
    expect(page.get_by_label("Player 2", exact=True)).to_have_value("Pat")
    page.get_by_role("button", name=re.compile("Another player")).click()
    expect(page.get_by_label("Player 5", exact=True)).to_be_focused()
    page.get_by_role("button", name="Remove player 5").focus()
    page.keyboard.press("Enter")  # the focus stays in the list, on the row now last
    expect(page.get_by_label("Player 5", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name="Remove player 4")).to_be_focused()
    shoot(page, "new-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".seat-list li")).to_have_text(["Ned", "Pat", "Mia"])
    expect(page.get_by_role("link", name=re.compile("Enter round 1"))).to_be_visible()


def test_enter_after_a_name_goes_to_the_next_and_on_an_empty_one_starts(
    page: Page, live_server: str
) -> None:
    """A phone's "Go" key after each name, as after each score: the game starts once a
    name is left empty (or from the last row)."""
    page.goto(live_server + "/games/new")
    for seat, name in enumerate(("Gus", "Hal")):
        box = page.get_by_label(f"Player {seat + 1}", exact=True)
        box.fill(name)
        box.press("Enter")
        expect(page.get_by_label(f"Player {seat + 2}", exact=True)).to_be_focused()
    expect(page).to_have_url(re.compile(r"/games/new$"))
    page.get_by_label("Player 3", exact=True).press("Enter")
    expect(page.locator(".seat-list li")).to_have_text(["Gus", "Hal"])


def test_a_full_table_says_there_is_no_room(page: Page, own_server: str) -> None:
    """With 12 names in, the known players give way to a word on the limit."""
    start_game(page, own_server, ["Mia", "Ned"])
    page.goto(own_server + "/games/new")
    for seat in range(12):
        box = page.get_by_label(f"Player {seat + 1}", exact=True)
        if not box.count():
            page.get_by_role("button", name=re.compile("Another player")).click()
        box.fill(f"P{seat + 1}")
    expect(page.get_by_role("button", name=re.compile("Another player"))).to_be_hidden()
    expect(page.get_by_text("12 players is the most")).to_be_visible()
    expect(page.get_by_role("button", name="Mia", exact=True)).to_be_hidden()
    page.get_by_label("Player 12", exact=True).fill("")
    expect(page.get_by_text("12 players is the most")).to_be_hidden()
    page.get_by_role("button", name="Remove player 12").click()
    expect(page.get_by_role("button", name=re.compile("Another player"))).to_be_visible()
    page.get_by_role("button", name=re.compile("Another player")).click()
    page.get_by_role("button", name="Mia", exact=True).click()
    expect(page.get_by_label("Player 12", exact=True)).to_have_value("Mia")


def test_without_javascript(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str
) -> None:
    """With JavaScript off, a game is created and a round previewed and saved by plain forms."""
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server + "/games/new")
        page.get_by_label("Player 1", exact=True).fill("Quin")
        page.get_by_label("Player 2", exact=True).fill("Rae")
        page.get_by_role("button", name=re.compile("Another player")).click()
        expect(page.get_by_label("Player 5", exact=True)).to_be_visible()
        expect(page.get_by_label("Player 1", exact=True)).to_have_value("Quin")
        page.get_by_label("Player 3", exact=True).fill("Sam")
        page.get_by_role("button", name="Start the game").click()
        expect(page.get_by_role("heading", name=re.compile(r"^Round 1\b"))).to_be_visible()

        page.get_by_role("link", name=re.compile("Enter round 1")).click()
        type_score(page, "Quin", 6)
        type_score(page, "Rae", -1)
        type_score(page, "Sam", 3)
        page.get_by_role("radio", name="Sam", exact=True).check()
        page.get_by_role("button", name="Preview").click()
        preview = page.locator("[data-preview]")
        expect(preview).to_contain_text("Sam 3 → 6")
        expect(page.get_by_role("textbox", name="Rae", exact=True)).to_have_value("1")
        shoot(page, "nojs-round")
        page.get_by_role("button", name="Save round 1").click()
        expect_totals(page, [6, -1, 6])
    finally:
        context.close()


def test_dark_mode(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str
) -> None:
    """In dark mode the pages use the dark colours, and stay readable."""
    context = browser.new_context(**browser_context_args, color_scheme="dark")
    page = context.new_page()
    try:
        start_game(page, live_server, ["Tia", "Uma", "Vic"])
        page.get_by_role("link", name=re.compile("Enter round 1")).click()
        type_score(page, "Tia", 12)
        type_score(page, "Uma", -3)
        type_score(page, "Vic", 20)
        page.get_by_role("radio", name="Tia", exact=True).check()
        expect(page.locator("[data-preview]")).to_contain_text("Tia 12 → 24")
        shoot(page, "dark-round")
        page.get_by_role("button", name="Save round 1").click()
        expect_totals(page, [24, -3, 20])
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(15, 21, 34)"
        shoot(page, "dark-sheet")
    finally:
        context.close()


TAPPABLE = "a, button, summary, label.chip-radio, label.sign"
SMALL_TARGETS = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter((el) => !el.closest('.visually-hidden') && !el.classList.contains('visually-hidden'))
  .map((el) => [el.textContent.trim() || el.getAttribute('aria-label'), el.getBoundingClientRect()])
  .filter(([, box]) => box.width > 0 && (box.height < 44 || box.width < 44))
  .map(([name, box]) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`)"""


def test_tap_targets_are_big_enough(page: Page, live_server: str) -> None:
    """Every link, button and chip on the main pages is at least 44×44 CSS pixels."""
    page.goto(live_server + "/games/new")
    assert page.evaluate(SMALL_TARGETS, TAPPABLE) == []
    start_game(page, live_server, ["Wes", "Xia"])
    page.get_by_role("link", name=re.compile("Enter round 1")).click()
    page.locator("details[data-count] summary").first.click()
    expect(page.get_by_role("button", name="Card 12").first).to_be_visible()
    assert page.evaluate(SMALL_TARGETS, TAPPABLE) == []
    type_score(page, "Wes", 3)
    type_score(page, "Xia", 5)
    page.get_by_role("radio", name="Wes", exact=True).check()
    page.get_by_role("button", name="Save round 1").click()
    expect_totals(page, [3, 5])
    assert page.evaluate(SMALL_TARGETS, TAPPABLE) == []


def test_an_error_page_offers_the_way_back(page: Page, live_server: str) -> None:
    """Opened from another page, an error page goes back to it; opened alone, it offers
    the start only."""
    page.goto(f"{live_server}/games/new")
    page.goto(f"{live_server}/games/nosuchgame")
    expect(page.get_by_role("heading", name="Not found")).to_be_visible()
    page.get_by_role("button", name="Go back").tap()
    expect(page).to_have_url(f"{live_server}/games/new")
    alone = page.context.new_page()
    alone.goto(f"{live_server}/games/nosuchgame")
    expect(alone.get_by_role("link", name="Back to the start")).to_be_visible()
    expect(alone.locator("[data-go-back]")).to_be_hidden()
    alone.close()


def test_a_mistake_in_the_rules_is_shown_and_focused_after_start(
    page: Page, live_server: str
) -> None:
    """A target of 0 sent from the closed-up rules, below the names and the chips: the page
    comes back with the rules open and the target focused in view, its message beside it."""
    page.goto(live_server + "/games/new")
    for index, name in enumerate(["Ann", "Ben", "Cy"]):
        page.get_by_label(f"Player {index + 1}", exact=True).fill(name)
    page.locator("details.rules summary").click()
    page.get_by_label("Game ends at").fill("0")
    page.locator("details.rules summary").click()  # closed again, as a reader may leave it
    page.get_by_role("button", name="Start the game").click()
    target = page.get_by_label("Game ends at")
    expect(target).to_be_focused()
    expect(target).to_be_in_viewport()
    expect(page.locator("#target-error")).to_contain_text("from 1 to 10,000")


def test_forced_colours_still_show_the_closer_and_a_negative_score(
    page: Page, live_server: str
) -> None:
    """Windows high contrast drops backgrounds: the chosen closer and a ticked "−" take
    the system's highlight, unlike the others."""
    game = api(live_server, "POST", "/games", {"players": ["Kit", "Lou", "Mo"]})
    page.emulate_media(forced_colors="active")
    page.goto(f"{live_server}/games/{game['id']}/rounds/new")
    closers = page.locator(".chip-radio input")  # Kit, Lou, Mo, Nobody
    closers.nth(1).check(force=True)  # Lou closed
    page.locator("[data-sign]").first.check(force=True)  # Kit's score is negative
    shade = "(el) => getComputedStyle(el.nextElementSibling).backgroundColor"
    chosen = closers.nth(1).evaluate(shade)
    assert chosen != closers.nth(0).evaluate(shade), chosen
    signs = page.locator("[data-sign]")
    assert signs.first.evaluate(shade) != signs.nth(1).evaluate(shade)
