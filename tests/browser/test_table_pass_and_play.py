"""Two people on one phone: a whole round, with the hand-over screen between their turns."""

from __future__ import annotations

import re
from itertools import pairwise

from browser_helpers import shoot
from playwright.sync_api import Page, expect
from table_helpers import new_table, person_step, state

SEED = 4
COVERED = """() => {
  const pile = document.querySelector("[data-draw]").getBoundingClientRect();
  const hit = document.elementFromPoint(pile.x + pile.width / 2, pile.y + pile.height / 2);
  return hit !== null && hit.closest("[data-handover]") !== null;
}"""


def test_two_people_pass_the_phone_for_a_round(page: Page, live_server: str) -> None:
    """Each turn is shown to its player only after the phone was handed over."""
    new_table(page, live_server, [("Kim", "person"), ("Lou", "person")], target=100, seed=SEED)
    handover = page.locator("[data-handover]")
    panel = page.locator("[data-summary]")

    # Before anything shows, the phone goes to the first player.
    expect(handover).to_be_visible()
    expect(handover).to_contain_text("Hand the phone to Kim")
    shoot(page, "table-handover")
    # A modal screen: Tab never reaches a card (or anything) hidden behind it.
    for _ in range(12):
        page.keyboard.press("Tab")
        assert page.evaluate(
            "document.activeElement === document.body"
            " || document.activeElement.closest('[data-handover]') !== null"
        )
    page.get_by_role("button", name="I am Kim: show my cards").click()
    expect(handover).to_be_hidden()

    handed_to: list[str] = []
    for _ in range(300):
        if panel.is_visible():
            break
        if state(page)["summary"] is not None:
            expect(panel).to_be_visible()
            break
        if handover.is_visible():
            name = re.sub(r"^Hand the phone to ", "", page.locator("#handover-title").inner_text())
            handed_to.append(name)
            if len(handed_to) == 1:
                # The screen covers the table: nothing shows, nothing can be tapped.
                assert page.evaluate(COVERED), "the hand-over screen must cover the cards"
            page.get_by_role("button", name=f"I am {name}: show my cards").click()
            continue
        s = state(page)
        assert s["actor"] == s["you"], "the phone shows the seat whose turn it is"
        person_step(page)
    else:
        raise AssertionError("the round did not end")

    # Kim turned up her cards, then Lou; after that the turns alternated, each one behind
    # a hand-over screen.
    assert handed_to[0] == "Lou", handed_to
    assert len(handed_to) >= 10
    assert all(a != b for a, b in pairwise(handed_to)), handed_to
    expect(panel).to_contain_text("Round 1 is over")
    # Every card is turned up at the end of a round.
    assert "?" not in str(state(page)["view"]["grids"])
    shoot(page, "table-round-over-2p")

    # The next round is dealt on a tap; the first seat turns up its cards (after a hand-over
    # if the phone is in the other player's hands).
    panel.get_by_role("button", name="Deal round 2").click()
    expect(panel).to_be_hidden()
    expect(page.locator("[data-then]")).to_contain_text("Round 2 is dealt")
    if handover.is_visible():
        page.get_by_role("button", name="I am Kim: show my cards").click()
    expect(page.locator("[data-now]")).to_have_text("Kim: turn up 2 cards.")
    assert state(page)["view"]["round"] == 2


def test_the_hand_over_screen_reads_whole_at_double_text_on_a_small_phone(
    page: Page, live_server: str
) -> None:
    """At 200 % text on a 320×568 screen the hand-over is taller than the screen: it scrolls,
    and its title (who the phone is for) is never pushed off the top, out of reach."""
    page.set_viewport_size({"width": 320, "height": 568})
    page.context.new_cdp_session(page).send(
        "Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}}
    )
    new_table(page, live_server, [("Kim", "person"), ("Lou", "person")], target=100, seed=SEED)
    handover = page.locator("[data-handover]")
    expect(handover).to_contain_text("Hand the phone to Kim")
    handover.evaluate("box => { box.scrollTop = 0; }")
    title = page.locator("#handover-title").bounding_box()
    assert title is not None and title["y"] >= 0, title
    button = page.get_by_role("button", name="I am Kim: show my cards")
    button.scroll_into_view_if_needed()
    shoot(page, "table-handover-double-text")
    button.click()
    expect(handover).to_be_hidden()
