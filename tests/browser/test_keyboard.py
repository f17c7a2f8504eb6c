"""Issue 14: the digital table is playable with a keyboard alone, and says what it is.

After the table is dealt, every step is a key press: Tab to a card or a pile, Enter to
play it. The person turns up their opening cards, then plays one whole turn (draws,
keeps the card in a face-down place), and the turn passes on. Each card button is named
as a screen reader reads it ("Row 2, column 3, face down" / "Row 1, column 1: 7, face
up"), and the information lines are polite live regions.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from table_helpers import new_table, state, tap_and_wait, wait_for_change

FOCUSED_CELL = "document.activeElement.closest('[data-mine-grid] [data-cell]')"


def tab_to(page: Page, test: str, limit: int = 60) -> None:
    """Press Tab until the focused element passes `test` (JavaScript, on activeElement)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"Boolean({test})"):
            return
    raise AssertionError(f"Tab never reached {test}")


def press_enter_and_wait(page: Page) -> None:
    version = state(page)["version"]
    page.keyboard.press("Enter")
    wait_for_change(page, version)


def tab_to_face_down_card(page: Page) -> None:
    tab_to(page, f"{FOCUSED_CELL} && /face down/.test({FOCUSED_CELL}.getAttribute('aria-label'))")


def wait_for_my_turn(page: Page) -> None:
    for _ in range(30):
        s = state(page)
        if s["actor"] == s["you"] and s["moves"]:
            return
        wait_for_change(page, s["version"])
    raise AssertionError("the person's turn never came")


def test_one_full_turn_with_the_keyboard_alone(page: Page, live_server: str) -> None:
    new_table(page, live_server, [("Kim", "person"), ("Robo", "easy")], seed=21)
    grid = page.locator("[data-mine-grid]")
    expect(grid).to_have_attribute("aria-label", "Your cards")
    expect(grid.locator("button").first).to_have_attribute(
        "aria-label", "Row 1, column 1, face down"
    )
    expect(page.locator("[data-now]").locator("..")).to_have_attribute("aria-live", "polite")
    expect(page.locator("[data-then]")).to_have_attribute("aria-live", "polite")

    # The opening: two cards turned up by keyboard.
    for _ in range(2):
        wait_for_my_turn(page)
        tab_to_face_down_card(page)
        press_enter_and_wait(page)
    shown = grid.get_by_role("button", name=re.compile(r"^Row \d, column \d: −?\d+, face up$"))
    expect(shown).to_have_count(2)

    # A whole turn: draw, then keep the drawn card in a face-down place.
    wait_for_my_turn(page)
    expect(page.locator("[data-now]")).to_contain_text("Kim: take the")
    tab_to(page, "document.activeElement.matches('[data-draw]')")
    expect(page.locator("[data-draw]")).to_have_attribute(
        "aria-label", re.compile(r"^Draw pile: \d+ cards$")
    )
    press_enter_and_wait(page)
    expect(page.locator("[data-now]")).to_contain_text("in your grid, or discard it")
    tab_to_face_down_card(page)
    press_enter_and_wait(page)

    after = state(page)
    assert after["actor"] != after["you"], "the turn passed on"
    expect(page.locator("[data-log]")).to_contain_text(re.compile(r"Kim drew an? "))
    expect(shown).to_have_count(3)


def test_from_the_end_of_a_move_to_draw_in_three_tabs(page: Page, live_server: str) -> None:
    """Issue 24: after a move the focus goes to the information line, the other player's
    cards (named as theirs) and every card that cannot be played are out of the tab order,
    so Draw at the next turn is at most 3 Tab presses away (it was 41)."""
    new_table(page, live_server, [("Kim", "person"), ("Robo", "easy")], seed=21)
    other = page.locator("[data-other-grid] [data-cell]").first
    expect(other).to_have_attribute("aria-label", re.compile(r"^Robo’s card, row 1, column 1"))
    expect(other).to_have_attribute("role", "img")  # a picture of a card: no button
    assert other.evaluate("card => card.tabIndex") == -1  # out of the tab order
    for _ in range(2):
        wait_for_my_turn(page)
        tab_to_face_down_card(page)
        press_enter_and_wait(page)
    wait_for_my_turn(page)
    tap_and_wait(page, "[data-draw]")
    tab_to_face_down_card(page)
    press_enter_and_wait(page)  # the end of the move
    expect(page.locator("[data-info]")).to_be_focused()
    wait_for_my_turn(page)
    expect(page.locator("[data-now]")).to_contain_text("Your turn, Kim:")
    presses = 0
    while not page.evaluate("document.activeElement.matches('[data-draw]')"):
        page.keyboard.press("Tab")
        presses += 1
        assert presses <= 3, page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    assert page.locator("[data-mine-grid] [tabindex='0']").count() == 0  # none playable yet
